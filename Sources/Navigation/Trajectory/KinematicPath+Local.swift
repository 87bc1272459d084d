import Foundation
import Location

extension KinematicPath {
    /// Velocity and acceleration in the local east-north-up frame at the point, from the plane's kinematics.
    ///
    /// The position is `P = S(e, n) + h Û(S)`: `S` the ellipsoid point above or below the plane point along
    /// the origin's up axis (`LocalTangentPlane`), `Û` the ellipsoid normal there, `h` the height. `Ṡ`, `S̈`
    /// follow from differentiating the ellipsoid's equation `SᵀWS = 1` once and twice, `Û̇`, `Û̈` from
    /// `Û = WS / |WS|`; so `Ṗ` and `P̈` are exact (to rounding). The velocity is `Ṗ` in the local frame; the
    /// acceleration is the time derivative of those components (as `truth.csv` defines it), which includes
    /// the frame's turn: `d/dt (E·Ṗ) = Ė·Ṗ + E·P̈`, with `φ̇ = v_N / (M + h)`, `λ̇ = v_E / ((N + h) cos φ)`.
    static func local(
        plane: LocalTangentPlane, latitude phi: Double, longitude lambda: Double,
        height h: Double, velocity v: SIMD3<Double>, acceleration a: SIMD3<Double>
    )
        -> (velocity: SIMD3<Double>, acceleration: SIMD3<Double>)
    {
        let s = LocalTangentPlane.ecef(latitude: phi, longitude: lambda, height: 0)
        let r = local(
            plane: plane, surface: s, sinLatitude: sin(phi), cosLatitude: cos(phi), sinLongitude: sin(lambda),
            cosLongitude: cos(lambda), normalLength: normalLength(s), height: h, velocity: v, acceleration: a)
        return (r.velocity, r.acceleration)
    }

    /// `|W S|` of an ellipsoid point `s` (ECEF, metres), `W = diag(1, 1, a²/b²)`.
    static func normalLength(_ s: SIMD3<Double>) -> Double {
        let w = SIMD3(1, 1, WGS84.semiMajorAxis * WGS84.semiMajorAxis / (WGS84.semiMinorAxis * WGS84.semiMinorAxis))
        return (w * s * w * s).sum().squareRoot()
    }

    /// As ``local(plane:latitude:longitude:height:velocity:acceleration:)``, from the ellipsoid point `s`
    /// (ECEF, metres), the sines and cosines of its latitude and longitude and `|W S|` (no trigonometric
    /// calls; the ellipsoid normal `Û` is `(cos φ cos λ, cos φ sin λ, sin φ)`), with the radii of curvature there.
    @inline(__always)
    static func local(
        plane: LocalTangentPlane, surface s: SIMD3<Double>, sinLatitude sp: Double, cosLatitude cp: Double,
        sinLongitude sl: Double, cosLongitude cl: Double, normalLength norm: Double, height h: Double,
        velocity v: SIMD3<Double>, acceleration a: SIMD3<Double>
    )
        -> (velocity: SIMD3<Double>, acceleration: SIMD3<Double>, radii: RadiiOfCurvature)
    {
        let w = SIMD3(1, 1, WGS84.semiMajorAxis * WGS84.semiMajorAxis / (WGS84.semiMinorAxis * WGS84.semiMinorAxis))
        let ws = w * s  // ∝ the gradient of SᵀWS (a scaled copy: W·a²)
        let inverseDenominator = 1 / (ws * plane.up).sum()
        // Ṡ = ė E0 + ṅ N0 + u̇ U0 with SᵀWṠ = 0.
        let horizontal = v.x * plane.east + v.y * plane.north
        let sDot = horizontal - ((ws * horizontal).sum() * inverseDenominator) * plane.up
        // S̈ = ë E0 + n̈ N0 + ü U0 with SᵀWS̈ + ṠᵀWṠ = 0.
        let horizontalA = a.x * plane.east + a.y * plane.north
        let sDDot = horizontalA - (((ws * horizontalA).sum() + (w * sDot * sDot).sum()) * inverseDenominator) * plane.up
        // Û = g / |g|, g = WS.
        let gDot = w * sDot
        let gDDot = w * sDDot
        let inverseNorm = 1 / norm
        let u = SIMD3(cp * cl, cp * sl, sp)
        let uDot = (gDot - u * (u * gDot).sum()) * inverseNorm
        let normDDot = (uDot * gDot).sum() + (u * gDDot).sum()
        let uDDot = (gDDot - 2 * uDot * (u * gDot).sum() - u * normDDot) * inverseNorm
        let pDot = sDot + v.z * u + h * uDot
        let pDDot = sDDot + a.z * u + 2 * v.z * uDot + h * uDDot
        // The local frame at (φ, λ) and its rate.
        let east = SIMD3(-sl, cl, 0)
        let north = SIMD3(-sp * cl, -sp * sl, cp)
        let up = u
        let velocity = SIMD3((east * pDot).sum(), (north * pDot).sum(), (up * pDot).sum())
        let radii = RadiiOfCurvature(sinLatitude: sp)
        let phiDot = velocity.y / (radii.meridian + h)
        let lambdaDot = velocity.x / ((radii.primeVertical + h) * cp)
        let eastDot = lambdaDot * SIMD3(-cl, -sl, 0)
        let northDot = SIMD3(
            -cp * phiDot * cl + sp * sl * lambdaDot, -cp * phiDot * sl - sp * cl * lambdaDot, -sp * phiDot)
        let upDot = SIMD3(-sp * phiDot * cl - cp * sl * lambdaDot, -sp * phiDot * sl + cp * cl * lambdaDot, cp * phiDot)
        let acceleration = SIMD3(
            (eastDot * pDot).sum() + (east * pDDot).sum(),
            (northDot * pDot).sum() + (north * pDDot).sum(),
            (upDot * pDot).sum() + (up * pDDot).sum())
        return (velocity, acceleration, radii)
    }
}
