import Foundation

/// A continuous-curvature turn (clothoid – arc – clothoid, symmetric) joining two straight legs at a
/// waypoint, sized for a constant speed through it.
///
/// At speed `v` with limits `a_lat`, `ω`, `j`: the arc's curvature is `κ = min(a_lat / v², ω / v)` (lateral
/// acceleration `v²κ ≤ a_lat`, yaw rate `vκ ≤ ω`), and the clothoids ramp curvature at `σ = j / v³` per metre,
/// so that the lateral acceleration changes at `v³σ = j` (m/s³). Each clothoid turns `θ = κ² / (2σ)`; when
/// `2θ` exceeds the deflection `Δ` there is no arc and the peak curvature is lowered to `√(σ|Δ|)`.
struct TurnDesign: Sendable, Hashable {
    /// Signed deflection (exit heading − entry heading), radians, `|Δ| < π`; positive turns left.
    let deflection: Double
    /// The speed the turn is designed for, m/s.
    let speed: Double
    /// Peak curvature magnitude, 1/m.
    let curvature: Double
    /// Length of each clothoid, metres.
    let clothoidLength: Double
    /// Length of the arc, metres.
    let arcLength: Double
    /// Distance from the waypoint back along the entry leg to the turn's start (and on along the exit leg
    /// to its end), metres.
    let tangentLength: Double

    /// Total length of the turn, metres.
    var length: Double { 2 * clothoidLength + arcLength }

    /// Designs the turn for `deflection` (radians) at `speed` (m/s, > 0) within `limits`.
    init(deflection: Double, speed: Double, limits: VehicleLimits) {
        self.deflection = deflection
        self.speed = speed
        let turn = abs(deflection)
        guard turn > 1e-12 else {
            curvature = 0
            clothoidLength = 0
            arcLength = 0
            tangentLength = 0
            return
        }
        var kappa = min(limits.lateralAcceleration / (speed * speed), limits.yawRate / speed)
        let sigma = limits.jerk / (speed * speed * speed)
        if kappa * kappa / sigma >= turn {
            kappa = (sigma * turn).squareRoot()
            clothoidLength = kappa / sigma
            arcLength = 0
        } else {
            clothoidLength = kappa / sigma
            arcLength = (turn - kappa * kappa / sigma) / kappa
        }
        curvature = kappa
        let end = Self.canonicalEnd(turn: turn, curvature: kappa, clothoid: clothoidLength, arc: arcLength)
        tangentLength = end.x / (1 + cos(turn))
    }

    /// The end point of a left turn starting at the origin heading east (exit heading `turn`).
    static func canonicalEnd(turn: Double, curvature: Double, clothoid: Double, arc: Double) -> SIMD2<Double> {
        let sigma = clothoid > 0 ? curvature / clothoid : 0
        let c = Clothoid.displacement(length: clothoid, rate: sigma)
        let theta = curvature * clothoid / 2
        var p = c
        if arc > 0 {
            p += SIMD2(sin(theta + curvature * arc) - sin(theta), cos(theta) - cos(theta + curvature * arc)) / curvature
        }
        // The exit clothoid, from the end backwards: start = end + R(turn)(−x, y).
        return p - PathPiece.rotate(SIMD2(-c.x, c.y), by: turn)
    }

    /// The turn's pieces at a waypoint, entering along heading `entryHeading` (radians).
    /// - Returns: Entry clothoid, arc and exit clothoid (pieces of zero length omitted).
    func pieces(at waypoint: SIMD2<Double>, entryHeading: Double) -> [PathPiece] {
        guard curvature > 0 else { return [] }
        let d: Double = deflection > 0 ? 1 : -1
        let kappa = d * curvature
        let entryDirection = SIMD2(cos(entryHeading), sin(entryHeading))
        let exitHeading = entryHeading + deflection
        let start = waypoint - tangentLength * entryDirection
        let finish = waypoint + tangentLength * SIMD2(cos(exitHeading), sin(exitHeading))
        let theta = d * curvature * clothoidLength / 2
        let c = Clothoid.displacement(length: clothoidLength, rate: curvature / clothoidLength)
        let p1 = start + PathPiece.rotate(SIMD2(c.x, d * c.y), by: entryHeading)
        let p2 = finish + PathPiece.rotate(SIMD2(-c.x, d * c.y), by: exitHeading)
        var result = [
            PathPiece(
                start: start, end: p1, startHeading: entryHeading, endHeading: entryHeading + theta,
                startCurvature: 0, endCurvature: kappa, length: clothoidLength)
        ]
        if arcLength > 0 {
            result.append(
                PathPiece(
                    start: p1, end: p2, startHeading: entryHeading + theta,
                    endHeading: exitHeading - theta, startCurvature: kappa, endCurvature: kappa,
                    length: arcLength))
        }
        result.append(
            PathPiece(
                start: p2, end: finish, startHeading: exitHeading - theta, endHeading: exitHeading,
                startCurvature: kappa, endCurvature: 0, length: clothoidLength))
        return result
    }
}
