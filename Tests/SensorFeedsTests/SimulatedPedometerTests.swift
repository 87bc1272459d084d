import Foundation
import Navigation
import Playback
import SignalRunnerTesting
import Testing

@testable import SensorFeeds

@Suite struct SimulatedPedometerTests {
    static let start = Date(timeIntervalSince1970: 1_780_302_600)  // 2026-06-01T08:30:00Z, the walk's epoch

    /// The first `count` updates of the walk example, played instantly.
    func updates(_ trajectory: Trajectory, count: Int) -> [PedometerData] {
        let pedometer = SimulatedPedometer(source: .signal(trajectory), clock: ManualClock(autoAdvance: true))
        let seen = Collected<PedometerData>(until: count)
        pedometer.startUpdates(from: Self.start) { d, e in seen.add(d, e) }
        #expect(seen.wait())
        pedometer.stopUpdates()
        #expect(seen.failures.isEmpty)
        return Array(seen.values.prefix(count))
    }

    func stepsAvailable<P: PedometerProviding>(_: P.Type) -> Bool { P.isStepCountingAvailable() }

    @Test("availability: steps, distance, floors, cadence and pace")
    func availability() {
        #expect(SimulatedPedometer.isStepCountingAvailable())
        #expect(SimulatedPedometer.isDistanceAvailable())
        #expect(SimulatedPedometer.isFloorCountingAvailable())
        #expect(SimulatedPedometer.isCadenceAvailable())
        #expect(SimulatedPedometer.isPaceAvailable())
        #expect(stepsAvailable(SimulatedPedometer.self))  // through the protocol
    }

