import Testing

@testable import Formats

/// One frame encoder and one reader for both ends: server frames read by a client, client frames read by a
/// server, at every length class, and each end refusing the other end's masking rule.
@Suite struct WebSocketRoundTripTests {
    static func read(
        _ bytes: [UInt8], role: WebSocketFrameReader.Role, cut: Int? = nil
    ) throws(WireError) -> [WebSocketMessage] {
        var reader = WebSocketFrameReader(role: role)
        var messages: [WebSocketMessage] = []
        if let cut {
            try reader.feed(Array(bytes[..<cut]), into: &messages)
            try reader.feed(Array(bytes[cut...]), into: &messages)
        } else {
            try reader.feed(bytes, into: &messages)
        }
        #expect(reader.pendingBytes == 0)
        return messages
    }

    static let lengths = [0, 1, 125, 126, 65_535, 65_536, WebSocketProtocol.messageLimit]

    @Test("a server's frame reads back in a client, a client's in a server, at every length class", arguments: lengths)
    func roundTrip(_ length: Int) throws {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let server = WebSocketProtocol.serverFrame(.binary, payload)
        let client = WebSocketProtocol.clientFrame(.binary, payload)
        #expect(try Self.read(server, role: .client) == [.binary(payload)])
        #expect(try Self.read(client, role: .server) == [.binary(payload)])
        // Cut inside the head and inside the payload.
        #expect(try Self.read(server, role: .client, cut: min(1, server.count)) == [.binary(payload)])
        #expect(try Self.read(client, role: .server, cut: client.count / 2) == [.binary(payload)])
        // The head's length field: 7 bits, then 16, then 64.
        let headLength = length < 126 ? 2 : length <= 0xFFFF ? 4 : 10
        #expect(server.count == headLength + length)
        #expect(client.count == headLength + 4 + length)
    }

    @Test("text split inside a UTF-8 character across fragments reads whole")
    func fragmentedText() throws {
        let text = Array("naïve €".utf8)
        let split = 3  // inside "ï"
        var first = WebSocketProtocol.clientFrame(.text, Array(text[..<split]))
        first[0] &= 0x7F  // not final
        let second = WebSocketProtocol.clientFrame(.continuation, Array(text[split...]))
        #expect(try Self.read(first + second, role: .server) == [.text("naïve €")])
    }

    @Test("a message one byte over the limit is refused by both ends")
    func overLimit() {
        let payload = [UInt8](repeating: 0x61, count: WebSocketProtocol.messageLimit + 1)
        #expect { try Self.read(WebSocketProtocol.serverFrame(.text, payload), role: .client) } throws: {
            ($0 as? WireError)?.message.contains("longer than 1048576 bytes") == true
        }
        #expect { try Self.read(WebSocketProtocol.clientFrame(.text, payload), role: .server) } throws: {
            ($0 as? WireError)?.message.contains("longer than 1048576 bytes") == true
        }
    }

    @Test("each end refuses the other's masking: a masked server frame, an unmasked client frame")
    func masking() throws {
        let masked = WebSocketProtocol.clientFrame(.text, Array("hi".utf8))
        let unmasked = WebSocketProtocol.serverFrame(.text, Array("hi".utf8))
        #expect { try Self.read(masked, role: .client) } throws: {
            ($0 as? WireError)?.description.contains("masked") == true
        }
        #expect { try Self.read(unmasked, role: .server) } throws: {
            ($0 as? WireError)?.description.contains("not masked") == true
        }
        // The failing cases' counterparts are read.
        #expect(try Self.read(masked, role: .server) == [.text("hi")])
        #expect(try Self.read(unmasked, role: .client) == [.text("hi")])
    }

    @Test("a close frame with its status reads back at both ends")
    func close() throws {
        #expect(
            try Self.read(WebSocketProtocol.closeFrame(code: 1001), role: .server) == [.close(code: 1001, reason: "")])
        #expect(
            try Self.read(WebSocketProtocol.serverFrame(.close, [0x03, 0xE8] + Array("bye".utf8)), role: .client)
                == [.close(code: 1000, reason: "bye")])
    }
}
