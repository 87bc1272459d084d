import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import Signals

/// What the server answers to a request that is not HTTP/1.1 it can read: the status and a short reason,
/// never the name of a type or an internal message.
///
/// | problem | status |
/// |---|---|
/// | not a request line (`HELLO`), a header line without a colon, a bare LF, a bad or repeated `Content-Length`, `Content-Length` with `Transfer-Encoding`, a bad chunk size, a `Transfer-Encoding` that does not end with `chunked`, a version other than HTTP/1.0 or 1.1 (HTTP/0.9, the HTTP/2 preface) | 400 |
/// | a request header not sent in full within the head timeout | 408 |
/// | a request header over 80 KiB, or over 1000 fields | 431 |
/// | a well-formed request line with a method the server does not know (`BREW /data HTTP/1.1`) | 501 |
/// | a transfer coding other than `chunked` (`Transfer-Encoding: gzip, chunked`) | 501 |
enum MalformedRequest {
    /// The methods the server takes, for the 501's message.
    static let methods = "GET, HEAD, POST and PUT"

    /// The refusal for an error of the HTTP decoder, or `nil` for an error that is not about the request.
    /// - Parameters:
    ///   - error: What the decoder (or the codec after it) threw.
    ///   - start: The first bytes the connection sent, when the error is in its first request (to tell an
    ///     unknown method from bytes that are not HTTP at all); empty otherwise.
    static func refusal(for error: any Error, start: [UInt8] = []) -> LiveServerError? {
        if error is HTTP09Request {
            return LiveServerError(
                .badRequest, "HTTP/0.9 is not served: send HTTP/1.1 ('GET /data HTTP/1.1' and a Host header)")
        }
        guard let error = error as? HTTPParserError else { return nil }
        if start.starts(with: Array("PRI * HTTP/2".utf8)) {
            return LiveServerError(.badRequest, "HTTP/2 is not served: send HTTP/1.1")
        }
        if let end = start.firstIndex(of: UInt8(ascii: "\n")),
            end == start.startIndex || start[end - 1] != UInt8(ascii: "\r")
        {
            return LiveServerError(
                .badRequest, "malformed HTTP/1.1: every line of the header ends with CR LF, not a bare LF")
        }
        switch error {
        case .headerOverflow:
            return LiveServerError(
                .badRequest, "the request header is too large: at most 80 KiB and 1000 fields", statusCode: 431)
        case .invalidMethod:
            if let method = requestLineMethod(start) {
                return LiveServerError(
                    .badRequest,
                    "the method '\(SignalError.quoted(method, limit: 40))' is not one this server implements; it takes \(methods)",
                    statusCode: 501)
            }
            return notHTTP
        case .invalidVersion:
            return LiveServerError(
                .badRequest, "only HTTP/1.1 and HTTP/1.0 are served (no HTTP/0.9, no HTTP/2 without TLS)")
        case .invalidContentLength, .unexpectedContentLength:
            return LiveServerError(
                .badRequest,
                "Content-Length must be one whole number of bytes, given once, and not together with Transfer-Encoding")
        case .invalidChunkSize:
            return LiveServerError(.badRequest, "a chunk of the body does not start with its size in hexadecimal")
        case .invalidHeaderToken:
            return LiveServerError(
                .badRequest,
                "a header line is not 'Name: value' (a name of letters, digits and !#$%&'*+-.^_`|~, then a colon)")
        case .lfExpected, .invalidCharactersUsed, .invalidConstant, .strictModeAssertion:
            return LiveServerError(
                .badRequest,
                "malformed HTTP/1.1: every line of the header ends with CR LF, and holds no control characters")
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidHost, .invalidPort:
            return LiveServerError(.badRequest, "the request target is not a path such as /data")
        case .unknown:
            // llhttp's other errors; the one a client meets is a Transfer-Encoding that does not end in chunked.
            return LiveServerError(
                .badRequest,
                "malformed HTTP/1.1 request (a Transfer-Encoding must end with chunked, and the body then be chunked)")
        default:
            return notHTTP
        }
    }

    /// A request line with no version (`GET /`): HTTP/0.9.
    struct HTTP09Request: Error {}

