import Foundation
import Navigation
import Playback
import Sensors
import Signals

/// One sample a device-motion fusion reads: the IMU's readings, the magnetometer's calibrated field and the
/// truth beside them (for ``DeviceMotion/trueAttitude``).
struct FusionInput: Sendable {
    /// Seconds on the source's timeline.
    var timestamp: Double
    /// The accelerometer's reading, g, CoreMotion's sign (`(0, 0, −1)` face up).
    var accelerometer: SIMD3<Double>
    /// The gyroscope's reading, rad/s.
    var gyroscope: SIMD3<Double>
    /// The calibrated field, µT, device frame, or `nil` without a magnetometer.
    var field: SIMD3<Double>?
    /// The true attitude, device → local east-north-up.
    var truth: Quaternion
    /// The magnetic declination, degrees east (true heading − magnetic heading), or `nil` when unknown.
    var declination: Double?
}

/// A phone's sensor fusion, as ``SimulatedMotionManager`` runs it on every sample of an IMU source: Madgwick's
/// filter (`MadgwickFilter`, the `ahrs` package's algorithm) with Madgwick's start-up gain schedule, on the
/// gyroscope's reading less an estimate of its bias, as CoreMotion's device motion removes the bias before it
/// fuses.
///
/// - The filter runs on every sample of the source's timeline (100 Hz by default), never only on the ticks
///   delivered, and starts at the first sample: from its tilt with yaw 0 in ``AttitudeReferenceFrame/xArbitraryZVertical``
///   (6 axes), from its tilt and the magnetometer (`ahrs`'s `ecompass`) in the other frames (9 axes).
/// - **Gains.** β starts at ``startGain`` (2 s⁻¹) and falls linearly to the steady gain over the first
///   ``startUpSeconds`` (3 s), the start-up ramp of Madgwick's *Fusion* library (which starts at 10 s⁻¹):
///   the start-up converges in a few seconds, then the steady gain (`ahrs`'s defaults:
///   `MadgwickFilter.defaultIMUGain` 0.033 s⁻¹ without a magnetometer, `MadgwickFilter.defaultMARGGain`
///   0.041 s⁻¹ with one) trusts the gyroscope, correcting at most 0.066 and 0.082 rad/s.
/// - **Gyroscope bias.** One estimate, `b`, is subtracted from every reading; two things move it:
///   - *Stillness* (`StationaryBiasEstimator`, *Fusion*'s offset correction: 3 °/s for 3 s, then a 0.02 Hz
///     low-pass, with an acquisition that finds a still device whatever its turn-on bias). A still period
///     measures the bias directly, to the noise, within `StationaryBiasEstimator.defaultPeriod` seconds.
///   - *Madgwick's ζ term* (`MadgwickFilter.biasGain`), with the magnetometer only (without it the
///     vertical is unobservable, as Madgwick's report says): what moves without ever keeping still. The
///     gradient it integrates answers every misfit, so it is gated: off during the start-up (the heading
///     is still converging), off while the device is still (stillness measures better), and off while
///     any axis of `ω − b`, low-passed over ``biasGainSmoothingSeconds`` (1 s), has exceeded
///     ``biasGainRateLimit`` (0.3 rad/s) within about ``biasGainHoldSeconds`` (a peak that decays by `e`
///     per second): a turn closes it, and so does a pocket's swing (2–4 rad/s at the stride frequency, 0.4
///     rad/s and more through the low-pass), whose accelerations keep step with the rotation and bias the
///     gradient's mean (ζ learnt 0.03 rad/s of false bias in 60 s of a simulated pocket walk, ungated); a
///     hand-held phone's rocking (±0.8 rad/s once per stride) averages out and leaves it open. ζ is ``acquiringBiasGain`` (0.03 rad/s²) until a first still period has measured the
///     bias, so that a 0.1 rad/s turn-on bias is learnt within about 10 s of slow motion, then
///     ``steadyBiasGain``, Madgwick's 0.003 rad/s², which follows drift (the presets' bias instabilities are
///     below 10⁻³ rad/s).
/// - **What it leaves, as a phone's does.** Until the bias is known the yaw in `.xArbitraryZVertical`
///   drifts at its vertical part; a sustained acceleration tilts the attitude toward `atan(a/g)`.
///   ``DeviceMotion/rotationRate`` is the calibrated rate `ω − b` (the gyroscope updates keep the raw one),
///   ``DeviceMotion/gyroscopeBias`` is `b`.
/// - **Frames.** The filter's frame is x magnetic north, y west, z up. `.xTrueNorthZVertical` turns it by the
///   declination; `.xArbitraryCorrectedZVertical` turns it by its own start-up yaw, so it starts where
///   `.xArbitraryZVertical` would and then holds its yaw with the magnetometer.
struct AttitudeFusion {
    /// β at the first sample, s⁻¹.
    static let startGain = 2.0
    /// Seconds over which β falls from ``startGain`` to the steady gain.
    static let startUpSeconds = 3.0
    /// ζ until a still period has measured the bias, rad/s²: 10 times Madgwick's, for a turn-on bias.
    static let acquiringBiasGain = 0.03
    /// ζ once a still period has measured the bias, rad/s²: Madgwick's `MadgwickFilter.defaultBiasGain`.
    static let steadyBiasGain = MadgwickFilter.defaultBiasGain
    /// The per-axis rate of `ω − b` above which ζ stops, rad/s (`StationaryBiasEstimator.defaultAcquisitionLimit`).
    static let biasGainRateLimit = StationaryBiasEstimator.defaultAcquisitionLimit
    /// The time constant of the decaying peak of `|ω − b|` that gates ζ, seconds.
    static let biasGainHoldSeconds = 1.0
    /// The time constant of the low-pass on `ω − b` before the gate's peak, seconds: it averages a stride's
    /// rocking away (a hand-held phone's ±0.8 rad/s at 0.9 Hz passes at 0.14 rad/s) and keeps a turn.
    static let biasGainSmoothingSeconds = 1.0

