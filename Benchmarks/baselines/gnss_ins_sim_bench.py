"""Aceinna's gnss-ins-sim (Python) on the trajectory renderer's job, for scale: frames (IMU samples) per second.

The job: a car drives a route (accelerate from rest to 14 m/s, straights and 90-degree turns, brake to a
stop, stand still) and the simulator produces, at 100 Hz on one core, the truth (position, velocity,
attitude), the IMU (accelerometer and gyroscope with white noise, Gauss-Markov bias instability and a
constant bias), the magnetometer, and GNSS at 1 Hz. gnss-ins-sim has no barometer. See README.md beside
this file for what it does and does not model compared with ours, and for the measured figures.

    pip install ./gnss-ins-sim          # a checkout of the project's source: it is not on PyPI (README.md)
    python3 Benchmarks/baselines/gnss_ins_sim_bench.py [--durations 60 600] [--repeats 3] [--seed 1]

Only the generation is timed: `ins_sim.Sim(...)` plus `Sim.run(1)`, which parses the motion definition,
runs the trajectory generator (truth, true IMU, true magnetic field, true GNSS), adds the sensor errors
and converts the truth Euler angles to quaternions. `Sim.results()` is never called, so nothing is
written to disk and no summary is printed. Each duration gets one untimed warm-up run first.

Not part of the package: the Swift code never depends on Python.
"""
import os

# One core, like the Swift bench: pin every BLAS/OpenMP pool to a single thread before numpy loads.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse
import json
import math
import platform
import statistics
import sys
import time
from importlib import metadata

import numpy as np

try:
    from gnss_ins_sim.pathgen import pathgen
    from gnss_ins_sim.sim import imu_model, ins_sim
except ImportError:
    sys.exit("error: gnss_ins_sim is not installed; see Benchmarks/baselines/README.md "
             "(it is not on PyPI: pip install a checkout of its source)")

FS_IMU = 100.0      # IMU, truth and magnetometer rate (Hz)
FS_GPS = 1.0        # GNSS rate (Hz)
CRUISE = 14.0       # m/s
ACCEL = 2.0         # m/s^2, both speeding up and braking (7 s each)
TURN_SECONDS = 10   # a 90-degree turn at 9 deg/s: radius 89 m, 2.2 m/s^2 lateral at 14 m/s
REST_SECONDS = 3    # standing still at the end
START = (51.5, -0.12, 20.0)   # lat (deg), lon (deg), alt (m)


