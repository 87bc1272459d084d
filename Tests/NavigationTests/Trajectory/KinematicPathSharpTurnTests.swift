import Foundation
import Location
import Signals
import Testing

@testable import Navigation

/// A route a car cannot drive at its leg speed: a 170° hairpin after a 1 km leg, with 300 m to the end.
/// At 13.9 m/s a turn within 3 m/s² needs a 64 m radius and a tangent length of about 750 m, longer than
/// the 300 m leg. The path slows down for it instead of refusing it.
@Suite("KinematicPath: sharp turns slow down")
struct KinematicPathSharpTurnTests {
    static let route: Route = {
        let a = PathChecks.offset(east: 0, north: 0)
        let b = PathChecks.offset(east: 0, north: 1_000)
        let c = PathChecks.offset(east: 300 * sin(10 * .pi / 180), north: 1_000 - 300 * cos(10 * .pi / 180))
        return Route(speed: 13.9) {
            Waypoint(latitude: a.latitude, longitude: a.longitude)
            Waypoint(latitude: b.latitude, longitude: b.longitude)
            Waypoint(latitude: c.latitude, longitude: c.longitude)
        }
    }()

    @Test("The hairpin at the leg speed does not fit: its tangent length exceeds the 300 m leg")
    func doesNotFitAtLegSpeed() throws {
        let path = try KinematicPath(route: Self.route, limits: .car)
        let turn = try #require(path.turns.first)
        #expect(abs(abs(turn.deflection) - 170 * .pi / 180) < 1e-3)
        let atLegSpeed = TurnDesign(deflection: turn.deflection, speed: 13.9, limits: .car)
        #expect(atLegSpeed.tangentLength > 300, "tangent length \(atLegSpeed.tangentLength) m at 13.9 m/s")
    }

    @Test("The path brakes from 13.9 m/s before the hairpin to the fastest speed that fits, within every limit")
    func slowsDown() throws {
        let path = try KinematicPath(route: Self.route, limits: .car)
        let turn = try #require(path.turns.first)
        #expect(turn.speed < 9, "turn speed \(turn.speed) m/s")
        #expect(turn.speed > 8, "turn speed \(turn.speed) m/s")
        // The highest speed that fits: the turn and the stop after it fill the 300 m leg; 2 % faster does not fit.
        let l = VehicleLimits.car
        let stop = SpeedProfile.changeDistance(turn.speed, 0, acceleration: l.longitudinalAcceleration, jerk: l.jerk)
        let w = Self.route.waypoints.map { path.plane.project(latitude: $0.latitude, longitude: $0.longitude) }
        let leg = ((w[2] - w[1]) * (w[2] - w[1])).sum().squareRoot()  // 300.2 m (the test's offsets are spherical)
        #expect(turn.tangentLength + stop <= leg * (1 + 1e-9))
        #expect(turn.tangentLength + stop > leg - 0.01)
        let faster = TurnDesign(deflection: turn.deflection, speed: 1.02 * turn.speed, limits: l)
        let fasterStop = SpeedProfile.changeDistance(
            1.02 * turn.speed, 0, acceleration: l.longitudinalAcceleration, jerk: l.jerk)
        #expect(faster.tangentLength + fasterStop > leg)
        // Constant speed through the turn, reached with zero acceleration before it starts.
        for t in stride(from: turn.startTime, through: turn.endTime, by: 0.05) {
            #expect(abs(path.state(at: t).speed - turn.speed) < 1e-9)
        }
        let before = path.state(at: turn.startTime - 1e-6)
        #expect(abs(before.longitudinalAcceleration) < 1e-4)
        // It was faster earlier: the speed profile brakes for the turn.
        let fastest = stride(from: 0, to: turn.startTime, by: 0.1).map { path.state(at: $0).speed }.max() ?? 0
        #expect(fastest > turn.speed + 1)
        let x = PathChecks.extremes(path, step: 0.01)
        #expect(x.lateral <= l.lateralAcceleration * (1 + 1e-9), "lateral \(x.lateral) m/s²")
        #expect(x.yawRate <= l.yawRate * (1 + 1e-9), "yaw rate \(x.yawRate) rad/s")
        #expect(x.longitudinal <= l.longitudinalAcceleration * (1 + 1e-9))
        #expect(x.jerk <= l.jerk * (1 + 1e-9))
        #expect(x.lateralJerk <= l.jerk * (1 + 1e-3), "lateral jerk \(x.lateralJerk) m/s³")
        // Velocity is continuous at the turn's ends.
        let dv = PathChecks.largestJump(
            { path.state(at: $0).velocity }, at: [turn.startTime, turn.endTime], epsilon: 1e-3)
        #expect(dv <= 3 * 2e-3 * 1.05)
    }
}
