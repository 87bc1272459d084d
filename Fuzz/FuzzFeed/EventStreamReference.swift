import Formats
import SensorFeeds

/// A plain, whole-input reading of a `text/event-stream` body by the WHATWG rules, byte by byte, to
/// compare ``SSEParser`` with: one leading UTF-8 byte order mark is skipped; lines end in CR LF, LF or
/// CR; a line is split at its first `:` byte and one U+0020 after it is dropped; `data` lines are joined
/// with `\n`; an `id` holding U+0000 is ignored; a blank line dispatches an event that had a `data` line.
///
/// Where ``SSEParser`` documents its own choices, this follows them: an event's id is the `id:` of that
/// event only (reset by every blank line), comments are items with every leading space dropped, and
/// lines are not cut (the parser cuts lines at 1 MiB, far above the fuzzer's inputs).
enum EventStreamReference {
    /// An item as both readings give it (``SSEEvent`` has no initializer outside its module).
    enum Item: Hashable {
        case event(id: String?, data: String)
        case comment(String)

        /// The same item as the parser's.
        init(_ item: SSEParser.Item) {
            switch item {
            case .event(let event): self = .event(id: event.id, data: event.data)
            case .comment(let text): self = .comment(text)
            case .dropped(let why): self = .comment("dropped: " + why)  // never from the reference: a mismatch
            }
        }
    }

    /// The items `bytes` complete.
    static func items(_ bytes: [UInt8]) -> [Item] {
        var items: [Item] = []
        var data: [String] = []
        var id: String?
        var hasData = false
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var line: [UInt8] = []
        var lastWasCR = false
        for byte in body {
            if byte == 0x0A, lastWasCR {
                lastWasCR = false
                continue
            }
            lastWasCR = byte == 0x0D
            guard byte == 0x0A || byte == 0x0D else {
                line.append(byte)
                continue
            }
            defer { line.removeAll() }
            guard let first = line.first else {
                if hasData { items.append(.event(id: id, data: data.joined(separator: "\n"))) }
                data = []
                hasData = false
                id = nil
                continue
            }
            if first == UInt8(ascii: ":") {
                items.append(.comment(String(decoding: line.dropFirst().drop { $0 == 0x20 }, as: UTF8.self)))
                continue
            }
            let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
            let field = line[..<colon]
            var value = line[colon...].dropFirst()
            if value.first == 0x20 { value = value.dropFirst() }
            if field.elementsEqual("data".utf8) {
                data.append(String(decoding: value, as: UTF8.self))
                hasData = true
            } else if field.elementsEqual("id".utf8), !value.contains(0) {
                id = String(decoding: value, as: UTF8.self)
            }
        }
        return items
    }
}
