import Foundation
import Location

/// Where a walk takes stairs, and what changes there: the steps' length along the path, the cadence, and
/// the body's rise per step.
///
/// A pedestrian's leg between two waypoints that climbs or descends more steeply than a ramp may
/// (``Trajectory/rampGrade``, 1:8) is a flight of stairs: steps of ``rise`` (17 cm) each, so each step
/// covers `rise / |grade|` of the path (the stair's going), taken at ``ascentCadence`` or
/// ``descentCadence`` steps per second (the route's speed there is lowered to it). Along the path:
/// - the steps per metre `g(s)`: `1 / L` (the walk's step length) off the stairs, `|grade| / rise` on them,
///   changing over each waypoint's corner (the height profile's rounding, `±b` about its station) by a
///   quintic smoothstep, so that the stride phase `Φ(s) = ∫ g ds` and its first two derivatives are
///   continuous (and with them the cadence and the gait's acceleration);
/// - the stairs' weight `w(s)`: 1 on a flight, 0 off it, through the same smoothsteps, signed `+1` up and
///   `−1` down: the body then rises (falls) by a step's height once per step, pausing at each foot
///   contact: `rise (u − sin(2πu)/2π)` over step phase `u` (Riener et al. 2002, *Stair ascent and descent
///   at different inclinations*: the centre of mass climbs during single support), i.e. the path's ramp
///   plus `−w rise sin(2πu) / 2π`.
///
/// Everything is a closed-form polynomial per piece (the smoothstep's integral is `x⁴(5/2 − 3x + x²)`), so
/// the stride phase is exact and the same however a render is chunked.
struct StairProfile: Sendable {
    /// A step's height, metres (building codes: 15–19 cm).
    static let rise = 0.17
    /// Steps per second climbing and descending stairs (Riener et al. 2002: 1.5–1.7 up, 1.7–1.9 down;
    /// slower than a level walk's 1.83).
    static let ascentCadence = 1.6
    static let descentCadence = 1.75

    /// One piece of the path: from station `start`, steps per metre `g0 + (g1 − g0) S(x)` and the weight
    /// `w0 + (w1 − w0) S(x)` over `x = (s − start) / width` (S the quintic smoothstep; `width` 0 for a
    /// constant piece), and `Φ` (steps) at its start.
    struct Piece: Sendable {
        var start: Double, width: Double
        var g0: Double, g1: Double, w0: Double, w1: Double
        var phase: Double
    }

    let pieces: [Piece]

    /// The profile of `path` for a walk of `stepLength`-metre steps, or `nil` when the path takes no stairs.
    init?(_ heights: HeightProfile, stepLength L: Double) {
        let grades = heights.grades
        guard grades.contains(where: Trajectory.isStairs) else { return nil }
        // Steps per metre and weight of each interval between waypoints.
        let g = grades.map { Trajectory.isStairs($0) ? abs($0) / Self.rise : 1 / L }
        let w = grades.map { Trajectory.isStairs($0) ? ($0 > 0 ? 1.0 : -1.0) : 0 }
        var pieces: [Piece] = []
        var phase = 0.0
        func add(_ start: Double, _ width: Double, _ g0: Double, _ g1: Double, _ w0: Double, _ w1: Double) {
            if let last = pieces.last {
                phase += Self.integral(last, to: start)
            }
            pieces.append(Piece(start: start, width: width, g0: g0, g1: g1, w0: w0, w1: w1, phase: phase))
        }
        let stations = heights.stations
        add(stations[0], 0, g[0], g[0], w[0], w[0])
        for i in 1..<stations.count - 1 {
            let b = heights.halfWidths[i]
            guard g[i] != g[i - 1] || w[i] != w[i - 1], b > 0 else { continue }
            add(stations[i] - b, 2 * b, g[i - 1], g[i], w[i - 1], w[i])
            add(stations[i] + b, 0, g[i], g[i], w[i], w[i])
        }
        self.pieces = pieces
    }

