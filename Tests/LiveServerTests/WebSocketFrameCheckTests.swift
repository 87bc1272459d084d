import Formats
import Foundation
import NIOCore
import SignalRunnerTesting
import Testing

@testable import LiveServer

/// A WebSocket client that breaks RFC 6455 has its connection failed: a close frame with 1002 (protocol
/// error), 1007 (a text that is not UTF-8) or 1009 (too large), then the close; no point after it.
@Suite(.timeLimit(.minutes(5))) struct WebSocketFrameCheckTests {
    /// A client's frame: `mask` (RFC 6455 requires one from a client) XORs the payload.
    static func frame(
        _ opcode: UInt8, _ payload: [UInt8] = [], fin: Bool = true, rsv: UInt8 = 0,
        mask: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D], length: Int? = nil
    ) -> [UInt8] {
        // The package's frame head (Formats), with the first byte's bits and the length as given.
        var bytes = WebSocketProtocol.frameHead(.text, length: length ?? payload.count, masked: mask != nil)
        bytes[0] = (fin ? 0x80 : 0) | rsv << 4 | opcode
        if let mask {
            bytes += mask
            bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        } else {
            bytes += payload
        }
        return bytes
    }

    static let text: UInt8 = 0x1, binary: UInt8 = 0x2, continuation: UInt8 = 0x0, close: UInt8 = 0x8, ping: UInt8 = 0x9

    /// A close frame's payload: the status, big-endian, then the reason.
    static func closePayload(_ status: UInt16, _ reason: [UInt8] = []) -> [UInt8] {
        [UInt8(status >> 8), UInt8(status & 0xFF)] + reason
    }

    /// The server's frames in `bytes` (unmasked): opcode and payload of each, and whether the bytes end
    /// on a whole frame.
    static func serverFrames(_ bytes: [UInt8]) -> (frames: [(opcode: UInt8, payload: [UInt8])], whole: Bool) {
        var frames: [(UInt8, [UInt8])] = []
        var i = 0
        while i < bytes.count {
            guard i + 2 <= bytes.count else { return (frames, false) }
            let opcode = bytes[i] & 0x0F
            var n = Int(bytes[i + 1] & 0x7F)
            var at = i + 2
            if n == 126 {
                guard at + 2 <= bytes.count else { return (frames, false) }
                n = Int(bytes[at]) << 8 | Int(bytes[at + 1])
                at += 2
            } else if n == 127 {
                guard at + 8 <= bytes.count else { return (frames, false) }
                n = bytes[at..<at + 8].reduce(0) { $0 << 8 | Int($1) }
                at += 8
            }
            guard at + n <= bytes.count else { return (frames, false) }
            frames.append((opcode, Array(bytes[at..<at + n])))
            i = at + n
        }
        return (frames, true)
    }

    /// Opens `/v1/ws` on a running server, waits for the first point, sends `frames`, then advances the
    /// feed (points the stream would send after the failure) and reads until the server closes.
    /// - Returns: Every frame the server sent after the handshake.
    static func exchange(_ frames: [[UInt8]]) async throws -> [(opcode: UInt8, payload: [UInt8])] {
        try await withRunningServer { listening, _, f in
            let connection = try await AsyncTestConnection.connect(port: listening.port)
            try await connection.send(
                "GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\(ConnectionGuardTests.key)\r\n"
            )
            var head: [UInt8] = []
            while !String(decoding: head, as: UTF8.self).contains("\"timestamp\""),
                let bytes = try await connection.next()
            {
                head += bytes
            }
            let end = try #require(
                head.firstRange(of: Array("\r\n\r\n".utf8)),
                "no handshake answer: \(String(decoding: head.prefix(200), as: UTF8.self))")
            #expect(head.starts(with: Array("HTTP/1.1 101 Switching Protocols\r\n".utf8)))
            for frame in frames { try await connection.send(frame) }
            try await f.advance(points: 5)
            let rest = try await connection.readBytesToClose(limit: .seconds(60))
            await connection.close()
            let bytes = Array(head[end.upperBound...]) + (try #require(rest, "the server did not close the connection"))
            let parsed = serverFrames(bytes)
            #expect(parsed.whole, "the server's bytes end mid-frame")
            return parsed.frames
        }
    }

    /// What a client does wrong: its frames and the close status expected.
    struct Violation: Sendable, CustomTestStringConvertible {
        var what: String
        var frames: [[UInt8]]
        var status: UInt16
        var testDescription: String { "\(what) → \(status)" }
        init(_ what: String, _ frames: [[UInt8]], _ status: UInt16) {
            self.what = what
            self.frames = frames
            self.status = status
        }
    }

    static let violations: [Violation] = [
        Violation("an unmasked text frame", [frame(text, Array("hi".utf8), mask: nil)], 1002),
        Violation("an unmasked close frame", [frame(close, closePayload(1000), mask: nil)], 1002),
        Violation("a continuation with no message begun", [frame(continuation, Array("hi".utf8))], 1002),
        Violation("a text frame that is not UTF-8", [frame(text, [0x68, 0xFF, 0x69])], 1007),
        Violation("a text frame with a UTF-16 surrogate (ED A0 80)", [frame(text, [0xED, 0xA0, 0x80])], 1007),
        Violation("a text frame with an overlong '/' (C0 AF)", [frame(text, [0xC0, 0xAF])], 1007),
        Violation("a text frame ending mid-character", [frame(text, [0x61, 0xE2, 0x82])], 1007),
        Violation(
            "a fragmented text whose second part is not UTF-8",
            [frame(text, [0x61, 0xE2, 0x82], fin: false), frame(continuation, [0x28])], 1007),
        Violation("RSV1 set", [frame(text, Array("hi".utf8), rsv: 0b100)], 1002),
        Violation("RSV3 set on a ping", [frame(ping, [], rsv: 0b001)], 1002),
        Violation("reserved opcode 3", [frame(0x3, Array("hi".utf8))], 1002),
        Violation("reserved opcode 0xB (control)", [frame(0xB)], 1002),
        Violation("a ping of 126 bytes", [frame(ping, [UInt8](repeating: 0x61, count: 126))], 1002),
        Violation("a fragmented ping", [frame(ping, Array("hi".utf8), fin: false)], 1002),
        Violation(
            "a new text frame while a fragmented one is open",
            [frame(text, Array("a".utf8), fin: false), frame(text, Array("b".utf8))], 1002),
        Violation(
            "a new binary frame while a fragmented text is open",
            [frame(text, Array("a".utf8), fin: false), frame(binary, [1])], 1002),
        Violation("a close frame of one byte", [frame(close, [0x03])], 1002),
        Violation("a close status that may not be sent (1005)", [frame(close, closePayload(1005))], 1002),
        Violation("a close status out of range (999)", [frame(close, closePayload(999))], 1002),
        Violation("a close reason that is not UTF-8", [frame(close, closePayload(1000, [0xFF]))], 1007),
        Violation(
            "a frame over the size limit (20,000 bytes)", [frame(binary, [UInt8](repeating: 0, count: 20_000))], 1009),
    ]

    @Test(
        "a client that breaks RFC 6455 gets a close frame with the status, then the connection closes; nothing follows the close frame",
        arguments: violations)
    func violationFailsTheConnection(_ violation: Violation) async throws {
        let (what, status) = (violation.what, violation.status)
        let received = try await Self.exchange(violation.frames)
        let closeFrames = received.filter { $0.opcode == Self.close }
        #expect(closeFrames.count == 1, "\(what): \(closeFrames.count) close frames")
        let last = try #require(received.last, "\(what): no frame")
        #expect(last.opcode == Self.close, "\(what): the last frame has opcode \(last.opcode)")
        let code = last.payload.count >= 2 ? UInt16(last.payload[0]) << 8 | UInt16(last.payload[1]) : 0
        #expect(
            code == status,
            "\(what): close status \(code), reason '\(String(decoding: last.payload.dropFirst(2), as: UTF8.self))'")
        #expect(last.payload.count > 2, "\(what): the close frame gives no reason")
    }

    @Test(
        "a well-behaved client is not failed: a text split mid-character over fragments with a ping between them is answered with a pong, and its close 1000 with a close 1000"
    )
    func validFragmentsPass() async throws {
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]  // €
        let received = try await Self.exchange([
            Self.frame(Self.text, [0x61, euro[0]], fin: false),
            Self.frame(Self.ping, Array("p".utf8)),
            Self.frame(Self.continuation, [euro[1]], fin: false),
            Self.frame(Self.continuation, [euro[2], 0x62]),
            Self.frame(Self.binary, [0xFF, 0xFE]),
            Self.frame(Self.close, Self.closePayload(1000, Array("bye €".utf8))),
        ])
        let pongs = received.filter { $0.opcode == 0xA }
        #expect(pongs.map(\.payload) == [Array("p".utf8)])
        let closeFrames = received.filter { $0.opcode == Self.close }
        #expect(closeFrames.count == 1)
        let code = closeFrames.first.map { UInt16($0.payload[0]) << 8 | UInt16($0.payload[1]) }
        #expect(code == 1000)
        #expect(received.last?.opcode == Self.close, "a frame followed the server's close frame")
        // Points arrived before the close (the stream was not failed at once).
        #expect(received.contains { $0.opcode == Self.text })
    }
}
