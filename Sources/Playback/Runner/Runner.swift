import Foundation
import InternalUtilities
import Signals
import Synchronization

/// Plays timestamped points in real time: each point is handed to a handler (or an `AsyncSequence`) when
/// its time comes, exactly once and in order, as CoreMotion would deliver device-motion updates.
///
/// ```swift
/// let points = (0 ..< 100).map { MotionPoint(timestamp: Double($0) / 10) }   // 0.0, 0.1, … 9.9 s
/// let runner = Runner()
/// try runner.start(PointSequence(points)) { point in
///     print(point.timestamp, point.userAcceleration)
/// } completion: { summary in
///     print(summary)                                   // finished: delivered 100, skipped 0, lateness …
/// }
/// // later, from any thread:
/// runner.stop()
/// ```
///
/// Deadlines are absolute: point `p` is due at `t0 + p.timestamp / speed` on a monotonic clock, where
/// `t0` is the instant playback begins on its thread, right after `start` (on a manual or other
/// injected clock: the clock's `now` at `start`); they are computed from `t0` for every point, never by adding
/// intervals, so there is no drift over hours. Each run has a dedicated thread that sleeps to each
/// deadline as ``TimingPolicy`` says (`clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)` then a short
/// bounded spin on Linux, `mach_wait_until` on Apple platforms).
///
/// The clock is injectable: a `Runner(clock: ManualClock())` plays a whole run deterministically, only
/// as far as the test advances the clock. `ContinuousClock` and `SuspendingClock` (the default)
/// mean the real monotonic clock.
///
/// All methods are safe to call from any thread, including from inside the handler. ``stop()`` takes
/// effect at once: when it returns no delivery is in flight (unless `stop()` was called by the handler
/// itself) and none will follow, and the completion has run. A stopped or finished runner can be
/// started again. A `Runner` is a class because a running playback has identity: a thread and a clock.
public final class Runner<C: Clock>: Sendable where C.Duration == Duration {
    /// The clock that times the runs.
    public let clock: C

    /// The runner lock: the current run and the last summary, and (by convention, see ``RunContext``) the
    /// current run's control fields.
    private let state = Mutex<(current: RunContext<C>?, last: PlaybackSummary?)>((nil, nil))

    /// Creates a runner on a clock.
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let runner = Runner(clock: clock)        // tests: time moves only with clock.advance(by:)
    /// ```
    /// - Parameter clock: `ContinuousClock` or `SuspendingClock` for real time (both use the
    ///   monotonic clock), ``ManualClock`` for tests, or any `Clock` whose duration is `Duration`.
    public init(clock: C) {
        self.clock = clock
    }

    /// Whether a run is in progress (started, not yet finished or stopped; paused counts as running).
    public var isRunning: Bool { state.withLock { $0.current != nil } }

    /// Whether the current run is paused.
    public var isPaused: Bool { state.withLock { $0.current?.paused ?? false } }

    /// The speed of the current run (1 when idle): 2 is twice as fast.
    public var speed: Double { state.withLock { $0.current?.speed ?? 1 } }

    /// How the last run ended (`nil` before the first run has ended): reason, error, lateness statistics.
    public var summary: PlaybackSummary? { state.withLock { $0.last } }

    /// Lateness of the current run so far, as its summary will report it (`nil` when idle).
    ///
    /// ```swift
    /// if let s = runner.statistics { print(s.p99) }   // while playing
    /// ```
    /// Safe from any thread, including the handler. It waits for a delivery in flight and computes the
    /// percentiles (a few µs), so call it at a human rate (a status page), not per point.
    public var statistics: LatenessStatistics? {
        guard let context = state.withLock({ $0.current }) else { return nil }
        if context.isPlaybackThread { return context.histogram.statistics(skipped: context.skipped) }
        return context.deliveryLock.withLock { _ in context.histogram.statistics(skipped: context.skipped) }
    }

    /// The instant, in nanoseconds of `CLOCK_MONOTONIC`, at which playback time zero is due at the current
    /// speed: point `p` is due at `origin + p.timestamp / speed`. `nil` when idle, paused, not yet started
    /// on its thread, or on a clock other than ``ContinuousClock`` or ``SuspendingClock``. Benchmarks read
    /// it to measure deadline-to-receipt latency in another process.
    package var monotonicOrigin: Int64? {
        state.withLock {
            guard let context = $0.current, !context.paused, case .monotonic = context.timebase,
                context.originSet
            else { return nil }
            return context.deadline(media: 0)
        }
    }

