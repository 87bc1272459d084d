import Foundation
import Signals
import Testing

@testable import LiveServer

#if canImport(Glibc)
import Glibc
#endif

/// A spec sent to replace the playing one is decoded and checked on a thread of its own, below the
/// playback thread's priority, one at a time; a route over the live bound is refused before that.
@Suite(.timeLimit(.minutes(5))) struct SpecCheckerTests {
    /// A walk of `count` waypoints about 3 m apart (a plain route, `{"route": …}`).
    static func waypoints(_ count: Int) -> String {
        "["
            + (0..<count).map { i in
                "{\"latitude\":\(51.5 + Double(i) * 0.00003),\"longitude\":\(-0.12 + 0.00003 * sin(Double(i) / 13))}"
            }.joined(separator: ",") + "]"
    }

    /// On Linux the thread is told by its nice value (no thread of the cooperative pool, nor the caller's,
    /// has one); elsewhere by its name and quality of service.
    @Test("a check runs on the checker's own thread, at nice 10 on Linux, leaving the caller's priority as it was")
    func ownThread() async throws {
        let checker = SpecChecker()
        #if os(Linux)
        // The process may run niced already (a CI runner): the checker's thread is never above it.
        let process = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let nice = try await checker.check { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        #expect(nice == max(process, SpecChecker.niceness))
        #expect(
            getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == process, "the caller's thread was lowered too")
        #else
        let (name, service) = try await checker.check { (Thread.current.name, Thread.current.qualityOfService) }
        #expect(name == SpecChecker.threadName)
        #expect(service == .utility)
        #endif
    }

    @Test("checks run one at a time, in order; a check's error reaches its caller")
    func serial() async throws {
        let checker = SpecChecker()
        let gate = DispatchSemaphore(value: 0)
        let (started, start) = AsyncStream<Void>.makeStream()
        let log = NSLock()
        nonisolated(unsafe) var order: [String] = []
        nonisolated(unsafe) var inside = 0
        nonisolated(unsafe) var most = 0
        @Sendable func enter(_ name: String) {
            log.withLock {
                order.append(name)
                inside += 1
                most = max(most, inside)
            }
        }
        @Sendable func leave() { log.withLock { inside -= 1 } }
        let first = Task {
            try await checker.check {
                enter("first")
                start.yield()
                gate.wait()
                leave()
            }
        }
        var events = started.makeAsyncIterator()
        _ = await events.next()
        let second = Task {
            try await checker.check { () throws -> Void in
                enter("second")
                leave()
                throw SignalError(.outOfRange, path: "$.x", "refused")
            }
        }
        try await ConnectionLimiterTests.waitUntil("the second check waits") { checker.waiting == 1 }
        gate.signal()
        try await first.value
        let error = await #expect(throws: SignalError.self) { try await second.value }
        #expect(error?.message == "refused")
        #expect(order == ["first", "second"])
        #expect(most == 1)
    }

    @Test("with the most checks waiting behind a running one (8), one more is refused: 503")
    func boundedQueue() async throws {
        let checker = SpecChecker()
        let gate = DispatchSemaphore(value: 0)
        let (started, start) = AsyncStream<Void>.makeStream()
        let running = Task {
            try await checker.check {
                start.yield()
                gate.wait()
            }
        }
        var events = started.makeAsyncIterator()
        _ = await events.next()
        var waiting: [Task<Void, any Error>] = []
        for _ in 0..<SpecChecker.mostWaiting { waiting.append(Task { try await checker.check {} }) }
        try await ConnectionLimiterTests.waitUntil("\(SpecChecker.mostWaiting) checks wait") {
            checker.waiting == SpecChecker.mostWaiting
        }
        let error = await #expect(throws: LiveServerError.self) { try await checker.check {} }
        #expect(error?.statusCode == 503)
        #expect(error?.message.contains("\(SpecChecker.mostWaiting) specs are waiting to be checked") == true)
        gate.signal()
        try await running.value
        for task in waiting { try await task.value }
        // The failing case: once they are done, a check is taken again.
        #expect(try await checker.check { 7 } == 7)
    }

    @Test(
        "PUT /v1/spec refuses a route over the live bound with 400 naming it and its path, before decoding; the spec stays",
        arguments: [
            (#"{"route": {"speed": 1.4, "waypoints": WAYPOINTS}}"#, "$.route.waypoints"),
            (
                #"{"motion": {"preset": "walking"}, "route": {"speed": 1.4, "waypoints": WAYPOINTS}}"#,
                "$.route.waypoints"
            ),
            (
                #"{"trajectory": {"route": {"speed": 1.4, "waypoints": WAYPOINTS}, "vehicle": "walk"}}"#,
                "$.trajectory.route.waypoints"
            ),
        ])
    func liveWaypointBound(template: String, path: String) async throws {
        let body = template.replacingOccurrences(of: "WAYPOINTS", with: Self.waypoints(LiveSpec.mostLiveWaypoints + 1))
        try await ManualFeed.test(TestSpecs.sine) { f, client in
            let before = try await client.execute(uri: "/v1/spec", method: .get).text
            let response = try await client.send(.put, "/v1/spec", json: body)
            #expect(response.status == .badRequest)
            let error = try response.error()
            #expect(error.path == path)
            #expect(error.message.contains("\(LiveSpec.mostLiveWaypoints + 1) waypoints"), "\(error.message)")
            #expect(error.message.contains("at most \(LiveSpec.mostLiveWaypoints)"), "\(error.message)")
            #expect(try await client.execute(uri: "/v1/spec", method: .get).text == before)
            // The same bound on the feed's own API.
            let direct = #expect(throws: SignalError.self) { try f.feed.replaceSpec(json: Data(body.utf8)) }
            #expect(direct?.code == .tooLarge)
            #expect(direct?.path == path)
        }
    }

    @Test("a route of exactly the bound's waypoints is taken")
    func atTheBound() async throws {
        let body = #"{"route": {"speed": 1.4, "waypoints": \#(Self.waypoints(LiveSpec.mostLiveWaypoints))}}"#
        try await ManualFeed.test(TestSpecs.sine) { _, client in
            let response = try await client.send(.put, "/v1/spec", json: body)
            #expect(response.status == .ok, "\(response.text.prefix(300))")
        }
    }
}
