import Foundation
import Signals

/// A checked ``Route`` with its timeline worked out: one geodesic line per leg (GeographicLib's
/// `GeodesicLine` constants, computed once) and the start time of every hold and leg, so that the true
/// position at any time is a binary search plus one geodesic evaluation.
///
/// ```swift
/// let timeline = try route.timeline()
/// let fix = timeline.location(at: 90)     // the truth 90 s after the start
/// print(timeline.passDuration)            // seconds from the start to the end (or to the loop's restart)
/// ```
/// The position at time `t` depends on `t` only, never on which times were asked before.
///
/// Its legs are straight geodesics joined at the waypoints, where the course turns at once: the timeline a
/// GNSS fix is drawn from. (Called `Trajectory` before 2026-11-24; that name is kept for the smooth
/// kinematic path, continuous in velocity and acceleration, that every sensor is to be derived from.)
public struct RouteTimeline: Sendable {
    /// The route.
    public let route: Route
    /// Seconds of one pass: from the start to the last arrival (and its pause), or for a looping route
    /// to the return to the first waypoint.
    public let passDuration: TimeInterval
    /// Metres travelled in one pass.
    public let passLength: Double
    /// When the first pass arrives at and leaves each waypoint (seconds; equal without a pause). The first
    /// waypoint "arrives" at 0.
    public let waypointTimes: [(arrival: TimeInterval, departure: TimeInterval)]
    /// Start time of each segment (non-decreasing, first 0).
    @usableFromInline let starts: [Double]
    @usableFromInline let segments: [Segment]
    /// Whether positions repeat every ``passDuration``.
    @usableFromInline let loops: Bool

    /// Checks `route` and prepares its timeline.
    /// - Throws: `SignalError` naming the field at fault (see ``Route/validate(path:)``), or `outOfRange`
    ///   when one pass would take more than ``Route/Limits/duration`` seconds.
    public init(_ route: Route) throws(SignalError) {
        try route.validate()
        let g = Geodesic.wgs84
        let w = route.waypoints
        var pieces: [Segment] = []
        var starts: [Double] = []
        var times: [(TimeInterval, TimeInterval)] = []
        var clock = 0.0
        var length = 0.0
        func add(_ s: Segment) {
            starts.append(clock)
            pieces.append(s)
            clock += s.duration
            length += s.length
        }
        if route.isTimed {
            // Timetable: constant speed between consecutive times.
            let first = w[0].time ?? 0
            if first > 0 { add(Segment(hold: w[0], duration: first)) }
            times.append((0, first))
            for i in 1..<w.count {
                let duration = (w[i].time ?? 0) - (w[i - 1].time ?? 0)
                add(
                    Segment(
                        leg: g.line(from: w[i - 1].coordinate, to: w[i].coordinate), from: w[i - 1], to: w[i],
                        duration: duration))
                times.append((clock, clock))
            }
            if route.loops, w.count > 1 {
                let line = g.line(from: w[w.count - 1].coordinate, to: w[0].coordinate)
                if line.distance > 0, let speed = w[0].speed ?? route.speed {
                    add(
                        Segment(
                            leg: line, from: w[w.count - 1], to: w[0], speed: speed, entry: speed, exit: speed,
                            acceleration: nil))
                }
            }
        } else {
            // Legs at speeds, holds at pauses; with an acceleration limit, each run of legs between stops
            // gets its boundary speeds from a forward and a backward pass.
            enum Piece {
                case hold(Int)
                case leg(Int, Int)
            }
            var plan: [Piece] = []
            if w[0].pause > 0 { plan.append(.hold(0)) }
            for i in 1..<w.count {
                plan.append(.leg(i - 1, i))
                if w[i].pause > 0 { plan.append(.hold(i)) }
            }
            if route.loops, w.count > 1 { plan.append(.leg(w.count - 1, 0)) }
            let lines: [GeodesicLine?] = plan.map {
                if case .leg(let a, let b) = $0 { g.line(from: w[a].coordinate, to: w[b].coordinate) } else { nil }
            }
            let speedOf = { (b: Int) in w[b].speed ?? route.speed ?? 1 }
            // Boundary speeds: entry[k] and exit[k] of plan piece k (legs only).
            var entry = [Double](repeating: 0, count: plan.count)
            var exit = entry
            if let acc = route.acceleration {
                var k = 0
                while k < plan.count {
                    guard case .leg = plan[k] else {
                        k += 1
                        continue
                    }
                    var end = k
                    while end + 1 < plan.count, case .leg = plan[end + 1] { end += 1 }
                    // Legs k ... end form a run from rest to rest; u[j] is the speed at its j-th boundary.
                    let run = Array(k...end)
                    var u = [Double](repeating: 0, count: run.count + 1)
                    func cap(_ j: Int) -> Double {
                        guard j > 0, j < run.count, case .leg(_, let b0) = plan[run[j - 1]],
                            case .leg(_, let b1) = plan[run[j]]
                        else { return 0 }
                        return min(speedOf(b0), speedOf(b1))
                    }
                    for j in 1...run.count {
                        let l = lines[run[j - 1]]?.distance ?? 0
                        u[j] = min(cap(j), (u[j - 1] * u[j - 1] + 2 * acc * l).squareRoot())
                    }
                    for j in stride(from: run.count - 1, through: 0, by: -1) {
                        let l = lines[run[j]]?.distance ?? 0
                        u[j] = min(u[j], (u[j + 1] * u[j + 1] + 2 * acc * l).squareRoot())
                    }
                    for (j, piece) in run.enumerated() {
                        entry[piece] = u[j]
                        exit[piece] = u[j + 1]
                    }
                    k = end + 1
                }
            }
            times.append((0, w[0].pause))
            for (k, piece) in plan.enumerated() {
                switch piece {
                case .hold(let i):
                    add(Segment(hold: w[i], duration: w[i].pause))
                    if i > 0 { times[i].1 = clock }
                case .leg(let a, let b):
                    guard let line = lines[k] else { continue }
                    add(
                        Segment(
                            leg: line, from: w[a], to: w[b], speed: speedOf(b), entry: entry[k], exit: exit[k],
                            acceleration: route.acceleration))
                    if b > 0 { times.append((clock, clock)) }
                }
            }
        }
        guard clock.isFinite, clock <= Route.Limits.duration else {
            throw SignalError(
                .outOfRange, path: "$.route",
                "one pass of the route takes \(clock) s, more than the limit of \(Route.Limits.duration) s; check its speeds and pauses"
            )
        }
        let loops = route.loops && clock > 0
        if !loops {
            // After the last arrival the route stays where it ended.
            starts.append(clock)
            pieces.append(Segment(hold: w[w.count - 1], duration: .infinity))
        }
        self.route = route
        self.starts = starts
        segments = pieces
        self.loops = loops
        passDuration = clock
        passLength = length
        waypointTimes = times
    }

