import InternalUtilities
import Signals
/// Where a live server listens and how its feed plays.
///
/// ```swift
/// let configuration = LiveServerConfiguration(host: "127.0.0.1", port: 0, feed: FeedOptions(sampleRate: 1000))
/// ```
public struct LiveServerConfiguration: Sendable, Hashable {
    /// The address to bind (`--host`): loopback by default; `0.0.0.0` serves every interface.
    public var host: String
    /// The TCP port (`--port`); 0 picks a free one.
    public var port: Int
    /// How the feed plays.
    public var feed: FeedOptions

    /// The largest request body read, in bytes: 1 MiB.
    public static let bodyLimit = 1 << 20

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: The address to bind (default `127.0.0.1`).
    ///   - port: The TCP port, 0 to 65535 (default 8080; 0 picks a free one).
    ///   - feed: How the feed plays.
    public init(host: String = "127.0.0.1", port: Int = 8080, feed: FeedOptions = FeedOptions()) {
        self.host = host
        self.port = port
        self.feed = feed
    }

    /// Whether the host serves other machines too (anything but a loopback address).
    public var isExposed: Bool {
        !isLoopbackHost(host)
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
        checked.feed = try feed.validated()
        return checked
    }

    /// `http://HOST:PORT` (IPv6 addresses in brackets).
    /// - Parameter port: The port actually bound.
    public func url(port: Int) -> String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "http://\(host):\(port)"
    }
}
