#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a test's network helper gave up.
package enum TestingError: Error, Equatable, CustomStringConvertible {
    /// Nothing happened within the bound (a bound for a failing test, not a timing the test relies on).
    case timedOut(String)
    /// A system call failed: its name and `errno`.
    case system(String, Int32)
    /// The peer sent something that is not the protocol.
    case malformed(String)
    /// A test's own failure, described.
    case failure(String)

    package var description: String {
        switch self {
        case .timedOut(let what): "timed out waiting for \(what)"
        case .system(let call, let code): "\(call) failed: errno \(code)"
        case .malformed(let what): "malformed: \(what)"
        case .failure(let description): description
        }
    }
}

/// The bound on every wait of these helpers unless a test gives its own: generous, so that a loaded
/// machine never reaches it, and finite, so that a broken server fails the test instead of hanging it.
package let defaultWaitLimit: Duration = .seconds(30)

/// A blocking TCP connection on loopback, read only when the test asks: when the test stops reading,
/// nothing reads the socket, so the peer meets real TCP backpressure. Every read is a bounded wait
/// (`poll(2)`) for bytes, the end of the stream or a reset.
///
/// One owner at a time (a test, or the one thread of a ``TestListener`` script).
package final class TestConnection: @unchecked Sendable {
    /// The socket, or -1 once closed.
    package private(set) var fd: Int32
    /// Bytes received and not yet taken (``take(_:)``, ``readHead(limit:)``, ``readToEOF(limit:)``).
    package var buffer: [UInt8] = []

    /// Connects to `host`:`port` (an IPv4 or IPv6 address; 127.0.0.1 by default).
    /// - Parameters:
    ///   - receiveBuffer: `SO_RCVBUF` in bytes (small values keep the kernel from buffering much for a
    ///     client that stops reading).
    ///   - source: The local address to connect from (another peer for the server, such as 127.0.0.2).
    package init(
        port: Int,
        host: String = "127.0.0.1",
        receiveBuffer: Int? = nil,
        from source: String? = nil
    ) throws(TestingError) {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        #if canImport(Darwin)
        fd = socket(family, SOCK_STREAM, 0)
        #else
        fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw .system("socket", errno) }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        do {
            if let source {
                try Self.withAddress(source, port: 0) { address, length throws(TestingError) in
                    guard bind(fd, address, length) == 0 else { throw .system("bind", errno) }
                }
            }
            try Self.withAddress(host, port: port) { address, length throws(TestingError) in
                guard connect(fd, address, length) == 0 else { throw .system("connect", errno) }
            }
        } catch {
            closeDescriptor(fd)
            fd = -1
            throw error
        }
    }

    /// A connection a ``TestListener`` accepted.
    package init(accepted fd: Int32) {
        self.fd = fd
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { close() }

    /// Calls `body` with the socket address of `host` (a numeric IPv4 or IPv6 address) and `port`.
    static func withAddress(
        _ host: String,
        port: Int,
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(TestingError) -> Void
    ) throws(TestingError) {
        if host.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { throw .malformed("the address \(host)") }
            try withGenericAddress(&address, body)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .malformed("the address \(host)") }
            try withGenericAddress(&address, body)
        }
    }

    /// Calls `body` with `address` (a `sockaddr_in` or `sockaddr_in6`) seen as a `sockaddr`, and its size.
    private static func withGenericAddress<Address>(
        _ address: inout Address,
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(TestingError) -> Void
    ) throws(TestingError) {
        try withUnsafePointer(to: &address) { pointer throws(TestingError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { a throws(TestingError) in
                try body(a, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    /// Closes the connection (once).
    package func close() {
        if fd >= 0 { closeDescriptor(fd) }
        fd = -1
    }

    /// Half-closes: the peer reads the end of the stream; this side can still read.
    package func shutdownWrite() {
        // Int32 on Darwin already; an Int (an imported enum) in Glibc.
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Sends `bytes`, all of them.
    package func send(_ bytes: [UInt8]) throws(TestingError) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { raw in
                #if canImport(Darwin)
                Darwin.send(fd, raw.baseAddress, raw.count, 0)
                #else
                Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #endif
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw .system("send", errno) }
            sent += n
        }
    }

    /// Sends `text` as UTF-8.
    package func send(_ text: String) throws(TestingError) { try send(Array(text.utf8)) }

    /// Waits for the socket to be readable until `deadline`.
    private func waitReadable(until deadline: ContinuousClock.Instant) throws(TestingError) {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw .timedOut("bytes on the connection") }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&entry, 1, milliseconds)
            if n > 0 { return }
            if n < 0, errno != EINTR { throw .system("poll", errno) }
        }
    }

    /// Reads what arrives within `limit` into ``buffer``; `false` at the end of the stream.
    /// - Throws: ``TestingError/timedOut(_:)`` when nothing arrives within `limit`;
    ///   ``TestingError/system(_:_:)`` with `ECONNRESET` when the peer reset the connection.
    @discardableResult
    package func fill(limit: Duration = defaultWaitLimit) throws(TestingError) -> Bool {
        try fill(until: .now + limit)
    }

    private func fill(until deadline: ContinuousClock.Instant) throws(TestingError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            try waitReadable(until: deadline)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += chunk[0..<n]
                return true
            }
            if n == 0 { return false }
            if errno != EINTR, errno != EAGAIN { throw .system("recv", errno) }
        }
    }

    /// Reads until `count` bytes are buffered or the stream ends; takes and returns them (fewer at the end).
    package func take(_ count: Int, limit: Duration = defaultWaitLimit) throws(TestingError) -> [UInt8] {
        let deadline = ContinuousClock.now + limit
        while buffer.count < count, try fill(until: deadline) {}
        let taken = Array(buffer.prefix(count))
        buffer.removeFirst(taken.count)
        return taken
    }

    /// Reads until a blank line (`\r\n\r\n`); takes and returns the head before it (without the blank line),
    /// or `nil` when the stream ends first.
    package func readHead(limit: Duration = defaultWaitLimit) throws(TestingError) -> [UInt8]? {
        let deadline = ContinuousClock.now + limit
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let end = buffer.firstRange(of: separator) {
                let head = Array(buffer[..<end.lowerBound])
                buffer.removeSubrange(..<end.upperBound)
                return head
            }
            guard try fill(until: deadline) else { return nil }
        }
    }

    /// Reads until the peer closes the stream; takes and returns every byte buffered.
    package func readToEOF(limit: Duration = defaultWaitLimit) throws(TestingError) -> [UInt8] {
        let deadline = ContinuousClock.now + limit
        while try fill(until: deadline) {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// How the peer ended a connection.
    package enum End: Equatable, Sendable {
        /// Closed (end of file), after sending this text.
        case closed(String)
        /// Reset (`ECONNRESET`), after sending this text: what TCP does when the peer closes a socket
        /// with bytes of ours still unread.
        case reset(String)
        /// Neither within the limit.
        case open
    }

    /// Everything the peer sends (and what was buffered) until it closes or resets the connection, or
    /// `.open` when it has done neither within `limit` (a bound for a failing test, not a timing the test
    /// relies on).
    package func end(limit: Duration = .seconds(10)) throws(TestingError) -> End {
        let deadline = ContinuousClock.now + limit
        do {
            while try fill(until: deadline) {}
        } catch .system(_, ECONNRESET) {
            defer { buffer.removeAll() }
            return .reset(String(decoding: buffer, as: UTF8.self))
        } catch .timedOut {
            return .open
        }
        defer { buffer.removeAll() }
        return .closed(String(decoding: buffer, as: UTF8.self))
    }
}

/// `close(2)` (the name `close` is the connection's own).
func closeDescriptor(_ fd: Int32) {
    #if canImport(Darwin)
    _ = Darwin.close(fd)
    #else
    _ = Glibc.close(fd)
    #endif
}
