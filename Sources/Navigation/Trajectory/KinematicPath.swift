import Foundation
import Location
import Signals

/// A smooth kinematic path along a route's waypoints, within a vehicle's limits: the truth every sensor of a
/// trajectory is to be derived from. Random access: ``state(at:)`` costs two binary searches and one
/// geodetic conversion, and gives the same result in any order.
///
/// ```swift
/// let route = Route(speed: 13.9) {
///     Waypoint(latitude: 51.5007, longitude: -0.1246)
///     Waypoint(latitude: 51.5033, longitude: -0.1196)
///     Waypoint(latitude: 51.5081, longitude: -0.1220)
/// }
/// let path = try KinematicPath(route: route, limits: .car)
/// let s = path.state(at: 30)         // position, velocity, acceleration, course, curvature
/// ```
///
/// Construction, in the tangent plane at the first waypoint (`LocalTangentPlane`: exact orthographic map):
/// - straight legs between the waypoints, joined at each interior waypoint by a symmetric clothoid – arc –
///   clothoid turn designed for a constant speed `v` through it: curvature `κ ≤ min(a_lat / v², ω / v)`,
///   curvature rate `σ = j / v³`, so lateral acceleration, yaw rate and its rate of change stay within the
///   limits and curvature is continuous;
/// - the speed starts and ends at rest, reaches each leg's speed (its arriving waypoint's `speed`, else the
///   route's, capped at the vehicle's maximum) on the straights and is constant through each turn, every
///   change an S-curve within the longitudinal acceleration and jerk limits; so position, velocity and
///   acceleration are continuous;
/// - a waypoint's `pause` (seconds): at an interior waypoint the vehicle slows down with the same S-curve to
///   rest at the waypoint's station (the middle of its turn, the path's point nearest the waypoint), stands
///   still for exactly `pause` seconds and sets off again. The turn keeps the geometry designed for its
///   speed, and the vehicle is never faster in it than that speed (lateral acceleration `v²κ`, yaw rate `vκ`
///   and lateral jerk only fall with `v`); the legs on either side are driven at most at that speed, and a
///   neighbouring turn is slowed, if need be, to at most that speed and so that it can stop in time. A
///   pause at the first waypoint is a wait before leaving, at the last a stay after arriving; every pause
///   counts in ``duration``;
/// - a turn that does not fit between its legs at the leg speed (a sharp turn, a U-turn), or a speed change
///   that does not fit along a straight, is driven slower: the turn's speed is lowered (its radius shrinks)
///   until everything fits, and the vehicle slows down before it. Nothing is refused but reversals of 179°
///   or more;
/// - height: straight grades between the waypoints' stations, corners rounded (`HeightProfile`).
///   Speeds are horizontal; vertical curves are not checked against the limits.
///
/// Accuracy of the plane: the orthographic map is exact at the waypoints; straight plane legs differ from
/// the geodesics by millimetres for legs within 5 km of the first waypoint (the deviation grows as
/// `L s² / R²`), plane distances are short by `s³ / (6R²)` (0.5 mm at 5 km), and the plane's north turns
/// from the local north by the meridian convergence (0.035° at 5 km east, 51° N): ``KinematicState`` gives
/// the motion in both frames, the local one exactly. Routes reaching more than 100 km from the first
/// waypoint are refused.
public struct KinematicPath: Sendable {
    /// The JSON path of a trajectory's route.
    public static let path = "$.trajectory.route"
    /// Largest distance of a waypoint from the first, metres (the tangent plane's range).
    public static let maximumExtent = 100_000.0
    /// Largest deflection at a waypoint, radians (179°).
    public static let maximumDeflection = 179 * Double.pi / 180

    /// The limits the path keeps to.
    public let limits: VehicleLimits
    /// The designed turns, one per interior waypoint that changes heading.
    public let turns: [Turn]
    /// Horizontal length of the path, metres.
    public let length: Double
    /// Time from the start (at rest at the first waypoint) to the arrival (at rest at the last), seconds,
    /// every waypoint's pause included (the first's wait before leaving and the last's stay).
    public var duration: Double { profile.time }

