#!/usr/bin/env python3
"""Writes the reference runs of Madgwick's filter (and of Mahony's) that MadgwickFilterTests and
MahonyFilterTests compare against (Tests/SensorsTests/Data/Fusion/ahrs_filters.csv).

The inputs are deterministic (seeded NumPy): 2000 samples at 100 Hz of a device turning about all three axes
(true rate up to about 1 rad/s), read by a gyroscope with a constant bias and white noise, an accelerometer
that sees gravity plus a linear acceleration of up to about 1 m/s^2 and noise, and a magnetometer in a
20 uT north, 45 uT down field with noise. A few samples carry the cases the filter treats apart: a gyroscope
reading of exactly zero (ahrs returns the previous attitude unchanged), a magnetometer reading of exactly
zero (the MARG update falls back to the IMU update) and an accelerometer reading of exactly zero (free fall:
no correction).

The outputs are `ahrs.filters.Madgwick` (the independent implementation) run in its batch mode on those
inputs: IMU (6-axis) and MARG (9-axis), each at its default gain (0.033, 0.041) and at gain 0.1, with
frequency = 100 Hz (Dt = 0.01 s) and ahrs's own initial attitudes (acc2q for IMU, ecompass 'NED' for MARG);
then `ahrs.filters.Mahony` on the same inputs, IMU and MARG, at its defaults (k_P 1, k_I 0.3) and at
k_P 0.5, k_I 0.1 (initial attitudes acc2q and am2q, 'ENU'; initial bias zero).

    pip install ahrs==0.4.0 numpy
    python3 Tools/Fusion/make_madgwick_fixture.py

Frames (as ahrs's Madgwick uses them): the quaternion [w, x, y, z] rotates sensor-frame vectors into the
earth frame; the earth frame's z is up (the accelerometer's specific force at rest, +9.81 m/s^2 on a
device lying face up), x is the horizontal part of the magnetic field (magnetic north) and y is west.
ahrs's Mahony puts the horizontal field on y instead: x east, y magnetic north, z up.
"""
from importlib import metadata
from pathlib import Path

import numpy as np
from ahrs.filters import Madgwick, Mahony

OUT = Path(__file__).resolve().parents[2] / "Tests/SensorsTests/Data/Fusion/ahrs_filters.csv"

SEED = 20261124
RATE = 100.0          # Hz
COUNT = 2000          # samples
G = 9.80665           # m/s^2
GYRO_BIAS = np.array([0.01, -0.02, 0.015])    # rad/s
GYRO_NOISE = 0.005    # rad/s per sample (1 sigma)
ACC_NOISE = 0.05      # m/s^2
MAG_FIELD = np.array([20.0, 0.0, -45.0])     # uT in the earth frame (x north, y west, z up): north and down
MAG_NOISE = 0.3       # uT
ZERO_GYRO = range(1000, 1010)   # samples whose gyroscope reads exactly 0
ZERO_MAG = range(1500, 1510)    # samples whose magnetometer reads exactly 0
ZERO_ACC = range(1700, 1705)    # samples whose accelerometer reads exactly 0


def product(p, q):
    """Hamilton product p (x) q, [w, x, y, z]."""
    pw, px, py, pz = p
    qw, qx, qy, qz = q
    return np.array([pw * qw - px * qx - py * qy - pz * qz,
                     pw * qx + px * qw + py * qz - pz * qy,
                     pw * qy - px * qz + py * qw + pz * qx,
                     pw * qz + px * qy - py * qx + pz * qw])


