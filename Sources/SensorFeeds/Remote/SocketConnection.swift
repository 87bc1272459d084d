import Foundation
import InternalUtilities
import Signals
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A wake-up for a thread blocked in ``SocketConnection/read(into:)`` or a backoff wait: a pipe that
/// `signal()` makes readable. Owned by one remote client; closed when it is released.
final class Wakeup: Sendable {
    let readEnd: Int32
    let writeEnd: Int32
    private let signalled = Mutex(false)

    init() throws(SensorFeedsError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SensorFeedsError(.connectionFailed, "cannot make a pipe: \(errnoText())") }
        readEnd = fds[0]
        writeEnd = fds[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the waiter, now and for every later wait.
    func signal() {
        let first = signalled.withLock { signalled in
            defer { signalled = true }
            return !signalled
        }
        if first {
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// Whether ``signal()`` was called.
    var isSignalled: Bool { signalled.withLock { $0 } }

    /// Waits up to `seconds`; `true` when woken.
    func wait(seconds: Double) -> Bool {
        var fd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        let ms = Int32(max(0, min(seconds, 3600)) * 1000)
        _ = poll(&fd, 1, ms)
        return isSignalled
    }
}

/// A plain TCP connection over POSIX sockets, for HTTP/1.1 to `signals serve` on loopback or a LAN
/// (no TLS). Every read waits on the socket and the client's ``Wakeup`` together, so stopping a client
/// ends a blocked read at once.
final class SocketConnection {
    private var fd: Int32
    private let wakeup: Wakeup
    private var chunk = [UInt8](repeating: 0, count: 65536)

    /// Connects to `host`:`port` within `timeout` seconds.
    /// - Throws: ``SensorFeedsError`` (`connectionFailed`) naming the address and the reason.
    init(host: String, port: Int, timeout: Double, wakeup: Wakeup) throws(SensorFeedsError) {
        self.wakeup = wakeup
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw SensorFeedsError(
                .connectionFailed,
                "cannot resolve '\(SignalError.quoted(host, limit: 100))': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let s = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard s >= 0 else {
                lastError = errnoText()
                continue
            }
            let flags = fcntl(s, F_GETFL)
            _ = fcntl(s, F_SETFL, flags | O_NONBLOCK)
            var one: Int32 = 1
            _ = setsockopt(s, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
            _ = setsockopt(s, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connect(s, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                var fds = [
                    pollfd(fd: s, events: Int16(POLLOUT), revents: 0),
                    pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&fds, 2, Int32(timeout * 1000))
                var soError: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                if ready > 0, fds[0].revents != 0, getsockopt(s, SOL_SOCKET, SO_ERROR, &soError, &length) == 0,
                    soError == 0
                {
                    fd = s
                    return
                }
                lastError =
                    ready == 0
                    ? "timed out after \(timeout) s" : (soError != 0 ? connectFailure(soError, host: host) : "stopped")
            } else {
                lastError = connectFailure(errno, host: host)
            }
            close(s)
        }
        throw SensorFeedsError(.connectionFailed, "cannot connect to \(host):\(port): \(lastError)")
    }

    deinit { close(fd) }

    /// Sends all of `text`.
    /// - Throws: ``SensorFeedsError`` (`serverGone`).
    func send(_ text: String) throws(SensorFeedsError) {
        try send(bytes: Array(text.utf8))
    }

    /// Sends all of `bytes`.
    /// - Throws: ``SensorFeedsError`` (`serverGone`).
    func send(bytes: [UInt8]) throws(SensorFeedsError) {
        var bytes = bytes
        var sent = 0
        while sent < bytes.count {
            #if canImport(Darwin)
            let n = bytes.withUnsafeMutableBytes { Darwin.send(fd, $0.baseAddress! + sent, $0.count - sent, 0) }
            #else
            let n = bytes.withUnsafeMutableBytes {
                Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            #endif
            if n > 0 {
                sent += n
                continue
            }
            if n < 0, errno == EAGAIN || errno == EINTR {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, 1000)
                continue
            }
            throw SensorFeedsError(.serverGone, "the server closed the connection while sending to it: \(errnoText())")
        }
    }

    /// What a read gives.
    enum ReadResult: Equatable {
        /// Bytes were appended.
        case data(Int)
        /// The server closed the stream.
        case end
        /// Nothing within the timeout.
        case timedOut
        /// The client was stopped.
        case stopped
    }

    /// Reads what is available into `buffer` (appending), waiting up to `timeout` seconds.
    /// - Throws: ``SensorFeedsError`` (`serverGone`) for a reset connection.
    func read(into buffer: inout [UInt8], timeout: Double) throws(SensorFeedsError) -> ReadResult {
        let limit = Int32(max(0, min(timeout, 3600)) * 1000)
        while true {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, limit)
            if ready < 0, errno == EINTR { continue }
            if fds[1].revents != 0 || wakeup.isSignalled { return .stopped }
            if ready <= 0 { return .timedOut }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
                return .data(n)
            }
            if n == 0 { return .end }
            if errno == EAGAIN || errno == EINTR { continue }
            throw SensorFeedsError(.serverGone, "the connection to the server broke: \(errnoText())")
        }
    }

}

/// Why a connection to `host` failed with the error `code`: its text and, when it is what iOS answers
/// while the app may not use the local network (`EHOSTUNREACH` for an address that is not loopback,
/// until the user allows the app's local-network access), what to do about it.
/// - Parameters:
///   - code: The `errno` of `connect` or the socket's `SO_ERROR`.
///   - host: The host as given.
func connectFailure(_ code: Int32, host: String) -> String {
    let text = String(cString: strerror(code))
    guard code == EHOSTUNREACH, !isLoopbackHost(host) else { return text }
    return text + " (on iOS this is also the answer until the user allows the app local-network access: "
        + "the first connection shows the prompt, and the app's Info.plist needs NSLocalNetworkUsageDescription; "
        + "the client keeps retrying)"
}

/// The text of `errno`.
func errnoText() -> String { String(cString: strerror(errno)) }
