import Foundation
import Signals

/// Any sequence of `Timestamped` points, played at their timestamps: an array of predefined points,
/// a lazy sequence, a decoded file.
///
/// ```swift
/// let points = (0 ..< 100).map { MotionPoint(timestamp: Double($0) / 10) }
/// try runner.start(PointSequence(points)) { point in print(point.timestamp) }
/// ```
public struct PointSequence<Base: Sequence & Sendable>: PointSource where Base.Element: Timestamped & Sendable {
    /// The points, in playback order.
    public let base: Base
    /// Loop period in seconds, if given.
    public let loopPeriod: TimeInterval?

    /// Wraps a sequence.
    /// - Parameters:
    ///   - base: Points with finite, non-decreasing timestamps (seconds from the start of the run).
    ///   - loopPeriod: Seconds from the first point of one pass to the first of the next when looping;
    ///     default: the last timestamp plus the gap before it (10 s for 100 points 0.1 s apart).
    public init(_ base: Base, loopPeriod: TimeInterval? = nil) {
        self.base = base
        self.loopPeriod = loopPeriod
    }

    /// Starts at the first point.
    public func makeCursor() -> Cursor { Cursor(iterator: base.makeIterator()) }

    /// Reads the sequence, each point at its timestamp.
    public struct Cursor: PointCursor {
        var iterator: Base.Iterator

        /// The next point, at its own timestamp.
        public mutating func next() -> (point: Base.Element, time: TimeInterval)? {
            guard let point = iterator.next() else { return nil }
            return (point, point.timestamp)
        }
    }
}

/// A function of time sampled every `interval` seconds, as the original Runner's signal functions:
/// point `k` is `function(k · interval)` at time `k · interval` (computed from `k`, never accumulated).
///
/// ```swift
/// let sine = SampledFunction(interval: 0.1, count: 100) { t in
///     let a = 2 * sin(2 * .pi * t + 0.2) + 0.5
///     return MotionPoint(timestamp: t, userAcceleration: Acceleration(x: a, y: a, z: a))
/// }
/// ```
public struct SampledFunction<Point: Timestamped & Sendable>: PointSource {
    /// Seconds between points (> 0).
    public let interval: TimeInterval
    /// Number of points per pass; `nil` plays until stopped.
    public let count: Int?
    /// The function of time (seconds) that makes each point.
    public let function: @Sendable (TimeInterval) -> Point

    /// Creates a sampled function.
    /// - Parameters:
    ///   - interval: Seconds between points, finite and > 0.
    ///   - count: Points per pass (≥ 0), or `nil` to play until stopped.
    ///   - function: Makes the point for a time in seconds.
    /// - Throws: `SignalError` (`invalidArgument`) for a bad interval or count.
    public init(
        interval: TimeInterval, count: Int? = nil,
        _ function: @escaping @Sendable (TimeInterval) -> Point
    ) throws(SignalError) {
        guard interval.isFinite, interval > 0 else {
            throw SignalError(.invalidArgument, "interval must be a finite number of seconds > 0, got \(interval)")
        }
        if let count, count < 0 {
            throw SignalError(.invalidArgument, "count must be ≥ 0, got \(count)")
        }
        self.interval = interval
        self.count = count
        self.function = function
    }

    /// `count · interval`, or `nil` for an endless function.
    public var loopPeriod: TimeInterval? { count.map { Double($0) * interval } }

    /// Starts at `t = 0`.
    public func makeCursor() -> Cursor { Cursor(source: self) }

    /// Samples the function.
    public struct Cursor: PointCursor {
        let source: SampledFunction
        var index = 0

        /// `function(k · interval)` at `k · interval`.
        public mutating func next() -> (point: Point, time: TimeInterval)? {
            if let count = source.count, index >= count { return nil }
            let time = Double(index) * source.interval
            index += 1
            return (source.function(time), time)
        }
    }
}
