import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with the WebSocket upgrade, and a ``ConnectionGuard`` in every
/// connection's pipeline (with ``ConnectionStart`` at its front); every connection is counted by the
/// server's ``ConnectionLimiter`` from its setup until it closes.
struct GuardedServerChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let base: HTTP1WebSocketUpgradeChannel
    let headTimeout: TimeAmount
    /// How long a connection may take to finish once the server shuts down.
    let shutdownGrace: TimeAmount
    let access: RequestGuard
    /// The server's connection count, shared by every address it listens on.
    let limiter: ConnectionLimiter

    /// The server of the application: `/v1/ws` upgrades as ``WebSocketStream`` decides; a connection idle
    /// between requests closes after `headTimeout` too.
    /// - Parameters:
    ///   - feed: The timeline served.
    ///   - headTimeout: How long a connection may take to send a request head.
    ///   - shutdownGrace: How long a connection may take to finish once the server shuts down; also how long
    ///     a WebSocket waits for the client's answer to the server's close frame (Hummingbird's default,
    ///     15 s, would hold a shutdown that long).
    ///   - access: The request guard.
    ///   - limits: The limits of the limiter made here, one for every server the builder builds (the
    ///     application's and the other loopback's).
    ///   - limiter: A limiter to use instead (a test watches its counts).
    static func builder(
        feed: LiveFeed, headTimeout: Duration, shutdownGrace: Duration = .seconds(1), access: RequestGuard,
        limits: ConnectionLimiter.Limits, limiter: ConnectionLimiter? = nil
    ) -> HTTPServerBuilder {
        let limiter = limiter ?? ConnectionLimiter(limits)
        let timeout = timeAmount(headTimeout)
        let grace = timeAmount(shutdownGrace)
        return HTTPServerBuilder { responder in
            let base = HTTP1WebSocketUpgradeChannel(
                responder: responder,
                configuration: .init(http1: .init(idleTimeout: timeout), ws: .init(closeTimeout: shutdownGrace)),
                shouldUpgrade: { head, channel, logger in
                    WebSocketStream.shouldUpgrade(head, channel: channel, feed: feed, access: access, logger: logger)
                }
            )
            return GuardedServerChannel(
                base: base, headTimeout: timeout, shutdownGrace: grace, access: access, limiter: limiter)
        }
    }

    /// A `Duration` (at most an hour, as the configuration checks) as NIO's `TimeAmount`.
    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        TimeAmount.nanoseconds(
            Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// Counts the connection (it is released when it closes; one over a limit is not counted, and its
    /// guard answers it with a 503), then sets up Hummingbird's pipeline and the guard.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let headTimeout = self.headTimeout
        let shutdownGrace = self.shutdownGrace
        let access = self.access
        let limiter = self.limiter
        let admission = limiter.admit(peer: ConnectionLimiter.peer(of: channel.remoteAddress)) {
            ConnectionGuard.evict(channel)
        }
        if case .admitted(let ticket) = admission {
            channel.closeFuture.whenComplete { _ in limiter.release(ticket) }
        }
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let start = ConnectionStart()
            try channel.pipeline.syncOperations.addHandler(start, position: .first)
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuard(
                    start: start, headTimeout: headTimeout, shutdownGrace: shutdownGrace, access: access,
                    limiter: limiter, admission: admission))
            return value
        }
    }

    /// Handles the connection as Hummingbird does. Its error log is turned down: a connection the guard
    /// answered and closed before its first request ends Hummingbird's upgrade with an error it would log
    /// for every malformed request.
    func handle(value: Value, logger: Logger) async {
        var quiet = logger
        quiet.logLevel = .critical
        await base.handle(value: value, logger: quiet)
    }
}
