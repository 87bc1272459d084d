/// One Server-Sent Event: its `id:` (the server's point index) and its `data:` lines joined by newlines.
package struct SSEEvent: Sendable, Hashable {
    /// The `id:` field, if the event has one.
    package var id: String?
    /// The `data:` lines, joined with `\n`.
    package var data: String
}

/// An incremental parser of a `text/event-stream` body (the WHATWG rules: a leading UTF-8 byte order
/// mark is skipped; lines end in LF, CR LF or CR; `field: value` with one optional space; a blank line
/// dispatches; `:` starts a comment). Bytes can arrive cut anywhere.
package struct SSEParser {
    /// What a parsed line gives.
    package enum Item: Sendable, Hashable {
        /// An event.
        case event(SSEEvent)
        /// A comment (`: text`), such as the server's note of missed points.
        case comment(String)
        /// An event whose `data:` lines add up to more than ``SSEParser/eventLimit`` bytes, dropped
        /// (so a runaway server cannot exhaust memory); the text says so.
        case dropped(String)
    }

    private var line: [UInt8] = []
    private var data: [String] = []
    private var id: String?
    private var hasData = false
    /// Bytes of `data:` values in the event so far, and whether it went over the limit.
    private var dataBytes = 0
    private var oversized = false
    private var lastWasCR = false
    /// How many bytes of a leading byte order mark were seen (3 once the stream's start is past).
    private var markBytesSeen = 0

    /// The UTF-8 byte order mark, skipped at the start of a stream (WHATWG's UTF-8 decode drops it).
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The longest line kept (1 MiB): a longer one is cut, so a runaway server cannot exhaust memory.
    static let lineLimit = 1 << 20

    /// The most `data:` bytes one event holds (1 MiB): a bigger event is dropped, reported as ``Item/dropped(_:)``.
    static let eventLimit = 1 << 20

    /// A parser at the start of a stream.
    package init() {}

    /// Parses `bytes`, appending what they complete to `items`.
    package mutating func feed(_ bytes: some Sequence<UInt8>, into items: inout [Item]) {
        for byte in bytes {
            if markBytesSeen < SSEParser.byteOrderMark.count {
                if byte == SSEParser.byteOrderMark[markBytesSeen] {
                    markBytesSeen += 1
                    continue
                }
                line += SSEParser.byteOrderMark[..<markBytesSeen]   // not a mark after all: text
                markBytesSeen = SSEParser.byteOrderMark.count
            }
            if byte == UInt8(ascii: "\n"), lastWasCR {
                lastWasCR = false
                continue
            }
            lastWasCR = byte == UInt8(ascii: "\r")
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                finishLine(into: &items)
            } else if line.count < SSEParser.lineLimit {
                line.append(byte)
            }
        }
    }

    private mutating func finishLine(into items: inout [Item]) {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            if oversized {
                items.append(.dropped("an event of more than \(SSEParser.eventLimit) bytes of data was dropped"))
            } else if hasData {
                items.append(.event(SSEEvent(id: id, data: data.joined(separator: "\n"))))
            }
            data.removeAll(keepingCapacity: true)
            hasData = false
            dataBytes = 0
            oversized = false
            id = nil
            return
        }
        // Split on bytes, not Characters: a combining mark after the ':' or the space would make one
        // grapheme of them, so that the field, the space or a NUL would go unseen (found by FuzzFeed).
        if line[0] == UInt8(ascii: ":") {
            items.append(.comment(String(decoding: line.dropFirst().drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)))
            return
        }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = line[..<colon]
        var value = line[colon...].dropFirst()
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        if field.elementsEqual("data".utf8) {
            dataBytes += value.count + 1
            if dataBytes > SSEParser.eventLimit {
                oversized = true
                data.removeAll()
            } else {
                data.append(String(decoding: value, as: UTF8.self))
            }
            hasData = true
        } else if field.elementsEqual("id".utf8), !value.contains(0) {
            id = String(decoding: value, as: UTF8.self)
        }
        // event:, retry: and unknown fields are ignored, as a browser does
    }
}
