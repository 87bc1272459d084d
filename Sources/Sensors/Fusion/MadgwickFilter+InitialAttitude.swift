import Foundation
import Signals

extension MadgwickFilter {
    /// A filter starting where `ahrs`'s batch mode starts it: from the first sample's accelerometer (IMU) or
    /// accelerometer and magnetometer (MARG).
    ///
    /// ```swift
    /// var filter = MadgwickFilter(gain: MadgwickFilter.defaultMARGGain,
    ///                             accelerometer: SIMD3(0, 0, 9.81), magnetometer: SIMD3(20, 0, -45))
    /// filter.quaternion   // the identity: the device lies face up, its x axis to magnetic north
    /// ```
    ///
    /// `ahrs` then updates from the second sample on: its output for sample 0 is this attitude.
    /// - Parameters:
    ///   - gain: β (1/s), finite and ≥ 0.
    ///   - accelerometer: The first specific force in the device frame, physical sign (`+z` face up); any unit.
    ///   - magnetometer: The first calibrated field in the device frame (any unit), or `nil`.
    /// - Precondition: `gain` is finite and not negative.
    @inlinable
    public init(gain: Double, accelerometer: SIMD3<Double>, magnetometer: SIMD3<Double>? = nil) {
        let start =
            magnetometer.map { Self.initialAttitude(accelerometer: accelerometer, magnetometer: $0) }
            ?? Self.initialAttitude(accelerometer: accelerometer)
        self.init(gain: gain, quaternion: start)
    }

    /// The attitude whose gravity is `accelerometer`, with zero yaw, as `ahrs.common.orientation.acc2q`.
    ///
    /// Roll `φ = atan2(a_y, a_z)` and pitch `θ = atan2(−a_x, √(a_y² + a_z²))` composed as
    /// `q_y(θ) ⊗ q_x(φ)` (Z-Y-X Euler angles with yaw 0): the device's x axis lies in the reference x–z plane.
    /// - Parameter accelerometer: Specific force in the device frame, physical sign; any unit.
    /// - Returns: Device → reference; the identity for a zero reading.
    @inlinable
    public static func initialAttitude(accelerometer: SIMD3<Double>) -> Quaternion {
        FusionMath.quaternion(FusionMath.gravityAttitude(accelerometer))
    }

    /// The attitude from one accelerometer and magnetometer reading, as `ahrs`'s
    /// `ecompass(a, m, frame='NED', representation='quaternion')`: reference z along `a` (up), y along
    /// `a × m` (west), x along `y × z` (magnetic north), converted to a quaternion by Chiaverini and
    /// Siciliano's method as `ahrs.common.orientation.chiaverini` does.
    ///
    /// Where `ahrs` returns NaN (a zero reading, or a field parallel to the specific force), this returns
    /// ``initialAttitude(accelerometer:)``.
    /// - Parameters:
    ///   - accelerometer: Specific force in the device frame, physical sign; any unit.
    ///   - magnetometer: Calibrated field in the device frame; any unit.
    /// - Returns: Device → (magnetic north, west, up).
    @inlinable
    public static func initialAttitude(accelerometer: SIMD3<Double>, magnetometer: SIMD3<Double>) -> Quaternion {
        let a = accelerometer
        let m = magnetometer
        let na = FusionMath.norm(a)
        let nm = FusionMath.norm(m)
        guard na > 0, nm > 0 else { return initialAttitude(accelerometer: a) }
        let rz = a / na
        let ry = FusionMath.cross(rz, m / nm)
        let nry = FusionMath.norm(ry)
        guard nry > 0, nry.isFinite else { return initialAttitude(accelerometer: a) }
        let rx = FusionMath.cross(ry, rz)
        return chiaverini(rx / FusionMath.norm(rx), ry / nry, rz)
    }

    /// The quaternion of the rotation matrix with rows `r0`, `r1`, `r2` (device → reference), as `ahrs`'s
    /// `chiaverini`: magnitudes from the diagonal, signs from the off-diagonal differences (`sign(0) = 0`).
    @inlinable
    static func chiaverini(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) -> Quaternion {
        func part(_ d: Double) -> Double { 0.5 * (min(max(d, -1), 3) + 1).squareRoot() }
        func sign(_ v: Double) -> Double { v > 0 ? 1 : (v < 0 ? -1 : 0) }
        var q = SIMD4(
            part(r0.x + r1.y + r2.z),
            sign(r2.y - r1.z) * part(r0.x - r1.y - r2.z),
            sign(r0.z - r2.x) * part(r1.y - r2.z - r0.x),
            sign(r1.x - r0.y) * part(r2.z - r0.x - r1.y))
        if q == .zero { q[0] = 1 }
        return FusionMath.quaternion(FusionMath.normalized(q))
    }
}
