#ifndef SIGNALRUNNER_CFFTW_SHIM_H
#define SIGNALRUNNER_CFFTW_SHIM_H
// FFTW 3, single (fftwf_*, libfftw3f) and double (fftw_*, libfftw3) precision, from Debian's
// libfftw3-dev. If this include fails: `make deps` (or `apt-get install libfftw3-dev`, or
// `brew install fftw` on macOS).
#if __has_include(<fftw3.h>)
#include <fftw3.h>
#else
#error "FFTW 3 headers not found: install libfftw3-dev (Debian/Ubuntu: make deps) or fftw (Homebrew)"
#endif

// Planner flags as plain constants (the header's macros are shifts Swift may not import).
static const unsigned signalrunner_fftw_estimate = FFTW_ESTIMATE;
static const unsigned signalrunner_fftw_measure = FFTW_MEASURE;

#endif
