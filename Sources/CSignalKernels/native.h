#ifndef SIGNALRUNNER_CSIGNALKERNELS_NATIVE_H
#define SIGNALRUNNER_CSIGNALKERNELS_NATIVE_H
// Private to CSignalKernels: whether this build has native paths, and the per-target kernels that
// kernels.c dispatches to (defined by kernels_impl.h, once per target).
#include "CSignalKernels.h"

#if defined(__x86_64__) && defined(__clang__)
#define SR_NATIVE 1

void sr_sine_avx2(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias, int accumulate);
void sr_square_avx2(float *out, long count, uint64_t phase0, uint64_t increment, uint32_t threshold,
                    float high, float low, int accumulate);
void sr_sawtooth_avx2(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                      int accumulate);
void sr_triangle_avx2(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                      int accumulate);
void sr_uniform_avx2(float *out, long count, uint32_t first, uint32_t key0, uint32_t key1, float gain, float bias,
                     int accumulate);
void sr_gaussian_avx2(float *out, long count, uint32_t firstPair, int oddStart, uint32_t radiusKey0,
                      uint32_t radiusKey1, uint32_t angleKey0, uint32_t angleKey1, float gain, float bias,
                      int accumulate);

void sr_sine_avx512(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                    int accumulate);
void sr_square_avx512(float *out, long count, uint64_t phase0, uint64_t increment, uint32_t threshold,
                      float high, float low, int accumulate);
void sr_sawtooth_avx512(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                        int accumulate);
void sr_triangle_avx512(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,
                        int accumulate);
void sr_uniform_avx512(float *out, long count, uint32_t first, uint32_t key0, uint32_t key1, float gain, float bias,
                       int accumulate);
void sr_gaussian_avx512(float *out, long count, uint32_t firstPair, int oddStart, uint32_t radiusKey0,
                        uint32_t radiusKey1, uint32_t angleKey0, uint32_t angleKey1, float gain, float bias,
                        int accumulate);
#endif

#endif
