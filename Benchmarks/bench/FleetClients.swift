import CBenchEpoll
import Formats
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streaming clients of a `signals-serve` child, all read by one thread with epoll(7) (poll(2) where there is none), as a lean client
/// process would read them: the bench process is not the server's, and reading costs it one thread
/// however many clients there are (a thread per client would take the 2 cores from the server).
///
/// Each client reads `/v1/stream` (Server-Sent Events) or `/v1/ws?ids=true` (WebSocket), and records for
/// the points whose ids fall in the measured window whether they came in order and how late each was
/// read: from its deadline (`origin + timestamp`, CLOCK_MONOTONIC) to the return of the `read` that
/// brought its last byte. Some clients can be "stalled": they send their request and never read.
final class FleetClients: @unchecked Sendable {
    /// Which stream the clients read.
    enum Kind: String {
        case sse = "SSE"
        case ws = "WebSocket"
    }

    /// One connection's state.
    struct Connection {
        var fd: Int32
        var reads: Bool
        var pending: [UInt8] = []
        /// Whether the response head (and, for WebSocket, the 101) was read.
        var headRead = false
        /// Whether the SSE body comes in HTTP chunks (`Transfer-Encoding: chunked`).
        var chunked = false
        /// The package's decoders of the stream (Formats): chunked coding, SSE, WebSocket frames.
        var dechunker = ChunkedDecoder()
        var events = SSEParser()
        var frames = WebSocketFrameReader()
        var firstID = -1
        var lastID = -1
        var missed = 0
        var received = 0
        var failure: String?
        var lateness: [Int64] = []
    }

    let kind: Kind
    private let lock = NSLock()
    private var connections: [Connection] = []
    private var window = Int.max..<Int.max
    private var origin: Int64 = 0

