import Foundation
import NIOCore
import SignalRunnerTesting
import Signals
import Synchronization
import Testing

@testable import LiveServer

/// Connection limits: in all (`--max-connections`), per peer (`--max-connections-per-peer`), and idle
/// connections evicted oldest first, so that neither many connections nor many idle sockets keep out a
/// client that sends its request.
@Suite(.timeLimit(.minutes(5))) struct ConnectionLimiterTests {
    // MARK: The limiter alone

    /// A limiter, and the ids it evicted (in order).
    final class Evictions: Sendable {
        let evicted = Mutex<[Int]>([])
        func action(_ n: Int) -> @Sendable () -> Void { { self.evicted.withLock { $0.append(n) } } }
        var list: [Int] { evicted.withLock { $0 } }
    }

    static func ticket(
        _ admission: ConnectionLimiter.Admission, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ConnectionLimiter.Ticket {
        guard case .admitted(let ticket) = admission else {
            Issue.record("refused: \(admission)", sourceLocation: sourceLocation)
            throw TestingError.failure("refused")
        }
        return ticket
    }

    static func refusal(_ admission: ConnectionLimiter.Admission) -> LiveServerError? {
        if case .refused(let error) = admission { return error }
        return nil
    }

    /// Admits a connection from each of `peers`, then asks for one more from `peer`, which must be refused
    /// with 503: the first connection's ticket, and the refusal.
    static func fill(
        _ limiter: ConnectionLimiter, from peers: [String], thenRefuse peer: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (first: ConnectionLimiter.Ticket, refused: LiveServerError) {
        let tickets = try peers.map { try ticket(limiter.admit(peer: $0) {}, sourceLocation: sourceLocation) }
        let refused = try #require(refusal(limiter.admit(peer: peer) {}), sourceLocation: sourceLocation)
        #expect(refused.statusCode == 503, sourceLocation: sourceLocation)
        return (try #require(tickets.first, sourceLocation: sourceLocation), refused)
    }

    @Test(
        "the total limit: one connection more is refused (503, naming the limit, the count and the flag) and never counted; a release makes room"
    )
    func totalLimit() throws {
        let limiter = ConnectionLimiter(.init(total: 2, perPeer: 10, idle: 10))
        let (a, refused) = try Self.fill(limiter, from: ["10.0.0.1", "10.0.0.2"], thenRefuse: "10.0.0.3")
        #expect(refused.code == .unavailable)
        #expect(refused.message.contains("2 connections open"), "\(refused.message)")
        #expect(refused.message.contains("--max-connections 2"), "\(refused.message)")
        #expect(limiter.counts == .init(open: 2, idle: 2, peers: 2))  // the refused one is not counted
        limiter.release(a)
        #expect(limiter.counts == .init(open: 1, idle: 1, peers: 1))
        _ = try Self.ticket(limiter.admit(peer: "10.0.0.3") {})
        #expect(limiter.counts.open == 2)
    }

    @Test("the per-peer limit counts an address over all its ports, and other addresses are still admitted")
    func perPeerLimit() throws {
        let limiter = ConnectionLimiter(.init(total: 10, perPeer: 2, idle: 10))
        let (a, refused) = try Self.fill(limiter, from: ["127.0.0.1", "127.0.0.1"], thenRefuse: "127.0.0.1")
        #expect(refused.message.contains("127.0.0.1 has 2 connections open"), "\(refused.message)")
        #expect(refused.message.contains("--max-connections-per-peer 2"), "\(refused.message)")
        _ = try Self.ticket(limiter.admit(peer: "127.0.0.2") {})
        #expect(limiter.counts == .init(open: 3, idle: 3, peers: 2))
        limiter.release(a)
        _ = try Self.ticket(limiter.admit(peer: "127.0.0.1") {})
        #expect(limiter.counts == .init(open: 3, idle: 3, peers: 2))
    }

    @Test("over the idle bound, the oldest idle connection is evicted; one whose head arrived never is")
    func idleEviction() throws {
        let limiter = ConnectionLimiter(.init(total: 100, perPeer: 100, idle: 2))
        let evictions = Evictions()
        let first = try Self.ticket(limiter.admit(peer: "p", evict: evictions.action(0)))
        _ = try Self.ticket(limiter.admit(peer: "p", evict: evictions.action(1)))
        #expect(evictions.list.isEmpty)
        limiter.endIdle(first)  // its head arrived: no longer idle
        _ = try Self.ticket(limiter.admit(peer: "p", evict: evictions.action(2)))
        #expect(evictions.list.isEmpty)  // 1 and 2 idle: within the bound
        _ = try Self.ticket(limiter.admit(peer: "p", evict: evictions.action(3)))
        #expect(evictions.list == [1])  // the oldest idle one, not 0
        _ = try Self.ticket(limiter.admit(peer: "p", evict: evictions.action(4)))
        #expect(evictions.list == [1, 2])
        #expect(limiter.counts == .init(open: 5, idle: 2, peers: 1))  // evicted ones count until they close
        limiter.endIdle(first)  // twice: nothing
        #expect(limiter.counts.idle == 2)
    }

    @Test("a peer is its IP address: the port is ignored, an IPv4 address mapped into IPv6 is the IPv4 address")
    func peerKey() throws {
        #expect(ConnectionLimiter.peer(of: try SocketAddress(ipAddress: "127.0.0.1", port: 5000)) == "127.0.0.1")
        #expect(ConnectionLimiter.peer(of: try SocketAddress(ipAddress: "127.0.0.1", port: 5001)) == "127.0.0.1")
        #expect(ConnectionLimiter.peer(of: try SocketAddress(ipAddress: "::ffff:10.1.2.3", port: 80)) == "10.1.2.3")
        #expect(ConnectionLimiter.peer(of: try SocketAddress(ipAddress: "::1", port: 80)) == "::1")
        #expect(ConnectionLimiter.peer(of: nil) == "local")
    }

    @Test("limits below 1 are refused, naming the flag; the defaults are 4096, 1024 and 128")
    func validation() throws {
        var total = LiveServerConfiguration(port: 0)
        total.maxConnections = 0
        #expect(
            try #require(throws: SignalError.self) { try total.validated() }.message.contains(
                "--max-connections must be a whole number ≥ 1, got 0"))
        var perPeer = LiveServerConfiguration(port: 0)
        perPeer.maxConnectionsPerPeer = -1
        #expect(
            try #require(throws: SignalError.self) { try perPeer.validated() }.message.contains(
                "--max-connections-per-peer must be a whole number ≥ 1, got -1"))
        var idle = LiveServerConfiguration(port: 0)
        idle.maxIdleConnections = 0
        #expect(try #require(throws: SignalError.self) { try idle.validated() }.message.contains("maxIdleConnections"))
        let defaults = try LiveServerConfiguration(port: 0).validated()
        #expect(defaults.maxConnections == 4096)
        #expect(defaults.maxConnectionsPerPeer == 1024)
        #expect(defaults.maxIdleConnections == 128)
        #expect(defaults.shutdownGrace == .seconds(1))
    }

    @Test(
        "a shutdown grace of 0 s, below 0 s or over an hour is refused, naming it",
        arguments: [Duration.zero, .seconds(-1), .seconds(3601)])
    func shutdownGraceValidation(grace: Duration) throws {
        var configuration = LiveServerConfiguration(port: 0)
        configuration.shutdownGrace = grace
        let error = try #require(throws: SignalError.self) { try configuration.validated() }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("the shutdown grace must be more than 0 s and at most 3600 s"))
    }

    // MARK: A running server

    /// A response read to the close: its status line, headers (names lowercased) and JSON `error`.
    struct Answer {
        var status: String
        var headers: [String: String] = [:]
        var error = ""

        init(_ text: String) throws {
            let parts = text.components(separatedBy: "\r\n\r\n")
            let head = parts[0].components(separatedBy: "\r\n")
            status = String(head[0].dropFirst("HTTP/1.1 ".count))
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
            if parts.count > 1,
                let json = try? JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any]
            {
                error = json["error"] as? String ?? ""
            }
        }
    }

    /// `GET /v1/status` with `Connection: close` on `connection`: the whole answer.
    static func status(_ connection: AsyncTestConnection) async throws -> String {
        try await connection.send("GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return try #require(
            try await connection.readToClose(limit: .seconds(60)), "the status request was not answered and closed")
    }

    /// Waits until `condition` holds: for the limiter's counts, which change on the server's event loops
    /// after the client's call returned (no event tells the test); a poll bounded at 60 s.
    static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        try await pollUntil(what, limit: .seconds(60), condition)
    }

    /// Runs `body` on a server on port 0 with these limits (the defaults where `nil`), counting its
    /// connections in a limiter of that configuration; `body` gets the port, the limiter and the feed. With
    /// an idle bound the head timeout is an hour, so that only eviction closes an idle socket, however slow
    /// the machine. When `body` returns, the test waits until every connection is released.
    static func withLimitedServer(
        maxConnections: Int? = nil, perPeer: Int? = nil, idle: Int? = nil,
        _ body: @Sendable (_ port: Int, ConnectionLimiter, ManualFeed) async throws -> Void
    ) async throws {
        var configuration = LiveServerConfiguration(port: 0)
        if let maxConnections { configuration.maxConnections = maxConnections }
        if let perPeer { configuration.maxConnectionsPerPeer = perPeer }
        if let idle {
            configuration.maxIdleConnections = idle
            configuration.headTimeout = .seconds(3600)
        }
        let limiter = ConnectionLimiter(.init(configuration))
        try await withRunningServer(configuration, limiter: limiter) { listening, _, f in
            try await body(listening.port, limiter, f)
            try await waitUntil("every connection is released") {
                limiter.counts == .init(open: 0, idle: 0, peers: 0)
            }
        }
    }

    /// Connects to `port` and reads the answer to the close: it must be a refusal, 503 with
    /// `Retry-After: 1`; the answer, for the test's checks of its reason.
    static func refusedConnection(port: Int, _ which: String) async throws -> Answer {
        let connection = try await AsyncTestConnection.connect(port: port)
        let text = try #require(
            try await connection.readToClose(limit: .seconds(60)), "the \(which) connection was not closed")
        await connection.close()
        let answer = try Answer(text)
        #expect(answer.status == "503 Service Unavailable", "\(text)")
        #expect(answer.headers["retry-after"] == "1")
        return answer
    }

    /// `GET /v1/status` on `connection` (see ``status(_:)``), which is then closed: it must be served, 200.
    static func expectServed(_ connection: AsyncTestConnection, _ which: String) async throws {
        let served = try await status(connection)
        await connection.close()
        #expect(served.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(which): \(served.prefix(200))")
    }

    /// Opens `count` idle connections to `port`, one at a time, beside `streams` counted streams, with
    /// idle connections bounded at `bound`: from connection `bound` on, each one's admission is seen as the
    /// eviction it causes, of connection `i - bound`, closed silently (an end of file, no answer).
    ///
    /// One at a time, so that the server admits them in this order (the oldest is the first). From
    /// connection `bound` on, the counts stay the same whether or not connection `i` was admitted yet; its
    /// admission is seen as the eviction it causes. (Waiting on the counts alone let socket 5 be admitted
    /// before socket 4 on a loaded CI machine: the two event loops initialise their connections in any
    /// order, and the server then evicted socket 7 instead of socket 6.)
    static func openIdle(
        _ count: Int, bound: Int, streams: Int = 0, port: Int, limiter: ConnectionLimiter
    ) async throws -> [AsyncTestConnection] {
        var idle: [AsyncTestConnection] = []
        for i in 0..<count {
            idle.append(try await AsyncTestConnection.connect(port: port))
            let kept = min(i + 1, bound)
            try await waitUntil("idle socket \(i) is admitted") {
                limiter.counts == .init(open: streams + kept, idle: kept, peers: 1)
            }
            if i >= bound {
                let text = try await idle[i - bound].readToClose(limit: .seconds(60))
                #expect(
                    text == "",
                    "idle socket \(i - bound) should have been closed silently when socket \(i) came, got \(String(describing: text))"
                )
            }
        }
        return idle
    }

    @Test(
        "--max-connections 2: a third connection is answered 503 with Retry-After: 1 and the reason, then closed; after one closes, a new one is served"
    )
    func totalLimitOnAServer() async throws {
        try await Self.withLimitedServer(maxConnections: 2) { port, limiter, _ in
            let first = try await AsyncTestConnection.connect(port: port)
            let second = try await AsyncTestConnection.connect(port: port)
            try await Self.waitUntil("two connections are counted") { limiter.counts.open == 2 }
            let answer = try await Self.refusedConnection(port: port, "third")
            #expect(answer.headers["connection"] == "close")
            #expect(answer.error.contains("2 connections open"), "\(answer.error)")
            #expect(answer.error.contains("--max-connections 2"), "\(answer.error)")
            #expect(limiter.counts.open == 2)
            await first.close()
            try await Self.waitUntil("the closed connection is released") { limiter.counts.open == 1 }
            try await Self.expectServed(try await AsyncTestConnection.connect(port: port), "a fourth connection")
            await second.close()
            // The refused connection and the served ones left nothing counted (withLimitedServer waits).
        }
    }

    @Test(
        "--max-connections-per-peer 1: a second connection from 127.0.0.1 is answered 503; 127.0.0.2 is served meanwhile, and 127.0.0.1 again once its first closed"
    )
    func perPeerLimitOnAServer() async throws {
        try await Self.withLimitedServer(perPeer: 1) { port, limiter, _ in
            let first = try await AsyncTestConnection.connect(port: port)
            try await Self.waitUntil("the first connection is counted") { limiter.counts.open == 1 }
            let answer = try await Self.refusedConnection(port: port, "second")
            #expect(answer.error.contains("127.0.0.1 has 1 connection open"), "\(answer.error)")
            #expect(answer.error.contains("--max-connections-per-peer 1"), "\(answer.error)")

            let other: AsyncTestConnection
            do {
                other = try await AsyncTestConnection.connect(port: port, from: "127.0.0.2")
            } catch {
                // Linux routes all of 127.0.0.0/8 to the loopback; macOS has only 127.0.0.1 unless aliased.
                withKnownIssue("this machine cannot connect from 127.0.0.2: \(error)") {
                    Issue.record("no second peer")
                }
                await first.close()
                return
            }
            try await Self.expectServed(other, "127.0.0.2")

            await first.close()
            try await Self.waitUntil("both connections are released") { limiter.counts.open == 0 }
            try await Self.expectServed(try await AsyncTestConnection.connect(port: port), "127.0.0.1 again")
        }
    }

    @Test(
        "idle sockets over the bound: the oldest are closed (EOF, no answer), the newest stay usable, and a real GET /v1/status is answered 200"
    )
    func idleEvictionOnAServer() async throws {
        // Without eviction, ten idle sockets would hold all 8 places.
        try await Self.withLimitedServer(maxConnections: 8, idle: 4) { port, limiter, _ in
            let idle = try await Self.openIdle(10, bound: 4, port: port, limiter: limiter)
            // Served, not refused: without eviction the idle sockets would hold every place (503).
            try await Self.expectServed(try await AsyncTestConnection.connect(port: port), "a fresh connection")
            // The fresh connection was idle until its head arrived: it made socket 6 the one too many.
            let sixth = try await idle[6].readToClose(limit: .seconds(60))
            #expect(sixth == "", "socket 6 should have been closed silently, got \(String(describing: sixth))")
            for i in 7..<10 {
                let text = try await Self.status(idle[i])
                #expect(
                    text.hasPrefix("HTTP/1.1 200 OK\r\n"), "socket \(i), still open, is served: \(text.prefix(200))")
            }
            for connection in idle { await connection.close() }
        }
    }

    @Test(
        "streams are counted but never idle: an SSE stream and a WebSocket keep going while idle sockets are evicted around them"
    )
    func streamsAreNotIdle() async throws {
        try await Self.withLimitedServer(maxConnections: 6, idle: 2) { port, limiter, f in
            let stream = try await AsyncSSEClient.open(port: port, path: "/v1/stream")
            #expect(stream.status == 200)
            var comments: [String] = []
            #expect(try await stream.nextEvent(comments: &comments)?.id == 0)
            let socket = try await AsyncTestConnection.connect(port: port)
            try await socket.send(
                "GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                    + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
            var head = ""
            while !head.contains("\r\n\r\n"), let bytes = try await socket.next() {
                head += String(decoding: bytes, as: UTF8.self)
            }
            #expect(head.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"), "\(head.prefix(200))")
            try await Self.waitUntil("both streams are counted, neither idle") {
                limiter.counts == .init(open: 2, idle: 0, peers: 1)
            }
            let idle = try await Self.openIdle(5, bound: 2, streams: 2, port: port, limiter: limiter)
            try await f.advance(points: 1)
            #expect(try await stream.nextEvent(comments: &comments)?.id == 1, "the SSE stream goes on")
            // Point 1 (at 0.01 s), made after the evictions, reaches the WebSocket too.
            var frames: [UInt8] = []
            while !String(decoding: frames, as: UTF8.self).contains("\"timestamp\":0.01"),
                let bytes = try await socket.next()
            {
                frames += bytes
            }
            #expect(String(decoding: frames, as: UTF8.self).contains("\"timestamp\":0.01"), "the WebSocket goes on")
            await stream.close()
            await socket.close()
            for connection in idle { await connection.close() }
        }
    }
}
