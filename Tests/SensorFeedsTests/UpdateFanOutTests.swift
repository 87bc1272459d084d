import Foundation
import Location
import Synchronization
import Testing

@testable import SensorFeeds

/// The part of the Apple adapters that is not Apple's: when the underlying source runs, who gets what,
/// and that nothing is left running when the last consumer is gone.
@Suite struct UpdateFanOutTests {
    /// Records each control call; `drain()` then runs them as the adapters do on the main queue
    /// (reading the fan-out's wanted state when they run).
    final class ControlLog: Sendable {
        private let queued = Mutex<[UpdateFanOut<Int>]>([])
        private let log = Mutex<[String]>([])

        func control(_ fanOut: UpdateFanOut<Int>) { queued.withLock { $0.append(fanOut) } }

        func drain() {
            let calls = queued.withLock { q in
                defer { q = [] }
                return q
            }
            for fanOut in calls { log.withLock { $0.append(fanOut.isRunning ? "start" : "stop") } }
        }

        var calls: [String] { log.withLock { $0 } }
    }

    func make() -> (UpdateFanOut<Int>, ControlLog) {
        let source = ControlLog()
        return (UpdateFanOut { source.control($0) }, source)
    }

    @Test func anIterationStartsTheSourceAndEndingItStopsIt() async throws {
        let (fanOut, source) = make()
        var stream: AsyncThrowingStream<Int, any Error>? = fanOut.makeStream(bufferingNewest: 8)
        source.drain()
        #expect(source.calls == ["start"])
        #expect(fanOut.isRunning)
        fanOut.yield(1)
        fanOut.yield(2)
        var iterator = stream!.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        #expect(try await iterator.next() == 2)
        // Ending the iteration (dropping the stream and its iterator) must stop the source, or Core Location
        // would keep running for ever.
        stream = nil
        _ = consume iterator
        #expect(fanOut.consumerCount == 0)
        #expect(!fanOut.isRunning)
        source.drain()
        #expect(source.calls == ["start", "stop"])
    }

    @Test func cancellingTheIteratingTaskStopsTheSource() async throws {
        let (fanOut, source) = make()
        let stream = fanOut.makeStream(bufferingNewest: 8)
        let task = Task { for try await _ in stream {} }
        task.cancel()
        _ = await task.result
        #expect(fanOut.consumerCount == 0)
        #expect(!fanOut.isRunning)
        source.drain()
        // Both queued calls (start, then stop) read "not running" by the time they run.
        #expect(source.calls == ["stop", "stop"])
    }

    @Test func theSourceRunsUntilTheLastIterationEnds() {
        let (fanOut, source) = make()
        do {
            let first = fanOut.makeStream(bufferingNewest: 8)
            do {
                let second = fanOut.makeStream(bufferingNewest: 8)
                #expect(fanOut.consumerCount == 2)
                withExtendedLifetime(second) {}
            }
            #expect(fanOut.consumerCount == 1)
            #expect(fanOut.isRunning)
            withExtendedLifetime(first) {}
        }
        source.drain()
        #expect(source.calls.last == "stop")
        #expect(!fanOut.isRunning)
    }

    @Test func theAppsOwnUpdatesKeepTheSourceRunningAfterTheIterationsEnd() {
        let (fanOut, source) = make()
        fanOut.setAppStarted(true)
        do {
            let stream = fanOut.makeStream(bufferingNewest: 8)
            withExtendedLifetime(stream) {}
        }
        #expect(fanOut.isRunning)
        fanOut.setAppStarted(false)
        #expect(!fanOut.isRunning)
        source.drain()
        #expect(source.calls.last == "stop")
    }

    @Test func theAppsStopDoesNotEndAnIterationButEndsDelegateForwarding() async throws {
        let (fanOut, _) = make()
        fanOut.setAppStarted(true)
        let stream = fanOut.makeStream(bufferingNewest: 8)
        #expect(fanOut.yield(1))
        fanOut.setAppStarted(false)
        #expect(fanOut.isRunning)
        #expect(!fanOut.yield(2))
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        #expect(try await iterator.next() == 2)
    }

    @Test func aLateControlCallDoesNotUndoANewerState() {
        let (fanOut, source) = make()
        do {
            let stream = fanOut.makeStream(bufferingNewest: 8)  // queues a start
            fanOut.setAppStarted(true)  // already running: nothing queued
            withExtendedLifetime(stream) {}
        }  // the iteration ends; the app still wants updates
        source.drain()
        #expect(source.calls == ["start"])
        #expect(fanOut.isRunning)
    }

    @Test func finishAllEndsEveryIterationWithTheError() async throws {
        let (fanOut, _) = make()
        let stream = fanOut.makeStream(bufferingNewest: 8)
        fanOut.finishAll(throwing: SensorFeedsError(.serverGone, "sensor failed"))
        var iterator = stream.makeAsyncIterator()
        await #expect(throws: SensorFeedsError.self) { _ = try await iterator.next() }
        #expect(!fanOut.isRunning)
    }

