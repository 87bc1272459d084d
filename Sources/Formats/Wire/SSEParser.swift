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
                line += SSEParser.byteOrderMark[..<markBytesSeen]  // not a mark after all: text
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

/// The writer of a `text/event-stream` body, the counterpart of ``SSEParser`` in this file: the live
/// server's events (`id: N`, `data: LINE`) and its comments (notes such as missed points, and the
/// shutdown notice).
///
/// ```swift
/// SSEWriter.event(id: 7, data: #"{"timestamp":0.07}"#)   // "id: 7\ndata: {\"timestamp\":0.07}\n\n"
/// SSEWriter.comment("missed 3 points")                  // ": missed 3 points\n\n"
/// ```
package enum SSEWriter {
    /// What ends an event or a comment: the blank line that dispatches it.
    package static let eventEnd = "\n\n"

    /// The start of a one-line event, up to its data: `id: N\ndata: `. The data (one line: no CR or LF)
    /// and ``eventEnd`` follow.
    /// - Parameter id: The event's id (the server's point index).
    package static func eventHead(id: Int) -> String { "id: \(id)\ndata: " }

    /// A whole event: its id, then one `data:` line per line of `data` (split at LF, as ``SSEParser``
    /// joins them), then the blank line.
    /// - Parameters:
    ///   - id: The event's id.
    ///   - data: The event's data; a CR, which the parser would read as a line end too, is written as LF.
    package static func event(id: Int, data: String) -> String {
        var text = "id: \(id)\n"
        for line in data.replacingCRs().split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: " + line + "\n"
        }
        return text + "\n"
    }

    /// A comment: `: text` and the blank line. A CR or LF inside `text` (which would end the comment and
    /// start a line of another kind) is written as a space; the parser drops the spaces at its start.
    /// - Parameter text: The comment (a server's note).
    package static func comment(_ text: String) -> String {
        ": " + String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 }) + eventEnd
    }
}

extension String {
    /// The text with every CR LF and lone CR as LF.
    fileprivate func replacingCRs() -> String {
        guard contains(where: { $0 == "\r" || $0 == "\r\n" }) else { return self }
        return String(map { $0 == "\r" || $0 == "\r\n" ? "\n" : $0 })
    }
}
