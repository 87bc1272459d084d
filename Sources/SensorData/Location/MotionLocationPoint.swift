import Foundation

/// A motion sample and a location fix at the same time: what a phone on a walk reports, played from a
/// spec that holds a motion and a route (`{"motion": {...}, "route": {...}}`).
///
/// In JSON (`signals play`): the motion point's fields and `"location": {...}` beside them. Its time,
/// accelerations and rotation rate are the motion sample's (``MotionCarrying``); its attitude is `nil`.
public struct MotionLocationPoint: MotionCarrying, Sendable, Hashable {
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
}
