import Foundation
import NIOCore
import Formats

/// What a Server-Sent Events stream carries.
enum SSEItem: Sendable, Equatable {
    /// An event: its `id:` and its `data:`.
    case event(id: Int, data: String)
    /// A comment line (`: text`).
    case comment(String)
}

/// A minimal SSE client over a ``RawConnection``: sends a GET, reads the response head, then decodes the
/// chunked body and parses events with the package's own readers (`ChunkedDecoder`, `SSEParser`), only as
/// far as the test asks.
final class SSEClient: @unchecked Sendable {
    let connection: RawConnection
    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    /// The body of a response that is not a stream (an error).
    private(set) var errorBody = ""
    /// Bytes read past the response head and not yet decoded.
    private var raw: [UInt8] = []
    /// The body's chunked coding and its events, read by the package's wire readers (Formats).
    private var chunks = ChunkedDecoder()
    private var parser = SSEParser()
    private var items: [SSEItem] = []
    private var itemStart = 0
    private var ended = false

    private init(connection: RawConnection) {
        self.connection = connection
    }

    /// Opens `path` on 127.0.0.1:`port` and reads the response head.
    static func open(port: Int, path: String, headers: [String: String] = [:], receiveBuffer: Int? = nil) async throws -> SSEClient {
        let client = SSEClient(connection: try await RawConnection.connect(port: port, receiveBuffer: receiveBuffer))
        var request = "GET \(path) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        try await client.connection.send(request + "\r\n")
        try await client.readHead()
        return client
    }

    /// Reads more bytes into `raw`; `false` at the end of the connection.
    private func fill() async throws -> Bool {
        guard let buffer = try await connection.next() else { return false }
        raw.append(contentsOf: buffer.readableBytesView)
        return true
    }

    private func readHead() async throws {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let end = raw.firstRange(of: separator) {
                let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                raw.removeSubrange(..<end.upperBound)
                status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                if status != 200 {
                    let length = Int(headers["content-length"] ?? "") ?? 0
                    while raw.count < length, try await fill() {}
                    errorBody = String(decoding: raw.prefix(length), as: UTF8.self)
                    ended = true
                }
                return
            }
            guard try await fill() else { throw RawError("the connection closed before the response head") }
        }
    }

    /// Decodes what `raw` holds (whole or partial chunks) and parses the events it completes.
    private func decode() throws {
        var body: [UInt8] = []
        try chunks.feed(raw[...], into: &body)
        raw.removeAll(keepingCapacity: true)
        if chunks.isDone { ended = true }
        var parsed: [SSEParser.Item] = []
        parser.feed(body, into: &parsed)
        for item in parsed {
            switch item {
            case .event(let event):
                guard let text = event.id, let id = Int(text) else { throw RawError("an event without a numeric id: \(event)") }
                items.append(.event(id: id, data: event.data))
            case .comment(let text):
                items.append(.comment(text.trimmingCharacters(in: .whitespaces)))
            case .dropped(let why):
                throw RawError(why)
            }
        }
    }

    /// The next item, or `nil` when the stream ended.
    func next() async throws -> SSEItem? {
        while true {
            if itemStart < items.count {
                itemStart += 1
                if itemStart == items.count {
                    defer { items.removeAll(keepingCapacity: true); itemStart = 0 }
                    return items[itemStart - 1]
                }
                return items[itemStart - 1]
            }
            if ended { return nil }
            try decode()
            if itemStart < items.count || ended { continue }
            guard try await fill() else {
                ended = true
                continue
            }
        }
    }

    /// The next event (comments are collected in `comments`), or `nil` when the stream ended.
    func nextEvent(comments: inout [String]) async throws -> (id: Int, data: String)? {
        while let item = try await next() {
            switch item {
            case .event(let id, let data): return (id, data)
            case .comment(let text): comments.append(text)
            }
        }
        return nil
    }

    /// Events until one with `id` (included); comments are collected.
    func events(through id: Int, comments: inout [String]) async throws -> [(id: Int, data: String)] {
        var out: [(id: Int, data: String)] = []
        while let event = try await nextEvent(comments: &comments) {
            out.append(event)
            if event.id >= id { break }
        }
        return out
    }

    func close() async { await connection.close() }
}
