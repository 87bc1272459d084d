#!/usr/bin/env python3
"""Writes the reference values the Earth-model tests compare against (Tests/LocationTests/Data/Earth/):

- wmm2025_grid.csv: pygeomag (an independent WMM2025 implementation, `pip install pygeomag`) on a grid and
  on seeded random points: year, height (m), latitude, longitude (deg), X, Y, Z, H, F (nT), I, D (deg).
- isa.csv: ambiance (ICAO 1993 standard atmosphere, `pip install ambiance`) at geometric heights from
  -5 km geopotential to 81 km geometric: geometric height (m), geopotential height (m), T (K), p (Pa), rho (kg/m^3).
- normal_gravity.csv: the closed-form (exact) normal gravity of the WGS84 ellipsoid (NIMA TR8350.2
  eq. 4-5, in ellipsoidal-harmonic coordinates) at latitudes and heights: latitude (deg), height (m),
  gamma (m/s^2).

    pip install pygeomag ambiance numpy
    python3 Tools/Earth/make_earth_fixtures.py
"""
import math
from importlib import metadata
import random
from pathlib import Path

import ambiance
import pygeomag
from pygeomag import GeoMag

OUT = Path(__file__).resolve().parents[2] / "Tests/LocationTests/Data/Earth"


def wmm():
    cof = Path(pygeomag.__file__).parent / "wmm" / "WMM_2025.COF"
    model = GeoMag(coefficients_file=str(cof))
    points = []
    for year in (2025.0, 2027.25, 2029.99):
        for h_km in (0.0, 5.0, 400.0):
            for lat in (-89.5, -60.0, -33.3, 0.0, 12.5, 45.0, 75.0, 89.5):
                for lon in (-179.0, -45.5, 60.0, 135.0):
                    points.append((year, h_km, lat, lon))
    rng = random.Random(2025)
    for _ in range(100):
        points.append((rng.uniform(2025.0, 2030.0), rng.uniform(-1.0, 850.0),
                       rng.uniform(-89.9, 89.9), rng.uniform(-180.0, 180.0)))
    with (OUT / "wmm2025_grid.csv").open("w") as f:
        f.write(f"# pygeomag {metadata.version('pygeomag')} with WMM_2025.COF: year,height_m,latitude,longitude,"
                "X,Y,Z,H,F,I,D (nT, degrees); Tools/Earth/make_earth_fixtures.py\n")
        for year, h_km, lat, lon in points:
            r = model.calculate(glat=lat, glon=lon, alt=h_km, time=year)
            f.write(f"{year!r},{h_km * 1000:.3f},{lat!r},{lon!r},{r.x:.4f},{r.y:.4f},{r.z:.4f},{r.h:.4f},"
                    f"{r.f:.4f},{r.i:.6f},{r.d:.6f}\n")
    print(f"wmm2025_grid.csv: {len(points)} rows")


def isa():
    # The geometric height of -5000 geopotential metres (the ICAO table's foot), then -4.5 km ... 81 km.
    r = 6356766.0
    foot = r * -5000.0 / (r + 5000.0)
    while r * foot / (r + foot) < -5000.0:
        foot = math.nextafter(foot, 0.0)
    heights = [foot] + [-4500.0 + 500.0 * k for k in range(172)]
    atmosphere = ambiance.Atmosphere(heights)
    with (OUT / "isa.csv").open("w") as f:
        f.write(f"# ambiance {metadata.version('ambiance')} (ICAO 1993): geometric_m,geopotential_m,T_K,p_Pa,rho_kg_m3; "
                "Tools/Earth/make_earth_fixtures.py\n")
        for z, hp, t, p, rho in zip(heights, atmosphere.H, atmosphere.temperature, atmosphere.pressure,
                                    atmosphere.density):
            f.write(f"{z!r},{hp:.6f},{t:.6f},{p:.6f},{rho:.9e}\n")
    print(f"isa.csv: {len(heights)} rows")


# WGS84 (NIMA TR8350.2, table 3.1 and 3.3)
A = 6378137.0
F = 1 / 298.257223563
GM = 3.986004418e14
OMEGA = 7.292115e-5
B = A * (1 - F)
E = math.sqrt(A * A - B * B)


def exact_gamma(lat_deg, h):
    """TR8350.2 eq. 4-5: the magnitude of normal gravity at (lat, h) from the closed form."""
    phi = math.radians(lat_deg)
    e2 = F * (2 - F)
    n = A / math.sqrt(1 - e2 * math.sin(phi) ** 2)
    p = (n + h) * math.cos(phi)
    z = (n * (1 - e2) + h) * math.sin(phi)
    r2 = p * p + z * z
    u2 = 0.5 * (r2 - E * E) * (1 + math.sqrt(1 + 4 * E * E * z * z / (r2 - E * E) ** 2))
    u = math.sqrt(u2)
    beta = math.atan2(z * math.sqrt(u2 + E * E), u * p)
    w = math.sqrt((u2 + E * E * math.sin(beta) ** 2) / (u2 + E * E))
    q = 0.5 * ((1 + 3 * u2 / E**2) * math.atan(E / u) - 3 * u / E)
    q0 = 0.5 * ((1 + 3 * B * B / E**2) * math.atan(E / B) - 3 * B / E)
    qp = 3 * (1 + u2 / E**2) * (1 - u / E * math.atan(E / u)) - 1
    gu = -(GM / (u2 + E * E) + OMEGA**2 * A * A * E * qp / ((u2 + E * E) * q0) * (0.5 * math.sin(beta) ** 2 - 1 / 6)
           - OMEGA**2 * u * math.cos(beta) ** 2) / w
    gb = (-OMEGA**2 * A * A * q / (math.sqrt(u2 + E * E) * q0) + OMEGA**2 * math.sqrt(u2 + E * E)) \
        * math.sin(beta) * math.cos(beta) / w
    return math.hypot(gu, gb)


def gravity():
    rows = 0
    with (OUT / "normal_gravity.csv").open("w") as f:
        f.write("# exact WGS84 normal gravity (TR8350.2 eq. 4-5): latitude,height_m,gamma_m_s2; "
                "Tools/Earth/make_earth_fixtures.py\n")
        for lat in range(-90, 91, 10):
            for h in (-400.0, 0.0, 1000.0, 5000.0, 10000.0, 20000.0):
                f.write(f"{lat},{h:.1f},{exact_gamma(lat, h):.10f}\n")
                rows += 1
    print(f"normal_gravity.csv: {rows} rows; equator {exact_gamma(0, 0):.10f}, pole {exact_gamma(90, 0):.10f}")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    wmm()
    isa()
    gravity()
