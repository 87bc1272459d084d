import NIOCore
import Testing

@testable import LiveServer

/// Port 0 on both loopbacks gives a port free on both: the system's pick for 127.0.0.1 can be in use on ::1.
@Suite struct LoopbackPortTests {
    /// Whether this machine has an IPv6 loopback to bind.
    static let hasIPv6Loopback: Bool = {
        guard let channel = try? LoopbackPort.nioBind("::1", 0) else { return false }
        _ = try? channel.close().wait()
        return true
    }()

    @Test("the port found binds on 127.0.0.1 and on ::1", .enabled(if: hasIPv6Loopback))
    func freeOnBoth() throws {
        let port = try #require(LoopbackPort.freeOnBoth())
        let v4 = try LoopbackPort.nioBind("127.0.0.1", port)
        let v6 = try LoopbackPort.nioBind("::1", port)
        try v4.close().wait()
        try v6.close().wait()
    }

    @Test(
        "failing case: a first pick that is in use on ::1 is skipped, not handed to the server",
        .enabled(if: hasIPv6Loopback))
    func pickInUseOnIPv6IsSkipped() throws {
        let taken = try LoopbackPort.nioBind("::1", 0)  // another program's port on ::1
        defer { _ = try? taken.close().wait() }
        let busy = try #require(taken.localAddress?.port)
        var picks: [Int] = []
        let port = LoopbackPort.freeOnBoth { host, port in
            // The system's first pick for 127.0.0.1 is the port in use on ::1.
            let channel = try LoopbackPort.nioBind(host, host == "127.0.0.1" && picks.isEmpty ? busy : port)
            if host == "127.0.0.1" { picks.append(channel.localAddress?.port ?? -1) }
            return channel
        }
        #expect(picks.first == busy)
        #expect(picks.count == 2, "one more pick after the port in use: \(picks)")
        #expect(port != nil && port != busy, "\(String(describing: port)) with \(busy) in use on ::1")
    }

    @Test(
        "ports in use on ::1 every time: nil after the attempts, so the server picks its own",
        .enabled(if: hasIPv6Loopback))
    func attemptsRunOut() throws {
        let taken = try LoopbackPort.nioBind("::1", 0)
        defer { _ = try? taken.close().wait() }
        let busy = try #require(taken.localAddress?.port)
        var binds = 0
        let port = LoopbackPort.freeOnBoth(attempts: 3) { host, port in
            binds += 1
            return try LoopbackPort.nioBind(host, host == "127.0.0.1" ? busy : port)
        }
        #expect(port == nil)
        #expect(binds == 6)  // three picks, each refused on ::1
    }
}
