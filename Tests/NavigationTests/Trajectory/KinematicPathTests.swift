import Foundation
import Location
import Signals
import Testing

@testable import Navigation

@Suite("KinematicPath")
struct KinematicPathTests {
    /// A car route of five legs (280 m – 610 m) with turns of 90° right, 45° left, 100° left and 67° right,
    /// and heights that climb and fall.
    static let corners: [(east: Double, north: Double, altitude: Double)] = [
        (0, 0, 10), (0, 400, 14), (300, 400, 12), (500, 600, 30), (180, 820, 25), (300, 1_420, 5),
    ]
    static let route = Route(
        speed: 13.9,
        waypoints: corners.map { c in
            let p = PathChecks.offset(east: c.east, north: c.north)
            return Waypoint(latitude: p.latitude, longitude: p.longitude, altitude: c.altitude)
        })

    static func car() throws -> KinematicPath { try KinematicPath(route: route, limits: .car) }

    /// Every time at which the motion changes character: the turns' ends and the speed profile's phases.
    static func joins(_ path: KinematicPath) -> [Double] {
        path.turns.flatMap { [$0.startTime, $0.endTime] } + path.profile.phases.map(\.t0)
    }

    @Test("Velocity and acceleration are continuous through every turn and speed change (ε = 1 ms)")
    func continuity() throws {
        let path = try Self.car()
        let e = 1e-3
        let l = VehicleLimits.car
        let joins = Self.joins(path)
        #expect(joins.count > 20)
        // Bounds: |Δv| ≤ |a| 2ε; |Δa| ≤ (longitudinal jerk + lateral jerk + the turn's rotation a_lat ω) 2ε,
        // vertical terms included with a margin.
        let dv = PathChecks.largestJump({ path.state(at: $0).velocity }, at: joins, epsilon: e)
        let da = PathChecks.largestJump({ path.state(at: $0).acceleration }, at: joins, epsilon: e)
        #expect(dv <= 1.1 * max(l.longitudinalAcceleration, l.lateralAcceleration) * 2 * e, "|Δv| = \(dv) m/s")
        #expect(da <= 1.05 * (2 * l.jerk + l.lateralAcceleration * l.yawRate) * 2 * e + 1e-4, "|Δa| = \(da) m/s²")
        // The failing case: an instant 90° turn at 13.9 m/s jumps by 19.7 m/s, far above the 0.0063 m/s bound.
        let corner = PathChecks.largestJump({ t in t < 0 ? SIMD3(0, 13.9, 0) : SIMD3(13.9, 0, 0) }, at: [0], epsilon: e)
        #expect(corner > 19)
    }

    @Test("Lateral acceleration, yaw rate, acceleration, jerk and speed stay within the car's limits (every 10 ms)")
    func withinLimits() throws {
        let path = try Self.car()
        let x = PathChecks.extremes(path, step: 0.01)
        let l = VehicleLimits.car
        #expect(x.lateral <= l.lateralAcceleration * (1 + 1e-9), "lateral \(x.lateral) m/s²")
        #expect(x.yawRate <= l.yawRate * (1 + 1e-9), "yaw rate \(x.yawRate) rad/s")
        #expect(x.longitudinal <= l.longitudinalAcceleration * (1 + 1e-9), "longitudinal \(x.longitudinal) m/s²")
        #expect(x.jerk <= l.jerk * (1 + 1e-9), "jerk \(x.jerk) m/s³")
        #expect(x.lateralJerk <= l.jerk * (1 + 1e-3), "lateral jerk \(x.lateralJerk) m/s³")
        #expect(x.speed <= 13.9 * (1 + 1e-12))
        // The limits are used, not merely respected: the turns reach the lateral and jerk limits.
        #expect(x.lateral >= 0.99 * l.lateralAcceleration)
        #expect(x.lateralJerk >= 0.99 * l.jerk)
        // The failing case: the same path broke a bike's tighter limits (2.5 m/s², 1 rad/s).
        #expect(x.lateral > VehicleLimits.bike.lateralAcceleration)
    }

