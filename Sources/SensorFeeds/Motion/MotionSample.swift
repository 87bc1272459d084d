import Foundation
import Navigation
import Playback
import Signals

/// What one motion-manager stream plays: the motion point, and from a source with a magnetometer the raw
/// field and (for device motion) the fused update.
struct MotionSample: Timestamped, Sendable {
    /// The played point (a trajectory's: the IMU's readings and the true attitude).
    var motion: MotionPoint
    /// The fused device motion, from a source with an IMU and a magnetometer.
    var fused: DeviceMotion?
    /// The raw magnetometer reading, µT, device frame.
    var rawField: SIMD3<Double>?

    var timestamp: TimeInterval { motion.timestamp }

    /// The device motion the app receives: the fused one, else the point's own.
    var deviceMotion: DeviceMotion { fused ?? DeviceMotion(motion) }

    /// The magnetometer update, when the sample has a field.
    var magnetometerData: MagnetometerData? {
        rawField.map { MagnetometerData(timestamp: timestamp, magneticField: MagneticField($0)) }
    }

    /// The samples of a source of plain motion points.
    static func plain<S: PointSource>(_ source: S) -> MappedPoints<S, MotionSample> where S.Point == MotionPoint {
        MappedPoints(base: source) { { MotionSample(motion: $0) } }
    }

    /// The transform of one pass over trajectory points for a kind of update: device motion runs the
    /// fusion on every point; the others pass the readings.
    /// - Parameter estimatesBias: Whether the fusion estimates and removes the gyroscope's bias, as a phone's
    ///   does (`false`: `ahrs`'s filter on the raw reading, for comparisons).
    static func transform(
        _ kind: SimulatedMotionManager.Kind, frame: AttitudeReferenceFrame,
        calibration: MagnetometerCalibration, estimatesBias: Bool = true
    ) -> @Sendable () -> (TrajectoryPoint) -> MotionSample {
        if kind != .deviceMotion {
            return { { p in MotionSample(motion: p.motion, rawField: p.magneticField.vector) } }
        }
        return {
            var fusion = AttitudeFusion(frame: frame, estimatesBias: estimatesBias)
            return { p in
                let a = p.motion.userAcceleration
                let g = p.motion.gravity
                let w = p.motion.rotationRate
                let declination = TrajectoryMath.signedDegrees(p.trueHeading - p.magneticHeading)
                let input = FusionInput(
                    timestamp: p.timestamp, accelerometer: SIMD3(a.x + g.x, a.y + g.y, a.z + g.z),
                    gyroscope: SIMD3(w.x, w.y, w.z), field: calibration.calibrate(p.magneticField.vector),
                    truth: p.motion.attitude ?? .identity, declination: declination)
                return MotionSample(motion: p.motion, fused: fusion.update(input), rawField: p.magneticField.vector)
            }
        }
    }
}

/// Angles.
enum TrajectoryMath {
    /// `degrees` wrapped to −180 ..< 180.
    static func signedDegrees(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d >= 180 { d -= 360 } else if d < -180 { d += 360 }
        return d
    }
}