    @Test("counts and distance equal the walk's steps and distance at the same times")
    func countsFollowTheTruth() throws {
        let walk = try WalkTrajectory.example()
        let seen = updates(walk, count: 100)
        try #require(seen.count == 100)
        for d in seen {
            #expect(d.startDate == Self.start)
            let t = d.endDate.timeIntervalSince(Self.start)
            // endDate is the start plus a tick's time (a multiple of 0.25 s), to Date's precision.
            let tick = (t / SimulatedPedometer.checkInterval).rounded() * SimulatedPedometer.checkInterval
            #expect(abs(t - tick) < 1e-6)
            let truth = try WalkTrajectory.point(walk, at: tick)
            #expect(d.numberOfSteps.intValue == truth.steps)
            #expect(d.distance?.doubleValue == truth.distance)
            #expect(d.floorsAscended?.intValue == truth.floorsAscended)
            #expect(d.floorsDescended?.intValue == truth.floorsDescended)
            #expect(d.currentCadence?.doubleValue == truth.cadence)
            // The failing case of the step check: half a second earlier the count is another.
            if tick >= 5 { #expect(try WalkTrajectory.point(walk, at: tick - 0.5).steps != truth.steps) }
        }
    }

    @Test("an update only when the step count changed, at most four a second")
    func onlyOnChange() throws {
        let seen = updates(try WalkTrajectory.example(), count: 60)
        let steps = seen.map(\.numberOfSteps.intValue)
        for (a, b) in zip(steps, steps.dropFirst()) { #expect(b > a) }
        let ends = seen.map(\.endDate)
        for (a, b) in zip(ends, ends.dropFirst()) { #expect(b.timeIntervalSince(a) >= 0.25 - 1e-6) }
    }

    @Test("pace: current and average active pace are seconds per metre near 1 / 1.4 m/s while walking")
    func pace() throws {
        let seen = updates(try WalkTrajectory.example(), count: 100)
        let cruising = try #require(seen.last)
        let pace = try #require(cruising.currentPace?.doubleValue)
        #expect(abs(pace - 1 / 1.4) < 0.05)
        let average = try #require(cruising.averageActivePace?.doubleValue)
        #expect(average > 1 / 1.4)  // the start's acceleration makes it slower
        #expect(average < 1.5)
    }

    /// Waits until every handler call queued on `queue` ran (a synchronous wait, outside the async context).
    func drain(_ queue: OperationQueue) { queue.waitUntilAllOperationsAreFinished() }

    /// How many updates the walk gives in its first `seconds` (a change of the step count at a tick; the first tick).
    func expectedCount(_ walk: Trajectory, through seconds: Double) throws -> Int {
        var last: Int?
        var count = 0
        for k in 0...Int(seconds / SimulatedPedometer.checkInterval) {
            let steps = try WalkTrajectory.point(walk, at: Double(k) * SimulatedPedometer.checkInterval).steps
            if steps != last { count += 1 }
            last = steps
        }
        return count
    }

    @Test("stop stops delivery: no update after it returns, while the same run without stop goes on")
    func stop() async throws {
        let walk = try WalkTrajectory.example()
        let at20 = try expectedCount(walk, through: 20)
        let at40 = try expectedCount(walk, through: 40)
        #expect(at40 > at20)
        for stops in [true, false] {
            let clock = ManualClock()
            let pedometer = SimulatedPedometer(source: .signal(walk), clock: clock)
            let seen = Collected<PedometerData>(until: .max)
            pedometer.startUpdates(from: Self.start) { d, e in seen.add(d, e) }
            try await clock.awaitSleepers()
            clock.advance(by: .seconds(20))
            try await clock.awaitSleepers()  // every tick through 20 s played
            drain(pedometer.handlerQueue)
            #expect(seen.values.count == at20)
            #expect(pedometer.isActive)
            if stops {
                pedometer.stopUpdates()
                #expect(!pedometer.isActive)
                clock.advance(by: .seconds(20))
                drain(pedometer.handlerQueue)
                #expect(seen.values.count == at20, "an update came after stopUpdates() returned")
            } else {
                clock.advance(by: .seconds(20))
                try await clock.awaitSleepers()
                drain(pedometer.handlerQueue)
                #expect(seen.values.count == at40)  // the failing case of the check above
                pedometer.stopUpdates()
            }
        }
    }

    /// The walk example, a pedometer playing it instantly, and the walk's epoch.
    func walkPedometer() throws -> (walk: Trajectory, pedometer: SimulatedPedometer, epoch: Date) {
        let walk = try WalkTrajectory.example()
        let pedometer = SimulatedPedometer(source: .signal(walk), clock: ManualClock(autoAdvance: true))
        return (walk, pedometer, Date(timeIntervalSince1970: walk.epochSeconds))
    }

    /// The result of a query, waited for.
    func query(_ pedometer: SimulatedPedometer, from: Date, to: Date) -> (PedometerData?, [String]) {
        let seen = Collected<PedometerData>(until: 1)
        pedometer.queryPedometerData(from: from, to: to) { d, e in seen.add(d, e) }
        #expect(seen.wait())
        return (seen.values.first, seen.failures)
    }

    @Test("a query counts the truth's steps, distance and floors between two dates on the trajectory's clock")
    func queryCounts() throws {
        let (walk, pedometer, epoch) = try walkPedometer()
        let (data, failures) = query(pedometer, from: epoch + 10, to: epoch + 60)
        #expect(failures.isEmpty)
        let d = try #require(data)
        let a = try WalkTrajectory.point(walk, at: 10)
        let b = try WalkTrajectory.point(walk, at: 60)
        #expect(d.numberOfSteps.intValue == b.steps - a.steps)
        #expect(d.numberOfSteps.intValue != b.steps)  // the failing case: counted from 10 s, not 0
        #expect(d.distance?.doubleValue == b.distance - a.distance)
        #expect(d.floorsAscended?.intValue == b.floorsAscended - a.floorsAscended)
        #expect(d.startDate == epoch + 10)
        #expect(d.endDate == epoch + 60)
        #expect(d.currentCadence == nil)
        // Before the epoch counts from the start.
        let (early, _) = query(pedometer, from: epoch - 100, to: epoch + 60)
        #expect(early?.numberOfSteps.intValue == b.steps - (try WalkTrajectory.point(walk, at: 0).steps))
    }

    @Test("a query whose end is before its start hands an error")
    func queryBackwards() throws {
        let (_, pedometer, epoch) = try walkPedometer()
        let (data, failures) = query(pedometer, from: epoch + 60, to: epoch + 10)
        #expect(data == nil)
        #expect(failures.count == 1)
        #expect(failures.first?.contains("before the start") == true)
    }
}
