import Foundation
import Navigation
import Playback
import SignalRunnerTesting
import Testing

@testable import SensorFeeds

/// `startEventUpdates(handler:)`: pause and resume when the walker stops and goes.
@Suite struct PedometerEventTests {
    /// A short walk with a `pause` (seconds) at its middle waypoint (0: none).
    static func walk(pause: Double) throws -> Trajectory {
        let json = """
            {"trajectory": {
              "route": {"speed": 1.4, "waypoints": [
                {"latitude": 51.5007, "longitude": -0.1246},
                {"latitude": 51.5010, "longitude": -0.1240, "pause": \(pause)},
                {"latitude": 51.5013, "longitude": -0.1234}]},
              "vehicle": "walk", "mount": "handheld", "epoch": "2026-06-01T08:30:00Z", "sensors": {}}}
            """
        return try Trajectory(json: Data(json.utf8), baseDirectory: WalkTrajectory.examples)
    }

    /// Every event of the whole trajectory, played instantly (`expected` of them).
    static func events(_ trajectory: Trajectory, expected: Int) -> [PedometerEvent] {
        let pedometer = SimulatedPedometer(source: .signal(trajectory), clock: ManualClock(autoAdvance: true))
        #expect(SimulatedPedometer.isPedometerEventTrackingAvailable())
        let seen = Collected<PedometerEvent>(until: expected)
        pedometer.startEventUpdates { e, error in seen.add(e, error) }
        #expect(seen.wait())
        // Then to the end of the trajectory (the updates end with it), so that an extra event would be seen.
        let deadline = Date() + 30
        while pedometer.isEventTrackingActive, Date() < deadline { usleep(1000) }
        #expect(!pedometer.isEventTrackingActive)
        pedometer.handlerQueue.waitUntilAllOperationsAreFinished()
        pedometer.stopEventUpdates()
        #expect(seen.failures.isEmpty)
        return seen.values
    }

    @Test("a walk with a pause: resume, pause at the waypoint, resume, pause at the arrival; dates on the walk's clock")
    func pauseAndResume() throws {
        let walk = try Self.walk(pause: 20)
        let events = Self.events(walk, expected: 4)
        #expect(events.map(\.type) == [.resume, .pause, .resume, .pause])
        try #require(events.count == 4)
        let seconds = events.map { $0.date.timeIntervalSince1970 - walk.epochSeconds }
        // Each event at its check: moving (distance grown > 1 mm over the last 0.25 s) changed there. The
        // last, the arrival, comes at the source's end (its last check, still moving).
        for (event, t) in zip(events, seconds).dropLast() {
            let now = try WalkTrajectory.point(walk, at: t).distance
            let before = try WalkTrajectory.point(walk, at: t - 0.25).distance
            #expect((now - before > 0.001) == (event.type == .resume), "t \(t)")
        }
        // The pause at the waypoint lasts its 20 s, give or take the deceleration and the check interval.
        #expect(abs((seconds[2] - seconds[1]) - 20) < 3, "\(seconds)")
        #expect(abs(seconds[3] - walk.duration) < 3, "arrival \(walk.duration) s, last event \(seconds[3]) s")
    }

    @Test("the failing case: without the pause, only the start and the arrival")
    func noPause() throws {
        let events = Self.events(try Self.walk(pause: 0), expected: 2)
        #expect(events.map(\.type) == [.resume, .pause])
    }
}
