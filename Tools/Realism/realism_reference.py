#!/usr/bin/env python3
"""The realism features of `signals compare` (Sources/SignalSpectrum/Realism/) in numpy/scipy: the reference the
Swift tests compare with, and the derivation of the tolerances in RealismFeature.swift.

    pip install numpy scipy
    # the expected numbers of RealismFixtureTests (the committed fixtures):
    python3 Tools/Realism/realism_reference.py fixtures
    # every pair with a recording of the third pass (added after the tolerances were set):
    python3 Tools/Realism/realism_reference.py evaluate REALDATA
    # the tolerance table and the comparisons of real pairs (the article "Comparing recordings"),
    # from the real recordings of a folder laid out as REALDATA/<category>/<source>/<file> with
    # manifest.json, manifest2.json and manifest3.json (see that article for where each comes from):
    python3 Tools/Realism/realism_reference.py tolerances REALDATA

Definitions (the same as the Swift code; see RealismComparison and SignalFeatures):
  * a recording is times (s) and total acceleration (m/s^2, gravity included where recorded) and maybe a
    rotation rate (rad/s); repeated times dropped; its rate is 1 / median interval;
  * grid: t0 + k/100, k = 0 .. floor(duration * 100 + 1e-9), by linear interpolation of each axis;
  * band = min(50, rateA/2, rateB/2): every axis of both recordings loses its Fourier bins above it (mean
    removed, zero-padded to a power of two >= 2n, bins with k * 100 / N > band zeroed);
  * gravity = centred moving average of the total acceleration with weights 0.5 + 0.5 cos(pi j / 101),
    |j| <= 100, renormalised at the ends; linear acceleration = total - gravity;
  * signals: |linear|, |omega| and, when the frames agree, each axis; features per SignalFeatures.
"""
import itertools
import json
import lzma
import math
import os
import re
import sys

import numpy as np
from scipy import signal as sps
from scipy.stats import norm

G0 = 9.80665
RATE = 100.0
HALF_WIDTH = 100  # samples: the 2-s gravity window
GRAVITY_FLOOR = 0.5 * G0
STATIC = 0.3
MIN_CORRELATION = 0.35
HIGHEST_RATE = 3.3
FRAME_ANGLE = 20.0
ROWS = 14            # the rows that decide: 7 features of each magnitude (the axes are reported, not decisive)
QUANTILE = round(norm.ppf(1 - 0.01 / (2 * ROWS)), 3)   # 3.384, as RealismFeature.quantile
FEATURES = ['rms', 'kurtosis', 'crestFactor', 'dominantFrequency', 'harmonicRatio', 'shareAbove5Hz', 'stepRate']


# ---------------------------------------------------------------- recordings

