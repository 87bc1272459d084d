import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with the WebSocket upgrade, and a ``ConnectionGuard`` in every
/// connection's pipeline (with ``ConnectionStart`` at its front).
struct GuardedServerChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let base: HTTP1WebSocketUpgradeChannel
    let headTimeout: TimeAmount
    let access: RequestGuard

    /// How long a WebSocket waits for the client's answer to the server's close frame before it closes
    /// anyway (Hummingbird's default, 15 s, would hold a shutdown that long).
    static let webSocketCloseTimeout = Duration.seconds(1)

    /// The server of the application: `/v1/ws` upgrades as ``WebSocketStream`` decides; a connection idle
    /// between requests closes after `headTimeout` too.
    static func builder(feed: LiveFeed, headTimeout: Duration, access: RequestGuard) -> HTTPServerBuilder {
        let timeout = TimeAmount.nanoseconds(Int64(headTimeout.components.seconds) * 1_000_000_000
            + headTimeout.components.attoseconds / 1_000_000_000)
        return HTTPServerBuilder { responder in
            let base = HTTP1WebSocketUpgradeChannel(
                responder: responder,
                configuration: .init(http1: .init(idleTimeout: timeout), ws: .init(closeTimeout: webSocketCloseTimeout)),
                shouldUpgrade: { head, _, logger in WebSocketStream.shouldUpgrade(head, feed: feed, access: access, logger: logger) }
            )
            return GuardedServerChannel(base: base, headTimeout: timeout, access: access)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let headTimeout = self.headTimeout, access = self.access
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let start = ConnectionStart()
            try channel.pipeline.syncOperations.addHandler(start, position: .first)
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(start: start, headTimeout: headTimeout, access: access))
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
