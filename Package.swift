// swift-tools-version:6.1
// Tools version 6.1 (package traits on the Hummingbird dependency) needs Swift 6.1: Xcode 16.3 or later.
import PackageDescription

/// The products `names` of the package `package` (its URL's last component), as dependencies.
func products(_ package: String, _ names: String...) -> [Target.Dependency] {
    names.map { .product(name: $0, package: package) }
}

/// An example program: `Examples/NAME`, on the umbrella library.
func example(_ name: String) -> Target {
    .executableTarget(name: name, dependencies: ["SignalRunner"], path: "Examples/\(name)")
}

let package = Package(
    name: "SignalRunner",
    // The Swift 6 runtime's releases: `String(validating:as:)`, `Synchronization.Mutex` and typed throws
    // runtime support are there with no `#available`. `make check-apple` fails on any newer standard-library
    // API used outside an `#available` scope; every Apple-only branch is listed, with its reason, in
    // Sources/SensorFeeds/SensorFeeds.docc/ApplePlatforms.md.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // Signals + Playback: everything an app needs to generate and play signals (no GPL code).
        .library(name: "SignalRunner", targets: ["SignalRunner"]),
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "Playback", targets: ["Playback"]),
        // Routes on the WGS84 ellipsoid, GNSS-like error, GPX in and out.
        .library(name: "Location", targets: ["Location"]),
        .library(name: "SensorFeeds", targets: ["SensorFeeds"]),
        // IMU error model, Allan deviation, phone-recording importers, motion presets.
        .library(name: "Sensors", targets: ["Sensors"]),
        // One trajectory, every sensor: the barometer and magnetometer measurement models (and the trajectory).
        .library(name: "Navigation", targets: ["Navigation"]),
        // The FFTW-based verifier, separate because FFTW is GPL-licensed. Linux and the macOS command line
        // only (FFTW through pkg-config: Debian's libfftw3-dev, Homebrew's fftw); no iOS, tvOS, watchOS or
        // visionOS build of FFTW exists, and no product an app adds (SignalRunner and its parts) depends on it.
        .library(name: "SignalSpectrum", targets: ["SignalSpectrum"]),
        // The live server (Hummingbird, SwiftNIO): its own product, never part of the umbrella; it runs on
        // Linux and macOS.
        .library(name: "LiveServer", targets: ["LiveServer"]),
        .executable(name: "signals", targets: ["SignalsCLI"]),
        // `signals serve` runs this sibling executable, so that `signals` itself never links SwiftNIO.
        .executable(name: "signals-serve", targets: ["SignalsServe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The live server only (LiveServer, signals-serve, their tests). No traits: no swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // NIOHTTPTypes: the fan-out writes a stream's HTTP body parts to its channel directly.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `make docs`: builds every module's DocC catalog (swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // KalibrYAML: Kalibr / OpenVINS / ORB-SLAM3 `imu.yaml` files named by an IMU spec's `kalibr` key (the
        // command line and the server only; no product an app adds links it).
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // Shared plumbing every module uses and no product exports (as swift-collections'
        // InternalCollectionsUtilities): the JSON value and its writer, quoting, the monotonic clock, the Runner's parker.
        .target(name: "InternalUtilities", resources: [.copy("PrivacyInfo.xcprivacy")]),
        // Native AVX2 / AVX-512 kernels chosen at run time (C with target attributes: no compiler flags).
        .target(name: "CSignalKernels"),
        // The values every layer passes around and the package's error model (public, re-exported by the engines).
        .target(name: "SensorData", dependencies: ["InternalUtilities"]),
        .target(name: "Signals", dependencies: ["SensorData", "Formats", "CSignalKernels", "InternalUtilities"]),
        // The file and wire formats, in no product: opening a file or standard input once (NamedInput),
        // bounded byte and CSV readers, .npy headers, file identity for output safety, strict JSON parsing,
        // the live server's wire formats (SSE, chunked coding, RFC 6455 frames, SHA-1) and MCAP/CDR/ROS 2.
        // PrivacyInfo.xcprivacy: Apple's privacy manifest (required-reason APIs), checked by `make check-apple`.
        .target(
            name: "Formats", dependencies: ["SensorData", "InternalUtilities"],
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        // The Runner, its clocks and the point sources (signals, point files, routes, trajectories): above the engines.
        .target(
            name: "Playback",
            dependencies: [
                "SensorData", "Signals", "Location", "Sensors", "Navigation", "Formats", "InternalUtilities",
            ]),
        .target(name: "Location", dependencies: ["SensorData", "Signals", "Formats", "InternalUtilities"]),
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3f",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),
        // Sensors: `signals compare`'s realism features resample recordings with its interpolation and gap rule.
        .target(
            name: "SignalSpectrum", dependencies: ["SensorData", "Signals", "Sensors", "CFFTW", "InternalUtilities"]),
        // CoreMotion- and CoreLocation-shaped managers fed by signals, files or a live server (no SwiftNIO).
        .target(
            name: "SensorFeeds",
            dependencies: [
                "SensorData", "Signals", "Playback", "Location", "Sensors", "Navigation", "Formats",
                "InternalUtilities",
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        // Realistic sensors: the IMU error model, Allan deviation, recordings in, motion presets.
        .target(name: "Sensors", dependencies: ["SensorData", "Signals", "Formats", "InternalUtilities"]),
        // The Kalibr / OpenVINS / ORB-SLAM3 imu.yaml reader: Yams, linked by the command line and the server only.
        .target(name: "KalibrYAML", dependencies: ["Sensors", "SensorData"] + products("Yams", "Yams")),
        // The trajectory and the sensors derived from it: barometer (ISA, EGM96) and magnetometer (WMM2025) models.
        .target(
            name: "Navigation",
            dependencies: ["SensorData", "Signals", "Sensors", "Location", "Formats", "InternalUtilities"]),
        .target(
            name: "SignalRunner",
            dependencies: ["SensorData", "Signals", "Playback", "SensorFeeds", "Location", "Sensors", "Navigation"]),
        // The one loader of spec documents (signals, motion, IMUs, routes), shared by the CLI and the server.
        .target(
            name: "Specs",
            dependencies: [
                "Signals", "Playback", "Location", "Sensors", "KalibrYAML", "Navigation", "Formats",
                "InternalUtilities",
            ]),
        // The two executables' root-command runner: parse, run, and report every failure as `error: ...`.
        .target(name: "CommandSupport", dependencies: products("swift-argument-parser", "ArgumentParser")),
        .executableTarget(
            name: "SignalsCLI",
            dependencies: [
                "Signals", "Playback", "SignalSpectrum", "Specs", "Location", "Sensors", "Navigation", "Formats",
                // SensorFeeds: `signals compare` reads render directories with its reader (RenderDirectory).
                "SensorFeeds", "InternalUtilities", "CommandSupport",
            ] + products("swift-argument-parser", "ArgumentParser")
        ),
        // The live server: one shared timeline fanned out over HTTP, SSE and WebSocket, and the web console.
        // The web console's HTML, JavaScript and CSS (Console/Web/) are compiled in by EmbedWebConsole.
        .executableTarget(name: "EmbedFiles", path: "Plugins/EmbedFiles"),
        .plugin(name: "EmbedWebConsole", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .target(
            name: "LiveServer",
            dependencies: [
                "Signals", "Playback", "Specs", "Location", "Navigation", "Formats", "InternalUtilities",
            ] + products("hummingbird", "Hummingbird", "HummingbirdCore")
                + products("hummingbird-websocket", "HummingbirdWebSocket")
                + products("swift-nio", "NIOCore", "NIOConcurrencyHelpers", "NIOHTTP1", "NIOPosix", "NIOWebSocket")
                + products("swift-nio-extras", "NIOHTTPTypes")
                + products("swift-http-types", "HTTPTypes") + products("swift-service-lifecycle", "ServiceLifecycle"),
            exclude: ["Console/Web"],
            plugins: ["EmbedWebConsole"]
        ),
        .executableTarget(
            name: "SignalsServe",
            dependencies: [
                "LiveServer", "CommandSupport",
            ] + products("swift-nio", "NIOCore") + products("swift-argument-parser", "ArgumentParser")
        ),
        // epoll(7) for the bench's fleet of clients (Swift's Glibc module does not export it).
        .target(name: "CBenchEpoll", path: "Benchmarks/CBenchEpoll"),
        .executableTarget(
            name: "bench",
            dependencies: [
                "InternalUtilities", "CBenchEpoll", "Formats",
                "Signals", "Playback", "SignalSpectrum", "Location", "Sensors", "SensorFeeds", "Navigation",
            ] + products("swift-argument-parser", "ArgumentParser"),
            path: "Benchmarks/bench"
        ),
        example("SignalTour"), example("PredefinedPoints"), example("SineMotion"), example("ShakeMotion"),
        example("LocationWalk"), example("SensorTour"),
        // libFuzzer harnesses (see Fuzz/README.md). `make fuzz` builds them with -sanitize=fuzzer; a plain
        // build makes each a reproducer that runs the harness over the files named on its command line.
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver", "Signals", "Playback"], path: "Fuzz/Support"),
        .executableTarget(
            name: "FuzzSpec", dependencies: ["FuzzSupport", "Signals", "Playback", "Specs"], path: "Fuzz/FuzzSpec"),
        .executableTarget(
            name: "FuzzJSON", dependencies: ["FuzzSupport", "Signals", "Formats", "InternalUtilities"],
            path: "Fuzz/FuzzJSON"),
        .executableTarget(name: "FuzzPoints", dependencies: ["FuzzSupport", "Playback"], path: "Fuzz/FuzzPoints"),
        .executableTarget(
            name: "FuzzRecording", dependencies: ["FuzzSupport", "Playback", "Signals"], path: "Fuzz/FuzzRecording"),
        .executableTarget(
            name: "FuzzFeed",
            dependencies: ["FuzzSupport", "SensorFeeds", "Signals", "Playback", "Location", "Formats"],
            path: "Fuzz/FuzzFeed"),
        // App-side code as an iOS developer writes it, against MotionProviding and LocationProviding
        // (run by SensorFeedsServerTests against a spec, files and a live server).
        example("AppIntegration"),
        // The tests' shared helpers (as HummingbirdTesting, NIOTestUtils): a blocking loopback connection with
        // bounded waits, a listener, an HTTP/1.1 request helper and an SSE client, on the package's own wire
        // readers; the Examples folder, .npy fixtures and a collector of update handlers' values. In no
        // product; no SwiftNIO.
        .target(
            name: "SignalRunnerTesting", dependencies: ["Formats", "InternalUtilities", "Playback"],
            path: "Tests/SignalRunnerTesting"),
        .testTarget(
            name: "SignalsTests", dependencies: ["SignalRunnerTesting", "InternalUtilities", "Formats", "Signals"]),
        .testTarget(
            name: "PlaybackTests",
            dependencies: ["SignalRunnerTesting", "InternalUtilities", "Formats", "Playback", "Signals"]),
        .testTarget(
            name: "LocationTests",
            dependencies: ["SignalRunnerTesting", "InternalUtilities", "Formats", "Location", "Playback", "Signals"],
            resources: [.copy("Data")]),
        // Data/realism: real phone and watch recordings (each with its licence) the realism features are tested on.
        .testTarget(
            name: "SignalSpectrumTests", dependencies: ["SignalSpectrum", "Signals", "Sensors", "Playback"],
            resources: [.copy("Data")]),
        // Runs the built `signals`; SensorFeeds plays what it writes (a rendered route's CSV).
        .testTarget(
            name: "SignalsCLITests",
            dependencies: [
                "SignalRunnerTesting", "InternalUtilities", "Formats", "Signals", "Location", "Playback",
                "SensorFeeds", "Navigation",
            ]),
        .testTarget(
            name: "SensorsTests",
            dependencies: [
                "SignalRunnerTesting", "Sensors", "KalibrYAML", "Signals", "Playback", "Formats", "SignalSpectrum",
            ],
            resources: [.copy("Data")]),
        .testTarget(
            name: "NavigationTests",
            dependencies: [
                "SignalRunnerTesting", "Navigation", "Location", "Sensors", "KalibrYAML", "Playback", "Signals",
                "Formats", "InternalUtilities",
            ],
            exclude: ["Data"]),
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "SensorData", "InternalUtilities"]),
        // Dataset plans (Specs): distributions, substitution, determinism, refusals.
        .testTarget(
            name: "SpecsTests",
            dependencies: ["SignalRunnerTesting", "Specs", "Signals", "Formats", "InternalUtilities"]),
        .testTarget(
            name: "SensorFeedsTests",
            dependencies: [
                "SignalRunnerTesting", "SensorFeeds", "Playback", "Formats", "Signals", "Location", "Sensors",
                "Navigation",
            ],
            exclude: ["Data"]),
        // The managers against a real server started in process on loopback (SensorFeeds itself links no SwiftNIO).
        .testTarget(
            name: "SensorFeedsServerTests",
            dependencies: [
                "SignalRunnerTesting", "Formats",
                "SensorFeeds", "LiveServer", "Signals", "Playback", "Specs", "Location", "Navigation",
            ] + products("hummingbird", "Hummingbird") + products("hummingbird-websocket", "HummingbirdWebSocket")
                + products("swift-log", "Logging") + products("swift-service-lifecycle", "ServiceLifecycle")
        ),
        .testTarget(
            name: "LiveServerTests",
            dependencies: [
                "SignalRunnerTesting", "InternalUtilities",
                "Formats",
                "LiveServer", "Signals", "Playback", "Specs", "Location", "Navigation",
            ] + products("hummingbird", "HummingbirdTesting") + products("hummingbird-websocket", "HummingbirdWSClient")
                + products("swift-nio", "NIOCore", "NIOHTTP1", "NIOPosix", "NIOEmbedded", "NIOWebSocket")
                + products("swift-log", "Logging")
                + products("swift-service-lifecycle", "ServiceLifecycle")
        ),
    ],
    swiftLanguageModes: [.v6]
)
