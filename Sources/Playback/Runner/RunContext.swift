import Foundation
import InternalUtilities
import Synchronization

/// Where a run's time comes from: nanoseconds on a timebase, and how to wait for one of them.
///
/// Chosen once per run from the runner's clock (never per point): ``ContinuousClock`` and
/// ``SuspendingClock`` run on `Monotonic` (`CLOCK_MONOTONIC`), a ``ManualClock`` on its own timeline,
/// any other `Clock` through its `sleep(until:)`.
enum Timebase<C: Clock> where C.Duration == Duration {
    /// Nanoseconds on `Monotonic` (absolute).
    case monotonic
    /// A manual clock, nanoseconds from the instant the run started.
    case manual(ManualClock.Storage, ManualClock.Instant)
    /// Any other clock, nanoseconds from the instant the run started.
    case other(C, C.Instant)

    init(clock: C) {
        if let manual = clock as? ManualClock {
            self = .manual(manual.storage, manual.now)
        } else if C.self == ContinuousClock.self || C.self == SuspendingClock.self {
            self = .monotonic
        } else {
            self = .other(clock, clock.now)
        }
    }

    /// The current time on the timebase in nanoseconds.
    @inline(__always)
    func now() -> Int64 {
        switch self {
        case .monotonic: Monotonic.now()
        case .manual(let storage, let start): start.duration(to: storage.withLock { $0.now }).nanoseconds
        case .other(let clock, let start): start.duration(to: clock.now).nanoseconds
        }
    }
}

/// The state of one run (one `start`), shared by the playback thread and the control methods.
///
/// Fields marked "runner lock" are guarded by the owning runner's lock; fields marked "delivery" are
/// written only by the playback thread inside `deliveryLock` and read by `stop()` after it has taken
/// `deliveryLock` (so after the last delivery). Time is kept as a timeline: playback ("media") seconds
/// map to nanoseconds on the timebase through an anchor,
/// `deadline(t) = anchorNanos + (t − anchorMedia) / speed`, computed afresh for every point (never by
/// adding intervals). Pause, resume and a change of speed move the anchor; nothing else does.
// fields guarded by the runner's Mutex and deliveryLock, by convention (see above)
final class RunContext<C: Clock>: @unchecked Sendable where C.Duration == Duration {  // the runner's locks
    let timebase: Timebase<C>
    let options: PlaybackOptions
    let parker = Parker()
    /// Held by the playback thread around each delivery; `stop()` takes it to wait for one in flight.
    let deliveryLock = Mutex(())
    let spinNanos: Int64
    let completion: (@Sendable (PlaybackSummary) -> Void)?
    /// Identity of the playback thread (set before it starts).
    var threadID: ObjectIdentifier?

    // Runner lock.
    var active = true
    var stopRequested = false
    var paused = false
    var anchorNanos: Int64
    var anchorMedia: Double = 0
    var pausedMedia: Double = 0
    var speed: Double
    /// Bumped by every pause, resume, speed change and stop: a waiting thread recomputes its deadline.
    var version: UInt64 = 0
    /// The playback thread's current manual-clock sleeper, cancelled by an interruption.
    var sleeperID: Int?
    var passes = 0
    /// Whether the playback thread has set `t0` (monotonic timebases).
    var originSet = false

    // Delivery (playback thread inside deliveryLock; read by stop() after taking it).
    var histogram = LatenessHistogram()
    var skipped = 0
    var lastLateness: Int64 = 0

    init(timebase: Timebase<C>, options: PlaybackOptions, completion: (@Sendable (PlaybackSummary) -> Void)?) {
        self.timebase = timebase
        self.options = options
        self.completion = completion
        speed = options.speed
        spinNanos = options.timing.spinWindow.nanoseconds
        anchorNanos = timebase.now()
    }

    /// The nanosecond on the timebase at which playback time `media` (seconds) is due (runner lock held).
    @inline(__always)
    func deadline(media: Double) -> Int64 {
        let offset = ((media - anchorMedia) / speed * 1e9).rounded()
        return anchorNanos &+ Int64(min(max(offset, -4e18), 4e18))
    }

    /// The playback time in seconds at nanosecond `nanos` of the timebase (runner lock held).
    func media(at nanos: Int64) -> Double {
        if paused { return pausedMedia }
        return anchorMedia + Double(nanos &- anchorNanos) / 1e9 * speed
    }

    /// Whether the caller is the playback thread.
    var isPlaybackThread: Bool { threadID == ObjectIdentifier(Thread.current) }

    /// The summary of the run so far (delivery fields: call on the playback thread or after taking
    /// `deliveryLock`).
    func summary(_ reason: PlaybackSummary.Reason, error: (any Error)?, passes: Int) -> PlaybackSummary {
        var statistics = histogram.statistics(skipped: skipped)
        statistics.finalDrift = .nanoseconds(lastLateness)
        return PlaybackSummary(reason: reason, error: error, statistics: statistics, passes: passes)
    }

    /// Waits until nanosecond `deadline` of the timebase, or less when interrupted (pause, resume, speed,
    /// stop) or woken spuriously; the caller re-checks the state and the time and calls again.
    ///
    /// - Monotonic: far from the deadline, an interruptible wait on the parker until 1 ms before the
    ///   sleep's end; then `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)` (`mach_wait_until` on Apple
    ///   platforms) to `spinWindow` before the deadline; then a spin on the monotonic clock, bounded by
    ///   `spinWindow`, to the deadline itself.
    /// - Manual: registers a sleeper on the manual clock and parks until the clock reaches it or an
    ///   interruption cancels it (a stray wake-up while it is still registered parks again).
    /// - Other clocks: a task sleeps on the clock and unparks the thread.
    func wait(until deadline: Int64, version: UInt64, runner: Runner<C>) {
        switch timebase {
        case .monotonic:
            let sleepEnd = deadline &- spinNanos
            let now = Monotonic.now()
            if sleepEnd &- now > 2_000_000 {
                parker.park(until: sleepEnd &- 1_000_000)
                return
            }
            if now < sleepEnd { Monotonic.sleep(until: sleepEnd) }
            while Monotonic.now() < deadline {}
        case .manual(let storage, let start):
            let id = storage.nextID()
            let current: Bool = runner.withRunnerLock {
                guard self.version == version, !stopRequested else { return false }
                sleeperID = id
                return true
            }
            guard current else { return }
            storage.addSleeper(id: id, deadline: start.advanced(by: .nanoseconds(deadline)), wake: .parker(parker))
            // A token left by an earlier interruption (a pause's unpark and its sleeper's cancel both
            // leave one) must not end this wait: while the sleeper is registered, nothing has woken it,
            // and leaving would take it off the clock under a test that has just seen it there.
            repeat { parker.park() } while storage.isSleeping(id: id)
            runner.withRunnerLock { sleeperID = nil }
        case .other(let clock, let start):
            let instant = start.advanced(by: .nanoseconds(deadline))
            let parker = self.parker
            let task = Task {
                try? await clock.sleep(until: instant, tolerance: nil)
                parker.unpark()
            }
            parker.park()
            task.cancel()
        }
    }

    /// Wakes the playback thread after a change of state (call with the sleeper taken under the runner lock).
    func interrupt(sleeper: Int?) {
        parker.unpark()
        if let sleeper, case .manual(let storage, _) = timebase { storage.cancelSleeper(id: sleeper) }
    }
}
