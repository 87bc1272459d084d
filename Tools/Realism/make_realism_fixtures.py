#!/usr/bin/env python3
"""Writes the real-recording fixtures of the realism tests (Tests/SignalSpectrumTests/Data/realism/) from the
excerpts of a real-recordings folder (REALDATA/<category>/<source>/<file>; where each comes from, with its
licence, is in Tests/SignalSpectrumTests/Data/realism/README.md).

    python3 Tools/Realism/make_realism_fixtures.py REALDATA

* PebbleOS step samples (Apache-2.0): the excerpts are copied byte for byte (25 Hz, milli-g, about 25 KB).
* Oxford step-counter data set (CC BY 4.0), aghassel/Activity-Tracking-Project (MIT): the first 20.5 s of
  the excerpt, converted to phyphox's CSV export (what `signals import` reads): times in s from the
  excerpt's first sample (5 decimals; Oxford's are ns since boot), accelerations in m/s^2 with 4 decimals
  (Oxford's Android readings keep their sign: phyphox for Android writes them as the sensor gives them),
  plus a phyphox `meta/device.csv` naming the phone for the Oxford ones (Android). 20.5 s keeps each file
  under 70 KB; the originals hold 8 digits.
* mhealthtools (Apache-2.0): the first 20.5 s of the balance (standing) excerpt as a point file of user
  acceleration alone (`timestamp,x,y,z`: s with 3 decimals, g with 5 decimals); gravity and the rotation
  rate are left out to keep it under 70 KB (the file then reads as linear acceleration without a
  gyroscope).
"""
import os
import shutil
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../Tests/SignalSpectrumTests/Data/realism')
SECONDS = 20.5

PEBBLE = [('wrist_walk/pebble-ron', 'walk_100_ron_1.c.excerpt'), ('wrist_walk/pebble-heather', 'walk_100_heather_18.c.excerpt'),
          ('wrist_walk/pebble-walk100', 'walk_100.c.excerpt'), ('wrist_run/pebble-run150-pbl34795', 'run_150_pbl_34795_1.c.excerpt'),
          ('wrist_run/pebble-run200-temp95866', 'run_200_temp_95866_7.c.excerpt'), ('wrist_run/pebble-running100', 'running_100.c.excerpt'),
          ('car_wrist/pebble-driving1', 'driving_1.c.excerpt'), ('car_wrist/pebble-driving2', 'driving_2.c.excerpt'),
          ('device_on_table/pebble-watch-on-table', 'watch_on_table.c.excerpt'),
          # Third pass, held out of the tolerances: the weakest gait, one with an event on one axis, a run.
          ('wrist_walk/pebble-walk100-pbl25672-2', 'walk_100_pbl_25672_2.c.excerpt'),
          ('wrist_walk/pebble-walk200-pbl25662-7', 'walk_200_pbl_25662_7.c.excerpt'),
          ('wrist_run/pebble-run100-temp95866-6', 'run_100_temp_95866_6.c.excerpt'),
          # Worn while sitting still (the activity classifier's "stationary"; Tests/Python/test_activity_classifier.py).
          ('wrist_stationary/pebble-reading-paper', 'reading_paper.c.excerpt'),
          ('wrist_stationary/pebble-working-at-desk', 'working_at_desk.c.excerpt')]
# (source folder, file, fixture folder, time column scale, first acceleration column)
OXFORD = [('walk_hand/oxford-user1-s6', 'user1_hand_1506421989895.csv', 'user1-hand'),
          ('walk_hand/oxford-user2-s6', 'user2_hand_1506421987098.csv', 'user2-hand'),
          ('walk_pocket/oxford-user1-s6', 'user1_frontpocket_1506422223341.csv', 'user1-frontpocket')]
PHYPHOX_HEADER = '"Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)"\n'
LINEAR_HEADER = '"Time (s)","Linear Acceleration x (m/s^2)","Linear Acceleration y (m/s^2)","Linear Acceleration z (m/s^2)"\n'
DEVICE = '"property","value"\n"deviceModel","Galaxy S6"\n"deviceBrand","samsung"\n"deviceManufacturer","samsung"\n'


def rows(path, skip):
    with open(path, encoding='utf-8-sig') as f:
        return [[float(v.strip().strip('"')) for v in line.split(',')] for i, line in enumerate(f) if i >= skip and line.strip()]


def main(realdata):
    os.makedirs(os.path.join(ROOT, 'pebble'), exist_ok=True)
    for folder, name in PEBBLE:
        shutil.copyfile(os.path.join(realdata, folder, name), os.path.join(ROOT, 'pebble', name))
    shutil.copyfile(os.path.join(realdata, PEBBLE[0][0], 'LICENSE.txt'), os.path.join(ROOT, 'pebble', 'LICENSE.txt'))

    for folder, name, out in OXFORD:
        data = rows(os.path.join(realdata, folder, name), 0)
        t0 = data[0][0]
        target = os.path.join(ROOT, 'oxford', out)
        os.makedirs(os.path.join(target, 'meta'), exist_ok=True)
        with open(os.path.join(target, 'Accelerometer.csv'), 'w') as f:
            f.write(PHYPHOX_HEADER)
            for r in data:
                t = (r[0] - t0) * 1e-9
                if t > SECONDS:
                    break
                f.write(f'{t:.5f},{r[1]:.4f},{r[2]:.4f},{r[3]:.4f}\n')
        with open(os.path.join(target, 'meta', 'device.csv'), 'w') as f:
            f.write(DEVICE)
    shutil.copyfile(os.path.join(realdata, OXFORD[0][0], 'LICENSE.txt'), os.path.join(ROOT, 'oxford', 'LICENSE.txt'))

    data = rows(os.path.join(realdata, 'walk_pocket/aghassel-liam-leftpocket/lwlp_data.csv'), 1)
    target = os.path.join(ROOT, 'aghassel', 'liam-leftpocket')
    os.makedirs(target, exist_ok=True)
    with open(os.path.join(target, 'Linear Acceleration.csv'), 'w') as f:
        f.write(LINEAR_HEADER)
        t0 = data[0][0]
        for r in data:
            if r[0] - t0 > SECONDS:
                break
            f.write(f'{r[0] - t0:.5f},{r[1]:.4f},{r[2]:.4f},{r[3]:.4f}\n')
    shutil.copyfile(os.path.join(realdata, 'walk_pocket/aghassel-liam-leftpocket/LICENSE.txt'), os.path.join(ROOT, 'aghassel', 'LICENSE.txt'))

    data = rows(os.path.join(realdata, 'stand_still/mhealthtools-mpower-balance/balance_data.csv'), 1)
    os.makedirs(os.path.join(ROOT, 'mhealthtools'), exist_ok=True)
    with open(os.path.join(ROOT, 'mhealthtools', 'balance.csv'), 'w') as f:
        f.write('timestamp,x,y,z\n')
        t0 = data[0][0]
        for r in data:
            if r[0] - t0 > SECONDS:
                break
            f.write(f'{r[0] - t0:.3f},{r[1]:.5f},{r[2]:.5f},{r[3]:.5f}\n')
    shutil.copyfile(os.path.join(realdata, 'stand_still/mhealthtools-mpower-balance/LICENSE.txt'), os.path.join(ROOT, 'mhealthtools', 'LICENSE.txt'))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1])
