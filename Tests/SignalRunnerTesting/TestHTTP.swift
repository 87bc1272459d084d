import Formats

/// An HTTP/1.1 response's head: status and header fields (names in lower case).
package struct ResponseHead: Sendable, Equatable {
    package var status: Int
    package var headers: [String: String]

    /// Parses a head as ``TestConnection/readHead(limit:)`` returns it (status line and fields), by the
    /// package's one parser (Formats' `HTTPResponseHead`).
    package init(_ head: [UInt8]) throws(TestingError) {
        do throws(WireError) {
            let parsed = try HTTPResponseHead(parsing: head)
            status = parsed.status
            headers = parsed.headers
        } catch {
            throw .malformed(error.message)
        }
    }

    /// Whether the body is in chunked coding.
    package var isChunked: Bool { headers["transfer-encoding"]?.lowercased().contains("chunked") ?? false }
}

/// A response read by ``TestHTTP``.
package struct TestResponse: Sendable, Equatable, CustomStringConvertible {
    package var status: Int
    /// Header fields, names in lower case.
    package var headers: [String: String]
    /// The body, its chunked coding (if any) removed.
    package var body: [UInt8]
    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }

    package var description: String { "\(status) \(headers) \(text)" }
}

/// A minimal HTTP/1.1 client for tests: one request per connection (`Connection: close`), the response
/// read with bounded waits, a chunked body decoded by the package's own reader (Formats' `ChunkedDecoder`).
package enum TestHTTP {
    /// The request's bytes: `METHOD path`, `Host: localhost`, the given fields in order, and
    /// `Content-Length` when there is a body or the method is POST or PUT.
    package static func requestText(
        _ method: String,
        _ path: String,
        headers: [(String, String)] = [],
        body: [UInt8] = []
    ) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// Sends `method path` to `host`:`port` on a new connection and reads the whole response.
    package static func request(
        _ method: String,
        port: Int,
        _ path: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        host: String = "127.0.0.1",
        limit: Duration = defaultWaitLimit
    ) throws(TestingError) -> TestResponse {
        let connection = try TestConnection(port: port, host: host)
        defer { connection.close() }
        try connection.send(requestText(method, path, headers: [("Connection", "close")] + headers, body: body))
        return try readResponse(connection, method: method, limit: limit)
    }

    /// `GET path`.
    package static func get(
        port: Int,
        _ path: String,
        headers: [(String, String)] = []
    ) throws(TestingError) -> TestResponse {
        try request("GET", port: port, path, headers: headers)
    }

    /// `POST path` with a JSON body.
    package static func post(
        port: Int,
        _ path: String,
        json: String,
        headers: [(String, String)] = []
    ) throws(TestingError) -> TestResponse {
        try request(
            "POST",
            port: port,
            path,
            headers: [("Content-Type", "application/json")] + headers,
            body: Array(json.utf8)
        )
    }

    /// Reads one response from `connection`: its head, then its body (chunked, `Content-Length`, or to the
    /// end of the stream); the body of a response to HEAD, a 1xx, 204 or 304 is empty.
    package static func readResponse(
        _ connection: TestConnection,
        method: String = "GET",
        limit: Duration = defaultWaitLimit
    ) throws(TestingError) -> TestResponse {
        let deadline = ContinuousClock.now + limit
        func left() -> Duration { max(.zero, ContinuousClock.now.duration(to: deadline)) }
        guard let bytes = try connection.readHead(limit: left()) else {
            throw .malformed("the connection closed before the response head")
        }
        let head = try ResponseHead(bytes)
        var body: [UInt8] = []
        if method == "HEAD" || head.status < 200 || head.status == 204 || head.status == 304 {
            // no body
        } else if head.isChunked {
            var decoder = ChunkedDecoder()
            while true {
                do {
                    try decoder.feed(connection.buffer[...], into: &body)
                } catch {
                    throw .malformed("the chunked body: \(error)")
                }
                connection.buffer.removeAll()
                if decoder.isDone { break }
                guard try connection.fill(limit: left()) else {
                    throw .malformed("the connection closed inside the chunked body")
                }
            }
        } else if let length = head.headers["content-length"].flatMap({ Int($0) }) {
            body = try connection.take(length, limit: left())
        } else {
            body = try connection.readToEOF(limit: left())
        }
        return TestResponse(status: head.status, headers: head.headers, body: body)
    }
}