    /// The true location `time` seconds after the start (accuracies 0).
    ///
    /// - Parameter time: Seconds from the start; before 0 the route is at its first waypoint; a looping route
    ///   repeats every ``passDuration``, another stays at its last waypoint after arriving.
    /// - Returns: Position on the geodesic of the current leg (error below 15 nm), altitude interpolated
    ///   along the leg, the true ground speed, and the forward azimuth as course (−1 while standing still).
    /// - Complexity: O(log segments) for the search plus one geodesic evaluation.
    @inlinable
    public func location(at time: TimeInterval) -> LocationPoint {
        var t = time.isNaN ? 0 : max(0, time)
        if loops {
            t -= (t / passDuration).rounded(.down) * passDuration
            if !(t < passDuration) || t < 0 { t = 0 }
        }
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if starts[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return point(segments[lo], tau: t - starts[lo], timestamp: time)
    }

    /// The location `tau` seconds into `segment`.
    @inlinable @inline(__always)
    func point(_ segment: Segment, tau: Double, timestamp: TimeInterval) -> LocationPoint {
        if segment.holds || segment.length == 0 {
            // Standing still (a pause, or a timed leg between equal positions): the waypoint exactly. A timed
            // leg that does not move still changes altitude, linearly in time from its start point's to its
            // end point's, so that each point keeps its own altitude at its own time.
            var altitude = segment.altitude1
            if !segment.holds, segment.duration > 0, segment.duration.isFinite {
                altitude =
                    segment.altitude0 + (segment.altitude1 - segment.altitude0) * min(1, max(0, tau / segment.duration))
            }
            return LocationPoint(
                timestamp: timestamp, latitude: segment.latitude, longitude: segment.longitude,
                altitude: altitude, speed: 0, course: -1)
        }
        let (s, v) = segment.motion(at: tau)
        var p = segment.line.position(distance: s)
        if s == 0 {
            // At a waypoint as a leg starts: its exact coordinates.
            p.latitude = segment.line.start.latitude
            p.longitude = segment.line.start.longitude
        }
        let altitude = segment.altitude0 + (segment.altitude1 - segment.altitude0) * (s / segment.length)
        var course = p.azimuth < 0 ? p.azimuth + 360 : p.azimuth
        if course >= 360 { course = 0 }
        return LocationPoint(
            timestamp: timestamp, latitude: p.latitude, longitude: p.longitude, altitude: altitude,
            speed: v, course: course)
    }
}

extension Route {
    /// The route checked and prepared for evaluation at any time.
    /// - Throws: `SignalError` naming the field at fault.
    public func timeline() throws(SignalError) -> RouteTimeline { try RouteTimeline(self) }
}
