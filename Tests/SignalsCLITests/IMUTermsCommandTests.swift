import Foundation
import Testing

/// An IMU error term outside its range, wherever it is written (a trajectory's `sensors.imu`, a plain
/// `{"imu": …}`, a preset with an override, a Kalibr file, a dataset template), is refused with its JSON path
/// and exit 2 by every command that would write it (render CSV, npy, MCAP, play, dataset): no `inf` or `NaN`
/// ever reaches a file or a line.
@Suite struct IMUTermsCommandTests {
    static let walk =
        (try? String(
            contentsOf: Executables.packageRoot.appendingPathComponent("Examples/trajectories/walk.json"),
            encoding: .utf8)) ?? "(Examples/trajectories/walk.json is missing)"

    /// The walk example with its IMU replaced by `imu` (the body of `sensors.imu`).
    static func trajectory(imu: String) throws -> URL {
        let text = Self.walk.replacingOccurrences(
            of: #""imu": {"preset": "bmi160", "seed": 7}"#, with: #""imu": \#(imu)"#)
        #expect(text != Self.walk, "the example's IMU line changed: update this test")
        return try Executables.temporaryFile("walk.json", contents: text)
    }

    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("imu-terms-\(UUID().uuidString)")
    }

    /// The repros of the hostile pass and their siblings: each bad term, and the path and words of its error.
    static let badTerms: [(term: String, field: String, fragment: String)] = [
        (
            #""gyroscope_bias_instability": 0.001, "gyroscope_bias_correlation_time": -5"#,
            "gyroscope_bias_correlation_time", "≥ 0"
        ),
        (#""accelerometer_noise_density": 1e300"#, "accelerometer_noise_density", "at most 10"),
        (#""gyroscope_noise_density": -0.001"#, "gyroscope_noise_density", "≥ 0"),
        (#""accelerometer_random_walk": -1"#, "accelerometer_random_walk", "≥ 0"),
        (#""gyroscope_random_walk": 1e200"#, "gyroscope_random_walk", "at most 10"),
        (
            #""gyroscope_bias_instability": 1e300, "gyroscope_bias_correlation_time": 10"#,
            "gyroscope_bias_instability", "at most 100"
        ),
        (#""accelerometer_bias_instability": 0.1"#, "accelerometer_bias_correlation_time", "positive"),
        (#""accelerometer_turn_on_bias": 1e300"#, "accelerometer_turn_on_bias", "at most 100"),
        (#""gyroscope_bias": -1e300"#, "gyroscope_bias", "within -1000"),
        (#""gyroscope_bandwidth": 1e300"#, "gyroscope_bandwidth", "at most 1000000"),
    ]

    @Test(
        "render --output-dir: a trajectory's bad IMU term exits 2 naming $.trajectory.sensors.imu.TERM, and no imu.csv is written",
        arguments: badTerms)
    func renderDirectory(_ term: String, _ field: String, _ fragment: String) throws {
        let spec = try Self.trajectory(imu: "{\(term)}")
        let dir = Self.directory()
        let result = try Executables.runFailing(
            "signals", ["render", spec.path, "--rate", "10", "--duration", "2", "--output-dir", dir.path])
        #expect(result.stderr.contains("$.trajectory.sensors.imu.\(field)"), "\(result.stderr)")
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("imu.csv").path))
    }

    @Test(
        "the same term in every command that writes a trajectory: npy, MCAP, play and plot exit 2 with the path, writing nothing"
    )
    func everyWriter() throws {
        let spec = try Self.trajectory(
            imu: #"{"gyroscope_bias_instability": 0.001, "gyroscope_bias_correlation_time": -5}"#)
        let dir = Self.directory()
        let mcap = FileManager.default.temporaryDirectory.appendingPathComponent("imu-terms-\(UUID().uuidString).mcap")
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("imu-terms-\(UUID().uuidString).svg")
        for arguments in [
            ["render", spec.path, "--rate", "10", "--duration", "2", "--output-dir", dir.path, "--format", "npy"],
            ["render", spec.path, "--rate", "10", "--duration", "2", "--format", "mcap", "-o", mcap.path],
            ["play", spec.path, "--rate", "10", "--duration", "1"],
            ["plot", spec.path, "--duration", "2", "-o", svg.path],
        ] {
            let result = try Executables.runFailing("signals", arguments)
            #expect(
                result.stderr.contains("$.trajectory.sensors.imu.gyroscope_bias_correlation_time"),
                "\(arguments[0]): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments[0]) printed \(result.text.prefix(200))")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path))
        #expect(!FileManager.default.fileExists(atPath: mcap.path))
        #expect(!FileManager.default.fileExists(atPath: svg.path))
    }

    @Test(
        "a plain IMU spec, a preset with an override and a Kalibr file are refused as the trajectory's IMU is",
        arguments: [
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_bias_instability": 0.001, "gyroscope_bias_correlation_time": -5}}"#,
                "$.imu.gyroscope_bias_correlation_time"
            ),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "preset": "adis16448", "gyroscope_bias_correlation_time": -5}}"#,
                "$.imu.gyroscope_bias_correlation_time"
            ),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "accelerometer_noise_density": 1e300}}"#,
                "$.imu.accelerometer_noise_density"
            ),
            (#"{"imu": {"motion": {"attitude": "faceUp"}, "kalibr": "huge.yaml"}}"#, "$.imu.kalibr"),
        ])
    func plainSpecs(_ json: String, _ path: String) throws {
        let folder = try Executables.temporaryFolder("imu-terms")
        try
            "accelerometer_noise_density: 1e300\naccelerometer_random_walk: 0\ngyroscope_noise_density: 0\ngyroscope_random_walk: 0\n"
            .write(to: folder.appendingPathComponent("huge.yaml"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("imu.json")
        try json.write(to: spec, atomically: true, encoding: .utf8)
        for arguments in [
            ["render", spec.path, "--rate", "100", "--duration", "1", "--format", "csv"],
            ["play", spec.path, "--rate", "100", "--duration", "0.1"],
        ] {
            let result = try Executables.runFailing("signals", arguments)
            #expect(result.stderr.contains(path), "\(arguments[0]): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments[0]) printed \(result.text.prefix(200))")
        }
    }

    @Test("a dataset template's trajectory IMU term is refused with its path before any recording is written")
    func datasetTemplate() throws {
        let plan = """
            {"seed": 1, "rate": 10, "duration": 2, "templates": [{"name": "walk", "spec": {"trajectory": {
              "route": {"speed": 1.4, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5010, "longitude": -0.1236}]},
              "vehicle": "walk", "sensors": {"imu": {"accelerometer_noise_density": 1e300}}}}}]}
            """
        let spec = try Executables.temporaryFile("plan.json", contents: plan)
        let dir = Self.directory()
        let result = try Executables.runFailing(
            "signals", ["dataset", spec.path, "--count", "1", "--output-dir", dir.path])
        #expect(
            result.stderr.contains("$.templates[0].spec.trajectory.sensors.imu.accelerometer_noise_density"),
            "\(result.stderr)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(!written.contains { $0.hasSuffix(".npy") || $0.hasSuffix(".csv") }, "\(written)")
    }

    @Test("the largest accepted terms render finite numbers in every stream (the ranges keep the output finite)")
    func largestTermsRenderFinite() throws {
        let spec = try Self.trajectory(
            imu: """
                {"accelerometer_noise_density": 10, "gyroscope_noise_density": 10, "accelerometer_random_walk": 10, \
                "gyroscope_random_walk": 10, "gyroscope_bias_instability": 100, "gyroscope_bias_correlation_time": 1e-300, \
                "accelerometer_bias_instability": 100, "accelerometer_bias_correlation_time": 1e9, "accelerometer_turn_on_bias": 100, \
                "gyroscope_bias": -1000, "accelerometer_bandwidth": 1e6, "seed": 3}
                """)
        let dir = Self.directory()
        try Executables.runSucceeding(
            "signals", ["render", spec.path, "--rate", "1000", "--duration", "2", "--output-dir", dir.path])
        let rows = try String(contentsOf: dir.appendingPathComponent("imu.csv"), encoding: .utf8).split(separator: "\n")
            .dropFirst()
        #expect(rows.count == 2000)
        let values = rows.flatMap { $0.split(separator: ",").map { Double($0) } }
        #expect(values.allSatisfy { $0?.isFinite == true })
    }
}
