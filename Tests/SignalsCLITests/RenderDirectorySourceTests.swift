import Foundation
import Navigation
import Playback
import SignalRunnerTesting
import Testing

@testable import SensorFeeds

/// The managers' `.file(directory)` sources on a real `signals render --output-dir` directory: the same
/// updates as the trajectory played in process.
@Suite struct RenderDirectorySourceTests {
    static let specURL = Executables.packageRoot.appendingPathComponent("Examples/trajectories/walk.json")

    /// The walk rendered at 100 Hz for `seconds` into a new directory.
    static func render(seconds: Int = 60) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-source-\(UUID().uuidString)")
        try Executables.runSucceeding(
            "signals",
            [
                "render", specURL.path, "--rate", "100", "--duration", "\(seconds)",
                "--output-dir", dir.path,
            ])
        return dir
    }

    static func walk() throws -> Trajectory {
        try Trajectory(json: Data(contentsOf: specURL), baseDirectory: specURL.deletingLastPathComponent())
    }

    static func fused(_ source: MotionSource, count: Int) -> Collected<DeviceMotion> {
        let manager = SimulatedMotionManager(source: source, clock: ManualClock(autoAdvance: true))
        manager.deviceMotionUpdateInterval = 0.1
        let seen = Collected<DeviceMotion>(until: count)
        manager.startDeviceMotionUpdates(using: .xTrueNorthZVertical, to: serialQueue()) { m, e in seen.add(m, e) }
        _ = seen.wait()
        manager.stopDeviceMotionUpdates()
        return seen
    }

    @Test(
        "render writes sensors.json: the epoch, the accelerometer's unit, the magnetometer's calibration and the activity rule"
    )
    func sidecar() throws {
        let dir = try Self.render(seconds: 2)
        let text = try String(contentsOf: dir.appendingPathComponent("sensors.json"), encoding: .utf8)
        // The file's bytes (the keys, their order and the number text).
        #expect(
            text
                == #"{"epoch": "2026-06-01T08:30:00Z", "accelerometerUnit": "g", "magnetometer": {"hard_iron": [12.0, -3.0, 40.0], "soft_iron": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]}, "movingActivity": "walking"}"#
                + "\n")
    }

    @Test("activity from the render directory: the same updates as the trajectory in process")
    func activity() throws {
        let dir = try Self.render(seconds: 60)
        let walk = try Self.walk()
        let epoch = Date(timeIntervalSince1970: walk.epochSeconds)
        let fromFile = try SimulatedMotionActivityManager.query(.file(dir), from: epoch, to: epoch + 59)
        let inProcess = try SimulatedMotionActivityManager.query(
            .signal(walk, sampleRate: 100, duration: 60), from: epoch, to: epoch + 59)
        #expect(fromFile == inProcess)
        #expect(inProcess.contains { $0.walking })
        // The failing case: without the rule in sensors.json (an older render) the activity is unknown.
        let sidecar = dir.appendingPathComponent("sensors.json")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        try text.replacingOccurrences(of: #", "movingActivity": "walking""#, with: "").write(
            to: sidecar, atomically: true, encoding: .utf8)
        let unknown = try SimulatedMotionActivityManager.query(.file(dir), from: epoch, to: epoch + 59)
        #expect(unknown.allSatisfy { $0.unknown })
        #expect(unknown != inProcess)
    }

    @Test("a trip's activity from the render directory: its legs in sensors.json, the same updates as in process")
    func tripActivity() throws {
        let spec = Executables.packageRoot.appendingPathComponent("Examples/trajectories/trip.json")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-trip-\(UUID().uuidString)")
        try Executables.runSucceeding("signals", ["render", spec.path, "--rate", "10", "--output-dir", dir.path])
        let trip = try Trajectory(json: Data(contentsOf: spec), baseDirectory: spec.deletingLastPathComponent())
        let epoch = Date(timeIntervalSince1970: trip.epochSeconds)
        let end = epoch + trip.duration
        let fromFile = try SimulatedMotionActivityManager.query(.file(dir), from: epoch, to: end)
        let inProcess = try SimulatedMotionActivityManager.query(
            .signal(trip, sampleRate: 10, duration: trip.duration + 0.1), from: epoch, to: end)
        #expect(fromFile == inProcess)
        for kind in [MotionActivityType.stationary, .walking, .running, .cycling, .automotive] {
            #expect(fromFile.contains { $0.activities.contains(kind) }, "\(kind)")
        }
        // The failing case: without the legs, the first leg's rule (walking) holds throughout.
        let sidecar = dir.appendingPathComponent("sensors.json")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        let cut = try #require(text.range(of: #", "legs""#))
        try (String(text[..<cut.lowerBound]) + "}\n").write(to: sidecar, atomically: true, encoding: .utf8)
        let walking = try SimulatedMotionActivityManager.query(.file(dir), from: epoch, to: end)
        #expect(!walking.contains { $0.running || $0.cycling || $0.automotive })
        #expect(walking != inProcess)
    }

    @Test("motion from the render directory: the same readings, magnetometer and fused attitude as in process")
    func motion() throws {
        let dir = try Self.render()
        let walk = try Self.walk()
        let fromFile = Self.fused(.file(dir), count: 300)
        let inProcess = Self.fused(.signal(walk), count: 300)
        #expect(fromFile.failures.isEmpty && inProcess.failures.isEmpty, "\(fromFile.failures) \(inProcess.failures)")
        try #require(fromFile.firstValues.count == 300 && inProcess.firstValues.count == 300)
        for (a, b) in zip(fromFile.firstValues, inProcess.firstValues) {
            #expect(abs(a.timestamp - b.timestamp) < 1e-12)
            #expect(a.attitude.angle(to: b.attitude) < 1e-9, "t \(a.timestamp)")
            #expect(a.trueAttitude.angle(to: b.trueAttitude) < 1e-9)
            #expect(abs(a.heading - b.heading) < 1e-6)
            #expect(a.magneticField.field.vector == b.magneticField.field.vector)
        }
        // The failing case: without sensors.json the field keeps its hard iron, and the heading goes wrong.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("sensors.json"))
        let raw = Self.fused(.file(dir), count: 300)
        let worst =
            zip(raw.firstValues, inProcess.firstValues).map {
                abs(TrajectoryMath.signedDegrees($0.heading - $1.heading))
            }.max()
            ?? 0
        #expect(worst > 10, "worst heading difference without calibration \(worst)°")
    }

    @Test("altimeter and pedometer from the render directory follow the in-process trajectory")
    func altimeterAndPedometer() throws {
        let dir = try Self.render()
        let walk = try Self.walk()
        func altitudes(_ source: AltimeterSource) -> [AltitudeData] {
            let altimeter = SimulatedAltimeter(source: source, clock: ManualClock(autoAdvance: true))
            let seen = Collected<AltitudeData>(until: 60)
            altimeter.startRelativeAltitudeUpdates(to: serialQueue()) { d, e in seen.add(d, e) }
            _ = seen.wait()
            altimeter.stopRelativeAltitudeUpdates()
            #expect(seen.failures.isEmpty, "\(seen.failures)")
            return seen.firstValues
        }
        let a = altitudes(.file(dir))
        let b = altitudes(.signal(walk))
        try #require(a.count == 60 && b.count == 60)
        for (x, y) in zip(a, b) {
            #expect(x.timestamp == y.timestamp)
            #expect(abs(x.relativeAltitudeMetres - y.relativeAltitudeMetres) < 1e-9)
            #expect(abs(x.pressureKilopascals - y.pressureKilopascals) < 1e-12)
        }

        // The pedometer's query on the trajectory's clock (the epoch from sensors.json).
        let epoch = Date(timeIntervalSince1970: walk.epochSeconds)
        let fromFile = try SimulatedPedometer.query(.file(dir), from: epoch, to: epoch + 50)
        let inProcess = try SimulatedPedometer.query(.signal(walk), from: epoch, to: epoch + 50)
        #expect(fromFile.steps == inProcess.steps && fromFile.steps > 40)
        let d = try #require(fromFile.distanceMetres)
        let e = try #require(inProcess.distanceMetres)
        #expect(abs(d - e) <= 0.005 * e, "distance \(d) m from the file, \(e) m in process")
        #expect(fromFile.floorsAscendedCount == inProcess.floorsAscendedCount)
    }

    @Test("a malformed sensors.json is refused with its file and JSON path, not read as if absent")
    func badSidecar() throws {
        let dir = try Self.render(seconds: 1)
        for (text, path) in [
            (#"{"epoch": 5}"#, "$.epoch"), (#"{"accelerometerUnit": "furlongs"}"#, "$.accelerometerUnit"),
            (#"{"magnetometer": {"hard_iron": [1, 2]}}"#, "$.magnetometer"), ("[1, 2]", "JSON object"),
        ] {
            try Data(text.utf8).write(to: dir.appendingPathComponent("sensors.json"))
            let seen = Self.fused(.file(dir), count: 1)
            let message = try #require(seen.failures.first, "\(text)")
            #expect(message.contains("sensors.json") && message.contains(path), "\(text): \(message)")
        }
    }

    @Test("a bad cell in truth.csv ends the updates with an error naming the file, the line and the column")
    func badCell() throws {
        let dir = try Self.render(seconds: 2)
        let truth = dir.appendingPathComponent("truth.csv")
        var lines = try String(contentsOf: truth, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        var cells = lines[3].split(separator: ",").map(String.init)
        cells[11] = "abc"
        lines[3] = cells.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: truth, atomically: true, encoding: .utf8)
        let seen = Self.fused(.file(dir), count: 1)
        let message = try #require(seen.failures.first)
        #expect(message.contains("truth.csv") && message.contains("4") && message.contains("attitude.x"), "\(message)")
        #expect(seen.firstValues.isEmpty)
    }
}
