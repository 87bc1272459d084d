/// An HTTP/1.1 response's head (RFC 9112 §4, §5): the status line and the header fields, read by the one
/// parser of the package's clients (`SensorFeeds`' server client, the tests' client and the bench).
///
/// The status line must start with `HTTP/1.` and carry a three-digit status. Field names are case-
/// insensitive (kept in lower case); a field that appears twice keeps its last value; whitespace around a
/// value is dropped; a line without a colon is ignored. The body's framing follows RFC 9112 §6.3:
/// chunked when `Transfer-Encoding` names `chunked`, else `Content-Length` (a non-negative integer), else
/// to the connection's close.
package struct HTTPResponseHead: Sendable, Equatable {
    /// The status code, 100 … 999.
    package var status: Int
    /// The header fields, names in lower case.
    package var headers: [String: String]

    /// How a response's body is framed.
    package enum Framing: Sendable, Equatable {
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// `Content-Length` bytes.
        case length(Int)
        /// Everything up to the connection's close.
        case toClose
    }

    /// A head with `status` and `headers` (names in lower case).
    package init(status: Int, headers: [String: String] = [:]) {
        self.status = status
        self.headers = headers
    }

    /// Parses a head: the bytes up to (and without) the blank line that ends it.
    /// - Throws: ``WireError`` naming a status line that is not HTTP/1.x.
    package init<Bytes: Collection<UInt8>>(parsing bytes: Bytes) throws(WireError) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let first = lines.first ?? ""
        let parts = first.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]),
            (100...999).contains(code)
        else {
            throw WireError("answer is not HTTP/1.1: its status line is '\(first.prefix(100))'")
        }
        status = code
        headers = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers[line[..<colon].lowercased()] = String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
    }

    /// The body's framing (RFC 9112 §6.3).
    /// - Throws: ``WireError`` when `Content-Length` is not a non-negative integer.
    package func framing() throws(WireError) -> Framing {
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true { return .chunked }
        guard let text = headers["content-length"] else { return .toClose }
        guard let length = Int(text), length >= 0 else {
            throw WireError("Content-Length '\(text.prefix(40))' is not a length")
        }
        return .length(length)
    }
}
