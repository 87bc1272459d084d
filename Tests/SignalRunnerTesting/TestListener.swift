#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP listener on a free loopback port (127.0.0.1), for a test that plays the server: each
/// ``accept(limit:)`` is a bounded wait for the next connection.
package final class TestListener: @unchecked Sendable {
    /// The port the system chose.
    package let port: Int
    private let fd: Int32

    /// Listens on 127.0.0.1 at a port the system chooses.
    package init() throws(TestingError) {
        let (fd, port) = try Self.bound()
        guard listen(fd, 8) == 0 else {
            closeDescriptor(fd)
            throw .system("listen", errno)
        }
        self.fd = fd
        self.port = port
    }

    deinit { closeDescriptor(fd) }

    /// A socket bound to 127.0.0.1 at a free port, and the port.
    private static func bound() throws(TestingError) -> (Int32, Int) {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw .system("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        guard bound == 0 else {
            closeDescriptor(fd)
            throw .system("bind", errno)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A loopback port nobody listens on (bound, then closed).
    package static func closedPort() throws(TestingError) -> Int {
        let (fd, port) = try bound()
        closeDescriptor(fd)
        return port
    }

    /// The next connection, waiting at most `limit` for it.
    /// - Throws: ``TestingError/timedOut(_:)`` when none comes; ``TestingError/system(_:_:)`` once
    ///   ``stop()`` was called.
    package func accept(limit: Duration = defaultWaitLimit) throws(TestingError) -> TestConnection {
        let deadline = ContinuousClock.now + limit
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw .timedOut("a connection on port \(port)") }
            let (seconds, attoseconds) = left.components
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&entry, 1, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            if n < 0, errno != EINTR { throw .system("poll", errno) }
            guard n > 0 else { continue }
            #if canImport(Darwin)
            let client = Darwin.accept(fd, nil, nil)
            #else
            let client = Glibc.accept(fd, nil, nil)
            #endif
            if client >= 0 { return TestConnection(accepted: client) }
            if errno != EINTR, errno != EAGAIN { throw .system("accept", errno) }
        }
    }

    /// Stops listening: a thread waiting in ``accept(limit:)`` returns with an error at once.
    package func stop() {
        // Int32 on Darwin already; an Int (an imported enum) in Glibc.
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }
}
