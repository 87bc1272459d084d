// Native kernels; see include/CSignalKernels.h. Mirrors Sources/Signals/Kernels/*.swift and the
// waveform kernels operation for operation.
#include "CSignalKernels.h"
#include <string.h>

#pragma clang fp contract(off)

#if defined(__x86_64__) && defined(__clang__)
#define SR_NATIVE 1
#include <cpuid.h>
#endif

static _Thread_local int level_cap = 3;
void sr_set_level_cap(int cap) { level_cap = cap; }

#ifndef SR_NATIVE
int sr_kernel_level(void) { return 0; }
int sr_sine(float *o, long c, uint64_t p, uint64_t i, float g, float b, int a) { return 0; }
int sr_square(float *o, long c, uint64_t p, uint64_t i, uint32_t t, float h, float l, int a) { return 0; }
int sr_sawtooth(float *o, long c, uint64_t p, uint64_t i, float g, float b, int a) { return 0; }
int sr_triangle(float *o, long c, uint64_t p, uint64_t i, float g, float b, int a) { return 0; }
int sr_uniform(float *o, long c, uint32_t f, uint32_t k0, uint32_t k1, float g, float b, int a) { return 0; }
int sr_gaussian(float *o, long c, uint32_t f, int odd, uint32_t r0, uint32_t r1, uint32_t a0, uint32_t a1, float g, float b, int a) { return 0; }
#else

static int detected = -1;