    let frame: AttitudeReferenceFrame
    let steadyGain: Double
    /// Whether the bias is estimated (`false`: `ahrs`'s filter on the raw reading, for comparisons).
    let estimatesBias: Bool
    private var filter: MadgwickFilter?
    private var stillness = StationaryBiasEstimator()
    /// The decaying peak of the largest axis of `ω − b`, rad/s.
    private var ratePeak = 0.0
    /// `ω − b` through a first-order low-pass of ``biasGainSmoothingSeconds``, rad/s.
    private var smoothedRate = SIMD3<Double>(0, 0, 0)
    private var firstTime = 0.0
    private var lastTime = 0.0
    /// Report = `offset ⊗ filter` in the arbitrary-corrected frame.
    private var reportOffset = Quaternion.identity
    /// The arbitrary frames' turn from true north-west-up (fixed at the first sample).
    private var truthOffset = Quaternion.identity

    /// - Parameters:
    ///   - frame: The reference frame reported.
    ///   - estimatesBias: Whether the gyroscope's bias is estimated and removed (default `true`).
    /// - Precondition: a frame other than `.xArbitraryZVertical` reads a field (checked by the manager).
    init(frame: AttitudeReferenceFrame, estimatesBias: Bool = true) {
        self.frame = frame
        self.estimatesBias = estimatesBias
        steadyGain = frame.needsMagnetometer ? MadgwickFilter.defaultMARGGain : MadgwickFilter.defaultIMUGain
    }

    /// East-north-up → north-west-up: a turn of −90° about z.
    static let enuToNWU = Quaternion(axis: (0, 0, 1), angle: -.pi / 2)

    /// A turn about the vertical, radians (counter-clockwise seen from above).
    static func turn(_ angle: Double) -> Quaternion { Quaternion(axis: (0, 0, 1), angle: angle) }

    /// The twist about z of `q` (swing-twist decomposition), normalised; the identity when undefined.
    static func twistZ(_ q: Quaternion) -> Quaternion {
        let n = (q.w * q.w + q.z * q.z).squareRoot()
        guard n > 0 else { return .identity }
        return Quaternion(w: q.w / n, x: 0, y: 0, z: q.z / n)
    }

