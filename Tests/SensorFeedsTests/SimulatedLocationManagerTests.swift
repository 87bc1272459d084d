import Foundation
import Location
import Playback
import SignalRunnerTesting
import Signals
import Testing

@testable import SensorFeeds

/// A location delegate that records what it is given and signals when `target` calls arrived.
final class Fixes: LocationProvidingDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var fixes: [LocationPoint] = []
    private var failures: [any Error] = []
    private let target: Int
    private let reached = DispatchSemaphore(value: 0)

    init(until target: Int) { self.target = target }

    /// A delegate for `manager` that waits for `target` calls, the manager's updates started.
    static func started(on manager: SimulatedLocationManager, until target: Int) -> Fixes {
        let delegate = Fixes(until: target)
        manager.delegate = delegate
        manager.startUpdatingLocation()
        return delegate
    }

    func locationManager(_ manager: any LocationProviding, didUpdateLocations locations: [LocationPoint]) {
        note { fixes += locations }
    }

    func locationManager(_ manager: any LocationProviding, didFailWithError error: any Error) {
        note { failures.append(error) }
    }

    private func note(_ body: () -> Void) {
        let count = lock.withLock { () -> Int in
            body()
            return fixes.count + failures.count
        }
        if count == target { reached.signal() }
    }

    var locations: [LocationPoint] { lock.withLock { fixes } }
    var errors: [any Error] { lock.withLock { failures } }
    /// Waits (bounded) until `target` calls arrived.
    func wait() -> Bool { reached.wait(timeout: .now() + 30) == .success }
}

@Suite struct SimulatedLocationManagerTests {
    static let walk = Route(speed: 2) {
        Waypoint(latitude: 51.5007, longitude: -0.1246)
        Waypoint(latitude: 51.5010, longitude: -0.1246)  // about 33 m north: 16.7 s at 2 m/s
    }

    @Test("a route at 1 Hz: one fix per sample, as the route renders, to the end of the route")
    func routeSource() throws {
        let manager = SimulatedLocationManager(
            source: .signal(Self.walk, sampleRate: 1), clock: ManualClock(autoAdvance: true))
        let expected = try Self.walk.render(sampleRate: 1, duration: 17)  // t = 0 ... 16; the last arrival is 16.7 s
        let delegate = Fixes.started(on: manager, until: 17)
        #expect(delegate.wait())
        manager.stopUpdatingLocation()
        #expect(delegate.locations.map(\.timestamp) == expected.map(\.timestamp))
        #expect(delegate.locations.map(\.coordinate) == expected.map(\.coordinate))
        #expect(delegate.locations.allSatisfy { $0.speed == 2 })
        #expect(manager.location == delegate.locations.last)
        #expect(delegate.errors.isEmpty)
    }

