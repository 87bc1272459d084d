import Formats
import Foundation
import Navigation
import Playback
import Signals
import Synchronization

/// A `CMPedometer` that plays a trajectory's steps, distance and floors instead of counting the user's:
/// the same API, so app code runs unchanged against either (see ``PedometerProviding``).
///
/// ```swift
/// let pedometer = SimulatedPedometer(source: .signal(walk))
/// pedometer.startUpdates(from: Date()) { data, error in
///     print(data?.numberOfSteps ?? 0, "steps")
/// }
/// ...
/// pedometer.stopUpdates()                                   // no handler runs after this returns
/// ```
///
/// The source's timeline is read every ``checkInterval`` seconds (the sample due at each tick), and an
/// update is handed over when the step count changed since the last one (the first check always gives
/// one): at most four a second, none while the walker stands still. Counts are the trajectory's from its
/// start, and the dates map the source's seconds onto the date given: `endDate = start + timestamp`.
/// Handlers run on a serial queue of the pedometer's. Updates end with the source; restarting plays the
/// source from its beginning. Timed by the manager's clock, so a `ManualClock` makes tests deterministic.
/// ``queryPedometerData(from:to:withHandler:)`` reads the trajectory's history on its own clock (its epoch).
public final class SimulatedPedometer: PedometerProviding, Sendable {
    /// Where the counts come from.
    public let source: PedometerSource
    /// Seconds of the source's timeline between checks of the step count: 0.25.
    public static let checkInterval: TimeInterval = 0.25

    private let updates: TrajectoryUpdates
    private let events: TrajectoryUpdates
    private let handlerTarget: SendableOperationQueue
    /// The serial queue handlers run on.
    var handlerQueue: OperationQueue { handlerTarget.queue }

    /// Creates a pedometer that plays `source` on `clock`: in real time by default (a `ManualClock` makes tests deterministic).
    /// - Parameters:
    ///   - source: A trajectory (see ``SensorSource``).
    ///   - clock: The clock that times the updates (default: `ContinuousClock()`, real time).
    ///   - timing: How the playback thread waits (default: sleep without spinning).
    public init<C: Clock>(source: PedometerSource, clock: C = ContinuousClock(), timing: TimingPolicy = .efficient)
    where C.Duration == Duration {
        self.source = source
        let runners = RunnerFactory(clock: clock, timing: timing)
        updates = TrajectoryUpdates(runners: runners)
        events = TrajectoryUpdates(runners: runners)
        let handlerQueue = OperationQueue()
        handlerQueue.maxConcurrentOperationCount = 1
        handlerQueue.name = "SensorFeeds.SimulatedPedometer"
        handlerTarget = SendableOperationQueue(queue: handlerQueue)
    }

    deinit {
        updates.stop()
        events.stop()
    }

    /// `true`: every trajectory counts steps.
    public static func isStepCountingAvailable() -> Bool { true }
    /// `true`: every trajectory gives distance (m).
    public static func isDistanceAvailable() -> Bool { true }
    /// `true`: every trajectory counts floors (3 m each).
    public static func isFloorCountingAvailable() -> Bool { true }
    /// `true`: every trajectory gives cadence (steps/s).
    public static func isCadenceAvailable() -> Bool { true }
    /// `true`: every trajectory gives pace (s/m).
    public static func isPaceAvailable() -> Bool { true }

    /// Whether updates are on.
    public var isActive: Bool { updates.isActive }
    /// Updates dropped because the handler's queue fell more than 1024 calls behind.
    public var droppedUpdates: Int { updates.dropped }

    /// Starts updates: each change of the step count (checked every ``checkInterval`` seconds of the
    /// source) is handed to `handler` on the pedometer's serial queue. An error (a source the trajectory
    /// cannot render) is handed as `(nil, error)` and ends the updates. Restarts them when already on.
    /// - Parameters:
    ///   - start: The date the source's second 0 maps to (``PedometerData/startDate``).
    ///   - handler: Receives each ``PedometerData``.
    public func startUpdates(from start: Date, withHandler handler: @escaping PedometerHandler) {
        let counter = PedometerDataTracker(start: start, interval: Self.checkInterval)
        updates.start(
            source, interval: Self.checkInterval, queue: handlerQueue, transform: { counter.update($0) },
            deliver: handler)
    }

    /// Stops updates: when this returns, no handler call is running (on another thread) or will run.
    public func stopUpdates() { updates.stop() }

    /// `true`: every source gives pause and resume events.
    public static func isPedometerEventTrackingAvailable() -> Bool { true }

    /// Whether events are on.
    public var isEventTrackingActive: Bool { events.isActive }

    /// Starts pause and resume events, handed to `handler` on the pedometer's serial queue.
    ///
    /// The source is checked every ``checkInterval`` seconds: the walker moves when the distance grew by
    /// more than 1 mm since the last check. The source starts at rest, so the first check that moves gives a
    /// ``PedometerEventType/resume``; each stop after moving (a waypoint's `pause`; the arrival, at the last check) gives a
    /// ``PedometerEventType/pause``, each start after it a `resume`. An event's date is the check's second on
    /// the source's own clock, as ``queryPedometerData(from:to:withHandler:)`` reads it: the trajectory's epoch
    /// plus the seconds (a render directory's `sensors.json` epoch; the Unix epoch without one).
    /// - Parameter handler: Receives each ``PedometerEvent``, or `(nil, error)` that ends them.
    public func startEventUpdates(handler: @escaping PedometerEventHandler) {
        let detector = MotionDetector(epoch: source.epochSeconds)
        events.start(
            source, interval: Self.checkInterval, queue: handlerQueue, transform: { detector.update($0) },
            atEnd: { detector.end() }, deliver: handler)
    }

