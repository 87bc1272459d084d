// The native kernels, written once for SR_W float lanes and included once per CPU target:
// kernels_avx2.c (SR_W 8) and kernels_avx512.c (SR_W 16) include this file between a
// `#pragma clang attribute push(target(...))` and its pop, so every function below is compiled for
// that target, and each defines SR_KERNEL(name) to name the entry points (`sr_sine_avx2`, ...).
// Compiler errors and debuggers point at the lines of this file.
//
// Each kernel mirrors its portable Swift twin operation for operation (Sources/Signals/Kernels/*.swift
// and the `kernel` functions of Sources/Signals/Waveforms/*.swift): the same IEEE operations per
// sample, in the same order, with the constants of CSignalKernels.h and no fused multiply-add, so
// the samples are bit-identical whatever the lane width (NativeKernelTests compares the bit patterns).
//
// Not a header to include elsewhere: no include guard, on purpose.
#if !defined(SR_W) || !defined(SR_KERNEL)
#error "define SR_W (8 or 16) and SR_KERNEL(name) before including kernels_impl.h"
#endif

#include "CSignalKernels.h"

// No contraction of a * b + c into a fused multiply-add (AVX-512F implies FMA): it rounds once
// instead of twice and would differ from the Swift kernels in the last bit.
#pragma clang fp contract(off)

typedef float vfloat __attribute__((ext_vector_type(SR_W)));
typedef int32_t vint __attribute__((ext_vector_type(SR_W)));
typedef uint32_t vuint __attribute__((ext_vector_type(SR_W)));

// MARK: Building blocks (Lanes.swift, Trig.swift, VectorMath.swift, CounterHash.swift)

/// `[0, 1, ..., SR_W − 1]`.
static inline vuint ramp(void) {
    vuint r;
    for (int k = 0; k < SR_W; k++) r[k] = (uint32_t)k;
    return r;
}

/// Writes `value * gain + bias` (or adds it, when `accumulate`) to `out[i ..< min(i + SR_W, count)]`;
/// writes nothing when `i ≥ count`. (`Lanes.store`)
static inline void store(vfloat value, float *out, long i, long count, float gain, float bias, int accumulate) {
    vfloat v = value * gain + bias;
    if (i + SR_W <= count) {
        if (accumulate) {
            vfloat old;
            __builtin_memcpy(&old, out + i, sizeof old);
            v = v + old;
        }
        __builtin_memcpy(out + i, &v, sizeof v);
    } else {
        for (long k = 0; k < count - i; k++) out[i + k] = accumulate ? out[i + k] + v[k] : v[k];
    }
}

/// SR_W oscillators, lane k at `phase0 + k · increment`, as 64-bit phases split in 32-bit halves.
/// (`PhaseLanes`)
typedef struct {
    vuint high, low, stepHigh, stepLow;
} phase_lanes;

static inline phase_lanes phase_lanes_make(uint64_t phase0, uint64_t increment) {
    phase_lanes p;
    for (int k = 0; k < SR_W; k++) {
        uint64_t x = phase0 + increment * (uint64_t)k;
        p.high[k] = (uint32_t)(x >> 32);
        p.low[k] = (uint32_t)x;
    }
    uint64_t step = increment * (uint64_t)SR_W;
    p.stepHigh = (vuint)(uint32_t)(step >> 32);
    p.stepLow = (vuint)(uint32_t)step;
    return p;
}

/// Advances every lane by `SR_W · increment`, exactly, modulo one turn.
static inline void phase_lanes_advance(phase_lanes *p) {
    vuint newLow = p->low + p->stepLow;
    vuint carry = (vuint)(newLow < p->low);   // all ones (−1) where the low word wrapped
    p->high = p->high + p->stepHigh - carry;
    p->low = newLow;
}

/// Horner's rule over the `n` coefficients `c`, highest power first: `p = c[0]`, then `p = p · x + c[i]`
/// for each later one (the steps `Trig.sinTurns` and `VectorMath.log` write out).
static inline vfloat horner(vfloat x, const float *c, int n) {
    vfloat p = (vfloat)c[0];
    for (int i = 1; i < n; i++) p = p * x + c[i];
    return p;
}