    @Test("distanceFilter: no update until the position has moved by the distance")
    func distanceFilter() throws {
        let manager = SimulatedLocationManager(
            source: .signal(Self.walk, sampleRate: 1), clock: ManualClock(autoAdvance: true))
        manager.distanceFilter = 9
        let delegate = Fixes.started(on: manager, until: 4)  // 0, ≥ 9, ≥ 18, ≥ 27 m: t = 0, 5, 10, 15
        #expect(delegate.wait())
        manager.stopUpdatingLocation()
        #expect(delegate.locations.map(\.timestamp) == [0, 5, 10, 15])
        for (a, b) in zip(delegate.locations, delegate.locations.dropFirst()) { #expect(b.distance(from: a) >= 9) }
    }

    @Test("a point file of located lines (signals play's) plays at its timestamps; a GPX file plays as a route")
    func fileSources() throws {
        let fixes = (0..<5).map {
            LocationPoint(timestamp: 10 + Double($0), latitude: 48.85 + Double($0) * 1e-4, longitude: 2.29)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString).jsonl")
        try fixes.map { try $0.jsonLine }.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let manager = SimulatedLocationManager(source: .file(url), clock: ManualClock(autoAdvance: true))
        let delegate = Fixes.started(on: manager, until: 5)
        #expect(delegate.wait())
        #expect(delegate.locations.map(\.coordinate.latitude) == fixes.map(\.latitude))
        #expect(delegate.locations.map(\.timestamp) == fixes.map(\.timestamp))

        let gpx = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString).gpx")
        try Self.walk.gpx(interval: 1).write(to: gpx, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: gpx) }
        let fromGPX = SimulatedLocationManager(source: .file(gpx), clock: ManualClock(autoAdvance: true))
        let gpxDelegate = Fixes.started(on: fromGPX, until: 10)
        #expect(gpxDelegate.wait())
        fromGPX.stopUpdatingLocation()
        #expect(abs(gpxDelegate.locations[0].coordinate.latitude - 51.5007) < 1e-7)
        #expect(gpxDelegate.errors.isEmpty)
    }

    @Test(
        "a bad file reaches didFailWithError naming the line and the path",
        arguments: [
            (
                "{\"timestamp\":0,\"location\":{\"latitude\":1,\"longitude\":2}}\n{\"timestamp\":1,\"location\":{\"latitude\":100,\"longitude\":2}}",
                ":2:"
            ),
            ("{\"timestamp\":0,\"userAcceleration\":{\"x\":0,\"y\":0,\"z\":0}}", ":1:"),
            ("", "holds no points"),
            (
                "{\"timestamp\":1,\"location\":{\"latitude\":1,\"longitude\":2}}\n{\"timestamp\":0,\"location\":{\"latitude\":1,\"longitude\":2}}",
                "before the previous"
            ),
        ])
    func badFile(text: String, mention: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString).jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let manager = SimulatedLocationManager(source: .file(url), clock: ManualClock(autoAdvance: true))
        let delegate = Fixes.started(on: manager, until: 1)
        #expect(delegate.wait())
        let error = try #require(delegate.errors.first as? SignalError)
        #expect(error.file == url.lastPathComponent, "\(error)")
        #expect(error.description.contains(mention), "\(error)")
        #expect(delegate.locations.isEmpty)
    }

    @Test("a missing file and a bad route are errors, not crashes")
    func missing() throws {
        let manager = SimulatedLocationManager(
            source: .file(URL(fileURLWithPath: "/nonexistent/walk.gpx")), clock: ManualClock(autoAdvance: true))
        let delegate = Fixes.started(on: manager, until: 1)
        #expect(delegate.wait())
        #expect((delegate.errors.first as? SignalError)?.code == .unreadable)
        let bad = SimulatedLocationManager(
            source: .signal(
                Route(speed: 0) {
                    Waypoint(latitude: 0, longitude: 0)
                    Waypoint(latitude: 1, longitude: 0)
                }),
            clock: ManualClock(autoAdvance: true))
        let badDelegate = Fixes.started(on: bad, until: 1)
        #expect(badDelegate.wait())
        #expect((badDelegate.errors.first as? SignalError)?.code == .outOfRange)
    }

    @Test("after stopUpdatingLocation returns no delegate call runs; restarting plays the route again")
    func stop() throws {
        let clock = ManualClock(autoAdvance: true)
        let loop = Route(speed: 2, loop: true) {
            Waypoint(latitude: 51.5007, longitude: -0.1246)
            Waypoint(latitude: 51.5010, longitude: -0.1246)
        }
        let manager = SimulatedLocationManager(source: .signal(loop, sampleRate: 10), clock: clock)
        let delegate = Fixes.started(on: manager, until: 500)
        #expect(manager.isUpdatingLocation)
        #expect(delegate.wait())
        manager.stopUpdatingLocation()
        let atStop = delegate.locations.count
        manager.delegateQueue.waitUntilAllOperationsAreFinished()
        #expect(delegate.locations.count == atStop, "a delegate call ran after stopUpdatingLocation() returned")
        #expect(!manager.isUpdatingLocation)
        let again = Fixes.started(on: manager, until: 3)
        #expect(again.wait())
        manager.stopUpdatingLocation()
        #expect(again.locations.first?.timestamp == 0)
    }

    @Test("locationUpdates(): an async sequence with the distance filter, ended by the consumer")
    func asyncSequence() async throws {
        let manager = SimulatedLocationManager(
            source: .signal(Self.walk, sampleRate: 1), clock: ManualClock(autoAdvance: true))
        manager.distanceFilter = 9
        var stamps: [Double] = []
        for try await fix in manager.locationUpdates() { stamps.append(fix.timestamp) }
        #expect(stamps == [0, 5, 10, 15])
        #expect(manager.location?.timestamp == 15)
    }
}

@Suite struct LiveServerClientTests {
    @Test(
        "a refused connection reaches the handler as a transient error, again and again (backoff), never stopping the updates"
    )
    func refused() throws {
        let port = try TestListener.closedPort()
        let manager = SimulatedMotionManager(source: .server(URL(string: "http://127.0.0.1:\(port)")!))
        let seen = Collected<DeviceMotion>(until: 3)
        manager.startDeviceMotionUpdates(to: OperationQueue()) { m, e in seen.add(m, e) }
        #expect(seen.wait())
        #expect(manager.isDeviceMotionActive)
        manager.stopDeviceMotionUpdates()
        #expect(seen.values.isEmpty)
        #expect(seen.failures.count >= 3)
        #expect(seen.failures.allSatisfy { $0.contains("cannot connect") })
    }

    @Test("an https URL is refused at once with a clear error, and the updates end")
    func invalidURL() throws {
        let manager = SimulatedLocationManager(source: .server(URL(string: "https://example.com")!))
        let delegate = Fixes.started(on: manager, until: 1)
        #expect(delegate.wait())
        let error = try #require(delegate.errors.first as? SensorFeedsError)
        #expect(error.code == .invalidURL)
        #expect(error.message.contains("no TLS"))
        #expect(!manager.isUpdatingLocation)
    }
}
