import Foundation
import Testing

@testable import SensorFeeds

/// The phone-like activity classifier: delays, back-dated starts, rising confidence, vehicle stops.
@Suite struct ActivityClassifierTests {
    /// The updates of a piecewise truth (`segments`: each activity from its start second), checked every 0.5 s
    /// for `seconds`.
    static func run(
        _ segments: [(Double, MotionActivityType)], seconds: Double, epoch: Double = 1000
    ) throws
        -> [MotionActivity]
    {
        try ActivityClassifier.updates(epoch: epoch, interval: 0.5, count: Int(seconds / 0.5) + 1) { t in
            segments.last { $0.0 <= t + 1e-9 }?.1 ?? .unknown
        }
    }

    @Test(
        "the first check reports what is going on, high; a walk is reported 5 s after it began, back-dated, then medium and high"
    )
    func walkAfterStanding() throws {
        let updates = try Self.run([(0, .stationary), (10, .walking)], seconds: 60)
        let first = try #require(updates.first)
        #expect(first.activities == [.stationary])
        #expect(first.confidence == .high)
        #expect(first.timestamp == 0)
        #expect(first.startDate == Date(timeIntervalSince1970: 1000))
        let walking = updates.filter(\.walking)
        #expect(walking.map(\.confidence) == [.low, .medium, .high])
        #expect(walking.map(\.timestamp) == [15, 20, 30])
        // Back-dated to the change, at 10 s, on every update of the activity.
        #expect(walking.allSatisfy { $0.startDate == Date(timeIntervalSince1970: 1010) })
        #expect(updates.count == 4)
    }

    @Test("a stop shorter than 3 s (a crossing) is never reported; a 3 s one is")
    func shortStops() throws {
        let short = try Self.run([(0, .walking), (20, .stationary), (22.5, .walking)], seconds: 60)
        #expect(!short.contains { $0.stationary })
        let long = try Self.run([(0, .walking), (20, .stationary), (23.5, .walking)], seconds: 60)
        let stop = try #require(long.first { $0.stationary })
        #expect(stop.timestamp == 23)
        #expect(stop.startDate == Date(timeIntervalSince1970: 1020))
        // The walk after it is reported again 5 s later, back-dated to 23.5 s.
        let resumed = try #require(long.first { $0.walking && $0.timestamp > 23 })
        #expect(resumed.timestamp == 28.5)
        #expect(resumed.startDate == Date(timeIntervalSince1970: 1023.5))
    }

    @Test("a car waits at a light: stationary and automotive; after a walk, stationary alone")
    func vehicleStops() throws {
        let car = try Self.run([(0, .automotive), (60, .stationary), (90, .automotive)], seconds: 120)
        let wait = try #require(car.first { $0.stationary })
        #expect(wait.activities == [.stationary, .automotive])
        let bike = try Self.run([(0, .cycling), (60, .stationary)], seconds: 80)
        #expect(try #require(bike.last).activities == [.stationary, .cycling])
        let walk = try Self.run([(0, .automotive), (30, .walking), (60, .stationary)], seconds: 80)
        #expect(try #require(walk.last).activities == [.stationary])
    }

    @Test("a vehicle takes 15 s to be recognised; running, 5 s")
    func vehicleDelays() throws {
        let car = try Self.run([(0, .stationary), (10, .automotive)], seconds: 60)
        #expect(try #require(car.first { $0.automotive }).timestamp == 25)
        let run = try Self.run([(0, .stationary), (10, .running)], seconds: 60)
        #expect(try #require(run.first { $0.running }).timestamp == 15)
    }

    @Test("the failing case: a truth that flickers faster than the delay is never reported")
    func flickerIgnored() throws {
        // Walking and running alternating every 2 s: neither lasts the 5 s delay after the first report.
        var segments: [(Double, MotionActivityType)] = []
        for k in 0..<30 { segments.append((Double(k) * 2, k % 2 == 0 ? .walking : .running)) }
        let updates = try Self.run(segments, seconds: 59)
        #expect(updates.count == 1)
        #expect(updates.first?.walking == true)
    }
}
