import Foundation
import Location
import Playback
import SensorFeeds
import SignalRunnerTesting
import Signals
import Specs
import Testing

/// `SimulatedLocationManager(source: .server(URL))` headings from a server playing a trajectory (timeline on
/// a manual clock: points are made only when the test advances it, so counts and values are exact).
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServerHeadingTests {
    static let walk = Examples.url("trajectories/walk.json")

    /// The truth's headings of the first `count` points of a trajectory spec at `rate` Hz (its y axis),
    /// or `nil` when the spec is not a trajectory.
    static func truth(_ document: SpecDocument, count: Int, rate: Double) throws -> [SimulatedHeading]? {
        guard case .trajectory(let trajectory) = document else { return nil }
        return try trajectory.points(first: 0, count: count, rate: rate).map { p in
            SimulatedHeading(
                magneticHeading: p.magneticHeading, trueHeading: p.trueHeading, headingAccuracy: p.headingAccuracy,
                x: p.magneticField.x, y: p.magneticField.y, z: p.magneticField.z, timestamp: p.timestamp)
        }
    }

    @Test(
        "every point's heading, magnetic field and time reach didUpdateHeading (filter none), turned by the orientation",
        arguments: ["http", "ws"])
    func headings(scheme: String) async throws {
        let spec = try Data(contentsOf: Self.walk)
        let server = try TestServer(spec: String(decoding: spec, as: UTF8.self), rate: 10, replaySeconds: 120)
        try await server.start()
        let manager = SimulatedLocationManager(source: .server(server.url(scheme)))
        manager.headingFilter = headingFilterNone
        manager.headingOrientation = .landscapeLeft
        let delegate = HeadingRecorder()
        manager.delegate = delegate
        manager.startUpdatingHeading()
        try await delegate.received.wait(for: "heading 0, the stream's first") { values, _ in !values.isEmpty }
        #expect(server.clients(scheme) == 1)
        try await server.advance(points: 29)  // indices 1 ... 29
        try await delegate.received.wait(for: "30 headings") { values, _ in values.count >= 30 }
        manager.stopUpdatingHeading()
        let got = delegate.received.values
        #expect(got.count == 30)
        #expect(unexpected(delegate.received.errors).isEmpty, "\(delegate.received.errors)")
        let truth = try #require(
            try Self.truth(try SpecDocument.decode(json: spec), count: 30, rate: 10), "walk.json is a trajectory spec")
        for (k, (h, p)) in zip(got, truth).enumerated() {
            #expect(h.timestamp == p.timestamp, "heading \(k)")
            #expect(h.timestamp == Double(k) / 10, "heading \(k)")
            // landscapeLeft: +90°, wrapped; the true heading is the truth's, exactly, before the turn.
            var expected = p.trueHeading + 90
            if expected >= 360 { expected -= 360 }
            #expect(h.trueHeading == expected, "heading \(k)")
            var magnetic = p.magneticHeading + 90
            if magnetic >= 360 { magnetic -= 360 }
            #expect(h.magneticHeading == magnetic, "heading \(k)")
            #expect(h.headingAccuracy == p.headingAccuracy, "heading \(k)")
            #expect(h.magneticField == p.magneticField, "heading \(k)")
        }
        #expect(manager.heading == got.last)
        // The failing case: without the orientation the values would be 90° off.
        #expect(got.first?.trueHeading != truth.first?.trueHeading)
        try await server.shutdown()
    }
}

/// A location delegate that records headings and errors.
final class HeadingRecorder: LocationProvidingDelegate, Sendable {
    /// Every heading and error, in order; a test awaits them with `received.wait(for:until:)`.
    let received = Received<SimulatedHeading>()

    func locationManager(_ manager: any LocationProviding, didUpdateLocations locations: [LocationPoint]) {}

    func locationManager(_ manager: any LocationProviding, didFailWithError error: any Error) {
        received.add(nil, error)
    }

    func locationManager(_ manager: any LocationProviding, didUpdateHeading heading: SimulatedHeading) {
        received.add(heading, nil)
    }
}
