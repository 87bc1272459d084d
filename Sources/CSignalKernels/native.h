#ifndef SIGNALRUNNER_CSIGNALKERNELS_NATIVE_H
#define SIGNALRUNNER_CSIGNALKERNELS_NATIVE_H
// Private to CSignalKernels: whether this build has native paths, and the per-target kernels that
// kernels.c dispatches to (defined by kernels_impl.h, once per target).
#include "CSignalKernels.h"

#if defined(__x86_64__) && defined(__clang__)
#define SR_NATIVE 1

// The six kernels of one target (`avx2`, `avx512`): kernels_impl.h defines them as SR_KERNEL(name).
#define SR_DECLARE_KERNELS(target)                                                                              \
    void sr_sine_##target(float *out, long count, uint64_t phase0, uint64_t increment, float gain, float bias,   \
                          int accumulate);                                                                      \
    void sr_square_##target(float *out, long count, uint64_t phase0, uint64_t increment, uint32_t threshold,      \
                            float high, float low, int accumulate);                                            \
    void sr_sawtooth_##target(float *out, long count, uint64_t phase0, uint64_t increment, float gain,            \
                              float bias, int accumulate);                                                     \
    void sr_triangle_##target(float *out, long count, uint64_t phase0, uint64_t increment, float gain,            \
                              float bias, int accumulate);                                                     \
    void sr_uniform_##target(float *out, long count, uint32_t first, uint32_t key0, uint32_t key1, float gain,    \
                             float bias, int accumulate);                                                      \
    void sr_gaussian_##target(float *out, long count, uint32_t firstPair, int oddStart, uint32_t radiusKey0,      \
                              uint32_t radiusKey1, uint32_t angleKey0, uint32_t angleKey1, float gain,         \
                              float bias, int accumulate);

SR_DECLARE_KERNELS(avx2)
SR_DECLARE_KERNELS(avx512)
#endif

#endif