/// `sin(2π · phase / 2^32)`. (`Trig.sinTurns`)
static inline vfloat sin_turns(vuint phase) {
    // Fold the signed turn fraction into [-1/4, 1/4] with sin(π − x) = sin(x), in integers.
    vint u = (vint)phase;
    vint outside = (u > (1 << 30)) | (u < -(1 << 30));
    vint folded = (vint)((vuint)0x80000000u - (vuint)u);
    u = (folded & outside) | (u & ~outside);
    vfloat y = __builtin_convertvector(u, vfloat) * 0x1p-32f;
    vfloat z = y * y;
    static const float c[] = {SR_SIN_C9, SR_SIN_C7, SR_SIN_C5, SR_SIN_C3, SR_SIN_C1};
    return horner(z, c, 5) * y;
}

/// `phase / 2^32 − 1/2` in [−1/2, 1/2), from the top 24 bits (exact). (`Sawtooth.centeredTurns`)
static inline vfloat centered_turns(vuint phase) {
    vint s = ((vint)(phase ^ 0x80000000u)) >> 8;
    return __builtin_convertvector(s, vfloat) * 0x1p-24f;
}

/// `lowbias32`. (`CounterHash.lowbias32`)
static inline vuint lowbias32(vuint x) {
    x ^= x >> 16;
    x = x * SR_HASH_M1;
    x ^= x >> 15;
    x = x * SR_HASH_M2;
    x ^= x >> 16;
    return x;
}

/// Keyed draw `h(h(i ⊕ k0) ⊕ k1)`. (`CounterHash.draw`)
static inline vuint draw(vuint index, uint32_t key0, uint32_t key1) {
    return lowbias32(lowbias32(index ^ key0) ^ key1);
}

/// `ln(x)` for positive normal `x`. (`VectorMath.log`)
static inline vfloat log_lanes(vfloat x) {
    vuint bits = (vuint)x;
    vint e = (vint)(bits >> 23) - 126;
    vfloat m = (vfloat)((bits & 0x007FFFFFu) | 0x3F000000u);   // [0.5, 1)
    vint small = m < SR_LOG_SQRTHF;                            // −1 where true
    e = e + small;
    vfloat keep = (vfloat)((vint)m & small);
    m = (m + keep) - 1;
    vfloat z = m * m;
    static const float c[] = {SR_LOG_P0, SR_LOG_P1, SR_LOG_P2, SR_LOG_P3, SR_LOG_P4,
                              SR_LOG_P5, SR_LOG_P6, SR_LOG_P7, SR_LOG_P8};
    vfloat y = horner(m, c, 9) * m * z;
    vfloat fe = __builtin_convertvector(e, vfloat);
    y = y + fe * SR_LOG_LN2_LO;
    y = y - z * 0.5f;
    return m + y + fe * SR_LOG_LN2_HI;
}

/// IEEE square root, correctly rounded (`vsqrtps`). (`VectorMath.sqrt`)
static inline vfloat sqrt_lanes(vfloat x) {
    return __builtin_elementwise_sqrt(x);
}

/// `[x0, x0, x1, x1, ..., x(W/2−1), x(W/2−1)]` and `[x(W/2), x(W/2), ..., x(W−1), x(W−1)]`: each pair's
/// value on its two samples.
static inline vuint spread_low(vuint x) {
#if SR_W == 8
    return __builtin_shufflevector(x, x, 0, 0, 1, 1, 2, 2, 3, 3);
#elif SR_W == 16
    return __builtin_shufflevector(x, x, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7);
#else
#error "SR_W must be 8 or 16"
#endif
}

static inline vuint spread_high(vuint x) {
#if SR_W == 8
    return __builtin_shufflevector(x, x, 4, 4, 5, 5, 6, 6, 7, 7);
#elif SR_W == 16
    return __builtin_shufflevector(x, x, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15);
#endif
}

/// `[2^30, 0, 2^30, 0, ...]`: a quarter turn on even lanes turns sine into cosine. (`Lanes.cosineQuarter`)
static inline vuint cosine_quarter(void) {
    vuint q;
    for (int k = 0; k < SR_W; k++) q[k] = (k % 2 == 0) ? (1u << 30) : 0u;
    return q;
}

