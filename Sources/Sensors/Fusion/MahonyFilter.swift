import Foundation
import Signals

/// Mahony's explicit complementary filter on SO(3): the attitude from a gyroscope, an accelerometer and,
/// optionally, a magnetometer, with a proportional-integral correction that also estimates the gyroscope bias.
///
/// This is the filter of R. Mahony, T. Hamel and J.-M. Pflimlin, *Nonlinear complementary filters on the
/// special orthogonal group* (IEEE TAC, 2008), step for step as the `ahrs` Python package
/// (`ahrs.filters.Mahony`, version 0.4.0) implements it. Each update measures the rotation error
/// `ω_mes = a × v̂_a (+ m × v̂_m)` between the measured directions and those the estimate predicts, feeds
/// `ω = gyroscope − bias + kP · ω_mes` into `q̇ = ½ q ⊗ (0, ω)` (one Euler step, then renormalised) and
/// integrates `bias −= kI · ω_mes · dt`. It matches `ahrs` within 1.3·10⁻¹⁵ in every quaternion component
/// over 2000 samples of IMU and MARG updates (`Tests/SensorsTests/Data/Fusion/`, tested below 10⁻¹²). The
/// integration is one Euler step per sample, as ``MadgwickFilter``'s.
///
/// ```swift
/// var filter = MahonyFilter(accelerometer: firstSpecificForce, magnetometer: firstField)
/// for s in samples {   // 100 Hz
///     filter.update(gyroscope: s.rate, accelerometer: s.specificForce, magnetometer: s.field, dt: 0.01)
/// }
/// filter.quaternion   // device → (east, magnetic north, up)
/// filter.bias         // the gyroscope bias it has learnt, rad/s
/// ```
///
/// ## Frames
/// ``quaternion`` rotates **device-frame vectors into the reference frame** (as `Quaternion` and
/// `CMAttitude`); the three sensors share one right-handed device frame. The reference frame is **z up**
/// (along the specific force at rest) and, with a magnetometer, **y magnetic north, so x east (ENU)**:
/// `ahrs`'s Mahony puts the field's horizontal part on y, where its Madgwick (``MadgwickFilter``) puts it on x.
/// CoreMotion's `xMagneticNorthZVertical` attitude is `Quaternion(axis: (0, 0, 1), angle: −π/2) * quaternion`.
/// Without a magnetometer x is arbitrary (set by the initial attitude) and drifts.
///
/// ## Inputs
/// As ``MadgwickFilter``: gyroscope rad/s; accelerometer the specific force with the **physical sign**
/// (face up reads `+z`; negate CoreMotion's g readings), any unit; magnetometer calibrated, any unit;
/// `dt` seconds.
///
/// ## Gains
/// - ``kP`` (1/s, default 1): the rotation rate (rad/s) added per unit of `ω_mes` (the sine of the
///   misalignment). Small errors decay as `e^(−kP·t)`: a time constant of 1 s at the default.
/// - ``kI`` (1/s², default 0.3): the bias integral. The error then obeys `ë + kP·ė + kI·e = 0`: natural
///   frequency `√kI` = 0.55 rad/s and damping `kP / (2√kI)` = 0.91 at the defaults.
///
/// ## Behaviour (measured in the tests, 100 Hz, default gains)
/// - **Yaw drifts without a magnetometer** at the vertical gyroscope bias (gravity cannot see it, so the
///   integral cannot learn it): 0.01 rad/s for a bias of 0.01. The horizontal bias is learnt into ``bias``
///   (to 10⁻⁴ rad/s) and the tilt error stays below 0.001 rad once it has been.
/// - **With a magnetometer** the vertical bias is learnt too, but slowly (the field's horizontal share,
///   0.4 for 20 µT north and 45 µT down, scales the yaw correction): 0.0108 of 0.01 rad/s after 60 s, with the
///   yaw within 0.001 rad.
/// - **Tilt errs under acceleration**: a sustained 0.1 g tilts the estimate by `atan(0.1)` (to 10⁻⁵ rad).
/// - **Convergence**: a 1 rad tilt error falls below 0.01 rad in 1.9 s (``MadgwickFilter`` at its default
///   gain: 17.5 s), at the price of following accelerometer noise and linear acceleration more.
///
/// ## Special cases (as `ahrs`)
/// - A gyroscope reading of exactly `(0, 0, 0)` leaves the attitude and the bias unchanged.
/// - An accelerometer reading of `(0, 0, 0)` skips the correction **and the bias subtraction**: the raw
///   gyroscope alone drives that step.
/// - A magnetometer that is `nil` or reads `(0, 0, 0)` makes the update the IMU one.
///
/// Complexity: O(1) per update, no allocation.
public struct MahonyFilter: Sendable, Hashable {
    /// The proportional gain kP (1/s): rad/s of correction per unit of misalignment. Finite and ≥ 0.
    public var kP: Double
    /// The integral gain kI (1/s²) of the bias estimate. Finite and ≥ 0.
    public var kI: Double
    /// The attitude estimate: a unit quaternion rotating device-frame vectors into the reference frame
    /// (x east, y magnetic north with a magnetometer; z up).
    public var quaternion: Quaternion
    /// The gyroscope bias estimate (rad/s, device frame), subtracted from every reading; `ahrs`'s `b`.
    public var bias: SIMD3<Double>

