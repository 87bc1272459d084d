import Foundation
import InternalUtilities
import Signals
import Testing

@testable import Playback

@Suite struct RunnerTests {
    @Test("every point exactly once, in order, each at its own time on the clock")
    func orderAndExactlyOnce() async throws {
        let clock = ManualClock(autoAdvance: true)
        let runner = Runner(clock: clock)
        let seen = Recorder<(Double, Duration)>()
        let summary = try await runner.run(ticks(100)) { p in seen.append((p.timestamp, clock.now.offset)) }
        #expect(summary.reason == .finished)
        #expect(summary.statistics.delivered == 100)
        #expect(summary.statistics.skipped == 0)
        #expect(summary.statistics.max == .zero)
        #expect(seen.values.map(\.0) == ticks(100).map(\.timestamp))
        for (t, at) in seen.values { #expect(at == .nanoseconds(Int64((t * 1e9).rounded()))) }
        #expect(!runner.isRunning)
        #expect(runner.summary?.reason == .finished)
    }

    @Test("points come due only as the clock reaches their deadlines, never earlier")
    func stepByStep() async throws {
        let (clock, _, seen, done) = try await startedRunner(ticks(4, step: 1))  // the playback thread holds the runner
        #expect(seen.values == [0])
        #expect(clock.sleeperDeadlines == [.at(1)])
        clock.advance(by: .milliseconds(999))
        #expect(seen.values == [0])
        clock.advance(by: .milliseconds(1))
        try await clock.awaitSleepers()
        #expect(seen.values == [0, 1])
        clock.advance(by: .seconds(5))  // both remaining points are due: delivered late, in order
        let summary = await done.first()
        #expect(seen.values == [0, 1, 2, 3])
        #expect(summary.statistics.delivered == 4)
        #expect(summary.statistics.max == .seconds(4))  // point 2 due at 2 s, delivered at 6 s
        #expect(summary.statistics.finalDrift == .seconds(3))
        #expect(done.count == 1)
    }

    @Test("pause stops time; resume continues with the wait that was left")
    func pauseResume() async throws {
        let (clock, runner, seen, done) = try await startedRunner(ticks(3, step: 1))
        clock.advance(by: .milliseconds(400))
        runner.pause()
        #expect(runner.isPaused)
        clock.advance(by: .seconds(10))
        #expect(seen.values == [0])
        runner.resume()
        try await clock.awaitSleepers()
        #expect(clock.sleeperDeadlines == [.at(11)])  // 10.4 s + the 0.6 s that were left
        clock.advance(to: .at(11))
        try await clock.awaitSleepers()
        #expect(seen.values == [0, 1])
        #expect(clock.sleeperDeadlines == [.at(12)])
        clock.advance(to: .at(12))
        let summary = await done.first()
        #expect(summary.reason == .finished)
        #expect(seen.values == [0, 1, 2])
        #expect(summary.statistics.max == .zero)
    }

    @Test(
        "a stray wake-up (a token an interruption left on the parker) neither ends a manual-clock wait nor takes its sleeper off the clock"
    )
    func strayWakeUp() async throws {
        let (clock, runner) = manualRunner()
        let context = RunContext(timebase: Timebase(clock: clock), options: PlaybackOptions(), completion: nil)
        context.parker.unpark()  // as a pause leaves it: its unpark and its sleeper's cancel each leave the token
        let returnedAt = await withCheckedContinuation { (continuation: CheckedContinuation<Duration, Never>) in
            Thread {
                context.wait(until: 1_000_000_000, version: context.version, runner: runner)
                continuation.resume(returning: clock.now.offset)
            }.start()
            Task {
                do { try await clock.awaitSleepers() } catch { Issue.record(error) }  // then advance anyway: no hang
                #expect(clock.sleeperDeadlines == [.at(1)])
                clock.advance(to: .at(1))
            }
        }
        #expect(returnedAt == .seconds(1))  // it waited for the clock, not for the stray token
        #expect(clock.sleeperDeadlines.isEmpty)
    }

    @Test("speed: deadlines are t0 + timestamp / speed; setSpeed re-anchors at the present")
    func speed() async throws {
        let (clock, runner) = manualRunner()
        let seen = Recorder<Double>()
        try runner.start(ticks(5, step: 1), options: PlaybackOptions(speed: 2)) { seen.append($0.timestamp) }
        try await clock.awaitSleepers()
        #expect(clock.sleeperDeadlines == [.at(0.5)])
        clock.advance(to: .at(0.5))
        try await clock.awaitSleepers()
        #expect(clock.sleeperDeadlines == [.at(1)])
        clock.advance(to: .at(0.75))  // playback time 1.5 s
        try runner.setSpeed(0.5)
        #expect(runner.speed == 0.5)
        try await clock.awaitSleepers()
        #expect(clock.sleeperDeadlines == [.at(1.75)])  // 0.5 s of playback at half speed
        #expect(#expect(throws: SignalError.self) { try runner.setSpeed(0) }?.code == .invalidArgument)
        #expect(#expect(throws: SignalError.self) { try runner.setSpeed(.infinity) }?.code == .invalidArgument)
        runner.stop()
        #expect(seen.values == [0, 1])
    }

    @Test("loop: pass k plays at k · period + t; the period is the last time plus the gap before it")
    func loop() async throws {
        let clock = ManualClock(autoAdvance: true)
        let runner = Runner(clock: clock)
        let seen = Recorder<(Double, Duration)>()
        let summary = try await runner.run(ticks(3), options: PlaybackOptions(loop: true)) { p in
            seen.append((p.timestamp, clock.now.offset))
            if seen.count == 8 { runner.stop() }
        }
        #expect(summary.reason == .stopped)
        #expect(summary.passes == 3)
        #expect(seen.values.map(\.0) == [0, 0.1, 0.2, 0, 0.1, 0.2, 0, 0.1])
        let expected: [Int64] = [0, 100, 200, 300, 400, 500, 600, 700]
        #expect(seen.values.map(\.1) == expected.map { .milliseconds($0) })
    }

    @Test("loop with an explicit period, and a one-point pass at 0 that cannot loop")
    func loopPeriod() async throws {
        let clock = ManualClock(autoAdvance: true)
        let runner = Runner(clock: clock)
        let seen = Recorder<Duration>()
        _ = try await runner.run(PointSequence(ticks(2), loopPeriod: 1), options: PlaybackOptions(loop: true)) { _ in
            seen.append(clock.now.offset)
            if seen.count == 4 { runner.stop() }
        }
        #expect(seen.values == [.zero, .milliseconds(100), .seconds(1), .milliseconds(1100)])
        let failed = try await runner.run([MotionPoint(timestamp: 0)], options: PlaybackOptions(loop: true)) { _ in }
        #expect(failed.reason == .failed)
        #expect((failed.error as? SignalError)?.code == .invalidArgument)
    }

    @Test("stop mid-run from another thread: nothing after it returns, completion once, restartable")
    func stopMidRun() async throws {
        let (clock, runner, seen, done) = try await startedRunner(ticks(10, step: 1))
        clock.advance(to: .at(3))
        try await clock.awaitSleepers()
        #expect(seen.values == [0, 1, 2, 3])
        await Task.detached { runner.stop() }.value
        #expect(done.count == 1)
        #expect(done.all.first?.reason == .stopped)
        #expect(done.all.first?.statistics.delivered == 4)
        #expect(!runner.isRunning)
        clock.advance(by: .seconds(100))
        runner.stop()
        #expect(seen.values == [0, 1, 2, 3])
        #expect(done.count == 1)
        #expect(clock.sleeperDeadlines.isEmpty)

        // Restart: a new run from the first point, timed from the present.
        let again = Completions()
        try runner.start(ticks(2, step: 1)) {
            seen.append($0.timestamp)
        } completion: {
            again.record($0)
        }
        try await clock.awaitSleepers()
        #expect(clock.sleeperDeadlines == [.at(104)])
        clock.advance(by: .seconds(1))
        #expect(await again.first().reason == .finished)
        #expect(seen.values == [0, 1, 2, 3, 0, 1])
        #expect(done.count == 1)
        #expect(again.count == 1)
    }

    @Test("stop from inside the handler: that call finishes, no further point")
    func stopFromHandler() async throws {
        let clock = ManualClock(autoAdvance: true)
        let runner = Runner(clock: clock)
        let seen = Recorder<Double>()
        let done = Completions()
        try runner.start(ticks(10)) { p in
            seen.append(p.timestamp)
            if seen.count == 3 { runner.stop() }
        } completion: {
            done.record($0)
        }
        let summary = await done.first()
        #expect(summary.reason == .stopped)
        #expect(seen.values == [0, 0.1, 0.2])
        #expect(done.count == 1)
    }

    @Test("a handler that throws ends the run with its error")
    func handlerThrows() async throws {
        let runner = Runner(clock: ManualClock(autoAdvance: true))
        let seen = Recorder<Double>()
        let summary = try await runner.run(ticks(10)) { p in
            seen.append(p.timestamp)
            if seen.count == 3 { throw Boom() }
        }
        #expect(summary.reason == .failed)
        #expect(summary.error as? Boom == Boom())
        #expect(seen.count == 3)
        #expect(!runner.isRunning)
    }

    @Test("a slow handler: deliverLate delivers every point and reports how late")
    func slowHandlerDeliverLate() async throws {
        let clock = ManualClock(autoAdvance: true)
        let runner = Runner(clock: clock)
        let seen = Recorder<Double>()
        let summary = try await runner.run(ticks(10)) { p in
            seen.append(p.timestamp)
            if p.timestamp == 0 { clock.advance(by: .milliseconds(350)) }
        }
        #expect(seen.values == ticks(10).map(\.timestamp))
        #expect(summary.statistics.delivered == 10)
        #expect(summary.statistics.skipped == 0)
        #expect(summary.statistics.max == .milliseconds(250))  // point 1: due 0.1 s, delivered at 0.35 s
        #expect(summary.statistics.p50 == .zero)
        #expect(summary.statistics.finalDrift == .zero)
    }

    @Test("a slow handler: skipToPresent skips points whose successor is due, and counts them")
    func slowHandlerSkip() async throws {
        let clock = ManualClock(autoAdvance: true)
        let runner = Runner(clock: clock)
        let seen = Recorder<Double>()
        let summary = try await runner.run(ticks(10), options: PlaybackOptions(latePolicy: .skipToPresent)) { p in
            seen.append(p.timestamp)
            if p.timestamp == 0 { clock.advance(by: .milliseconds(350)) }
        }
        #expect(seen.values.map { ($0 * 10).rounded() } == [0, 3, 4, 5, 6, 7, 8, 9])
        #expect(summary.statistics.skipped == 2)
        #expect(summary.statistics.delivered == 8)
        #expect(summary.statistics.max == .milliseconds(50))
    }

    @Test("start while running, a bad speed, and bad timestamps are errors")
    func errors() async throws {
        let (_, runner) = manualRunner()
        try runner.start(ticks(3, step: 1)) { _ in }
        let running = #expect(throws: SignalError.self) { try runner.start(ticks(3)) { _ in } }
        #expect(running?.code == .alreadyRunning)
        runner.stop()
        let speed = #expect(throws: SignalError.self) {
            try runner.start(ticks(3), options: PlaybackOptions(speed: -1)) { _ in }
        }
        #expect(speed?.code == .invalidArgument)
        let backwards = [MotionPoint(timestamp: 0), MotionPoint(timestamp: 2), MotionPoint(timestamp: 1)]
        let auto = Runner(clock: ManualClock(autoAdvance: true))
        let seen = Recorder<Double>()
        let summary = try await auto.run(backwards) { seen.append($0.timestamp) }
        #expect(summary.reason == .failed)
        let error = try #require(summary.error as? SignalError)
        #expect(error.code == .invalidTime)
        #expect(error.index == 2)
        #expect(seen.values == [0, 2])
        let nan = try await auto.run([MotionPoint(timestamp: .nan)]) { _ in }
        #expect((nan.error as? SignalError)?.code == .nonFinite)
    }

