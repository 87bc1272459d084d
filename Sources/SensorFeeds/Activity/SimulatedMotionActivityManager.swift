import Foundation
import Playback
import Synchronization

/// A `CMMotionActivityManager` that reports what a trajectory's person does instead of classifying the
/// user's motion: the same API, so app code runs unchanged against either (see ``MotionActivityProviding``).
///
/// ```swift
/// let activity = SimulatedMotionActivityManager(source: .signal(trip))
/// activity.startActivityUpdates(to: .main) { update in
///     guard let update else { return }
///     print(update.activities, update.confidence)      // [.walking] medium
/// }
/// ...
/// activity.stopActivityUpdates()                        // no handler runs after this returns
/// ```
///
/// The truth (`TrajectoryPoint.activity`: stationary while paused, else what the vehicle does) is read every
/// ``checkInterval`` seconds of the source and reported as a phone's classifier reports it: a change only
/// once it has lasted a few seconds, back-dated to when it began, with a confidence that rises from `.low`
/// to `.high` (see *Activity* in the SensorFeeds documentation). The first update, at the first check,
/// describes what is already going on, `.high`. Handlers run on the queue given. Updates end with the
/// source; restarting plays it from its beginning. Timed by the manager's clock, so a `ManualClock` makes
/// tests deterministic.
///
/// Sources: `.signal(trajectory)` in process, `.file(directory)` (a render directory, whose `sensors.json`
/// names the vehicle's activity rule), `.server(url)` (a `signals serve` playing a trajectory: the points'
/// `activity` key). `CMMotionActivityHandler` has no error: a source that fails ends the updates, and its
/// error is ``lastError``.
public final class SimulatedMotionActivityManager: MotionActivityProviding, Sendable {
    /// Where the activity comes from.
    public let source: MotionActivitySource
    /// Seconds of the source's timeline between checks of the activity: 0.5.
    public static let checkInterval: TimeInterval = 0.5

    private let updates: TrajectoryUpdates
    private let failure = Mutex<(any Error)?>(nil)

    /// Creates a manager that plays `source` on `clock`: in real time by default (a `ManualClock` makes tests deterministic).
    /// - Parameters:
    ///   - source: A trajectory, its render directory or a server (see ``SensorSource``).
    ///   - clock: The clock that times the updates (default: `ContinuousClock()`, real time).
    ///   - timing: How the playback thread waits (default: sleep without spinning).
    public init<C: Clock>(source: MotionActivitySource, clock: C = ContinuousClock(), timing: TimingPolicy = .efficient)
    where C.Duration == Duration {
        self.source = source
        updates = TrajectoryUpdates(runners: RunnerFactory(clock: clock, timing: timing))
    }

    deinit { updates.stop() }

    /// `true`: every trajectory knows what its person does.
    public static func isActivityAvailable() -> Bool { true }

    /// Whether updates are on.
    public var isActive: Bool { updates.isActive }
    /// Updates dropped because the handler's queue fell more than 1024 calls behind.
    public var droppedUpdates: Int { updates.dropped }
    /// The error that ended the latest updates (a source that cannot be rendered or read; a server's
    /// transient failures too), or `nil`. Cleared by each start.
    public var lastError: (any Error)? { failure.withLock { $0 } }

    /// Starts updates: each change of the reported activity or of its confidence is handed to `handler` on
    /// `queue`. Restarts them when already on.
    /// - Parameters:
    ///   - queue: Where `handler` runs.
    ///   - handler: Receives each ``MotionActivity``.
    public func startActivityUpdates(to queue: OperationQueue, withHandler handler: @escaping MotionActivityHandler) {
        failure.withLock { $0 = nil }
        let tracker = ActivityTracker(epoch: source.epochSeconds)
        updates.start(
            source, interval: Self.checkInterval, queue: queue, transform: { tracker.update($0) },
            deliver: { [weak self] activity, error in
                if let error { self?.failure.withLock { $0 = error } }
                if let activity { handler(activity) }
            })
    }

    /// Stops updates: when this returns, no handler call is running (on another thread) or will run.
    public func stopActivityUpdates() { updates.stop() }

    /// The activity updates between two dates, handed to `handler` once on `queue`: what
    /// ``startActivityUpdates(to:withHandler:)`` would have delivered from the source's start, those made
    /// between `start` and `end` (dates on the source's clock: its epoch is its second 0), preceded by the
    /// one in effect at `start`.
    /// - Parameters:
    ///   - start: The start of the span.
    ///   - end: The end of the span (not before `start`).
    ///   - queue: Where `handler` runs.
    ///   - handler: Receives the updates, or `(nil, error)`: a `SignalError` for an end before the start, a
    ///     date that is not finite, a server source (it has no history) or a source that cannot be read.
    public func queryActivityStarting(
        from start: Date, to end: Date, to queue: OperationQueue,
        withHandler handler: @escaping MotionActivityQueryHandler
    ) {
        let source = self.source
        SourceHistory.answer(on: queue, to: handler) { try Self.query(source, from: start, to: end) }
    }

    /// The updates of `source` between two dates (see ``queryActivityStarting(from:to:to:withHandler:)``).
    static func query(
        _ source: MotionActivitySource, from start: Date, to end: Date
    ) throws(SignalError)
        -> [MotionActivity]
    {
        let history = try SourceHistory(source)
        let (a, b) = try history.seconds(from: start, to: end)
        guard b >= 0 else { return [] }
        // Checks up to the end or the source's last point, whichever is first (the clamp keeps the count in range).
        let last = min(b, history.duration)
        let count = Int((last / checkInterval + 1e-9).rounded(.down)) + 1
        let all = try ActivityClassifier.updates(epoch: history.epoch, interval: checkInterval, count: count) {
            (t: Double) throws(SignalError) in try history.activity(t)
        }
        let before = all.lastIndex { $0.timestamp < a - 1e-9 }
        let inSpan = all.filter { $0.timestamp >= a - 1e-9 && $0.timestamp <= b + 1e-9 }
        return (before.map { [all[$0]] } ?? []) + inSpan
    }
}

/// The ``SensorSource`` of a ``SimulatedMotionActivityManager``.
public typealias MotionActivitySource = SensorSource