    @Test(
        "The path passes each waypoint at the turn's offset (its nearest point), which is > 0 and < the tangent length")
    func passesWaypoints() throws {
        let path = try Self.car()
        #expect(path.turns.count == 4)
        let points = Self.corners.map { c in
            let p = PathChecks.offset(east: c.east, north: c.north)
            return path.plane.project(latitude: p.latitude, longitude: p.longitude)
        }
        for turn in path.turns {
            let w = points[turn.waypoint]
            var nearest = Double.infinity
            for t in stride(from: turn.startTime, through: turn.endTime, by: 0.005) {
                let s = path.state(at: t)
                nearest = min(nearest, ((SIMD2(s.east, s.north) - w) * (SIMD2(s.east, s.north) - w)).sum().squareRoot())
            }
            #expect(
                abs(nearest - turn.offset) <= 1e-3,
                "waypoint \(turn.waypoint): nearest \(nearest) m, offset \(turn.offset) m")
            #expect(turn.offset > 0.1)
            #expect(turn.offset < turn.tangentLength)
        }
        // The ends are exact, in the plane and in latitude and longitude.
        let first = path.state(at: -1)
        let last = path.state(at: path.duration + 1)
        #expect(abs(first.latitude - Self.route.waypoints[0].latitude) < 1e-12)
        #expect(abs(last.latitude - Self.route.waypoints[5].latitude) < 1e-12)
        #expect(abs(last.longitude - Self.route.waypoints[5].longitude) < 1e-12)
        #expect(abs(last.altitude - 5) < 1e-9)
    }

    @Test("One straight leg: duration = D / v + the S-curve time (v/a + a/j) exactly; the naive D / v is short")
    func straightDuration() throws {
        let a = PathChecks.offset(east: 0, north: 0)
        let b = PathChecks.offset(east: 0, north: 1_000)
        let route = Route(speed: 13.9) {
            Waypoint(latitude: a.latitude, longitude: a.longitude)
            Waypoint(latitude: b.latitude, longitude: b.longitude)
        }
        let path = try KinematicPath(route: route, limits: .car)
        let l = VehicleLimits.car
        let expected = path.length / 13.9 + 13.9 / l.longitudinalAcceleration + l.longitudinalAcceleration / l.jerk
        #expect(abs(path.duration - expected) < 1e-9, "\(path.duration) s, expected \(expected) s")
        #expect(abs(path.length - 1_000) < 1)  // the test's spherical offset puts the waypoints 1000.52 m apart
        #expect(path.duration - path.length / 13.9 > 7)
    }

    @Test("The speed integrates to the length; position is the integral of velocity, velocity of acceleration")
    func integrals() throws {
        let path = try Self.car()
        let n = 2 * Int(path.duration * 100)
        let distance = PathChecks.simpson(
            { SIMD3(path.state(at: $0).speed, 0, 0) }, from: 0, to: path.duration, intervals: n)
        #expect(abs(distance.x - path.length) < 1e-4, "∫v dt = \(distance.x) m, length \(path.length) m")
        let start = path.state(at: 0)
        let end = path.state(at: path.duration)
        let moved = SIMD3(end.east - start.east, end.north - start.north, end.altitude - start.altitude)
        let integral = PathChecks.simpson({ path.state(at: $0).velocity }, from: 0, to: path.duration, intervals: n)
        let error = ((integral - moved) * (integral - moved)).sum().squareRoot()
        #expect(error < 1e-3, "|∫v dt − Δp| = \(error) m")
        // Velocity as the integral of acceleration, over the second turn.
        let turn = path.turns[1]
        let dv = PathChecks.simpson(
            { path.state(at: $0).acceleration }, from: turn.startTime - 5, to: turn.endTime + 5, intervals: 4_000)
        let change = path.state(at: turn.endTime + 5).velocity - path.state(at: turn.startTime - 5).velocity
        #expect(((dv - change) * (dv - change)).sum().squareRoot() < 1e-4)
        // The failing case: a velocity 0.1 % too large misses the position by metres.
        let wrong = PathChecks.simpson(
            { 1.001 * path.state(at: $0).velocity }, from: 0, to: path.duration, intervals: n)
        #expect(((wrong - moved) * (wrong - moved)).sum().squareRoot() > 1)
    }

    @Test("Random access: the same states in order, reversed and shuffled, bit for bit")
    func randomAccess() throws {
        let path = try Self.car()
        let times = (0..<2_000).map { Double($0) * path.duration / 1_999 }
        let forward = times.map(path.state(at:))
        let backward = Array(times.reversed().map(path.state(at:)).reversed())
        var generator = SplitMix(seed: 7)
        let order = times.indices.shuffled(using: &generator)
        var shuffled = [KinematicState?](repeating: nil, count: times.count)
        for i in order { shuffled[i] = path.state(at: times[i]) }
        #expect(forward == backward)
        #expect(forward == shuffled.map { $0! })
        // The failing case: neighbouring states differ, so equality is not vacuous.
        #expect(forward[10] != forward[11])
    }

    @Test("Invalid routes throw at their JSON path")
    func invalidRoutes() {
        let a = PathChecks.offset(east: 0, north: 0)
        let b = PathChecks.offset(east: 0, north: 300)
        let one = Route(speed: 5, waypoints: [Waypoint(latitude: a.latitude, longitude: a.longitude)])
        let reversal = Route(
            speed: 5,
            waypoints: [
                Waypoint(latitude: a.latitude, longitude: a.longitude),
                Waypoint(latitude: b.latitude, longitude: b.longitude),
                Waypoint(latitude: a.latitude, longitude: a.longitude),
            ])
        let far = Route(
            speed: 5, waypoints: [Waypoint(latitude: 51, longitude: 0), Waypoint(latitude: 52, longitude: 0)])
        let cases: [(Route, SignalError.Code, String)] = [
            (one, .tooShort, "$.trajectory.route.waypoints"),
            (reversal, .outOfRange, "$.trajectory.route.waypoints[1]"),
            (far, .outOfRange, "$.trajectory.route.waypoints[1]"),
        ]
        for (route, code, path) in cases {
            let error = #expect(throws: SignalError.self) { try KinematicPath(route: route, limits: .walk) }
            #expect(error?.code == code)
            #expect(error?.path == path)
        }
        // One waypoint: the message says how to stand still, which is what one waypoint usually means.
        let single = #expect(throws: SignalError.self) { try KinematicPath(route: one, limits: .walk) }
        #expect(single?.message.contains("to stand still at one place") == true, "\(single?.message ?? "")")
    }
}

