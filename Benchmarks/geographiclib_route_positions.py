"""Python geographiclib on the points of the bench's `route positions` row, for scale.

The same 64 waypoints (Benchmarks/bench/RouteRows.swift: benchRoute), walked at 1.4 m/s, evaluated at
N times spread evenly over the route: a bisection over the legs' start distances plus one
GeodesicLine.Position per point, with each leg's line built once (InverseLine), as the Swift row does.

    pip install geographiclib
    python3 Benchmarks/geographiclib_route_positions.py [N]

Not part of the package: the Swift code never depends on Python.
"""
import bisect
import math
import sys
import time

from geographiclib.geodesic import Geodesic

g = Geodesic.WGS84
points = [(51.5 + 0.02 * math.sin(i * 0.37), -0.12 + 0.03 * i / 64 + 0.01 * math.cos(i * 0.53)) for i in range(64)]
lines = [g.InverseLine(a[0], a[1], b[0], b[1], Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.AZIMUTH |
                       Geodesic.DISTANCE_IN) for a, b in zip(points, points[1:])]
starts = [0.0]
for line in lines:
    starts.append(starts[-1] + line.s13)
speed = 1.4
duration = starts[-1] / speed
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 17
step = duration / n
mask = Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.AZIMUTH
best = math.inf
for _ in range(3):
    t0 = time.perf_counter()
    total = 0.0
    for k in range(n):
        s = speed * k * step
        i = min(bisect.bisect_right(starts, s) - 1, len(lines) - 1)
        p = lines[i].Position(s - starts[i], mask)
        total += p['lat2']
    best = min(best, time.perf_counter() - t0)
print(f"geographiclib {__import__('geographiclib').__version__} (Python {sys.version.split()[0]}): "
      f"{n / best / 1e6:.3f} Mpositions/s ({best / n * 1e9:.0f} ns per position, best of 3, {n} points)")
