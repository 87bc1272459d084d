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

    @Test(
        "the total limit: one connection more is refused (503, naming the limit, the count and the flag) and never counted; a release makes room"
    )
    func totalLimit() throws {
        let limiter = ConnectionLimiter(.init(total: 2, perPeer: 10, idle: 10))
        let a = try Self.ticket(limiter.admit(peer: "10.0.0.1") {})
        _ = try Self.ticket(limiter.admit(peer: "10.0.0.2") {})
        let refused = try #require(Self.refusal(limiter.admit(peer: "10.0.0.3") {}))
        #expect(refused.statusCode == 503)
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
        let a = try Self.ticket(limiter.admit(peer: "127.0.0.1") {})
        _ = try Self.ticket(limiter.admit(peer: "127.0.0.1") {})
        let refused = try #require(Self.refusal(limiter.admit(peer: "127.0.0.1") {}))
        #expect(refused.statusCode == 503)
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

    @Test(
        "--max-connections 2: a third connection is answered 503 with Retry-After: 1 and the reason, then closed; after one closes, a new one is served"
    )
    func totalLimitOnAServer() async throws {
        var configuration = LiveServerConfiguration(port: 0)
        configuration.maxConnections = 2
        let limiter = ConnectionLimiter(.init(configuration))
        try await withRunningServer(configuration, limiter: limiter) { listening, _, _ in
            let first = try await AsyncTestConnection.connect(port: listening.port)
            let second = try await AsyncTestConnection.connect(port: listening.port)
            try await Self.waitUntil("two connections are counted") { limiter.counts.open == 2 }
            let third = try await AsyncTestConnection.connect(port: listening.port)
            let text = try #require(
                try await third.readToClose(limit: .seconds(60)), "the third connection was not closed")
            await third.close()
            let answer = try Answer(text)
            #expect(answer.status == "503 Service Unavailable", "\(text)")
            #expect(answer.headers["retry-after"] == "1")
            #expect(answer.headers["connection"] == "close")
            #expect(answer.error.contains("2 connections open"), "\(answer.error)")
            #expect(answer.error.contains("--max-connections 2"), "\(answer.error)")
            #expect(limiter.counts.open == 2)
            await first.close()
            try await Self.waitUntil("the closed connection is released") { limiter.counts.open == 1 }
            let fourth = try await AsyncTestConnection.connect(port: listening.port)
            let served = try await Self.status(fourth)
            await fourth.close()
            #expect(served.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(served.prefix(200))")
            await second.close()
            // The refused connection and the served ones left nothing counted.
            try await Self.waitUntil("every connection is released") {
                limiter.counts == .init(open: 0, idle: 0, peers: 0)
            }
        }
    }

    @Test(
        "--max-connections-per-peer 1: a second connection from 127.0.0.1 is answered 503; 127.0.0.2 is served meanwhile, and 127.0.0.1 again once its first closed"
    )
    func perPeerLimitOnAServer() async throws {
        var configuration = LiveServerConfiguration(port: 0)
        configuration.maxConnectionsPerPeer = 1
        let limiter = ConnectionLimiter(.init(configuration))
        try await withRunningServer(configuration, limiter: limiter) { listening, _, _ in
            let first = try await AsyncTestConnection.connect(port: listening.port)
            try await Self.waitUntil("the first connection is counted") { limiter.counts.open == 1 }
            let second = try await AsyncTestConnection.connect(port: listening.port)
            let text = try #require(
                try await second.readToClose(limit: .seconds(60)), "the second connection was not closed")
            await second.close()
            let answer = try Answer(text)
            #expect(answer.status == "503 Service Unavailable", "\(text)")
            #expect(answer.headers["retry-after"] == "1")
            #expect(answer.error.contains("127.0.0.1 has 1 connection open"), "\(answer.error)")
            #expect(answer.error.contains("--max-connections-per-peer 1"), "\(answer.error)")

            let other: AsyncTestConnection
            do {
                other = try await AsyncTestConnection.connect(port: listening.port, from: "127.0.0.2")
            } catch {
                // Linux routes all of 127.0.0.0/8 to the loopback; macOS has only 127.0.0.1 unless aliased.
                withKnownIssue("this machine cannot connect from 127.0.0.2: \(error)") {
                    Issue.record("no second peer")
                }
                await first.close()
                return
            }
            let served = try await Self.status(other)
            await other.close()
            #expect(served.hasPrefix("HTTP/1.1 200 OK\r\n"), "127.0.0.2: \(served.prefix(200))")

            await first.close()
            try await Self.waitUntil("both connections are released") { limiter.counts.open == 0 }
            let again = try await AsyncTestConnection.connect(port: listening.port)
            let servedAgain = try await Self.status(again)
            await again.close()
            #expect(servedAgain.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(servedAgain.prefix(200))")
        }
    }

    @Test(
        "idle sockets over the bound: the oldest are closed (EOF, no answer), the newest stay usable, and a real GET /v1/status is answered 200"
    )
    func idleEvictionOnAServer() async throws {
        var configuration = LiveServerConfiguration(port: 0)
        // Without eviction, ten idle sockets would hold all 8 places. The head timeout is an hour, so that only
        // eviction closes a socket, however slow the machine.
        configuration.maxConnections = 8
        configuration.maxIdleConnections = 4
        configuration.headTimeout = .seconds(3600)
        let limiter = ConnectionLimiter(.init(configuration))
        try await withRunningServer(configuration, limiter: limiter) { listening, _, _ in
            var idle: [AsyncTestConnection] = []
            for i in 0..<10 {
                idle.append(try await AsyncTestConnection.connect(port: listening.port))
                // One at a time, so that the server admits them in this order (the oldest is the first). From
                // the fifth on, the counts stay at 4 whether or not socket i was admitted yet; its admission is
                // seen as the eviction it causes, of socket i - 4. (Waiting on the counts alone let socket 5 be
                // admitted before socket 4 on a loaded CI machine: the two event loops initialise their
                // connections in any order, and the server then evicted socket 7 instead of socket 6.)
                let kept = min(i + 1, 4)
                try await Self.waitUntil("socket \(i) is admitted") {
                    limiter.counts == .init(open: kept, idle: kept, peers: 1)
                }
                if i >= 4 {
                    let text = try await idle[i - 4].readToClose(limit: .seconds(60))
                    #expect(
                        text == "",
                        "socket \(i - 4) should have been closed silently when socket \(i) came, got \(String(describing: text))"
                    )
                }
            }
            // Served, not refused: without eviction the idle sockets would hold every place (503).
            let fresh = try await AsyncTestConnection.connect(port: listening.port)
            let served = try await Self.status(fresh)
            await fresh.close()
            #expect(served.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(served.prefix(200))")
            // The fresh connection was idle until its head arrived: it made socket 6 the one too many.
            let sixth = try await idle[6].readToClose(limit: .seconds(60))
            #expect(sixth == "", "socket 6 should have been closed silently, got \(String(describing: sixth))")
            for i in 7..<10 {
                let text = try await Self.status(idle[i])
                #expect(
                    text.hasPrefix("HTTP/1.1 200 OK\r\n"), "socket \(i), still open, is served: \(text.prefix(200))")
            }
            for connection in idle { await connection.close() }
            try await Self.waitUntil("every connection is released") {
                limiter.counts == .init(open: 0, idle: 0, peers: 0)
            }
        }
    }

    @Test(
        "streams are counted but never idle: an SSE stream and a WebSocket keep going while idle sockets are evicted around them"
    )
    func streamsAreNotIdle() async throws {
        var configuration = LiveServerConfiguration(port: 0)
        configuration.maxConnections = 6
        configuration.maxIdleConnections = 2
        // so that only eviction closes the idle sockets, however slow the machine
        configuration.headTimeout = .seconds(3600)
        let limiter = ConnectionLimiter(.init(configuration))
        try await withRunningServer(configuration, limiter: limiter) { listening, _, f in
            let stream = try await AsyncSSEClient.open(port: listening.port, path: "/v1/stream")
            #expect(stream.status == 200)
            var comments: [String] = []
            #expect(try await stream.nextEvent(comments: &comments)?.id == 0)
            let socket = try await AsyncTestConnection.connect(port: listening.port)
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
            var idle: [AsyncTestConnection] = []
            for i in 0..<5 {
                idle.append(try await AsyncTestConnection.connect(port: listening.port))
                // From the third on, the counts do not change: the admission is seen as the eviction of i - 2.
                let kept = min(i + 1, 2)
                try await Self.waitUntil("idle socket \(i) is admitted") {
                    limiter.counts == .init(open: 2 + kept, idle: kept, peers: 1)
                }
                if i >= 2 {
                    let text = try await idle[i - 2].readToClose(limit: .seconds(60))
                    #expect(
                        text == "",
                        "idle socket \(i - 2) should have been closed when socket \(i) came, got \(String(describing: text))"
                    )
                }
            }
            await f.advance(points: 1)
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
            try await Self.waitUntil("every connection is released") {
                limiter.counts == .init(open: 0, idle: 0, peers: 0)
            }
        }
    }
}