    /// Runs `body` under the runner lock, for the fields of a ``RunContext`` it guards.
    func withRunnerLock<R: Sendable>(_ body: () -> R) -> R { state.withLock { _ in body() } }

    /// Records the summary of a run that could not start.
    func record(_ summary: PlaybackSummary) { state.withLock { $0.last = summary } }

    /// Starts playing `source` on a new playback thread; `handler` gets each point when it is due.
    ///
    /// ```swift
    /// try runner.start(PointSequence(points), options: PlaybackOptions(speed: 2)) { p in use(p) }
    /// ```
    /// - Parameters:
    ///   - source: The points: ``PointSequence``, ``SampledFunction``, ``SignalPoints``, ``BufferPoints``,
    ///     ``PointFile``, or any ``PointSource``.
    ///   - options: Loop, timing policy, late policy and speed.
    ///   - handler: Called on the playback thread with each point, in order, exactly once (unless skipped
    ///     by ``LatePolicy/skipToPresent``). A handler that throws ends the run (``PlaybackSummary/Reason/failed``);
    ///     a slow handler makes later points late (see ``LatePolicy``).
    ///   - completion: Called exactly once when the run ends: on the playback thread when it finishes or
    ///     fails, on the thread calling ``stop()`` (before `stop()` returns) when stopped.
    /// - Throws: `SignalError` (`alreadyRunning`, `invalidArgument` for a speed that is not finite
    ///   and > 0), or what opening the source throws (`SignalError` for a point file).
    public func start<S: PointSource>(
        _ source: S, options: PlaybackOptions = PlaybackOptions(),
        handler: @escaping @Sendable (S.Point) throws -> Void,
        completion: (@Sendable (PlaybackSummary) -> Void)? = nil
    ) throws {
        _ = try launch(source, options: options, handler: handler, completion: completion)
    }

    /// Starts a run and returns its context.
    @discardableResult
    func launch<S: PointSource>(
        _ source: S, options: PlaybackOptions,
        handler: @escaping @Sendable (S.Point) throws -> Void,
        completion: (@Sendable (PlaybackSummary) -> Void)?
    ) throws -> RunContext<C> {
        guard options.speed.isFinite, options.speed > 0 else {
            throw SignalError(.invalidArgument, "speed must be a finite number > 0, got \(options.speed)")
        }
        let cursor = try source.makeCursor()
        let context: RunContext<C> = try state.withLock { (s) throws(SignalError) -> RunContext<C> in
            guard s.current == nil else {
                throw SignalError(.alreadyRunning, "the runner is already playing; stop() it before starting again")
            }
            let context = RunContext<C>(timebase: Timebase(clock: clock), options: options, completion: completion)
            context.passes = 1
            s.current = context
            return context
        }
        // The cursor moves to the playback thread, which alone uses it from now on.
        let transfer = Transfer(PassReader(source: source, cursor: cursor))
        let thread = Thread { [self] in
            var reader = transfer.value
            play(&reader, context, handler)
        }
        thread.name = "SignalRunner.Runner"
        thread.qualityOfService = .userInteractive
        thread.stackSize = 1 << 20
        context.threadID = ObjectIdentifier(thread)
        thread.start()
        return context
    }

    /// Stops the current run at once: no point is delivered after `stop()` returns, and the completion
    /// has been called (once). Does nothing when no run is in progress. Safe from any thread and from the
    /// handler (which then finishes its current call; no further one follows).
    ///
    /// Called from another thread while the handler runs, `stop()` waits for that call to return, so do
    /// not call it while holding something the handler waits for.
    public func stop() {
        let context: RunContext<C>? = state.withLock { $0.current }
        if let context { stop(context) }
    }

    /// Stops `context` if it is still the current run.
    func stop(_ context: RunContext<C>) {
        let sleeper: Int?? = state.withLock { s in
            guard context.active, s.current === context else { return nil }
            s.current = nil
            context.active = false
            context.stopRequested = true
            context.version &+= 1
            return .some(context.sleeperID)
        }
        guard case .some(let sleeper) = sleeper else { return }
        context.interrupt(sleeper: sleeper)
        if !context.isPlaybackThread {
            // Wait for a delivery in flight; every later one sees `stopRequested` and does not happen.
            context.deliveryLock.withLock { _ in }
        }
        let summary = context.summary(.stopped, error: nil, passes: withRunnerLock { context.passes })
        state.withLock { $0.last = summary }
        context.completion?(summary)
    }

