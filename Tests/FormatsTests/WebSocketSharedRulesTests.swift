import Testing

@testable import Formats

/// The WebSocket rules both ends share: UTF-8 read in pieces (a fragmented text message, a close frame's
/// reason) and the close statuses an endpoint may send.
@Suite struct WebSocketSharedRulesTests {
    @Test(
        "UTF8Check: well-formed UTF-8 in pieces; overlong forms, surrogates, code points past U+10FFFF and a cut character refused",
        arguments: [
            ([[0x61], [0xE2, 0x82], [0xAC]], true),  // "a€" split inside the euro sign
            ([[0xF0, 0x9F], [0x98, 0x80]], true),  // 😀
            ([[0xF4, 0x8F, 0xBF, 0xBF]], true),  // U+10FFFF
            ([[]], true),
            ([[0xF4, 0x90, 0x80, 0x80]], false),  // U+110000
            ([[0xC0, 0x80]], false),  // overlong NUL
            ([[0xE0, 0x80, 0xAF]], false),  // overlong '/'
            ([[0xED, 0xBF, 0xBF]], false),  // a surrogate
            ([[0xE2, 0x82]], false),  // cut
            ([[0x80]], false),  // a lone continuation byte
            ([[0xFF]], false),
        ] as [([[UInt8]], Bool)])
    func utf8Check(_ pieces: [[UInt8]], _ valid: Bool) {
        var check = UTF8Check()
        var readable = true
        for piece in pieces where readable {
            readable = piece.withUnsafeBytes { check.read($0) }
        }
        let accepted = readable && check.isComplete
        #expect(accepted == valid, "\(pieces)")
        // The same bytes whole agree with the standard library's decoder.
        #expect((String(validating: pieces.flatMap { $0 }, as: UTF8.self) != nil) == valid)
    }

    @Test(
        "the close statuses a client may send: 1000 to 1003, 1007 to 1014, 3000 to 4999",
        arguments: [
            (1000, true), (1003, true), (1004, false), (1005, false), (1006, false), (1007, true), (1014, true),
            (1015, false),
            (2999, false), (3000, true), (4999, true), (5000, false), (0, false),
        ] as [(UInt16, Bool)])
    func closeStatuses(_ code: UInt16, _ allowed: Bool) {
        #expect(WebSocketProtocol.maySend(closeStatus: code) == allowed)
    }

    @Test(
        "a close frame's payload: empty or a status that may be sent and a UTF-8 reason",
        arguments: [
            ([], nil), ([0x03, 0xE8], nil), ([0x03, 0xE8] + Array("bye".utf8), nil),
            ([0x03], 1002), ([0x03, 0xED], 1002), ([0x03, 0xEE], 1002), ([0x03, 0xE8, 0xC3, 0x28], 1007),
        ] as [([UInt8], UInt16?)])
    func closePayload(_ payload: [UInt8], _ status: UInt16?) {
        #expect(WebSocketProtocol.closeProblem(payload)?.status == status, "\(payload)")
        // The same rule on a slice that does not start at index 0 (the server reads a buffer's view).
        let padded = [0x00] + payload
        #expect(WebSocketProtocol.closeProblem(padded.dropFirst())?.status == status, "\(payload)")
    }
}
