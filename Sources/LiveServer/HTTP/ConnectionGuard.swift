import NIOCore
import NIOHTTP1
import NIOWebSocket

/// The first bytes a connection sent (its first request head, up to 16 KiB), kept at the front of its
/// pipeline for ``ConnectionGuard``: to tell an unknown method from bytes that are not HTTP, to read the
/// head of a WebSocket handshake that the upgrade handler refused (it passes the head on to no one), and
/// to see an HTTP/0.9 request line, which the decoder would wait on for ever. It never changes what
/// passes through.
///
/// Being next to the socket, it is also where the fan-out writes a stream's bytes that it framed
/// itself (``write(raw:)``), past the HTTP and WebSocket encoders.
final class ConnectionStart: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var context: ChannelHandlerContext?
    /// The stream whose response head has gone past the HTTP encoder, and whose end has not (set by
    /// ``ConnectionGuard`` from the head's ``streamHeader``): that response's chunks framed here may
    /// follow only then. It is the response's own number, so the head of an earlier response on the same
    /// connection (whose end may still be on its way) never lets a stream's chunks out before its head.
    private(set) var streamHeadSent: Int?
    /// The stream whose head is awaited, and what to call once it goes out.
    private var awaited: (stream: Int, action: () -> Void)?

    /// The response head that carries ``streamHeader`` `stream` went out (`stream` non-nil), or a
    /// response's end did (`nil`).
    func noteResponse(stream: Int?) {
        streamHeadSent = stream
        if let stream, let awaited, awaited.stream == stream {
            self.awaited = nil
            awaited.action()
        }
    }

    /// Calls `action` once the head of stream `stream` goes out (on the channel's event loop).
    func onResponseHead(of stream: Int, _ action: @escaping () -> Void) {
        awaited = (stream, action)
    }

    /// The header by which a streaming response's head names its stream to ``ConnectionGuard``, which
    /// takes it out of the head before it is encoded (a client never sees it).
    static let streamHeader = "x-signalrunner-stream"

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Whether the stream's bytes are no longer written: its WebSocket failed, and its close frame must
    /// be the last frame sent.
    private var rawWritesEnded = false

    /// Writes bytes straight to the socket (on the channel's event loop; no flush).
    /// - Returns: `false` when the handler has left the pipeline (nothing was written). After
    ///   ``endRawWrites()`` the bytes are dropped, and it returns `true`: the connection is closing.
    func write(raw: ByteBuffer) -> Bool {
        guard let context else { return false }
        if rawWritesEnded { return true }
        context.write(wrapOutboundOut(raw), promise: nil)
        return true
    }

    /// Drops every stream byte from now on (the connection failed and is closing).
    func endRawWrites() {
        rawWritesEnded = true
    }

    /// Flushes what was written (on the channel's event loop).
    func flushRaw() {
        context?.flush()
    }

    /// How many bytes are kept at most.
    static let kept = 16 * 1024
    /// The connection's first bytes.
    private(set) var bytes: [UInt8] = []
    /// Whether the guard no longer needs them.
    private var released = false
    /// Whether the first line was looked at.
    private var firstLineSeen = false
    /// Whether what arrives is dropped here (the guard answered and is closing the connection).
    private var discarding = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if discarding { return }
        if !released, bytes.count < Self.kept {
            bytes += unwrapInboundIn(data).readableBytesView.prefix(Self.kept - bytes.count)
        }
        context.fireChannelRead(data)
        if !released, !firstLineSeen, let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            firstLineSeen = true
            // `GET /` and nothing else: HTTP/0.9, which has no version and no header.
            let line = bytes[..<end].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            if line.count == 2 { context.fireErrorCaught(MalformedRequest.HTTP09Request()) }
        }
    }

    /// Stops keeping bytes (the first request was read), and frees them.
    func release() {
        released = true
        bytes = []
    }

    /// Drops everything that arrives from now on, before the HTTP decoder and the upgrade handler: the
    /// guard has answered, and the connection only lingers until it closes.
    func discard() {
        discarding = true
        release()
    }
}