    @Test func manyThreadsStartingAndEndingIterationsLeaveNothingRunning() async {
        let (fanOut, source) = make()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<200 {
                group.addTask {
                    let stream = fanOut.makeStream(bufferingNewest: 1)
                    fanOut.yield(i)
                    withExtendedLifetime(stream) {}
                }
            }
        }
        #expect(fanOut.consumerCount == 0)
        #expect(!fanOut.isRunning)
        source.drain()
        #expect(source.calls.last == "stop")
    }
}

/// What the Core Location adapter copies from a fix.
@Suite struct CoreLocationFixTests {
    @Test func theAltitudeIsEllipsoidalNotAboveMeanSeaLevel() {
        // London: the geoid is about 46 m above the ellipsoid, so MSL 11 m is 57 m ellipsoidal.
        let fix = CoreLocationFix(
            latitude: 51.5, longitude: -0.12, altitude: 11, ellipsoidalAltitude: 57,
            horizontalAccuracy: 5, verticalAccuracy: 3, speed: 1.4, course: 90, timestamp: 1_700_000_000)
        let location = LocationPoint(fix)
        #expect(location.altitude == 57)
        #expect(location.coordinate.latitude == 51.5)
        #expect(location.coordinate.longitude == -0.12)
        #expect(location.horizontalAccuracy == 5)
        #expect(location.verticalAccuracy == 3)
        #expect(location.speed == 1.4)
        #expect(location.course == 90)
        #expect(location.timestamp == 1_700_000_000)
        #expect(location.speedAccuracy == -1)  // not given: unknown
        #expect(location.courseAccuracy == -1)
    }

    @Test func theVelocityAccuraciesAreCopied() {
        let fix = CoreLocationFix(
            latitude: 51.5, longitude: -0.12, altitude: 11, ellipsoidalAltitude: 57, horizontalAccuracy: 5,
            verticalAccuracy: 3, speed: 1.4, course: 90, speedAccuracy: 0.3, courseAccuracy: 12, timestamp: 1)
        let location = LocationPoint(fix)
        #expect(location.speedAccuracy == 0.3)
        #expect(location.courseAccuracy == 12)
    }
}

/// The words a failed connection gets, so that an iOS user knows about local-network permission.
@Suite struct ConnectFailureTests {
    @Test func hostUnreachableOnTheLANMentionsLocalNetworkPermission() {
        let text = connectFailure(EHOSTUNREACH, host: "192.168.1.20")
        #expect(text.contains("NSLocalNetworkUsageDescription"))
        #expect(text.contains("local-network access"))
    }

    @Test(arguments: ["127.0.0.1", "localhost", "::1", "[::1]", "LOCALHOST"])
    func loopbackNeedsNoPermissionSoNoHint(host: String) {
        #expect(!connectFailure(EHOSTUNREACH, host: host).contains("NSLocalNetworkUsageDescription"))
    }

    @Test func otherErrorsAreTheirOwnText() {
        let text = connectFailure(ECONNREFUSED, host: "192.168.1.20")
        #expect(!text.contains("NSLocalNetworkUsageDescription"))
        #expect(text == String(cString: strerror(ECONNREFUSED)))
    }
}

/// The handler conversion every adapter makes, and the gate's sender every simulated manager uses.
@Suite struct AdapterHandlerTests {
    @Test("copying hands each update copied and each error on; its failing case: nothing is copied from nil")
    func copyingHandler() {
        let seen = Mutex<[String]>([])
        let apple = copying(
            { (n: Int) in "copy of \(n)" },
            to: { (s: String?, e: (any Error)?) in
                seen.withLock { $0.append(s ?? "error: \(e.map { "\($0)" } ?? "none")") }
            })
        apple(7, nil)
        apple(nil, SensorFeedsError(.unavailable, "gone"))
        apple(nil, nil)
        let calls = seen.withLock { $0 }
        #expect(calls.count == 3)
        #expect(calls.first == "copy of 7")
        #expect(calls[1].hasPrefix("error: ") && calls[1].contains("gone"))
        #expect(calls[2] == "error: none")
    }

    @Test("a sender without a queue delivers on the calling thread only while its generation is current")
    func senderWithoutQueue() {
        let gate = DeliveryGate()
        let seen = Mutex<[Int]>([])
        let send: @Sendable (Int?, (any Error)?) -> Void = gate.sender(on: nil) { n, _ in
            if let n { seen.withLock { $0.append(n) } }
        }
        send(1, nil)
        gate.close()
        send(2, nil)
        #expect(seen.withLock { $0 } == [1])
    }

    @Test("a sender with a queue delivers there, and a newer generation silences the older sender")
    func senderOnQueue() {
        let gate = DeliveryGate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let seen = Mutex<[Int]>([])
        let old: @Sendable (Int?, (any Error)?) -> Void = gate.sender(on: queue) { n, _ in
            if let n { seen.withLock { $0.append(n) } }
        }
        old(1, nil)
        queue.waitUntilAllOperationsAreFinished()
        let new: @Sendable (Int?, (any Error)?) -> Void = gate.sender(on: queue) { n, _ in
            if let n { seen.withLock { $0.append(n * 10) } }
        }
        old(2, nil)
        new(3, nil)
        queue.waitUntilAllOperationsAreFinished()
        #expect(seen.withLock { $0 } == [1, 30])
    }
}
