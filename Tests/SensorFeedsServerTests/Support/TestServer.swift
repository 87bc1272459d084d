import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Playback
import ServiceLifecycle
import SignalRunnerTesting
import Signals

@testable import LiveServer

/// A real `signals serve` in process on loopback, over a feed on a manual clock that outlives the HTTP
/// server: `restart()` stops the server (every stream ends, connections are refused) and starts it
/// again on the same port, while the feed's timeline and replay buffer go on.
final class TestServer: @unchecked Sendable {
    let clock = ManualClock()
    let feed: LiveFeed
    let rate: Double
    /// The token the server asks for (`signals serve --token`), or `nil` (the default): with one, it is
    /// served as `signals serve` serves it (`buildApplication`: every route, the request guard that asks
    /// WebSocket upgrades and changes for the token, and the connection guard).
    var token: String?
    private(set) var port = 0
    private var group: ServiceGroup?
    private var task: Task<Void, any Error>?

    /// A feed of `spec` (JSON text) at `rate` Hz, keeping `replaySeconds` of points (a test that advances
    /// the clock faster than a client reads needs a buffer holding every point it advances over).
    init(spec: String, rate: Double, replaySeconds: Double = 10) throws {
        self.rate = rate
        feed = try LiveFeed(
            source: LiveSource.spec(json: Data(spec.utf8), sampleRate: rate),
            options: FeedOptions(sampleRate: rate, replaySeconds: replaySeconds), clock: clock)
    }

    /// A feed of `spec` at `rate` Hz on the timeline of `epoch` (Unix s), its wall clock reading `now`:
    /// what `signals serve --epoch` makes in a process started at `now`.
    init(spec: String, rate: Double, epoch: Double, now: Double) throws {
        self.rate = rate
        feed = try LiveFeed(
            source: LiveSource.spec(json: Data(spec.utf8), sampleRate: rate),
            options: FeedOptions(sampleRate: rate, epoch: epoch), clock: clock, wallClock: { now })
    }

    /// `http://127.0.0.1:PORT`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The server's URL for a transport: `http` (Server-Sent Events) or `ws` (WebSocket).
    func url(_ scheme: String) -> URL { URL(string: "\(scheme)://127.0.0.1:\(port)")! }

    /// Streaming clients of the transport of `scheme`.
    func clients(_ scheme: String) -> Int { scheme == "ws" ? feed.status.clients.ws : feed.status.clients.sse }

    static let logger: Logger = {
        var logger = Logger(label: "sensor-feeds-test")
        logger.logLevel = .critical
        return logger
    }()

    /// Starts the feed (point 0 is made) and the server on a free port.
    func start() async throws {
        try feed.start()
        try await clock.awaitSleepers()
        try await serve(port: 0)
    }

    /// Starts the HTTP server on `port` (0: a free one) and waits until it accepts connections.
    func serve(port wanted: Int) async throws {
        if let token {
            let (ports, continuation) = AsyncStream<Int>.makeStream()
            let app = buildApplication(
                feed: feed, configuration: LiveServerConfiguration(host: "127.0.0.1", port: wanted, token: token),
                logger: TestServer.logger
            ) { listening in continuation.yield(listening.port) }
            let group = ServiceGroup(
                configuration: ServiceGroupConfiguration(services: [app], logger: TestServer.logger))
            self.group = group
            task = Task { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let bound = await iterator.next() else { throw TestingError.failure("the server did not start") }
            port = bound
            return
        }
        let router = Router(context: LiveRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: JSONErrorMiddleware())
        DataRoutes(feed: feed).add(to: router)
        StreamRoutes(feed: feed).add(to: router)
        // GET /v1/spec: a motion client reads the magnetometer's calibration there
        SpecRoutes(feed: feed).add(to: router)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let feed = self.feed
        // The server's own pipeline (the guard and the fan-out's `ConnectionStart`), as `signals serve` has it.
        let configuration = LiveServerConfiguration(host: "127.0.0.1", port: wanted)
        let server = GuardedServerChannel.builder(
            feed: feed, headTimeout: configuration.headTimeout,
            access: RequestGuard(configuration), limits: ConnectionLimiter.Limits(configuration))
        let app = Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: wanted), serverName: nil),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? wanted) },
            logger: TestServer.logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: TestServer.logger))
        self.group = group
        task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else { throw TestingError.failure("the server did not start") }
        port = bound
    }

    /// Stops the HTTP server (streams end; the feed goes on) and waits until it is down.
    func stopServing() async throws {
        await group?.triggerGracefulShutdown()
        try await task?.value
        group = nil
        task = nil
    }

    /// Moves the timeline on by `count` points and waits until they are made.
    func advance(points count: Int) async throws {
        clock.advance(by: .nanoseconds(Int64((Double(count) * 1e9 / rate).rounded())))
        try await clock.awaitSleepers()
    }

    /// Stops everything.
    func shutdown() async throws {
        try await stopServing()
        feed.close()
    }
}

/// Values and errors handed to handlers, collected for a test; a test awaits them with
/// ``wait(for:timeout:until:)``, which `add` wakes: no polling.
final class Received<Value: Sendable>: @unchecked Sendable {
    typealias Condition = @Sendable (_ values: [Value], _ errors: [any Error]) -> Bool

    private struct Waiter {
        let condition: Condition
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var storage: [Value] = []
    private var errorList: [any Error] = []
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0
    private var expired: Set<Int> = []  // timed out before they were registered

    func add(_ value: Value?, _ error: (any Error)?) {
        let met = lock.withLock { () -> [Waiter] in
            if let value { storage.append(value) }
            if let error { errorList.append(error) }
            let met = waiters.filter { $0.value.condition(storage, errorList) }
            for id in met.keys { waiters[id] = nil }
            return Array(met.values)
        }
        for waiter in met { waiter.continuation.resume() }
    }

    var values: [Value] { lock.withLock { storage } }
    var errors: [any Error] { lock.withLock { errorList } }

    /// Returns once `condition` holds for what was collected: at once if it already does, else from the
    /// `add` that makes it hold. Throws ``TestingError/failure(_:)`` after `timeout` of real time, so a broken client
    /// fails the test instead of hanging it (one timer, not a poll).
    func wait(for what: String, timeout: Duration = .seconds(30), until condition: @escaping Condition) async throws {
        let id = lock.withLock { () -> Int in
            nextWaiter += 1
            return nextWaiter
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.expire(id, TestingError.failure("timed out after \(timeout) waiting for \(what)"))
        }
        defer { timer.cancel() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = lock.withLock { () -> Result<Bool, TestingError> in
                if condition(storage, errorList) { return .success(true) }
                if expired.remove(id) != nil {
                    return .failure(TestingError.failure("timed out after \(timeout) waiting for \(what)"))
                }
                waiters[id] = Waiter(condition: condition, continuation: continuation)
                return .success(false)
            }
            switch outcome {
            case .success(true): continuation.resume()
            case .success(false): break
            case .failure(let failure): continuation.resume(throwing: failure)
            }
        }
    }

    /// Fails the waiter `id` if it is still waiting.
    private func expire(_ id: Int, _ failure: TestingError) {
        let waiter = lock.withLock { () -> Waiter? in
            guard let waiter = waiters.removeValue(forKey: id) else {
                expired.insert(id)
                return nil
            }
            return waiter
        }
        waiter?.continuation.resume(throwing: failure)
    }
}

/// Waits until every operation queued on `queue` has run (synchronous, so callable from async tests).
func drain(_ queue: OperationQueue) { queue.waitUntilAllOperationsAreFinished() }
