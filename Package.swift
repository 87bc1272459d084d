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
        // IMU error model, Allan deviation, phone-recording importers, motion presets.
        .library(name: "Sensors", targets: ["Sensors"]),
        // The FFTW-based verifier, separate because FFTW is GPL-licensed.
        .library(name: "SignalSpectrum", targets: ["SignalSpectrum"]),
        .executable(name: "signals", targets: ["SignalsCLI"]),
        .executable(name: "bench", targets: ["bench"]),
        .executable(name: "SignalTour", targets: ["SignalTour"]),
        .executable(name: "PredefinedPoints", targets: ["PredefinedPoints"]),
        .executable(name: "SineMotion", targets: ["SineMotion"]),
        .executable(name: "ShakeMotion", targets: ["ShakeMotion"]),
        .executable(name: "SensorTour", targets: ["SensorTour"]),
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
        // Realistic sensors: the IMU error model, Allan deviation, recordings in, motion presets.
        .target(name: "Sensors", dependencies: ["Signals", "Playback"]),
        .target(name: "SignalRunner", dependencies: ["Signals", "Playback", "Sensors"]),
        // The one loader of spec documents (signals, motion, IMUs; later routes), shared by the CLI and the server.
        .target(name: "Specs", dependencies: ["Signals", "Playback", "Sensors"]),
        .executableTarget(
            name: "SignalsCLI",
            dependencies: [
                "Signals", "Playback", "SignalSpectrum", "Specs", "Sensors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "bench",
            dependencies: [
                "Signals", "Playback", "SignalSpectrum", "Sensors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/bench"
        ),
        .executableTarget(name: "SignalTour", dependencies: ["SignalRunner"], path: "Examples/SignalTour"),
        .executableTarget(name: "PredefinedPoints", dependencies: ["SignalRunner"], path: "Examples/PredefinedPoints"),
        .executableTarget(name: "SineMotion", dependencies: ["SignalRunner"], path: "Examples/SineMotion"),
        .executableTarget(name: "ShakeMotion", dependencies: ["SignalRunner"], path: "Examples/ShakeMotion"),
        .executableTarget(name: "SensorTour", dependencies: ["SignalRunner"], path: "Examples/SensorTour"),
        .testTarget(name: "SignalsTests", dependencies: ["Signals"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "Signals"]),
        .testTarget(name: "SignalSpectrumTests", dependencies: ["SignalSpectrum", "Signals"]),
        .testTarget(name: "SignalsCLITests", dependencies: ["Signals"]),
        .testTarget(name: "SensorsTests", dependencies: ["Sensors", "Signals", "Playback", "SignalSpectrum"]),
    ],
    swiftLanguageModes: [.v6]
)
