import Foundation
import Location
import Signals
import Testing

@testable import Navigation

@Suite("KinematicPath: pauses")
struct KinematicPathPauseTests {
    /// `KinematicPathTests`' car route with `pauses` (seconds) at the waypoints given by index.
    static func route(_ pauses: [Int: Double]) -> Route {
        var route = KinematicPathTests.route
        for (i, pause) in pauses { route.waypoints[i].pause = pause }
        return route
    }

    /// The path's stretches at rest after its start: phases with zero speed, acceleration and jerk.
    static func rests(_ path: KinematicPath) -> [(start: Double, end: Double)] {
        path.profile.phases.filter { $0.v0 == 0 && $0.a0 == 0 && $0.jerk == 0 }.map { ($0.t0, $0.t0 + $0.duration) }
    }

    /// A waypoint of `KinematicPathTests.corners` in the path's plane.
    static func corner(_ i: Int, _ path: KinematicPath) -> SIMD2<Double> {
        let c = KinematicPathTests.corners[i]
        let p = PathChecks.offset(east: c.east, north: c.north)
        return path.plane.project(latitude: p.latitude, longitude: p.longitude)
    }

    @Test(
        "A pause at a turn: at rest at the turn's middle for exactly the pause, moving either side; the geometry unchanged"
    )
    func pauseAtATurn() throws {
        let plain = try KinematicPathTests.car()
        let path = try KinematicPath(route: Self.route([2: 20]), limits: .car)
        let rests = Self.rests(path)
        try #require(rests.count == 1)
        let rest = rests[0]
        #expect(abs(rest.end - rest.start - 20) < 1e-12, "rest \(rest)")
        for t in stride(from: rest.start, through: rest.end, by: 0.25) {
            #expect(path.state(at: t).speed == 0, "t \(t)")
        }
        #expect(path.state(at: rest.start - 0.05).speed > 0)
        #expect(path.state(at: rest.end + 0.05).speed > 0)
        // Where it stands: the turn's middle, the path's nearest point to the waypoint.
        let turn = try #require(path.turns.first { $0.waypoint == 2 })
        #expect(turn.pause == 20)
        #expect(turn.startTime < rest.start)
        #expect(turn.endTime > rest.end)
        let s = path.state(at: rest.start + 10)
        let d = SIMD2(s.east, s.north) - Self.corner(2, path)
        #expect(
            abs((d * d).sum().squareRoot() - turn.offset) < 1e-9,
            "\((d * d).sum().squareRoot()) m, offset \(turn.offset) m")
        // The turns keep the geometry designed for their speeds; the stop costs more than the pause.
        #expect(path.length == plain.length)
        #expect(path.turns.map(\.radius) == plain.turns.map(\.radius))
        #expect(path.duration > plain.duration + 20)
        // The failing case: the path without the pause has no rest.
        #expect(Self.rests(plain).isEmpty)
    }

    @Test("Stopping and starting again keep every limit and the continuity of velocity and acceleration (ε = 1 ms)")
    func pausesKeepLimitsAndContinuity() throws {
        let path = try KinematicPath(route: Self.route([1: 5, 2: 20, 3: 0.5]), limits: .car)
        let l = VehicleLimits.car
        #expect(Self.rests(path).count == 3)
        let x = PathChecks.extremes(path, step: 0.01)
        #expect(x.lateral <= l.lateralAcceleration * (1 + 1e-9), "lateral \(x.lateral) m/s²")
        #expect(x.yawRate <= l.yawRate * (1 + 1e-9), "yaw rate \(x.yawRate) rad/s")
        #expect(x.longitudinal <= l.longitudinalAcceleration * (1 + 1e-9), "longitudinal \(x.longitudinal) m/s²")
        #expect(x.jerk <= l.jerk * (1 + 1e-9), "jerk \(x.jerk) m/s³")
        #expect(x.lateralJerk <= l.jerk * (1 + 1e-3), "lateral jerk \(x.lateralJerk) m/s³")
        // Never faster in a turn than it was designed for.
        for turn in path.turns {
            for t in stride(from: turn.startTime, through: turn.endTime, by: 0.01) {
                #expect(path.state(at: t).speed <= turn.speed * (1 + 1e-12), "waypoint \(turn.waypoint) at \(t) s")
            }
        }
        let e = 1e-3
        let joins = KinematicPathTests.joins(path)
        let dv = PathChecks.largestJump({ path.state(at: $0).velocity }, at: joins, epsilon: e)
        let da = PathChecks.largestJump({ path.state(at: $0).acceleration }, at: joins, epsilon: e)
        print("pauses, car path: |Δv| \(dv) m/s, |Δa| \(da) m/s² over ±1 ms at \(joins.count) joins")
        // In a turn holding a pause the vehicle brakes while it turns: the two accelerations add up as vectors
        // (each within its limit), so the bound on |Δv| is their hypotenuse's.
        let braking =
            (l.longitudinalAcceleration * l.longitudinalAcceleration + l.lateralAcceleration * l.lateralAcceleration)
            .squareRoot()
        #expect(dv <= 1.1 * braking * 2 * e, "|Δv| = \(dv) m/s")
        #expect(da <= 1.05 * (2 * l.jerk + l.lateralAcceleration * l.yawRate) * 2 * e + 1e-4, "|Δa| = \(da) m/s²")
        // The failing case: a naive pause (the path without it, frozen at the waypoint for 20 s) stops dead.
        let plain = try KinematicPathTests.car()
        let turn = try #require(plain.turns.first { $0.waypoint == 2 })
        let stop = (turn.startTime + turn.endTime) / 2
        let naive: (Double) -> SIMD3<Double> = { t in
            t < stop ? plain.state(at: t).velocity : (t < stop + 20 ? .zero : plain.state(at: t - 20).velocity)
        }
        #expect(PathChecks.largestJump(naive, at: [stop, stop + 20], epsilon: e) > 10)
    }

    @Test("Pauses at the first and last waypoints: a wait before leaving and a stay at the end, added to the duration")
    func pausesAtTheEnds() throws {
        let plain = try KinematicPathTests.car()
        let path = try KinematicPath(route: Self.route([0: 5, 5: 7]), limits: .car)
        #expect(abs(path.duration - (plain.duration + 12)) < 1e-9)
        #expect(path.state(at: 4.9).speed == 0)
        #expect(path.state(at: 4.9).station == 0)
        #expect(path.state(at: path.duration - 6.9).station == path.length)
        for t in stride(from: 0.0, through: plain.duration, by: 3.7) {
            let a = path.state(at: t + 5)
            let b = plain.state(at: t)
            #expect(abs(a.station - b.station) < 1e-9, "t \(t)")
            #expect(abs(a.speed - b.speed) < 1e-9, "t \(t)")
        }
        // The failing case: the same states without the shift differ.
        #expect(abs(path.state(at: 30).station - plain.state(at: 30).station) > 1)
    }

    @Test("A pause at a waypoint where the route goes straight on stops at the waypoint itself")
    func pauseOnAStraight() throws {
        let points = [(0.0, 0.0), (0.0, 150.0), (0.0, 400.0)].map { PathChecks.offset(east: $0.0, north: $0.1) }
        var route = Route(speed: 10, waypoints: points.map { Waypoint(latitude: $0.latitude, longitude: $0.longitude) })
        route.waypoints[1].pause = 3
        let path = try KinematicPath(route: route, limits: .car)
        let rests = Self.rests(path)
        try #require(rests.count == 1)
        let s = path.state(at: rests[0].start + 1.5)
        let w = path.plane.project(latitude: points[1].latitude, longitude: points[1].longitude)
        let d = SIMD2(s.east, s.north) - w
        #expect((d * d).sum().squareRoot() < 1e-6)
        #expect(path.turns.isEmpty)
    }

    @Test("A turn next to a pause is slowed so that the vehicle can stop at the pause's turn in time")
    func aNeighbourSlowsDownToStop() throws {
        // 90° left at 1, 70 m on, 90° right at 2 (the pause): the turn at 1 must stop within 70 m of road.
        let corners = [(0.0, 0.0), (0.0, 500.0), (-70.0, 500.0), (-70.0, 1_000.0)]
        let points = corners.map { PathChecks.offset(east: $0.0, north: $0.1) }
        var route = Route(speed: 20, waypoints: points.map { Waypoint(latitude: $0.latitude, longitude: $0.longitude) })
        let plain = try KinematicPath(route: route, limits: .car)
        route.waypoints[2].pause = 10
        let path = try KinematicPath(route: route, limits: .car)
        let before = try #require(plain.turns.first { $0.waypoint == 1 })
        let after = try #require(path.turns.first { $0.waypoint == 1 })
        print("turn at waypoint 1: \(before.speed) m/s without the pause, \(after.speed) m/s with it")
        #expect(after.speed < before.speed)
        let l = VehicleLimits.car
        let x = PathChecks.extremes(path, step: 0.01)
        #expect(x.longitudinal <= l.longitudinalAcceleration * (1 + 1e-9), "longitudinal \(x.longitudinal) m/s²")
        #expect(x.jerk <= l.jerk * (1 + 1e-9), "jerk \(x.jerk) m/s³")
        #expect(x.lateral <= l.lateralAcceleration * (1 + 1e-9), "lateral \(x.lateral) m/s²")
        // The speed profile ends at the path's length (every change fitted where it was planned).
        #expect(abs(path.state(at: path.duration + 1).station - path.length) < 1e-6)
        #expect(Self.rests(path).count == 1)
    }

    @Test("Waypoint times are refused at their path, naming times only; a negative or infinite pause at its path")
    func refusals() throws {
        let a = PathChecks.offset(east: 0, north: 0)
        let b = PathChecks.offset(east: 0, north: 300)
        let timed = Route(waypoints: [
            Waypoint(latitude: a.latitude, longitude: a.longitude, time: 0),
            Waypoint(latitude: b.latitude, longitude: b.longitude, time: 60),
        ])
        let error = #expect(throws: SignalError.self) { try KinematicPath(route: timed, limits: .walk) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.path == "$.trajectory.route.waypoints[0].time")
        #expect(error?.message.hasPrefix("a trajectory's waypoints take no 'time'") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("pause") == false, "\(error?.message ?? "")")
        for (pause, code) in [(-1.0, SignalError.Code.outOfRange), (.infinity, .nonFinite), (.nan, .nonFinite)] {
            var route = Route(
                speed: 1.4,
                waypoints: [
                    Waypoint(latitude: a.latitude, longitude: a.longitude),
                    Waypoint(latitude: b.latitude, longitude: b.longitude),
                ])
            route.waypoints[1].pause = pause
            let e = #expect(throws: SignalError.self) { try KinematicPath(route: route, limits: .walk) }
            #expect(e?.code == code, "pause \(pause)")
            #expect(e?.path == "$.trajectory.route.waypoints[1].pause", "pause \(pause)")
        }
    }
}
