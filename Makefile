# SignalRunner: `make demo` renders an example and prints a few values; `make test` runs every test.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release test demo bench fuzz fuzz-build sanitize sanitize-thread sanitize-address clean

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

# libFuzzer harnesses (Fuzz/): each runs FUZZ_SECONDS; crashes go to .build-fuzz/artifacts (never into git).
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES ?= FuzzSpec FuzzJSON FuzzPoints FuzzRecording
FUZZ_SCRATCH := .build-fuzz
FUZZ_FLAGS := -c release --scratch-path $(FUZZ_SCRATCH) -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
	-Xcc -fsanitize=fuzzer-no-link,address

fuzz-build: deps
	@for harness in $(FUZZ_HARNESSES); do \
		echo "building $$harness with libFuzzer and AddressSanitizer"; \
		$(SWIFT) build $(FUZZ_FLAGS) --product $$harness || exit 1; \
	done

fuzz: fuzz-build
	Fuzz/run-fuzzers $(FUZZ_SCRATCH) $(FUZZ_SECONDS) $(FUZZ_HARNESSES)

# The Playback tests under ThreadSanitizer, then every test under AddressSanitizer (own scratch paths).
sanitize: sanitize-thread sanitize-address

sanitize-thread: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter PlaybackTests

sanitize-address: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

clean:
	rm -rf .build .build-fuzz .build-tsan .build-asan
