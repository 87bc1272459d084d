// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SignalRunner",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // Signals + Playback: everything an app needs to generate and play signals (no GPL code).
        .library(name: "SignalRunner", targets: ["SignalRunner"]),
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "Playback", targets: ["Playback"]),
        // The FFTW-based verifier, separate because FFTW is GPL-licensed.
        .library(name: "SignalSpectrum", targets: ["SignalSpectrum"]),
        .executable(name: "signals", targets: ["SignalsCLI"]),
        .executable(name: "bench", targets: ["bench"]),
        .executable(name: "SignalTour", targets: ["SignalTour"]),
        .executable(name: "PredefinedPoints", targets: ["PredefinedPoints"]),
        .executable(name: "SineMotion", targets: ["SineMotion"]),
        .executable(name: "ShakeMotion", targets: ["ShakeMotion"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Native AVX2 / AVX-512 kernels chosen at run time (C with target attributes: no compiler flags).
        .target(name: "CSignalKernels"),
        .target(name: "Signals", dependencies: ["CSignalKernels"]),
        .target(name: "Playback", dependencies: ["Signals"]),
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3f",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),
        .target(name: "SignalSpectrum", dependencies: ["Signals", "CFFTW"]),
        .target(name: "SignalRunner", dependencies: ["Signals", "Playback"]),
        // The one loader of spec documents (signals, motion; later routes and IMUs), shared by the CLI and the server.
        .target(name: "Specs", dependencies: ["Signals", "Playback"]),
        .executableTarget(
            name: "SignalsCLI",
            dependencies: [
                "Signals", "Playback", "SignalSpectrum", "Specs",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "bench",
            dependencies: [
                "Signals", "Playback", "SignalSpectrum",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/bench"
        ),
        .executableTarget(name: "SignalTour", dependencies: ["SignalRunner"], path: "Examples/SignalTour"),
        .executableTarget(name: "PredefinedPoints", dependencies: ["SignalRunner"], path: "Examples/PredefinedPoints"),
        .executableTarget(name: "SineMotion", dependencies: ["SignalRunner"], path: "Examples/SineMotion"),
        .executableTarget(name: "ShakeMotion", dependencies: ["SignalRunner"], path: "Examples/ShakeMotion"),
        // libFuzzer harnesses (see Fuzz/README.md). `make fuzz` builds them with -sanitize=fuzzer; a plain
        // build makes each a reproducer that runs the harness over the files named on its command line.
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver", "Signals", "Playback"], path: "Fuzz/Support"),
        .executableTarget(name: "FuzzSpec", dependencies: ["FuzzSupport", "Signals", "Playback", "Specs"], path: "Fuzz/FuzzSpec"),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", "Signals"], path: "Fuzz/FuzzJSON"),
        .executableTarget(name: "FuzzPoints", dependencies: ["FuzzSupport", "Playback"], path: "Fuzz/FuzzPoints"),
        .executableTarget(name: "FuzzRecording", dependencies: ["FuzzSupport", "Playback", "Signals"], path: "Fuzz/FuzzRecording"),
        .testTarget(name: "SignalsTests", dependencies: ["Signals"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "Signals"]),
        .testTarget(name: "SignalSpectrumTests", dependencies: ["SignalSpectrum", "Signals"]),
        .testTarget(name: "SignalsCLITests", dependencies: ["Signals"]),
    ],
    swiftLanguageModes: [.v6]
)