/// Box–Muller for the SR_W pairs `pairs`: `*first` gets the 2·(SR_W/2) samples of pairs 0 ..< SR_W/2
/// (cos, sin, cos, sin, ...), `*second` those of pairs SR_W/2 ..< SR_W. The radius (log, sqrt) is
/// computed once per pair; each lane's operations are those of `Noise.gaussianLanes`.
static inline void gaussian_pairs(vuint pairs, uint32_t radiusKey0, uint32_t radiusKey1, uint32_t angleKey0,
                                  uint32_t angleKey1, vfloat *first, vfloat *second) {
    vuint h1 = draw(pairs, radiusKey0, radiusKey1);
    vuint h2 = draw(pairs, angleKey0, angleKey1);
    vfloat u1 = __builtin_convertvector((vint)((h1 >> 8) + 1), vfloat) * 0x1p-24f;   // (0, 1]
    vuint r = (vuint)sqrt_lanes(log_lanes(u1) * -2.0f);                              // bits, to shuffle
    vuint quarter = cosine_quarter();
    *first = (vfloat)spread_low(r) * sin_turns(spread_low(h2) + quarter);
    *second = (vfloat)spread_high(r) * sin_turns(spread_high(h2) + quarter);
}

// MARK: Kernels (the entry points that kernels.c dispatches to)

/// `out[i] (+)= gain · shape(phase_i) + bias` for a wave drawn from the exact integer phase (the kernels of
/// sine, sawtooth and triangle). (`PhaseWave.kernel`)
static inline void phase_wave(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                              int accumulate, vfloat (*shape)(vuint)) {
    phase_lanes p = phase_lanes_make(phase0, increment);
    for (long i = 0; i < count; i += SR_W) {
        store(shape(p.high), out, i, count, gain, bias, accumulate);
        phase_lanes_advance(&p);
    }
}

/// `|phase / 2^32 − 1/2|`, the absolute value taken by selection as in Swift. (`Triangle.shape`)
static inline vfloat folded_turns(vuint phase) {
    vfloat s = centered_turns(phase);
    vint negative = s < 0;
    return (vfloat)(((vint)(-s) & negative) | ((vint)s & ~negative));
}

void SR_KERNEL(sine)(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                     int accumulate) {
    phase_wave(out, count, phase0, increment, gain, bias, accumulate, sin_turns);
}

void SR_KERNEL(square)(float *out, long count, uint64_t phase0, uint64_t increment, uint32_t threshold,
                       float high, float low, int accumulate) {
    phase_lanes p = phase_lanes_make(phase0, increment);
    vint hi = (vint)(vfloat)high, lo = (vint)(vfloat)low;
    for (long i = 0; i < count; i += SR_W) {
        vint isHigh = p.high < threshold;   // −1 where the phase is before the duty threshold
        store((vfloat)((hi & isHigh) | (lo & ~isHigh)), out, i, count, 1.0f, 0.0f, accumulate);
        phase_lanes_advance(&p);
    }
}

void SR_KERNEL(sawtooth)(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                         int accumulate) {
    phase_wave(out, count, phase0, increment, gain, bias, accumulate, centered_turns);
}

void SR_KERNEL(triangle)(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                         int accumulate) {
    phase_wave(out, count, phase0, increment, gain, bias, accumulate, folded_turns);
}

void SR_KERNEL(uniform)(float *out, long count, uint32_t first, uint32_t key0, uint32_t key1, float gain,
                        float bias, int accumulate) {
    vuint index = ramp() + first;
    for (long i = 0; i < count; i += SR_W) {
        vuint h = draw(index, key0, key1);
        vfloat v = __builtin_convertvector(((vint)h) >> 8, vfloat) * 0x1p-23f;   // [−1, 1)
        store(v, out, i, count, gain, bias, accumulate);
        index += (uint32_t)SR_W;
    }
}

void SR_KERNEL(gaussian)(float *out, long count, uint32_t firstPair, int oddStart, uint32_t radiusKey0,
                         uint32_t radiusKey1, uint32_t angleKey0, uint32_t angleKey1, float gain, float bias,
                         int accumulate) {
    if (count <= 0) return;
    vuint pairs = ramp() + firstPair;
    vfloat first, second;
    if (oddStart) {
        // The first sample is the sine half of pair `firstPair`: lane 1 of its vector.
        gaussian_pairs(pairs, radiusKey0, radiusKey1, angleKey0, angleKey1, &first, &second);
        float v = (first * gain + bias)[1];
        out[0] = accumulate ? out[0] + v : v;
        out += 1;
        count -= 1;
        pairs += 1u;
    }
    for (long i = 0; i < count; i += 2 * SR_W) {
        gaussian_pairs(pairs, radiusKey0, radiusKey1, angleKey0, angleKey1, &first, &second);
        store(first, out, i, count, gain, bias, accumulate);
        store(second, out, i + SR_W, count, gain, bias, accumulate);
        pairs += (uint32_t)SR_W;
    }
}
