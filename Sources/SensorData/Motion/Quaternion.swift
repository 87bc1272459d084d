import Foundation

/// A rotation as a unit quaternion `w + xi + yj + zk` (Hamilton convention), in CoreMotion's frames.
///
/// An attitude `q` rotates device-frame vectors into the reference frame: `v_ref = q ⊗ v_device ⊗ q*`,
/// as `CMAttitude` does. The frames are CoreMotion's:
/// - **device frame**: x to the right of the screen, y up the screen (towards its top edge), z out of
///   the screen towards the viewer (right-handed);
/// - **reference frame** (`CMAttitudeReferenceFrame.xArbitraryZVertical`): z vertical, pointing up,
///   x and y horizontal (x arbitrary, fixed when the motion starts).
///
/// Euler angles follow `CMAttitude`: `pitch` about device x, `roll` about device y, `yaw` about
/// the vertical, composed as `q = q_z(yaw) ⊗ q_x(pitch) ⊗ q_y(roll)` (the Z-X-Y order). A phone lying
/// face up has roll = pitch = yaw = 0; standing upright in portrait it has pitch = +π/2.
///
/// ```swift
/// let q = Quaternion(roll: 0, pitch: .pi / 2, yaw: 0)   // portrait
/// q.gravity                                              // (0, −1, 0) g: world down in the device frame
/// ```
public struct Quaternion: Sendable, Hashable {
    /// Scalar part.
    public var w: Double
    /// i component.
    public var x: Double
    /// j component.
    public var y: Double
    /// k component.
    public var z: Double

    /// Creates a quaternion from its components (not normalised; see ``normalized``).
    /// - Parameters:
    ///   - w: Scalar part.
    ///   - x: i component.
    ///   - y: j component.
    ///   - z: k component.
    @inlinable
    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// The identity: the device frame is the reference frame (lying face up, roll = pitch = yaw = 0).
    public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// The attitude with CoreMotion's Euler angles (radians): `q_z(yaw) ⊗ q_x(pitch) ⊗ q_y(roll)`.
    /// - Parameters:
    ///   - roll: Rotation about the device's y axis (rad).
    ///   - pitch: Rotation about the device's x axis (rad).
    ///   - yaw: Rotation about the vertical (rad).
    @inlinable
    public init(roll: Double, pitch: Double, yaw: Double) {
        self = Quaternion.fromHalfAngles(
            sr: sin(roll / 2), cr: cos(roll / 2), sp: sin(pitch / 2),
            cp: cos(pitch / 2), sy: sin(yaw / 2), cy: cos(yaw / 2))
    }

    /// `q_z ⊗ q_x ⊗ q_y` from the sines and cosines of the half angles.
    @inlinable @inline(__always)
    package static func fromHalfAngles(
        sr: Double, cr: Double, sp: Double, cp: Double, sy: Double, cy: Double
    ) -> Quaternion {
        // q_z ⊗ q_x = (cy·cp, cy·sp, sy·sp, sy·cp); then ⊗ q_y = (cr, 0, sr, 0).
        let a = cy * cp
        let b = cy * sp
        let c = sy * sp
        let d = sy * cp
        return Quaternion(w: a * cr - c * sr, x: b * cr - d * sr, y: a * sr + c * cr, z: d * cr + b * sr)
    }

    /// The rotation by `angle` radians about a unit `axis` (right-handed).
    /// - Parameters:
    ///   - axis: Unit vector (x, y, z).
    ///   - angle: Radians.
    @inlinable
    public init(axis: (x: Double, y: Double, z: Double), angle: Double) {
        let s = sin(angle / 2)
        self.init(w: cos(angle / 2), x: axis.x * s, y: axis.y * s, z: axis.z * s)
    }

    /// The rotation by the rotation vector `v` (axis times angle, radians): `exp(v / 2)`.
    ///
    /// Exact for any angle; below 10⁻⁴ rad it uses the Taylor series of `sin(θ/2)/θ` (error < 10⁻¹⁷).
    /// - Parameters:
    ///   - x: Rotation vector x (rad).
    ///   - y: Rotation vector y (rad).
    ///   - z: Rotation vector z (rad).
    @inlinable
    public init(rotationVectorX x: Double, y: Double, z: Double) {
        let t2 = x * x + y * y + z * z
        let theta = t2.squareRoot()
        let k: Double
        let c: Double
        if theta < 1e-4 {
            // sin(θ/2)/θ = 1/2 − θ²/48 + θ⁴/3840; cos(θ/2) = 1 − θ²/8 + θ⁴/384.
            k = 0.5 - t2 / 48 + t2 * t2 / 3840
            c = 1 - t2 / 8 + t2 * t2 / 384
        } else {
            k = sin(theta / 2) / theta
            c = cos(theta / 2)
        }
        self.init(w: c, x: x * k, y: y * k, z: z * k)
    }

