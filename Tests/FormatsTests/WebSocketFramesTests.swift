import Foundation
import Testing

@testable import Formats

/// The WebSocket client's handshake key, its frames and the strict reader of the server's frames.
@Suite struct WebSocketFramesTests {
    /// A server frame (unmasked) with the given first byte (FIN, RSV and opcode bits) and payload: the
    /// package's frame head with its first byte replaced.
    static func serverFrame(_ b0: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var frame = WebSocketProtocol.frameHead(.text, length: payload.count, masked: false)
        frame[0] = b0
        return frame + payload
    }

    func read(_ bytes: [UInt8]) throws(WireError) -> [WebSocketMessage] {
        var reader = WebSocketFrameReader()
        var messages: [WebSocketMessage] = []
        try reader.feed(bytes, into: &messages)
        return messages
    }

    @Test("SHA-1 matches FIPS 180 test vectors; the accept key matches RFC 6455's example")
    func handshake() {
        func hex(_ b: [UInt8]) -> String { b.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            hex(SHA1.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            hex(SHA1.hash(Array(repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        #expect(WebSocketProtocol.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let key = WebSocketProtocol.makeKey()
        #expect(Data(base64Encoded: key)?.count == 16)
        #expect(key != WebSocketProtocol.makeKey())
    }

    @Test("client frames are final and masked; unmasking gives the payload back, at every length form")
    func clientFrames() {
        for n in [0, 5, 125, 126, 300, 70000] {
            let payload = (0..<n).map { UInt8($0 & 0xFF) }
            let frame = WebSocketProtocol.clientFrame(.text, payload)
            #expect(frame[0] == 0x81)
            #expect(frame[1] & 0x80 != 0)
            let header = n < 126 ? 2 : (n <= 0xFFFF ? 4 : 10)
            let mask = Array(frame[header..<header + 4])
            let unmasked = frame[(header + 4)...].enumerated().map { $0.element ^ mask[$0.offset & 3] }
            #expect(unmasked == payload, "length \(n)")
        }
        #expect(Array(WebSocketProtocol.closeFrame(code: 1000).prefix(2)) == [0x88, 0x82])
    }

    @Test("text at every length form, fragments, pings and close; byte by byte the same as all at once")
    func messages() throws {
        let long = String(repeating: "x", count: 70000)
        var bytes = Self.serverFrame(0x81, Array("{\"id\":1}".utf8))
        bytes += Self.serverFrame(0x81, Array(String(repeating: "y", count: 300).utf8))
        bytes += Self.serverFrame(0x81, Array(long.utf8))
        bytes += Self.serverFrame(0x01, Array("hel".utf8))  // a fragmented message…
        bytes += Self.serverFrame(0x89, [1, 2])  // …with a ping in between
        bytes += Self.serverFrame(0x80, Array("lo".utf8))
        bytes += Self.serverFrame(0x8A, [])  // a pong: nothing
        bytes += Self.serverFrame(0x82, [0, 255])
        bytes += Self.serverFrame(0x88, [0x03, 0xE9] + Array("going away".utf8))
        let expected: [WebSocketMessage] = [
            .text("{\"id\":1}"), .text(String(repeating: "y", count: 300)), .text(long),
            .ping([1, 2]), .text("hello"), .binary([0, 255]), .close(code: 1001, reason: "going away"),
        ]
        #expect(try read(bytes) == expected)
        var reader = WebSocketFrameReader()
        var messages: [WebSocketMessage] = []
        for byte in bytes { try reader.feed([byte], into: &messages) }
        #expect(messages == expected)
        #expect(try read(Self.serverFrame(0x88, [])) == [.close(code: nil, reason: "")])
        #expect(try read(Array(Self.serverFrame(0x81, Array("abc".utf8)).dropLast())).isEmpty)  // incomplete: wait
    }

    @Test(
        "protocol errors are refused, each named",
        arguments: [
            (serverFrame(0xC1, Array("a".utf8)), "reserved bits"),
            (serverFrame(0x83, []), "unknown opcode 3"),
            ([0x81, 0x81, 1, 2, 3, 4, 0x61], "is masked"),
            (serverFrame(0x09, [1]), "control frame is fragmented"),
            (serverFrame(0x89, Array(repeating: 0, count: 126)), "longer than 125 bytes"),
            (serverFrame(0x80, Array("x".utf8)), "continuation frame with no message"),
            (serverFrame(0x01, Array("a".utf8)) + serverFrame(0x81, Array("b".utf8)), "starts inside a fragmented one"),
            (serverFrame(0x81, [0xC3, 0x28]), "not valid UTF-8"),
            (serverFrame(0x88, [3]), "status takes two bytes"),
            // The server's rules for a client's close frame, read by the client too (one rule set).
            (serverFrame(0x88, [0x03, 0xED]), "close status 1005 may not be sent"),
            (serverFrame(0x88, [0x03, 0xE8, 0xC3, 0x28]), "reason must be UTF-8"),
            ([0x81, 127, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], "longer than 1048576 bytes"),
            ([0x81, 127, 0, 0, 0, 0, 0, 0x10, 0, 1], "longer than 1048576 bytes"),
        ])
    func protocolErrors(bytes: [UInt8], message: String) throws {
        let error = try #require(throws: WireError.self) { _ = try read(bytes) }
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("fragments are bounded by the message limit together, not each alone")
    func fragmentLimit() throws {
        let half = Array(repeating: UInt8(ascii: "a"), count: WebSocketProtocol.messageLimit / 2 + 1)
        let error = try #require(throws: WireError.self) {
            _ = try read(Self.serverFrame(0x01, half) + Self.serverFrame(0x80, half))
        }
        #expect(error.message == "a WebSocket message is longer than \(WebSocketProtocol.messageLimit) bytes")
    }
}