    /// Feeds one sample and returns the device motion the app receives for it.
    mutating func update(_ s: FusionInput) -> DeviceMotion {
        let specific = -s.accelerometer
        let field = frame.needsMagnetometer ? s.field : nil
        let declination = (s.declination ?? 0) * .pi / 180
        let trueNWU = Self.enuToNWU * s.truth
        if var f = filter {
            let dt = s.timestamp - lastTime
            let age = s.timestamp - firstTime
            f.gain = steadyGain + (Self.startGain - steadyGain) * max(0, 1 - age / Self.startUpSeconds)
            if dt > 0, dt.isFinite {
                if estimatesBias { updateBias(&f, gyroscope: s.gyroscope, timestamp: s.timestamp, dt: dt, age: age) }
                f.update(gyroscope: s.gyroscope, accelerometer: specific, magnetometer: field, dt: dt)
            }
            filter = f
        } else {
            let tilt = MadgwickFilter.initialAttitude(accelerometer: specific)
            // The north frames start as a phone's compass does before it settles: heading unknown (the tilt
            // with yaw 0); the magnetometer turns them to north during the start-up. The arbitrary-corrected
            // frame starts from the first reading's full attitude, so that its x stays where it started.
            let f =
                frame == .xArbitraryCorrectedZVertical
                ? MadgwickFilter(gain: Self.startGain, accelerometer: specific, magnetometer: field)
                : MadgwickFilter(gain: Self.startGain, quaternion: tilt)
            filter = f
            firstTime = s.timestamp
            if estimatesBias { _ = stillness.update(gyroscope: s.gyroscope, timestamp: s.timestamp) }
            if frame == .xArbitraryCorrectedZVertical {
                reportOffset = (Self.twistZ(f.quaternion * tilt.conjugate)).conjugate
            }
            if frame == .xArbitraryZVertical || frame == .xArbitraryCorrectedZVertical {
                truthOffset = Self.twistZ(tilt * trueNWU.conjugate)
            }
        }
        lastTime = s.timestamp
        let q = filter!.quaternion.normalized
        let attitude: Quaternion
        let truth: Quaternion
        switch frame {
        case .xMagneticNorthZVertical:
            attitude = q
            truth = Self.turn(declination) * trueNWU
        case .xTrueNorthZVertical:
            attitude = Self.turn(-declination) * q
            truth = trueNWU
        case .xArbitraryCorrectedZVertical:
            attitude = reportOffset * q
            truth = truthOffset * trueNWU
        default:
            attitude = q
            truth = truthOffset * trueNWU
        }
        let g = attitude.gravity
        let gravity = Acceleration(x: g.x, y: g.y, z: g.z)
        let user = Acceleration(x: s.accelerometer.x - g.x, y: s.accelerometer.y - g.y, z: s.accelerometer.z - g.z)
        let heading = frame.isNorthReferenced ? Trajectory.heading(Self.enuToNWU.conjugate * attitude) : -1
        let calibrated =
            s.field.map { CalibratedMagneticField(field: MagneticField($0), accuracy: .high) } ?? .uncalibrated
        let bias = filter!.gyroscopeBias
        let rate = s.gyroscope - bias
        var motion = DeviceMotion(
            timestamp: s.timestamp, attitude: attitude, rotationRate: RotationRate(x: rate.x, y: rate.y, z: rate.z),
            gravity: gravity, userAcceleration: user)
        motion.gyroscopeBias = RotationRate(x: bias.x, y: bias.y, z: bias.z)
        motion.trueAttitude = truth
        motion.magneticField = calibrated
        motion.heading = heading
        return motion
    }

    /// Moves the bias estimate for one sample before the filter integrates it: stillness first (it measures
    /// the bias), then ζ's gain for the filter's own step, gated as the type's documentation says.
    private mutating func updateBias(
        _ f: inout MadgwickFilter, gyroscope: SIMD3<Double>, timestamp: Double,
        dt: Double, age: Double
    ) {
        stillness.bias = f.gyroscopeBias
        _ = stillness.update(gyroscope: gyroscope, timestamp: timestamp)
        f.gyroscopeBias = stillness.bias
        let r = gyroscope - f.gyroscopeBias
        if r.x.isFinite, r.y.isFinite, r.z.isFinite, dt.isFinite, dt >= 0 {
            smoothedRate += (r - smoothedRate) * (1 - exp(-dt / Self.biasGainSmoothingSeconds))
        }
        let largest = max(abs(smoothedRate.x), abs(smoothedRate.y), abs(smoothedRate.z))
        if largest.isFinite { ratePeak = max(largest, ratePeak * exp(-dt / Self.biasGainHoldSeconds)) }
        let moving = ratePeak > Self.biasGainRateLimit
        if frame.needsMagnetometer, age >= Self.startUpSeconds, !stillness.isStationary, !moving {
            f.biasGain = stillness.hasEstimate ? Self.steadyBiasGain : Self.acquiringBiasGain
        } else {
            f.biasGain = 0
        }
    }
}
