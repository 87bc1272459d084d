"""`signals allan` against allantools: every deviation, every τ grid, frequency and phase data.

Run by `make test-python` (SIGNALS names the debug `signals`; allantools is pinned in the Makefile's
PY_TEST_PACKAGES). The data are seeded; `signals` reads and computes in float64, so float32 and float64 files agree
with allantools to 1e-9 (the documented bound) and ordinary float64 data to 1e-12.
"""
import json
import os
import subprocess
import tempfile
import unittest

import allantools
import numpy as np

SIGNALS = os.environ.get("SIGNALS", ".build/debug/signals")
RATE = 100.0
TOLERANCE = 1e-9
STATISTICS = ["adev", "oadev", "mdev", "tdev", "hdev", "ohdev", "totdev"]
GRIDS = ["octave", "decade", "all"]


def run(*args):
    return subprocess.run([SIGNALS, "allan", *args], capture_output=True, text=True)


def mismatch(name, ours, theirs, tolerance=TOLERANCE):
    """The first difference between two curves beyond `tolerance` (relative), or None."""
    ours, theirs = np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float)
    if ours.shape != theirs.shape:
        return f"{name}: {len(ours)} points, allantools has {len(theirs)}"
    for k, (a, b) in enumerate(zip(ours, theirs)):
        if abs(a - b) > tolerance * abs(b):
            return f"{name}[{k}]: {a!r} vs allantools {b!r} (relative {abs(a - b) / abs(b):.3g})"
    return None