    /// Pauses the current run: playback time stops (no point comes due) until ``resume()``.
    /// A delivery already in flight completes. Does nothing when idle or already paused.
    public func pause() {
        let paused: (RunContext<C>, Int?)? = state.withLock {
            guard let context = $0.current, !context.paused else { return nil }
            let now = context.timebase.now()
            context.pausedMedia = context.media(at: now)
            context.paused = true
            context.version &+= 1
            return (context, context.sleeperID)
        }
        if let (context, sleeper) = paused { context.interrupt(sleeper: sleeper) }
    }

    /// Resumes a paused run where it stopped: the next point is due after the time it still had to wait
    /// when paused. Does nothing when not paused.
    public func resume() {
        let context: RunContext<C>? = state.withLock {
            guard let context = $0.current, context.paused else { return nil }
            context.anchorNanos = context.timebase.now()
            context.anchorMedia = context.pausedMedia
            context.paused = false
            context.version &+= 1
            return context
        }
        context?.interrupt(sleeper: nil)
    }

    /// Changes the speed of the current run from now on (points already due stay due).
    ///
    /// ```swift
    /// try runner.setSpeed(0.5)   // half speed
    /// ```
    /// - Parameter speed: Speed factor, finite and > 0.
    /// - Throws: `SignalError` (`invalidArgument`) for a speed that is not finite and > 0.
    public func setSpeed(_ speed: Double) throws(SignalError) {
        guard speed.isFinite, speed > 0 else {
            throw SignalError(.invalidArgument, "speed must be a finite number > 0, got \(speed)")
        }
        let sleeper: (RunContext<C>, Int?)? = state.withLock {
            guard let context = $0.current else { return nil }
            let now = context.timebase.now()
            if !context.paused {
                context.anchorMedia = context.media(at: now)
                context.anchorNanos = now
            }
            context.speed = speed
            context.version &+= 1
            return (context, context.sleeperID)
        }
        if let (context, id) = sleeper { context.interrupt(sleeper: id) }
    }

    // MARK: - The play loop (playback thread)

    private enum Outcome {
        case finished
        case stopped
        case failed(any Error)
    }

    /// What the playback thread does next while waiting for a point.
    private enum Step {
        case stopped
        case paused
        case due(deadline: Int64, version: UInt64)
    }

    /// What became of one point at its delivery.
    private enum Delivery {
        case stopped
        case notDue
        case delivered
        case failed(any Error)
    }

    /// Waits until `media` is due. Returns its deadline, or `nil` when the run was stopped.
    @inline(__always)
    private func waitUntilDue(_ media: Double, _ context: RunContext<C>) -> Int64? {
        while true {
            let step: Step = withRunnerLock {
                if context.stopRequested { return .stopped }
                if context.paused { return .paused }
                return .due(deadline: context.deadline(media: media), version: context.version)
            }
            switch step {
            case .stopped:
                return nil
            case .paused:
                context.parker.park()
            case .due(let deadline, let version):
                if context.timebase.now() >= deadline { return deadline }
                context.wait(until: deadline, version: version, runner: self)
            }
        }
    }

    private func play<S: PointSource>(
        _ reader: inout PassReader<S>, _ context: RunContext<C>,
        _ handler: @Sendable (S.Point) throws -> Void
    ) {
        let outcome = loop(&reader, context, handler)
        let summary: PlaybackSummary? = state.withLock { s in
            guard context.active else { return nil }  // stopped: stop() reports.
            context.active = false
            if s.current === context { s.current = nil }
            let summary: PlaybackSummary
            switch outcome {
            case .finished, .stopped: summary = context.summary(.finished, error: nil, passes: context.passes)
            case .failed(let error): summary = context.summary(.failed, error: error, passes: context.passes)
            }
            s.last = summary
            return summary
        }
        if let summary { context.completion?(summary) }
    }

