import Testing

@testable import Formats

/// The one parser of an HTTP/1.1 response head (the server client in SensorFeeds, the tests, the bench).
@Suite struct HTTPResponseHeadTests {
    func head(_ text: String) throws(WireError) -> HTTPResponseHead {
        try HTTPResponseHead(parsing: Array(text.utf8))
    }

    @Test("status, fields in lower case with their whitespace dropped, the last of a repeated field")
    func fields() throws {
        let h = try head(
            "HTTP/1.1 200 OK\r\nContent-Type:  text/event-stream \r\nX-A: 1\r\nx-a: 2\r\nno colon here\r\nEmpty:")
        #expect(h.status == 200)
        #expect(h.headers["content-type"] == "text/event-stream")
        #expect(h.headers["x-a"] == "2")
        #expect(h.headers["empty"] == "")
        #expect(h.headers.count == 3)
        #expect(try head("HTTP/1.0 101 Switching Protocols").status == 101)
        #expect(try head("HTTP/1.1 404").status == 404)
    }

    @Test(
        "framing: chunked before Content-Length, else the length, else to the close",
        arguments: [
            ("Transfer-Encoding: gzip, Chunked\r\nContent-Length: 5", HTTPResponseHead.Framing.chunked),
            ("Content-Length: 0", .length(0)), ("Content-Length: 12", .length(12)), ("Server: x", .toClose),
        ])
    func framing(fields: String, expected: HTTPResponseHead.Framing) throws {
        #expect(try head("HTTP/1.1 200 OK\r\n" + fields).framing() == expected)
    }

    @Test(
        "a status line that is not HTTP/1.x with a three-digit status is refused, named",
        arguments: ["", "HTTP/2 200 OK", "FOO 200 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 OK", "HTTP/1.1 099 x", "200 OK"])
    func badStatusLine(line: String) {
        let error = #expect(throws: WireError.self) { try head(line + "\r\nServer: x") }
        #expect(error?.message.contains("not HTTP/1.1") == true, "\(error?.message ?? "")")
    }

    @Test("a Content-Length that is not a non-negative integer is refused, named", arguments: ["-1", "12a", ""])
    func badLength(value: String) throws {
        let h = try head("HTTP/1.1 200 OK\r\nContent-Length: \(value)")
        let error = #expect(throws: WireError.self) { try h.framing() }
        #expect(error?.message.contains("Content-Length") == true)
    }
}