    /// Stops events: when this returns, no handler call is running (on another thread) or will run.
    public func stopEventUpdates() { events.stop() }

    /// The counts between two dates, handed to `handler` once on the pedometer's serial queue.
    ///
    /// Dates are on the trajectory's own clock: its `epoch` (`Trajectory.epochSeconds`) is the source's
    /// second 0, and each date takes the source's sample at or before it, clamped to the source's span
    /// (before the epoch counts as its start; after the end as the end). The counts are the truth's
    /// differences: steps, distance (m) and floors between the two samples. `averageActivePace` is the
    /// span's seconds per metre of distance (`nil` without distance); `currentPace` and `currentCadence`
    /// are `nil`, as CoreMotion's are for a query.
    /// ```swift
    /// let epoch = Date(timeIntervalSince1970: walk.epochSeconds)
    /// pedometer.queryPedometerData(from: epoch, to: epoch + 60) { data, _ in print(data?.numberOfSteps ?? 0) }
    /// ```
    /// - Parameters:
    ///   - start: The start of the span.
    ///   - end: The end of the span (not before `start`).
    ///   - handler: Receives the ``PedometerData``, or `(nil, error)`: a `SignalError` for an end before the
    ///     start, a date that is not finite, or a source the trajectory cannot render.
    public func queryPedometerData(from start: Date, to end: Date, withHandler handler: @escaping PedometerHandler) {
        let source = self.source
        SourceHistory.answer(on: handlerQueue, to: handler) { try Self.query(source, from: start, to: end) }
    }

    /// The counts of `source` between two dates on the trajectory's clock (see ``queryPedometerData(from:to:withHandler:)``).
    static func query(_ source: PedometerSource, from start: Date, to end: Date) throws(SignalError) -> PedometerData {
        let history = try SourceHistory(source)
        let (a, b) = try history.seconds(from: start, to: end)
        let first = try history.point(a)
        let last = try history.point(b)
        let distance = last.distance - first.distance
        let span = last.timestamp - first.timestamp
        return PedometerData(
            startDate: start, endDate: end, numberOfSteps: NSNumber(value: last.steps - first.steps),
            distance: NSNumber(value: distance),
            floorsAscended: NSNumber(value: last.floorsAscended - first.floorsAscended),
            floorsDescended: NSNumber(value: last.floorsDescended - first.floorsDescended),
            averageActivePace: distance > 0 ? NSNumber(value: span / distance) : nil)
    }
}

/// Turns the points of one start into pedometer updates: only on a change of the step count.
final class PedometerDataTracker: Sendable {
    private struct State {
        var lastSteps: Int?
        var lastDistance: Double?
        /// Seconds during which the distance grew.
        var activeTime = 0.0
    }

    private let state = Mutex(State())
    private let start: Date
    private let interval: Double

    init(start: Date, interval: Double) {
        self.start = start
        self.interval = interval
    }

    func update(_ point: TrajectoryPoint) -> PedometerData? {
        state.withLock { s in
            let step = s.lastDistance.map { point.distance - $0 } ?? 0
            s.lastDistance = point.distance
            if step > 0 { s.activeTime += interval }
            guard s.lastSteps != point.steps else { return nil }
            s.lastSteps = point.steps
            let activeTime = s.activeTime
            return PedometerData(
                startDate: start, endDate: start.addingTimeInterval(point.timestamp),
                numberOfSteps: NSNumber(value: point.steps), distance: NSNumber(value: point.distance),
                floorsAscended: NSNumber(value: point.floorsAscended),
                floorsDescended: NSNumber(value: point.floorsDescended),
                currentPace: step > 0 ? NSNumber(value: interval / step) : nil,
                currentCadence: NSNumber(value: point.cadence),
                averageActivePace: point.distance > 0 && activeTime > 0
                    ? NSNumber(value: activeTime / point.distance) : nil)
        }
    }
}

/// Turns the points of one start into pause and resume events: moving is a distance grown by > 1 mm
/// since the previous check.
final class MotionDetector: Sendable {
    private struct State {
        var lastDistance: Double?
        var lastTime = 0.0
        var moving = false
    }

    private let state = Mutex(State())
    private let epoch: Double

    init(epoch: Double) { self.epoch = epoch }

    /// The source ended: a walker still moving at its last check stops there (the arrival).
    func end() -> PedometerEvent? {
        state.withLock { s in
            guard s.moving else { return nil }
            s.moving = false
            return PedometerEvent(date: Date(timeIntervalSince1970: epoch + s.lastTime), type: .pause)
        }
    }

    func update(_ point: TrajectoryPoint) -> PedometerEvent? {
        state.withLock { s in
            defer {
                s.lastDistance = point.distance
                s.lastTime = point.timestamp
            }
            guard let last = s.lastDistance else { return nil }
            let now = point.distance - last > 0.001
            guard now != s.moving else { return nil }
            s.moving = now
            return PedometerEvent(
                date: Date(timeIntervalSince1970: epoch + point.timestamp), type: now ? .resume : .pause)
        }
    }
}