    let plane: LocalTangentPlane
    let pieces: [PathPiece]
    let pieceStations: [Double]
    let profile: SpeedProfile
    let heights: HeightProfile
    /// Stations (m, increasing) where the vehicle stops for an interior waypoint's pause.
    let stops: [Double]
    /// The times (s, increasing, `x` the start and `y` the end) the vehicle rests for a waypoint's pause: the
    /// first waypoint's wait, each interior pause and the last waypoint's stay; pauses of 0 s are left out.
    let rests: [SIMD2<Double>]

    /// Builds the path along `route`'s waypoints within `limits`.
    /// - Parameters:
    ///   - route: At least two waypoints, pauses (seconds) anywhere, no times, not looping (the route's
    ///     `acceleration` is not used: the vehicle's limits are).
    ///   - limits: The vehicle's limits.
    /// - Throws: `SignalError` at `$.trajectory.route…`: `.tooShort` for fewer than two waypoints,
    ///   `.nonFinite`/`.outOfRange` for a waypoint's coordinates, speeds, a repeated waypoint, a reversal
    ///   (deflection ≥ 179°), a waypoint beyond ``maximumExtent``, a pause outside 0 … `Route.Limits.duration`
    ///   seconds (at `…waypoints[i].pause`); `.invalidArgument` for times (at `…waypoints[i].time`) or looping.
    public init(route: Route, limits: VehicleLimits) throws(SignalError) {
        let legs = try Self.legs(of: route, limits: limits)
        self.limits = limits
        let n = legs.points.count
        var speeds = (0..<n).map { i in i == 0 || i == n - 1 ? 0 : min(legs.speeds[i - 1], legs.speeds[i]) }
        let designs = try Self.fitSpeeds(&speeds, legs: legs, limits: limits)
        plane = legs.plane

        var pieces: [PathPiece] = []
        var pieceStations: [Double] = []
        var profile = SpeedProfile()
        var s = 0.0
        var waypointStations = [0.0]
        var turns: [Turn] = []
        var stops: [Double] = []
        var rests: [SIMD2<Double>] = []
        var turnEnds: [(turn: Int, station: Double)] = []  // turns holding a pause: their ends, reached later
        let (a, j) = (limits.longitudinalAcceleration, limits.jerk)
        profile.rest(legs.pauses[0], recording: &rests)
        // Path still to drive from the last stop (the second half of a turn holding a pause), metres, and the
        // speed cap it carries (that turn's speed), m/s.
        var carried = 0.0
        var carriedCap = Double.infinity
        for k in 0..<n - 1 {
            let direction = SIMD2(cos(legs.headings[k]), sin(legs.headings[k]))
            let tA = k > 0 ? designs[k].tangentLength : 0
            let tB = k + 1 < n - 1 ? designs[k + 1].tangentLength : 0
            let straight = max(legs.lengths[k] - tA - tB, 0)
            if straight > 0 {
                pieces.append(
                    PathPiece(
                        start: legs.points[k] + tA * direction,
                        end: legs.points[k + 1] - tB * direction,
                        startHeading: legs.headings[k], endHeading: legs.headings[k],
                        startCurvature: 0, endCurvature: 0, length: straight))
                pieceStations.append(s)
            }
            // Along the straight (and into a turn holding a pause, to its middle): from the speed reached to
            // the next turn's, or to rest at the next stop.
            let stopping = legs.stops(at: k + 1)
            let half = stopping ? designs[k + 1].length / 2 : 0
            let distance = carried + straight + half
            let cap = min(legs.speeds[k], carriedCap, stopping ? designs[k + 1].speed : .infinity)
            let va = profile.speed
            let vb = stopping ? 0 : speeds[k + 1]
            let peak = Self.peakSpeed(from: va, to: vb, cap: cap, distance: distance, a: a, j: j)
            let up = SpeedProfile.changeDistance(va, peak, acceleration: a, jerk: j)
            let down = SpeedProfile.changeDistance(peak, vb, acceleration: a, jerk: j)
            profile.change(to: peak, acceleration: a, jerk: j)
            profile.cruise(distance - up - down)
            profile.change(to: vb, acceleration: a, jerk: j)
            s += straight
            (carried, carriedCap) = (0, .infinity)
            guard k + 1 < n - 1 else {
                profile.anchor(station: s)
                continue
            }
            let design = designs[k + 1]
            profile.anchor(station: s + half)
            let start = s
            for piece in design.pieces(at: legs.points[k + 1], entryHeading: legs.headings[k]) {
                pieces.append(piece)
                pieceStations.append(s)
                s += piece.length
            }
            waypointStations.append(s - design.length / 2)
            let startTime: Double
            let endTime: Double
            if stopping {
                // At rest at the turn's middle for the pause; the rest of the turn is driven with the next leg.
                stops.append(start + half)
                startTime = profile.time(atStation: start)
                profile.rest(legs.pauses[k + 1], recording: &rests)
                (carried, carriedCap) = (design.length - half, design.speed)
                endTime = profile.time  // the next leg drives the turn's second half: set below
            } else {
                startTime = profile.time
                profile.cruise(design.length)
                profile.anchor(station: s)
                endTime = profile.time
            }
            guard design.curvature > 0 else { continue }
            if stopping { turnEnds.append((turns.count, s)) }
            turns.append(
                Turn(
                    waypoint: k + 1, deflection: design.deflection, speed: design.speed,
                    radius: 1 / design.curvature, tangentLength: design.tangentLength, offset: 0,
                    startTime: startTime, endTime: endTime, pause: legs.pauses[k + 1]))
        }
        profile.rest(legs.pauses[n - 1], recording: &rests)
        for (i, end) in turnEnds { turns[i].endTime = profile.time(atStation: end) }
        waypointStations.append(s)
        self.pieces = pieces
        self.pieceStations = pieceStations
        self.profile = profile
        self.stops = stops
        self.rests = rests
        length = s
        heights = HeightProfile(stations: waypointStations, heights: route.waypoints.map(\.altitude))
        for i in turns.indices {
            let mid = waypointStations[turns[i].waypoint]
            let d = Self.piece(pieces, pieceStations, at: mid) - legs.points[turns[i].waypoint]
            turns[i].offset = (d * d).sum().squareRoot()
        }
        self.turns = turns
    }

