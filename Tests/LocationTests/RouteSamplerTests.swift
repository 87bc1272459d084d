import Foundation
import Signals
import Testing

@testable import Location

/// Truth beside measurement: the reported point is the true one moved by the error, exactly.
@Suite struct RouteSamplerTests {
    static let walk = Route(speed: 1.4, error: GNSSErrorModel(sigma: 3, correlationTime: 60, jitter: 0.5, seed: 1)) {
        Waypoint(latitude: 51.5007, longitude: -0.1246, altitude: 10)
        Waypoint(latitude: 51.5033, longitude: -0.1196, pause: 20)
        Waypoint(latitude: 51.5081, longitude: -0.0759, altitude: 30)
    }

    @Test("measured = truth moved error.horizontal metres at azimuth atan2(east, north), up by error.up")
    func measuredIsTruthPlusError() throws {
        let g = Geodesic.wgs84
        let samples = try Self.walk.samples(sampleRate: 1, duration: 600)
        #expect(samples.count == 600)
        for s in samples {
            let r = g.inverse(from: s.truth.coordinate, to: s.measured.coordinate)
            #expect(abs(r.distance - s.error.horizontal) < 1e-8)  // coordinates hold ~1 nm
            let azimuth = atan2(s.error.east, s.error.north) * 180 / .pi
            #expect(abs(angleDifference(azimuth, r.initialAzimuth)) < 1e-6)
            #expect(abs(s.measured.altitude - s.truth.altitude - s.error.up) < 1e-9)
            #expect(s.truth.horizontalAccuracy == 0)
            #expect(s.measured.horizontalAccuracy == Self.walk.error?.horizontalAccuracy)
            #expect(s.measured.speed == s.truth.speed)
            #expect(s.measured.course == s.truth.course)
        }
        #expect(try Self.walk.render(sampleRate: 1, duration: 600) == samples.map(\.measured))
    }

    @Test("near the pole the offset stays exact (no east/north linearisation)")
    func nearThePole() throws {
        let route = Route(speed: 1, error: GNSSErrorModel(sigma: 5, correlationTime: 10)) {
            Waypoint(latitude: 89.99999, longitude: 0)
            Waypoint(latitude: 89.99999, longitude: 180)
        }
        let samples = try route.samples(sampleRate: 1, duration: 5)
        #expect(samples.count == 5)
        for s in samples {
            let r = Geodesic.wgs84.inverse(from: s.truth.coordinate, to: s.measured.coordinate)
            #expect(abs(r.distance - s.error.horizontal) < 1e-8)
        }
    }

    @Test("chunk-independent: any start, random access and one long render agree bit for bit")
    func chunks() throws {
        let whole = try Self.walk.samples(sampleRate: 10, duration: 100)
        let sampler = try Self.walk.sampler(sampleRate: 10)
        var pieces: [LocationSample] = []
        for (start, seconds) in [(0.0, 0.1), (0.1, 12.5), (12.6, 50), (62.6, 37.4)] {
            pieces += try Self.walk.samples(sampleRate: 10, duration: seconds, start: start)
        }
        #expect(pieces == whole)
        for k in [0, 1, 99, 500, 999] { #expect(try sampler.sample(at: k) == whole[k]) }
    }

    @Test("without an error model the measurement is the truth")
    func noError() throws {
        var route = Self.walk
        route.error = nil
        let samples = try route.samples(sampleRate: 2, duration: 30)
        #expect(samples.count == 60)
        for s in samples {
            #expect(s.measured == s.truth)
            #expect(s.error == .zero)
        }
    }

    @Test("bad rates, durations and indices are refused with clear errors")
    func badRequests() throws {
        #expect(
            #expect(throws: SignalError.self) { try Self.walk.samples(sampleRate: 0, duration: 1) }?.code
                == .invalidRender)
        #expect(
            #expect(throws: SignalError.self) { try Self.walk.samples(sampleRate: 1, duration: .nan) }?.code
                == .invalidRender)
        #expect(
            #expect(throws: SignalError.self) { try Self.walk.samples(sampleRate: 1e6, duration: 1e9) }?.code
                == .invalidRender)
        let sampler = try Self.walk.sampler(sampleRate: 1)
        #expect(#expect(throws: SignalError.self) { try sampler.sample(at: -1) }?.code == .invalidRender)
        #expect(#expect(throws: SignalError.self) { try sampler.sample(at: 1 << 48) }?.code == .invalidRender)
        #expect(throws: Never.self) { try sampler.sample(at: (1 << 48) - 1) }
        do {
            _ = try Self.walk.points(sampleRate: 1000, duration: 1e12)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidRender)
            #expect(error.message.contains("2^48"))
        }
    }
}
