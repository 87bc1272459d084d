import Foundation
import Signals

extension Runner {
    /// Starts playing an array (or any sequence) of points at their timestamps: the same as
    /// `start(PointSequence(points), ...)`.
    ///
    /// ```swift
    /// let points = (0 ..< 100).map { MotionPoint(timestamp: Double($0) / 10) }
    /// try runner.start(points) { point in print(point.timestamp) }
    /// ```
    /// - Parameters:
    ///   - points: Points with finite, non-decreasing timestamps (seconds).
    ///   - options: Loop, timing policy, late policy and speed.
    ///   - handler: Called on the playback thread with each point (see ``start(_:options:handler:completion:)``).
    ///   - completion: Called exactly once when the run ends.
    /// - Throws: `SignalError` (`alreadyRunning`, `invalidArgument`).
    public func start<Points: Sequence & Sendable>(
        _ points: Points, options: PlaybackOptions = PlaybackOptions(),
        handler: @escaping @Sendable (Points.Element) throws -> Void,
        completion: (@Sendable (PlaybackSummary) -> Void)? = nil
    ) throws
    where Points.Element: Timestamped & Sendable {
        try start(PointSequence(points), options: options, handler: handler, completion: completion)
    }

    /// Plays an array (or any sequence) of points as an `AsyncSequence` (see ``points(_:options:)-(S,_)``).
    ///
    /// ```swift
    /// for await point in runner.points(recorded) { print(point.timestamp) }
    /// ```
    /// - Parameters:
    ///   - points: Points with finite, non-decreasing timestamps (seconds).
    ///   - options: Loop, timing policy, late policy and speed.
    /// - Returns: The points, each yielded when due.
    public func points<Points: Sequence & Sendable>(
        _ points: Points, options: PlaybackOptions = PlaybackOptions()
    )
        -> PlaybackPoints<Points.Element> where Points.Element: Timestamped & Sendable
    {
        self.points(PointSequence(points), options: options)
    }

    /// Plays an array (or any sequence) of points to the end (see ``run(_:options:handler:)-(S,_,_)``).
    /// - Parameters:
    ///   - points: Points with finite, non-decreasing timestamps (seconds).
    ///   - options: Loop, timing policy, late policy and speed.
    ///   - handler: Called on the playback thread with each point.
    /// - Returns: How the run ended and its lateness statistics.
    /// - Throws: `SignalError` (`alreadyRunning`, `invalidArgument`).
    public func run<Points: Sequence & Sendable>(
        _ points: Points, options: PlaybackOptions = PlaybackOptions(),
        handler: @escaping @Sendable (Points.Element) throws -> Void
    ) async throws -> PlaybackSummary
    where Points.Element: Timestamped & Sendable {
        try await run(PointSequence(points), options: options, handler: handler)
    }
}