    /// The Hamilton product `self ⊗ other` (apply `other` first, then `self`).
    @inlinable
    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
    }

    /// The conjugate `w − xi − yj − zk` (the inverse rotation of a unit quaternion).
    @inlinable
    public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    /// The Euclidean norm `√(w² + x² + y² + z²)`.
    @inlinable
    public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

    /// The quaternion scaled to unit norm (the identity for a zero quaternion).
    @inlinable
    public var normalized: Quaternion {
        let n = norm
        guard n > 0 && n.isFinite else { return .identity }
        return Quaternion(w: w / n, x: x / n, y: y / n, z: z / n)
    }

    /// Rotates a device-frame vector into the reference frame: `R(q) · v`.
    /// - Parameter v: A vector in the device frame.
    /// - Returns: The same vector in the reference frame.
    @inlinable
    public func rotate(_ v: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double) {
        let m = matrix
        return (m.0 * v.x + m.1 * v.y + m.2 * v.z, m.3 * v.x + m.4 * v.y + m.5 * v.z, m.6 * v.x + m.7 * v.y + m.8 * v.z)
    }

    /// Expresses a reference-frame vector in the device frame: `R(q)ᵀ · v`.
    /// - Parameter v: A vector in the reference frame.
    /// - Returns: The same vector in the device frame.
    @inlinable
    public func inverseRotate(_ v: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double) {
        let m = matrix
        return (m.0 * v.x + m.3 * v.y + m.6 * v.z, m.1 * v.x + m.4 * v.y + m.7 * v.z, m.2 * v.x + m.5 * v.y + m.8 * v.z)
    }

    /// The rotation matrix `R(q)` (device → reference), row-major: `(R11, R12, R13, R21, …, R33)`.
    /// Column `j` is device axis `j` in reference coordinates. (`CMRotationMatrix` holds the same
    /// rotation the other way round, reference → device: the transpose.)
    @inlinable @inline(__always)
    public var matrix: (Double, Double, Double, Double, Double, Double, Double, Double, Double) {
        let xx = x * x
        let yy = y * y
        let zz = z * z
        let xy = x * y
        let xz = x * z
        let yz = y * z
        let wx = w * x
        let wy = w * y
        let wz = w * z
        return (
            1 - 2 * (yy + zz), 2 * (xy - wz), 2 * (xz + wy),
            2 * (xy + wz), 1 - 2 * (xx + zz), 2 * (yz - wx),
            2 * (xz - wy), 2 * (yz + wx), 1 - 2 * (xx + yy)
        )
    }

    /// CoreMotion's gravity for this attitude: the reference frame's −z (down) in the device frame, in g.
    /// `(0, 0, −1)` face up, `(0, −1, 0)` upright in portrait. Unit length to rounding (< 10⁻¹⁵ for a
    /// unit quaternion).
    @inlinable
    public var gravity: (x: Double, y: Double, z: Double) {
        (-2 * (x * z - w * y), -2 * (y * z + w * x), -(1 - 2 * (x * x + y * y)))
    }

    /// Rotation about the device's y axis (rad), `(−π, π]`, as `CMAttitude.roll`.
    public var roll: Double {
        let m = matrix
        return atan2(-m.6, m.8)
    }

    /// Rotation about the device's x axis (rad), `[−π/2, π/2]`, as `CMAttitude.pitch`.
    public var pitch: Double {
        asin(max(-1, min(1, matrix.7)))
    }

    /// Rotation about the vertical (rad), `(−π, π]`, as `CMAttitude.yaw`.
    public var yaw: Double {
        let m = matrix
        return atan2(-m.1, m.4)
    }

    /// The angle between two attitudes in radians, `[0, π]` (q and −q are the same attitude), accurate to
    /// rounding at any size: `2 atan2(|v|, |s|)` of `q* ⊗ other = (s, v)` (an `acos` of the dot product would
    /// lose the small angles: 1 ulp of difference reads as 2e-8 rad). A zero quaternion is π from anything.
    /// - Parameter other: Another attitude.
    public func angle(to other: Quaternion) -> Double {
        guard norm * other.norm > 0 else { return .pi }
        let s = w * other.w + x * other.x + y * other.y + z * other.z
        let vx = w * other.x - x * other.w - (y * other.z - z * other.y)
        let vy = w * other.y - y * other.w - (z * other.x - x * other.z)
        let vz = w * other.z - z * other.w - (x * other.y - y * other.x)
        return 2 * atan2((vx * vx + vy * vy + vz * vz).squareRoot(), abs(s))
    }
}
