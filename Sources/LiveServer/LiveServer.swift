import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the live server: the routes over a ``LiveFeed``, WebSocket upgrades on `/v1/ws`, and the feed
/// as a service of the application (it starts with the server and closes its streams when the server
/// shuts down). Tests and `signals-serve` build it the same way.
///
/// ```swift
/// let feed = try LiveFeed(source: .load("Examples/specs/sine.json", options: FeedOptions()), options: FeedOptions())
/// let app = buildApplication(feed: feed, configuration: LiveServerConfiguration(port: 0)) { port in
///     print("listening on http://127.0.0.1:\(port)")
/// }
/// try await app.runService()          // SIGINT or SIGTERM: streams close, the call returns
/// ```
/// - Parameters:
///   - feed: The timeline served.
///   - configuration: Host and port, the origins allowed to change the feed and the token changes must
///     carry (the feed's options are the feed's own). Requests are checked by `Host`, `Origin` and token
///     before any route answers: see the *Security* section of the *Server protocol* article.
///   - logger: Where the server logs (default: warnings and errors on standard error).
///   - onServerRunning: Called with the port bound, once the server accepts connections.
/// - Returns: The application; run it with `runService()` (handles SIGINT and SIGTERM) or `run()`.
public func buildApplication(feed: LiveFeed, configuration: LiveServerConfiguration, logger: Logger? = nil,
                             onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
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
    return Application(
        router: router,
        server: .http1WebSocketUpgrade { head, _, logger in WebSocketStream.shouldUpgrade(head, feed: feed, access: access, logger: logger) },
        configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                serverName: nil),
        services: [FeedService(feed: feed)],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: log
    )
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
