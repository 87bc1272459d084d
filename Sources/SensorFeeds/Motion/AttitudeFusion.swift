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
/// filter (`MadgwickFilter`, the `ahrs` package's algorithm) with Madgwick's start-up gain schedule.
///
/// - The filter runs on every sample of the source's timeline (100 Hz by default), never only on the ticks
///   delivered, and starts at the first sample: from its tilt with yaw 0 in ``AttitudeReferenceFrame/xArbitraryZVertical``
///   (6 axes), from its tilt and the magnetometer (`ahrs`'s `ecompass`) in the other frames (9 axes).
/// - **Gains.** β starts at ``startGain`` (10 s⁻¹) and falls linearly to the steady gain over the first
///   ``startUpSeconds`` (3 s), as in Madgwick's *Fusion* library: the start-up converges in a few seconds,
///   then the steady gain (`ahrs`'s defaults: `MadgwickFilter.defaultIMUGain` 0.033 s⁻¹ without a magnetometer,
///   `MadgwickFilter.defaultMARGGain` 0.041 s⁻¹ with one) trusts the gyroscope, correcting at most
///   0.066 and 0.082 rad/s.
/// - **What it leaves, as a phone's does.** No gyroscope bias is estimated: in `.xArbitraryZVertical` the
///   yaw drifts at the gyroscope's vertical bias; a sustained acceleration tilts the attitude toward
///   `atan(a/g)`; the rotation rate is the gyroscope's reading.
/// - **Frames.** The filter's frame is x magnetic north, y west, z up. `.xTrueNorthZVertical` turns it by the
///   declination; `.xArbitraryCorrectedZVertical` turns it by its own start-up yaw, so it starts where
///   `.xArbitraryZVertical` would and then holds its yaw with the magnetometer.
struct AttitudeFusion {
    /// β at the first sample, s⁻¹.
    static let startGain = 2.0
    /// Seconds over which β falls from ``startGain`` to the steady gain.
    static let startUpSeconds = 3.0

    let frame: AttitudeReferenceFrame
    let steadyGain: Double
    private var filter: MadgwickFilter?
    private var firstTime = 0.0
    private var lastTime = 0.0
    /// Report = `offset ⊗ filter` in the arbitrary-corrected frame.
    private var reportOffset = Quaternion.identity
    /// The arbitrary frames' turn from true north-west-up (fixed at the first sample).
    private var truthOffset = Quaternion.identity

    /// - Precondition: a frame other than `.xArbitraryZVertical` reads a field (checked by the manager).
    init(frame: AttitudeReferenceFrame) {
        self.frame = frame
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
        var motion = DeviceMotion(
            timestamp: s.timestamp, attitude: attitude,
            rotationRate: RotationRate(x: s.gyroscope.x, y: s.gyroscope.y, z: s.gyroscope.z),
            gravity: gravity, userAcceleration: user)
        motion.trueAttitude = truth
        motion.magneticField = calibrated
        motion.heading = heading
        return motion
    }
}