/// A seeded generator for shuffling (SplitMix64: the state steps by the golden gamma and each draw is
/// ``CounterHash/mix64(_:)`` of the state before the step, which adds that gamma itself).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        defer { state &+= 0x9E37_79B9_7F4A_7C15 }
        return CounterHash.mix64(state)
    }
}

@Suite("KinematicPath: every preset")
struct KinematicPathPresetTests {
    @Test(
        "Each preset's path asked to go too fast keeps every limit (sampled every 10 ms), within 10 % of top speed",
        arguments: [VehicleLimits.walk, .run, .bike, .car])
    func presets(limits: VehicleLimits) throws {
        var route = KinematicPathTests.route
        route.speed = 1_000  // above every preset: the leg speed is capped at the maximum
        let path = try KinematicPath(route: route, limits: limits)
        let x = PathChecks.extremes(path, step: 0.01)
        #expect(x.lateral <= limits.lateralAcceleration * (1 + 1e-9), "lateral \(x.lateral) m/s²")
        #expect(x.yawRate <= limits.yawRate * (1 + 1e-9), "yaw rate \(x.yawRate) rad/s")
        #expect(x.longitudinal <= limits.longitudinalAcceleration * (1 + 1e-9))
        #expect(x.jerk <= limits.jerk * (1 + 1e-9))
        #expect(x.lateralJerk <= limits.jerk * (1 + 1e-3), "lateral jerk \(x.lateralJerk) m/s³")
        // The car reaches 35.35 of its 36.1 m/s on legs of at most 610 m; the others their maximum.
        #expect(x.speed <= limits.maximumSpeed * (1 + 1e-12), "top speed \(x.speed) m/s")
        #expect(x.speed > 0.9 * limits.maximumSpeed, "top speed \(x.speed) m/s")
        let joins = KinematicPathTests.joins(path)
        let dv = PathChecks.largestJump({ path.state(at: $0).velocity }, at: joins, epsilon: 1e-3)
        #expect(dv <= 1.1 * max(limits.longitudinalAcceleration, limits.lateralAcceleration) * 2e-3, "|Δv| = \(dv) m/s")
    }
}
