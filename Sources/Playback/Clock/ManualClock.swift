import InternalUtilities
import Synchronization

/// A clock that moves only when told to: a whole playback runs deterministically and instantly in tests.
///
/// Like swift-clocks' `TestClock`, time stands still until ``advance(by:)`` or ``advance(to:)``; every
/// sleeper (a ``Runner`` waiting for a deadline, or a task in ``sleep(until:tolerance:)``) whose deadline
/// has come is woken. ``waitForSleepers(_:)`` suspends until a sleeper has started waiting, which is the
/// handshake that makes a test deterministic: when it returns, the runner has delivered everything due
/// and is waiting for the next deadline (``sleeperDeadlines`` says which).
///
/// With `autoAdvance: true` the clock jumps to each deadline as soon as someone sleeps on it, like
/// swift-clocks' `ImmediateClock`: a playback runs to the end at once, and a handler can simulate being
/// slow by advancing the clock itself.
///
/// ```swift
/// let clock = ManualClock()
/// let runner = Runner(clock: clock)
/// try runner.start(PointSequence(points)) { delivered.append($0) }
/// await clock.waitForSleepers()      // point 0 delivered, waiting for point 1
/// clock.advance(by: .seconds(1))     // point 1 comes due
/// ```
///
/// Copies of a `ManualClock` share one timeline.
public struct ManualClock: Clock, Sendable {
    /// A time on a manual clock: the duration since its zero.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// Time since the clock's zero.
        public var offset: Duration

        /// Creates an instant.
        /// - Parameter offset: Time since the clock's zero.
        public init(offset: Duration = .zero) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Earlier instants are smaller.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let storage: Storage

    /// Creates a clock.
    /// - Parameters:
    ///   - now: The starting time (default zero).
    ///   - autoAdvance: Jump to every deadline as soon as something sleeps on it (default `false`).
    public init(now: Instant = Instant(), autoAdvance: Bool = false) {
        storage = Storage(now: now, autoAdvance: autoAdvance)
    }

    /// The current time.
    public var now: Instant { storage.withLock { $0.now } }

    /// Zero: any duration can be represented.
    public var minimumResolution: Duration { .zero }

    /// Whether the clock jumps to deadlines by itself.
    public var autoAdvance: Bool { storage.autoAdvance }

    /// Suspends until the clock reaches `deadline` (at once if it already has; with `autoAdvance`, the
    /// clock jumps there).
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = storage.nextID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                storage.addSleeper(id: id, deadline: deadline, wake: .continuation(continuation))
            }
        } onCancel: {
            storage.cancelSleeper(id: id)
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come, earliest first.
    /// - Parameter duration: How far (negative durations are ignored).
    public func advance(by duration: Duration = .zero) {
        storage.advance { now in now.advanced(by: max(duration, .zero)) }
    }

    /// Moves time to `instant` (if it is later) and wakes every sleeper whose deadline has come.
    /// - Parameter instant: The new time.
    public func advance(to instant: Instant) {
        storage.advance { now in max(now, instant) }
    }

    /// The deadlines of everything sleeping on the clock, earliest first.
    public var sleeperDeadlines: [Instant] { storage.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

    /// Suspends until at least `count` sleepers are waiting on the clock.
    ///
    /// When it returns for a ``Runner``, the runner has delivered every point due at ``now`` and waits for
    /// the next deadline. Never returns if nothing ever sleeps (for example after the run ended).
    /// - Parameter count: How many sleepers to wait for (default 1).
    public func waitForSleepers(_ count: Int = 1) async {
        _ = await storage.waitForSleepers(count, timeout: nil)
    }

    /// Suspends until at least `count` sleepers are waiting on the clock, or until `timeout` has passed on
    /// the machine's continuous clock, whichever comes first: a test that waits this way fails instead of
    /// hanging when the run it drives has stopped.
    /// - Parameters:
    ///   - count: How many sleepers to wait for (default 1).
    ///   - timeout: The longest real time to wait (seconds of `ContinuousClock`, not of this clock).
    /// - Returns: `true` when the sleepers came, `false` when the time ran out first.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, timeout: Duration) async -> Bool {
        await storage.waitForSleepers(count, timeout: timeout)
    }
}

extension ManualClock {
    /// How a sleeper is woken.
    enum Wake: Sendable {
        case continuation(CheckedContinuation<Void, any Error>)
        case parker(Parker)