static int detect(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (!osxsave || !avx) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    int ymm = (lo & 0x6) == 0x6, zmm = (lo & 0xE6) == 0xE6;
    if (!ymm || !__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    int avx2 = (b >> 5) & 1, avx512f = (b >> 16) & 1;
    if (avx512f && zmm) return 3;
    return avx2 ? 2 : 0;
}

int sr_kernel_level(void) {
    int level = __atomic_load_n(&detected, __ATOMIC_RELAXED);
    if (level < 0) {
        level = detect();
        __atomic_store_n(&detected, level, __ATOMIC_RELAXED);
    }
    int cap = level_cap;
    return level < cap ? level : cap;
}

// Constants: the exact Float values of Trig.swift and VectorMath.swift.
#define C1 0x1.921fb4p+2f
#define C3 -0x1.4abbb6p+5f
#define C5 0x1.46676ep+6f
#define C7 -0x1.3232fap+6f
#define C9 0x1.3c4b2cp+5f

// HELPERS(W, SUFFIX, TARGET) defines the vector types and building blocks for W lanes compiled for
// TARGET; KERNELS(W, SUFFIX, HALF, TARGET, DUP) the kernels, with HALF the helpers at W/2 lanes and
// DUP(x) spreading W/2 lanes to W ([x0, x0, x1, x1, ...]).
#define HELPERS(W, SUFFIX, TARGET)                                                                       \
typedef float F##SUFFIX __attribute__((ext_vector_type(W)));                                           \
typedef int32_t I##SUFFIX __attribute__((ext_vector_type(W)));                                         \
typedef uint32_t U##SUFFIX __attribute__((ext_vector_type(W)));                                        \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
void store_##SUFFIX(F##SUFFIX value, float *out, long i, long count, float gain, float bias, int acc) { \
    F##SUFFIX v = value * gain + bias;                                                                  \
    if (i + W <= count) {                                                                               \
        if (acc) { F##SUFFIX old; memcpy(&old, out + i, sizeof old); v = v + old; }                     \
        memcpy(out + i, &v, sizeof v);                                                                  \
    } else {                                                                                            \
        for (long k = 0; k < count - i; k++) out[i + k] = acc ? out[i + k] + v[k] : v[k];               \
    }                                                                                                   \
}                                                                                                       \
                                                                                                        \
typedef struct { U##SUFFIX hi, lo, stepHi, stepLo; } Phase##SUFFIX;                                   \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
Phase##SUFFIX phase_##SUFFIX(uint64_t phase0, uint64_t inc) {                                          \
    Phase##SUFFIX p;                                                                                    \
    for (int k = 0; k < W; k++) {                                                                       \
        uint64_t x = phase0 + inc * (uint64_t)k;                                                        \
        p.hi[k] = (uint32_t)(x >> 32);                                                                  \
        p.lo[k] = (uint32_t)x;                                                                          \
    }                                                                                                   \
    uint64_t step = inc * (uint64_t)W;                                                                  \
    p.stepHi = (U##SUFFIX)(uint32_t)(step >> 32);                                                       \
    p.stepLo = (U##SUFFIX)(uint32_t)step;                                                               \
    return p;                                                                                           \
}                                                                                                       \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
void advance_##SUFFIX(Phase##SUFFIX *p) {                                                              \
    U##SUFFIX newLo = p->lo + p->stepLo;                                                                \
    U##SUFFIX carry = (U##SUFFIX)(newLo < p->lo);      /* all ones where the low word wrapped */       \
    p->hi = p->hi + p->stepHi - carry;                                                                  \
    p->lo = newLo;                                                                                      \
}                                                                                                       \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
F##SUFFIX sin_turns_##SUFFIX(U##SUFFIX phase) {                                                        \
    I##SUFFIX u = (I##SUFFIX)phase;                                                                     \
    I##SUFFIX outside = (u > (1 << 30)) | (u < -(1 << 30));                                             \
    I##SUFFIX folded = (I##SUFFIX)((U##SUFFIX)0x80000000u - (U##SUFFIX)u);                              \
    u = (folded & outside) | (u & ~outside);                                                            \
    F##SUFFIX y = __builtin_convertvector(u, F##SUFFIX) * 0x1p-32f;                                     \
    F##SUFFIX z = y * y;                                                                                \
    F##SUFFIX p = (F##SUFFIX)C9;                                                                        \
    p = p * z + C7;                                                                                     \
    p = p * z + C5;                                                                                     \
    p = p * z + C3;                                                                                     \
    p = p * z + C1;                                                                                     \
    return p * y;                                                                                       \
}                                                                                                       \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
F##SUFFIX centered_##SUFFIX(U##SUFFIX phase) {                                                         \
    I##SUFFIX s = ((I##SUFFIX)(phase ^ 0x80000000u)) >> 8;                                              \
    return __builtin_convertvector(s, F##SUFFIX) * 0x1p-24f;                                            \
}                                                                                                       \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
U##SUFFIX lowbias_##SUFFIX(U##SUFFIX x) {                                                              \
    x ^= x >> 16;                                                                                       \
    x = x * 0x7FEB352Du;                                                                                \
    x ^= x >> 15;                                                                                       \
    x = x * 0x846CA68Bu;                                                                                \
    x ^= x >> 16;                                                                                       \
    return x;                                                                                           \
}                                                                                                       \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
U##SUFFIX draw_##SUFFIX(U##SUFFIX index, uint32_t k0, uint32_t k1) {                                   \
    return lowbias_##SUFFIX(lowbias_##SUFFIX(index ^ k0) ^ k1);                                         \
}                                                                                                       \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
F##SUFFIX log_##SUFFIX(F##SUFFIX x) {                                                                  \
    U##SUFFIX bits = (U##SUFFIX)x;                                                                      \
    I##SUFFIX e = (I##SUFFIX)(bits >> 23) - 126;                                                        \
    F##SUFFIX m = (F##SUFFIX)((bits & 0x007FFFFFu) | 0x3F000000u);                                      \
    I##SUFFIX small = m < 0x1.6a09e6p-1f;                                                               \
    e = e + small;                                      /* small is −1 where true */                  \
    F##SUFFIX keep = (F##SUFFIX)((I##SUFFIX)m & small);                                                 \
    m = (m + keep) - 1;                                                                                 \
    F##SUFFIX z = m * m;                                                                                \
    F##SUFFIX y = (F##SUFFIX)0x1.204376p-4f;                                                            \
    y = y * m - 0x1.d7a37p-4f;                                                                          \
    y = y * m + 0x1.de4a34p-4f;                                                                         \
    y = y * m - 0x1.fcba9ep-4f;                                                                         \
    y = y * m + 0x1.23d37ep-3f;                                                                         \
    y = y * m - 0x1.555ca0p-3f;                                                                         \
    y = y * m + 0x1.999d58p-3f;                                                                         \
    y = y * m - 0x1.fffff8p-3f;                                                                         \
    y = y * m + 0x1.555554p-2f;                                                                         \
    y = y * m * z;                                                                                      \
    F##SUFFIX fe = __builtin_convertvector(e, F##SUFFIX);                                               \
    y = y + fe * -0x1.bd0106p-13f;                                                                      \
    y = y - z * 0.5f;                                                                                   \
    return m + y + fe * 0x1.63p-1f;                                                                     \
}                                                                                                       \
                                                                                                        \