    /// `∫ g` over `piece` from its start to `s`.
    static func integral(_ piece: Piece, to s: Double) -> Double {
        let d = s - piece.start
        guard piece.width > 0 else { return piece.g0 * d }
        let x = min(max(d / piece.width, 0), 1)
        let x2 = x * x
        let smooth = x2 * x2 * (2.5 - 3 * x + x2)  // ∫₀ˣ S
        // Beyond the transition (never reached: the next piece starts there), the new rate.
        let beyond = max(d - piece.width, 0) * (piece.g1 - piece.g0)
        return piece.g0 * d + (piece.g1 - piece.g0) * piece.width * smooth + beyond
    }

    /// The steps taken by station `s` (`Φ`), steps per metre (`Φ′`) and its derivative (`Φ″`), and the
    /// stairs' weight with its first two derivatives along the path.
    func evaluate(_ s: Double) -> (phase: (Double, Double, Double), weight: (Double, Double, Double)) {
        var (lo, hi) = (0, pieces.count - 1)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].start <= s { lo = mid } else { hi = mid - 1 }
        }
        let p = pieces[lo]
        let d = s - p.start
        guard p.width > 0, d > 0, d < p.width else {
            // A constant piece (or beyond a transition: the next piece starts where it ends).
            let g = d >= p.width && p.width > 0 ? p.g1 : p.g0
            let w = d >= p.width && p.width > 0 ? p.w1 : p.w0
            return ((p.phase + Self.integral(p, to: s), g, 0), (w, 0, 0))
        }
        let x = d / p.width
        let x2 = x * x
        let S = x2 * x * (10 - 15 * x + 6 * x2)
        let S1 = 30 * x2 * (1 - x) * (1 - x) / p.width
        let S2 = 60 * x * (1 - x) * (1 - 2 * x) / (p.width * p.width)
        let phase = p.phase + Self.integral(p, to: s)
        return (
            (phase, p.g0 + (p.g1 - p.g0) * S, (p.g1 - p.g0) * S1),
            (p.w0 + (p.w1 - p.w0) * S, (p.w1 - p.w0) * S1, (p.w1 - p.w0) * S2)
        )
    }
}

extension Trajectory {
    /// The steepest grade a pedestrian takes as a ramp, 1:8 (building codes' steepest ramp); steeper legs
    /// are stairs (see `StairProfile`), up to ``steepestStairs``.
    public static let rampGrade = 0.125
    /// The steepest grade taken as stairs, 2 (63°: steeper than any stair; a steeper leg is a height's
    /// glitch, walked as a slope as before).
    public static let steepestStairs = 2.0

    /// Whether a pedestrian takes a leg of `grade` as stairs.
    static func isStairs(_ grade: Double) -> Bool { abs(grade) > rampGrade && abs(grade) <= steepestStairs }

    /// `route` with the speed of each leg a pedestrian takes as stairs lowered to the stairs' cadence times
    /// their going (a step of `StairProfile.rise` per `|grade|`): the leg's arriving waypoint's speed.
    static func stairSpeeds(_ route: Route) -> Route {
        var route = route
        let waypoints = route.waypoints
        guard waypoints.count >= 2 else { return route }
        for k in 0..<waypoints.count - 1 {
            let run = Geodesic.wgs84.inverse(from: waypoints[k].coordinate, to: waypoints[k + 1].coordinate).distance
            let climb = waypoints[k + 1].altitude - waypoints[k].altitude
            guard run > 0, run.isFinite, isStairs(climb / run) else { continue }
            let cadence = climb > 0 ? StairProfile.ascentCadence : StairProfile.descentCadence
            let stairs = cadence * StairProfile.rise * run / abs(climb)
            let given = waypoints[k + 1].speed ?? route.speed ?? stairs
            route.waypoints[k + 1].speed = min(given, stairs)
        }
        return route
    }
}