        func resume() {
            switch self {
            case .continuation(let c): c.resume()
            case .parker(let p): p.unpark()
            }
        }

        func cancel() {
            switch self {
            case .continuation(let c): c.resume(throwing: CancellationError())
            case .parker(let p): p.unpark()
            }
        }
    }

    struct Sleeper: Sendable {
        var deadline: Instant
        var wake: Wake
    }

    struct State {
        var now: Instant
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
        /// Sleepers registered so far (a counter, for handshakes).
        var registrations = 0
        /// Tasks in ``waitForSleepers(_:timeout:)``, by id: how many sleepers each waits for.
        var countWaiters: [Int: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
        /// Sleepers cancelled, and count waiters timed out, before they registered.
        var cancelled: Set<Int> = []
    }

    /// The shared timeline of a manual clock and its copies.
    final class Storage: Sendable {
        private let state: Mutex<State>
        let autoAdvance: Bool

        init(now: Instant, autoAdvance: Bool) {
            state = Mutex(State(now: now))
            self.autoAdvance = autoAdvance
        }

        func withLock<R: Sendable>(_ body: (inout State) -> R) -> R {
            state.withLock { body(&$0) }
        }

        func nextID() -> Int {
            withLock { s in
                s.nextID += 1
                return s.nextID
            }
        }

        /// Registers a sleeper, or wakes it at once when its deadline has come (or the clock auto-advances
        /// to it), or cancels it when it was cancelled before registering.
        /// - Returns: `true` when the sleeper was woken (or cancelled) at once.
        @discardableResult
        func addSleeper(id: Int, deadline: Instant, wake: Wake) -> Bool {
            enum Action { case resume, cancel, wait }
            var ready: [CheckedContinuation<Bool, Never>] = []
            let action: Action = withLock { s in
                if s.cancelled.remove(id) != nil { return .cancel }
                if deadline <= s.now { return .resume }
                if autoAdvance {
                    s.now = deadline
                    return .resume
                }
                s.sleepers[id] = Sleeper(deadline: deadline, wake: wake)
                s.registrations += 1
                let count = s.sleepers.count
                let met = s.countWaiters.filter { $0.value.count <= count }
                ready = met.values.map(\.continuation)
                for id in met.keys { s.countWaiters.removeValue(forKey: id) }
                return .wait
            }
            for c in ready { c.resume(returning: true) }
            switch action {
            case .resume: wake.resume()
            case .cancel: wake.cancel()
            case .wait: return false
            }
            return true
        }

        /// Whether sleeper `id` is still registered (neither woken by the clock nor cancelled).
        func isSleeping(id: Int) -> Bool {
            withLock { s in s.sleepers[id] != nil }
        }

        /// Removes a sleeper and wakes it with a cancellation (or remembers the cancellation until it registers).
        func cancelSleeper(id: Int) {
            let sleeper: Sleeper? = withLock { s in
                guard let sleeper = s.sleepers.removeValue(forKey: id) else {
                    s.cancelled.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.wake.cancel()
        }

        func advance(_ newTime: (Instant) -> Instant) {
            let due: [Sleeper] = withLock { s in
                s.now = newTime(s.now)
                let now = s.now
                let ids = s.sleepers.filter { $0.value.deadline <= now }.sorted {
                    $0.value.deadline < $1.value.deadline
                }
                return ids.map { s.sleepers.removeValue(forKey: $0.key)! }
            }
            for sleeper in due { sleeper.wake.resume() }
        }

        func waitForSleepers(_ count: Int, timeout: Duration?) async -> Bool {
            let id = nextID()
            let timer = timeout.map { timeout in
                Task { [self] in
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled else { return }
                    // Not registered yet: `cancelled` tells the registration that the time has run out.
                    let waiter = withLock { s in
                        let waiter = s.countWaiters.removeValue(forKey: id)
                        if waiter == nil { s.cancelled.insert(id) }
                        return waiter
                    }
                    waiter?.continuation.resume(returning: false)
                }
            }
            defer { timer?.cancel() }
            return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let outcome: Bool? = withLock { s in
                    if s.sleepers.count >= count { return true }
                    if s.cancelled.remove(id) != nil { return false }
                    s.countWaiters[id] = (count, continuation)
                    return nil
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        }
    }
}
