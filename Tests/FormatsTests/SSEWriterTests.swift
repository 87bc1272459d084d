import Testing

@testable import Formats

/// The SSE writer against the parser: the server's bytes, round trips cut at every byte, and notes that
/// cannot forge an event.
@Suite struct SSEWriterTests {
    static func parse(_ bytes: [UInt8], cut: Int) -> [SSEParser.Item] {
        var parser = SSEParser()
        var items: [SSEParser.Item] = []
        parser.feed(bytes[..<cut], into: &items)
        parser.feed(bytes[cut...], into: &items)
        return items
    }

    @Test("the bytes are the live server's: `id: N`, `data: LINE`, a blank line; `: note` and a blank line")
    func golden() {
        #expect(SSEWriter.event(id: 7, data: #"{"timestamp":0.07}"#) == "id: 7\ndata: {\"timestamp\":0.07}\n\n")
        #expect(
            SSEWriter.eventHead(id: 7) + #"{"timestamp":0.07}"# + SSEWriter.eventEnd
                == SSEWriter.event(id: 7, data: #"{"timestamp":0.07}"#))
        #expect(SSEWriter.comment("missed 3 points") == ": missed 3 points\n\n")
        #expect(SSEWriter.comment("the server is shutting down") == ": the server is shutting down\n\n")
    }

    @Test("writer → parser is the identity for events and notes, cut at every byte, with and without a byte order mark")
    func roundTrip() {
        let events: [(Int, String)] = [
            (0, #"{"timestamp":0}"#), (1, ""), (42, "two\nlines"), (Int.max, "ü€𝄞 \u{301}"), (3, "tail\n"),
        ]
        let notes = ["missed 5 points older than the replay buffer", "not on this timeline", "ok"]
        var stream: [UInt8] = []
        var expected: [SSEParser.Item] = []
        for (k, (id, data)) in events.enumerated() {
            stream += Array(SSEWriter.event(id: id, data: data).utf8)
            expected.append(.event(SSEEvent(id: String(id), data: data)))
            if k < notes.count {
                stream += Array(SSEWriter.comment(notes[k]).utf8)
                expected.append(.comment(notes[k]))
            }
        }
        for prefix in [[], SSEParser.byteOrderMark] {
            let bytes = prefix + stream
            for cut in 0...bytes.count {
                let items = Self.parse(bytes, cut: cut)
                #expect(items == expected, "cut at \(cut)")
                if items != expected { break }
            }
        }
    }

    @Test("a CR in data is a line end the parser would see: it is written as LF")
    func carriageReturns() {
        let bytes = Array(SSEWriter.event(id: 1, data: "a\rb\r\nc").utf8)
        #expect(Self.parse(bytes, cut: 0) == [.event(SSEEvent(id: "1", data: "a\nb\nc"))])
    }

    @Test("a note holding line ends cannot forge an event or end early (the naive writer's failing case)")
    func forgedNote() {
        let note = "missed\n\nid: 99\ndata: {\"forged\":true}\r\n"
        let naive = Array((": " + note + "\n\n").utf8)
        #expect(Self.parse(naive, cut: 0).contains { if case .event = $0 { true } else { false } })
        let items = Self.parse(Array(SSEWriter.comment(note).utf8), cut: 0)
        #expect(items.count == 1)
        #expect(items.first == .comment("missed  id: 99 data: {\"forged\":true} "))
    }
}
