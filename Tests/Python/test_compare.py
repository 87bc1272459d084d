"""`signals compare --json` against NumPy/SciPy: Welch PSD (scipy.signal.welch), Pearson kurtosis
(scipy.stats.kurtosis, fisher=False: 3 for a normal signal), crest factor, RMS, share above 5 Hz and dominant
frequency of the linear acceleration's magnitude, and the verdicts on real fixtures.

Run by `make test-python` (SIGNALS names the debug `signals`; NumPy and SciPy are pinned in the Makefile's
PY_TEST_PACKAGES). The analysis grid and gravity removal are those of Tools/Realism/realism_reference.py
(linear interpolation onto 100 Hz, a 2-s Hann moving average); the features are SciPy's own functions here.
`signals` computes in float64, so the values agree to 1e-9 (relative).
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np
from scipy import signal as sps
from scipy import stats

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Tools", "Realism"))
import realism_reference as reference  # noqa: E402

SIGNALS = os.environ.get("SIGNALS", ".build/debug/signals")
REALISM = os.path.join(ROOT, "Tests", "SignalSpectrumTests", "Data", "realism")
TOLERANCE = 1e-9


def compare(*args):
    return subprocess.run([SIGNALS, "compare", *args], capture_output=True, text=True)


def walk(seed, seconds=30.0, rate=100.0):
    """A seeded walk-like user acceleration (g): a 1.8-Hz step with harmonics, an impact per step, noise."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(seconds * rate)) / rate
    step = 2 * math.pi * 1.8 * t
    z = 0.25 * np.sin(step) + 0.08 * np.sin(2 * step + 0.4) + 0.3 * np.maximum(0, np.sin(step)) ** 8
    x = 0.1 * np.sin(step / 2 + 0.3) + 0.02 * rng.normal(size=t.size)
    y = 0.05 * np.sin(step + 1.1) + 0.02 * rng.normal(size=t.size)
    return t, np.stack([x, y, z + 0.02 * rng.normal(size=t.size)], 1)


class CompareAgainstSciPy(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.files, cls.data = {}, {}
        for name, seed in [("a", 11), ("b", 12)]:
            t, acc = walk(seed)
            path = os.path.join(cls.folder.name, f"{name}.csv")
            with open(path, "w") as out:
                out.write("timestamp,x,y,z\n")
                for k in range(len(t)):
                    out.write(f"{float(t[k])!r},{float(acc[k, 0])!r},{float(acc[k, 1])!r},{float(acc[k, 2])!r}\n")
            cls.files[name], cls.data[name] = path, (t, acc * reference.G0)
        result = compare(cls.files["a"], cls.files["b"], "--json")
        cls.status, cls.report = result.returncode, json.loads(result.stdout)

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def scipy_features(self, name):
        t, acc = self.data[name]
        signals, _ = reference.analysis_signals(reference.Recording(name, t, acc), 50.0)
        x = signals["linearAcceleration"]
        x0 = x - x.mean()
        f, p = sps.welch(x0, fs=100, window="hann", nperseg=1024, noverlap=512, detrend=False)
        band = (f >= 0.3) & (f <= 15)
        return {
            "rms": math.sqrt(np.mean(x ** 2)),
            "kurtosis": stats.kurtosis(x, fisher=False),
            "crestFactor": np.max(np.abs(x0)) / np.std(x0),
            "shareAbove5Hz": p[f > 5].sum() / p[f > 0].sum(),
            "dominantFrequency": f[band][np.argmax(p[band])],
        }

    def test_features_match_scipy(self):
        features = {row["name"]: row for row in self.report["features"]}
        for side in ["a", "b"]:
            for feature, expected in self.scipy_features(side).items():
                ours = features["linearAcceleration." + feature][side]
                self.assertLess(abs(ours - expected), TOLERANCE * abs(expected),
                                f"{side} {feature}: {ours!r} vs SciPy {expected!r}")

    def test_check_can_fail(self):
        # B's features are not A's: the comparison above would catch a mixed-up side.
        a, b = self.scipy_features("a"), self.scipy_features("b")
        self.assertGreater(abs(a["kurtosis"] - b["kurtosis"]), TOLERANCE * a["kurtosis"])

    def test_contract_shape(self):
        self.assertIsInstance(self.report["similar"], bool)
        for row in self.report["features"]:
            self.assertIsInstance(row["name"], str)
            self.assertIsInstance(row["a"], float)
            self.assertIsInstance(row["b"], float)
            self.assertIsInstance(row["similar"], bool)
        self.assertEqual(self.status, 0 if self.report["similar"] else 1)


class RealRecordings(unittest.TestCase):
    def test_same_activity_is_similar(self):
        result = compare(os.path.join(REALISM, "oxford", "user1-hand"), os.path.join(REALISM, "oxford", "user2-hand"))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_standing_is_not_walking(self):
        result = compare(os.path.join(REALISM, "mhealthtools", "balance.csv"), os.path.join(REALISM, "oxford", "user2-hand"))
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()
