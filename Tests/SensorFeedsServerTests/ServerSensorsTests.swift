import Foundation
import Navigation
import Playback
import SignalRunnerTesting
import Signals
import Testing

@testable import SensorFeeds

/// Motion (fused, magnetometer), altimeter and pedometer from a server playing a trajectory, against the
/// same trajectory in process (timeline on a manual clock: exact counts and values).
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServerSensorsTests {
    static let walkURL = Examples.url("trajectories/walk.json")

    static func walk() throws -> Trajectory {
        try Trajectory(json: Data(contentsOf: walkURL), baseDirectory: walkURL.deletingLastPathComponent())
    }

    /// The first `count` in-process fused updates of the walk at 100 Hz in `frame`.
    static func inProcess(_ frame: AttitudeReferenceFrame, count: Int) throws -> [DeviceMotion] {
        let transform = MotionSample.transform(
            .deviceMotion, frame: frame,
            calibration: MagnetometerCalibration(try walk().sensors.magnetometer))()
        return try walk().points(first: 0, count: count, rate: 100).map { transform($0).deviceMotion }
    }

    @Test(
        "fused device motion and the magnetometer from a served trajectory equal the in-process ones",
        arguments: ["http", "ws"])
    func motion(scheme: String) async throws {
        let server = try TestServer(
            spec: try String(contentsOf: Self.walkURL, encoding: .utf8), rate: 100, replaySeconds: 60)
        try await server.start()
        let manager = SimulatedMotionManager(source: .server(server.url(scheme)))
        manager.deviceMotionUpdateInterval = 0.01
        manager.magnetometerUpdateInterval = 0.01
        let fused = Received<DeviceMotion>()
        let field = Received<MagnetometerData>()
        manager.startDeviceMotionUpdates(using: .xTrueNorthZVertical, to: serialQueue()) { m, e in fused.add(m, e) }
        manager.startMagnetometerUpdates(to: serialQueue()) { m, e in field.add(m, e) }
        try await fused.wait(for: "the first update") { values, _ in !values.isEmpty }
        try await field.wait(for: "the first reading") { values, _ in !values.isEmpty }
        try await server.advance(points: 499)
        try await fused.wait(for: "500 updates") { values, _ in values.count >= 500 }
        try await field.wait(for: "500 readings") { values, _ in values.count >= 500 }
        manager.stopDeviceMotionUpdates()
        manager.stopMagnetometerUpdates()
        try await server.shutdown()
        #expect(unexpected(fused.errors).isEmpty, "\(fused.errors)")
        #expect(unexpected(field.errors).isEmpty, "\(field.errors)")
        let expected = try Self.inProcess(.xTrueNorthZVertical, count: 500)
        let points = try Self.walk().points(first: 0, count: 500, rate: 100)
        for (k, (m, e)) in zip(fused.values.prefix(500), expected).enumerated() {
            #expect(m.timestamp == e.timestamp, "update \(k)")
            // The same filter on the same readings, the calibration read from GET /v1/spec.
            #expect(m.attitude.angle(to: e.attitude) < 1e-9, "update \(k)")
            #expect(m.heading == e.heading || abs(m.heading - e.heading) < 1e-6, "update \(k)")
        }
        for (k, (d, p)) in zip(field.values.prefix(500), points).enumerated() {
            #expect(d.magneticField == p.magneticField, "reading \(k)")
        }
        // The failing case: fused, not the truth.
        #expect(fused.values[499].attitude.angle(to: fused.values[499].trueAttitude) > 1e-4)
    }

    @Test("altimeter and pedometer from a served trajectory equal the in-process ones")
    func altimeterAndPedometer() async throws {
        let server = try TestServer(
            spec: try String(contentsOf: Self.walkURL, encoding: .utf8), rate: 100, replaySeconds: 60)
        try await server.start()
        let url = server.url("http")
        let altimeter = SimulatedAltimeter(source: .server(url))
        let pedometer = SimulatedPedometer(source: .server(url))
        let heights = Received<AltitudeData>()
        let counts = Received<PedometerData>()
        altimeter.startRelativeAltitudeUpdates(to: serialQueue()) { d, e in heights.add(d, e) }
        pedometer.startUpdates(from: Date(timeIntervalSince1970: 0)) { d, e in counts.add(d, e) }
        try await pollUntil("two streams") { server.clients("http") == 2 }
        for _ in 0..<30 { try await server.advance(points: 100) }  // 30 s of timeline
        try await heights.wait(for: "30 altitudes") { values, _ in values.count >= 30 }
        try await counts.wait(for: "the pedometer at 29 s") { values, _ in
            (values.last?.endDate.timeIntervalSince1970 ?? 0) >= 29
        }
        altimeter.stopRelativeAltitudeUpdates()
        pedometer.stopUpdates()
        try await server.shutdown()
        #expect(unexpected(heights.errors).isEmpty, "\(heights.errors)")
        #expect(unexpected(counts.errors).isEmpty, "\(counts.errors)")
        let walk = try Self.walk()
        let start = try walk.points(first: 0, count: 1, rate: 100)[0]
        for d in heights.values.prefix(30) {
            let p = try walk.points(first: Int((d.timestamp * 100).rounded()), count: 1, rate: 100)[0]
            let pressure = try #require(p.pressure)
            #expect(d.pressureKilopascals == pressure / 1000, "t \(d.timestamp)")
            let expected =
                PressureAltitude.height(pascals: pressure)
                - PressureAltitude.height(pascals: try #require(start.pressure))
            #expect(abs(d.relativeAltitudeMetres - expected) < 1e-9, "t \(d.timestamp)")
        }
        #expect(heights.values.prefix(30).map(\.timestamp) == (0..<30).map(Double.init))
        for d in counts.values {
            let t = d.endDate.timeIntervalSince1970
            let p = try walk.points(first: Int((t * 100).rounded()), count: 1, rate: 100)[0]
            #expect(d.steps == p.steps && d.distanceMetres == p.distance, "t \(t)")
        }
        #expect((counts.values.last?.steps ?? 0) > 30)
        // A query has no history on a server.
        #expect(
            #expect(throws: SignalError.self) { try SimulatedPedometer.query(.server(url), from: Date(), to: Date()) }?
                .code == .invalidArgument)
    }

    @Test("activity from a served trajectory: the points' activity key, classified as in process")
    func activity() async throws {
        let server = try TestServer(
            spec: try String(contentsOf: Self.walkURL, encoding: .utf8), rate: 100, replaySeconds: 60)
        try await server.start()
        let manager = SimulatedMotionActivityManager(source: .server(server.url("http")))
        let seen = Received<MotionActivity>()
        manager.startActivityUpdates(to: serialQueue()) { a in seen.add(a, nil) }
        try await pollUntil("the stream") { server.clients("http") == 1 }
        for _ in 0..<40 { try await server.advance(points: 100) }  // 40 s of timeline
        let walk = try Self.walk()
        let epoch = Date(timeIntervalSince1970: walk.epochSeconds)
        let expected = try SimulatedMotionActivityManager.query(.signal(walk), from: epoch, to: epoch + 39.5)
        try await seen.wait(for: "\(expected.count) updates") { values, _ in values.count >= expected.count }
        manager.stopActivityUpdates()
        try await server.shutdown()
        #expect(manager.lastError == nil)
        #expect(expected.contains { $0.walking })
        // The server's seconds count from the Unix epoch: the same updates, their dates shifted by the trajectory's.
        for (k, (a, e)) in zip(seen.values, expected).enumerated() {
            #expect(a.timestamp == e.timestamp, "update \(k)")
            #expect(a.activities == e.activities, "update \(k)")
            #expect(a.confidence == e.confidence, "update \(k)")
            #expect(a.startDate.timeIntervalSince1970 == e.startDate.timeIntervalSince(epoch), "update \(k)")
        }
    }

    @Test(
        "a served trip: an app's activity code sees stationary, walking, running, cycling and automotive, as in process"
    )
    func tripActivity() async throws {
        let url = Examples.url("trajectories/trip.json")
        let trip = try Trajectory(json: Data(contentsOf: url), baseDirectory: url.deletingLastPathComponent())
        let seconds = Int(trip.duration) + 1
        let server = try TestServer(
            spec: try String(contentsOf: url, encoding: .utf8), rate: 10, replaySeconds: Double(seconds))
        try await server.start()
        let manager = SimulatedMotionActivityManager(source: .server(server.url("http")))
        let seen = Received<MotionActivity>()
        manager.startActivityUpdates(to: serialQueue()) { a in seen.add(a, nil) }
        try await pollUntil("the stream") { server.clients("http") == 1 }
        for _ in 0..<seconds { try await server.advance(points: 10) }
        let epoch = Date(timeIntervalSince1970: trip.epochSeconds)
        let expected = try SimulatedMotionActivityManager.query(
            .signal(trip, sampleRate: 10), from: epoch, to: epoch + Double(seconds) - 0.5)
        try await seen.wait(for: "\(expected.count) updates") { values, _ in values.count >= expected.count }
        manager.stopActivityUpdates()
        try await server.shutdown()
        #expect(manager.lastError == nil)
        for kind in [MotionActivityType.stationary, .walking, .running, .cycling, .automotive] {
            #expect(seen.values.contains { $0.activities.contains(kind) }, "\(kind)")
        }
        for (k, (a, e)) in zip(seen.values, expected).enumerated() {
            #expect(a.timestamp == e.timestamp, "update \(k)")
            #expect(a.activities == e.activities, "update \(k)")
            #expect(a.confidence == e.confidence, "update \(k)")
        }
    }
}
