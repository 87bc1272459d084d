import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import ServiceLifecycle

/// `GET /v1/ws` upgraded to a WebSocket: one text message per point, the `signals play` JSON line, with
/// the same `?rate=` as `/v1/stream`. Messages from the client are read and ignored; the stream ends when
/// the client closes it, the feed closes, or the server shuts down. A client that falls a whole replay
/// buffer behind skips ahead to the newest point (WebSocket messages carry no comment: the jump shows in
/// the timestamps).
@available(macOS 14, iOS 17, tvOS 17, *)
enum WebSocketStream {
    static let path = "/v1/ws"

    /// Whether to upgrade a request: only `/v1/ws` with a valid query. Anything else goes on to the
    /// router, which answers it (with a JSON error for a bad query).
    static func shouldUpgrade(_ head: HTTPRequest, feed: LiveFeed) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        guard request.uri.path == path else { return .dontUpgrade }
        let rate: Double?
        do {
            rate = try request.decimationRate()
        } catch {
            return .dontUpgrade   // the router answers 400 with the reason
        }
        return .upgrade([:]) { inbound, outbound, _ in
            try await stream(feed: feed, rate: rate, inbound: inbound, outbound: outbound)
        }
    }

    /// Writes the points until the client, the feed or the server ends the stream.
    static func stream(feed: LiveFeed, rate: Double?, inbound: WebSocketInboundStream,
                       outbound: WebSocketOutboundWriter) async throws {
        let subscription = feed.subscribe(.ws, from: .latest, rate: rate)
        defer { subscription.close() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Reading is what notices a close frame or a dropped connection.
                for try await _ in inbound {}
            }
            group.addTask {
                try await withGracefulShutdownHandler {
                    while let batch = await subscription.next() {
                        for entry in batch.entries {
                            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: entry.json)))
                        }
                    }
                } onGracefulShutdown: {
                    subscription.close()
                }
            }
            _ = try await group.next()
            subscription.close()
            group.cancelAll()
        }
    }
}
