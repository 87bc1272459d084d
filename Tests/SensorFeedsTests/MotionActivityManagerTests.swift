import Foundation
import Navigation
import Playback
import SignalRunnerTesting
import Testing

@testable import SensorFeeds

/// The truth's activity and `SimulatedMotionActivityManager`, the `CMMotionActivityManager` an app sees.
@Suite struct MotionActivityManagerTests {
    /// A trip by `vehicle` along three waypoints, pausing `pause` seconds at the second.
    static func trip(_ vehicle: String, pause: Int = 30, speed: Double = 1.4) throws -> Trajectory {
        let json = """
            {"trajectory": {
              "route": {"speed": \(speed), "waypoints": [
                {"latitude": 51.5007, "longitude": -0.1246, "altitude": 56},
                {"latitude": 51.5025, "longitude": -0.1246, "altitude": 56, "pause": \(pause)},
                {"latitude": 51.5025, "longitude": -0.1216, "altitude": 56}]},
              "vehicle": \(vehicle), "mount": "handheld", "epoch": "2026-06-01T08:30:00Z",
              "sensors": {}}}
            """
        return try Trajectory(json: Data(json.utf8), baseDirectory: WalkTrajectory.examples)
    }

    /// The truth's activity every second of `trajectory`, run-length encoded: (first second, activity).
    static func truthRuns(_ trajectory: Trajectory) throws -> [(Double, MotionActivityType)] {
        var runs: [(Double, MotionActivityType)] = []
        for t in stride(from: 0.0, through: trajectory.duration, by: 1) {
            let a = try WalkTrajectory.point(trajectory, at: t).activity
            if runs.last?.1 != a { runs.append((t, a)) }
        }
        return runs
    }

    @Test(
        "the truth: stationary at the start, the pause and the end, else what the vehicle does",
        arguments: [
            ("\"walk\"", MotionActivityType.walking), ("\"run\"", .running), ("\"bike\"", .cycling),
            ("\"car\"", .automotive),
        ])
    func truth(vehicle: String, moving: MotionActivityType) throws {
        let trip = try Self.trip(vehicle, speed: vehicle == "\"walk\"" ? 1.4 : 3)
        let runs = try Self.truthRuns(trip)
        // The trip ends on arrival: its last instant, if sampled, is stationary.
        #expect(Array(runs.map(\.1).prefix(4)) == [.stationary, moving, .stationary, moving], "\(runs)")
        #expect(runs.count <= 5)
        #expect(runs.count < 5 || runs[4].1 == .stationary)
        // The pause lasts its 30 s (the platform stops within a second of it).
        let pause = try #require(runs.firstIndex { $0.1 == .stationary && $0.0 > 0 })
        #expect(abs((runs[pause + 1].0 - runs[pause].0) - 30) <= 2)
    }

    @Test("a custom vehicle with a gait walks below 2.2 m/s and runs above it; without one it is automotive")
    func customVehicles() throws {
        let limits =
            #""maximumSpeed": 4, "longitudinalAcceleration": 1, "lateralAcceleration": 2, "yawRate": 1, "jerk": 2"#
        let slow = try Self.trip("{\(limits), \"gait\": {\"stepLength\": 0.8}}", speed: 1.5)
        #expect(try Self.truthRuns(slow).map(\.1).contains(.walking))
        #expect(try !Self.truthRuns(slow).map(\.1).contains(.running))
        let fast = try Self.trip("{\(limits), \"gait\": {\"stepLength\": 1.2}}", speed: 3.5)
        #expect(try Self.truthRuns(fast).map(\.1).contains(.running))
        let cart = try Self.trip("{\(limits)}", speed: 3)
        #expect(try Self.truthRuns(cart).map(\.1).contains(.automotive))
    }

    /// Every update of a start on `source`, played instantly, `expected` of them.
    static func played(_ source: MotionActivitySource, expected: Int) throws -> [MotionActivity] {
        let manager = SimulatedMotionActivityManager(source: source, clock: ManualClock(autoAdvance: true))
        let seen = Collected<MotionActivity>(until: expected)
        manager.startActivityUpdates(to: serialQueue()) { seen.add($0, nil) }
        #expect(seen.wait(), "fewer than \(expected) updates")
        manager.stopActivityUpdates()
        #expect(manager.lastError == nil)
        return seen.firstValues
    }