class AllanAgainstAllantools(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        rng = np.random.default_rng(23)
        n = 2000
        # A rate: white noise, a random walk and an offset (float32, as signals reads it).
        white = rng.normal(0, 2e-3, n)
        walk = np.cumsum(rng.normal(0, 1e-5, n))
        cls.frequency = (0.3 + white + walk).astype(np.float32)
        # Phase: integrated white frequency noise plus white phase noise.
        cls.phase = (np.cumsum(rng.normal(0, 1.0, n)) + rng.normal(0, 0.5, n)).astype(np.float32)
        cls.files = {}
        for name, data in [("frequency", cls.frequency), ("phase", cls.phase)]:
            path = os.path.join(cls.folder.name, f"{name}.npy")
            np.save(path, data.reshape(-1, 1))
            cls.files[name] = path

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def curve(self, data_type, statistic, grid):
        args = [self.files[data_type], "--rate", str(RATE), "--deviation", statistic, "--taus", grid, "--json"]
        if data_type == "phase":
            args.append("--phase")
        result = run(*args)
        self.assertEqual(result.returncode, 0, result.stderr)
        (channel,) = json.loads(result.stdout)
        self.assertEqual(channel["deviation"], statistic)
        return channel["tau"], channel[statistic], channel["n"]

    def test_every_deviation_and_grid(self):
        for data_type in ["frequency", "phase"]:
            data = (self.frequency if data_type == "frequency" else self.phase).astype(np.float64)
            for statistic in STATISTICS:
                for grid in GRIDS:
                    with self.subTest(data=data_type, deviation=statistic, taus=grid):
                        taus, devs, ns = self.curve(data_type, statistic, grid)
                        ref = getattr(allantools, statistic)(data, rate=RATE, data_type="freq" if data_type == "frequency" else "phase",
                                                             taus=grid)
                        self.assertIsNone(mismatch("tau", taus, ref[0]))
                        self.assertIsNone(mismatch(statistic, devs, ref[1]))
                        self.assertEqual(list(ns), [int(v) for v in ref[3]])

    def test_default_output_is_oadev_at_octave(self):
        result = run(self.files["frequency"], "--rate", str(RATE), "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        (channel,) = json.loads(result.stdout)
        self.assertIn("noiseDensity", channel)
        ref = allantools.oadev(self.frequency.astype(np.float64), rate=RATE, data_type="freq", taus="octave")
        self.assertIsNone(mismatch("tau", channel["tau"], ref[0]))
        self.assertIsNone(mismatch("adev", channel["adev"], ref[1]))

    def test_the_comparison_fails_on_a_wrong_curve(self):
        taus, devs, _ = self.curve("frequency", "mdev", "decade")
        ref = allantools.mdev(self.frequency.astype(np.float64), rate=RATE, data_type="freq", taus="decade")
        wrong = list(devs)
        wrong[1] *= 1 + 1e-8
        self.assertIsNotNone(mismatch("mdev", wrong, ref[1]))
        # MDEV is not OADEV: the check tells them apart.
        oadev = allantools.oadev(self.frequency.astype(np.float64), rate=RATE, data_type="freq", taus="decade")
        self.assertIsNotNone(mismatch("mdev", devs, oadev[1]))
        self.assertIsNotNone(mismatch("tau", taus[:-1], ref[0]))

    def test_float64_data_keep_every_bit(self):
        """The hostile pass's repros: float64 data that float32 would flatten, compared with allantools."""
        rng = np.random.default_rng(31)
        n = 4000
        cases = [
            # A clock's phase: 100 s plus a 1e-9 s random walk (as float32 it is 100 s exactly: ADEV 0).
            ("clock", 100 + 1e-9 * np.cumsum(rng.normal(0, 1, n)), "phase", "adev", 1e-9),
            # A small frequency noise on a large offset (as float32 it is 1e-3 exactly: OADEV 0).
            ("offset", 1e-3 + 1e-12 * rng.normal(0, 1, n), "frequency", "oadev", 1e-9),
            # Ordinary float64 data: the documented agreement.
            ("ordinary", 0.3 + rng.normal(0, 2e-3, n) + np.cumsum(rng.normal(0, 1e-5, n)), "frequency", "oadev", 1e-12),
        ]
        for name, data, data_type, statistic, tolerance in cases:
            for suffix in ["npy", "csv"]:
                with self.subTest(case=name, file=suffix):
                    path = os.path.join(self.folder.name, f"{name}64.{suffix}")
                    if suffix == "npy":
                        np.save(path, data.reshape(-1, 1))
                        args = [path, "--rate", str(RATE)]
                    else:
                        with open(path, "w") as f:
                            f.write("t,value\n")
                            f.writelines(f"{k / RATE!r},{v!r}\n" for k, v in enumerate(data.tolist()))
                        args = [path]
                    args += ["--deviation", statistic, "--taus", "octave", "--json"]
                    if data_type == "phase":
                        args.append("--phase")
                    result = run(*args)
                    self.assertEqual(result.returncode, 0, result.stderr)
                    (channel,) = json.loads(result.stdout)
                    ref = getattr(allantools, statistic)(data, rate=RATE, data_type="freq" if data_type == "frequency" else "phase",
                                                         taus="octave")
                    self.assertGreater(min(channel[statistic]), 0)
                    self.assertIsNone(mismatch(statistic, channel[statistic], ref[1], tolerance))
                    self.assertIsNone(mismatch("tau", channel["tau"], ref[0]))
        # The check fails on what float32 gives (every deviation 0).
        flat = allantools.adev(cases[0][1].astype(np.float32).astype(np.float64), rate=RATE, data_type="phase", taus="octave")[1]
        ref = allantools.adev(cases[0][1], rate=RATE, data_type="phase", taus="octave")[1]
        self.assertIsNotNone(mismatch("adev", flat, ref, 1e-9))

    def test_bad_options_exit_non_zero(self):
        for args, message in [(["--deviation", "avar"], "--deviation 'avar' is not one of"),
                              (["--taus", "log10"], "--taus 'log10' is not one of"),
                              (["--deviation", "mdev", "--plot", os.path.join(self.folder.name, "p.svg")], "--plot uses the fits")]:
            with self.subTest(args=args):
                result = run(self.files["frequency"], "--rate", str(RATE), *args)
                self.assertNotEqual(result.returncode, 0)
                self.assertIn(message, result.stderr)


if __name__ == "__main__":
    unittest.main()
