import Foundation
import Location
import Playback
import SensorFeeds
import SignalRunnerTesting
import Signals
import Testing

/// The managers' `.server(URL)` source against a real server on loopback (timeline on a manual clock:
/// points are made only when the test advances it, so counts and indices are exact).
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServerSourceTests {
    static let shake =
        #"{"motion": {"userAcceleration": {"axes": {"x": {"sine": {"amplitude": 1.5, "frequency": 4}}, "z": {"noise": {"amplitude": 0.02, "seed": 1}}}}, "gravity": {"axes": {"z": {"constant": {"value": -1}}}}, "rotationRate": {"axes": {"y": {"sine": {"amplitude": 0.5, "frequency": 1}}}}}}"#
    static let walk =
        #"{"route": {"speed": 1.4, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5033, "longitude": -0.1196}]}}"#

    @Test(
        "motion at 50 Hz from a 1 kHz server: count, order and values of samples 0, 20, 40, … against the spec",
        arguments: ["http", "ws"])
    func motion50HzFrom1kHz(scheme: String) async throws {
        let server = try TestServer(spec: Self.shake, rate: 1000)
        let (manager, got, queue) = try await startDeviceMotion(on: server, scheme: scheme, interval: 0.02)
        for _ in 0..<10 { try await server.advance(points: 100) }  // indices 1 ... 1000
        try await got.wait(for: "51 updates") { values, _ in values.count >= 51 }
        manager.stopDeviceMotionUpdates()
        drain(queue)
        let values = got.values
        #expect(values.count == 51)
        #expect(unexpected(got.errors).isEmpty, "\(got.errors)")
        let signal = try AnySignal(json: Data(Self.shake.utf8))
        let rendered = try signal.render(sampleRate: 1000, startIndex: 0, frameCount: 1001)
        for (k, m) in values.enumerated() {
            let n = 20 * k
            #expect(m.timestamp == Double(n) / 1000, "update \(k)")
            // The server writes rendered samples in Float precision: they read back as the same Float.
            #expect(Float(m.userAcceleration.x) == rendered[frame: n, channel: 0], "update \(k)")
            // the noise sample itself
            #expect(Float(m.userAcceleration.z) == rendered[frame: n, channel: 2], "update \(k)")
            #expect(Float(m.gravity.z) == rendered[frame: n, channel: 5])
            #expect(Float(m.rotationRate.y) == rendered[frame: n, channel: 7], "update \(k)")
        }
        try await server.shutdown()
    }

    @Test(
        "location with a distance filter: exactly the fixes at least 25 m from the last one delivered",
        arguments: ["http", "ws"])
    func locationDistanceFilter(scheme: String) async throws {
        // The clock runs 60 s ahead at once: a 120 s buffer keeps every point for a client that reads behind.
        let server = try TestServer(spec: Self.walk, rate: 10, replaySeconds: 120)
        try await server.start()
        let manager = SimulatedLocationManager(source: .server(server.url(scheme), rate: 10))
        manager.distanceFilter = 25
        let delegate = LocationRecorder()
        manager.delegate = delegate
        manager.startUpdatingLocation()
        try await delegate.received.wait(for: "fix 0, the stream's first") { values, _ in !values.isEmpty }
        #expect(server.clients(scheme) == 1)
        for _ in 0..<60 { try await server.advance(points: 10) }  // 60 s of a 1.4 m/s walk: 84 m
        let route = try Route(json: Data(Self.walk.utf8))
        let truth = try route.render(sampleRate: 10, duration: 60.1)  // indices 0 ... 600
        var expected: [LocationPoint] = []
        for fix in truth {
            if let last = expected.last,
                Geodesic.wgs84.inverse(from: last.coordinate, to: fix.coordinate).distance < 25
            {
                continue
            }
            expected.append(fix)
        }
        #expect(expected.count == 4)  // 0, 25, 50, 75 m
        let count = expected.count
        try await delegate.received.wait(for: "\(count) fixes") { values, _ in values.count >= count }
        manager.stopUpdatingLocation()
        let got = delegate.locations
        #expect(got.count == expected.count)
        for (g, e) in zip(got, expected) {
            #expect(g.timestamp == e.timestamp)
            #expect(g.coordinate == e.coordinate)
            #expect(g.speed == e.speed)
            #expect(g.course == e.course)
        }
        for (a, b) in zip(got, got.dropFirst()) { #expect(b.distance(from: a) >= 25) }
        #expect(manager.location == got.last)
        #expect(unexpected(delegate.errors).isEmpty, "\(delegate.errors)")
        try await server.shutdown()
    }

    @Test(
        "a server restart mid-stream loses no point: the client reconnects with Last-Event-ID and the replay fills the gap",
        arguments: ["http", "ws"])
    func restartLosesNothing(scheme: String) async throws {
        let server = try TestServer(spec: Self.shake, rate: 100)
        let (manager, got, queue) = try await startDeviceMotion(on: server, scheme: scheme)
        try await server.advance(points: 100)
        try await got.wait(for: "points 0 ... 100") { values, _ in values.count >= 101 }
        let port = server.port
        try await server.stopServing()  // streams end; connections are refused
        try await got.wait(for: "the failure reported") { _, errors in !errors.isEmpty }
        for _ in 0..<4 { try await server.advance(points: 50) }  // 200 points made while the server is down
        try await server.serve(port: port)
        // Back: the replay of the points made while the server was down starts at once.
        try await got.wait(for: "the client back (point 101)") { values, _ in values.count >= 102 }
        #expect(server.clients(scheme) == 1)
        try await server.advance(points: 100)
        try await got.wait(for: "points 0 ... 400") { values, _ in values.count >= 401 }
        manager.stopDeviceMotionUpdates()
        drain(queue)
        let stamps = got.values.map(\.timestamp)
        #expect(stamps == (0...400).map { Double($0) / 100 })  // every point once, in order
        #expect(got.errors.allSatisfy { ($0 as? SensorFeedsError)?.isTransient == true })
        #expect(manager.isDeviceMotionActive == false)
        try await server.shutdown()
    }

    @Test(
        "a restart of the whole server process on the same --epoch loses no point: the new process fills its replay buffer and the client resumes",
        arguments: ["http", "ws"])
    func processRestartOnEpochLosesNothing(scheme: String) async throws {
        let epoch = 1_795_459_620.0
        let rate = 100.0
        let first = try TestServer(spec: Self.shake, rate: rate, epoch: epoch, now: epoch + 60)  // starts at index 6000
        let (manager, got, queue) = try await startDeviceMotion(on: first, scheme: scheme, first: "point 6000")
        try await first.advance(points: 100)
        try await got.wait(for: "points through 6100") { values, _ in values.last?.timestamp == 61 }
        let port = first.port
        try await first.shutdown()  // the process ends: its buffer is gone
        try await got.wait(for: "the failure reported") { _, errors in !errors.isEmpty }
        // The process is started again 4 s later on the same port and epoch: it is at index 6400.
        let second = try TestServer(spec: Self.shake, rate: rate, epoch: epoch, now: epoch + 64)
        try second.feed.start()
        try await second.serve(port: port)
        // Back: the new process's replay of 6101 ... 6400 starts at once.
        try await got.wait(for: "the client back (point 6101)") { values, _ in (values.last?.timestamp ?? 0) > 61 }
        #expect(second.clients(scheme) == 1)
        try await second.advance(points: 50)
        try await got.wait(for: "points through 6450") { values, _ in values.last?.timestamp == 64.5 }
        manager.stopDeviceMotionUpdates()
        drain(queue)
        let values = got.values
        let first0 = try #require(values.first).timestamp
        let indices = values.map { Int(($0.timestamp * rate).rounded()) }
        #expect(indices == Array(Int((first0 * rate).rounded())...6450))  // every point once, in order
        let rendered = try AnySignal(json: Data(Self.shake.utf8)).render(
            sampleRate: rate, startIndex: 6000, frameCount: 451)
        for (m, n) in zip(values, indices) {
            #expect(Float(m.userAcceleration.x) == rendered[frame: n - 6000, channel: 0], "index \(n)")
            #expect(m.timestamp == Double(n) / rate)
        }
        #expect(!got.errors.contains { ($0 as? SensorFeedsError)?.code == .missedPoints }, "\(got.errors)")
        try await second.shutdown()
    }

    @Test(
        "stop: no handler after stop returns, the stream closes on the server; restarting works",
        arguments: ["http", "ws"])
    func stopSemantics(scheme: String) async throws {
        let server = try TestServer(spec: Self.shake, rate: 100)
        try await server.start()
        let manager = SimulatedMotionManager(source: .server(server.url(scheme)))
        manager.accelerometerUpdateInterval = 0.01
        let got = Received<AccelerometerData>()
        let queue = serialQueue()
        manager.startAccelerometerUpdates(to: queue) { a, e in got.add(a, e) }
        try await awaitFirst(got, from: server, scheme: scheme)
        try await server.advance(points: 20)
        try await got.wait(for: "21 updates") { values, _ in values.count >= 21 }
        manager.stopAccelerometerUpdates()
        let atStop = got.values.count
        #expect(!manager.isAccelerometerActive)
        #expect(manager.accelerometerData == nil)
        try await pollUntil("the stream closed") { server.clients(scheme) == 0 }  // no event for it: see pollUntil
        try await server.advance(points: 50)
        drain(queue)
        #expect(got.values.count == atStop, "a handler ran after stop returned")

        let again = Received<AccelerometerData>()
        manager.startAccelerometerUpdates(to: queue) { a, e in again.add(a, e) }
        try await awaitFirst(again, from: server, scheme: scheme, first: "the newest point, on the new stream")
        try await server.advance(points: 10)
        try await again.wait(for: "updates after the restart") { values, _ in values.count >= 10 }
        #expect(again.values.first.map { $0.timestamp >= 0.7 } == true)  // a new stream starts at the newest point
        manager.stopAccelerometerUpdates()
        #expect(got.values.count == atStop)
        try await server.shutdown()
    }

    @Test("the async sequence of device motion from a server, ended by the consumer")
    func asyncSequence() async throws {
        let server = try TestServer(spec: Self.shake, rate: 100)
        try await server.start()
        let manager = SimulatedMotionManager(source: .server(server.url))
        manager.deviceMotionUpdateInterval = 0.05
        // The clock moves once point 0 has arrived: the stream is open then (an event, not a poll).
        let (connected, connection) = AsyncStream<Void>.makeStream()
        let advancing = Task {
            for await _ in connected {
                for _ in 0..<10 { try await server.advance(points: 10) }
                return
            }
        }
        var stamps: [Double] = []
        for try await m in manager.deviceMotionUpdates() {
            stamps.append(m.timestamp)
            if stamps.count == 1 {
                #expect(server.feed.status.clients.sse == 1)
                connection.yield()
            }
            if stamps.count == 5 { break }
        }
        connection.finish()
        try await advancing.value
        #expect(stamps == [0, 0.05, 0.1, 0.15, 0.2])
        // no event for it: see pollUntil
        try await pollUntil("the stream closed") { server.feed.status.clients.sse == 0 }
        try await server.shutdown()
    }
}

/// A location delegate that records what it is given.
final class LocationRecorder: LocationProvidingDelegate, Sendable {
    /// Every fix and error, in order; a test awaits them with `received.wait(for:until:)`.
    let received = Received<LocationPoint>()

    func locationManager(_ manager: any LocationProviding, didUpdateLocations locations: [LocationPoint]) {
        for fix in locations { received.add(fix, nil) }
    }

    func locationManager(_ manager: any LocationProviding, didFailWithError error: any Error) {
        received.add(nil, error)
    }

    var locations: [LocationPoint] { received.values }
    var errors: [any Error] { received.errors }
}
