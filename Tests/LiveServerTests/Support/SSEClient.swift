import Foundation
import NIOCore

/// What a Server-Sent Events stream carries.
enum SSEItem: Sendable, Equatable {
    /// An event: its `id:` and its `data:`.
    case event(id: Int, data: String)
    /// A comment line (`: text`).
    case comment(String)
}

/// A minimal SSE client over a ``RawConnection``: sends a GET, reads the response head, decodes the
/// chunked body and parses events, only as far as the test asks.
final class SSEClient: @unchecked Sendable {
    let connection: RawConnection
    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    /// The body of a response that is not a stream (an error).
    private(set) var errorBody = ""
    private var raw: [UInt8] = []
    /// Bytes of `raw` already consumed.
    private var rawStart = 0
    private var lines: [UInt8] = []
    /// Bytes of `lines` already parsed.
    private var lineStart = 0
    private var items: [SSEItem] = []
    private var itemStart = 0
    private var ended = false
    private var eventID: Int?
    private var eventData: [String] = []

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
        defer { rawStart = 0 }
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

    /// Decodes whole chunks from `raw` into `lines`; returns `false` when no whole chunk is there yet.
    private func decodeChunk() -> Bool {
        var i = rawStart
        while i + 1 < raw.count, !(raw[i] == 13 && raw[i + 1] == 10) { i += 1 }
        guard i + 1 < raw.count else { return false }
        let sizeText = String(decoding: raw[rawStart ..< i], as: UTF8.self).split(separator: ";").first ?? ""
        guard let size = Int(sizeText, radix: 16) else { ended = true; return false }
        let start = i + 2
        guard raw.count >= start + size + 2 else { return false }
        if size == 0 {
            ended = true
            return false
        }
        lines.append(contentsOf: raw[start ..< start + size])
        rawStart = start + size + 2
        if rawStart > 1 << 16 {
            raw.removeSubrange(..<rawStart)
            rawStart = 0
        }
        return true
    }

    /// Parses the complete lines of `lines` into items.
    private func parseLines() {
        var i = lineStart
        while i < lines.count {
            guard lines[i] == UInt8(ascii: "\n") else { i += 1; continue }
            let line = String(decoding: lines[lineStart ..< i], as: UTF8.self)
            i += 1
            lineStart = i
            if line.isEmpty {
                if let id = eventID, !eventData.isEmpty { items.append(.event(id: id, data: eventData.joined(separator: "\n"))) }
                eventID = nil
                eventData = []
            } else if line.hasPrefix(":") {
                items.append(.comment(String(line.dropFirst()).trimmingCharacters(in: .whitespaces)))
            } else if line.hasPrefix("id: ") {
                eventID = Int(line.dropFirst(4))
            } else if line.hasPrefix("data: ") {
                eventData.append(String(line.dropFirst(6)))
            }
        }
        if lineStart > 1 << 16 {
            lines.removeSubrange(..<lineStart)
            lineStart = 0
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
            while decodeChunk() {}
            parseLines()
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