def matrix(q):
    """R(q): sensor -> earth."""
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def inputs():
    rng = np.random.default_rng(SEED)
    t = np.arange(COUNT) / RATE
    # True body rate (rad/s) and earth-frame linear acceleration (m/s^2): smooth, several frequencies.
    omega = np.stack([0.6 * np.sin(2 * np.pi * 0.21 * t) + 0.1,
                      0.4 * np.cos(2 * np.pi * 0.13 * t),
                      0.5 * np.sin(2 * np.pi * 0.07 * t + 0.4) + 0.2], axis=1)
    lin = np.stack([0.8 * np.sin(2 * np.pi * 0.5 * t),
                    0.5 * np.cos(2 * np.pi * 0.31 * t),
                    0.3 * np.sin(2 * np.pi * 0.9 * t)], axis=1)
    # True attitude: tilted 0.3 rad about x and -0.2 about y, heading 1.0 rad, then the exact rotation of
    # each step's rate (constant over the step).
    half = lambda axis, angle: np.array([np.cos(angle / 2), *(np.sin(angle / 2) * np.asarray(axis, float))])
    q = product(product(half([0, 0, 1], 1.0), half([1, 0, 0], 0.3)), half([0, 1, 0], -0.2))
    truth = np.zeros((COUNT, 4))
    gyr = np.zeros((COUNT, 3))
    acc = np.zeros((COUNT, 3))
    mag = np.zeros((COUNT, 3))
    for k in range(COUNT):
        if k > 0:
            w = omega[k - 1]
            angle = np.linalg.norm(w) / RATE
            q = product(q, half(w / np.linalg.norm(w), angle))
            q /= np.linalg.norm(q)
        truth[k] = q
        rt = matrix(q).T   # earth -> sensor
        gyr[k] = omega[k] + GYRO_BIAS + rng.normal(0.0, GYRO_NOISE, 3)
        acc[k] = rt @ (np.array([0.0, 0.0, G]) + lin[k]) + rng.normal(0.0, ACC_NOISE, 3)
        mag[k] = rt @ MAG_FIELD + rng.normal(0.0, MAG_NOISE, 3)
    gyr[list(ZERO_GYRO)] = 0.0
    mag[list(ZERO_MAG)] = 0.0
    acc[list(ZERO_ACC)] = 0.0
    return t, gyr, acc, mag, truth


def main():
    t, gyr, acc, mag, truth = inputs()
    runs = {
        "imu": Madgwick(gyr=gyr, acc=acc, frequency=RATE).Q,
        "marg": Madgwick(gyr=gyr, acc=acc, mag=mag, frequency=RATE).Q,
        "imu_g0.1": Madgwick(gyr=gyr, acc=acc, frequency=RATE, gain=0.1).Q,
        "marg_g0.1": Madgwick(gyr=gyr, acc=acc, mag=mag, frequency=RATE, gain=0.1).Q,
        "mahony_imu": Mahony(gyr=gyr, acc=acc, frequency=RATE).Q,
        "mahony_marg": Mahony(gyr=gyr, acc=acc, mag=mag, frequency=RATE).Q,
        "mahony_imu_k": Mahony(gyr=gyr, acc=acc, frequency=RATE, k_P=0.5, k_I=0.1).Q,
        "mahony_marg_k": Mahony(gyr=gyr, acc=acc, mag=mag, frequency=RATE, k_P=0.5, k_I=0.1).Q,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    columns = ["t", "gx", "gy", "gz", "ax", "ay", "az", "mx", "my", "mz", "true_w", "true_x", "true_y", "true_z"]
    for name in runs:
        columns += [f"{name}_{c}" for c in "wxyz"]
    with OUT.open("w") as f:
        f.write(f"# ahrs {metadata.version('ahrs')}, numpy {np.__version__}: ahrs.filters.Madgwick and Mahony in batch mode, "
                f"frequency {RATE!r} Hz (Dt {1 / RATE!r} s); written by Tools/Fusion/make_madgwick_fixture.py\n")
        f.write(f"# seed {SEED}; gyroscope rad/s (bias {GYRO_BIAS.tolist()}, noise {GYRO_NOISE}), accelerometer "
                f"m/s^2 specific force (noise {ACC_NOISE}), magnetometer uT (field {MAG_FIELD.tolist()} x north "
                f"y west z up, noise {MAG_NOISE})\n")
        f.write(f"# exact zeros: gyroscope samples {ZERO_GYRO.start}..<{ZERO_GYRO.stop}, magnetometer "
                f"{ZERO_MAG.start}..<{ZERO_MAG.stop}, accelerometer {ZERO_ACC.start}..<{ZERO_ACC.stop}\n")
        f.write("# Madgwick gains: imu 0.033 (default), marg 0.041 (default), imu_g0.1 and marg_g0.1 0.1; "
                "Mahony gains: mahony_imu and mahony_marg k_P 1 k_I 0.3 (defaults), mahony_*_k k_P 0.5 k_I 0.1; "
                "quaternions [w, x, y, z], sensor -> earth (Madgwick and true_*: x magnetic north, y west, z up; "
                "Mahony: x east, y magnetic north, z up); true_* is the attitude the inputs were made from\n")
        f.write(",".join(columns) + "\n")
        for k in range(len(t)):
            row = [t[k], *gyr[k], *acc[k], *mag[k], *truth[k]]
            for q in runs.values():
                row += list(q[k])
            f.write(",".join(repr(float(v)) for v in row) + "\n")
    print(f"{OUT}: {len(t)} rows")


if __name__ == "__main__":
    main()
