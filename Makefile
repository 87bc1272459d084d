# SignalRunner: `make demo` renders an example and prints a few values; `make test` runs every test.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release test demo bench clean

all: build

# FFTW (single precision) for the spectrum verifier, from Debian's libfftw3-dev when pkg-config lacks it.
deps:
	@if ! pkg-config --exists fftw3f 2>/dev/null; then \
		echo "installing libfftw3-dev (FFTW, single and double precision) with apt-get"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libfftw3-dev pkg-config; \
	fi
	@pkg-config --exists fftw3f || { echo "error: FFTW (fftw3f) still not found by pkg-config; install libfftw3-dev" >&2; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: deps
	$(SWIFT) run signals render Examples/specs/wave.json --rate 1000 --duration 0.01 --format csv

bench: deps
	$(SWIFT) run -c release bench

clean:
	rm -rf .build
