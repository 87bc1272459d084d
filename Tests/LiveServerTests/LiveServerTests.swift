import Foundation
import Hummingbird
import HummingbirdWSClient
@testable import LiveServer
import Logging
import ServiceLifecycle
import Testing

/// The application as `signals-serve` runs it: a service group whose graceful shutdown (SIGINT, SIGTERM)
/// must close every open stream and end.
@Suite(.timeLimit(.minutes(1))) struct ApplicationTests {
    @Test("graceful shutdown with open SSE and WebSocket streams: every stream ends cleanly, the feed closes, the group returns")
    func shutdownWithOpenStreams() async throws {
        let f = try ManualFeed(TestSpecs.sine)
        let (ports, port) = AsyncStream<Int>.makeStream()
        let app = buildApplication(feed: f.feed, configuration: LiveServerConfiguration(port: 0)) { port.yield($0) }
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
            await f.clock.waitForSleepers()                      // the feed service started playing
            var streams: [SSEClient] = []
            for _ in 0 ..< 3 { streams.append(try await SSEClient.open(port: bound, path: "/v1/stream")) }
            let socket = Messages()
            tasks.addTask {
                let close = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(bound)/v1/ws", logger: logger) { inbound, _, _ in
                    for try await message in inbound.messages(maxSize: 1 << 16) {
                        if case .text(let text) = message { socket.append(text) }
                    }
                }
                socket.append("closed: \(String(describing: close?.closeCode))")
            }
            var comments: [String] = []
            for stream in streams { #expect(try await stream.nextEvent(comments: &comments)?.id == 0) }
            await f.advance(points: 3)
            while f.feed.status.clients.ws == 0 { await Task.yield() }
            await group.triggerGracefulShutdown()
            for stream in streams {
                var ids: [Int] = []
                while let event = try await stream.nextEvent(comments: &comments) { ids.append(event.id) }
                // Points already made may or may not go out before the close; then the stream ends.
                #expect(ids == ids.sorted() && ids.allSatisfy { (1 ... 3).contains($0) })
                await stream.close()
            }
            try await tasks.waitForAll()
            #expect(socket.values.last?.hasPrefix("closed") == true)
            #expect(f.feed.isClosed)
            #expect(f.feed.status.clients == FeedStatus.Clients(sse: 0, ws: 0, polling: 0))
        }
    }

    @Test("configuration checks: port range, host, the exposed warning, the URL printed")
    func configuration() throws {
        #expect(throws: LiveServerError.self) { try LiveServerConfiguration(port: 65536).validated() }
        #expect(throws: LiveServerError.self) { try LiveServerConfiguration(host: "a b").validated() }
        #expect(throws: LiveServerError.self) { try LiveServerConfiguration(feed: FeedOptions(sampleRate: 0)).validated() }
        #expect(throws: LiveServerError.self) { try LiveServerConfiguration(feed: FeedOptions(replaySeconds: 5)).validated() }
        #expect(throws: LiveServerError.self) { try LiveServerConfiguration(feed: FeedOptions(batchLimit: 0)).validated() }
        #expect(throws: LiveServerError.self) { try LiveServerConfiguration(feed: FeedOptions(speed: .nan)).validated() }
        #expect(try LiveServerConfiguration(port: 0).validated().port == 0)
        #expect(!LiveServerConfiguration(host: "127.0.0.1").isExposed && !LiveServerConfiguration(host: "::1").isExposed)
        #expect(LiveServerConfiguration(host: "0.0.0.0").isExposed && LiveServerConfiguration(host: "192.168.1.2").isExposed)
        #expect(LiveServerConfiguration(host: "::1").url(port: 80) == "http://[::1]:80")
        #expect(LiveServerConfiguration().url(port: 8080) == "http://127.0.0.1:8080")
    }

    @Test("errors are JSON with their status; the path only when there is one; user text is escaped")
    func errors() {
        let error = LiveServerError(.badRequest, "bad \"x\"\n", path: "$.a")
        #expect(error.json == #"{"error":"bad \"x\"\n","path":"$.a"}"#)
        #expect(error.status == 400 && error.description == "$.a: bad \"x\"\n")
        #expect(LiveServerError(.notFound, "gone").json == #"{"error":"gone"}"#)
        let statuses = [LiveServerError.Code.badRequest, .notFound, .methodNotAllowed, .tooLarge, .unsupportedMediaType, .unavailable, .internalError]
            .map { LiveServerError($0, "").status }
        #expect(statuses == [400, 404, 405, 413, 415, 503, 500])
    }
}