    /// Connects `count` reading clients and `stalled` clients that never read.
    /// - Throws: `BenchError` when a connection cannot be made.
    init(kind: Kind, port: Int, count: Int, stalled: Int = 0) throws {
        self.kind = kind
        let request: [UInt8]
        switch kind {
        case .sse:
            request = Array("GET /v1/stream HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        case .ws:
            request = Array(
                ("GET /v1/ws?ids=true HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
        }
        for k in 0..<count + stalled {
            guard let fd = connectLoopback(port: port) else {
                throw BenchError("client \(k) cannot connect to port \(port)")
            }
            var size: Int32 = 1 << 20
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            connections.append(Connection(fd: fd, reads: k < count))
        }
    }

    deinit {
        for c in connections { close(c.fd) }
    }

    /// The first and the newest id any reading client has read (−1 before any).
    var progress: (slowestFirst: Int, slowestLast: Int, newest: Int) {
        lock.withLock {
            let reading = connections.filter(\.reads)
            return (
                reading.map(\.firstID).min() ?? -1, reading.map(\.lastID).min() ?? -1, reading.map(\.lastID).max() ?? -1
            )
        }
    }

    /// The first failure of a reading client, if any.
    var failure: String? { lock.withLock { connections.lazy.filter(\.reads).compactMap(\.failure).first } }

    /// Starts recording the points with ids in `window`, due at `origin + timestamp`.
    func measure(window: Range<Int>, origin: Int64) {
        lock.withLock {
            self.window = window
            self.origin = origin
            for i in connections.indices where connections[i].reads {
                connections[i].lateness.reserveCapacity(window.count)
            }
        }
    }

    /// What the reading clients recorded: points read in the window, missed (skipped or out of order,
    /// and those never read), and every lateness (ns), sorted.
    func results() -> (received: Int, missed: Int, lateness: [Int64]) {
        lock.withLock {
            let reading = connections.filter(\.reads)
            let received = reading.map(\.received).reduce(0, +)
            let expected = window.count * reading.count
            return (
                received, reading.map(\.missed).reduce(0, +) + max(0, expected - received),
                reading.flatMap(\.lateness).sorted()
            )
        }
    }

    /// Reads every client until `shouldStop()` or every reading client has read the whole window.
    func run(shouldStop: @Sendable () -> Bool) {
        let epoll = bench_epoll_create()
        if epoll < 0 {
            runWithPoll(shouldStop: shouldStop)
            return
        }
        defer { close(epoll) }
        for (i, c) in connections.enumerated() where c.reads { _ = bench_epoll_add(epoll, c.fd, UInt64(i)) }
        var ready = [UInt64](repeating: 0, count: 256)
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        while !shouldStop() {
            let n = bench_epoll_wait(epoll, &ready, Int32(ready.count), 20)
            if n <= 0 { continue }
            lock.lock()
            for k in 0..<Int(n) where readAll(Int(ready[k]), &buffer) {
                _ = bench_epoll_remove(epoll, connections[Int(ready[k])].fd)
            }
            let done = finished
            lock.unlock()
            if done { return }
        }
    }

    /// ``run(shouldStop:)`` with poll(2), where there is no epoll.
    private func runWithPoll(shouldStop: @Sendable () -> Bool) {
        var watched = connections.enumerated().filter { $0.element.reads }.map(\.offset)
        var polls = watched.map { pollfd(fd: connections[$0].fd, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        while !shouldStop(), !polls.isEmpty {
            let n = poll(&polls, nfds_t(polls.count), 20)
            if n <= 0 { continue }
            var gone: [Int] = []
            lock.lock()
            for k in polls.indices where polls[k].revents != 0 {
                if readAll(watched[k], &buffer) { gone.append(k) }
            }
            let done = finished
            lock.unlock()
            if done { return }
            for k in gone.reversed() {
                polls.remove(at: k)
                watched.remove(at: k)
            }
        }
    }

    /// Whether every reading client has read the whole window (or failed). Under the lock.
    private var finished: Bool {
        connections.allSatisfy { !$0.reads || $0.lastID >= window.upperBound - 1 || $0.failure != nil }
    }

    /// Reads what connection `i` has (non-blocking) and parses it. Under the lock.
    /// - Returns: Whether the connection ended (stop watching it).
    private func readAll(_ i: Int, _ buffer: inout [UInt8]) -> Bool {
        while true {
            let got = read(connections[i].fd, &buffer, buffer.count)
            if got < 0, errno == EAGAIN || errno == EINTR { return false }
            if got <= 0 {
                if connections[i].failure == nil { connections[i].failure = "the server closed the stream" }
                return true
            }
            let arrival = monotonicNanos()
            connections[i].pending += buffer[0..<got]
            consume(&connections[i], arrival: arrival)
            if got < buffer.count { return false }
        }
    }

    /// Parses what `c` has read so far, keeping an incomplete tail.
    private func consume(_ c: inout Connection, arrival: Int64) {
        if !c.headRead {
            guard let end = FleetClients.find([13, 10, 13, 10], in: c.pending) else { return }
            let head = try? HTTPResponseHead(parsing: c.pending[..<end])
            guard let head, head.status == (kind == .sse ? 200 : 101) else {
                let line = String(decoding: c.pending[..<end], as: UTF8.self).split(separator: "\r\n").first ?? ""
                c.failure = "the server answered: \(line)"
                c.pending = []
                return
            }
            c.headRead = true
            c.chunked = (try? head.framing()) == .chunked
            c.pending.removeFirst(end + 4)
        }
        switch kind {
        case .sse: consumeEvents(&c, arrival: arrival)
        case .ws: consumeFrames(&c, arrival: arrival)
        }
    }

    /// SSE: the body (de-chunked by `ChunkedDecoder`) through `SSEParser`; each event's `id` and its point's
    /// `timestamp` (the first member of a point line, `{"timestamp":T,…}`).
    private func consumeEvents(_ c: inout Connection, arrival: Int64) {
        var body: [UInt8] = []
        if c.chunked {
            do {
                try c.dechunker.feed(c.pending[...], into: &body)
            } catch {
                c.failure = "bad chunked coding: \(error)"
            }
        } else {
            body = c.pending
        }
        c.pending = []
        var items: [SSEParser.Item] = []
        c.events.feed(body, into: &items)
        for case .event(let event) in items {
            let id = event.id.flatMap { Int($0) } ?? -1
            let timestamp = Array(event.data.utf8).withUnsafeBufferPointer {
                FleetClients.number($0, from: PointLineCodec.timestampPrefix.utf8.count)
            }
            record(&c, id: id, timestamp: timestamp, arrival: arrival)
        }
    }

    /// WebSocket: the server's frames through `WebSocketFrameReader` (every RFC 6455 rule checked); text
    /// messages `{"id":N,"point":{"timestamp":T,…}}`, and `{"note":…}` ones.
    private func consumeFrames(_ c: inout Connection, arrival: Int64) {
        var messages: [WebSocketMessage] = []
        do {
            try c.frames.feed(c.pending, into: &messages)
        } catch {
            c.failure = "bad WebSocket frames: \(error)"
        }
        c.pending = []
        for message in messages {
            switch message {
            case .text(let text):
                // {"id":N,"point":{"timestamp":T
                let bytes = Array(text.utf8)
                guard bytes.count > 30, bytes[2] == UInt8(ascii: "i") else { continue }
                bytes.withUnsafeBufferPointer { payload in
                    let id = FleetClients.integer(payload, from: 6)
                    guard let comma = payload[6...].firstIndex(of: UInt8(ascii: ",")) else { return }
                    // ,"point": then the line, whose timestamp follows its prefix.
                    let at = comma + #","point":"#.utf8.count + PointLineCodec.timestampPrefix.utf8.count
                    record(&c, id: id, timestamp: FleetClients.number(payload, from: at), arrival: arrival)
                }
            case .close:
                c.failure = "the server closed the WebSocket"
            case .binary, .ping:
                continue
            }
        }
    }

    private func record(_ c: inout Connection, id: Int, timestamp: Double, arrival: Int64) {
        if c.firstID < 0 { c.firstID = id }
        if window.contains(id) {
            if c.lastID >= window.lowerBound - 1, id != c.lastID + 1 { c.missed += 1 }
            c.received += 1
            c.lateness.append(arrival - (origin + Int64((timestamp * 1e9).rounded())))
        }
        c.lastID = id
    }

    /// The whole number at `from` (digits only).
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var value = 0
        var i = from
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            value = value * 10 + Int(bytes[i] - 48)
            i += 1
        }
        return i > from ? value : -1
    }

    /// The JSON number at `from` (read in place with strtod, which stops at the `,` or `}` after it).
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Double {
        var end = from
        while end < bytes.count, bytes[end] != UInt8(ascii: ","), bytes[end] != UInt8(ascii: "}") { end += 1 }
        guard end > from, end < bytes.count, end - from < 40, let base = bytes.baseAddress else { return .nan }
        return (base + from).withMemoryRebound(to: CChar.self, capacity: end - from + 1) { strtod($0, nil) }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...haystack.count - needle.count where haystack[i] == needle[0] {
            if Array(haystack[i..<i + needle.count]) == needle { return i }
        }
        return nil
    }
}
