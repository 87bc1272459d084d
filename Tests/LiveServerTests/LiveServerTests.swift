import Formats
import Foundation
import Hummingbird
import HummingbirdWSClient
import Logging
import ServiceLifecycle
import SignalRunnerTesting
import Signals
import Testing

@testable import LiveServer

/// Bytes a raw client received, and whether the server closed the connection.
final class Bytes: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [UInt8] = []
    private var closed = false
    func append(_ bytes: [UInt8]) { lock.withLock { storage += bytes } }
    func finish() { lock.withLock { closed = true } }
    var values: [UInt8] { lock.withLock { storage } }
    var finished: Bool { lock.withLock { closed } }
}

/// The application as `signals-serve` runs it: a service group whose graceful shutdown (SIGINT, SIGTERM)
/// must close every open stream and end.
@Suite(.timeLimit(.minutes(5))) struct ApplicationTests {
    @Test(
        "graceful shutdown with open SSE and WebSocket streams: every stream ends cleanly, the feed closes, the group returns"
    )
    func shutdownWithOpenStreams() async throws {
        let f = try ManualFeed(TestSpecs.sine)
        let (ports, port) = AsyncStream<Int>.makeStream()
        let app = buildApplication(feed: f.feed, configuration: LiveServerConfiguration(port: 0)) {
            port.yield($0.port)
        }
        let logger = {
            var logger = Logger(label: "shutdown-test")
            logger.logLevel = .warning
            return logger
        }()
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let bound = try #require(await iterator.next())
            try await f.clock.awaitSleepers()  // the feed service started playing
            var streams: [AsyncSSEClient] = []
            for _ in 0..<3 { streams.append(try await AsyncSSEClient.open(port: bound, path: "/v1/stream")) }
            // A raw WebSocket client: it reads until the server closes the connection, and keeps every
            // byte, so the test sees the server's own close frame. (HummingbirdWSClient's connect may not
            // return after the server closes, which would leave the test waiting for ever.)
            let webSocket = try await AsyncTestConnection.connect(port: bound)
            try await webSocket.send(
                "GET /v1/ws HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
            )
            let socket = Bytes()
            tasks.addTask {
                while let bytes = try await webSocket.next() { socket.append(bytes) }
                socket.finish()
            }
            var comments: [String] = []
            for stream in streams { #expect(try await stream.nextEvent(comments: &comments)?.id == 0) }
            try await f.advance(points: 3)
            try await ConnectionLimiterTests.waitUntil("the server counts the WebSocket client") {
                f.feed.status.clients.ws > 0
            }
            await group.triggerGracefulShutdown()
            for stream in streams {
                var ids: [Int] = []
                while let event = try await stream.nextEvent(comments: &comments) { ids.append(event.id) }
                // Points already made may or may not go out before the close; then the stream ends.
                #expect(ids == ids.sorted())
                #expect(ids.allSatisfy { (1...3).contains($0) })
                await stream.close()
            }
            try await tasks.waitForAll()
            let received = socket.values
            #expect(socket.finished)
            #expect(String(decoding: received.prefix(34), as: UTF8.self) == "HTTP/1.1 101 Switching Protocols\r\n")
            // After the head: text frames (points), then the server's close frame, then nothing.
            let head = try #require(received.firstRange(of: Array("\r\n\r\n".utf8)))
            // Read as a client reads them (Formats' WebSocketFrameReader: every RFC 6455 rule checked).
            var reader = WebSocketFrameReader()
            var messages: [Formats.WebSocketMessage] = []
            try reader.feed(Array(received[head.upperBound...]), into: &messages)
            #expect(reader.pendingBytes == 0, "bytes after the last whole frame")
            #expect(messages.dropLast().allSatisfy { if case .text = $0 { true } else { false } }, "\(messages)")
            let closeCode: UInt16? = if case .close(let code, _) = try #require(messages.last) { code } else { nil }
            let code = try #require(closeCode, "the last message is not a close frame with a status: \(messages)")
            #expect(code == 1000 || code == 1001, "close code \(code)")
            #expect(f.feed.isClosed)
            #expect(f.feed.status.clients == FeedStatus.Clients(sse: 0, ws: 0, polling: 0))
        }
    }

    /// Configurations that `validated()` refuses: a port out of range, a bad host, and each bad feed option.
    static let invalidConfigurations: [LiveServerConfiguration] = [
        LiveServerConfiguration(port: 65536),
        LiveServerConfiguration(host: "a b"),
        LiveServerConfiguration(feed: FeedOptions(sampleRate: 0)),
        LiveServerConfiguration(feed: FeedOptions(replaySeconds: 5)),
        LiveServerConfiguration(feed: FeedOptions(batchLimit: 0)),
        LiveServerConfiguration(feed: FeedOptions(speed: .nan)),
        LiveServerConfiguration(feed: FeedOptions(writeWindow: .milliseconds(51))),
        LiveServerConfiguration(feed: FeedOptions(writeWindow: .milliseconds(-1))),
    ]

    @Test(
        "configuration checks: a port out of range, a bad host or feed option is an invalid argument",
        arguments: invalidConfigurations)
    func invalidConfiguration(_ configuration: LiveServerConfiguration) {
        #expect(#expect(throws: SignalError.self) { try configuration.validated() }?.code == .invalidArgument)
    }

    @Test("configuration checks: port range, host, the exposed warning, the URL printed")
    func configuration() throws {
        #expect(try FeedOptions(writeWindow: .zero).validated().writeWindow == .zero)
        #expect(try FeedOptions(writeWindow: .milliseconds(50)).validated().writeWindow == .milliseconds(50))
        #expect(try LiveServerConfiguration(port: 0).validated().port == 0)
        #expect(!LiveServerConfiguration(host: "127.0.0.1").isExposed)
        // One rule with the client's: brackets and case do not make loopback exposed.
        #expect(!LiveServerConfiguration(host: "[::1]").isExposed)
        #expect(!LiveServerConfiguration(host: "LOCALHOST").isExposed)
        #expect(LiveServerConfiguration(host: "[::]").isExposed)
        #expect(!LiveServerConfiguration(host: "::1").isExposed)
        #expect(LiveServerConfiguration(host: "0.0.0.0").isExposed)
        #expect(LiveServerConfiguration(host: "192.168.1.2").isExposed)
        #expect(LiveServerConfiguration(host: "::1").url(port: 80) == "http://[::1]:80")
        #expect(LiveServerConfiguration().url(port: 8080) == "http://127.0.0.1:8080")
    }

    @Test("errors are JSON with their status; the path only when there is one; user text is escaped")
    func errors() {
        let error = LiveServerError(.badRequest, "bad \"x\"\n", path: "$.a")
        #expect(error.json == #"{"error":"bad \"x\"\n","path":"$.a"}"#)
        #expect(error.status == 400)
        #expect(error.description == "$.a: bad \"x\"\n")
        #expect(LiveServerError(.notFound, "gone").json == #"{"error":"gone"}"#)
        let statuses = [
            LiveServerError.Code.badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .tooLarge,
            .unsupportedMediaType, .misdirected, .unavailable, .internalError,
        ]
        .map { LiveServerError($0, "").status }
        #expect(statuses == [400, 401, 403, 404, 405, 413, 415, 421, 503, 500])
    }
}

