import Formats
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import ServiceLifecycle
import Signals

/// The points of the timeline: `GET /v1/point` (the newest), `GET /v1/stream` (Server-Sent Events) and
/// `GET /v1/ws` (WebSocket; the upgrade itself is handled by ``WebSocketStream``).
struct StreamRoutes {
    let feed: LiveFeed

    /// The comment that ends a stream the server closes.
    static let endComment = SSEWriter.comment("the server is shutting down")

    /// The `Last-Event-ID` header.
    static let lastEventID = HTTPField.Name("Last-Event-ID")!

    func add(to router: Router<LiveRequestContext>) {
        router.get("/v1/point") { _, context in
            feed.notePoll(context.peer)
            guard let latest = feed.latest else {
                throw LiveServerError(.unavailable, "no point has played yet; try again in a moment")
            }
            var body = ByteBuffer()
            body.reserveCapacity(latest.json.readableBytes + 1)
            body.writeImmutableBuffer(latest.json)
            body.writeStaticString("\n")
            return LiveRoutes.json(body, shared: true)
        }
        router.get("/v1/stream") { request, context in
            let rate = try request.decimationRate()
            let start = try StreamRoutes.start(request.headers[StreamRoutes.lastEventID])
            let feed = self.feed
            // The connection's guard takes the stream's number out of the head as it goes out; from then
            // on the fan-out may write this response's chunks.
            let head = feed.nextStreamHead()
            let headers: HTTPFields = [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                .accessControlAllowOrigin: "*", HTTPField.Name("X-Accel-Buffering")!: "no",
                HTTPField.Name(ConnectionStart.streamHeader)!: String(head),
            ]
            let channel = context.channel
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    // The head is on its way (Hummingbird wrote it before calling this): the fan-out writes the
                    // events to the channel after it, and this task only waits for the stream to end.
                    let subscription = feed.subscribe(.sse, from: start, rate: rate)
                    let ended = feed.attach(subscription, to: channel, encoding: .sse, head: head)
                    do {
                        try await request.body.consumeWithInboundCloseHandler { _ in
                            try await withGracefulShutdownHandler {
                                try await ended.get()
                            } onGracefulShutdown: {
                                subscription.close()
                            }
                        } onInboundClosed: {
                            subscription.close()
                        }
                    } catch {
                        subscription.close()
                        throw error
                    }
                    subscription.close()
                    try await ended.get()
                    // The server ended the stream (it is shutting down): a last comment says so before the
                    // end of the body (a client that left does not read it, and the write fails quietly).
                    try? await writer.write(ByteBuffer(string: StreamRoutes.endComment))
                    try await writer.finish(nil)
                })
        }
        router.get("/v1/ws") { request, _ -> Response in
            _ = try WebSocketStream.options(request)
            throw LiveServerError(
                .badRequest,
                "/v1/ws is a WebSocket endpoint: connect with a WebSocket client (it sends Connection: Upgrade and Upgrade: websocket), or read /v1/stream for Server-Sent Events"
            )
        }
    }

    /// Where a stream starts: after `Last-Event-ID` when given (an empty one counts as absent).
    /// - Throws: ``LiveServerError`` (400) for an ID that is not a point index.
    static func start(_ header: String?) throws(LiveServerError) -> StreamStart {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .latest }
        guard let id = Int(text), id >= 0 else {
            throw LiveServerError(
                .badRequest,
                "Last-Event-ID must be a point index (a whole number ≥ 0, the id: of an event), got '\(SignalError.quoted(text, limit: 40))'"
            )
        }
        return .after(id)
    }
}
