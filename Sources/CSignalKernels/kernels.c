// Level detection, the per-thread cap and the dispatch of each kernel to its widest native build
// (kernels_avx512.c, kernels_avx2.c), or 0 so that Swift runs the portable kernel. See
// include/CSignalKernels.h.
#include "native.h"

sr_constants_t sr_constants(void) {
    sr_constants_t c = {
        SR_SIN_C1, SR_SIN_C3, SR_SIN_C5, SR_SIN_C7, SR_SIN_C9,
        SR_LOG_SQRTHF, SR_LOG_P0, SR_LOG_P1, SR_LOG_P2, SR_LOG_P3, SR_LOG_P4, SR_LOG_P5, SR_LOG_P6, SR_LOG_P7,
        SR_LOG_P8, SR_LOG_LN2_HI, SR_LOG_LN2_LO,
        SR_HASH_M1, SR_HASH_M2,
    };
    return c;
}

static _Thread_local int level_cap = 3;

int sr_level_cap(void) { return level_cap; }
void sr_set_level_cap(int cap) { level_cap = cap; }

#ifndef SR_NATIVE

int sr_available_levels(void) { return 1; }
int sr_levels_from_cpu(unsigned leaf1_ecx, unsigned xcr0, unsigned leaf7_ebx, int os_enables_avx512) { return 1; }
int sr_kernel_level(void) { return 0; }
int sr_sine(float *o, long c, uint64_t p, uint64_t i, float g, float b, int a) { return 0; }
int sr_square(float *o, long c, uint64_t p, uint64_t i, uint32_t t, float h, float l, int a) { return 0; }
int sr_sawtooth(float *o, long c, uint64_t p, uint64_t i, float g, float b, int a) { return 0; }
int sr_triangle(float *o, long c, uint64_t p, uint64_t i, float g, float b, int a) { return 0; }
int sr_uniform(float *o, long c, uint32_t f, uint32_t k0, uint32_t k1, float g, float b, int a) { return 0; }
int sr_gaussian(float *o, long c, uint32_t f, int odd, uint32_t r0, uint32_t r1, uint32_t a0, uint32_t a1, float g,
                float b, int a) {
    return 0;
}

#else
#include <cpuid.h>
#if defined(__APPLE__)
#include <sys/sysctl.h>

/// Whether the kernel reports `name` (a `hw.optional.*` key) as set.
static int apple_sysctl_flag(const char *name) {
    int value = 0;
    size_t size = sizeof value;
    return sysctlbyname(name, &value, &size, NULL, 0) == 0 && value != 0;
}
#endif

int sr_levels_from_cpu(unsigned leaf1_ecx, unsigned xcr0, unsigned leaf7_ebx, int os_enables_avx512) {
    int levels = 1;
    int osxsave = (leaf1_ecx >> 27) & 1, avx = (leaf1_ecx >> 28) & 1;
    if (!osxsave || !avx) return levels;
    int ymm = (xcr0 & 0x6) == 0x6;
    int zmm = (xcr0 & 0xE6) == 0xE6 || (ymm && os_enables_avx512);
    if (!ymm) return levels;
    int avx2 = (leaf7_ebx >> 5) & 1, avx512f = (leaf7_ebx >> 16) & 1;
    if (avx2) levels |= 1 << 2;
    if (avx2 && avx512f && zmm) levels |= 1 << 3;
    return levels;
}

/// Bit k set when level k runs: cpuid leaf 1 (OSXSAVE, AVX), xgetbv (the OS saves YMM, or YMM and the
/// AVX-512 state), cpuid leaf 7 (AVX2, AVX-512F). The AVX-512 kernels need AVX2 too (they are compiled
/// for both). macOS enables the AVX-512 state lazily, on a thread's first AVX-512 instruction, so XCR0
/// lacks its bits until then; there the kernel's `hw.optional.avx512f` says whether it will save them.
static int detect(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 1;
    unsigned leaf1_ecx = c;
    if (!((c >> 27) & 1)) return 1;   // no OSXSAVE: xgetbv would fault
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    unsigned leaf7_ebx = 0;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) leaf7_ebx = b;
    int lazy = 0;
#if defined(__APPLE__)
    lazy = apple_sysctl_flag("hw.optional.avx512f");
#endif
    return sr_levels_from_cpu(leaf1_ecx, lo, leaf7_ebx, lazy);
}

static int detected = 0;   // 0: not yet detected (a detected set always has bit 0)

int sr_available_levels(void) {
    int levels = __atomic_load_n(&detected, __ATOMIC_RELAXED);
    if (levels == 0) {
        levels = detect();   // idempotent: racing threads store the same value
        __atomic_store_n(&detected, levels, __ATOMIC_RELAXED);
    }
    return levels;
}

int sr_kernel_level(void) {
    int levels = sr_available_levels(), cap = level_cap;
    for (int level = cap < 3 ? cap : 3; level > 0; level--) {
        if (levels & (1 << level)) return level;
    }
    return 0;
}

// Runs kernel `name` of the best target this CPU has (and level_cap allows) on the arguments and
// returns 1; returns 0 when there is none, so the portable Swift kernel runs.
#define SR_DISPATCH(name, ...)                                        \
    switch (sr_kernel_level()) {                                      \
    case 3: sr_##name##_avx512(__VA_ARGS__); return 1;                \
    case 2: sr_##name##_avx2(__VA_ARGS__); return 1;                  \
    default: return 0;                                                \
    }

int sr_sine(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias, int accumulate) {
    SR_DISPATCH(sine, out, count, phase0, increment, gain, bias, accumulate)
}

int sr_square(float *out, long count, uint64_t phase0, uint64_t increment, uint32_t threshold, float high,
              float low, int accumulate) {
    SR_DISPATCH(square, out, count, phase0, increment, threshold, high, low, accumulate)
}

int sr_sawtooth(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                int accumulate) {
    SR_DISPATCH(sawtooth, out, count, phase0, increment, gain, bias, accumulate)
}

int sr_triangle(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                int accumulate) {
    SR_DISPATCH(triangle, out, count, phase0, increment, gain, bias, accumulate)
}

int sr_uniform(float *out, long count, uint32_t first, uint32_t key0, uint32_t key1, float gain, float bias,
               int accumulate) {
    SR_DISPATCH(uniform, out, count, first, key0, key1, gain, bias, accumulate)
}

int sr_gaussian(float *out, long count, uint32_t firstPair, int oddStart, uint32_t radiusKey0, uint32_t radiusKey1,
                uint32_t angleKey0, uint32_t angleKey1, float gain, float bias, int accumulate) {
    SR_DISPATCH(gaussian, out, count, firstPair, oddStart, radiusKey0, radiusKey1, angleKey0, angleKey1, gain, bias,
                accumulate)
}
#endif
