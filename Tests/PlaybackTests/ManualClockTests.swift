import SignalRunnerTesting
import Testing

@testable import Playback

@Suite struct ManualClockTests {
    @Test("time moves only when advanced; sleepers wake when their deadline comes, in order")
    func advance() async throws {
        let clock = ManualClock()
        #expect(clock.now == .at(0))
        let woke = Recorder<Int>()
        let a = Task {
            try await clock.sleep(until: .at(2))
            woke.append(2)
        }
        let b = Task {
            try await clock.sleep(until: .at(1))
            woke.append(1)
        }
        await clock.waitForSleepers(2)
        #expect(clock.sleeperDeadlines == [.at(1), .at(2)])
        clock.advance(by: .milliseconds(500))
        #expect(clock.sleeperDeadlines == [.at(1), .at(2)])
        clock.advance(to: .at(1))
        try await b.value
        #expect(woke.values == [1])
        clock.advance(to: .at(0.5))  // never goes back
        #expect(clock.now == .at(1))
        clock.advance(by: .seconds(1))
        try await a.value
        #expect(woke.values == [1, 2])
        try await clock.sleep(until: .at(0))  // already past: returns at once
    }

    @Test("a cancelled sleeper throws CancellationError and leaves the clock")
    func cancel() async throws {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(until: .at(5)) }
        await clock.waitForSleepers()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperDeadlines.isEmpty)
    }

    @Test("waitForSleepers with a timeout: true when the sleepers come, false when nothing ever sleeps")
    func boundedWait() async throws {
        let clock = ManualClock()
        // Nothing sleeps: the wait ends after its bound instead of hanging, and leaves no waiter behind.
        #expect(await clock.waitForSleepers(timeout: .milliseconds(20)) == false)
        await #expect(throws: TestingError.self) { try await clock.awaitSleepers(limit: .milliseconds(20)) }
        let task = Task { try await clock.sleep(until: .at(1)) }
        #expect(await clock.waitForSleepers(timeout: .seconds(120)))
        #expect(await clock.waitForSleepers(1, timeout: .zero))  // already there: true even with no time
        #expect(await clock.waitForSleepers(2, timeout: .milliseconds(20)) == false)
        clock.advance(by: .seconds(1))
        try await task.value
        #expect(clock.storage.withLock { $0.countWaiters.isEmpty })
    }

    @Test("autoAdvance jumps to each deadline as it is slept on")
    func autoAdvance() async throws {
        let clock = ManualClock(autoAdvance: true)
        try await clock.sleep(until: .at(3))
        #expect(clock.now == .at(3))
        try await clock.sleep(for: .seconds(2))
        #expect(clock.now == .at(5))
    }
}
