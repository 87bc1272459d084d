import Signals

/// Madgwick's gradient-descent attitude filter (AHRS): the attitude a phone's sensor fusion reports, computed
/// from a gyroscope, an accelerometer and, optionally, a magnetometer.
///
/// This is the filter of S. O. H. Madgwick, *An efficient orientation filter for inertial and
/// inertial/magnetic sensor arrays* (2010), step for step as the `ahrs` Python package
/// (`ahrs.filters.Madgwick`, version 0.4.0) implements it: each update integrates the gyroscope rate
/// (`q̇ = ½ q ⊗ (0, ω)`) and subtracts `gain` times the normalised gradient of the misfit between the measured
/// and the predicted direction of gravity (IMU, 6-axis) and of the magnetic field (MARG, 9-axis), then
/// renormalises. It matches `ahrs` within 1.2·10⁻¹⁵ in every quaternion component over 2000 samples of
/// IMU and MARG updates (`Tests/SensorsTests/Data/Fusion/`, tested below 10⁻¹²: the two differ by rounding).
///
/// ```swift
/// var filter = MadgwickFilter(gain: MadgwickFilter.defaultMARGGain,
///                             accelerometer: firstAcceleration, magnetometer: firstField)
/// for s in samples {   // 100 Hz
///     filter.update(gyroscope: s.rate, accelerometer: s.specificForce, magnetometer: s.field, dt: 0.01)
/// }
/// let attitude = filter.quaternion   // device → (magnetic north, west, up)
/// ```
///
/// ## Frames
/// ``quaternion`` rotates **device-frame vectors into the reference frame**, `v_ref = q ⊗ v_dev ⊗ q*`: the
/// same sense as `Quaternion` and CoreMotion's `CMAttitude`. The three sensors must share one right-handed
/// device frame (CoreMotion's: x right, y up the screen, z out of the screen). The reference frame is
/// - **z up**: along the accelerometer's specific force at rest;
/// - **x magnetic north** (MARG): along the horizontal part of the measured field, so **y is west**. This is
///   CoreMotion's `xMagneticNorthZVertical` frame, with no conversion;
///   CoreMotion's `xTrueNorthZVertical` is `Quaternion(axis: (0, 0, 1), angle: −D) * quaternion` for a
///   declination `D` (radians, east positive; tested);
/// - **x arbitrary** (IMU): set by the initial attitude and turning with the gyroscope's vertical bias, as in
///   CoreMotion's `xArbitraryZVertical`; with ``biasGain`` 0 (`ahrs`'s filter) the yaw drifts at the whole of
///   it, less whatever ``gyroscopeBias`` removes.
///
/// `ahrs` makes its MARG start-up attitude with `ecompass(…, frame='NED')`, which builds north–east–down
/// axes from an accelerometer that points down; fed the specific force (pointing up), as the filter is, the
/// same construction gives north–west–up, the frame the filter's gravity model `(0, 0, 1)` converges to. So
/// no NED or ENU conversion is made anywhere.
///
/// ## Inputs
/// - `gyroscope`: angular rate of the device frame in the device frame, rad/s.
/// - `accelerometer`: **specific force with the physical sign**: a device lying face up reads `(0, 0, +1)`
///   (any unit: only the direction is used; m/s² as Android and ROS report it). CoreMotion's
///   `CMAccelerometerData` and an ``IMU`` in g read the opposite sign (`(0, 0, −1)` face up): negate them.
/// - `magnetometer`: the calibrated field in the device frame (any unit, e.g. µT; only the direction is
///   used). Hard- and soft-iron offsets are not modelled: remove them first.
/// - `dt`: the time since the previous sample, seconds (`ahrs`'s `Dt`, `1/frequency`).
///
/// ## Gain
/// ``gain`` is Madgwick's β: the magnitude of the correction added to the quaternion rate, in 1/s. Since a
/// unit quaternion turning at `ω` rad/s has rate `|ω|/2`, the correction turns the attitude towards the
/// measurements at **`2β` rad/s at most**, whatever the size of the error (the gradient is normalised).
/// Madgwick sets `β = √(3/4) · ω̃` for a gyroscope error `ω̃` (rad/s) it must outrun. `ahrs`'s defaults,
/// ``defaultIMUGain`` 0.033 and ``defaultMARGGain`` 0.041, correct at up to 0.066 and 0.082 rad/s (3.8 and
/// 4.7 °/s).
///
/// ## Gyroscope bias
/// Madgwick's report (eq. 47–49) adds a bias-drift compensation that `ahrs` leaves out: each
/// step turns the normalised gradient into the rate error it stands for, `ω_ε = 2 q̂* ⊗ ∇f/|∇f|` (device
/// frame, rad/s per unit of step), integrates it into the bias, `ω_b += ζ · ω_ε · dt`, and integrates
/// `ω − ω_b` instead of `ω`. ``biasGain`` is ζ: the bias moves at most `2ζ` rad/s per second, and only in
/// the directions the measurements see (without a magnetometer, not about the vertical). Madgwick sets
/// `ζ = √(3/4) · ω̇_b` for a bias drifting at `ω̇_b` rad/s² (``defaultBiasGain``: 0.2 °/s per second), and
/// uses it only with the magnetometer. The gradient answers every misfit, not only the bias's: a linear
/// acceleration, a start-up error or a disturbed field is integrated too, so a caller gates ζ (as
/// SensorFeeds' fusion does: its *Fused attitude* article gives the gates).
/// With ``biasGain`` 0 and ``gyroscopeBias`` zero, the default, the update is `ahrs`'s, bit for bit.
///
/// ## Behaviour (measured in the tests, 100 Hz)
/// - **Yaw drifts without a magnetometer**: a gyroscope bias `b` about the vertical is invisible to gravity,
///   so the IMU yaw drifts at `b` rad/s (within 1 % for b = 0.01 rad/s over 60 s of a still device).
///   With the magnetometer the yaw stays within 0.001 rad. Horizontal bias components below `2β` are
///   corrected: the tilt error stays bounded (below 0.001 rad for 0.022 rad/s at the default gain).
/// - **Tilt errs under acceleration**: the filter takes the specific force for gravity, so a sustained
///   horizontal acceleration `a` pulls the tilt towards `atan(a/g)` at up to `2β` rad/s (0.1 g: 0.100 rad
///   after 20 s).
/// - **Convergence**: from a wrong attitude the error shrinks more slowly than `2β` rad/s (the normalised
///   gradient is not tangent to the unit sphere, so the renormalisation removes part of each step, and with
///   the magnetometer the gravity terms take part of it). A 1 rad tilt
///   error falls below 0.01 rad in 17.5 s at the default IMU gain 0.033 (5.8 s at 0.1; `1/(2β)` would say
///   15 s and 5 s); with the magnetometer a heading error of π/2 falls below 0.01 rad in 27 s at 0.041
///   (`(π/2)/(2β)` would say 19 s). Larger gains converge faster and follow accelerometer noise and linear
///   acceleration more.
///
/// ## Special cases (as `ahrs`)
/// - A gyroscope reading of exactly `(0, 0, 0)` leaves the attitude unchanged: no correction either, so a
///   noiseless, still simulated gyroscope never converges.
/// - An accelerometer reading of `(0, 0, 0)` (free fall) skips the correction: the gyroscope alone.
/// - A magnetometer that is `nil` or reads `(0, 0, 0)` makes the update the IMU one, with the same ``gain``.
/// - Where the gradient is exactly zero while the misfit is not (a measurement exactly opposite to the
///   prediction), `ahrs` divides by zero and returns NaN; this filter skips the correction instead.
///
/// ## Integration error
/// As `ahrs`, one Euler step per sample, renormalised: a step turns `2·atan(|ω|·dt/2)` instead of `|ω|·dt`,
/// a relative error of `(|ω|·dt)²/12` (8·10⁻⁶ at 1 rad/s and 100 Hz: 1.04·10⁻⁶ rad over 0.5 rad).
///
/// Complexity: O(1) per update, no allocation.
public struct MadgwickFilter: Sendable, Hashable {
    /// `ahrs`'s default gain β without a magnetometer (1/s): a correction of 0.066 rad/s.
    public static let defaultIMUGain = 0.033
    /// `ahrs`'s default gain β with a magnetometer (1/s): a correction of 0.082 rad/s.
    public static let defaultMARGGain = 0.041
    /// Madgwick's ζ for a gyroscope bias drifting at 0.2 °/s per second (rad/s²): `√(3/4) · 0.2 · π/180`,
    /// 0.00302, the value of his report's MARG code (`gyroMeasDrift`).
    public static let defaultBiasGain = (3.0 / 4).squareRoot() * 0.2 * .pi / 180

