// The native kernels for AVX2: kernels_impl.h at 8 lanes, every function compiled with
// `target("avx2")` (an attribute, not a compiler flag, so the package builds without unsafeFlags).
// kernels.c runs them only when cpuid and xgetbv report AVX2 and the OS saves the YMM registers.
#include "native.h"

#ifdef SR_NATIVE
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define SR_W 8
#define SR_KERNEL(name) sr_##name##_avx2
#include "kernels_impl.h"
#pragma clang attribute pop
#endif
