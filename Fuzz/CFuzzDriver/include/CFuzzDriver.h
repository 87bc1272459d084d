#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, from clang's libFuzzer runtime (linked by `-sanitize=fuzzer`): parses libFuzzer's
/// command line and runs the fuzzing loop over `callback`. Called only in builds with `-DFUZZING`, so a
/// plain build never references it. See https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
