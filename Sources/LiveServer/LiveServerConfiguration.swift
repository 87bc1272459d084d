import Foundation
import InternalUtilities
import Signals

/// Where a live server listens, who may change its feed, and how the feed plays.
///
/// ```swift
/// let configuration = LiveServerConfiguration(host: "127.0.0.1", port: 0, feed: FeedOptions(sampleRate: 1000),
///                                             allowedOrigins: ["http://localhost:5173"], token: LiveServerConfiguration.generateToken())
/// ```
///
/// Every request must name this server in `Host` (a loopback name or address, or ``host``), and a change
/// (any method but `GET` and `HEAD`) or a WebSocket upgrade sent by a web page must come from the server's
/// own origin or one of ``allowedOrigins``; with a ``token`` it must carry it too. The *Server protocol*
/// article's *Security* section says why.
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
    /// How long a connection may take to finish once the server shuts down (a stream's last comment, a
    /// WebSocket's close handshake, a response under way) before it is closed with its writes pending:
    /// 1 s by default, more than 0 s and at most 3600 s. A client that stopped reading never holds a
    /// shutdown longer than this; one that reads gets its ending unless the server's threads cannot write
    /// within it.
    public var shutdownGrace: Duration = .seconds(1)
    /// The most connections open at once, every client and every address listened on together
    /// (`--max-connections`): 4096 by default, at least 1. One more is answered `503 Service Unavailable`
    /// with `Retry-After: 1` and a JSON reason naming the limit, then closed; it is not counted.
    public var maxConnections = 4096
    /// The most connections open at once from one client address (one IP address, whatever its ports;
    /// `--max-connections-per-peer`): 1024 by default, at least 1. One more is answered 503 as over
    /// ``maxConnections``.
    public var maxConnectionsPerPeer = 1024
    /// The most connections that may be *idle* at once, having sent no whole request head yet (no flag;
    /// `signals serve` keeps 128, the default; at least 1). When one more connects, the oldest idle
    /// connection is closed, silently, as the head timeout closes one: sockets that connect and send
    /// nothing (hundreds of them, or a slowloris client's) never keep out a client that sends its request
    /// at once. A connection stops being idle when its first request head arrives.
    public var maxIdleConnections = 128
    /// Origins (`scheme://host[:port]`, `--allow-origin`) whose pages may change the feed and open
    /// WebSockets, beside the server's own. Empty by default.
    public var allowedOrigins: [String]
    /// The secret that changes and WebSocket upgrades must carry (`--token`, `SIGNALS_SERVE_TOKEN`), as
    /// `Authorization: Bearer TOKEN` (a WebSocket may give `?token=TOKEN` instead): 1 to 256 characters
    /// among `A-Z a-z 0-9 - . _ ~`. `nil` (the default) asks for none, except on a host that binds every
    /// interface (``bindsEveryInterface``), where changes are refused until a token is set.
    public var token: String?

    /// The largest request body read, in bytes: 1 MiB.
    public static let bodyLimit = 1 << 20

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: The address to bind (default `localhost`: both 127.0.0.1 and ::1).
    ///   - port: The TCP port, 0 to 65535 (default 8080; 0 picks a free one).
    ///   - feed: How the feed plays.
    ///   - allowedOrigins: Other origins whose pages may change the feed (default none).
    ///   - token: The token changes must carry (default none).
    public init(
        host: String = LiveServerConfiguration.bothLoopbacks, port: Int = 8080, feed: FeedOptions = FeedOptions(),
        allowedOrigins: [String] = [], token: String? = nil
    ) {
        self.host = host
        self.port = port
        self.feed = feed
        self.allowedOrigins = allowedOrigins
        self.token = token
    }

    /// Whether ``host`` is a wildcard address (`0.0.0.0`, `::`) that binds every interface: then any
    /// `Host` is accepted (the server cannot know its names), and changes need the ``token``.
    public var bindsEveryInterface: Bool {
        var h = Substring(host)
        if h.hasPrefix("["), h.hasSuffix("]") { h = h.dropFirst().dropLast() }
        return h == "0.0.0.0" || h.allSatisfy { $0 == "0" || $0 == ":" } && h.contains(":")
    }

    /// Whether changes and WebSocket upgrades must carry a token: when one is set, and always on a host
    /// that binds every interface.
    public var requiresToken: Bool { token != nil || bindsEveryInterface }

    /// A new random token: 32 hexadecimal digits (128 bits from the system's secure generator), for
    /// `--token generate`.
    ///
    /// ```swift
    /// LiveServerConfiguration.generateToken()   // "3f9c0e…" (32 characters)
    /// ```
    public static func generateToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// Whether the host serves other machines too (anything but a loopback address).
    public var isExposed: Bool {
        !isLoopbackHost(host)
    }

    /// Whether the host is a wildcard address, which serves every network interface (`0.0.0.0`, `::`):
    /// the same as ``bindsEveryInterface``.
    public var isWildcard: Bool { bindsEveryInterface }

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
        guard (0...65535).contains(port) else {
            throw SignalError(.invalidArgument, "--port must be from 0 to 65535 (0 picks a free port), got \(port)")
        }
        guard !host.isEmpty, host.utf8.count <= 255, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw SignalError(
                .invalidArgument, "--host must be an address or a host name such as 127.0.0.1, got '\(host)'")
        }
        var checked = self
        // An IPv6 address may come in brackets, as in a URL: [::1] is ::1.
        let bare =
            host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 ? String(host.dropFirst().dropLast()) : host
        guard !bare.contains("[") && !bare.contains("]") else {
            throw SignalError(
                .invalidArgument,
                "--host must be an address or a host name such as 127.0.0.1 or ::1, got '\(SignalError.quoted(host, limit: 60))'"
            )
        }
        checked.host = bare
        guard headTimeout > .zero, headTimeout <= .seconds(3600) else {
            throw SignalError(
                .invalidArgument, "the head timeout must be more than 0 s and at most 3600 s, got \(headTimeout)")
        }
        guard shutdownGrace > .zero, shutdownGrace <= .seconds(3600) else {
            throw SignalError(
                .invalidArgument, "the shutdown grace must be more than 0 s and at most 3600 s, got \(shutdownGrace)")
        }
        guard maxConnections >= 1 else {
            throw SignalError(.invalidArgument, "--max-connections must be a whole number ≥ 1, got \(maxConnections)")
        }
        guard maxConnectionsPerPeer >= 1 else {
            throw SignalError(
                .invalidArgument, "--max-connections-per-peer must be a whole number ≥ 1, got \(maxConnectionsPerPeer)")
        }
        guard maxIdleConnections >= 1 else {
            throw SignalError(
                .invalidArgument,
                "the most idle connections (maxIdleConnections) must be ≥ 1, got \(maxIdleConnections)")
        }
        checked.feed = try feed.validated()
        checked.allowedOrigins = try allowedOrigins.map { text throws(SignalError) in
            guard let origin = WebOrigin(text) else {
                throw SignalError(
                    .invalidArgument,
                    "--allow-origin must be an origin such as http://localhost:5173 (scheme://host[:port], no path), got '\(SignalError.quoted(text, limit: 80))'"
                )
            }
            return origin.description
        }
        if let token { try Self.checkToken(token, from: "--token") }
        return checked
    }

    /// Checks a token: 1 to 256 of `A-Z a-z 0-9 - . _ ~`. The token is a secret: the messages describe
    /// it, never quote it.
    /// - Parameters:
    ///   - token: The token.
    ///   - source: Where it was given, for the message (`--token`, `SIGNALS_SERVE_TOKEN`).
    /// - Throws: `SignalError` (`invalidArgument`) naming `source`.
    package static func checkToken(_ token: String, from source: String) throws(SignalError) {
        guard (1...256).contains(token.utf8.count) else {
            throw SignalError(
                .invalidArgument,
                "\(source) must be 1 to 256 characters long (or 'generate' for a random one), got \(token.utf8.count)")
        }
        guard
            token.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._~".unicodeScalars.contains($0))
            })
        else {
            throw SignalError(
                .invalidArgument,
                "\(source) may hold only A-Z a-z 0-9 - . _ ~ (it travels in a header and in a URL), and this one holds other characters"
            )
        }
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