/// Answers what Hummingbird leaves unanswered before a connection's first request reaches it, and never
/// lets such a connection hold the server.
///
/// Until the first request head is read, Hummingbird's HTTP handlers are not in the pipeline yet (the
/// WebSocket upgrade handler decides first), so a decoder error there was never answered and the
/// connection never closed, and an idle connection kept a graceful shutdown waiting for ever. This
/// handler sits after the upgrade handler and, until the first request passes it:
/// - answers a decoder error with its ``MalformedRequest`` status and a JSON reason, then closes;
/// - answers a connection over the server's limits (``ConnectionLimiter``) with 503, `Retry-After: 1`
///   and the reason as soon as it is active, without waiting for a request;
/// - answers a failed WebSocket handshake and an unsupported HTTP version with 400 and the reason, and a
///   handshake that ``RequestGuard`` refuses with its status (421, 403, 401) and reason;
/// - closes the connection when the server shuts down (`ChannelShouldQuiesceEvent`), or when the head has
///   not arrived within `headTimeout` (a 408 when part of it had; silently for a connection that sent
///   nothing): the slowloris guard;
/// - closes it silently when the limiter evicts it: it is the oldest of too many idle connections.
/// After that (a request passed, or the connection became a WebSocket) it passes everything on;
/// Hummingbird's own idle timeout and quiescing take over. The connection is idle for the limiter until
/// then. One thing it still answers itself: a later request on a kept-alive connection that the decoder
/// cannot read, arriving between two requests, gets the same JSON reason and close as a first one.
///
/// Whatever the phase, a shutdown never waits on a connection for longer than ``shutdownGrace``: when the
/// server shuts down, a stream, a WebSocket or a response still open then is closed, its pending writes
/// dropped. A client that stopped reading leaves its socket full, and every write to it (the stream's
/// last comment, a WebSocket's close frame) would wait for the client for ever; a shutdown must not.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    /// Never read: what is written after this handler answered is dropped, whatever it is (after a
    /// WebSocket upgrade, frames pass through as bytes).
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    enum Phase {
        /// No request has passed yet.
        case awaitingFirstRequest
        /// A request passed, or the connection was upgraded: nothing more to do.
        case handedOver
        /// This handler answered and is closing the connection: everything else is dropped.
        case answered
    }

    /// How long a connection may take to send its first request head.
    let headTimeout: TimeAmount
    /// How long an answered connection is kept half-closed, reading what the client still sends, so that
    /// closing with unread bytes does not reset the connection before the client read the answer.
    static let linger = TimeAmount.seconds(1)
    /// How long a connection may take to finish once the server shuts down (a stream's last comment, a
    /// WebSocket's close handshake, a response under way) before it is closed with its writes pending
    /// (``LiveServerConfiguration/shutdownGrace``, 1 s by default): as long as a WebSocket waits for the
    /// client's close frame, so a client that reads loses nothing unless the server's threads cannot
    /// write within it.
    let shutdownGrace: TimeAmount

    private let start: ConnectionStart
    /// Whether the connection is still awaiting its first request; leaving that phase ends its idle time.
    private(set) var phase = Phase.awaitingFirstRequest {
        didSet {
            if oldValue == .awaitingFirstRequest, phase != .awaitingFirstRequest, let limiter,
                case .admitted(let ticket)? = admission
            {
                limiter.endIdle(ticket)
            }
        }
    }
    /// Who checks a refused WebSocket handshake's `Host`, `Origin` and token, to give its reason.
    private let access: RequestGuard?
    /// The server's connection count, told when the connection stops being idle.
    private let limiter: ConnectionLimiter?
    /// The connection's place: admitted (idle until its first request), or refused (a 503 to answer).
    private let admission: ConnectionLimiter.Admission?
    /// Whether the connection became a WebSocket (what passes is no longer HTTP).
    private var upgraded = false
    /// Whether a request's body is still arriving (its head passed, its end not yet).
    private var readingRequest = false
    /// Whether a response is being written (its head passed, its end not yet).
    private var responding = false
    private var timer: Scheduled<Void>?
    /// Closes the connection ``shutdownGrace`` after the server began to shut down.
    private var shutdownTimer: Scheduled<Void>?

    /// A guard.
    /// - Parameters:
    ///   - start: The connection's first bytes, kept at the front of its pipeline.
    ///   - headTimeout: How long the first request head may take.
    ///   - shutdownGrace: How long a connection may take to finish once the server shuts down (default 1 s).
    ///   - access: The server's request guard, for the reason of a refused WebSocket handshake.
    ///   - limiter: The server's connection count.
    ///   - admission: What `limiter` decided for this connection.
    init(
        start: ConnectionStart, headTimeout: TimeAmount, shutdownGrace: TimeAmount = .seconds(1),
        access: RequestGuard? = nil,
        limiter: ConnectionLimiter? = nil, admission: ConnectionLimiter.Admission? = nil
    ) {
        self.start = start
        self.headTimeout = headTimeout
        self.shutdownGrace = shutdownGrace
        self.access = access
        self.limiter = limiter
        self.admission = admission
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { started(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        shutdownTimer?.cancel()
        shutdownTimer = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        if phase == .awaitingFirstRequest { started(context) }
    }

    /// The connection is active: a refused one is answered at once, an admitted one waits for its head
    /// for `headTimeout`.
    private func started(_ context: ChannelHandlerContext) {
        if case .refused(let refusal)? = admission {
            answer(context, refusal)
        } else {
            schedule(context, in: headTimeout, headTimedOut)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        shutdownTimer?.cancel()
        shutdownTimer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .handedOver:
            if !upgraded { noteRequestPart(data) }
            context.fireChannelRead(data)
        case .answered:
            break
        case .awaitingFirstRequest:
            cancelTimer()
            var replayed: HTTPRequestHead?
            let head: HTTPRequestHead
            if case .head(let first) = unwrapInboundIn(data) {
                head = first
            } else {
                // The upgrade handler kept the head of an upgrade it did not make, and passed on only the
                // rest of the request: the head is read again from the connection's first bytes.
                guard let kept = MalformedRequest.head(start.bytes) else {
                    answer(context, MalformedRequest.notHTTP)
                    return
                }
                head = kept
                replayed = kept
            }
            start.release()
            if let refusal = MalformedRequest.refusal(of: head, access: replayed == nil ? nil : access) {
                answer(context, refusal)
                return
            }
            phase = .handedOver
            // An upgrade to another protocol (`Upgrade: h2c`) is ignored, as RFC 9110 allows: the request is
            // answered over HTTP/1.1, its head given back to the HTTP handlers.
            if let replayed { context.fireChannelRead(wrapInboundOut(.head(replayed))) }
            readingRequest = true
            noteRequestPart(data)
            context.fireChannelRead(data)
        }
    }

    /// Follows whether a request is still arriving.
    private func noteRequestPart(_ data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: readingRequest = true
        case .body: break
        case .end: readingRequest = false
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard phase != .answered else {
            // Hummingbird's own answer to a request this handler answered already.
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        guard phase == .handedOver, !upgraded else {
            context.write(data, promise: promise)  // WebSocket frames after an upgrade, or no request yet
            return
        }
        var part = unwrapOutboundIn(data)
        switch part {
        case .head(var head):
            // A streaming response names its stream in a header of ours, taken out here: no client sees it.
            let stream = head.headers.first(name: ConnectionStart.streamHeader).flatMap { Int($0) }
            if head.headers.contains(name: ConnectionStart.streamHeader) {
                head.headers.remove(name: ConnectionStart.streamHeader)
                part = .head(head)
            }
            responding = true
            context.write(wrapOutboundOut(part), promise: promise)
            // After the write: what the fan-out writes past the encoders when told follows the head.
            start.noteResponse(stream: stream)
        case .body:
            context.write(data, promise: promise)
        case .end:
            responding = false
            context.write(data, promise: promise)
            start.noteResponse(stream: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, shutdownTimer == nil {
            // Whatever the connection does next (it is closed below, or Hummingbird finishes its response,
            // or its stream ends), it is closed after the grace if still open: no socket holds a shutdown.
            let channel = context.channel
            shutdownTimer = context.eventLoop.scheduleTask(in: shutdownGrace) { channel.close(promise: nil) }
        }
        switch (phase, event) {
        case (.awaitingFirstRequest, is HTTPServerUpgradeEvents):
            cancelTimer()
            phase = .handedOver
            upgraded = true
            // The WebSocket's handlers are in place: every frame the client sends is checked right after the
            // decoder. Without the decoder there is no WebSocket to check (the upgrade failed).
            let pipeline = context.pipeline.syncOperations
            if let decoder = try? pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self) {
                try? pipeline.addHandler(WebSocketFrameCheck(start: start), position: .after(decoder))
            }
        case (.handedOver, is ChannelShouldQuiesceEvent) where !upgraded && readingRequest:
            // Shutting down while a request is still arriving (half its body sent): it would hold the
            // shutdown as long as the client waits, so the connection closes.
            close(context)
            return
        case (.awaitingFirstRequest, is ChannelShouldQuiesceEvent), (.answered, is ChannelShouldQuiesceEvent):
            // Shutting down: a connection that has not sent a whole request head has nothing to wait for.
            close(context)
            return
        case (.answered, ChannelEvent.inputClosed):
            close(context)
            return
        default:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch phase {
        case .handedOver:
            // A later request on a kept-alive connection that the decoder cannot read, between two
            // requests (the last answer written, no request under way): answered with the reason, as a
            // first one is. Anything else is Hummingbird's to handle.
            if !upgraded, !readingRequest, !responding, let refusal = MalformedRequest.refusal(for: error) {
                answer(context, refusal)
                return
            }
            context.fireErrorCaught(error)
        case .answered:
            break
        case .awaitingFirstRequest:
            if error is NIOWebSocketUpgradeError {
                // The upgrader refused the handshake: the rest of the request comes next, and is answered
                // with the reason.
                return
            }
            if let refusal = MalformedRequest.refusal(for: error, start: start.bytes) {
                answer(context, refusal)
            } else {
                close(context)  // not about the request (the connection failed): nothing to answer
            }
        }
    }

    /// Writes `refusal` as a JSON response with `Connection: close`, then half-closes the connection.
    private func answer(_ context: ChannelHandlerContext, _ refusal: LiveServerError) {
        cancelTimer()
        phase = .answered
        start.discard()
        let body = ByteBuffer(string: refusal.json + "\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        if refusal.message.contains("Sec-WebSocket-Version") { headers.add(name: "Sec-WebSocket-Version", value: "13") }
        // As the routes answer these errors (LiveServerError+HTTP).
        if refusal.code == .unavailable { headers.add(name: "Retry-After", value: "1") }
        if refusal.code == .unauthorized {
            headers.add(name: "WWW-Authenticate", value: "Bearer realm=\"signals-serve\"")
        }
        let status = HTTPResponseStatus(statusCode: refusal.statusCode)
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(mode: .output, promise: nil) }
        schedule(context, in: Self.linger) { [weak self] context in self?.close(context) }
    }

    /// The head did not arrive in time.
    private func headTimedOut(_ context: ChannelHandlerContext) {
        guard phase == .awaitingFirstRequest else { return }
        if start.bytes.isEmpty {
            close(context)
        } else {
            answer(
                context,
                LiveServerError(
                    .badRequest, "the request header did not arrive within \(headTimeout.nanoseconds / 1_000_000) ms",
                    statusCode: 408))
        }
    }

    private func close(_ context: ChannelHandlerContext) {
        cancelTimer()
        phase = .answered
        context.close(promise: nil)
    }

    /// Closes the connection of `channel` if it is still idle: the limiter evicts it, the oldest of too
    /// many idle connections. Callable from any thread (it hops to the channel's event loop).
    static func evict(_ channel: any Channel) {
        channel.eventLoop.execute {
            guard let context = try? channel.pipeline.syncOperations.context(handlerType: ConnectionGuard.self),
                let handler = context.handler as? ConnectionGuard
            else {
                channel.close(promise: nil)  // not set up yet (or gone): nothing it sent was read
                return
            }
            handler.evicted(context)
        }
    }

    /// Closes the connection, silently (as a connection that sent nothing within the head timeout), when
    /// no request head has arrived yet.
    private func evicted(_ context: ChannelHandlerContext) {
        guard phase == .awaitingFirstRequest else { return }
        close(context)
    }

    private func schedule(
        _ context: ChannelHandlerContext, in delay: TimeAmount, _ action: @escaping (ChannelHandlerContext) -> Void
    ) {
        cancelTimer()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { action(context) }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}
