import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import SignalRunnerTesting
import Testing

@testable import LiveServer

/// The server as `signals-serve` runs it (a service group on real sockets), with the addresses it listens
/// on, until `body` returns; then a graceful shutdown. With a `limiter`, the server counts its connections
/// there (the test watches its counts); else in one of its own.
func withRunningServer<Value: Sendable>(
    _ configuration: LiveServerConfiguration = LiveServerConfiguration(port: 0),
    spec: String = TestSpecs.sine, limiter: ConnectionLimiter? = nil,
    _ body: @Sendable (ListeningAddresses, ServiceGroup, ManualFeed) async throws -> Value
) async throws -> Value {
    let f = try ManualFeed(spec)
    let (addresses, address) = AsyncStream<ListeningAddresses>.makeStream()
    let app = buildApplication(feed: f.feed, configuration: configuration, limiter: limiter) { address.yield($0) }
    var logger = Logger(label: "guard-test")
    logger.logLevel = .warning
    let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
    return try await withThrowingTaskGroup(of: Value?.self) { tasks in
        tasks.addTask {
            try await group.run()
            return nil
        }
        var iterator = addresses.makeAsyncIterator()
        let listening = try #require(await iterator.next())
        try await f.clock.awaitSleepers()
        let value = try await body(listening, group, f)
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
        return value
    }
}

extension LiveServerConfiguration {
    /// The default configuration on port 0 (a free port the system picks), changed by `change`.
    static func onAFreePort(_ change: (inout LiveServerConfiguration) -> Void) -> LiveServerConfiguration {
        var configuration = LiveServerConfiguration(port: 0)
        change(&configuration)
        return configuration
    }
}

/// The server on `f`'s feed in a service group on real sockets, for a test of its graceful shutdown:
/// `body` gets the port, the group (to trigger the shutdown) and a stream that finishes when the group's
/// run has returned; then the group's task is awaited.
func withServerToShutDown(
    _ f: ManualFeed, label: String, logLevel: Logger.Level, shutdownGrace: Duration = .seconds(1),
    _ body: (_ port: Int, ServiceGroup, _ finished: AsyncStream<Void>) async throws -> Void
) async throws {
    let (addresses, address) = AsyncStream<ListeningAddresses>.makeStream()
    let configuration = LiveServerConfiguration.onAFreePort { $0.shutdownGrace = shutdownGrace }
    let app = buildApplication(feed: f.feed, configuration: configuration) { address.yield($0) }
    var logger = Logger(label: label)
    logger.logLevel = logLevel
    let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
    let (finished, finish) = AsyncStream<Void>.makeStream()
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            try await group.run()
            finish.finish()
        }
        var iterator = addresses.makeAsyncIterator()
        let port = try #require(await iterator.next()).port
        try await f.clock.awaitSleepers()
        try await body(port, group, finished)
        try await tasks.waitForAll()
    }
}

