import Foundation
import Hummingbird
import Logging
import SensorFeeds
import ServiceLifecycle
import SignalRunnerTesting
import Testing

/// A small HTTP server with hand-written routes, for the failures a real `signals serve` does not make.
func withFakeServer(
    _ routes: @escaping @Sendable (Router<BasicRequestContext>) -> Void,
    body: @Sendable (URL) async throws -> Void
) async throws {
    let router = Router()
    routes(router)
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let app = Application(
        router: router,
        configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
        onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: TestServer.logger)
    let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: TestServer.logger))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestingError.failure("the fake server did not start") }
        do {
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
    }
}

/// A counter shared by a fake server's handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}

@Suite(.serialized, .timeLimit(.minutes(2))) struct ServerFailureTests {
    @Test(
        "no /v1/stream (the original server): polls /data at the interval; bad JSON reaches the handler and polling goes on"
    )
    func pollingFallbackAndBadJSON() async throws {
        let polls = Counter()
        try await withFakeServer { router in
            router.get("/data") { _, _ -> Response in
                let n = polls.next()
                let text =
                    n == 0
                    ? #"{"accelerometer": {"x": 0, "y": 0, "z": -1}, "timestamp": 0, "extra": 1}"#
                    : #"{"accelerometer": {"x": 0.1, "y": 0, "z": -1}, "timestamp": \#(Double(n) / 100)}"#
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
            }
        } body: { url in
            let (manager, got, queue) = startDeviceMotion(from: .server(url))
            try await got.wait(for: "5 polled updates") { values, _ in values.count >= 5 }
            manager.stopDeviceMotionUpdates()
            drain(queue)
            let first = try #require(got.errors.first as? SensorFeedsError)
            #expect(first.code == .malformed)
            #expect(first.path == "$.extra")
            #expect(first.isTransient)
            let values = got.values
            #expect(values.allSatisfy { $0.gravity.x == 0.1 && $0.gravity.z == -1 && $0.userAcceleration.x == 0 })
            #expect(zip(values, values.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        }
    }

    @Test("a bad event on the stream reaches the handler with its JSON path; the good events around it are delivered")
    func badEventOnStream() async throws {
        try await withFakeServer { router in
            router.get("/v1/stream") { _, _ -> Response in
                let body = """
                    id: 0
                    data: {"timestamp":0,"gravity":{"x":0,"y":0,"z":-1},"spin":1}

                    id: 1
                    data: {"timestamp":0.01,"gravity":{"x":0,"y":0,"z":-1}}


                    """
                return Response(
                    status: .ok, headers: [.contentType: "text/event-stream"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
            }
        } body: { url in
            let manager = SimulatedMotionManager(source: .server(url))
            let got = Received<DeviceMotion>()
            let queue = serialQueue()
            manager.startDeviceMotionUpdates(to: queue) { m, e in got.add(m, e) }
            // both are needed before the checks below
            try await got.wait(for: "a point and an error") { values, errors in !values.isEmpty && !errors.isEmpty }
            manager.stopDeviceMotionUpdates()
            drain(queue)
            let first = try #require(got.errors.first as? SensorFeedsError)
            #expect(first.code == .malformed)
            #expect(first.path == "$.spin")
            #expect(got.values.first?.timestamp == 0.01)
        }
    }

    @Test("a server that answers 503 on the stream: the status reaches the handler; it keeps trying")
    func unavailableStatus() async throws {
        let tries = Counter()
        try await withFakeServer { router in
            router.get("/v1/stream") { _, _ -> Response in
                _ = tries.next()
                return Response(
                    status: .serviceUnavailable,
                    body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"no point has played yet"}"#)))
            }
        } body: { url in
            let manager = SimulatedMotionManager(source: .server(url))
            let got = Received<DeviceMotion>()
            manager.startDeviceMotionUpdates(to: serialQueue()) { m, e in got.add(m, e) }
            try await got.wait(for: "two attempts") { _, errors in errors.count >= 2 }
            manager.stopDeviceMotionUpdates()
            let error = try #require(got.errors.first as? SensorFeedsError)
            #expect(error.code == .badResponse)
            #expect(error.message.contains("503"))
            #expect(error.message.contains("no point has played yet"))
            #expect(got.values.isEmpty)
        }
    }
}