    /// The head of a request from its bytes, which the decoder has accepted (so a plain reading is
    /// enough); `nil` when they do not hold a whole head.
    static func head(_ bytes: [UInt8]) -> HTTPRequestHead? {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let lines = bytes[..<end.lowerBound].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self) }
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let version: HTTPVersion = requestLine[2] == "HTTP/1.0" ? .http1_0 : .http1_1
        return HTTPRequestHead(
            version: version, method: HTTPMethod(rawValue: String(requestLine[0])), uri: String(requestLine[1]),
            headers: headers)
    }

    /// Bytes that are not an HTTP request at all.
    static let notHTTP = LiveServerError(
        .badRequest, "not an HTTP/1.1 request: it starts with a request line such as 'GET /data HTTP/1.1'")

    /// The method of `bytes` when they start with a well-formed request line (`TOKEN SP TARGET SP
    /// HTTP/1.x`), so that an unknown method is told from bytes that are not HTTP.
    static func requestLineMethod(_ bytes: [UInt8]) -> String? {
        guard let end = bytes.firstIndex(of: UInt8(ascii: "\r")) ?? bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            return nil
        }
        let parts = bytes[..<end].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte), !parts[1].isEmpty,
            parts[2].starts(with: Array("HTTP/1.".utf8))
        else { return nil }
        return String(decoding: parts[0], as: UTF8.self)
    }

    /// A `tchar` of RFC 9110.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The refusal of a first request that reached the HTTP handlers without being upgraded: a failed
    /// WebSocket handshake (any `Upgrade: websocket`, or any `Upgrade` on `/v1/ws`) with its reason, or a
    /// version other than HTTP/1.0 and 1.1. `nil` for a request to answer as usual (an `Upgrade: h2c`
    /// elsewhere is ignored, as RFC 9110 allows).
    /// - Parameters:
    ///   - head: The request's head.
    ///   - access: The server's request guard, when the upgrade handler refused the handshake: a
    ///     well-formed handshake it refuses (`Host`, `Origin`, token) is answered with its status and reason.
    static func refusal(of head: HTTPRequestHead, access: RequestGuard? = nil) -> LiveServerError? {
        guard head.version.major == 1, head.version.minor <= 1 else {
            return LiveServerError(
                .badRequest, "HTTP/\(head.version.major).\(head.version.minor) is not served: send HTTP/1.1")
        }
        let upgrade = head.headers[canonicalForm: "upgrade"].map { $0.lowercased() }
        let path =
            head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !upgrade.isEmpty, upgrade.contains("websocket") || path == WebSocketStream.path else { return nil }
        return webSocketRefusal(head, path: path, upgrade: upgrade, access: access)
    }

    /// Why a WebSocket handshake was not taken (RFC 6455, section 4.2.1): what is malformed in it, else what
    /// `access` refuses (421, 403 or 401, as a change would be refused).
    static func webSocketRefusal(
        _ head: HTTPRequestHead, path: String, upgrade: [String], access: RequestGuard? = nil
    ) -> LiveServerError {
        func refused(_ reason: String) -> LiveServerError {
            LiveServerError(.badRequest, "WebSocket handshake refused: \(reason)")
        }
        guard path == WebSocketStream.path else {
            return refused(
                "only \(WebSocketStream.path) takes a WebSocket, not '\(SignalError.quoted(path, limit: 60))'")
        }
        guard upgrade.contains("websocket") else {
            return refused(
                "Upgrade must be websocket, got '\(SignalError.quoted(head.headers["upgrade"].joined(separator: ", "), limit: 40))'"
            )
        }
        guard head.method == .GET else { return refused("the method must be GET, got \(head.method.rawValue)") }
        guard head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "upgrade" }) else {
            return refused("Connection must include Upgrade")
        }
        let versions = head.headers["sec-websocket-version"]
        guard versions == ["13"] else {
            return refused(
                "Sec-WebSocket-Version must be 13, got '\(SignalError.quoted(versions.joined(separator: ", "), limit: 20))'"
            )
        }
        guard head.headers["sec-websocket-key"].count == 1 else {
            return refused("Sec-WebSocket-Key is missing (a client sends 16 random bytes in base64)")
        }
        do {
            let request = Request(
                head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: head.uri),
                body: RequestBody(buffer: ByteBuffer()))
            _ = try WebSocketStream.options(request)
        } catch {
            return refused(error.message)
        }
        if let access {
            do { try access.check(request(head)) } catch { return error }
        }
        return refused("the key or another header is malformed")
    }

    /// `head` as the HTTP types the router sees it: the first `Host` is the authority, any other stays a
    /// field (as NIO converts it).
    static func request(_ head: HTTPRequestHead) -> HTTPRequest {
        var fields = HTTPFields()
        var authority: String?
        for (name, value) in head.headers {
            if authority == nil, name.lowercased() == "host" {
                authority = value
            } else if let field = HTTPField.Name(name) {
                fields.append(HTTPField(name: field, value: value))
            }
        }
        return HTTPRequest(
            method: HTTPRequest.Method(head.method.rawValue) ?? .get, scheme: nil, authority: authority, path: head.uri,
            headerFields: fields)
    }
}