    private func loop<S: PointSource>(
        _ reader: inout PassReader<S>, _ context: RunContext<C>,
        _ handler: @Sendable (S.Point) throws -> Void
    ) -> Outcome {
        let skipping = context.options.latePolicy == .skipToPresent
        let loops = context.options.loop
        var current: (point: S.Point, media: Double)?
        do {
            current = try reader.next(loop: loops, context: context, runner: self)
        } catch {
            return .failed(error)
        }
        if current == nil { withRunnerLock { context.passes = 0 } }
        if case .monotonic = context.timebase {
            Monotonic.prepareThread()
            // t0 is the instant playback begins on its thread with the first point ready (not the
            // thread's start-up or the first render before it), unless a control call moved the anchor.
            withRunnerLock {
                if context.version == 0 { context.anchorNanos = Monotonic.now() }
                context.originSet = true
            }
        }
        // Skipping looks one point ahead, fetched before waiting so that a render or a file read never
        // delays a due point.
        var next: (point: S.Point, media: Double)?
        var haveNext = false
        var pendingError: (any Error)?
        while let (point, media) = current {
            if skipping, !haveNext, pendingError == nil {
                do {
                    next = try reader.next(loop: loops, context: context, runner: self)
                } catch {
                    pendingError = error
                }
                haveNext = true
            }
            guard waitUntilDue(media, context) != nil else { return .stopped }
            if skipping, let upcoming = next {
                let upcomingDeadline = withRunnerLock { context.deadline(media: upcoming.media) }
                if context.timebase.now() >= upcomingDeadline {
                    context.deliveryLock.withLock { _ in context.skipped += 1 }
                    current = upcoming
                    next = nil
                    haveNext = false
                    continue
                }
            }
            // Deliver, unless stopped or paused meanwhile (or slowed down so that it is not due yet).
            // The delivery lock is held across the handler call: stop() waits for it.
            let delivery: Delivery = context.deliveryLock.withLock { _ in
                let check: (due: Bool, deadline: Int64, now: Int64)? = withRunnerLock {
                    if context.stopRequested { return nil }
                    let deadline = context.deadline(media: media)
                    let now = context.timebase.now()
                    return (!context.paused && now >= deadline, deadline, now)
                }
                guard let check else { return .stopped }
                guard check.due else { return .notDue }
                let lateness = check.now &- check.deadline
                context.histogram.record(nanoseconds: lateness)
                context.lastLateness = lateness
                do {
                    try handler(point)
                } catch {
                    return .failed(error)
                }
                return .delivered
            }
            switch delivery {
            case .stopped: return .stopped
            case .notDue: continue
            case .failed(let error): return .failed(error)
            case .delivered: break
            }
            if skipping {
                if let pendingError { return .failed(pendingError) }
                current = next
                next = nil
                haveNext = false
            } else {
                do {
                    current = try reader.next(loop: loops, context: context, runner: self)
                } catch {
                    return .failed(error)
                }
            }
        }
        return .finished
    }
}

extension Runner where C == ContinuousClock {
    /// A runner on the real monotonic clock.
    ///
    /// ```swift
    /// let runner = Runner()
    /// ```
    public convenience init() {
        self.init(clock: ContinuousClock())
    }
}

/// Reads the points of a source pass after pass (when looping), checking their times, with the
/// playback time of each: `pass · loopPeriod + time`, computed from the pass number (never accumulated).
struct PassReader<S: PointSource> {
    let source: S
    var cursor: S.Cursor
    var pass = 0
    var indexInPass = 0
    var index = 0
    var lastTime = -Double.infinity
    var previousTime = -Double.infinity
    var period: Double?

    init(source: S, cursor: S.Cursor) {
        self.source = source
        self.cursor = cursor
        period = source.loopPeriod
    }

    mutating func next<C>(
        loop: Bool, context: RunContext<C>, runner: Runner<C>
    ) throws -> (point: S.Point, media: Double)? {
        while true {
            if let (point, time) = try cursor.next() {
                guard time.isFinite else {
                    throw SignalError(
                        .nonFinite, "timestamp must be a finite number of seconds, got \(time)", index: index)
                }
                guard time >= lastTime else {
                    throw SignalError(
                        .invalidTime,
                        "timestamp \(time) s is before the previous point's \(lastTime) s; timestamps must not decrease",
                        index: index)
                }
                previousTime = lastTime
                lastTime = time
                indexInPass += 1
                index += 1
                return (point, pass == 0 ? time : Double(pass) * (period ?? 0) + time)
            }
            guard loop, indexInPass > 0 else { return nil }
            if period == nil {
                let gap = previousTime.isFinite ? lastTime - previousTime : 0
                period = lastTime + gap
            }
            guard let period, period.isFinite, period > 0 else {
                throw SignalError(
                    .invalidArgument,
                    "cannot loop: one pass lasts \(period ?? 0) s; give the source a loop period > 0")
            }
            cursor = try source.makeCursor()
            pass += 1
            indexInPass = 0
            index = 0
            lastTime = -.infinity
            previousTime = -.infinity
            let passes = pass + 1
            runner.withRunnerLock { context.passes = passes }
        }
    }
}

/// Hands a value that is not `Sendable` to another thread that alone uses it from then on.
// Value is not Sendable; the sender gives up every reference (the compiler cannot see it)
struct Transfer<Value>: @unchecked Sendable {  // the sender gives up every reference
    let value: Value
    init(_ value: Value) { self.value = value }
}
