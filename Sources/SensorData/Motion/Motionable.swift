import Foundation

/// A motion sample shaped like CoreMotion's `CMDeviceMotion`: user acceleration and gravity in g,
/// rotation rate in rad/s. Every part defaults to zero, so a type provides only what it has.
///
/// ```swift
/// struct Accelerometer: Timestamped, Motionable {
///     var timestamp: TimeInterval
///     var userAcceleration: Acceleration      // gravity and rotationRate are zero
/// }
/// ```
public protocol Motionable {
    /// The acceleration the user gives the device, gravity excluded (g).
    var userAcceleration: Acceleration { get }
    /// The gravity vector in the device's frame (g); `(0, 0, -1)` for a phone lying face up.
    var gravity: Acceleration { get }
    /// The rotation rate of the device (rad/s).
    var rotationRate: RotationRate { get }
    /// The attitude of the device (device → reference frame, as `CMAttitude`), or `nil` when unknown.
    var attitude: Quaternion? { get }
}

extension Motionable {
    /// Zero unless the type provides it (g).
    public var userAcceleration: Acceleration { .zero }
    /// Zero unless the type provides it (g).
    public var gravity: Acceleration { .zero }
    /// Zero unless the type provides it (rad/s).
    public var rotationRate: RotationRate { .zero }
    /// `nil` (unknown) unless the type provides it.
    public var attitude: Quaternion? { nil }
}
