import Foundation

/// One magnetometer update, shaped like CoreMotion's `CMMagnetometerData`: the raw reading, the device's
/// own hard-iron offset included (as CoreMotion's raw magnetometer reports it).
///
/// ```swift
/// manager.magnetometerUpdateInterval = 0.02
/// manager.startMagnetometerUpdates(to: queue) { data, _ in
///     if let f = data?.magneticField { print(f.x, f.y, f.z, "µT") }
/// }
/// ```
public struct MagnetometerData: Sendable, Hashable {
    /// Seconds on the source's timeline.
    public var timestamp: TimeInterval
    /// The raw field, µT, device frame: the magnetometer model's reading (soft and hard iron, noise and
    /// quantisation included).
    public var magneticField: MagneticField

    /// Creates an update.
    /// - Parameters:
    ///   - timestamp: Seconds on the source's timeline.
    ///   - magneticField: µT, device frame.
    public init(timestamp: TimeInterval, magneticField: MagneticField) {
        self.timestamp = timestamp
        self.magneticField = magneticField
    }
}

/// How well a calibrated magnetic field is known: CoreMotion's `CMMagneticFieldCalibrationAccuracy`.
public enum MagneticFieldCalibrationAccuracy: Int, Sendable, Hashable {
    /// No calibrated field (the source has no magnetometer, or the frame uses none): the field is 0.
    case uncalibrated = -1
    /// Low accuracy.
    case low = 0
    /// Medium accuracy.
    case medium = 1
    /// High accuracy.
    case high = 2
}

/// A calibrated magnetic field, CoreMotion's `CMCalibratedMagneticField`: the field around the device with
/// the device's own distortion removed, in the device frame.
public struct CalibratedMagneticField: Sendable, Hashable {
    /// The field, µT, device frame: the raw reading with the magnetometer model's hard-iron offset removed
    /// and its soft-iron matrix inverted (a calibration that has converged; the noise stays).
    public var field: MagneticField
    /// How well the field is known: ``MagneticFieldCalibrationAccuracy/high`` from a source with a
    /// magnetometer, ``MagneticFieldCalibrationAccuracy/uncalibrated`` (field 0) from one without.
    public var accuracy: MagneticFieldCalibrationAccuracy

    /// Creates a calibrated field.
    /// - Parameters:
    ///   - field: µT, device frame.
    ///   - accuracy: The calibration's accuracy.
    public init(field: MagneticField, accuracy: MagneticFieldCalibrationAccuracy) {
        self.field = field
        self.accuracy = accuracy
    }

    /// No field: 0 µT, ``MagneticFieldCalibrationAccuracy/uncalibrated``.
    public static let uncalibrated = CalibratedMagneticField(
        field: MagneticField(x: 0, y: 0, z: 0), accuracy: .uncalibrated)
}

/// The reference frame of a device-motion attitude: CoreMotion's `CMAttitudeReferenceFrame`. Every frame
/// has z vertical (up); they differ in their x axis.
public struct AttitudeReferenceFrame: OptionSet, Sendable, Hashable {
    /// The frame's bit (CoreMotion's raw values: 1, 2, 4, 8).
    public let rawValue: UInt

    /// Creates a frame (or a set of frames) from CoreMotion's bits.
    /// - Parameter rawValue: 1, 2, 4, 8 or a union of them.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// x is the device's heading at the start (arbitrary), z vertical; gyroscope and accelerometer only,
    /// so the yaw drifts at the gyroscope's vertical bias.
    public static let xArbitraryZVertical = AttitudeReferenceFrame(rawValue: 1 << 0)
    /// As ``xArbitraryZVertical`` at the start, with the magnetometer holding the yaw still (no drift).
    public static let xArbitraryCorrectedZVertical = AttitudeReferenceFrame(rawValue: 1 << 1)
    /// x points to magnetic north, z vertical (so y points west).
    public static let xMagneticNorthZVertical = AttitudeReferenceFrame(rawValue: 1 << 2)
    /// x points to true (geographic) north, z vertical (so y points west): the magnetic frame turned by the
    /// declination.
    public static let xTrueNorthZVertical = AttitudeReferenceFrame(rawValue: 1 << 3)

    /// Whether the frame's x axis is referenced to north (so ``DeviceMotion/heading`` is defined).
    public var isNorthReferenced: Bool { self == .xMagneticNorthZVertical || self == .xTrueNorthZVertical }
    /// Whether the frame needs a magnetometer.
    public var needsMagnetometer: Bool { self != .xArbitraryZVertical }
}