    /// Madgwick's β (1/s): the correction turns the attitude at up to `2 · gain` rad/s. Must be finite and ≥ 0.
    public var gain: Double

    /// The attitude estimate: a unit quaternion rotating device-frame vectors into the reference frame
    /// (x magnetic north with a magnetometer, arbitrary without; y west; z up).
    public var quaternion: Quaternion

    /// Madgwick's ζ (rad/s²): the gain of the gyroscope bias-drift compensation (see *Gyroscope bias* above).
    /// 0, the default, turns it off: the filter is then `ahrs`'s. Must be finite and ≥ 0.
    public var biasGain: Double

    /// The gyroscope bias `ω_b` (rad/s, device frame) subtracted from every reading before it is integrated:
    /// the filter's estimate when ``biasGain`` is above 0, else a fixed offset (zero by default, or set from
    /// another estimate such as ``StationaryBiasEstimator``).
    public var gyroscopeBias: SIMD3<Double>

    /// A filter starting from `quaternion`.
    /// - Parameters:
    ///   - gain: β (1/s), finite and ≥ 0: ``defaultIMUGain`` or ``defaultMARGGain`` as `ahrs` chooses.
    ///   - quaternion: The initial attitude (device → reference); normalised at the first update.
    ///   - biasGain: ζ (rad/s²), finite and ≥ 0; 0 (default) for `ahrs`'s filter, ``defaultBiasGain`` for
    ///     Madgwick's bias-drift compensation.
    /// - Precondition: `gain` and `biasGain` are finite and not negative (a programmer's choice, not user input).
    @inlinable
    public init(gain: Double, quaternion: Quaternion = .identity, biasGain: Double = 0) {
        precondition(gain.isFinite && gain >= 0, "MadgwickFilter: gain must be finite and >= 0, got \(gain)")
        precondition(
            biasGain.isFinite && biasGain >= 0, "MadgwickFilter: biasGain must be finite and >= 0, got \(biasGain)")
        self.gain = gain
        self.quaternion = quaternion
        self.biasGain = biasGain
        gyroscopeBias = .zero
    }