    @Test("an app sees a walk as a phone reports it: stationary, walking (low, medium, high), stationary in the pause")
    func walkUpdates() throws {
        let trip = try Self.trip("\"walk\"")
        let epoch = Date(timeIntervalSince1970: trip.epochSeconds)
        let history = try SimulatedMotionActivityManager.query(
            .signal(trip), from: epoch, to: epoch + trip.duration + 10)
        let updates = try Self.played(.signal(trip), expected: history.count)
        // The updates an app receives are the query's: one classifier, one truth.
        #expect(updates == history)
        let kinds = updates.map(\.activities)
        #expect(
            kinds == [
                [.stationary], [.walking], [.walking], [.walking], [.stationary], [.stationary], [.stationary],
                [.walking], [.walking], [.walking],
            ], "\(updates.map { ($0.timestamp, $0.activities, $0.confidence) })")
        // Every change is reported after its delay, back-dated to the truth's change.
        let runs = try Self.truthRuns(trip)
        let walkStart = try #require(updates.first { $0.walking })
        #expect(abs(walkStart.startDate.timeIntervalSince(epoch) - runs[1].0) <= 1)
        #expect(abs(walkStart.timestamp - walkStart.startDate.timeIntervalSince(epoch) - 5) <= 0.5)
        #expect(updates.filter(\.stationary).dropFirst().allSatisfy { $0.walking == false })
    }

    @Test("a car trip: automotive after 15 s, stationary and automotive while it waits")
    func carUpdates() throws {
        let trip = try Self.trip("\"car\"", pause: 40, speed: 10)
        let epoch = Date(timeIntervalSince1970: trip.epochSeconds)
        let updates = try SimulatedMotionActivityManager.query(
            .signal(trip), from: epoch, to: epoch + trip.duration)
        #expect(updates.contains { $0.automotive && !$0.stationary })
        #expect(updates.contains { $0.automotive && $0.stationary })
        #expect(!updates.contains { $0.walking || $0.running || $0.cycling })
    }

    /// The example trip: a walk, a run and a ride with the phone in the pocket, then a drive with it on the
    /// dashboard, with pauses.
    static func multimodal() throws -> Trajectory {
        let url = WalkTrajectory.examples.appendingPathComponent("trip.json")
        return try Trajectory(json: Data(contentsOf: url), baseDirectory: WalkTrajectory.examples)
    }

    @Test("a trip that has them all: an app sees stationary, walking, running, cycling and automotive, in order")
    func tripUpdates() throws {
        let trip = try Self.multimodal()
        let runs = try Self.truthRuns(trip).map(\.1)
        #expect(
            runs == [
                .stationary, .walking, .stationary, .running, .stationary, .cycling, .stationary, .automotive,
                .stationary,
            ], "\(runs)")
        let epoch = Date(timeIntervalSince1970: trip.epochSeconds)
        let updates = try SimulatedMotionActivityManager.query(
            .signal(trip), from: epoch, to: epoch + trip.duration + 10)
        // The activities in the order reported, once each has settled (medium or high confidence); a bike and a
        // car that have stopped are reported stationary with their vehicle's flag, as a phone at a red light.
        var order: [[MotionActivityType]] = []
        for u in updates where u.confidence != .low && order.last != u.activities { order.append(u.activities) }
        #expect(
            order == [
                [.stationary], [.walking], [.stationary], [.running], [.stationary], [.cycling],
                [.stationary, .cycling], [.automotive], [.stationary, .automotive],
            ], "\(updates.map { ($0.timestamp, $0.activities, $0.confidence) })")
        // Each change is reported after its delay: the run's 5 s after the truth's start of running.
        let runStart = try #require(updates.first { $0.running })
        let truthRun = try #require(try Self.truthRuns(trip).first { $0.1 == .running })
        #expect(abs(runStart.startDate.timeIntervalSince(epoch) - truthRun.0) <= 1)
        // The updates an app receives are the query's.
        #expect(try Self.played(.signal(trip), expected: updates.count) == updates)
    }

    @Test("a query returns the activity in effect at its start, then the updates in its span")
    func querySpan() throws {
        let trip = try Self.trip("\"walk\"")
        let epoch = Date(timeIntervalSince1970: trip.epochSeconds)
        let all = try SimulatedMotionActivityManager.query(.signal(trip), from: epoch, to: epoch + 1000)
        let mid = all[3].timestamp + 0.25
        let span = try SimulatedMotionActivityManager.query(.signal(trip), from: epoch + mid, to: epoch + 1000)
        #expect(span.first == all[3])
        #expect(Array(span.dropFirst()) == Array(all[4...]))
    }

    @Test("bad queries get an error: an end before the start, a date that is not finite, a server source")
    func badQueries() throws {
        let trip = try Self.trip("\"walk\"")
        let epoch = Date(timeIntervalSince1970: trip.epochSeconds)
        let backwards = try #require(throws: SignalError.self) {
            try SimulatedMotionActivityManager.query(.signal(trip), from: epoch + 10, to: epoch)
        }
        #expect(backwards.code == .invalidRender && backwards.message.contains("is before the start"), "\(backwards)")
        let infinite = try #require(throws: SignalError.self) {
            try SimulatedMotionActivityManager.query(
                .signal(trip), from: Date(timeIntervalSince1970: .infinity), to: epoch)
        }
        #expect(infinite.code == .invalidRender && infinite.message.contains("must be finite"), "\(infinite)")
        do {
            _ = try SimulatedMotionActivityManager.query(
                .server(URL(string: "http://127.0.0.1:9")!), from: epoch, to: epoch + 10)
            Issue.record("a server source has no history")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("no history"))
        }
        // The manager hands the error to the query's handler, on the queue given.
        let manager = SimulatedMotionActivityManager(source: .signal(trip), clock: ManualClock(autoAdvance: true))
        let seen = Collected<[MotionActivity]>(until: 1)
        manager.queryActivityStarting(from: epoch + 10, to: epoch, to: serialQueue()) { seen.add($0, $1) }
        #expect(seen.wait())
        #expect(seen.values.isEmpty)
        #expect(seen.failures.first?.contains("before the start") == true)
    }

    @Test("a source that cannot be played ends the updates with lastError (the handler has no error)")
    func failingSource() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-render-\(UUID())")
        let manager = SimulatedMotionActivityManager(source: .file(missing), clock: ManualClock(autoAdvance: true))
        let queue = serialQueue()
        manager.startActivityUpdates(to: queue) { _ in Issue.record("no update expected") }
        // The directory is read as the updates start: the failure is on the queue when the start returns.
        queue.waitUntilAllOperationsAreFinished()
        #expect(!manager.isActive)
        let error = try #require(manager.lastError as? SignalError)
        #expect(error.code == .unreadable)
        #expect("\(error)".contains("truth.csv"))
    }
}
