import Foundation

/// The timing of a pass of points, summed up while checking a file (``PointFile/schedule()``), so that
/// a player can refuse a schedule before it starts: an empty file, a loop of one instant, or a wait of
/// years.
///
/// ```swift
/// let schedule = try PointFile(path: "walk.csv").schedule()
/// schedule.longestWait(speed: 1, loop: false)   // seconds of the longest wait between two deliveries
/// ```
public struct PointSchedule: Sendable, Hashable {
    /// Number of points.
    public private(set) var count = 0
    /// Timestamp of the first point (seconds), or `nil` when empty.
    public private(set) var first: TimeInterval?
    /// Timestamp of the last point (seconds), or `nil` when empty.
    public private(set) var last: TimeInterval?
    /// The largest gap between two consecutive timestamps (seconds).
    public private(set) var largestGap: TimeInterval = 0
    /// The gap before the last point (seconds): the runner's default loop tail.
    public private(set) var lastGap: TimeInterval = 0

    /// An empty schedule.
    public init() {}

    /// Adds a point at `timestamp` (seconds, not before the previous one).
    public mutating func add(_ timestamp: TimeInterval) {
        if let last {
            lastGap = timestamp - last
            largestGap = max(largestGap, lastGap)
        } else {
            first = timestamp
        }
        last = timestamp
        count += 1
    }

    /// One pass when looping, as the ``Runner`` derives it: the last timestamp plus the gap before it
    /// (seconds), or `nil` when that is not a positive duration (fewer than two points, or all at one instant).
    public var loopPeriod: TimeInterval? {
        guard count >= 2, let last else { return nil }
        let period = last + lastGap
        return period.isFinite && period > 0 ? period : nil
    }

    /// The longest wall-clock wait of a run at `speed` (seconds): before the first point, between two
    /// points, and, when looping, from the last point to the next pass's first.
    /// - Parameters:
    ///   - speed: Playback speed (> 0).
    ///   - loop: Whether the run loops.
    public func longestWait(speed: Double, loop: Bool) -> TimeInterval {
        guard let first else { return 0 }
        var wait = max(max(0, first), largestGap)
        if loop, let period = loopPeriod, let last { wait = max(wait, period - last + first) }
        return wait / speed
    }
}