/// Errors answer as JSON through `HTTPResponseError`; a fault of the server says nothing of itself.
@Suite struct ErrorResponseTests {
    struct SecretFault: Error, CustomStringConvertible {
        var description: String { "SecretFault at /srv/internal/path" }
    }

    func app() -> some ApplicationProtocol {
        let router = Router(context: LiveRequestContext.self)
        router.add(middleware: JSONErrorMiddleware())
        router.get("/fault") { _, _ -> String in throw SecretFault() }
        router.get("/refused") { _, _ -> String in throw LiveServerError(.badRequest, "no \"x\"", path: "$.x") }
        router.get("/framework") { _, _ -> String in throw HTTPError(.requestHeaderFieldsTooLarge) }
        return Application(router: router)
    }

    @Test func aThrownLiveServerErrorIsItsOwnJSONResponse() async throws {
        try await app().test(.router) { client in
            let response = try await client.execute(uri: "/refused", method: .get)
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == #"{"error":"no \"x\"","path":"$.x"}"# + "\n")
        }
    }

    @Test func anInternalFaultIsA500WithoutItsDetails() async throws {
        try await app().test(.router) { client in
            let response = try await client.execute(uri: "/fault", method: .get)
            #expect(response.status == .internalServerError)
            #expect(String(buffer: response.body) == #"{"error":"internal error"}"# + "\n")
        }
    }

    @Test func aFrameworkErrorKeepsItsStatusInJSON() async throws {
        try await app().test(.router) { client in
            let response = try await client.execute(uri: "/framework", method: .get)
            #expect(response.status == .requestHeaderFieldsTooLarge)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        }
    }

    @Test func statusAndStatusCodeAgree() {
        for code in LiveServerError.Code.allCases {
            let error = LiveServerError(code, "")
            #expect(error.status.code == error.statusCode)
        }
    }
}
