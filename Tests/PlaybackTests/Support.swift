import Foundation

@testable import Playback

/// Values collected from the playback thread, read by the test (locked).
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
    var count: Int { lock.withLock { storage.count } }
}

/// Completions of runs, awaited by the test.
final class Completions: @unchecked Sendable {
    private let lock = NSLock()
    private var summaries: [PlaybackSummary] = []
    private var waiters: [CheckedContinuation<PlaybackSummary, Never>] = []

    var handler: @Sendable (PlaybackSummary) -> Void { { self.record($0) } }

    func record(_ summary: PlaybackSummary) {
        let ready: [CheckedContinuation<PlaybackSummary, Never>] = lock.withLock {
            summaries.append(summary)
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in ready { waiter.resume(returning: summary) }
    }

    var count: Int { lock.withLock { summaries.count } }
    var all: [PlaybackSummary] { lock.withLock { summaries } }

    /// The first completion (waits for it).
    func first() async -> PlaybackSummary {
        await withCheckedContinuation { continuation in
            let done: PlaybackSummary? = lock.withLock {
                if let first = summaries.first { return first }
                waiters.append(continuation)
                return nil
            }
            if let done { continuation.resume(returning: done) }
        }
    }
}

/// Points `0, step, 2·step, …` (seconds).
func ticks(_ count: Int, step: Double = 0.1) -> [MotionPoint] {
    (0..<count).map {
        MotionPoint(timestamp: Double($0) * step, userAcceleration: Acceleration(x: Double($0), y: 0, z: 0))
    }
}

/// A runner on a manual clock that only the test advances.
func manualRunner() -> (ManualClock, Runner<ManualClock>) {
    let clock = ManualClock()
    return (clock, Runner(clock: clock))
}

/// A runner on a manual clock started over `points`, recording the timestamps it delivers and its
/// completions; returns once point 0 is delivered (the runner then waits for point 1).
func startedRunner(
    _ points: [MotionPoint]
) async throws -> (ManualClock, Runner<ManualClock>, Recorder<Double>, Completions) {
    let (clock, runner) = manualRunner()
    let seen = Recorder<Double>()
    let done = Completions()
    try runner.start(points) {
        seen.append($0.timestamp)
    } completion: {
        done.record($0)
    }
    try await clock.awaitSleepers()
    return (clock, runner, seen, done)
}

extension ManualClock.Instant {
    /// An instant `seconds` after zero.
    static func at(_ seconds: Double) -> ManualClock.Instant { ManualClock.Instant(offset: .seconds(seconds)) }
}

struct Boom: Error, Equatable {}