static inline __attribute__((always_inline, target(TARGET)))                                           \
F##SUFFIX sqrt_##SUFFIX(F##SUFFIX x) {                      /* IEEE, correctly rounded (vsqrtps) */    \
    return __builtin_elementwise_sqrt(x);                                                               \
}

#define KERNELS(W, SUFFIX, HALF, TARGET, DUP)                                                            \
static __attribute__((target(TARGET)))                                                                 \
void sine_##SUFFIX(float *out, long count, uint64_t p0, uint64_t inc, float gain, float bias, int acc) { \
    Phase##SUFFIX p = phase_##SUFFIX(p0, inc);                                                          \
    for (long i = 0; i < count; i += W) {                                                               \
        store_##SUFFIX(sin_turns_##SUFFIX(p.hi), out, i, count, gain, bias, acc);                      \
        advance_##SUFFIX(&p);                                                                           \
    }                                                                                                   \
}                                                                                                       \
static __attribute__((target(TARGET)))                                                                 \
void square_##SUFFIX(float *out, long count, uint64_t p0, uint64_t inc, uint32_t t, float high,       \
                     float low, int acc) {                                                              \
    Phase##SUFFIX p = phase_##SUFFIX(p0, inc);                                                          \
    F##SUFFIX hi = high, lo = low;                                                                      \
    for (long i = 0; i < count; i += W) {                                                               \
        I##SUFFIX m = p.hi < t;                                                                         \
        F##SUFFIX v = (F##SUFFIX)(((I##SUFFIX)hi & m) | ((I##SUFFIX)lo & ~m));                          \
        store_##SUFFIX(v, out, i, count, 1.0f, 0.0f, acc);                                              \
        advance_##SUFFIX(&p);                                                                           \
    }                                                                                                   \
}                                                                                                       \
static __attribute__((target(TARGET)))                                                                 \
void sawtooth_##SUFFIX(float *out, long count, uint64_t p0, uint64_t inc, float gain, float bias, int acc) { \
    Phase##SUFFIX p = phase_##SUFFIX(p0, inc);                                                          \
    for (long i = 0; i < count; i += W) {                                                               \
        store_##SUFFIX(centered_##SUFFIX(p.hi), out, i, count, gain, bias, acc);                       \
        advance_##SUFFIX(&p);                                                                           \
    }                                                                                                   \
}                                                                                                       \
static __attribute__((target(TARGET)))                                                                 \
void triangle_##SUFFIX(float *out, long count, uint64_t p0, uint64_t inc, float gain, float bias, int acc) { \
    Phase##SUFFIX p = phase_##SUFFIX(p0, inc);                                                          \
    for (long i = 0; i < count; i += W) {                                                               \
        F##SUFFIX s = centered_##SUFFIX(p.hi);                                                          \
        I##SUFFIX neg = s < 0;                                                                          \
        F##SUFFIX a = (F##SUFFIX)(((I##SUFFIX)(-s) & neg) | ((I##SUFFIX)s & ~neg));                     \
        store_##SUFFIX(a, out, i, count, gain, bias, acc);                                              \
        advance_##SUFFIX(&p);                                                                           \
    }                                                                                                   \
}                                                                                                       \
static __attribute__((target(TARGET)))                                                                 \
void uniform_##SUFFIX(float *out, long count, uint32_t first, uint32_t k0, uint32_t k1, float gain,   \
                      float bias, int acc) {                                                            \
    U##SUFFIX index;                                                                                    \
    for (int k = 0; k < W; k++) index[k] = first + (uint32_t)k;                                         \
    for (long i = 0; i < count; i += W) {                                                               \
        U##SUFFIX h = draw_##SUFFIX(index, k0, k1);                                                     \
        F##SUFFIX v = __builtin_convertvector(((I##SUFFIX)h) >> 8, F##SUFFIX) * 0x1p-23f;              \
        store_##SUFFIX(v, out, i, count, gain, bias, acc);                                              \
        index += (uint32_t)W;                                                                           \
    }                                                                                                   \
}                                                                                                       \
static inline __attribute__((always_inline, target(TARGET)))                                           \
F##SUFFIX gauss_##SUFFIX(U##HALF pairs, uint32_t r0, uint32_t r1, uint32_t a0, uint32_t a1, U##SUFFIX quarter) { \
    U##HALF h1 = draw_##HALF(pairs, r0, r1);                                                            \
    U##HALF h2 = draw_##HALF(pairs, a0, a1);                                                            \
    F##HALF u1 = __builtin_convertvector((I##HALF)((h1 >> 8) + 1), F##HALF) * 0x1p-24f;                \
    F##HALF r = sqrt_##HALF(log_##HALF(u1) * -2.0f);                                                    \
    F##SUFFIX radius = DUP(r);                                                                          \
    U##SUFFIX angle = DUP(h2);                                                                          \
    return radius * sin_turns_##SUFFIX(angle + quarter);                                                \
}                                                                                                       \
static __attribute__((target(TARGET)))                                                                 \
void gaussian_##SUFFIX(float *out, long count, uint32_t firstPair, int oddStart, uint32_t r0, uint32_t r1, \
                       uint32_t a0, uint32_t a1, float gain, float bias, int acc) {                     \
    if (count <= 0) return;                                                                             \
    U##SUFFIX quarter = 0;                                                                              \
    for (int k = 0; k < W; k += 2) quarter[k] = 1u << 30;                                               \
    U##HALF pairs;                                                                                      \
    for (int k = 0; k < W / 2; k++) pairs[k] = firstPair + (uint32_t)k;                                 \
    if (oddStart) {                                                                                     \
        F##SUFFIX v = gauss_##SUFFIX(pairs, r0, r1, a0, a1, quarter) * gain + bias;                     \
        out[0] = acc ? out[0] + v[1] : v[1];                                                            \
        out += 1;                                                                                       \
        count -= 1;                                                                                     \
        pairs += 1u;                                                                                    \
    }                                                                                                   \
    for (long i = 0; i < count; i += W) {                                                               \
        store_##SUFFIX(gauss_##SUFFIX(pairs, r0, r1, a0, a1, quarter), out, i, count, gain, bias, acc); \
        pairs += (uint32_t)(W / 2);                                                                     \
    }                                                                                                   \
}