    @Test("the AsyncSequence API yields every point in order")
    func asyncSequence() async throws {
        let runner = Runner(clock: ManualClock(autoAdvance: true))
        var timestamps: [Double] = []
        for await point in runner.points(ticks(50)) { timestamps.append(point.timestamp) }
        #expect(timestamps == ticks(50).map(\.timestamp))
        #expect(runner.summary?.reason == .finished)
        #expect(runner.summary?.statistics.delivered == 50)
    }

    @Test("the AsyncSequence ends at stop(), even with points buffered")
    func asyncSequenceStop() async throws {
        let (clock, runner) = manualRunner()
        let points = runner.points(ticks(10))
        try await clock.awaitSleepers()
        clock.advance(to: .at(0.5))  // points 0 … 0.5 are delivered into the buffer
        try await clock.awaitSleepers()
        var iterator = points.makeAsyncIterator()
        #expect(await iterator.next()?.timestamp == 0)
        runner.stop()
        #expect(await iterator.next() == nil)
        #expect(runner.summary?.reason == .stopped)
        #expect(runner.summary?.statistics.delivered == 6)
    }

    @Test("leaving the for-await loop stops the run")
    func asyncSequenceBreak() async throws {
        let (_, runner) = manualRunner()
        func first() async -> Double? {
            for await point in runner.points(ticks(10, step: 1), options: PlaybackOptions(loop: true)) {
                return point.timestamp
            }
            return nil
        }
        #expect(await first() == 0)
        #expect(!runner.isRunning)
        #expect(runner.summary?.reason == .stopped)
    }

