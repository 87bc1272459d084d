import Formats
import Foundation
import InternalUtilities
import Signals
import Testing

/// `signals render` of IMU and attitude specs, `signals allan`, `signals import`, and the loop through the CLI.
@Suite struct SensorCommandTests {
    static func example(_ path: String) -> String { Executables.packageRoot.appendingPathComponent(path).path }

    /// `signals render` of the example spec at `path` to CSV, at `rate` Hz for `duration` seconds.
    static func renderCSV(_ path: String, rate: String, duration: String) throws -> Executables.Result {
        try Executables.runSucceeding(
            "signals", ["render", example(path), "--rate", rate, "--duration", duration, "--format", "csv"])
    }

    @Test(
        "render: an IMU spec's CSV columns are accelerometer.x,…,gyroscope.z; an attitude motion adds attitude.w,x,y,z")
    func renderColumns() throws {
        let imu = try Self.renderCSV("Examples/specs/imu/kalibr-example.json", rate: "100", duration: "0.05")
        #expect(
            imu.text.hasPrefix(
                "t,accelerometer.x,accelerometer.y,accelerometer.z,gyroscope.x,gyroscope.y,gyroscope.z\n"))
        let tilt = try Self.renderCSV("Examples/specs/tilt-attitude.json", rate: "10", duration: "0.2")
        #expect(
            tilt.text.hasPrefix(
                "t,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z,attitude.w,attitude.x,attitude.y,attitude.z\n"
            ))
        // `signals play` reads the 13 columns back, attitude included.
        let file = try Executables.temporaryFile("tilt.csv", contents: tilt.text)
        let play = try Executables.runSucceeding("signals", ["play", file.path, "--speed", "1000"])
        #expect(play.text.contains("\"attitude\""))
    }

    @Test("allan --json: one object per channel with the contract's keys; --si scales the accelerometer")
    func allanJSON() throws {
        let r = try Executables.runSucceeding(
            "signals",
            [
                "allan", Self.example("Examples/specs/imu/kalibr-example.json"), "--rate", "100", "--duration", "600",
                "--json", "--channel", "gyroscope.x,accelerometer.z",
            ])
        let value = try JSONValue.parse(r.stdout)
        let items = try #require(value.array, "not an array: \(r.text.prefix(200))")
        try #require(items.count == 2)
        let gyro = try #require(
            { if case .object(let o) = items[0] { o } else { nil } }(), "not an object: \(items[0])")
        let accel = try #require(
            { if case .object(let o) = items[1] { o } else { nil } }(), "not an object: \(items[1])")
        for key in ["channel", "tau", "adev", "noiseDensity", "randomWalk", "biasInstability"] {
            #expect(gyro[key] != nil, "\(key)")
        }
        #expect(gyro["channel"]?.string == "gyroscope.x")
        #expect(accel["channel"]?.string == "accelerometer.z")
        let n = try #require(gyro["noiseDensity"]?.double)
        #expect(abs(n / 2e-4 - 1) < 0.05)
        let na = try #require(accel["noiseDensity"]?.double)
        #expect(abs(na * 9.80665 / 0.002 - 1) < 0.05)  // g/√Hz without --si
        let si = try Executables.runSucceeding(
            "signals",
            [
                "allan", Self.example("Examples/specs/imu/kalibr-example.json"), "--rate", "100", "--duration", "600",
                "--json", "--si", "--channel", "accelerometer.z",
            ])
        let siItems = try #require(try JSONValue.parse(si.stdout).array, "not an array: \(si.text.prefix(200))")
        let siFirst = try #require(siItems.first)
        let siAccel = try #require(
            { if case .object(let o) = siFirst { o } else { nil } }(), "not an object: \(siFirst)")
        let siDensity = try #require(siAccel["noiseDensity"]?.double)
        #expect(abs(siDensity / 0.002 - 1) < 0.05)
        #expect(siAccel["unit"]?.string == "m/s^2")
    }

    @Test("import → allan --fit-spec → render: the loop through the CLI, with a plot")
    func loop() throws {
        let points = try Executables.temporaryFile("points.csv")
        let imu = try Executables.temporaryFile("imu.json")
        let svg = try Executables.temporaryFile("allan.svg")
        try Executables.runSucceeding(
            "signals",
            [
                "import", Self.example("Examples/recordings/phyphox/Accelerometer.csv"),
                Self.example("Examples/recordings/phyphox/Gyroscope.csv"), "--rate", "100",
                "--interpolation", "cubic", "-o", points.path,
            ])
        let header = try String(contentsOf: points, encoding: .utf8).split(separator: "\n").first
        #expect(
            header
                == "timestamp,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z"
        )
        let fitted = try Executables.runSucceeding(
            "signals", ["allan", points.path, "--fit-spec", imu.path, "--plot", svg.path])
        #expect(fitted.text.contains("gyroscope.z"))
        #expect(fitted.text.contains("N = "))
        #expect(try String(contentsOf: svg, encoding: .utf8).contains("<svg"))
        let spec = try String(contentsOf: imu, encoding: .utf8)
        #expect(spec.contains("\"accelerometer_noise_density\""))
        #expect(spec.contains("\"gyroscope_noise_density\""))
        let render = try Executables.runSucceeding(
            "signals", ["render", imu.path, "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(render.text.split(separator: "\n").count == 101)
    }

    @Test("the SensorTour example counts 108 ± 2 steps and reads the gyroscope's noise density back")
    func sensorTour() throws {
        let r = try Executables.runSucceeding("SensorTour", [])
        let steps =
            r.text.split(separator: "\n").first { $0.hasPrefix("steps in 60 s: ") }.flatMap { Int($0.dropFirst(15)) }
            ?? 0
        #expect(abs(steps - 108) <= 2, "\(r.text)")
        let line = r.text.split(separator: "\n").first { $0.hasPrefix("gyroscope noise density: ") } ?? ""
        let measured = Double(line.dropFirst(25).prefix { $0 != " " }) ?? 0
        #expect(abs(measured / 1.2597e-4 - 1) < 0.05, "\(r.text)")
    }

    @Test(
        "bad input: exit 2 with a message naming the problem",
        arguments: [
            (["allan", "Examples/specs/imu/kalibr-example.json"], "give --rate and --duration"),
            (
                [
                    "allan", "Examples/specs/imu/kalibr-example.json", "--rate", "100", "--duration", "60", "--channel",
                    "gyroscope.q",
                ], "did you mean 'gyroscope.x'"
            ),
            (["allan", "Examples/recordings/phyphox/Gyroscope.csv"], "time column"),
            (["import", "Examples/recordings/sensor-logger/Gyroscope.csv", "--rate", "100"], "--platform"),
            (["import", "Examples/specs/imu/kalibr-example.json", "--rate", "100"], "not a phyphox or Sensor Logger"),
            (["import", "Examples/recordings/phyphox/Gyroscope.csv", "--rate", "-5"], "rate"),
            (
                [
                    "import", "Examples/recordings/phyphox/Accelerometer.csv",
                    "Examples/recordings/phyphox/Gyroscope.csv", "--rate", "100", "--gravity-window", "1e300",
                ], "gravity window"
            ),
            (
                [
                    "import", "Examples/recordings/phyphox/Accelerometer.csv",
                    "Examples/recordings/phyphox/Gyroscope.csv", "--rate", "1e-300",
                ], "fewer than two points"
            ),
            (["play", "Examples/specs/imu/kalibr-example.json", "--rate", "100", "--duration", "1"], "IMU spec"),
            (
                ["verify", "Examples/specs/presets/shaking.json", "--rate", "100", "--duration", "10"],
                "not spectrally checkable"
            ),
            (
                [
                    "render", "Examples/specs/presets/free-fall.json", "--rate", "100", "--duration", "1", "--start",
                    "2e7", "--format", "csv",
                ], "2^27"
            ),
        ])
    func badInput(_ arguments: [String], _ fragment: String) throws {
        let r = try Executables.run("signals", arguments)
        #expect(r.status == 2, "\(r.text) \(r.stderr)")
        #expect(r.stderr.contains(fragment), "\(r.stderr)")
    }
    @Test(
        "import a Sensor Logger folder: Annotation.csv skipped with a note on stderr; --platform against Metadata.csv refused"
    )
    func importFolder() throws {
        let dir = try Executables.temporaryFile("sensor-logger-export")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let examples = Executables.packageRoot.appendingPathComponent("Examples/recordings/sensor-logger")
        for name in ["Accelerometer.csv", "Gravity.csv", "Gyroscope.csv", "Metadata.csv"] {
            try FileManager.default.copyItem(
                at: examples.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        try Data("time,seconds_elapsed,millisecond_press_duration,text\n".utf8).write(
            to: dir.appendingPathComponent("Annotation.csv"))
        let r = try Executables.runSucceeding("signals", ["import", dir.path, "--rate", "50"])
        #expect(
            r.stderr.contains("note: skipped \(dir.appendingPathComponent("Annotation.csv").path): it holds no rows"),
            "\(r.stderr)")
        #expect(r.text.hasPrefix("timestamp,userAcceleration.x"))
        try Executables.runRefused(
            "signals", ["import", dir.path, "--rate", "50", "--platform", "android"],
            naming: "Metadata.csv:2: --platform android contradicts this Metadata.csv")
    }

    /// A real export under Tests/SensorsTests/Data (its README.md names the source and licence).
    static func realExport(_ path: String) -> String {
        Executables.packageRoot.appendingPathComponent("Tests/SensorsTests/Data").appendingPathComponent(path).path
    }

    /// The columns of the first data row of an import's CSV, which must have 10 (the timestamp and the nine
    /// motion values); the import must have printed no note.
    static func firstRowWithoutNote(_ r: Executables.Result) throws -> [Double] {
        #expect(!r.stderr.contains("note:"), "\(r.stderr)")
        let first = try row(r, 0)
        try #require(first.count == 10)
        return first
    }

    /// The columns of a point CSV's data row `k` (0: the first after the header).
    static func row(_ r: Executables.Result, _ k: Int) throws -> [Double] {
        let lines = r.lines
        try #require(lines.count > k + 1, "\(r.text.prefix(300))")
        return lines[k + 1].split(separator: ",").compactMap { Double($0) }
    }

    @Test(
        "import a real phyphox iOS export's folder: 296 points at 100 Hz, no note, the gyroscope's first rate in the first row"
    )
    func importRealPhyphox() throws {
        let r = try Executables.runSucceeding(
            "signals", ["import", Self.realExport("phyphox-DeadReckoning"), "--rate", "100"])
        #expect(
            r.lines.first
                == "timestamp,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z"
        )
        #expect(r.lines.count == 1 + 296)
        let first = try Self.firstRowWithoutNote(r)
        #expect(first[0] == 0)
        // Gyroscope.csv row 1: 1.958608333E-2,1.314016283E-1,1.265425533E-1,7.930336893E-2 (rad/s).
        #expect(
            zip(first[7...9], [1.314016283E-1, 1.265425533E-1, 7.930336893E-2]).allSatisfy { abs($0 - $1) < 1e-12 },
            "\(first)")
        let last = try Self.row(r, 295)
        #expect(abs(last[0] - 2.95) < 1e-9)
    }

    @Test(
        "import a real Sensor Logger export (no Metadata.csv): refused without --platform naming Accelerometer.csv; with it, 298 points"
    )
    func importRealSensorLogger() throws {
        let folder = Self.realExport("SensorLogger-kalman-net")
        try Executables.runRefused(
            "signals", ["import", folder, "--rate", "100"],
            naming:
                "\(folder)/Accelerometer.csv: Sensor Logger's acceleration sign depends on the phone: pass its Metadata.csv too, or --platform ios|android"
        )
        let ios = try Executables.runSucceeding("signals", ["import", folder, "--rate", "100", "--platform", "ios"])
        // 0.0228515625 … 3.002583251953125 s at 100 Hz.
        #expect(ios.lines.count == 1 + 298)
        let first = try Self.firstRowWithoutNote(ios)
        // Accelerometer.csv row 1 (z,y,x): -0.05398235007822513,-0.010347553551103918,0.040905997184314764 m/s²; no gravity stream: gravity 0.
        #expect(abs(first[1] - 0.040905997184314764 / 9.80665) < 1e-15)
        #expect(abs(first[3] + 0.05398235007822513 / 9.80665) < 1e-15)
        #expect(first[4...6].allSatisfy { $0 == 0 })
        let android = try Self.row(
            try Executables.runSucceeding("signals", ["import", folder, "--rate", "100", "--platform", "android"]), 0)
        #expect(android[1] == -first[1])
        #expect(android[7...9] == first[7...9])
    }

    @Test(
        "import a real Sensor Logger uncalibrated export: GyroscopeUncalibrated.csv read, not skipped; its rate in the first row"
    )
    func importRealUncalibrated() throws {
        let r = try Executables.runSucceeding(
            "signals",
            [
                "import", Self.realExport("SensorLogger-quaternion-complementary-filter"), "--rate", "100",
                "--platform", "ios",
            ])
        let first = try Self.firstRowWithoutNote(r)
        // GyroscopeUncalibrated.csv row 1 (z,y,x): 0.0007491472060792148,-0.16851603984832764,0.062139272689819336 rad/s.
        #expect(
            zip(first[7...9], [0.062139272689819336, -0.16851603984832764, 0.0007491472060792148]).allSatisfy {
                abs($0 - $1) < 1e-12
            }, "\(first)")
    }

    @Test(
        "import a real phyphox Raw Data.csv: a note that 9.81 m/s² per g was assumed; none with --platform android; 617 points"
    )
    func importRealRawData() throws {
        let path = Self.realExport("phyphox-pyphox/Raw Data.csv")
        let assumed = try Executables.runSucceeding("signals", ["import", path, "--rate", "100"])
        #expect(
            assumed.stderr.contains(
                "note: \(path): no phyphox meta/device.csv and no --platform: accelerations read with iOS's 9.81 m/s² per g"
            ), "\(assumed.stderr)")
        // 7.359827000E-3 … 6.171606702 s at 100 Hz.
        #expect(assumed.lines.count == 1 + 617)
        let android = try Executables.runSucceeding(
            "signals", ["import", path, "--rate", "100", "--platform", "android"])
        let first = try Self.firstRowWithoutNote(android)
        // Row 1: 7.359827000E-3,7.499999832E-3,-1.799999923E-2,6.830000132E-2 m/s², Android's sign: CoreMotion g is −value / 9.80665.
        #expect(abs(first[1] + 7.499999832E-3 / 9.80665) < 1e-15)
        #expect(abs(first[3] + 6.830000132E-2 / 9.80665) < 1e-15)
    }

    /// Real files that `import` refuses (exit 2): the files, the flags after `--rate 100`, and what standard
    /// error must say.
    static let realRefusals: [(files: [String], flags: [String], message: String)] = {
        let renamed = realExport("SensorLogger-kalman-net/renamed/noise_Gyr.csv")
        // Sensor Logger files of two real exports (2023 and 2025): the second file is named, and both starts.
        let accelerometer = realExport("SensorLogger-quaternion-complementary-filter/AccelerometerUncalibrated.csv")
        let gyroscope = realExport("SensorLogger-kalman-net/Gyroscope.csv")
        // A real phyphox file re-saved with rounded times: the file, line 4 and why.
        let rounded = realExport("phyphox-Activity-Tracking-Project/kjb_data.csv")
        return [
            ([renamed], ["--platform", "ios"], "\(renamed): a Sensor Logger file is named after its sensor"),
            (
                [accelerometer, gyroscope], ["--platform", "ios"],
                "\(gyroscope):2: this file is from another Sensor Logger recording than \(accelerometer): its recording started at 2025-05-07 20:45:40 +0000"
            ),
            (
                [rounded], [],
                "\(rounded):4: column 1: this row and the 2 complete rows before it (from line 2) all have time 120.0 s: the times were rounded"
            ),
        ]
    }()

    @Test(
        "import real files it cannot read (renamed by their author, of two recordings, with rounded times): exit 2 naming the file and why",
        arguments: realRefusals)
    func importRealRefused(files: [String], flags: [String], message: String) throws {
        try Executables.runRefused("signals", ["import"] + files + ["--rate", "100"] + flags, naming: message)
    }
}
