import Testing

@testable import Formats

@Suite struct SSEParserTests {
    static let stream =
        "id: 7\ndata: {\"a\":1}\n\n: missed 3 points\n\nid:8\r\ndata: one\r\ndata:two\r\n\r\nevent: x\ndata: three\rid: 9\r\r"

    func parse(_ text: String, cut: Int) -> [SSEParser.Item] {
        parse(bytes: Array(text.utf8), cut: cut)
    }

    func parse(bytes: [UInt8], cut: Int) -> [SSEParser.Item] {
        var parser = SSEParser()
        var items: [SSEParser.Item] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + cut)
            parser.feed(bytes[start..<end], into: &items)
            start = end
        }
        return items
    }

    @Test(
        "events, ids, multi-line data, comments; LF, CR LF and CR line ends; bytes cut anywhere",
        arguments: [1, 2, 3, 7, 1000])
    func events(cut: Int) {
        #expect(
            parse(Self.stream, cut: cut) == [
                .event(SSEEvent(id: "7", data: "{\"a\":1}")),
                .comment("missed 3 points"),
                .event(SSEEvent(id: "8", data: "one\ntwo")),
                .event(SSEEvent(id: "9", data: "three")),
            ])
    }

    @Test("an event is dispatched only by its blank line; an event without data is not dispatched")
    func dispatch() {
        #expect(parse("id: 1\ndata: x\n", cut: 100).isEmpty)
        #expect(parse("id: 1\n\n", cut: 100).isEmpty)
        #expect(parse("data\n\n", cut: 100) == [.event(SSEEvent(id: nil, data: ""))])
    }

    // Lines are split on bytes, not Characters: a combining mark after the ':' or the space would join it
    // into one grapheme (FuzzFeed compares the parser with a byte-level WHATWG reading).
    @Test(
        "a field and its space are found by bytes, even before a combining mark; an id holding NUL is ignored",
        arguments: [1, 2, 1000])
    func combiningMarks(cut: Int) {
        #expect(parse(": \u{301}note\n", cut: cut) == [.comment("\u{301}note")])
        #expect(parse("data:\u{301}x\n\n", cut: cut) == [.event(SSEEvent(id: nil, data: "\u{301}x"))])
        #expect(parse("data: \u{301}x\n\n", cut: cut) == [.event(SSEEvent(id: nil, data: "\u{301}x"))])
        #expect(parse("id: \0\u{301}\ndata: x\n\n", cut: cut) == [.event(SSEEvent(id: nil, data: "x"))])
    }

    // A leading byte order mark is not part of the first line's field name (WHATWG).
    @Test(
        "a leading byte order mark is skipped, even cut; a second one, or a part of one, is text",
        arguments: [1, 2, 1000])
    func byteOrderMark(cut: Int) {
        #expect(parse("\u{FEFF}data: x\n\n", cut: cut) == [.event(SSEEvent(id: nil, data: "x"))])
        #expect(parse("\u{FEFF}: 3\n", cut: cut) == [.comment("3")])
        #expect(parse("\u{FEFF}\u{FEFF}data: x\n\n", cut: cut).isEmpty)
        #expect(parse(bytes: [0xEF, 0xBB] + Array("data: x\n\n".utf8), cut: cut).isEmpty)
        #expect(parse(bytes: [0xEF, 0xBB, 0xBF, 0xEF] + Array(": 3\n".utf8), cut: cut).isEmpty)
    }
}

