import Foundation
import InternalUtilities
import Synchronization

extension Runner {
    /// Plays `source` as an `AsyncSequence` of points, each yielded when it is due.
    ///
    /// ```swift
    /// for await point in runner.points(try motion.points(sampleRate: 100, duration: 5)) {
    ///     fusion.update(point)
    /// }
    /// print(runner.summary!.statistics)
    /// ```
    /// The run starts at once (its `t0` is this call). It ends when the points run out, when
    /// ``stop()`` is called (no point is yielded after `stop()` returns, even one already buffered), or
    /// when the consuming task is cancelled or the sequence and its iterators are gone (a `break` out of
    /// the `for await` loop), which stop the run. Lateness is measured
    /// when a point is handed to the sequence; a consumer slower than the points gets them buffered, in
    /// order. If the run cannot start (already running, a file that cannot be opened) the sequence is
    /// empty and ``summary`` holds the error.
    /// - Parameters:
    ///   - source: The points (see ``start(_:options:handler:completion:)-(S,_,_,_)``).
    ///   - options: Loop, timing policy, late policy and speed.
    /// - Returns: The points, in order.
    public func points<S: PointSource>(
        _ source: S, options: PlaybackOptions = PlaybackOptions()
    ) -> PlaybackPoints<S.Point> {
        let (stream, continuation) = AsyncStream<S.Point>.makeStream(bufferingPolicy: .unbounded)
        do {
            let context = try launch(
                source, options: options,
                handler: { continuation.yield($0) },
                completion: { _ in continuation.finish() })
            continuation.onTermination = { [weak self] termination in
                if case .cancelled = termination { self?.stop(context) }
            }
            let stopper = RunStopper { [weak self] in self?.stop(context) }
            return PlaybackPoints(stream: stream, stopper: stopper) { self.withRunnerLock { context.stopRequested } }
        } catch {
            record(PlaybackSummary(reason: .failed, error: error, statistics: LatenessStatistics(), passes: 0))
            continuation.finish()
            return PlaybackPoints(stream: stream, stopper: RunStopper {}) { true }
        }
    }

    /// Plays `source` to the end and returns how it went; cancelling the task stops the run.
    ///
    /// ```swift
    /// let runner = Runner()
    /// let source = try SampledFunction(interval: 0.001, count: 2000) { t in MotionPoint(timestamp: t) }
    /// let summary = try await runner.run(source, options: PlaybackOptions(timing: .precise)) { _ in }
    /// print(summary.statistics.p99)
    /// ```
    /// - Parameters:
    ///   - source: The points.
    ///   - options: Loop, timing policy, late policy and speed.
    ///   - handler: Called on the playback thread with each point (see ``start(_:options:handler:completion:)-(S,_,_,_)``).
    /// - Returns: The summary: why the run ended, its error, lateness statistics.
    /// - Throws: What ``start(_:options:handler:completion:)-(S,_,_,_)`` throws.
    public func run<S: PointSource>(
        _ source: S, options: PlaybackOptions = PlaybackOptions(),
        handler: @escaping @Sendable (S.Point) throws -> Void
    ) async throws -> PlaybackSummary {
        let box = SummaryBox()
        let context = try launch(source, options: options, handler: handler) { summary in box.set(summary) }
        return await withTaskCancellationHandler {
            await box.value()
        } onCancel: {
            self.stop(context)
        }
    }
}

/// The points of a run as an `AsyncSequence` (see ``Runner/points(_:options:)->PlaybackPoints<S.Point>``).
public struct PlaybackPoints<Point: Sendable>: AsyncSequence, Sendable {
    /// One point per element.
    public typealias Element = Point

    let stream: AsyncStream<Point>
    /// Stops the run when the sequence and its iterators are gone.
    let stopper: RunStopper
    let isStopped: @Sendable () -> Bool

    /// Iterates the points in order; `nil` after the last one or once the run was stopped.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<Point>.Iterator
        let stopper: RunStopper
        let isStopped: @Sendable () -> Bool

        /// The next point, or `nil` at the end of the run.
        public mutating func next() async -> Point? {
            guard let point = await base.next(), !isStopped() else { return nil }
            return point
        }
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), stopper: stopper, isStopped: isStopped)
    }
}

/// A summary handed from the completion to an awaiting task.
final class SummaryBox: Sendable {
    /// The summary once set, and the task waiting for it.
    private let state = Mutex<(summary: PlaybackSummary?, waiter: CheckedContinuation<PlaybackSummary, Never>?)>(
        (nil, nil))

    func set(_ value: PlaybackSummary) {
        let waiter: CheckedContinuation<PlaybackSummary, Never>? = state.withLock { s in
            s.summary = value
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: value)
    }

    func value() async -> PlaybackSummary {
        await withCheckedContinuation { continuation in
            let ready: PlaybackSummary? = state.withLock { s in
                if let summary = s.summary { return summary }
                s.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

/// Stops a run when the last reference to it goes away (the points sequence and its iterators).
final class RunStopper: Sendable {
    private let stop: @Sendable () -> Void

    init(_ stop: @escaping @Sendable () -> Void) { self.stop = stop }

    deinit { stop() }
}
