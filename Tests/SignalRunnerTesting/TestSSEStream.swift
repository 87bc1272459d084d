import Formats

/// A minimal Server-Sent Events client: a GET on its own connection, the response head, then the body
/// decoded (Formats' `ChunkedDecoder` when it is chunked) and parsed (`SSEParser`) only as far as the test
/// asks, each read a bounded wait. Every byte received stays in ``connection``'s buffer (a test can check
/// how the stream ended).
package final class TestSSEStream: @unchecked Sendable {
    package let connection: TestConnection
    package let head: ResponseHead
    /// Where the body starts in the connection's buffer, and how far it has been decoded.
    private var decoded: Int
    private var chunks = ChunkedDecoder()
    private var parser = SSEParser()
    private var items: [SSEParser.Item] = []
    private var ended = false

    /// Sends `GET path` with `headers` (after `Host: localhost`) to 127.0.0.1:`port` and reads the head.
    package init(
        port: Int,
        _ path: String,
        headers: [(String, String)] = [],
        receiveBuffer: Int? = nil,
        limit: Duration = defaultWaitLimit
    ) throws(TestingError) {
        connection = try TestConnection(port: port, receiveBuffer: receiveBuffer)
        try connection.send(TestHTTP.requestText("GET", path, headers: headers))
        let deadline = ContinuousClock.now + limit
        let separator: [UInt8] = [13, 10, 13, 10]
        while connection.buffer.firstRange(of: separator) == nil {
            guard try connection.fill(limit: max(.zero, ContinuousClock.now.duration(to: deadline))) else {
                throw .malformed("the connection closed before the response head")
            }
        }
        let end = connection.buffer.firstRange(of: separator)!
        head = try ResponseHead(Array(connection.buffer[..<end.lowerBound]))
        decoded = end.upperBound
    }

    /// The response's status.
    package var status: Int { head.status }

    /// Decodes what was received and not yet decoded.
    private func decode() throws(TestingError) {
        var body: [UInt8] = []
        if head.isChunked {
            do {
                try chunks.feed(connection.buffer[decoded...], into: &body)
            } catch {
                throw .malformed("the chunked body: \(error)")
            }
            if chunks.isDone { ended = true }
        } else {
            body = Array(connection.buffer[decoded...])
        }
        decoded = connection.buffer.count
        parser.feed(body, into: &items)
    }

    /// The next item (event, comment or dropped event), or `nil` when the stream ended.
    package func next(limit: Duration = defaultWaitLimit) throws(TestingError) -> SSEParser.Item? {
        let deadline = ContinuousClock.now + limit
        while items.isEmpty {
            if ended { return nil }
            if decoded < connection.buffer.count {
                try decode()
                continue
            }
            guard try connection.fill(limit: max(.zero, ContinuousClock.now.duration(to: deadline))) else {
                ended = true
                return nil
            }
        }
        return items.removeFirst()
    }

    /// The next event (comments and dropped events are skipped), or `nil` when the stream ended.
    package func nextEvent(limit: Duration = defaultWaitLimit) throws(TestingError) -> SSEEvent? {
        while let item = try next(limit: limit) {
            if case .event(let event) = item { return event }
        }
        return nil
    }

    /// Reads the body of a response that is not a stream: `length` bytes (fewer if the stream ends first).
    package func readBody(length: Int, limit: Duration = defaultWaitLimit) throws(TestingError) -> [UInt8] {
        let deadline = ContinuousClock.now + limit
        while connection.buffer.count - decoded < length,
            try connection.fill(limit: max(.zero, ContinuousClock.now.duration(to: deadline)))
        {}
        defer { decoded = min(connection.buffer.count, decoded + length) }
        return Array(connection.buffer[decoded...].prefix(length))
    }

    /// Reads until the server closes the stream; every byte received on the connection (head included).
    package func readAll(limit: Duration = defaultWaitLimit) throws(TestingError) -> [UInt8] {
        let bytes = try connection.readToEOF(limit: limit)
        decoded = 0
        ended = true
        return bytes
    }

    /// Closes the connection.
    package func close() { connection.close() }
}
