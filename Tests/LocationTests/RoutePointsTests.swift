import Foundation
import Playback
import Signals
import Testing

@testable import Location

/// A route played by the Runner: one reported location per sample, at its time.
@Suite struct RoutePointsTests {
    @Test("the Runner plays round(rate·duration) points at k/rate, equal to the render")
    func played() async throws {
        let route = Route(speed: 1.4, error: GNSSErrorModel(sigma: 3, correlationTime: 60, seed: 1)) {
            Waypoint(latitude: 51.5007, longitude: -0.1246)
            Waypoint(latitude: 51.5033, longitude: -0.1196, pause: 20)
        }
        let clock = ManualClock(autoAdvance: true)
        let runner = Runner(clock: clock)
        let seen = Recorder()
        let points = try route.points(sampleRate: 2, duration: 30, start: 5)
        #expect(points.loopPeriod == 30)
        let summary = try await runner.run(points) { seen.append($0) }
        #expect(summary.reason == .finished)
        let expected = try route.render(sampleRate: 2, duration: 30, start: 5)
        #expect(seen.values == expected)
        #expect(seen.values.map(\.timestamp) == (10..<70).map { Double($0) / 2 })
    }

    @Test("a request at another rate than the sampler's is refused")
    func rateMismatch() throws {
        let sampler = try Route { Waypoint(latitude: 0, longitude: 0) }.sampler(sampleRate: 10)
        let request = try Route.request(sampleRate: 5, duration: 1)
        #expect(
            #expect(throws: SignalError.self) { try RoutePoints(sampler: sampler, request: request) }?.code
                == .invalidRender)
    }
}

/// Points collected from the playback thread.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [LocationPoint] = []
    func append(_ p: LocationPoint) { lock.withLock { storage.append(p) } }
    var values: [LocationPoint] { lock.withLock { storage } }
}
