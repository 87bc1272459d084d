import InternalUtilities
import SensorData
import Testing

@testable import Formats

/// The `/v1/ws?ids=true` messages: the server's bytes, write → read, and every refusal once.
@Suite struct StreamMessageTests {
    @Test("the bytes are the server's: {\"id\":N,\"point\":LINE} and {\"note\":TEXT}")
    func golden() {
        #expect(StreamMessage.point(id: 7, line: #"{"timestamp":0.07}"#) == #"{"id":7,"point":{"timestamp":0.07}}"#)
        #expect(
            StreamMessage.pointHead(id: 7) + #"{"timestamp":0.07}"# + StreamMessage.pointEnd
                == StreamMessage.point(id: 7, line: #"{"timestamp":0.07}"#))
        #expect(StreamMessage.note("missed 3 points") == #"{"note":"missed 3 points"}"#)
    }

    @Test("write → read is the identity for points and notes (quotes, control characters, non-ASCII, the largest id)")
    func roundTrip() throws {
        let line = #"{"timestamp":1.5,"gravity":{"x":0,"y":0,"z":-1}}"#
        for id in [0, 1, 1 << 40, (1 << 62) - 1024] {
            #expect(
                try StreamMessage.read(StreamMessage.point(id: id, line: line))
                    == .point(id: id, try JSONValue.parse(line)))
        }
        for note in ["missed 5 points", "quote \" and \\ backslash", "line\nbreak\r\tand \u{1}", "ü€𝄞", ""] {
            #expect(try StreamMessage.read(StreamMessage.note(note)) == .note(note))
        }
    }

    static let hostile: [(String, SignalError.Code, String)] = [
        ("[1]", .malformed, "$"),
        (#"{"id":-1,"point":{}}"#, .malformed, "$.id"),
        (#"{"id":1.5,"point":{}}"#, .malformed, "$.id"),
        (#"{"id":4611686018427387904,"point":{}}"#, .malformed, "$.id"),
        (#"{"id":"7","point":{}}"#, .malformed, "$.id"),
        (#"{"id":7}"#, .missingField, "$"),
        (#"{"id":7,"point":{},"extra":1}"#, .unknownField, "$.extra"),
        (#"{"note":5}"#, .malformed, "$.note"),
        (#"{"note":"x","id":7}"#, .unknownField, "$.id"),
        (#"{"id":7,"point":{}"#, .malformed, "$"),
    ]

    @Test("hostile messages are refused with the code and JSON path of the value at fault", arguments: hostile)
    func refused(_ text: String, _ code: SignalError.Code, _ path: String) {
        expectRefusal(code, at: path) { _ = try StreamMessage.read(text) }
    }
}