class Recording:
    def __init__(self, name, t, acc, gyro=None):
        t = np.asarray(t, float)
        keep = np.r_[True, np.diff(t) != 0]
        assert np.all(np.diff(t) >= 0), name
        self.name, self.t, self.acc = name, t[keep], np.asarray(acc, float)[keep]
        self.gyro = None if gyro is None else np.asarray(gyro, float)[keep]
        self.rate = 1.0 / np.sort(np.diff(self.t))[(len(self.t) - 1) // 2]

    @property
    def duration(self):
        return self.t[-1] - self.t[0]

    def window(self, start, end):
        k = (self.t >= start - 1e-9) & (self.t <= end + 1e-9)
        r = Recording.__new__(Recording)
        r.name, r.t, r.acc = self.name, self.t[k], self.acc[k]
        r.gyro = None if self.gyro is None else self.gyro[k]
        r.rate = self.rate
        return r


def pebble(path):
    """A PebbleOS step-sample excerpt: "{x, y, z}," lines in milli-g at 25 Hz (gravity included)."""
    row = re.compile(r'\s*\{\s*(-?\d+),\s*(-?\d+),\s*(-?\d+)\s*\},?\s*$')
    a = np.array([[int(v) for v in m.groups()] for m in (row.match(l) for l in open(path)) if m], float) * 1e-3 * G0
    return np.arange(len(a)) / 25.0, a


def read_rows(path, header_lines):
    rows = []
    opener = lzma.open if path.endswith('.xz') else open   # the third pass stores large excerpts xz-compressed
    with opener(path, 'rt', encoding='utf-8-sig') as f:
        for i, line in enumerate(f):
            if i < header_lines or not line.strip():
                continue
            rows.append([float(v.strip().strip('"')) for v in line.split(',')])
    return np.array(rows)


def load(root, m):
    """A manifest entry of the real-recordings folder as a Recording."""
    path = os.path.join(root, m['file'])
    fmt = m['fmt']
    if fmt == 'pebble_c':
        t, a = pebble(path)
        return Recording(m['id'], t, a)
    d = read_rows(path, m['header_lines'])
    if fmt == 'oxford_opt':
        return Recording(m['id'], d[:, 0] * 1e-9, d[:, 2:5])
    if fmt == 'oxford_val':
        return Recording(m['id'], d[:, 0] * 1e-9, d[:, 1:4])
    if fmt == 'phyphox_lin':
        return Recording(m['id'], d[:, 0], d[:, 1:4])
    if fmt == 'sensorlogger':
        return Recording(m['id'], d[:, 1], d[:, [4, 3, 2]])
    if fmt == 'mhealth':  # user acceleration and gravity in g, rotation rate in rad/s
        return Recording(m['id'], d[:, 0], (d[:, 1:4] + d[:, 4:7]) * G0, d[:, 7:10])
    raise ValueError(fmt)


# ---------------------------------------------------------------- signals

def low_pass(x, band):
    if band >= RATE / 2 or len(x) < 2:
        return x
    n = len(x)
    size = 2
    while size < 2 * n:
        size *= 2
    mean = x.mean()
    X = np.fft.rfft(x - mean, size)
    X[np.arange(len(X)) * RATE / size > band] = 0
    return np.fft.irfft(X, size)[:n] + mean


def moving_average(x, h=HALF_WIDTH):
    w = 0.5 + 0.5 * np.cos(np.pi * np.arange(-h, h + 1) / (h + 1))
    num = np.convolve(x, w, mode='same')
    den = np.convolve(np.ones_like(x), w, mode='same')
    return num / den


def analysis_signals(r, band):
    count = int(math.floor(r.duration * RATE + 1e-9)) + 1
    grid = r.t[0] + np.arange(count) / RATE
    total = np.stack([low_pass(np.interp(grid, r.t, r.acc[:, i]), band) for i in range(3)], 1)
    linear = total - np.stack([moving_average(total[:, i]) for i in range(3)], 1)
    mean = total.mean(0)
    g = mean / np.linalg.norm(mean) if np.linalg.norm(mean) >= GRAVITY_FLOOR else None
    magnitude = np.linalg.norm(total, axis=1)
    # The gait signal the cadence is read from: |total| minus its moving average (about the vertical
    # acceleration when gravity is recorded; the rectified magnitude for linear acceleration alone).
    out = {'linearAcceleration': np.linalg.norm(linear, axis=1), 'gait': magnitude - moving_average(magnitude)}
    gyro = None
    if r.gyro is not None:
        gyro = np.stack([low_pass(np.interp(grid, r.t, r.gyro[:, i]), band) for i in range(3)], 1)
        out['rotationRate'] = np.linalg.norm(gyro, axis=1)
    for i, axis in enumerate('xyz'):
        out['linearAcceleration.' + axis] = linear[:, i]
        if gyro is not None:
            out['rotationRate.' + axis] = gyro[:, i]
    return out, g


# ---------------------------------------------------------------- features

def welch(x0):
    return sps.welch(x0, fs=RATE, window='hann', nperseg=min(1024, len(x0)), noverlap=min(1024, len(x0)) // 2,
                     detrend=False)   # nfft = nperseg, as PowerSpectralDensity (no zero padding)


def step_rate(x):
    x0 = x - x.mean()
    if np.sqrt(np.mean(x0 ** 2)) < STATIC:
        return 0.0
    n = len(x0)
    first, last = int(math.floor(0.25 * RATE)), int(math.floor(1.6 * RATE))
    r = np.array([np.dot(x0[:n - L], x0[L:]) / (n - L) for L in range(last + 2)])
    r = r / r[0]
    peaks, _ = sps.find_peaks(r)
    peaks = peaks[(peaks >= first) & (peaks <= last)]
    if len(peaks) == 0:
        return 0.0
    best = peaks[np.argmax(r[peaks])]
    value = r[best]
    if value < MIN_CORRELATION:
        return 0.0
    y0, y1, y2 = r[best - 1], r[best], r[best + 1]
    c = y0 - 2 * y1 + y2
    lag = (best + (0.5 * (y0 - y2) / c if c != 0 else 0.0)) / RATE
    if lag >= 0.8:
        return 2 / lag
    half = [j for j in peaks if 0.42 * best <= j <= 0.58 * best and r[j] >= 0.5 * value]
    return 2 / lag if half and 2 / lag <= HIGHEST_RATE else 1 / lag


def harmonic_ratio(f, p, stride, band):
    even = odd = 0.0
    counted = 0
    for h in range(1, 21):
        c = h * stride
        if c + 0.15 > band:
            break
        a = math.sqrt(p[(f >= c - 0.15) & (f <= c + 0.15)].sum())
        if h % 2 == 0:
            even += a
        else:
            odd += a
        counted += 1
    return even / odd if counted >= 2 and odd > 0 else None


def features(x, band, magnitude, stride):
    x0 = x - x.mean()
    var = np.mean(x0 ** 2)
    out = {'rms': math.sqrt(np.mean(x ** 2))}
    if var > 0:
        out['kurtosis'] = np.mean(x0 ** 4) / var ** 2
        out['crestFactor'] = np.max(np.abs(x0)) / math.sqrt(var)
    f, p = welch(x0)
    power = p[(f > 0) & (f <= band)].sum()
    if power > 0:
        out['shareAbove5Hz'] = p[(f > 5) & (f <= band)].sum() / power
        k = (f >= 0.3) & (f <= min(15, band))
        out['dominantFrequency'] = f[k][np.argmax(p[k])]
    if magnitude:
        out['stepRate'] = step_rate(x)
    if stride:
        h = harmonic_ratio(f, p, stride, band)
        if h is not None:
            out['harmonicRatio'] = h
    return out


def measure(r, band):
    """Every channel's features of one recording in `band` (as in a comparison in which both strides exist).
    The linear acceleration's step rate is the gait signal's (the cadence)."""
    sig, g = analysis_signals(r, band)
    gait = step_rate(sig.pop('gait'))
    out = {}
    for name, x in sig.items():
        out[name] = features(x, band, name == 'rotationRate', gait / 2)
    out['linearAcceleration']['stepRate'] = gait
    return out, g


def frame_angle(ga, gb):
    if ga is None or gb is None:
        return None
    return math.degrees(math.acos(min(1.0, float(np.dot(np.abs(ga), np.abs(gb))))))


TOLERANCE = {}   # (feature, 'magnitude'|'axis') -> tolerance, set by derive() or from RealismFeature.swift


def compare(a, b):
    """(similar, [(name, a, b, similar)], gravity angle) as RealismComparison computes them: similar when
    every magnitude row is."""
    band = min(RATE / 2, a.rate / 2, b.rate / 2)
    fa, ga = measure(a, band)
    fb, gb = measure(b, band)
    angle = frame_angle(ga, gb)
    agree = angle is not None and angle <= FRAME_ANGLE
    gait = fa['linearAcceleration']['stepRate'] > 0 and fb['linearAcceleration']['stepRate'] > 0
    rows = []
    for channel in ['linearAcceleration', 'rotationRate'] + [q + '.' + x for q in ['linearAcceleration', 'rotationRate'] for x in 'xyz']:
        if channel not in fa or channel not in fb or ('.' in channel and not agree):
            continue
        for feat in FEATURES:
            if feat == 'harmonicRatio' and not gait:
                continue
            if feat not in fa[channel] or feat not in fb[channel]:
                continue
            x, y = fa[channel][feat], fb[channel][feat]
            tol = TOLERANCE[(feat, 'axis' if '.' in channel else 'magnitude')]
            if feat == 'stepRate':
                ok = abs(x - y) <= tol
            elif x > 0 and y > 0:
                ok = abs(math.log(x / y)) <= tol
            else:
                ok = x == y
            rows.append((channel + '.' + feat, x, y, ok))
    # The magnitudes decide; the axes are reported (see RealismComparison).
    return all(r[3] for r in rows if r[0].count('.') == 1), rows, angle


# ---------------------------------------------------------------- fixtures (RealismFixtureTests)

def lcg_signal(count=2500):
    """The Welch test signal of WelchSpectrumTests: two tones and a uniform LCG's noise at 100 Hz."""
    state, out = 20261128, []
    for n in range(count):
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        u = (state >> 11) / float(1 << 53) - 0.5
        out.append(math.sin(2 * math.pi * 3.3 * n / 100) + 0.5 * math.sin(2 * math.pi * 11 * n / 100 + 0.7) + 0.2 * u)
    return np.array(out)


def fixtures():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../Tests/SignalSpectrumTests/Data/realism/pebble')
    f, p = sps.welch(lcg_signal(), fs=100, window='hann', nperseg=1024, noverlap=512, detrend=False)
    print('PowerSpectralDensity+BandsTests: bins', {k: repr(float(p[k])) for k in [0, 1, 34, 113, 512]}, 'sum', repr(float(p.sum())))
    for name in ['walk_100_ron_1.c.excerpt', 'running_100.c.excerpt']:
        t, a = pebble(os.path.join(folder, name))
        r = Recording(name, t, a)
        measured, g = measure(r, 12.5)
        print(name, 'band 12.5, gravity direction', repr(g.tolist()))
        for channel in ['linearAcceleration', 'linearAcceleration.x']:
            print('  ', channel, ', '.join(f'{k}: {float(v)!r}' for k, v in measured[channel].items()))


# ---------------------------------------------------------------- tolerances

# The categories of one activity and placement the tolerances come from (walks in ten placements, watch runs),
# and the recordings held out of them: the five of the first passes that the committed fixtures pair with
# others, and every second recording (by name) of each category of the third pass.
CATEGORIES = ['walk_hand', 'walk_pocket', 'wrist_walk', 'wrist_run', 'walk_armband', 'walk_back_pocket', 'walk_neck_pouch',
              'walk_purse', 'walk_bag', 'walk_swinging_arm']
FIRST_HELD_OUT = {('walk_hand', 'oxford-user2-s6'), ('walk_pocket', 'oxford-user1-s6'), ('walk_pocket', 'aghassel-liam-leftpocket'),
                  ('wrist_walk', 'pebble-walk100'), ('wrist_run', 'pebble-running100')}
# Walks that are not ordinary (slow, barefoot, sandals, a hand in a pocket: no arm swing): in no category.
SPECIAL_WALKS = {'pebble-walk30-slow', 'pebble-walk50-slow', 'pebble-walk50-barefoot-1', 'pebble-walk50-in-sandals',
                 'pebble-walk30-hand-in-pocket', 'pebble-walk50-hands-in-pocket', 'pebble-walk70-hand-in-pocket'}
MANIFESTS = ['manifest.json', 'manifest2.json', 'manifest3.json']


def windows(r):
    """The first and the last 20.5 s of a recording (they overlap when it is shorter than 41 s)."""
    w = 20.5
    return [r.window(r.t[0], r.t[0] + w), r.window(r.t[-1] - w, r.t[-1])]


def recordings(root, manifests):
    manifest = []
    for name in manifests:
        if os.path.exists(os.path.join(root, name)):
            manifest += json.load(open(os.path.join(root, name)))
    return {(m['cat'], m['id']): load(root, m) for m in manifest}


def split(root, recs):
    """(calibration, held out): lists of keys of the categories' recordings."""
    path = os.path.join(root, 'manifest3.json')
    third = {(m['cat'], m['id']) for m in json.load(open(path))} if os.path.exists(path) else set()
    calibration, held = [], []
    for cat in CATEGORIES:
        keys = sorted(k for k in recs if k[0] == cat and k[1] not in SPECIAL_WALKS)
        fresh = [k for k in keys if k in third]
        for k in keys:
            if k in FIRST_HELD_OUT or (k in third and fresh.index(k) % 2 == 1):
                held.append(k)
            else:
                calibration.append(k)
    return calibration, held


def derive(root):
    """The tolerances from the calibration recordings; returns (recordings, calibration keys, held-out keys)."""
    recs = recordings(root, MANIFESTS)
    calibration, held = split(root, recs)
    print(f'calibration: {len(calibration)} recordings in {len(CATEGORIES)} categories; held out: {len(held)}; '
          f'quantile z = {QUANTILE:.3f} ({ROWS} rows, 1 %)')
    for cat in CATEGORIES:
        print(f"   {cat}: calibration {', '.join(k[1] for k in calibration if k[0] == cat)}; "
              f"held out {', '.join(k[1] for k in held if k[0] == cat) or '-'}")
    measured = {}
    for k in calibration:
        r = recs[k]
        band = min(RATE / 2, r.rate / 2)
        measured[k] = [measure(w, band) for w in windows(r)]
    print('\n| feature | magnitude sigma | magnitude tolerance | axis sigma | axis tolerance |')
    print('| --- | --- | --- | --- | --- |')
    for feat in FEATURES:
        cells = []
        for kind in ['magnitude', 'axis']:
            if kind == 'axis' and feat == 'stepRate':
                cells += ['-', '-']
                TOLERANCE[(feat, kind)] = None
                continue
            residuals, groups = [], 0
            channels = ['linearAcceleration'] if kind == 'magnitude' else ['linearAcceleration.' + x for x in 'xyz']
            for channel in channels:
                for cat in CATEGORIES:
                    values = []
                    for k in calibration:
                        if k[0] != cat:
                            continue
                        for f, g in measured[k]:
                            if kind == 'axis' and g is None:
                                continue   # no gravity: axes never compared
                            v = f[channel].get(feat)
                            if v is None or (feat != 'stepRate' and v <= 0):
                                continue
                            values.append(v if feat == 'stepRate' else math.log(v))
                    if len(values) >= 2:
                        residuals += list(np.array(values) - np.mean(values))
                        groups += 1
            # sigma to 4 decimals and z to 3, as RealismFeature stores them, so the Swift table is reproducible.
            sigma = round(math.sqrt(np.sum(np.square(residuals)) / (len(residuals) - groups)), 4)
            tol = round(QUANTILE * math.sqrt(2) * sigma, 2)
            TOLERANCE[(feat, kind)] = tol
            cells += [f'{sigma:.4f} (n = {len(residuals)})', f'{tol:.2f}' + ('' if feat == 'stepRate' else f' (x {math.exp(tol):.2g})')]
        print(f'| {feat} | ' + ' | '.join(cells) + ' |')
    return recs, calibration, held


def report(root):
    """Every comparison the article reports: one activity and placement (must be similar), the special walks,
    the activities of their own, and walking against running, still and car (must not be similar)."""
    recs, calibration, held = derive(root)

    def pairs(keys_a, keys_b):
        done = set()
        for a in keys_a:
            for b in keys_b:
                if a != b and (b, a) not in done:
                    done.add((a, b))
                    yield a, b

    def show(title, selected, want):
        results, misses, axes = [], [], [0, 0]
        for a, b in selected:
            ok, rows, angle = compare(recs[a], recs[b])
            results.append(ok)
            if ok != want:
                misses.append(f"{a[1]} / {b[1]}: " + (', '.join(f'{n} {x:.3g} vs {y:.3g}' for n, x, y, s in rows if not s and n.count('.') == 1) or 'all within'))
            axes[0] += sum(1 for n, x, y, s in rows if n.count('.') == 2 and not s)
            axes[1] += sum(1 for n, x, y, s in rows if n.count('.') == 2)
        good = sum(1 for r in results if r == want)
        print(f'{title}: {good} of {len(results)} {"similar" if want else "not similar"}'
              + (f' (axis rows outside their tolerance: {axes[0]} of {axes[1]})' if axes[1] else ''))
        for m in misses[:10]:
            print('   ', m)
        if len(misses) > 10:
            print(f'    ... {len(misses) - 10} more')
        return good, len(results)

    for title, keep in [('one activity and placement, at least one recording held out (must be similar)', lambda a, b: a in held or b in held),
                        ('one activity and placement, both in the calibration', lambda a, b: a not in held and b not in held)]:
        print('\n' + title + ':')
        total = [0, 0]
        for cat in CATEGORIES:
            keys = [k for k in recs if k[0] == cat and k[1] not in SPECIAL_WALKS]
            good, count = show(f'  {cat}', [(a, b) for a, b in pairs(keys, keys) if keep(a, b)], True)
            total[0] += good
            total[1] += count
        print(f'  all: {total[0]} of {total[1]} similar')
    ordinary = [k for k in recs if k[0] == 'wrist_walk' and k[1] not in SPECIAL_WALKS]
    special = [k for k in recs if k[1] in SPECIAL_WALKS]
    print('\nreported, not required:')
    show('  watch walks that are slow, barefoot, in sandals or with a hand in a pocket, against ordinary watch walks',
         list(pairs(special, ordinary)), True)
    for cat in ['car_wrist', 'wrist_other', 'wrist_stationary']:
        keys = [k for k in recs if k[0] == cat]
        show(f'  {cat} among themselves', list(pairs(keys, keys)), True)
    hand = [k for k in recs if k[0] == 'walk_hand']
    for cat in ['walk_pocket', 'wrist_walk', 'walk_armband', 'walk_back_pocket']:
        show(f'  walk_hand against {cat} (placements)', list(pairs(hand, [k for k in recs if k[0] == cat and k[1] not in SPECIAL_WALKS])), True)
    walks = [k for k in recs if k[0] in CATEGORIES and k[0] != 'wrist_run' and k[1] not in SPECIAL_WALKS]
    runs = [k for k in recs if k[0] == 'wrist_run']
    still = [k for k in recs if k[0] in ('stand_still', 'device_on_table', 'wrist_stationary')]
    cars = [k for k in recs if k[0] == 'car_wrist']
    print('\ndifferent activities (must not be similar):')
    show('  walking against running', list(pairs(walks, runs)), False)
    show('  special walks against running', list(pairs(special, runs)), False)
    show('  walking against still (standing, watch on a table, wrist at rest)', list(pairs(walks, still)), False)
    show('  running against still', list(pairs(runs, still)), False)
    show('  walking against a watch worn in a car', list(pairs(walks, cars)), False)


if __name__ == '__main__':
    if len(sys.argv) >= 2 and sys.argv[1] == 'fixtures':
        fixtures()
    elif len(sys.argv) >= 3 and sys.argv[1] == 'tolerances':
        report(sys.argv[2])
    else:
        print(__doc__)
        sys.exit(2)
