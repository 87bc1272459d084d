import InternalUtilities
import Signals
/// Where a live server listens and how its feed plays.
///
/// ```swift
/// let configuration = LiveServerConfiguration(host: "127.0.0.1", port: 0, feed: FeedOptions(sampleRate: 1000))
/// ```
public struct LiveServerConfiguration: Sendable, Hashable {
    /// The host that binds both loopbacks, 127.0.0.1 and ::1 (the default).
    public static let bothLoopbacks = "localhost"

    /// The address to bind (`--host`): `localhost` (the default) binds both loopbacks, 127.0.0.1 and
    /// ::1; any other host binds that address alone (`::1` and `[::1]` alike); `0.0.0.0` or `::` serves
    /// every interface.
    public var host: String
    /// The TCP port (`--port`); 0 picks a free one.
    public var port: Int
    /// How the feed plays.
    public var feed: FeedOptions
    /// How long a connection may take to send a whole request head, and stay idle between requests,
    /// before the server closes it (a slowloris guard): 10 s by default. A connection that sent part of
    /// a head is answered 408 first. Streams and requests being answered are not timed.
    public var headTimeout: Duration = .seconds(10)

    /// The largest request body read, in bytes: 1 MiB.
    public static let bodyLimit = 1 << 20

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: The address to bind (default `localhost`: both 127.0.0.1 and ::1).
    ///   - port: The TCP port, 0 to 65535 (default 8080; 0 picks a free one).
    ///   - feed: How the feed plays.
    public init(host: String = LiveServerConfiguration.bothLoopbacks, port: Int = 8080, feed: FeedOptions = FeedOptions()) {
        self.host = host
        self.port = port
        self.feed = feed
    }

    /// Whether the host serves other machines too (anything but a loopback address).
    public var isExposed: Bool {
        !isLoopbackHost(host)
    }

    /// Whether the host is a wildcard address, which serves every network interface (`0.0.0.0`, `::`).
    public var isWildcard: Bool {
        ["0.0.0.0", "::", "[::]"].contains(host)
    }

    /// Whether the server binds both loopbacks (the host is ``bothLoopbacks``).
    public var bindsBothLoopbacks: Bool {
        host.lowercased() == LiveServerConfiguration.bothLoopbacks
    }

    /// The address bound first: 127.0.0.1 for ``bothLoopbacks``, the host without brackets otherwise.
    var bindHost: String {
        if bindsBothLoopbacks { return "127.0.0.1" }
        if host.hasPrefix("["), host.hasSuffix("]") { return String(host.dropFirst().dropLast()) }
        return host
    }

    /// The configuration, checked.
    /// - Throws: `SignalError` (`invalidArgument`) naming the flag and its range.
    public func validated() throws(SignalError) -> LiveServerConfiguration {
        guard (0 ... 65535).contains(port) else {
            throw SignalError(.invalidArgument, "--port must be from 0 to 65535 (0 picks a free port), got \(port)")
        }
        guard !host.isEmpty, host.utf8.count <= 255, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw SignalError(.invalidArgument, "--host must be an address or a host name such as 127.0.0.1, got '\(host)'")
        }
        var checked = self
        // An IPv6 address may come in brackets, as in a URL: [::1] is ::1.
        let bare = host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 ? String(host.dropFirst().dropLast()) : host
        guard !bare.contains("[") && !bare.contains("]") else {
            throw SignalError(.invalidArgument, "--host must be an address or a host name such as 127.0.0.1 or ::1, got '\(SignalError.quoted(host, limit: 60))'")
        }
        checked.host = bare
        guard headTimeout > .zero, headTimeout <= .seconds(3600) else {
            throw SignalError(.invalidArgument, "the head timeout must be more than 0 s and at most 3600 s, got \(headTimeout)")
        }
        checked.feed = try feed.validated()
        return checked
    }

    /// `http://HOST:PORT` of the address bound first (IPv6 addresses in brackets; 127.0.0.1 for
    /// ``bothLoopbacks``).
    /// - Parameter port: The port actually bound.
    public func url(port: Int) -> String {
        LiveServerConfiguration.url(bindHost, port: port)
    }

    /// `http://HOST:PORT`, an IPv6 address in brackets (once).
    static func url(_ host: String, port: Int) -> String {
        let host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(host):\(port)"
    }
}
