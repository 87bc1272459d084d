#!/usr/bin/env python3
"""Writes Tests/SensorFeedsTests/Data/fused_walk_ahrs.csv: ahrs's Madgwick filter run on the inputs of
SimulatedMotionManager's fusion of the walk example (Examples/trajectories/walk.json) after its start-up.

The inputs (specific force in g with the physical sign, gyroscope rate in rad/s, calibrated field in uT, at
100 Hz; samples 300 ... 900) and the manager's attitude at sample 300 are written by the Swift test:

    SIGNALRUNNER_WRITE_FUSION_INPUTS=Tests/SensorFeedsTests/Data/fused_walk_inputs.csv \
        swift test --filter FusionAgainstAHRSTests
    pip install ahrs==0.4.0 numpy
    python3 Tools/Fusion/make_fused_walk_fixture.py

ahrs.filters.Madgwick.updateMARG with gain 0.041 (its MARG default) and frequency 100 Hz, stepped from the
manager's attitude at sample 300: row k is the attitude at sample 300 + k (row 0 = that start), in ahrs's frame
(x magnetic north, y west, z up), CoreMotion's xMagneticNorthZVertical.
"""
from importlib import metadata
from pathlib import Path

import numpy as np
from ahrs.filters import Madgwick

ROOT = Path(__file__).resolve().parents[2]
INPUTS = ROOT / "Tests/SensorFeedsTests/Data/fused_walk_inputs.csv"
OUT = ROOT / "Tests/SensorFeedsTests/Data/fused_walk_ahrs.csv"

data = np.loadtxt(INPUTS, delimiter=",", skiprows=1)
n = data[:, 0].astype(int)
q0 = data[0, 1:5]
acc, gyr, mag = data[:, 5:8], data[:, 8:11], data[:, 11:14]
# ahrs 0.4.0's batch mode starts MARG from its own ecompass attitude whatever q0 says, so the steps are
# taken one by one from the manager's attitude, as the batch mode takes them (updateMARG per sample).
f = Madgwick(frequency=100.0, gain=0.041)
Q = [q0]
for k in range(1, len(n)):
    Q.append(f.updateMARG(Q[-1], gyr[k], acc[k], mag[k]))
with OUT.open("w") as out:
    out.write("n,qw,qx,qy,qz\n")
    for k, q in zip(n, Q):
        out.write(f"{k},{float(q[0])!r},{float(q[1])!r},{float(q[2])!r},{float(q[3])!r}\n")
print(f"wrote {OUT} ({len(n)} rows, ahrs {metadata.version('ahrs')})")