    /// One filter step: integrates `gyroscope − gyroscopeBias` over `dt` and corrects towards `accelerometer`
    /// (and `magnetometer`), as `ahrs`'s `updateIMU` (magnetometer `nil`) and `updateMARG` do; with ``biasGain``
    /// above 0 it first moves ``gyroscopeBias`` along the correction (Madgwick's eq. 47–49).
    ///
    /// - Parameters:
    ///   - gyroscope: Angular rate in the device frame (rad/s), as the gyroscope reads it.
    ///   - accelerometer: Specific force in the device frame, physical sign (`+z` face up); any unit.
    ///   - magnetometer: The calibrated magnetic field in the device frame (any unit), or `nil` for the
    ///     6-axis update.
    ///   - dt: Time step (s), finite and > 0.
    /// - Precondition: `dt` is finite and positive.
    @inlinable
    public mutating func update(
        gyroscope: SIMD3<Double>, accelerometer: SIMD3<Double>,
        magnetometer: SIMD3<Double>?, dt: Double
    ) {
        guard let q = FusionMath.stepStart("MadgwickFilter", gyroscope: gyroscope, dt: dt, quaternion: quaternion)
        else {
            return
        }
        // The normalised gradient ∇f/|∇f| (Madgwick's eq. 44); zero when there is nothing to correct.
        var step = SIMD4<Double>.zero
        let aNorm = FusionMath.norm(accelerometer)
        if aNorm > 0 {
            let gradient: SIMD4<Double>
            if let magnetometer, FusionMath.norm(magnetometer) > 0 {
                gradient = Self.margGradient(q, accelerometer / aNorm, magnetometer / FusionMath.norm(magnetometer))
            } else {
                gradient = Self.imuGradient(q, accelerometer / aNorm)
            }
            let g = FusionMath.norm(gradient)
            if g > 0 { step = gradient / g }
        }
        if biasGain > 0, step != .zero {
            // ω_ε = 2 q* ⊗ ∇f/|∇f| (eq. 47): the rate error the correction stands for, device frame;
            // ω_b += ζ ω_ε Δt (eq. 48).
            let error = 2 * FusionMath.product(SIMD4(q[0], -q[1], -q[2], -q[3]), step)
            gyroscopeBias += biasGain * dt * SIMD3(error[1], error[2], error[3])
        }
        let rate = gyroscope - gyroscopeBias
        var qDot = 0.5 * FusionMath.product(q, SIMD4(0, rate.x, rate.y, rate.z))
        if step != .zero { qDot -= gain * step }
        quaternion = FusionMath.quaternion(FusionMath.normalized(q + qDot * dt))
    }
}