def motion_definition(duration):
    """The car route as a gnss-ins-sim motion definition (its CSV format, as a string) lasting exactly
    `duration` whole seconds. Every segment is command type 1 (Euler-angle rates and body-velocity
    rates held for the segment's duration), so the durations are exact and the frame count is
    duration * 100."""
    duration = int(duration)
    turns = 4 if duration >= 120 else 2
    speedup = int(CRUISE / ACCEL)
    straight_total = duration - 2 * speedup - REST_SECONDS - turns * TURN_SECONDS
    if straight_total < turns + 1:
        raise ValueError(f"duration {duration} s is too short for the route (at least "
                         f"{duration - straight_total + turns + 1} s)")
    straights = [straight_total // (turns + 1)] * (turns + 1)
    straights[-1] += straight_total - sum(straights)
    yaw_rate = 90.0 / TURN_SECONDS
    turn_signs = [1, 1, -1, -1]     # right, right, left, left: around a block and back
    # type, yaw, pitch, roll (deg/s), vx, vy, vz (m/s^2), duration (s), GNSS visible
    rows = [(1, 0, 0, 0, ACCEL, 0, 0, speedup, 1)]
    for k in range(turns):
        rows.append((1, 0, 0, 0, 0, 0, 0, straights[k], 1))
        rows.append((1, turn_signs[k % 4] * yaw_rate, 0, 0, 0, 0, 0, TURN_SECONDS, 1))
    rows.append((1, 0, 0, 0, 0, 0, 0, straights[-1], 1))
    rows.append((1, 0, 0, 0, -ACCEL, 0, 0, speedup, 1))
    rows.append((1, 0, 0, 0, 0, 0, 0, REST_SECONDS, 1))
    assert sum(r[7] for r in rows) == duration
    lines = [
        "ini lat (deg),ini lon (deg),ini alt (m),ini vx_body (m/s),ini vy_body (m/s),ini vz_body (m/s),"
        "ini yaw (deg),ini pitch (deg),ini roll (deg)",
        f"{START[0]},{START[1]},{START[2]},0,0,0,0,0,0",
        "command type,yaw (deg),pitch (deg),roll (deg),vx_body (m/s),vy_body (m/s),vz_body (m/s),"
        "command duration (s),GPS visibility",
    ]
    lines += [",".join(str(v) for v in row) for row in rows]
    return "\n".join(lines)


class PhaseTimer:
    """Adds up the time spent in gnss-ins-sim's trajectory generator and in its error generators
    (wrapped in place; Sim calls them through the pathgen module, so the wrappers see every call)."""

    def __init__(self):
        self.seconds = {"truth": 0.0, "errors": 0.0}
        for name, phase in (("path_gen", "truth"), ("acc_gen", "errors"), ("gyro_gen", "errors"),
                            ("gps_gen", "errors"), ("mag_gen", "errors")):
            setattr(pathgen, name, self._wrap(getattr(pathgen, name), phase))

    def _wrap(self, function, phase):
        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds[phase] += time.perf_counter() - t0
        return timed

    def reset(self):
        for key in self.seconds:
            self.seconds[key] = 0.0


def run_once(duration, timer):
    """One simulation of `duration` seconds; returns (seconds, IMU frames, GNSS fixes, phase seconds)."""
    definition = motion_definition(duration)
    imu = imu_model.IMU(accuracy="mid-accuracy", axis=9, gps=True)   # axis=9: magnetometer on
    timer.reset()
    t0 = time.perf_counter()
    sim = ins_sim.Sim([FS_IMU, FS_GPS, FS_IMU], definition, ref_frame=0, imu=imu,
                      mode=None, env=None, algorithm=None)
    sim.run(1)
    seconds = time.perf_counter() - t0
    time_data, accel, gyro, mag, gps, ref_pos, ref_vel, ref_att = sim.get_data(
        ["time", "accel", "gyro", "mag", "gps", "ref_pos", "ref_vel", "ref_att_quat"])
    frames = len(time_data)
    for array in (accel[0], gyro[0], mag[0], ref_pos, ref_vel, ref_att):
        assert array.shape[0] == frames, (array.shape, frames)
    assert frames == round(duration * FS_IMU), (frames, duration)
    final_speed = float(np.linalg.norm(ref_vel[-1]))
    assert final_speed < 0.05, f"the car did not stop: {final_speed} m/s"
    return seconds, frames, gps[0].shape[0], dict(timer.seconds)


def versions():
    blas = "?"
    try:
        config = np.show_config(mode="dicts")
        blas = "{} {}".format(config["Build Dependencies"]["blas"].get("name", "?"),
                              config["Build Dependencies"]["blas"].get("version", "?"))
    except Exception:
        pass
    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "blas": blas,
        "gnss-ins-sim": metadata.version("gnss-ins-sim"),
        "gnss-ins-sim engine": ins_sim.VERSION,
        "threads": {v: os.environ[v] for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--durations", type=int, nargs="+", default=[60, 600],
                        help="seconds of motion to simulate, whole seconds (default: 60 600)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per duration (default: 3)")
    parser.add_argument("--seed", type=int, default=1, help="numpy's global seed (gnss-ins-sim draws from it)")
    parser.add_argument("--json", action="store_true", help="also print the results as one JSON object")
    args = parser.parse_args()

    info = versions()
    print("versions: " + ", ".join(f"{k} {v}" for k, v in info.items() if k != "threads"))
    print("threads: " + " ".join(f"{k}={v}" for k, v in info["threads"].items()))
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print("timed: Sim(...) + Sim.run(1), no files written; truth = path_gen, errors = acc/gyro/gps/mag_gen")

    timer = PhaseTimer()
    results = []
    for duration in args.durations:
        np.random.seed(args.seed)
        run_once(duration, timer)        # warm-up, untimed
        runs = []
        for rep in range(args.repeats):
            np.random.seed(args.seed + rep)
            seconds, frames, fixes, phases = run_once(duration, timer)
            runs.append(seconds)
            print(f"  {duration:>5} s of motion, run {rep + 1}: {frames} IMU frames, {fixes} GNSS fixes, "
                  f"{seconds:.3f} s, {frames / seconds:,.0f} frames/s "
                  f"(truth {phases['truth']:.3f} s, errors {phases['errors']:.3f} s, "
                  f"rest {seconds - phases['truth'] - phases['errors']:.3f} s)")
        best, median = min(runs), statistics.median(runs)
        results.append({"duration_s": duration, "frames": frames, "gnss_fixes": fixes,
                        "seconds": runs, "best_frames_per_s": frames / best,
                        "median_frames_per_s": frames / median})

    print()
    print("| motion | IMU frames | best s | median s | best frames/s | median frames/s |")
    print("|--:|--:|--:|--:|--:|--:|")
    for r in results:
        best, median = min(r["seconds"]), statistics.median(r["seconds"])
        print(f"| {r['duration_s']} s | {r['frames']:,} | {best:.3f} | {median:.3f} | "
              f"{r['best_frames_per_s']:,.0f} | {r['median_frames_per_s']:,.0f} |")
    print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    if args.json:
        print(json.dumps({"versions": info, "results": results}))


if __name__ == "__main__":
    main()
