import Foundation
import Playback
import Signals

/// A motion sample and a location fix at the same time: what a phone on a walk reports, played from a
/// spec that holds a motion and a route (`{"motion": {...}, "route": {...}}`).
///
/// In JSON (`signals play`): the motion point's fields and `"location": {...}` beside them.
public struct MotionLocationPoint: Runnable, Motionable, Sendable, Hashable {
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

/// A motion signal and a route played together at one rate: sample `k` of each, at `k / rate`.
///
/// ```swift
/// let walk = try MotionRoutePoints(motion: steps, route: route, sampleRate: 50, duration: 600)
/// try runner.start(walk) { p in print(p.userAcceleration.z, p.location.latitude) }
/// ```
public struct MotionRoutePoints: PointSource {
    /// The motion, rendered block by block.
    public let motion: SignalPoints<MotionSignal, MotionPoint>
    /// The route's fixes.
    public let route: RoutePoints

    /// Samples `motion` and `route` at `sampleRate` for `duration` seconds from `start`.
    /// - Throws: `SignalError` for a bad rate, duration or motion parameter; `SignalError` for a bad route.
    public init(motion: MotionSignal, route: Route, sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0,
                options: RenderOptions = RenderOptions()) throws {
        self.motion = try motion.points(sampleRate: sampleRate, duration: duration, start: start, options: options)
        self.route = try route.points(sampleRate: sampleRate, duration: duration, start: start)
    }

    /// One pass: `frames / sampleRate`.
    public var loopPeriod: TimeInterval? { motion.loopPeriod }

    /// Starts both at their first sample.
    public func makeCursor() -> Cursor { Cursor(motion: motion.makeCursor(), route: route.makeCursor()) }

    /// Reads one sample of each per point.
    public struct Cursor: PointCursor {
        var motion: SignalPoints<MotionSignal, MotionPoint>.Cursor
        var route: RoutePoints.Cursor

        /// The next motion sample with the fix of the same index.
        public mutating func next() -> (point: MotionLocationPoint, time: TimeInterval)? {
            guard let m = motion.next(), let r = route.next() else { return nil }
            return (MotionLocationPoint(motion: m.point, location: r.point), m.time)
        }
    }
}