    /// A filter starting from `quaternion` and `bias`.
    /// - Parameters:
    ///   - kP: Proportional gain (1/s); `ahrs`'s default 1.
    ///   - kI: Integral gain (1/s²); `ahrs`'s default 0.3.
    ///   - quaternion: The initial attitude (device → reference); normalised at the first update.
    ///   - bias: The initial gyroscope bias estimate (rad/s); `ahrs`'s `b0`, zero by default.
    /// - Precondition: the gains are finite and not negative.
    @inlinable
    public init(kP: Double = 1, kI: Double = 0.3, quaternion: Quaternion = .identity, bias: SIMD3<Double> = .zero) {
        precondition(
            kP.isFinite && kP >= 0 && kI.isFinite && kI >= 0,
            "MahonyFilter: gains must be finite and >= 0, got kP \(kP), kI \(kI)")
        self.kP = kP
        self.kI = kI
        self.quaternion = quaternion
        self.bias = bias
    }

    /// A filter starting where `ahrs`'s batch mode starts it: `acc2q` of the first accelerometer reading
    /// (IMU), or `am2q` of the first accelerometer and magnetometer readings (MARG, east–north–up).
    /// - Parameters:
    ///   - kP: Proportional gain (1/s).
    ///   - kI: Integral gain (1/s²).
    ///   - accelerometer: The first specific force, physical sign; any unit.
    ///   - magnetometer: The first calibrated field (any unit), or `nil`.
    @inlinable
    public init(kP: Double = 1, kI: Double = 0.3, accelerometer: SIMD3<Double>, magnetometer: SIMD3<Double>? = nil) {
        let start =
            magnetometer.map { Self.initialAttitude(accelerometer: accelerometer, magnetometer: $0) }
            ?? FusionMath.quaternion(FusionMath.gravityAttitude(accelerometer))
        self.init(kP: kP, kI: kI, quaternion: start)
    }

    /// One filter step, as `ahrs`'s `updateIMU` (magnetometer `nil`) and `updateMARG`.
    /// - Parameters:
    ///   - gyroscope: Angular rate in the device frame (rad/s).
    ///   - accelerometer: Specific force in the device frame, physical sign; any unit.
    ///   - magnetometer: The calibrated field in the device frame (any unit), or `nil`.
    ///   - dt: Time step (s), finite and > 0.
    /// - Precondition: `dt` is finite and positive.
    @inlinable
    public mutating func update(
        gyroscope: SIMD3<Double>, accelerometer: SIMD3<Double>,
        magnetometer: SIMD3<Double>?, dt: Double
    ) {
        guard let q = FusionMath.stepStart("MahonyFilter", gyroscope: gyroscope, dt: dt, quaternion: quaternion) else {
            return
        }
        var omega = gyroscope
        let aNorm = FusionMath.norm(accelerometer)
        if aNorm > 0 {
            let a = accelerometer / aNorm
            let va = FusionMath.inverseRotate(q, SIMD3(0, 0, 1))
            var measured = FusionMath.cross(a, va)
            if let magnetometer, FusionMath.norm(magnetometer) > 0 {
                let m = magnetometer / FusionMath.norm(magnetometer)
                let h = FusionMath.rotate(q, m)
                var vm = FusionMath.inverseRotate(q, SIMD3(0, (h.x * h.x + h.y * h.y).squareRoot(), h.z))
                vm /= FusionMath.norm(vm)
                measured += FusionMath.cross(m, vm)
            }
            bias += -kI * measured * dt
            omega = omega - bias + kP * measured
        }
        let qDot = 0.5 * FusionMath.product(q, SIMD4(0, omega.x, omega.y, omega.z))
        quaternion = FusionMath.quaternion(FusionMath.normalized(q + qDot * dt))
    }

    /// The attitude from one accelerometer and magnetometer reading, as `ahrs`'s `am2q(a, m)` (frame
    /// 'ENU'): reference x along `m × a` (east), y along `a × x` (magnetic north), z along `a` (up),
    /// converted by `ahrs`'s `dcm2quat`.
    ///
    /// Where `ahrs` returns NaN (a zero reading, a field parallel to the specific force, or a rotation of
    /// exactly π), this returns the gravity-only attitude (`acc2q`).
    /// - Parameters:
    ///   - accelerometer: Specific force in the device frame, physical sign; any unit.
    ///   - magnetometer: Calibrated field in the device frame; any unit.
    /// - Returns: Device → (east, magnetic north, up).
    @inlinable
    public static func initialAttitude(accelerometer: SIMD3<Double>, magnetometer: SIMD3<Double>) -> Quaternion {
        let a = accelerometer
        let m = magnetometer
        let fallback = FusionMath.quaternion(FusionMath.gravityAttitude(a))
        let na = FusionMath.norm(a)
        var east = FusionMath.cross(m, a)
        let ne = FusionMath.norm(east)
        guard na > 0, ne > 0, ne.isFinite else { return fallback }
        east /= ne
        let up = a / na
        let north = FusionMath.cross(up, east)
        // dcm2quat of R = [east north up] (columns: reference → device), which is the device → reference
        // quaternion under ahrs's sign convention.
        let w = 0.5 * (1 + east.x + north.y + up.z).squareRoot()
        guard w > 0, w.isFinite else { return fallback }
        let q = SIMD4(w, (up.y - north.z) / w / 4, (east.z - up.x) / w / 4, (north.x - east.y) / w / 4)
        return FusionMath.quaternion(FusionMath.normalized(q))
    }
}
