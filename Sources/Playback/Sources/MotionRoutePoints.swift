import Foundation
import Location
import Signals

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
    public init(
        motion: MotionSignal, route: Route, sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0,
        options: RenderOptions = RenderOptions()
    ) throws {
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
