import Foundation

/// One piece of a planar path whose curvature varies linearly with arc length: a straight line
/// (`κ0 = κ1 = 0`), a circular arc (`κ0 = κ1`), or a clothoid entering (`κ0 = 0`) or leaving (`κ1 = 0`) a turn.
/// Headings are mathematical angles in the local tangent plane (radians from east, counter-clockwise).
struct PathPiece: Sendable, Hashable {
    /// Start and end points (east, north), metres.
    let start: SIMD2<Double>, end: SIMD2<Double>
    /// Headings at the start and the end, radians.
    let startHeading: Double, endHeading: Double
    /// Curvatures at the start and the end, 1/m (positive to the left).
    let startCurvature: Double, endCurvature: Double
    /// Arc length, metres.
    let length: Double
    /// `(cos, sin)` of ``startHeading`` and of ``endHeading`` (the direction of a straight piece), computed once.
    let startDirection: SIMD2<Double>, endDirection: SIMD2<Double>

    /// A piece from its ends, headings (radians), curvatures (1/m) and arc length (m).
    init(
        start: SIMD2<Double>, end: SIMD2<Double>, startHeading: Double, endHeading: Double, startCurvature: Double,
        endCurvature: Double, length: Double
    ) {
        self.start = start
        self.end = end
        self.startHeading = startHeading
        self.endHeading = endHeading
        self.startCurvature = startCurvature
        self.endCurvature = endCurvature
        self.length = length
        startDirection = SIMD2(cos(startHeading), sin(startHeading))
        endDirection = SIMD2(cos(endHeading), sin(endHeading))
    }

    /// Curvature at arc length `l` (0 … ``length``), 1/m.
    func curvature(_ l: Double) -> Double {
        length > 0 ? startCurvature + (endCurvature - startCurvature) * l / length : startCurvature
    }

    /// Heading at arc length `l`, radians.
    func heading(_ l: Double) -> Double {
        guard length > 0 else { return startHeading }
        return startHeading + startCurvature * l + (endCurvature - startCurvature) * l * l / (2 * length)
    }

    /// Point at arc length `l` (0 … ``length``), metres.
    func point(_ l: Double) -> SIMD2<Double> { pointAndTangent(l).point }

    /// Point (metres), heading (radians) and unit tangent `(cos, sin)` of the heading at arc length `l`
    /// (0 … ``length``): one `sin`/`cos` pair inside an arc or a clothoid, none on a straight piece.
    @inline(__always)
    func pointAndTangent(_ l: Double) -> (point: SIMD2<Double>, heading: Double, tangent: SIMD2<Double>) {
        if startCurvature == 0, endCurvature == 0 {
            return (start + l * startDirection, startHeading, startDirection)
        }
        let psi = heading(l)
        let tangent = SIMD2(cos(psi), sin(psi))
        if startCurvature == endCurvature {
            // heading(l) is startHeading + κ l here, bit for bit.
            let d = SIMD2(tangent.y - startDirection.y, startDirection.x - tangent.x) / startCurvature
            return (start + d, psi, tangent)
        }
        if startCurvature == 0 {
            let rate = endCurvature / length
            let c = Clothoid.displacement(length: l, rate: abs(rate))
            return (start + Self.rotate(SIMD2(c.x, rate < 0 ? -c.y : c.y), by: startDirection), psi, tangent)
        }
        let rate = startCurvature / length
        let c = Clothoid.displacement(length: length - l, rate: abs(rate))
        return (end + Self.rotate(SIMD2(-c.x, rate < 0 ? -c.y : c.y), by: endDirection), psi, tangent)
    }

    /// `v` rotated counter-clockwise by `angle` radians.
    static func rotate(_ v: SIMD2<Double>, by angle: Double) -> SIMD2<Double> {
        rotate(v, by: SIMD2(cos(angle), sin(angle)))
    }

    /// `v` rotated counter-clockwise by the angle whose `(cos, sin)` is `direction`.
    @inline(__always)
    static func rotate(_ v: SIMD2<Double>, by direction: SIMD2<Double>) -> SIMD2<Double> {
        let (s, c) = (direction.y, direction.x)
        return SIMD2(c * v.x - s * v.y, s * v.x + c * v.y)
    }
}

/// The unit clothoid's displacement by power series.
enum Clothoid {
    /// The displacement `(∫cos(σu²/2) du, ∫sin(σu²/2) du)` over `0 … length` of a clothoid starting at the
    /// origin heading east with zero curvature and curvature rate `rate = σ ≥ 0` (1/m²), by its power series
    /// in `θ = σ l² / 2` (the heading turned), summed until the terms fall below 1e-17 of the result;
    /// exact to rounding for `θ` up to a few radians (turns here keep `θ < π/2`).
    static func displacement(length: Double, rate: Double) -> SIMD2<Double> {
        let theta = rate * length * length / 2
        var x = 0.0
        var y = 0.0
        var term = 1.0  // θ^k / k!
        for k in 0..<40 {
            let contribution = term / Double(2 * k + 1)
            switch k % 4 {
            case 0: x += contribution
            case 1: y += contribution
            case 2: x -= contribution
            default: y -= contribution
            }
            term *= theta / Double(k + 1)
            if term < 1e-17 * max(abs(x), 1e-300) { break }
        }
        return length * SIMD2(x, y)
    }
}
