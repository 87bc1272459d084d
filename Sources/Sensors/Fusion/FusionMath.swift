import Foundation
import Signals

/// The small vector and quaternion arithmetic the attitude filters share, on `SIMD` values: quaternions as
/// `(w, x, y, z)`, Hamilton products. Written to follow the `ahrs` package's NumPy expressions term by term.
@usableFromInline
enum FusionMath {
    /// The Hamilton product `p ⊗ q`.
    @inlinable
    static func product(_ p: SIMD4<Double>, _ q: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(
            p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3],
            p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2],
            p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1],
            p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0])
    }

    /// `q / |q|`; the identity for a zero or non-finite norm (where `ahrs` raises).
    @inlinable
    static func normalized(_ q: SIMD4<Double>) -> SIMD4<Double> {
        let n = norm(q)
        guard n > 0 && n.isFinite else { return SIMD4(1, 0, 0, 0) }
        return q / n
    }

    /// The Euclidean norm `√(v · v)`, as NumPy's `linalg.norm` of a vector.
    @inlinable
    static func norm(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

    /// The Euclidean norm `√(v · v)`.
    @inlinable
    static func norm(_ v: SIMD4<Double>) -> Double { (v * v).sum().squareRoot() }

    /// The cross product `u × v`.
    @inlinable
    static func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    }

    /// `R(q) · v`: a device-frame vector in the reference frame, for a unit `q`.
    @inlinable
    static func rotate(_ q: SIMD4<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        let (r0, r1, r2) = rows(q)
        return SIMD3((r0 * v).sum(), (r1 * v).sum(), (r2 * v).sum())
    }

    /// `R(q)ᵀ · v`: a reference-frame vector in the device frame, for a unit `q`.
    @inlinable
    static func inverseRotate(_ q: SIMD4<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        let (r0, r1, r2) = rows(q)
        return r0 * v.x + r1 * v.y + r2 * v.z
    }

    /// The rows of the rotation matrix `R(q)` (device → reference) of a unit `q`, as `ahrs`'s `to_DCM`.
    @inlinable
    static func rows(_ q: SIMD4<Double>) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let w = q[0]
        let x = q[1]
        let y = q[2]
        let z = q[3]
        let r00: Double = 1 - 2 * (y * y + z * z)
        let r01: Double = 2 * (x * y - w * z)
        let r02: Double = 2 * (x * z + w * y)
        let r10: Double = 2 * (x * y + w * z)
        let r11: Double = 1 - 2 * (x * x + z * z)
        let r12: Double = 2 * (y * z - w * x)
        let r20: Double = 2 * (x * z - w * y)
        let r21: Double = 2 * (w * x + y * z)
        let r22: Double = 1 - 2 * (x * x + y * y)
        return (SIMD3(r00, r01, r02), SIMD3(r10, r11, r12), SIMD3(r20, r21, r22))
    }

    /// The attitude whose gravity is `a`, with zero yaw, as `ahrs.common.orientation.acc2q`: roll
    /// `φ = atan2(a_y, a_z)`, pitch `θ = atan2(−a_x, √(a_y² + a_z²))`, `q = q_y(θ) ⊗ q_x(φ)`. The identity
    /// for a zero `a`.
    @inlinable
    static func gravityAttitude(_ a: SIMD3<Double>) -> SIMD4<Double> {
        let n = norm(a)
        guard n > 0 else { return SIMD4(1, 0, 0, 0) }
        let u = a / n
        let roll = atan2(u.y, u.z)
        let pitch = atan2(-u.x, (u.y * u.y + u.z * u.z).squareRoot())
        let cx = cos(roll / 2)
        let sx = sin(roll / 2)
        let cy = cos(pitch / 2)
        let sy = sin(pitch / 2)
        return normalized(SIMD4(cx * cy, sx * cy, cx * sy, -sx * sy))
    }

    /// `(w, x, y, z)` as the package's `Quaternion`.
    @inlinable
    static func quaternion(_ q: SIMD4<Double>) -> Quaternion { Quaternion(w: q[0], x: q[1], y: q[2], z: q[3]) }

    /// The package's `Quaternion` as `(w, x, y, z)`.
    @inlinable
    static func simd(_ q: Quaternion) -> SIMD4<Double> { SIMD4(q.w, q.x, q.y, q.z) }

    /// How a filter step begins, as `ahrs`'s `updateIMU` and `updateMARG` do: checks `dt`, then returns the
    /// attitude normalised, or `nil` when the gyroscope reads exactly zero (the step then leaves the
    /// filter unchanged).
    /// - Parameters:
    ///   - filter: The filter's name, for the precondition's message.
    ///   - gyroscope: Angular rate in the device frame (rad/s).
    ///   - dt: Time step (s).
    ///   - quaternion: The filter's attitude.
    /// - Precondition: `dt` is finite and positive.
    @inlinable
    static func stepStart(
        _ filter: String, gyroscope: SIMD3<Double>, dt: Double, quaternion: Quaternion
    ) -> SIMD4<Double>? {
        precondition(dt.isFinite && dt > 0, "\(filter): dt must be finite and > 0, got \(dt)")
        if norm(gyroscope) == 0 { return nil }
        return normalized(simd(quaternion))
    }
}