    /// The highest speed (m/s) between `va` and `cap` from which the vehicle can still reach `vb` within
    /// `distance` metres after starting at `va` (bisection to rounding).
    static func peakSpeed(from va: Double, to vb: Double, cap: Double, distance: Double, a: Double, j: Double) -> Double
    {
        func needed(_ v: Double) -> Double {
            SpeedProfile.changeDistance(va, v, acceleration: a, jerk: j)
                + SpeedProfile.changeDistance(v, vb, acceleration: a, jerk: j)
        }
        var low = max(va, vb)
        var high = max(cap, low)
        if needed(high) <= distance { return high }
        for _ in 0..<200 where high - low > 1e-13 * high {
            let mid = (low + high) / 2
            if needed(mid) <= distance { low = mid } else { high = mid }
        }
        return low
    }

    /// Plane point at station `s` of `pieces` starting at `stations`.
    static func piece(_ pieces: [PathPiece], _ stations: [Double], at s: Double) -> SIMD2<Double> {
        let i = index(stations, s)
        return pieces[i].point(min(max(s - stations[i], 0), pieces[i].length))
    }

    /// Index of the last station ≤ `s` (0 if none).
    static func index(_ stations: [Double], _ s: Double) -> Int {
        var low = 0
        var high = stations.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if stations[mid] <= s { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

extension KinematicPath {
    /// The rest window (``rests``) that holds `t` seconds, or `nil` while the vehicle moves.
    /// Complexity: O(log n) in the number of pauses.
    @inline(__always)
    func rest(containing t: Double) -> SIMD2<Double>? {
        guard let first = rests.first, t >= first.x else { return nil }
        var (lo, hi) = (0, rests.count - 1)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if rests[mid].x <= t { lo = mid } else { hi = mid - 1 }
        }
        return t <= rests[lo].y ? rests[lo] : nil
    }
}
