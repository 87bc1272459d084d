#ifndef SIGNALRUNNER_CFFTW_SHIM_H
#define SIGNALRUNNER_CFFTW_SHIM_H
// FFTW 3 (single precision, fftwf_*), from Debian's libfftw3-dev.
// If this include fails: `make deps` (or `apt-get install libfftw3-dev`).
#include <fftw3.h>
#endif