/// Every request gets an answer: malformed ones a 4xx with a short JSON reason, and a closed connection.
@Suite(.timeLimit(.minutes(5))) struct ConnectionGuardTests {
    static let key = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"

    /// Runs `body` with one connection to a running server (see ``withRunningServer(_:spec:limiter:_:)``),
    /// closed when `body` returns.
    static func withConnection(_ body: @Sendable (AsyncTestConnection) async throws -> Void) async throws {
        try await withRunningServer { listening, _, _ in
            let connection = try await AsyncTestConnection.connect(port: listening.port)
            do {
                try await body(connection)
            } catch {
                await connection.close()
                throw error
            }
            await connection.close()
        }
    }

    /// Reads `connection` to its close: the answer must have `status` (its status line's code and reason)
    /// and a JSON `error` that contains `reason`, which is returned with the whole answer.
    static func expectRefusal(
        _ connection: AsyncTestConnection, _ name: String, status: String, reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (text: String, message: String) {
        let text = try #require(
            try await connection.readToClose(), "\(name): the connection was not closed", sourceLocation: sourceLocation
        )
        #expect(
            text.hasPrefix("HTTP/1.1 \(status)\r\n"), "\(name): \(text.prefix(200))", sourceLocation: sourceLocation)
        let body = try #require(
            text.components(separatedBy: "\r\n\r\n").dropFirst().first, "\(name)", sourceLocation: sourceLocation)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(name): \(body)",
            sourceLocation: sourceLocation)
        let message = try #require(json["error"] as? String, "\(name)", sourceLocation: sourceLocation)
        #expect(message.contains(reason), "\(name): \(message)", sourceLocation: sourceLocation)
        return (text, message)
    }

    /// (what the client sends, the status line expected, a word of the reason)
    static let malformed: [(String, [UInt8], String, String)] = [
        ("not HTTP", Array("HELLO\r\n\r\n".utf8), "400 Bad Request", "request line"),
        (
            "an unknown method", Array("BREW /data HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), "501 Not Implemented",
            "'BREW'"
        ),
        ("HTTP/0.9", Array("GET /\r\n".utf8), "400 Bad Request", "HTTP/0.9"),
        ("the HTTP/2 preface", Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8), "400 Bad Request", "HTTP/2"),
        (
            "a 200 KB header",
            Array(
                ("GET /data HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "a", count: 200_000)
                    + "\r\n\r\n").utf8),
            "431 Request Header Fields Too Large", "too large"
        ),
        (
            "10,000 headers",
            Array(
                ("GET /data HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (0..<10_000).map { "X-\($0): 1\r\n" }.joined() + "\r\n")
                    .utf8),
            "431 Request Header Fields Too Large", "1000 fields"
        ),
        (
            "Content-Length: -5", Array("POST /update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n".utf8),
            "400 Bad Request", "Content-Length"
        ),
        (
            "two Content-Lengths",
            Array("POST /update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8),
            "400 Bad Request", "Content-Length"
        ),
        (
            "Content-Length with chunked",
            Array(
                "POST /update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
                    .utf8),
            "400 Bad Request", "Transfer-Encoding"
        ),
        ("bare LF lines", Array("GET /data HTTP/1.1\nHost: 127.0.0.1\n\n".utf8), "400 Bad Request", "bare LF"),
        (
            "a header without a colon", Array("GET /data HTTP/1.1\r\nHost: 127.0.0.1\r\nNoColonHere\r\n\r\n".utf8),
            "400 Bad Request", "colon"
        ),
        (
            "a bad chunk size",
            Array(
                "POST /update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
                    .utf8),
            "400 Bad Request", "chunk"
        ),
        (
            "Transfer-Encoding: gzip",
            Array(
                "POST /update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n{}"
                    .utf8),
            "400 Bad Request", "must end with chunked"
        ),
        (
            "a WebSocket handshake without a key",
            Array(
                "GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\r\n"
                    .utf8),
            "400 Bad Request", "Sec-WebSocket-Key is missing"
        ),
        (
            "a WebSocket handshake of version 8",
            Array(
                ("GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 8\r\n"
                    + key + "\r\n").utf8),
            "400 Bad Request", "Sec-WebSocket-Version must be 13"
        ),
        (
            "Upgrade: foo on /v1/ws",
            Array(
                ("GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: foo\r\nSec-WebSocket-Version: 13\r\n"
                    + key + "\r\n").utf8),
            "400 Bad Request", "Upgrade must be websocket"
        ),
        (
            "a WebSocket handshake with a bad query",
            Array(
                ("GET /v1/ws?rate=x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                    + key + "\r\n").utf8),
            "400 Bad Request", "'rate'"
        ),
    ]

    @Test(
        "each malformed request gets its 4xx with a JSON reason (no internal names), and its connection closed",
        arguments: malformed)
    func malformedRequests(name: String, bytes: [UInt8], status: String, reason: String) async throws {
        try await Self.withConnection { connection in
            try await connection.send(bytes)
            let (text, message) = try await Self.expectRefusal(connection, name, status: status, reason: reason)
            #expect(text.contains("\r\nConnection: close\r\n"), "\(name)")
            for leak in ["HTTPParserError", "NIO", "Error(", "internal error"] {
                #expect(!message.contains(leak), "\(name): \(message)")
            }
        }
    }

    @Test(
        "a malformed later request on a kept-alive connection gets its 4xx with the JSON reason too, and the connection closed",
        arguments: [
            ("not HTTP", "HELLO\r\n\r\n", "400 Bad Request", "request line"),
            (
                "a header without a colon", "GET /data HTTP/1.1\r\nHost: 127.0.0.1\r\nNoColonHere\r\n\r\n",
                "400 Bad Request", "colon"
            ),
            (
                "a 200 KB header",
                "GET /data HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "a", count: 200_000)
                    + "\r\n\r\n",
                "431 Request Header Fields Too Large", "too large"
            ),
        ])
    func malformedLaterRequest(name: String, second: String, status: String, reason: String) async throws {
        try await Self.withConnection { connection in
            try await connection.send("GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // The first answer whole (its Content-Length of body read), so the next request comes between two.
            var first = ""
            while true {
                if let end = first.range(of: "\r\n\r\n"),
                    let line = first[..<end.lowerBound].split(separator: "\r\n").first(where: {
                        $0.lowercased().hasPrefix("content-length:")
                    }),
                    let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
                    first[end.upperBound...].utf8.count >= length
                {
                    break
                }
                guard let bytes = try await connection.next() else { break }
                first += String(decoding: bytes, as: UTF8.self)
            }
            #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(name): \(first.prefix(200))")
            try await connection.send(second)
            _ = try await Self.expectRefusal(connection, name, status: status, reason: reason)
        }
    }

    @Test("a transfer coding other than chunked is 501, and the connection serves the next request")
    func unsupportedTransferCoding() async throws {
        try await Self.withConnection { connection in
            try await connection.send(
                "POST /update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
                    + "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let text = try #require(try await connection.readToClose())
            #expect(text.hasPrefix("HTTP/1.1 501 Not Implemented\r\n"), "\(text.prefix(200))")
            #expect(text.contains("HTTP/1.1 200 OK\r\n"), "\(text)")
        }
    }

    @Test(
        "a connection that sends part of a head within the head timeout gets 408 and is closed; one that sends nothing is closed"
    )
    func headTimeout() async throws {
        // Long enough that the server has read the partial head before the timeout fires even on a loaded
        // machine (at 200 ms a full test run could time the connection out before reading its bytes: the
        // "silent" case, closed with them unread, which the client sees as a reset).
        try await withRunningServer(.onAFreePort { $0.headTimeout = .seconds(2) }) { listening, _, _ in
            let slow = try await AsyncTestConnection.connect(port: listening.port)
            try await slow.send("GET /data HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let silent = try await AsyncTestConnection.connect(port: listening.port)
            let answer = try #require(try await slow.readToClose(), "the slow connection was not closed")
            #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer)")
            #expect(try await silent.readToClose() == "")
            await slow.close()
            await silent.close()
        }
    }

    @Test("a request line with Upgrade: h2c elsewhere is answered over HTTP/1.1 (the upgrade ignored)")
    func otherUpgradesIgnored() async throws {
        try await Self.withConnection { connection in
            try await connection.send(
                "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n\r\n"
            )
            var text = ""
            while !text.contains("\r\n\r\n"), let bytes = try await connection.next() {
                text += String(decoding: bytes, as: UTF8.self)
            }
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text.prefix(200))")
        }
    }

    @Test(
        "graceful shutdown with an idle connection, a half-sent head, a half-sent body and an SSE stream: all close, the group returns"
    )
    func shutdownClosesEveryConnection() async throws {
        let f = try ManualFeed(TestSpecs.sine)
        // The SSE client reads, so it gets its last comment however slowly a loaded machine writes it: the
        // grace is long here (the three others are closed at once, not after it).
        try await withServerToShutDown(f, label: "shutdown-test", logLevel: .warning, shutdownGrace: .seconds(30)) {
            port, group, finished in
            let idle = try await AsyncTestConnection.connect(port: port)
            let halfHead = try await AsyncTestConnection.connect(port: port)
            try await halfHead.send("GET /data HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let halfBody = try await AsyncTestConnection.connect(port: port)
            try await halfBody.send(
                "POST /update HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"
            )
            let stream = try await AsyncSSEClient.open(port: port, path: "/v1/stream")
            var comments: [String] = []
            #expect(try await stream.nextEvent(comments: &comments)?.id == 0)
            // The half-sent body has reached the route (it waits for the rest) before the shutdown. The waits
            // are events with a generous bound: how soon they come is the machine's.
            await group.triggerGracefulShutdown()
            #expect(await arrives(finished, within: .seconds(60)), "shutdown blocked for 60 s")
            // None of the three is answered: the server closes each. The idle one sent nothing, so its close is
            // a clean end of file. The other two may still have bytes in the server's socket that it never
            // read (under load the half head or body can arrive after the close), and closing a socket with
            // unread bytes is a reset in TCP: for a connection that gets no answer, a reset loses nothing.
            #expect(
                try await idle.end(limit: .seconds(60)) == .closed(""),
                "the idle connection was not closed cleanly, without an answer, within 60 s")
            await idle.close()
            for (name, connection) in [("half-sent head", halfHead), ("half-sent body", halfBody)] {
                let end = try await connection.end(limit: .seconds(60))
                #expect(
                    end == .closed("") || end == .reset(""),
                    "the \(name) connection was not closed without an answer within 60 s: \(end)")
                await connection.close()
            }
            while try await stream.nextEvent(comments: &comments) != nil {}
            #expect(comments.last == "the server is shutting down", "\(comments)")
            await stream.close()
        }
    }

    @Test(
        "graceful shutdown with 100 streams (50 SSE, 50 WebSocket) and an idle connection: every stream ends with its last comment or close frame"
    )
    func shutdownEndsAHundredStreams() async throws {
        // These clients read, so each gets its ending however long the server's threads take to write 100 of
        // them on a loaded machine: the grace is long here. A client that stops reading is closed after the
        // default grace whatever its socket holds (shutdownWithStalledClients).
        try await withRunningServer(.onAFreePort { $0.shutdownGrace = .seconds(60) }) { listening, group, _ in
            let port = listening.port
            let idle = try await AsyncTestConnection.connect(port: port)
            var streams: [(AsyncTestConnection, Bool)] = []
            for k in 0..<100 {
                let webSocket = k % 2 == 1
                let connection = try await AsyncTestConnection.connect(port: port)
                try await connection.send(
                    webSocket
                        ? "GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\(Self.key)\r\n"
                        : "GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                streams.append((connection, webSocket))
            }
            // Every stream has its first point (point 0) before the shutdown.
            var heads: [String] = []
            for (connection, _) in streams {
                var text = ""
                while !text.contains("\"timestamp\""), let bytes = try await connection.next() {
                    text += String(decoding: bytes, as: UTF8.self)
                }
                heads.append(text)
            }
            await group.triggerGracefulShutdown()
            // Each close is an event awaited with a generous bound (how soon is the machine's).
            var ends: [[UInt8]] = []
            for (connection, _) in streams {
                ends.append(try await connection.readBytesToClose(limit: .seconds(60)) ?? Array("(not closed)".utf8))
                await connection.close()
            }
            #expect(try await idle.readToClose(limit: .seconds(60)) != nil)
            await idle.close()
            for ((_, webSocket), (head, end)) in zip(streams, zip(heads, ends)) {
                if webSocket {
                    #expect(head.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"), "\(head.prefix(80))")
                    // A close frame (FIN + opcode 8, unmasked) with a status, then the close: 1000 from the
                    // WebSocket handler's own shutdown, or 1001 (going away) from the stream's end.
                    let close = end.firstRange(of: [0x88])
                    let status = close.map { Array(end[$0.upperBound...].dropFirst().prefix(2)) }
                    #expect(status == [0x03, 0xE8] || status == [0x03, 0xE9], "no close frame: \(end.suffix(40))")
                } else {
                    #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(head.prefix(80))")
                    let text = String(decoding: end, as: UTF8.self)
                    #expect(text.hasSuffix(": the server is shutting down\n\n\r\n0\r\n\r\n"), "\(text.suffix(80))")
                }
            }
        }
    }

    /// Clients that stopped reading: `count` SSE and `count` WebSocket streams, each on a socket with a tiny
    /// receive buffer that is never read, sent a replay of megabytes so that every socket is full and the
    /// server's channel stays unwritable. A graceful shutdown then finishes anyway (its last writes are
    /// abandoned): an event awaited with a generous bound, no timing.
    @Test(
        "graceful shutdown with stalled SSE and WebSocket clients (full sockets, never read) finishes",
        arguments: [1, 5])
    func shutdownWithStalledClients(count: Int) async throws {
        // 30,000 motion points of about 250 bytes: 7 MB per stream, more than the kernel's largest send
        // buffer (4 MB by default on Linux) and NIO's 64 KiB high-water mark together.
        let points = 30_000
        let f = try ManualFeed(TestSpecs.shake, rate: 1000, replaySeconds: 40)
        try await withServerToShutDown(f, label: "stalled-shutdown-test", logLevel: .critical) {
            port, group, finished in
            try await f.advance(points: points)
            var stalled: [AsyncTestConnection] = []
            for _ in 0..<count {
                let sse = try await AsyncTestConnection.connect(port: port, receiveBuffer: 1024)
                try await sse.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 0\r\n\r\n")
                let webSocket = try await AsyncTestConnection.connect(port: port, receiveBuffer: 1024)
                try await webSocket.send(
                    "GET /v1/ws?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\(Self.key)\r\n"
                )
                stalled += [sse, webSocket]
            }
            // The event the shutdown must survive: every stream's channel has stopped being writable.
            try await ConnectionLimiterTests.waitUntil(
                "every stalled stream's socket is full (\(2 * count) unwritable channels)"
            ) {
                f.feed.fanOut.unwritableStreams == 2 * count
            }
            await group.triggerGracefulShutdown()
            let done = await arrives(finished, within: .seconds(60))
            #expect(
                done, "shutdown blocked: \(count) stalled SSE and \(count) stalled WebSocket clients held it for 60 s")
            // Closing the clients releases a server that waited on them, so the test ends either way.
            for connection in stalled { await connection.close() }
        }
        #expect(f.feed.isClosed)
    }

    @Test("by default both loopbacks answer, 127.0.0.1 and ::1, on one port; every address is reported")
    func bothLoopbacks() async throws {
        try await withRunningServer { listening, _, _ in
            #expect(listening.urls.first == "http://127.0.0.1:\(listening.port)")
            for host in ["127.0.0.1", "::1"] {
                if host == "::1", !listening.notes.isEmpty {
                    // Recorded, not dropped: a machine with no IPv6 loopback serves 127.0.0.1 alone.
                    withKnownIssue("this machine has no IPv6 loopback: \(listening.notes)") {
                        Issue.record("::1 not served")
                    }
                    continue
                }
                let connection = try await AsyncTestConnection.connect(host: host, port: listening.port)
                try await connection.send("GET /v1/status HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                let text = try #require(try await connection.readToClose(), "\(host)")
                await connection.close()
                #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(host): \(text.prefix(100))")
            }
            if listening.notes.isEmpty {
                #expect(listening.urls == ["http://127.0.0.1:\(listening.port)", "http://[::1]:\(listening.port)"])
            }
        }
    }

    @Test("--host [::1] binds ::1 alone: its URL once bracketed, and 127.0.0.1 refused")
    func bracketedIPv6Host() async throws {
        let configuration = try LiveServerConfiguration(host: "[::1]", port: 0).validated()
        #expect(configuration.host == "::1")
        #expect(!configuration.isExposed)
        #expect(!configuration.isWildcard)
        #expect(configuration.url(port: 80) == "http://[::1]:80")
        try await withRunningServer(configuration) { listening, _, _ in
            #expect(listening.urls == ["http://[::1]:\(listening.port)"])
            let connection = try await AsyncTestConnection.connect(host: "::1", port: listening.port)
            try await connection.send("GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(try await connection.readToClose()?.hasPrefix("HTTP/1.1 200 OK\r\n") == true)
            await connection.close()
            var refused = false
            do {
                let other = try await AsyncTestConnection.connect(host: "127.0.0.1", port: listening.port)
                await other.close()
            } catch {
                refused = true
            }
            #expect(refused, "127.0.0.1 answered though only ::1 was asked for")
        }
    }

    @Test("the status of each decoder error, and an unknown method told from bytes that are not HTTP")
    func statuses() {
        #expect(MalformedRequest.requestLineMethod(Array("BREW /x HTTP/1.1\r\n".utf8)) == "BREW")
        #expect(MalformedRequest.requestLineMethod(Array("HELLO\r\n".utf8)) == nil)
        #expect(MalformedRequest.refusal(for: HTTPParserError.headerOverflow)?.statusCode == 431)
        #expect(
            MalformedRequest.refusal(for: HTTPParserError.invalidMethod, start: Array("BREW /x HTTP/1.1\r\n".utf8))?
                .statusCode == 501)
        #expect(
            MalformedRequest.refusal(for: HTTPParserError.invalidMethod, start: Array("HELLO\r\n".utf8))?.statusCode
                == 400)
        #expect(MalformedRequest.refusal(for: TestingError.failure("not a parser error")) == nil)
    }
}
