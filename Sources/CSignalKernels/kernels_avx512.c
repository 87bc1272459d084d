// The native kernels for AVX-512F: kernels_impl.h at 16 lanes, every function compiled with
// `target("avx2,avx512f")` (an attribute, not a compiler flag, so the package builds without
// unsafeFlags). kernels.c runs them only when cpuid and xgetbv report AVX2 and AVX-512F and the OS
// saves the ZMM registers.
#include "native.h"

#ifdef SR_NATIVE
#pragma clang attribute push(__attribute__((target("avx2,avx512f"))), apply_to = function)
#define SR_W 16
#define SR_KERNEL(name) sr_##name##_avx512
#include "kernels_impl.h"
#pragma clang attribute pop
#endif