    @Test("an empty source finishes at once with no pass")
    func empty() async throws {
        let runner = Runner(clock: ManualClock())
        let done = Completions()
        try runner.start([MotionPoint]()) { _ in
        } completion: {
            done.record($0)
        }
        let summary = await done.first()
        #expect(summary.reason == .finished)
        #expect(summary.statistics.delivered == 0)
        #expect(summary.passes == 0)
        #expect(done.count == 1)
    }

    @Test("a sequence that cannot start is empty and the summary says why")
    func asyncSequenceFailedStart() async throws {
        let runner = Runner(clock: ManualClock())
        var count = 0
        for await _ in runner.points(ticks(3), options: PlaybackOptions(speed: 0)) { count += 1 }
        #expect(count == 0)
        #expect((runner.summary?.error as? SignalError)?.code == .invalidArgument)
    }

    @Test("cancelling the task of run(...) stops the run")
    func cancelRun() async throws {
        let (clock, runner) = manualRunner()
        let task = Task { try await runner.run(ticks(10, step: 1)) { _ in } }
        try await clock.awaitSleepers()
        task.cancel()
        let summary = try await task.value
        #expect(summary.reason == .stopped)
        #expect(summary.statistics.delivered == 1)
    }

    @Test("a sampled function: point k is f(k · interval), at k · interval")
    func sampledFunction() async throws {
        let runner = Runner(clock: ManualClock(autoAdvance: true))
        let source = try SampledFunction(interval: 0.1, count: 100) { t in
            let a = 2 * sin(2 * .pi * t + 0.2) + 0.5
            return MotionPoint(timestamp: t, userAcceleration: Acceleration(x: a, y: a, z: a))
        }
        let seen = Recorder<MotionPoint>()
        _ = try await runner.run(source) { seen.append($0) }
        #expect(seen.count == 100)
        for (k, p) in seen.values.enumerated() {
            let t = Double(k) * 0.1
            #expect(p.timestamp == t)
            #expect(p.userAcceleration.x == 2 * sin(2 * .pi * t + 0.2) + 0.5)
        }
        #expect(
            #expect(throws: SignalError.self) { try SampledFunction(interval: 0) { MotionPoint(timestamp: $0) } }?.code
                == .invalidArgument)
        #expect(
            #expect(throws: SignalError.self) {
                try SampledFunction(interval: 0.1, count: -1) { MotionPoint(timestamp: $0) }
            }?.code == .invalidArgument)
    }

    @Test(
        "real clocks (both timing policies) and any other Clock deliver every point in order",
        arguments: [TimingPolicy.precise, .efficient])
    func realClock(timing: TimingPolicy) async throws {
        let runner = Runner()
        let seen = Recorder<Double>()
        let summary = try await runner.run(ticks(20, step: 0.001), options: PlaybackOptions(timing: timing, speed: 10))
        {
            seen.append($0.timestamp)
        }
        #expect(summary.reason == .finished)
        #expect(seen.values == ticks(20, step: 0.001).map(\.timestamp))
        #expect(summary.statistics.delivered == 20)

        let other = Runner(clock: OtherClock())
        let more = Recorder<Double>()
        _ = try await other.run(ticks(5, step: 0.001)) { more.append($0.timestamp) }
        #expect(more.values == ticks(5, step: 0.001).map(\.timestamp))
    }

    @Test("statistics while running: what has been delivered so far, and lateness; nil when idle")
    func liveStatistics() async throws {
        let (clock, runner) = manualRunner()
        #expect(runner.statistics == nil)
        let done = Completions()
        try runner.start(ticks(5, step: 1), handler: { _ in }, completion: done.handler)
        try await clock.awaitSleepers()
        #expect(runner.statistics?.delivered == 1)
        clock.advance(by: .milliseconds(2500))  // point 1 due at 1 s, point 2 at 2 s: both late
        try await clock.awaitSleepers()
        let live = try #require(runner.statistics)
        #expect(live.delivered == 3)
        #expect(live.max == .milliseconds(1500))
        #expect(runner.monotonicOrigin == nil)  // a manual clock has no monotonic origin
        runner.stop()
        #expect(runner.statistics == nil)
        #expect(await done.first().statistics.delivered == 3)
    }

    @Test("the monotonic origin: a point is due at origin + timestamp on CLOCK_MONOTONIC")
    func monotonicOrigin() async throws {
        let runner = Runner()
        #expect(runner.monotonicOrigin == nil)
        let (delivered, deliver) = AsyncStream<Int64>.makeStream()
        let first = Completions()
        try runner.start(PointSequence([MotionPoint(timestamp: 0), MotionPoint(timestamp: 3600)])) { _ in
            deliver.yield(Monotonic.now())
        } completion: {
            first.record($0)
        }
        var deliveries = delivered.makeAsyncIterator()
        let deliveredAt = try #require(await deliveries.next())  // the event: point 0 delivered
        let origin = try #require(runner.monotonicOrigin)
        #expect(origin <= deliveredAt)  // point 0 was delivered at or after its deadline
        runner.pause()
        #expect(runner.monotonicOrigin == nil)
        runner.stop()
        _ = await first.first()
    }
}

/// A clock the runner knows nothing about (exercises the generic `Clock` path).
struct OtherClock: Clock {
    let base = ContinuousClock()
    var now: ContinuousClock.Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}
