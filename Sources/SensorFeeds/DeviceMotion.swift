import Foundation
import Playback
import Signals

/// One device-motion update, shaped like CoreMotion's `CMDeviceMotion`: what a motion manager hands to
/// app code.
///
/// The line between the two motion types: a `MotionPoint` is what is *played* (by the `Runner`, from a
/// signal, a file or a server; its attitude is optional, as a point file may have none), and a
/// `DeviceMotion` is what the app *receives* (always with an attitude, as `CMDeviceMotion` has one).
/// ``init(_:)`` is the one way from the first to the second. The attitude is the package's one
/// quaternion type, `Quaternion`, with `CMAttitude`'s roll, pitch and yaw.
///
/// ```swift
/// manager.startDeviceMotionUpdates(to: queue) { motion, error in
///     guard let motion else { return }
///     print(motion.userAcceleration.x, motion.gravity.z, motion.attitude.pitch)
/// }
/// ```
public struct DeviceMotion: Sendable, Hashable {
    /// Seconds on the source's timeline (a signal's `index / rate`, a file's or a server's timestamps).
    public var timestamp: TimeInterval
    /// The device's orientation (device → reference frame, roll, pitch and yaw as `CMAttitude`'s). From a
    /// source that has none, the tilt its gravity implies (yaw 0).
    public var attitude: Quaternion
    /// The rotation rate (rad/s): as `CMDeviceMotion.rotationRate`, the calibrated rate, the gyroscope's
    /// reading less ``gyroscopeBias`` (``GyroData`` keeps the raw reading, as `CMGyroData` does).
    public var rotationRate: RotationRate
    /// Gravity in the device frame (g).
    public var gravity: Acceleration
    /// The acceleration the user gives the device, gravity excluded (g).
    public var userAcceleration: Acceleration
    /// The calibrated magnetic field (µT, device frame), as `CMDeviceMotion.magneticField`:
    /// ``CalibratedMagneticField/uncalibrated`` (0 µT) from a source without a magnetometer.
    public var magneticField: CalibratedMagneticField
    /// The heading, degrees clockwise from the frame's north, 0 ..< 360, in the north-referenced frames
    /// (``AttitudeReferenceFrame/xMagneticNorthZVertical``: magnetic, ``AttitudeReferenceFrame/xTrueNorthZVertical``:
    /// true), as `CMDeviceMotion.heading`: the azimuth of the device's y axis, or of its back (−z) when y is
    /// within 45° of vertical. −1 in the arbitrary frames.
    public var heading: Double
    /// The true attitude in the same reference frame as ``attitude``, for tests: from a fused source (an IMU
    /// with a magnetometer: a trajectory) the truth the filter estimates; otherwise ``attitude`` itself.
    public var trueAttitude: Quaternion
    /// The gyroscope bias the fusion estimated and removed from ``rotationRate`` (rad/s, device frame), for
    /// tests: the raw reading is `rotationRate + gyroscopeBias`. CoreMotion keeps its estimate private; zero
    /// from a source that is not fused (a signal, an IMU alone, a point file).
    public var gyroscopeBias = RotationRate(x: 0, y: 0, z: 0)

    /// Creates an update.
    /// - Parameters:
    ///   - timestamp: Seconds on the source's timeline.
    ///   - attitude: Orientation.
    ///   - rotationRate: rad/s.
    ///   - gravity: g.
    ///   - userAcceleration: g.
    ///   - magneticField: The calibrated field (default: none, ``CalibratedMagneticField/uncalibrated``).
    ///   - heading: Degrees 0 ..< 360 in a north-referenced frame, −1 (default) otherwise.
    ///   - trueAttitude: The truth (default: `attitude`).
    public init(
        timestamp: TimeInterval, attitude: Quaternion, rotationRate: RotationRate, gravity: Acceleration,
        userAcceleration: Acceleration, magneticField: CalibratedMagneticField = .uncalibrated,
        heading: Double = -1, trueAttitude: Quaternion? = nil
    ) {
        self.timestamp = timestamp
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.gravity = gravity
        self.userAcceleration = userAcceleration
        self.magneticField = magneticField
        self.heading = heading
        self.trueAttitude = trueAttitude ?? attitude
    }

    /// The update a motion point makes: its attitude is the point's own (a motion spec with an attitude,
    /// or a point file with `attitude` columns), else the tilt its gravity implies.
    /// - Parameter point: A played point.
    public init(_ point: MotionPoint) {
        let attitude = point.attitude?.normalized ?? Quaternion(gravity: point.gravity)
        self.init(
            timestamp: point.timestamp, attitude: attitude, rotationRate: point.rotationRate,
            gravity: point.gravity, userAcceleration: point.userAcceleration)
    }
}

/// One accelerometer update, shaped like CoreMotion's `CMAccelerometerData`: the specific force the
/// sensor measures, `userAcceleration + gravity`, in g.
public struct AccelerometerData: Sendable, Hashable {
    /// Seconds on the source's timeline.
    public var timestamp: TimeInterval
    /// What the accelerometer reads (g): user acceleration plus gravity.
    public var acceleration: Acceleration

    /// Creates an update.
    /// - Parameters:
    ///   - timestamp: Seconds on the source's timeline.
    ///   - acceleration: g.
    public init(timestamp: TimeInterval, acceleration: Acceleration) {
        self.timestamp = timestamp
        self.acceleration = acceleration
    }

    /// The accelerometer reading of a motion point: `userAcceleration + gravity`.
    /// - Parameter point: A played point.
    public init(_ point: MotionPoint) {
        let a = point.userAcceleration
        let g = point.gravity
        self.init(timestamp: point.timestamp, acceleration: Acceleration(x: a.x + g.x, y: a.y + g.y, z: a.z + g.z))
    }
}

/// One gyroscope update, shaped like CoreMotion's `CMGyroData`.
public struct GyroData: Sendable, Hashable {
    /// Seconds on the source's timeline.
    public var timestamp: TimeInterval
    /// The rotation rate (rad/s) as the gyroscope reads it, bias included, as `CMGyroData.rotationRate`
    /// (``DeviceMotion/rotationRate`` is the calibrated one).
    public var rotationRate: RotationRate

    /// Creates an update.
    /// - Parameters:
    ///   - timestamp: Seconds on the source's timeline.
    ///   - rotationRate: rad/s.
    public init(timestamp: TimeInterval, rotationRate: RotationRate) {
        self.timestamp = timestamp
        self.rotationRate = rotationRate
    }

    /// The gyroscope reading of a motion point.
    /// - Parameter point: A played point.
    public init(_ point: MotionPoint) {
        self.init(timestamp: point.timestamp, rotationRate: point.rotationRate)
    }
}
