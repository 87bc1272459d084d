import Formats
import NIOCore
import NIOWebSocket

/// Fails a WebSocket connection whose client breaks RFC 6455 (§5, §7.1.7): it sends a close frame with
/// the status (1002 protocol error, 1007 a text message that is not UTF-8, 1009 a frame over the size
/// limit) and the reason, then closes the connection. No frame follows a close frame the server sends,
/// this one or Hummingbird's: the stream's points stop there.
///
/// It sits right after the frame decoder of an upgraded connection (``ConnectionGuard`` adds it once the
/// upgrade completes), so it sees every frame the client sends before Hummingbird does. A frame fails
/// the connection when:
/// - it is not masked (a client masks every frame, §5.1);
/// - a reserved bit is set (no extension is negotiated, §5.2);
/// - its opcode is reserved (3 to 7, 11 to 15);
/// - it is a control frame (close, ping, pong) with more than 125 bytes or without FIN (§5.5);
/// - it is a continuation with no fragmented message begun, or a new text or binary frame while a
///   fragmented message is under way (§5.4);
/// - it ends a text message that is not UTF-8 (1007, §8.1), or, as a close frame, carries one byte, a
///   status that may not be sent (§7.4) or a reason that is not UTF-8.
///
/// The decoder's own refusals (a control frame over 125 bytes or fragmented, a frame over the size
/// limit) reach ``errorCaught(context:error:)`` and fail the connection the same way.
final class WebSocketFrameCheck: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// How long a failed connection stays half-closed (its close frame sent, reading and dropping what the
    /// client still sends) before it closes: closing with unread bytes would reset the connection and
    /// could lose the close frame before the client read it.
    static let linger = TimeAmount.seconds(1)

    /// The connection's first bytes, where the fan-out writes the stream's frames: told to write no more
    /// once the connection fails.
    private let start: ConnectionStart?
    /// The opcode of a fragmented message under way (text or binary).
    private var open: WebSocketOpcode?
    /// The text message under way, checked as it arrives.
    private var text = UTF8Check()
    /// Whether the connection failed: every frame in and out is dropped, the close frame excepted.
    private(set) var failure: WebSocketErrorCode?
    /// Whether the server's close frame has been written: no frame follows it.
    private var closeSent = false
    private var lingerTimer: Scheduled<Void>?

    init(start: ConnectionStart?) {
        self.start = start
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        lingerTimer?.cancel()
        lingerTimer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        lingerTimer?.cancel()
        lingerTimer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard failure == nil else { return }
        let frame = unwrapInboundIn(data)
        if let (code, reason) = problem(frame) {
            fail(context, code, reason)
            return
        }
        context.fireChannelRead(data)
    }

    /// What is wrong with `frame` given the frames before it, or `nil` (and the message state moves on).
    func problem(_ frame: WebSocketFrame) -> (WebSocketErrorCode, String)? {
        guard frame.maskKey != nil else { return (.protocolError, "a client's frame must be masked (RFC 6455 §5.1)") }
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            return (.protocolError, "a reserved bit is set and no extension was negotiated")
        }
        switch frame.opcode {
        case .text, .binary:
            guard open == nil else { return (.protocolError, "a new message began before the fragmented one ended") }
            text = UTF8Check()
            if !frame.fin { open = frame.opcode }
            return frame.opcode == .text ? checkText(frame, ends: frame.fin) : nil
        case .continuation:
            guard let message = open else {
                return (.protocolError, "a continuation frame with no fragmented message begun")
            }
            if frame.fin { open = nil }
            return message == .text ? checkText(frame, ends: frame.fin) : nil
        case .connectionClose, .ping, .pong:
            guard frame.fin else { return (.protocolError, "a control frame may not be fragmented") }
            guard frame.length <= 125 else { return (.protocolError, "a control frame carries at most 125 bytes") }
            return frame.opcode == .connectionClose ? checkClose(frame.unmaskedData) : nil
        default:
            return (.protocolError, "opcode \(frame.opcode) is reserved")
        }
    }

    /// Checks the next part of a text message.
    private func checkText(_ frame: WebSocketFrame, ends: Bool) -> (WebSocketErrorCode, String)? {
        let data = frame.unmaskedData
        let valid = data.withUnsafeReadableBytes { text.read($0) } && (!ends || text.isComplete)
        return valid ? nil : (.dataInconsistentWithMessage, "a text message must be UTF-8")
    }

    /// Checks a close frame's payload by the rules both ends share (``WebSocketProtocol/closeProblem(_:)``).
    private func checkClose(_ payload: ByteBuffer) -> (WebSocketErrorCode, String)? {
        guard let (status, reason) = WebSocketProtocol.closeProblem(payload.readableBytesView) else { return nil }
        return (WebSocketErrorCode(codeNumber: Int(status)), reason)
    }

    /// Passes the server's frames on until its close frame: nothing may follow that (RFC 6455 §5.5.1), so
    /// the stream's points stop there, those written past the encoders included.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closeSent else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        if unwrapOutboundIn(data).opcode == .connectionClose {
            closeSent = true
            start?.endRawWrites()
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? NIOWebSocketError else {
            context.fireErrorCaught(error)
            return
        }
        // The decoder stops at its error; what follows it is not read. Not passed on: NIO's own error
        // handler would send a second close frame.
        switch error {
        case .invalidFrameLength: fail(context, .messageTooLarge, "a frame is larger than the server reads")
        case .fragmentedControlFrame: fail(context, .protocolError, "a control frame may not be fragmented")
        case .multiByteControlFrameLength: fail(context, .protocolError, "a control frame carries at most 125 bytes")
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if failure != nil, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)  // the client closed its side: nothing more to wait for
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Fails the connection: the close frame with `code` and `reason`, then a half-close; a full close
    /// once the client closes its side or after ``linger``.
    private func fail(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode, _ reason: String) {
        guard failure == nil else { return }
        failure = code
        closeSent = true
        start?.endRawWrites()
        var payload = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.write(webSocketErrorCode: code)
        payload.writeString(reason)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(
            wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(mode: .output, promise: nil) }
        lingerTimer = context.eventLoop.scheduleTask(in: Self.linger) { channel.close(promise: nil) }
    }
}
