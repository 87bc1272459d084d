import Foundation

/// The client side of RFC 6455 that the live-server client (SensorFeeds' `LiveServerClient`) needs: the opening handshake's key and its check,
/// masked frames to send, and a strict reader of the server's frames.
package enum WebSocketProtocol {
    /// The GUID appended to the key before hashing (RFC 6455 §1.3).
    package static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The largest message read (1 MiB): a point is a few hundred bytes.
    package static let messageLimit = 1 << 20

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes in base64.
    package static func makeKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server must answer to `key`: base64(SHA-1(key + GUID)).
    package static func accept(for key: String) -> String {
        Data(SHA1.hash(Array((key + guid).utf8))).base64EncodedString()
    }

    /// Operation codes (RFC 6455 §5.2).
    package enum Opcode: UInt8 {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA
    }

    /// The head of one final frame (RFC 6455 §5.2): FIN and `opcode`, then the payload length in 7, 16 or
    /// 64 bits, with the MASK bit when `masked` (the 4-byte key follows the head). The one frame encoder:
    /// the server's fan-out writes this head before its payloads; ``frame(_:_:mask:)`` builds whole frames.
    /// - Parameters:
    ///   - opcode: What the frame is.
    ///   - length: The payload's length in bytes (at most 125 for a control frame).
    ///   - masked: Whether a masking key follows (a client's frames are masked, a server's are not).
    package static func frameHead(_ opcode: Opcode, length: Int, masked: Bool) -> [UInt8] {
        var head: [UInt8] = [0x80 | opcode.rawValue]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if length < 126 {
            head.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            head.append(maskBit | 126)
            head += [UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            head.append(maskBit | 127)
            head += (0..<8).reversed().map { UInt8((UInt64(length) >> (8 * UInt64($0))) & 0xFF) }
        }
        return head
    }

    /// One final frame: its head, then the payload, masked with `mask` (4 bytes) when given.
    /// - Parameters:
    ///   - opcode: What the frame is.
    ///   - payload: Its data (at most 125 bytes for a control frame).
    ///   - mask: The masking key: a client's frame has one (RFC 6455 §5.3), a server's has none.
    package static func frame(_ opcode: Opcode, _ payload: [UInt8], mask: [UInt8]?) -> [UInt8] {
        var frame = frameHead(opcode, length: payload.count, masked: mask != nil)
        guard let mask else { return frame + payload }
        precondition(mask.count == 4, "a WebSocket masking key is 4 bytes")
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        return frame
    }

    /// One frame from the client: final, masked with a random key (as RFC 6455 §5.3 requires).
    /// - Parameters:
    ///   - opcode: What the frame is.
    ///   - payload: Its data (at most 125 bytes for a control frame).
    package static func clientFrame(_ opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return frame(opcode, payload, mask: (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// One frame from the server: final and unmasked.
    /// - Parameters:
    ///   - opcode: What the frame is.
    ///   - payload: Its data (at most 125 bytes for a control frame).
    package static func serverFrame(_ opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
        frame(opcode, payload, mask: nil)
    }

    /// A close frame with a status code (1000: normal closure) and no reason.
    package static func closeFrame(code: UInt16 = 1000) -> [UInt8] {
        clientFrame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)])
    }
}

extension WebSocketProtocol {
    /// Status 1002, protocol error (RFC 6455 §7.4.1).
    package static let protocolError: UInt16 = 1002
    /// Status 1007, a text that is not UTF-8 (RFC 6455 §7.4.1).
    package static let invalidData: UInt16 = 1007

    /// Whether an endpoint may send the close status `code` (RFC 6455 §7.4.1 and IANA's registry): 1000
    /// to 1003, 1007 to 1014, or 3000 to 4999.
    package static func maySend(closeStatus code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// What is wrong with a close frame's payload, the one rule set of both ends (the server's check of a
    /// client's frames and the client's reader of the server's): empty, or a two-byte status that may be
    /// sent and a UTF-8 reason (RFC 6455 §5.5.1, §7.4).
    /// - Returns: The status to fail the connection with (1002 or 1007) and what is wrong, or `nil`.
    package static func closeProblem<Payload: Collection<UInt8>>(
        _ payload: Payload
    ) -> (status: UInt16, reason: String)? {
        guard payload.count != 1 else { return (protocolError, "a close frame's status takes two bytes") }
        guard payload.count >= 2 else { return nil }
        let status =
            UInt16(payload[payload.startIndex]) << 8 | UInt16(payload[payload.index(after: payload.startIndex)])
        guard maySend(closeStatus: status) else { return (protocolError, "close status \(status) may not be sent") }
        var reason = UTF8Check()
        let valid = Array(payload.dropFirst(2)).withUnsafeBytes { reason.read($0) } && reason.isComplete
        return valid ? nil : (invalidData, "a close frame's reason must be UTF-8")
    }
}

/// A whole message from the server.
package enum WebSocketMessage: Equatable {
    /// A text message (valid UTF-8).
    case text(String)
    /// A binary message.
    case binary([UInt8])
    /// A ping, to be answered with a pong carrying the same data.
    case ping([UInt8])
    /// The server closes the connection (status code, when given, and reason).
    case close(code: UInt16?, reason: String)
}

/// Reads the peer's frames into messages, strictly: the server's frames unmasked and a client's masked
/// (``Role``), no reserved bits (no extension is negotiated), a known opcode, control frames final and at
/// most 125 bytes, continuation frames only inside a fragmented message, text that is valid UTF-8, and no
/// message over ``WebSocketProtocol/messageLimit``. Anything else is a protocol error (`badResponse`),
/// after which the connection is dropped.
package struct WebSocketFrameReader {
    /// Which end reads: a client reads the server's (unmasked) frames, a server a client's (masked) ones.
    package enum Role: Sendable {
        /// Reads a server's frames (the default).
        case client
        /// Reads a client's frames, unmasking them.
        case server
    }

    private let role: Role
    private var buffer: [UInt8] = []
    private var fragments: [UInt8] = []
    private var fragmentOpcode: WebSocketProtocol.Opcode?

    /// A reader at the start of a connection.
    /// - Parameter role: Which end reads (default: the client, reading the server's frames).
    package init(role: Role = .client) { self.role = role }

    /// Bytes received that do not yet make a whole frame (0 at a frame boundary).
    package var pendingBytes: Int { buffer.count }

    /// Adds `bytes` and appends every message they complete to `messages`.
    /// - Throws: ``WireError`` naming the protocol error.
    package mutating func feed(_ bytes: [UInt8], into messages: inout [WebSocketMessage]) throws(WireError) {
        buffer += bytes
        var start = 0
        defer { buffer.removeFirst(start) }
        while buffer.count - start >= 2 {
            let b0 = buffer[start]
            let b1 = buffer[start + 1]
            guard b0 & 0x70 == 0 else {
                throw WireError("a WebSocket frame sets reserved bits (no extension was agreed)")
            }
            guard let opcode = WebSocketProtocol.Opcode(rawValue: b0 & 0x0F) else {
                throw WireError("a WebSocket frame has the unknown opcode \(b0 & 0x0F)")
            }
            let masked = b1 & 0x80 != 0
            switch role {
            case .client:
                guard !masked else {
                    throw WireError("a WebSocket frame from the server is masked (RFC 6455 forbids it)")
                }
            case .server:
                guard masked else {
                    throw WireError("a WebSocket frame from the client is not masked (RFC 6455 requires it)")
                }
            }
            let fin = b0 & 0x80 != 0
            var header = 2
            var length = UInt64(b1 & 0x7F)
            if length == 126 {
                guard buffer.count - start >= 4 else { return }
                length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
                header = 4
            } else if length == 127 {
                guard buffer.count - start >= 10 else { return }
                length = (0..<8).reduce(0) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
                header = 10
            }
            let isControl = opcode.rawValue >= 0x8
            if isControl {
                guard fin, length <= 125 else {
                    throw WireError("a WebSocket control frame is fragmented or longer than 125 bytes")
                }
            }
            guard length <= UInt64(WebSocketProtocol.messageLimit - fragments.count) else {
                throw WireError("a WebSocket message is longer than \(WebSocketProtocol.messageLimit) bytes")
            }
            let size = Int(length)
            let key = masked ? 4 : 0
            guard buffer.count - start >= header + key + size else { return }
            var payload = Array(buffer[(start + header + key)..<(start + header + key + size)])
            if masked {
                let mask = buffer[(start + header)..<(start + header + 4)].map { $0 }
                for i in payload.indices { payload[i] ^= mask[i & 3] }
            }
            start += header + key + size
            switch opcode {
            case .ping: messages.append(.ping(payload))
            case .pong: continue
            case .close:
                if let (_, reason) = WebSocketProtocol.closeProblem(payload) {
                    throw WireError("a WebSocket close frame breaks RFC 6455: \(reason)")
                }
                let code = payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
                messages.append(.close(code: code, reason: String(decoding: payload.dropFirst(2), as: UTF8.self)))
            case .text, .binary:
                guard fragmentOpcode == nil else {
                    throw WireError("a WebSocket message starts inside a fragmented one")
                }
                if fin {
                    messages.append(try Self.message(opcode, payload))
                } else {
                    fragmentOpcode = opcode
                    fragments = payload
                }
            case .continuation:
                guard let first = fragmentOpcode else {
                    throw WireError("a WebSocket continuation frame with no message to continue")
                }
                fragments += payload
                if fin {
                    messages.append(try Self.message(first, fragments))
                    fragments = []
                    fragmentOpcode = nil
                }
            }
        }
    }

    private static func message(
        _ opcode: WebSocketProtocol.Opcode, _ payload: [UInt8]
    ) throws(WireError) -> WebSocketMessage {
        guard opcode == .text else { return .binary(payload) }
        guard let text = String(validating: payload, as: UTF8.self) else {
            throw WireError("a WebSocket text message is not valid UTF-8")
        }
        return .text(text)
    }
}
