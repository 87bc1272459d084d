#ifndef SIGNALRUNNER_CSIGNALKERNELS_H
#define SIGNALRUNNER_CSIGNALKERNELS_H
// Native (AVX2 / AVX-512) builds of the Signals kernels, chosen at run time by CPU feature.
//
// Swift's default x86-64 target is SSE2, and a package may not pass CPU flags to the compiler
// (no unsafeFlags), so these functions carry `target` attributes and are selected by cpuid.
// Each performs exactly the same IEEE operations per sample, in the same order, as the portable
// Swift kernel of the same name (no fused multiply-add), so every path gives bit-identical samples.
// Each returns 1 when it rendered, 0 when the CPU has no native path (the caller then runs the
// portable Swift kernel).
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The widest native path this CPU runs (0 none, 2 AVX2, 3 AVX-512F), capped by sr_set_level_cap.
int sr_kernel_level(void);
/// Caps the native path on the calling thread (0 forces the portable Swift kernels; 3 allows all).
void sr_set_level_cap(int cap);

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
