import Hummingbird
import HummingbirdWebSocket
import InternalUtilities
import Logging
import NIOCore
import NIOWebSocket
import ServiceLifecycle
import Signals

/// `GET /v1/ws` upgraded to a WebSocket: one text message per point, the `signals play` JSON line, with
/// the same `?rate=` as `/v1/stream`. Messages from the client are read and ignored; the stream ends when
/// the client closes it, the feed closes, or the server shuts down.
///
/// Two additions let a client resume without loss, as `Last-Event-ID` does for Server-Sent Events:
/// - `?ids=true`: each message is `{"id":INDEX,"point":LINE}` (the point's index on the timeline, the
///   SSE `id:`), and the server's notes (points missed by a client lapped by the replay buffer, a
///   resume from another timeline) arrive as `{"note":"…"}`. Without it a lapped client skips ahead
///   with no message (the jump shows in the timestamps).
/// - `?after=INDEX` (or a `Last-Event-ID` header on the upgrade request): start after that point,
///   replaying what the buffer still holds, instead of at the newest point.
enum WebSocketStream {
    static let path = "/v1/ws"

    /// The query parameters of `/v1/ws` (`token`: the server's token, for browsers, which cannot set
    /// `Authorization` on a WebSocket; ``RequestGuard`` checks it).
    static let parameters = ["rate", "after", "ids", "token"]

    /// What a `/v1/ws` request asks for.
    struct Options: Sendable, Hashable {
        var rate: Double?
        var start: StreamStart
        var ids: Bool
    }

    /// Reads `?rate=`, `?after=` (or `Last-Event-ID`) and `?ids=`.
    /// - Throws: ``LiveServerError`` (400) naming the bad parameter.
    static func options(_ request: Request) throws(LiveServerError) -> Options {
        let rate = try request.decimationRate(allowed: parameters)
        let header = try StreamRoutes.start(request.headers[StreamRoutes.lastEventID])
        var start = header
        if let text = try request.queryValue("after", allowed: parameters) {
            guard let after = Int(text), after >= 0 else {
                throw LiveServerError(
                    .badRequest,
                    "'after' must be a point index (a whole number ≥ 0), got '\(SignalError.quoted(text, limit: 40))'")
            }
            if case .after(let other) = header, other != after {
                throw LiveServerError(
                    .badRequest, "'after' is \(after) but the Last-Event-ID header is \(other); give one of them")
            }
            start = .after(after)
        }
        var ids = false
        if let text = try request.queryValue("ids", allowed: parameters) {
            switch text.lowercased() {
            case "true", "1", "": ids = true
            case "false", "0": ids = false
            default:
                throw LiveServerError(
                    .badRequest, "'ids' is true or false, got '\(SignalError.quoted(text, limit: 40))'")
            }
        }
        return Options(rate: rate, start: start, ids: ids)
    }

    /// Whether to upgrade a request: only `/v1/ws` with a valid query, that `access` lets through (its
    /// `Host`, `Origin` and token).
    ///
    /// A refused upgrade never gets hummingbird-websocket's empty 400: ``ConnectionGuard`` answers it
    /// with the reason as JSON and closes, with `access`'s status (421, 403, 401) when `access` refused
    /// it, else 400 (a malformed handshake or query). A refusal by `access` is also logged as a warning,
    /// so that the developer whose page is refused sees why (a missing `--allow-origin` or token).
    static func shouldUpgrade(
        _ head: HTTPRequest, channel: any Channel, feed: LiveFeed,
        access: RequestGuard = RequestGuard(LiveServerConfiguration()),
        logger: Logger? = nil
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        guard request.uri.path == path else { return .dontUpgrade }
        do {
            try access.check(head)
        } catch {
            logger?.warning("refused a WebSocket upgrade on \(path) (\(error.statusCode)): \(error.message)")
            return .dontUpgrade
        }
        let options: Options
        do {
            options = try self.options(request)
        } catch {
            return .dontUpgrade  // the router answers 400 with the reason
        }
        return .upgrade([:]) { inbound, outbound, _ in
            try await stream(feed: feed, channel: channel, options: options, inbound: inbound, outbound: outbound)
        }
    }

    /// Writes the points until the client, the feed or the server ends the stream.
    ///
    /// The fan-out writes the frames to `channel` from its event loop (see `FanOut`); this task waits for
    /// the stream to end. Reading runs in its own task, so that it notices a close frame or a dropped
    /// connection and ends the stream. It is not awaited: an inbound iteration does not always end when
    /// cancelled (seen when the server shut down while a client was connected: the peer never answered
    /// the close, and the handler waited for ever). Once the stream ends, the handler sends a close
    /// (1001, going away) and returns; Hummingbird then closes the channel, which ends the reader.
    static func stream(
        feed: LiveFeed, channel: any Channel, options: Options, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter
    ) async throws {
        let subscription = feed.subscribe(.ws, from: options.start, rate: options.rate)
        defer { subscription.close() }
        let ended = feed.attach(subscription, to: channel, encoding: .webSocket(ids: options.ids))
        let reader = Task {
            do { for try await _ in inbound {} } catch {}
            subscription.close()
        }
        defer { reader.cancel() }
        try await withGracefulShutdownHandler {
            try await ended.get()
        } onGracefulShutdown: {
            subscription.close()
        }
        try? await outbound.close(.goingAway, reason: "the feed ended")
    }
}
