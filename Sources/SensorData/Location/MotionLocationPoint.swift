import Foundation

/// A motion sample and a location fix at the same time: what a phone on a walk reports, played from a
/// spec that holds a motion and a route (`{"motion": {...}, "route": {...}}`).
///
/// In JSON (`signals play`): the motion point's fields and `"location": {...}` beside them.
public struct MotionLocationPoint: Timestamped, Motionable, Sendable, Hashable {
    /// The motion sample.
    public var motion: MotionPoint
    /// The location fix.
    public var location: LocationPoint

    /// Creates a point.
    /// - Parameters:
    ///   - motion: The motion sample.
    ///   - location: The location fix (same timestamp).
    public init(motion: MotionPoint, location: LocationPoint) {
        self.motion = motion
        self.location = location
    }

    /// Seconds from the start of the run.
    public var timestamp: TimeInterval { motion.timestamp }
    /// User acceleration (g).
    public var userAcceleration: Acceleration { motion.userAcceleration }
    /// Gravity (g).
    public var gravity: Acceleration { motion.gravity }
    /// Rotation rate (rad/s).
    public var rotationRate: RotationRate { motion.rotationRate }
}
