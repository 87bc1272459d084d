import Foundation

/// A point that carries a motion sample beside other data (a location fix, a trajectory's riders) and
/// reads its time and its motion from that sample: seconds, user acceleration and gravity in g, rotation
/// rate in rad/s.
///
/// ```swift
/// struct TaggedMotion: MotionCarrying {
///     var motion: MotionPoint
///     var tag: String
/// }
/// TaggedMotion(motion: MotionPoint(timestamp: 0.5), tag: "a").timestamp   // 0.5
/// ```
///
/// The attitude is not read from the sample: a conforming type that has one provides ``Motionable/attitude``
/// itself (otherwise it is `nil`).
public protocol MotionCarrying: Timestamped, Motionable {
    /// The motion sample (g, rad/s).
    var motion: MotionPoint { get }
}

extension MotionCarrying {
    /// The motion sample's time: seconds from the start of the run.
    @inlinable
    public var timestamp: TimeInterval { motion.timestamp }
    /// The motion sample's user acceleration, g.
    @inlinable
    public var userAcceleration: Acceleration { motion.userAcceleration }
    /// The motion sample's gravity, g.
    @inlinable
    public var gravity: Acceleration { motion.gravity }
    /// The motion sample's rotation rate, rad/s.
    @inlinable
    public var rotationRate: RotationRate { motion.rotationRate }
}