#define DUP8(x) __builtin_shufflevector(x, x, 0, 0, 1, 1, 2, 2, 3, 3)
#define DUP16(x) __builtin_shufflevector(x, x, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7)
HELPERS(4, avx2h, "avx2")
HELPERS(8, avx2, "avx2")
KERNELS(8, avx2, avx2h, "avx2", DUP8)
HELPERS(8, avx512h, "avx512f")
HELPERS(16, avx512, "avx512f")
KERNELS(16, avx512, avx512h, "avx512f", DUP16)
#define DISPATCH(NAME, ARGS)                                  \
    switch (sr_kernel_level()) {                              \
    case 3: NAME##_avx512 ARGS; return 1;                     \
    case 2: NAME##_avx2 ARGS; return 1;                       \
    default: return 0;                                        \
    }

int sr_sine(float *out, long count, uint64_t p0, uint64_t inc, float gain, float bias, int acc) {
    DISPATCH(sine, (out, count, p0, inc, gain, bias, acc))
}
int sr_square(float *out, long count, uint64_t p0, uint64_t inc, uint32_t t, float high, float low, int acc) {
    DISPATCH(square, (out, count, p0, inc, t, high, low, acc))
}
int sr_sawtooth(float *out, long count, uint64_t p0, uint64_t inc, float gain, float bias, int acc) {
    DISPATCH(sawtooth, (out, count, p0, inc, gain, bias, acc))
}
int sr_triangle(float *out, long count, uint64_t p0, uint64_t inc, float gain, float bias, int acc) {
    DISPATCH(triangle, (out, count, p0, inc, gain, bias, acc))
}
int sr_uniform(float *out, long count, uint32_t first, uint32_t k0, uint32_t k1, float gain, float bias, int acc) {
    DISPATCH(uniform, (out, count, first, k0, k1, gain, bias, acc))
}
int sr_gaussian(float *out, long count, uint32_t firstPair, int oddStart, uint32_t r0, uint32_t r1, uint32_t a0,
                uint32_t a1, float gain, float bias, int acc) {
    DISPATCH(gaussian, (out, count, firstPair, oddStart, r0, r1, a0, a1, gain, bias, acc))
}
#endif
