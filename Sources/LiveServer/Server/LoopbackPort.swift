import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The port a server asked for port 0 on both loopbacks binds: one that is free on 127.0.0.1 and on ::1.
///
/// The system picks a free port for one address, not for two: the port 127.0.0.1 gets can be in use on
/// ::1 by another program (or by another server of the same process), and the server would then stop with
/// "cannot serve on http://[::1]:P". So the port is found first: 127.0.0.1 is bound on port 0, the port it
/// got is bound on ::1, and both are closed; a port in use on ::1 is skipped for the next one the system
/// picks. The real server binds the port a moment later, so a program that takes it in between still
/// makes the bind fail, as with any port asked for.
enum LoopbackPort {
    /// Binds `host` on `port` (0: a port the system picks), listening; the caller closes the channel.
    typealias Bind = (_ host: String, _ port: Int) throws -> any Channel

    /// NIO's listening bind on its shared event loops.
    /// - Parameters:
    ///   - host: The address.
    ///   - port: The port (0: one the system picks).
    static func nioBind(_ host: String, _ port: Int) throws -> any Channel {
        try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: host, port: port).wait()
    }

    /// A port free on both loopbacks, or `nil` when 127.0.0.1 cannot be bound or ::1 fails for another
    /// reason than a port in use (no IPv6 loopback: the server then listens on 127.0.0.1 alone and says so),
    /// or when `attempts` ports in a row are in use on ::1.
    /// - Parameters:
    ///   - attempts: How many ports the system may pick (1 … 1000; default 32).
    ///   - bind: How an address is bound (tests inject a first pick that is in use on ::1).
    static func freeOnBoth(attempts: Int = 32, bind: Bind = nioBind) -> Int? {
        for _ in 0..<min(max(attempts, 1), 1000) {
            guard let first = try? bind("127.0.0.1", 0) else { return nil }
            defer { _ = try? first.close().wait() }
            guard let port = first.localAddress?.port, port > 0 else { return nil }
            do {
                let second = try bind("::1", port)
                _ = try? second.close().wait()
                return port
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                continue
            } catch {
                return nil
            }
        }
        return nil
    }
}