extension MadgwickFilter {
    /// `Jᵀ f` for gravity alone (Madgwick's eq. 25–26 and 34): `f = R(q)ᵀ (0, 0, 1) − a`, the predicted minus
    /// the measured direction of the specific force in the device frame. Zero where `f` is zero.
    @inlinable
    static func imuGradient(_ q: SIMD4<Double>, _ a: SIMD3<Double>) -> SIMD4<Double> {
        let (qw, qx, qy, qz) = Self.components(q)
        let f1: Double = 2 * (qx * qz - qw * qy) - a.x
        let f2: Double = 2 * (qw * qx + qy * qz) - a.y
        let f3: Double = 2 * (0.5 - qx * qx - qy * qy) - a.z
        if f1 == 0 && f2 == 0 && f3 == 0 { return .zero }
        let g0: Double = -2 * qy * f1 + 2 * qx * f2
        let g1: Double = 2 * qz * f1 + 2 * qw * f2 - 4 * qx * f3
        let g2: Double = -2 * qw * f1 + 2 * qz * f2 - 4 * qy * f3
        let g3: Double = 2 * qx * f1 + 2 * qy * f2
        return SIMD4(g0, g1, g2, g3)
    }

    /// `Jᵀ f` for gravity and the magnetic field (Madgwick's eq. 29–31 and 34). The reference field
    /// `(bx, 0, bz)` is the measured one turned into the reference frame with its horizontal part put on x
    /// (eq. 45–46), so the field's declination and inclination need not be known. Zero where `f` is zero.
    @inlinable
    static func margGradient(_ q: SIMD4<Double>, _ a: SIMD3<Double>, _ m: SIMD3<Double>) -> SIMD4<Double> {
        let h = FusionMath.product(q, FusionMath.product(SIMD4(0, m.x, m.y, m.z), SIMD4(q[0], -q[1], -q[2], -q[3])))
        let bx = (h[1] * h[1] + h[2] * h[2]).squareRoot()
        let bz = h[3]
        let (qw, qx, qy, qz) = Self.components(q)
        let f1: Double = 2 * (qx * qz - qw * qy) - a.x
        let f2: Double = 2 * (qw * qx + qy * qz) - a.y
        let f3: Double = 2 * (0.5 - qx * qx - qy * qy) - a.z
        let f4: Double = 2 * bx * (0.5 - qy * qy - qz * qz) + 2 * bz * (qx * qz - qw * qy) - m.x
        let f5: Double = 2 * bx * (qx * qy - qw * qz) + 2 * bz * (qw * qx + qy * qz) - m.y
        let f6: Double = 2 * bx * (qw * qy + qx * qz) + 2 * bz * (0.5 - qx * qx - qy * qy) - m.z
        if f1 == 0 && f2 == 0 && f3 == 0 && f4 == 0 && f5 == 0 && f6 == 0 { return .zero }
        // Jᵀ f, row by row of J (the rows' order as ahrs's; scalar terms keep the type checker quick).
        var g0: Double = -2 * qy * f1 + 2 * qx * f2
        g0 += -2 * bz * qy * f4
        g0 += (-2 * bx * qz + 2 * bz * qx) * f5
        g0 += 2 * bx * qy * f6
        var g1: Double = 2 * qz * f1 + 2 * qw * f2 - 4 * qx * f3
        g1 += 2 * bz * qz * f4
        g1 += (2 * bx * qy + 2 * bz * qw) * f5
        g1 += (2 * bx * qz - 4 * bz * qx) * f6
        var g2: Double = -2 * qw * f1 + 2 * qz * f2 - 4 * qy * f3
        g2 += (-4 * bx * qy - 2 * bz * qw) * f4
        g2 += (2 * bx * qx + 2 * bz * qz) * f5
        g2 += (2 * bx * qw - 4 * bz * qy) * f6
        var g3: Double = 2 * qx * f1 + 2 * qy * f2
        g3 += (-4 * bx * qz + 2 * bz * qx) * f4
        g3 += (-2 * bx * qw + 2 * bz * qy) * f5
        g3 += 2 * bx * qx * f6
        return SIMD4(g0, g1, g2, g3)
    }

    /// The components of the unit quaternion `q / |q|` (`ahrs` renormalises before the misfit).
    @inlinable
    static func components(_ q: SIMD4<Double>) -> (Double, Double, Double, Double) {
        let u = q / FusionMath.norm(q)
        return (u[0], u[1], u[2], u[3])
    }
}