extension SSEParserTests {
    @Test(
        "an event with more than 1 MiB of data is dropped and reported; the stream goes on", arguments: [4096, 1 << 20])
    func oversizedEvent(cut: Int) throws {
        let line = "data: " + String(repeating: "x", count: 1000) + "\n"
        let big = String(repeating: line, count: 1100)  // 1.1 MB of data in one event
        let items = parse("id: 1\n" + big + "\nid: 2\ndata: {}\n\n", cut: cut)
        #expect(items.count == 2)
        #expect(items.first == .dropped("an event of more than 1048576 bytes of data was dropped"))
        let last = try #require({ if case .event(let e) = items.last { e } else { nil } }(), "\(items)")
        #expect(last.id == "2")
        #expect(last.data == "{}")
        // Just under the limit is kept whole.
        let under = parse(String(repeating: line, count: 1000) + "\n", cut: cut)
        let kept = try #require({ if case .event(let e) = under.first { e } else { nil } }(), "\(under.count) items")
        #expect(kept.data.utf8.count == 1000 * 1001 - 1)
    }
}

@Suite struct ChunkedDecoderTests {
    func decode(_ text: String, cut: Int) throws(WireError) -> (body: String, done: Bool) {
        var decoder = ChunkedDecoder()
        var body: [UInt8] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + cut)
            try decoder.feed(bytes[start..<end], into: &body)
            start = end
        }
        return (String(decoding: body, as: UTF8.self), decoder.isDone)
    }

    @Test("chunks with sizes in hex, an extension and a trailer, cut anywhere", arguments: [1, 2, 5, 1000])
    func chunks(cut: Int) throws {
        let r = try decode("5\r\nhello\r\nA;ext=1\r\n, world!!!\r\n0\r\nX-Trailer: 1\r\n\r\n", cut: cut)
        #expect(r.body == "hello, world!!!")
        #expect(r.done)
        let open = try decode("3\r\nabc\r\n", cut: cut)
        #expect(open.body == "abc")
        #expect(!open.done)
    }

    @Test("bad framing is an error: a size that is not hexadecimal, a chunk without its CR LF, an empty size")
    func badFraming() throws {
        let cases: [(bytes: String, message: String)] = [
            ("zz\r\n", "holds 'z', not a hexadecimal digit"), ("3\r\nabcX", "a chunk does not end in CR LF"),
            ("\r\n", "a chunk size line has no size"), ("ffffffffffffffffff\r\n", "a chunk size is too large"),
        ]
        for (bytes, message) in cases {
            let error = try #require(throws: WireError.self) { try decode(bytes, cut: 100) }
            #expect(error.message.contains(message), "\(bytes.debugDescription): \(error.message)")
        }
        // A space between digits is not a size.
        let spaced = try #require(throws: WireError.self) { try decode("1 2\r\n", cut: 100) }
        #expect(spaced.message.contains("space between its digits"), "\(spaced.message)")
        // Spaces after the size are allowed (RFC 9112's BWS before an extension).
        #expect(try decode("3 ;x\r\nabc\r\n0\r\n\r\n", cut: 1).body == "abc")
    }
    @Test("round trip: the writer's chunks read back to the same body, split anywhere", arguments: [1, 3, 64, 4096])
    func roundTrip(cut: Int) throws {
        var random = SplitMix(state: UInt64(cut))
        let bodies = (0..<20).map { _ in
            (0..<Int.random(in: 0...700, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        let wire = bodies.flatMap(ChunkedCoding.chunk) + Array(ChunkedCoding.lastChunk.utf8)
        var decoder = ChunkedDecoder()
        var body: [UInt8] = []
        var start = 0
        while start < wire.count {
            let end = min(wire.count, start + cut)
            try decoder.feed(wire[start..<end], into: &body)
            start = end
        }
        #expect(body == bodies.flatMap { $0 })
        #expect(decoder.isDone)
        #expect(ChunkedCoding.chunk([]).isEmpty, "an empty chunk would end the body")
        #expect(ChunkedCoding.chunk(Array(repeating: 0, count: 255)).prefix(4) == Array("ff\r\n".utf8)[...])
        // The failing case: without the last chunk the body is not done.
        var open = ChunkedDecoder()
        var partial: [UInt8] = []
        try open.feed(wire.dropLast(ChunkedCoding.lastChunk.utf8.count), into: &partial)
        #expect(!open.isDone)
    }
}
