import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the live server: the routes over a ``LiveFeed``, WebSocket upgrades on `/v1/ws`, and the feed
/// as a service of the application (it starts with the server and closes its streams when the server
/// shuts down). Tests and `signals-serve` build it the same way.
///
/// With the default host (`localhost`) it listens on both loopbacks, 127.0.0.1 and ::1, on one port: a
/// client that resolves `localhost` to `::1` first (as macOS does) reaches it too. Where the machine has
/// no IPv6 loopback, it listens on 127.0.0.1 alone and says so in ``ListeningAddresses/notes``.
///
/// Every connection is guarded: a malformed request is answered with a 4xx and
/// closed, a connection that has not sent a whole request head within
/// ``LiveServerConfiguration/headTimeout`` is closed, and at shutdown idle connections close at once.
/// Connections are counted on every address together: one over ``LiveServerConfiguration/maxConnections``
/// or ``LiveServerConfiguration/maxConnectionsPerPeer`` is answered 503 and closed, and beyond
/// ``LiveServerConfiguration/maxIdleConnections`` connections that have sent no request head yet, the
/// oldest of them is closed.
///
/// ```swift
/// let feed = try LiveFeed(source: .load("Examples/specs/sine.json", options: FeedOptions()), options: FeedOptions())
/// let app = buildApplication(feed: feed, configuration: LiveServerConfiguration(port: 0)) { listening in
///     for url in listening.urls { print("listening on \(url)") }
/// }
/// try await app.runService()          // SIGINT or SIGTERM: streams close, the call returns
/// ```
/// - Parameters:
///   - feed: The timeline served.
///   - configuration: Host, port and head timeout, the origins allowed to change the feed and the token
///     changes must carry (the feed's options are the feed's own). Requests are checked by `Host`, `Origin`
///     and token before any route answers: see the *Security* section of the *Server protocol* article.
///   - logger: Where the server logs (default: warnings and errors on standard error).
///   - onServerRunning: Called once the server accepts connections on every address, with the port and
///     the addresses.
/// - Returns: The application; run it with `runService()` (handles SIGINT and SIGTERM) or `run()`.
public func buildApplication(
    feed: LiveFeed, configuration: LiveServerConfiguration, logger: Logger? = nil,
    onServerRunning: @escaping @Sendable (ListeningAddresses) async -> Void = { _ in }
) -> some ApplicationProtocol {
    buildApplication(
        feed: feed, configuration: configuration, logger: logger, limiter: nil, onServerRunning: onServerRunning)
}

/// ``buildApplication(feed:configuration:logger:onServerRunning:)`` counting its connections with
/// `limiter` (a test watches its counts); `nil` makes one from the configuration's limits.
func buildApplication(
    feed: LiveFeed, configuration: LiveServerConfiguration, logger: Logger? = nil, limiter: ConnectionLimiter?,
    onServerRunning: @escaping @Sendable (ListeningAddresses) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let router = Router(context: LiveRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: JSONErrorMiddleware())
    let access = RequestGuard(configuration)
    router.add(middleware: RequestGuardMiddleware(access: access))
    ConsoleRoutes().add(to: router)
    DataRoutes(feed: feed).add(to: router)
    StreamRoutes(feed: feed).add(to: router)
    SpecRoutes(feed: feed).add(to: router)
    ControlRoutes(feed: feed).add(to: router)
    var log = logger ?? Logger(label: "signals-serve")
    if logger == nil { log.logLevel = .warning }
    let responder = router.buildResponder()
    let server = GuardedServerChannel.builder(
        feed: feed, headTimeout: configuration.headTimeout,
        shutdownGrace: configuration.shutdownGrace, access: access,
        limits: ConnectionLimiter.Limits(configuration), limiter: limiter)
    var services: [any Service] = [FeedService(feed: feed)]
    let second =
        configuration.bindsBothLoopbacks ? SecondLoopback(responder: responder, server: server, logger: log) : nil
    if let second { services.append(second) }
    // Port 0 on both loopbacks: a port free on both, not one the system picked for 127.0.0.1 alone.
    let bindPort =
        configuration.port == 0 && second != nil ? LoopbackPort.freeOnBoth() ?? 0 : configuration.port
    return Application(
        responder: responder,
        server: server,
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.bindHost, port: bindPort), serverName: nil),
        services: services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? bindPort
            var listening = ListeningAddresses(port: port, urls: [configuration.url(port: port)], notes: [])
            if let second, let address = channel.localAddress {
                listening.urls = [LiveServerConfiguration.url(address.ipAddress ?? configuration.bindHost, port: port)]
                switch await second.listen(besides: address) {
                case .listening(let url): listening.urls.append(url)
                case .unavailable(let note): listening.notes.append(note)
                case .failed: return  // the service threw: the application stops with that error
                }
                listening.urls.sort { $0.contains("[") == false && $1.contains("[") }
            }
            await onServerRunning(listening)
        },
        logger: log
    )
}

/// Where a running server listens.
public struct ListeningAddresses: Sendable, Hashable {
    /// The TCP port bound (the one picked, for port 0).
    public var port: Int
    /// `http://HOST:PORT` for each address listened on, 127.0.0.1 first.
    public var urls: [String]
    /// What did not go as configured without stopping the server (no IPv6 loopback on this machine).
    public var notes: [String]
}

/// Runs a ``LiveFeed`` with the application: starts it, and closes it (ending every stream) at graceful
/// shutdown.
struct FeedService: Service {
    let feed: LiveFeed

    func run() async throws {
        try feed.start()
        try? await gracefulShutdown()
        feed.close()
    }
}
