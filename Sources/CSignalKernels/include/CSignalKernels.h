#ifndef SIGNALRUNNER_CSIGNALKERNELS_H
#define SIGNALRUNNER_CSIGNALKERNELS_H
// Native (AVX2 / AVX-512) builds of the Signals kernels, chosen at run time by CPU feature, and the
// one copy of the kernels' numeric constants.
//
// Swift's default x86-64 target is SSE2, and a package may not pass CPU flags to the compiler
// (no unsafeFlags), so these functions are compiled with `target` attributes (kernels_avx2.c,
// kernels_avx512.c, both from kernels_impl.h) and selected by cpuid. Each performs exactly the same
// IEEE operations per sample, in the same order, as the portable Swift kernel of the same name (no
// fused multiply-add), so every path gives bit-identical samples. Each returns 1 when it rendered,
// 0 when no native path runs (other CPUs and architectures, or a cap of 0): the caller then runs the
// portable Swift kernel.
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Constants shared by the C and the Swift kernels
//
// Swift reads these macros through `import CSignalKernels` (Trig.swift, VectorMath.swift), so each
// number is written once. Hex float literals: each is an exact Float, with no decimal rounding on
// either side (NativeKernelTests checks that Swift's imported values equal the C compiler's bits).
// The decimal comments are the fitted or published values that each Float rounds.

// sin(2πy) ≈ y·(C1 + C3·y² + C5·y⁴ + C7·y⁶ + C9·y⁸) for |y| ≤ 1/4 turn: approximation error 3.4e-9,
// Float evaluation error ≤ 2e-7 (measured against a Double reference over the whole range).
#define SR_SIN_C1 0x1.921fb4p+2f    /* 6.2831851600893485 */
#define SR_SIN_C3 -0x1.4abbb6p+5f   /* -41.341655031388804 */
#define SR_SIN_C5 0x1.46676ep+6f    /* 81.6010040716726 */
#define SR_SIN_C7 -0x1.3232fap+6f   /* -76.54978225954866 */
#define SR_SIN_C9 0x1.3c4b2cp+5f    /* 39.536705822621244 */

// ln(x) (Cephes logf, relative error ≤ 2 ulp): x = 2^e·m with m in [√½, √2); with f = m − 1,
// ln x = f − f²/2 + f³·P(f) + e·ln 2, P(f) = P0·f⁸ + P1·f⁷ + … + P8 (Horner from P0), and
// ln 2 = LN2_HI + LN2_LO (LN2_HI has 9 significant bits, so e·LN2_HI is exact).
#define SR_LOG_SQRTHF 0x1.6a09e6p-1f  /* √½: mantissas below it are doubled */
#define SR_LOG_P0 0x1.204376p-4f      /* 7.0376836292e-2 */
#define SR_LOG_P1 -0x1.d7a37p-4f      /* -1.1514610310e-1 */
#define SR_LOG_P2 0x1.de4a34p-4f      /* 1.1676998740e-1 */
#define SR_LOG_P3 -0x1.fcba9ep-4f     /* -1.2420140846e-1 */
#define SR_LOG_P4 0x1.23d37ep-3f      /* 1.4249322787e-1 */
#define SR_LOG_P5 -0x1.555ca0p-3f     /* -1.6668057665e-1 */
#define SR_LOG_P6 0x1.999d58p-3f      /* 2.0000714765e-1 */
#define SR_LOG_P7 -0x1.fffff8p-3f     /* -2.4999993993e-1 */
#define SR_LOG_P8 0x1.555554p-2f      /* 3.3333331174e-1 */
#define SR_LOG_LN2_HI 0x1.63p-1f      /* 0.693359375 */
#define SR_LOG_LN2_LO -0x1.bd0106p-13f /* -2.12194440e-4 */

// lowbias32 (Chris Wellons): x ^= x >> 16; x *= M1; x ^= x >> 15; x *= M2; x ^= x >> 16.
#define SR_HASH_M1 0x7FEB352Du
#define SR_HASH_M2 0x846CA68Bu

/// Every constant above as the C compiler reads it (what the native kernels use), so a test can
/// compare it bit for bit with the value Swift imports from the same macro.
typedef struct {
    float sinC1, sinC3, sinC5, sinC7, sinC9;
    float logSqrtHalf, logP0, logP1, logP2, logP3, logP4, logP5, logP6, logP7, logP8, logLn2High, logLn2Low;
    uint32_t hashM1, hashM2;
} sr_constants_t;

/// The constants as compiled into the native kernels.
sr_constants_t sr_constants(void);

// MARK: Levels

/// The native paths this CPU runs, whatever the cap: bit k is set when level k runs (bit 0, the
/// portable Swift kernels, always; bit 2 AVX2; bit 3 AVX-512F). Detected once, by cpuid and xgetbv.
int sr_available_levels(void);
/// The levels that `sr_available_levels` derives from the CPU's and the OS's answers (x86-64 builds;
/// elsewhere 1): `leaf1_ecx` is ECX of cpuid leaf 1, `xcr0` the low word of xgetbv(0), `leaf7_ebx` EBX of
/// cpuid leaf 7 subleaf 0, and `os_enables_avx512` non-zero when the OS promises to enable the AVX-512
/// state on first use although XCR0 does not show it yet (macOS: `hw.optional.avx512f`).
int sr_levels_from_cpu(unsigned leaf1_ecx, unsigned xcr0, unsigned leaf7_ebx, int os_enables_avx512);
/// The native path in use on the calling thread: the highest available level ≤ the cap
/// (0 portable Swift only, 2 AVX2, 3 AVX-512F).
int sr_kernel_level(void);
/// The calling thread's cap on the native path (3 unless set).
int sr_level_cap(void);
/// Caps the native path on the calling thread (0 forces the portable Swift kernels; 3 allows all).
void sr_set_level_cap(int cap);

// MARK: Kernels (same contracts as the Swift kernels of the same names)

int sr_sine(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias, int accumulate);
int sr_square(float *out, long count, uint64_t phase0, uint64_t increment, uint32_t threshold,
              float high, float low, int accumulate);
int sr_sawtooth(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias, int accumulate);
int sr_triangle(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias, int accumulate);
int sr_uniform(float *out, long count, uint32_t first, uint32_t key0, uint32_t key1,
               float gain, float bias, int accumulate);
int sr_gaussian(float *out, long count, uint32_t firstPair, int oddStart, uint32_t radiusKey0, uint32_t radiusKey1,
                uint32_t angleKey0, uint32_t angleKey1, float gain, float bias, int accumulate);

#ifdef __cplusplus
}
#endif
#endif
