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
import lzma
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
# The body model's calibration set (Navigation's *Realistic people* article): committed so that the tests can
# check the simulated features against the whole spread of real recordings (RealisticSpreadTests).
CALIBRATION_PEBBLE = [('wrist_walk/pebble-' + folder, name) for folder, name in [
    ('walk100-pbl25296-1', 'walk_100_pbl_25296_1.c.excerpt'), ('walk100-pbl25298-5', 'walk_100_pbl_25298_5.c.excerpt'),
    ('walk100-pbl25471-7', 'walk_100_pbl_25471_7.c.excerpt'), ('walk100-pbl25477-15', 'walk_100_pbl_25477_15.c.excerpt'),
    ('walk100-pbl25478-6', 'walk_100_pbl_25478_6.c.excerpt'), ('walk100-pbl25655-3', 'walk_100_pbl_25655_3.c.excerpt'),
    ('walk100-pbl25660-2', 'walk_100_pbl_25660_2.c.excerpt'), ('walk100-pbl25663-5', 'walk_100_pbl_25663_5.c.excerpt'),
    ('walk100-pbl25666-1', 'walk_100_pbl_25666_1.c.excerpt'), ('walk100-pbl28394-5', 'walk_100_pbl_28394_5.c.excerpt'),
    ('walk100-pbl28397-9', 'walk_100_pbl_28397_9.c.excerpt'), ('walk100-temp94473-1', 'walk_100_temp_94473_1.c.excerpt'),
    ('walk100-temp95861-1', 'walk_100_temp_95861_1.c.excerpt'), ('walk200-pbl25530-8', 'walk_200_pbl_25530_8.c.excerpt'),
    ('walk200-pbl28359-4', 'walk_200_pbl_28359_4.c.excerpt'), ('walk200-pbl28385-8', 'walk_200_pbl_28385_8.c.excerpt'),
    ('walk50-barefoot-1', 'walk_50_barefoot_1.c.excerpt'), ('walk50-in-sandals', 'walk_50_in_sandals.c.excerpt')]] + [
    ('wrist_run/pebble-run100-temp95866-5', 'run_100_temp_95866_5.c.excerpt'),
    ('wrist_run/pebble-run200-temp95866-8', 'run_200_temp_95866_8.c.excerpt')]
# (source folder, file, fixture folder, phone model, first acceleration column: the validation files hold
# t, x, y, z; the optimisation files t, accuracy, x, y, z)
OXFORD = [('walk_hand/oxford-user1-s6', 'user1_hand_1506421989895.csv', 'user1-hand', 'Galaxy S6', 1),
          ('walk_hand/oxford-user2-s6', 'user2_hand_1506421987098.csv', 'user2-hand', 'Galaxy S6', 1),
          ('walk_pocket/oxford-user1-s6', 'user1_frontpocket_1506422223341.csv', 'user1-frontpocket', 'Galaxy S6', 1),
          # The calibration set.
          ('walk_hand/oxford-carmelo-samsung', 'accelerometer.csv', 'carmelo-hand', 'Samsung', 2),
          ('walk_hand/oxford-dario-samsung', 'accelerometer.csv', 'dario-hand', 'Samsung', 2),
          ('walk_hand/oxford-jamie-nexus', 'accelerometer.csv.xz', 'jamie-nexus-hand', 'Nexus', 2),
          ('walk_hand/oxford-jamie-pixel-carpet', 'accelerometer.csv.xz', 'jamie-pixel-hand', 'Pixel', 2),
          ('walk_hand/oxford-jamie-samsung', 'accelerometer.csv', 'jamie-samsung-hand', 'Samsung', 2),
          ('walk_pocket/oxford-carmelo-samsung', 'accelerometer.csv', 'carmelo-frontpocket', 'Samsung', 2),
          ('walk_pocket/oxford-dario-samsung', 'accelerometer.csv', 'dario-frontpocket', 'Samsung', 2),
          ('walk_pocket/oxford-jamie-pixel', 'accelerometer.csv.xz', 'jamie-pixel-frontpocket', 'Pixel', 2),
          ('walk_pocket/oxford-user2-s6', 'user2_frontpocket_1506422217391.csv', 'user2-frontpocket', 'Galaxy S6', 1)]
