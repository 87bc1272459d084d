import Foundation
import Testing

/// Trajectories through the `signals` tool: render (--output-dir, csv and npy, --start, one table), play,
/// plot, and the refusals.
@Suite struct TrajectoryCommandTests {
    static let example =
        (try? String(
            contentsOf: Executables.packageRoot.appendingPathComponent("Examples/trajectories/car.json"),
            encoding: .utf8)) ?? "(Examples/trajectories/car.json is missing)"
    static let headers = [
        "truth":
            "t,latitude,longitude,altitude,velocity.east,velocity.north,velocity.up,acceleration.east,acceleration.north,acceleration.up,attitude.w,attitude.x,attitude.y,attitude.z,rotationRate.x,rotationRate.y,rotationRate.z,altitude.msl,heading.true,heading.magnetic,steps,speed",
        "imu": "t,accelerometer.x,accelerometer.y,accelerometer.z,gyroscope.x,gyroscope.y,gyroscope.z",
        "magnetometer": "t,magnetometer.x,magnetometer.y,magnetometer.z",
        "barometer": "t,pressure",
        "gnss": "t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy",
    ]

    /// The rate of a stream when the render rate is `rate`.
    static func rate(_ name: String, _ rate: Double) -> Double {
        let own: [String: Double] = ["barometer": 25, "gnss": 1]
        return own[name] ?? rate
    }

    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trajectory-\(UUID().uuidString)")
        return dir
    }

    @Test("--output-dir writes one CSV per stream with the contract's headers, at each stream's rate")
    func outputDirectory() throws {
        let spec = try Executables.temporaryFile("car.json", contents: Self.example)
        let dir = try Self.directory()
        try Executables.runSucceeding(
            "signals", ["render", spec.path, "--rate", "100", "--duration", "20", "--output-dir", dir.path])
        for (name, header) in Self.headers {
            let lines = try textLines(dir.appendingPathComponent("\(name).csv"))
            #expect(lines.first == header, "\(name)")
            let rate = Self.rate(name, 100)
            let count = Int(20 * rate)
            #expect(lines.count == 1 + count, "\(name): \(lines.count) lines")
            let t: [Double] = lines.dropFirst().map { Double($0.split(separator: ",")[0]) ?? .nan }
            let expected: [Double] = (0..<count).map { Double($0) / rate }
            #expect(t == expected, "\(name)")
            #expect(
                lines.dropFirst().allSatisfy { $0.split(separator: ",").count == header.split(separator: ",").count })
        }
    }

    @Test("--start with --output-dir gives exactly the rows of the whole render; npy is float64 without t")
    func startAndNPY() throws {
        let spec = try Executables.temporaryFile("car.json", contents: Self.example)
        let whole = try Self.directory()
        let part = try Self.directory()
        let npy = try Self.directory()
        try Executables.runSucceeding(
            "signals", ["render", spec.path, "--rate", "50", "--duration", "30", "--output-dir", whole.path])
        try Executables.runSucceeding(
            "signals",
            [
                "render", spec.path, "--rate", "50", "--start", "12", "--duration", "10",
                "--output-dir", part.path,
            ])
        try Executables.runSucceeding(
            "signals",
            [
                "render", spec.path, "--rate", "50", "--start", "12", "--duration", "10",
                "--output-dir", npy.path, "--format", "npy",
            ])
        for name in Self.headers.keys {
            let all = try textLines(whole.appendingPathComponent("\(name).csv"))
            let some = try textLines(part.appendingPathComponent("\(name).csv"))
            let rate = Self.rate(name, 50)
            let first = Int(12 * rate)
            let count = Int(10 * rate)
            let slice: [String] = Array(all[(1 + first)..<(1 + first + count)])
            #expect(Array(some.dropFirst()) == slice, "\(name)")
            let data = try Data(contentsOf: npy.appendingPathComponent("\(name).npy"))
            let headerLength = Int(data[8]) | Int(data[9]) << 8
            let header = String(decoding: data[10..<10 + headerLength], as: UTF8.self)
            let columns = Self.headers[name]!.split(separator: ",").count - 1
            #expect(
                header.contains("'descr': '<f8'") && header.contains("'shape': (\(Int(10 * rate)), \(columns))"),
                "\(name): \(header)")
            let values = data.dropFirst(10 + headerLength).withUnsafeBytes { raw in
                (0..<raw.count / 8).map {
                    Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
                }
            }
            let csv = some.dropFirst().flatMap { $0.split(separator: ",").dropFirst().map { Double($0) ?? .nan } }
            #expect(values == csv, "\(name)")
        }
    }

    @Test("without --output-dir: one table when every stream has the render rate, else the way to --output-dir")
    func oneTable() throws {
        let same =
            #"{"trajectory": {"route": {"speed": 1.4, "waypoints": [{"latitude": 51.5, "longitude": -0.12}, {"latitude": 51.5005, "longitude": -0.12}]}, "vehicle": "walk", "sensors": {"imu": {}, "barometer": {}, "gnss": {"rate": 10}}}}"#
        let spec = try Executables.temporaryFile("walk.json", contents: same)
        let lines = try Executables.runSucceeding("signals", ["render", spec.path, "--rate", "10", "--duration", "5"])
            .lines
        #expect(
            lines.first.map(String.init) == Self.headers["truth"]!
                + ",accelerometer.x,accelerometer.y,accelerometer.z,gyroscope.x,gyroscope.y,gyroscope.z,pressure,gnss.latitude,gnss.longitude,gnss.altitude,gnss.speed,gnss.course,gnss.horizontalAccuracy,gnss.verticalAccuracy"
        )
        #expect(lines.count == 51)
        let car = try Executables.temporaryFile("car.json", contents: Self.example)
        let mixed = try Executables.runFailing("signals", ["render", car.path, "--rate", "100", "--duration", "5"])
        #expect(mixed.stderr.contains("barometer stream runs at 25.0 Hz") && mixed.stderr.contains("--output-dir"))
        #expect(mixed.stdout.isEmpty)
    }

    @Test(
        "refusals: -o with --output-dir, --output-dir for a signal, f32, a bad epoch with its path, an input in the directory"
    )
    func refusals() throws {
        let spec = try Executables.temporaryFile("car.json", contents: Self.example)
        let dir = try Self.directory()
        let both = try Executables.runFailing(
            "signals", ["render", spec.path, "--rate", "10", "--output-dir", dir.path, "-o", "x.csv"])
        #expect(both.stderr.contains("-o and --output-dir"))
        let sine = try Executables.temporaryFile("sine.json", contents: #"{"sine": {"frequency": 1}}"#)
        let signal = try Executables.runFailing(
            "signals", ["render", sine.path, "--rate", "10", "--duration", "1", "--output-dir", dir.path])
        #expect(signal.stderr.contains("--output-dir is for trajectory specs"))
        let f32 = try Executables.runFailing(
            "signals", ["render", spec.path, "--rate", "10", "--output-dir", dir.path, "--format", "f32"])
        #expect(f32.stderr.contains("csv or npy"))
        let late = try Executables.temporaryFile(
            "late.json", contents: Self.example.replacingOccurrences(of: "2026-06-01", with: "2030-06-01"))
        let epoch = try Executables.runFailing(
            "signals", ["render", late.path, "--rate", "10", "--output-dir", dir.path])
        #expect(epoch.stderr.contains("$.trajectory.epoch") && epoch.stderr.contains("validity, 2025.0 ... 2030.0"))
        // The spec saved as truth.csv in the output directory is an input: it is not overwritten.
        let inside = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let named = inside.appendingPathComponent("truth.csv")
        try Self.example.write(to: named, atomically: true, encoding: .utf8)
        let clash = try Executables.runFailing(
            "signals", ["render", named.path, "--rate", "10", "--output-dir", inside.path])
        #expect(clash.stderr.contains("truth.csv"))
        #expect(try String(contentsOf: named, encoding: .utf8) == Self.example)
    }

    @Test("play: every point carries the motion, heading, magnetic field, pressure and pedometer; fixes at 1 Hz")
    func play() throws {
        let lines = try Executables.play("car.json", contents: Self.example, rate: 10, duration: 3).lines
        var fixes = 0
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            for key in [
                "timestamp", "userAcceleration", "gravity", "rotationRate", "attitude", "heading", "magneticField",
                "pressure", "pedometer",
            ] {
                #expect(object[key] != nil, "\(key) missing in \(line)")
            }
            if object["location"] != nil { fixes += 1 }
        }
        #expect(fixes == 3)
    }

    @Test("plot: the path and a panel per sensor")
    func plot() throws {
        let svg = try Executables.plot("car", contents: Self.example).svg
        for title in [
            "true path", "headings", "barometer", "accelerometer (IMU", "gyroscope (IMU", "magnetometer", "GNSS fix",
        ] {
            #expect(svg.contains(title), "\(title)")
        }
    }
}