# (source folder, file, fixture folder): phyphox "Linear Acceleration" exports.
AGHASSEL = [('walk_pocket/aghassel-liam-leftpocket', 'lwlp_data.csv', 'liam-leftpocket'),
            # The calibration set.
            ('walk_hand/aghassel-liam-lefthand', 'lwlh_data.csv', 'liam-lefthand'),
            ('walk_pocket/aghassel-abdellah-frontleft', 'awflp_data.csv', 'abdellah-frontleft'),
            ('walk_pocket/aghassel-kyle-front', 'kyle_walk_front.csv', 'kyle-front')]
PHYPHOX_HEADER = '"Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)"\n'
LINEAR_HEADER = '"Time (s)","Linear Acceleration x (m/s^2)","Linear Acceleration y (m/s^2)","Linear Acceleration z (m/s^2)"\n'
DEVICE = '"property","value"\n"deviceModel","{model}"\n"deviceBrand","{brand}"\n"deviceManufacturer","{brand}"\n'


def rows(path, skip):
    opener = lzma.open if path.endswith('.xz') else open
    with opener(path, 'rt', encoding='utf-8-sig') as f:
        return [[float(v.strip().strip('"')) for v in line.split(',')] for i, line in enumerate(f) if i >= skip and line.strip()]


def write_excerpt(path, header, data, digits, unit=1.0):
    """Writes `header`, then the rows t, x, y, z of `data` up to SECONDS after the first: t in s from the first
    row (`data`'s times are in units of `unit` s) with `digits[0]` decimals, x, y and z with `digits[1]`."""
    t0 = data[0][0]
    with open(path, 'w') as f:
        f.write(header)
        for r in data:
            t = (r[0] - t0) * unit
            if t > SECONDS:
                break
            f.write(f'{t:.{digits[0]}f},{r[1]:.{digits[1]}f},{r[2]:.{digits[1]}f},{r[3]:.{digits[1]}f}\n')


def main(realdata):
    os.makedirs(os.path.join(ROOT, 'pebble'), exist_ok=True)
    for folder, name in PEBBLE + CALIBRATION_PEBBLE:
        shutil.copyfile(os.path.join(realdata, folder, name), os.path.join(ROOT, 'pebble', name))
    shutil.copyfile(os.path.join(realdata, PEBBLE[0][0], 'LICENSE.txt'), os.path.join(ROOT, 'pebble', 'LICENSE.txt'))

    for folder, name, out, model, first in OXFORD:
        data = [[r[0]] + r[first:first + 3] for r in rows(os.path.join(realdata, folder, name), 0)]
        target = os.path.join(ROOT, 'oxford', out)
        os.makedirs(os.path.join(target, 'meta'), exist_ok=True)
        write_excerpt(os.path.join(target, 'Accelerometer.csv'), PHYPHOX_HEADER, data, (5, 4), unit=1e-9)
        with open(os.path.join(target, 'meta', 'device.csv'), 'w') as f:
            f.write(DEVICE.format(model=model, brand={'Nexus': 'google', 'Pixel': 'google'}.get(model, 'samsung')))
    shutil.copyfile(os.path.join(realdata, OXFORD[0][0], 'LICENSE.txt'), os.path.join(ROOT, 'oxford', 'LICENSE.txt'))

    for folder, name, out in AGHASSEL:
        data = rows(os.path.join(realdata, folder, name), 1)
        target = os.path.join(ROOT, 'aghassel', out)
        os.makedirs(target, exist_ok=True)
        write_excerpt(os.path.join(target, 'Linear Acceleration.csv'), LINEAR_HEADER, data, (5, 4))
    shutil.copyfile(os.path.join(realdata, 'walk_pocket/aghassel-liam-leftpocket/LICENSE.txt'), os.path.join(ROOT, 'aghassel', 'LICENSE.txt'))

    data = rows(os.path.join(realdata, 'stand_still/mhealthtools-mpower-balance/balance_data.csv'), 1)
    os.makedirs(os.path.join(ROOT, 'mhealthtools'), exist_ok=True)
    write_excerpt(os.path.join(ROOT, 'mhealthtools', 'balance.csv'), 'timestamp,x,y,z\n', data, (3, 5))
    shutil.copyfile(os.path.join(realdata, 'stand_still/mhealthtools-mpower-balance/LICENSE.txt'), os.path.join(ROOT, 'mhealthtools', 'LICENSE.txt'))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1])
