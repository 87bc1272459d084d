import Formats
import Foundation
import Signals

/// Where a `signals serve` listens: `http://HOST:PORT[/prefix]` for Server-Sent Events, or
/// `ws://HOST:PORT[/prefix]` for a WebSocket (plain HTTP only: loopback or a LAN), and the token it asks
/// for, if any.
struct ServerAddress: Sendable, Hashable {
    let host: String
    let port: Int
    /// A path prefix without its trailing `/` (empty for the root).
    let prefix: String
    /// How points are streamed: `/v1/stream` for `http://`, `/v1/ws` for `ws://`.
    let transport: Transport
    /// The server's token (`signals serve --token`), sent as `Authorization: Bearer TOKEN` with every
    /// request; `nil` for none.
    let token: String?

    /// How a client streams points from the server.
    enum Transport: Sendable, Hashable {
        /// `GET /v1/stream`, Server-Sent Events.
        case serverSentEvents
        /// `GET /v1/ws?ids=true`, a WebSocket.
        case webSocket
    }

    /// Reads a server URL, and its token.
    /// - Parameters:
    ///   - url: `http://HOST:PORT[/prefix]` or `ws://…`; a `?token=TOKEN` query gives the token.
    ///   - token: The token, which wins over the URL's; `nil` or empty takes the URL's.
    /// - Throws: ``SensorFeedsError`` (`invalidURL`) for another scheme (https, wss: no TLS here), no host,
    ///   a bad port, or a token of characters `signals serve --token` never takes (the message does not
    ///   quote it: it is a secret).
    init(_ url: URL, token: String? = nil) throws(SensorFeedsError) {
        let quoted = SignalError.quoted(url.absoluteString, limit: 100)
        switch url.scheme?.lowercased() {
        case "http": transport = .serverSentEvents
        case "ws": transport = .webSocket
        default:
            throw SensorFeedsError(
                .invalidURL,
                "a server source needs an http:// URL (Server-Sent Events) or a ws:// URL (WebSocket), plain HTTP to signals serve on loopback or a LAN with no TLS; got '\(quoted)'"
            )
        }
        guard let host = url.host, !host.isEmpty else {
            throw SensorFeedsError(.invalidURL, "the server URL '\(quoted)' has no host")
        }
        let port = url.port ?? 80
        guard (1...65535).contains(port) else {
            throw SensorFeedsError(.invalidURL, "the server URL '\(quoted)' has port \(port), not 1 to 65535")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = port
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        prefix = path
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.last { $0.name == "token" }?
            .value
        if let token, !token.isEmpty {
            self.token = try ServerAddress.checked(token: token, from: "the token")
        } else if let query, !query.isEmpty {
            self.token = try ServerAddress.checked(token: query, from: "the URL's ?token=")
        } else {
            self.token = nil
        }
    }

    /// `token`, when `signals serve --token` could have it: 1 to 256 of `A-Z a-z 0-9 - . _ ~` (it then
    /// travels safely in a header).
    /// - Throws: ``SensorFeedsError`` (`invalidURL`) describing the token, never quoting it.
    static func checked(token: String, from source: String) throws(SensorFeedsError) -> String {
        let allowed = token.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                Array("-._~".utf8).contains(byte)
            }
        }
        guard (1...256).contains(token.utf8.count), allowed else {
            throw SensorFeedsError(
                .invalidURL,
                "\(source) must be 1 to 256 of A-Z a-z 0-9 - . _ ~ (what signals serve --token takes); this one is \(token.utf8.count) bytes\(allowed ? "" : " and holds other characters")"
            )
        }
        return token
    }

    /// `host:port` for the `Host` header (IPv6 in brackets).
    var hostHeader: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// One HTTP/1.1 GET over a ``SocketConnection``: the response head, then the body as it arrives
/// (chunked, with a length, or up to the close).
final class HTTPResponseReader {
    private let connection: SocketConnection
    /// The status code.
    private(set) var status = 0
    /// Header fields, names lower-cased.
    private(set) var headers: [String: String] = [:]
    private var pending: [UInt8] = []
    private var chunked: ChunkedDecoder?
    private var remainingLength: Int?
    private var ended = false

    /// The largest response head read (64 KiB).
    static let headLimit = 1 << 16

    /// Sends `GET path` and reads the response head within `timeout` seconds.
    /// - Throws: ``SensorFeedsError``: `connectionFailed`, `serverGone`, `badResponse`; `nil`-like stop is
    ///   reported as `serverGone` with the message "stopped".
    init(
        _ address: ServerAddress, path: String, headers extra: [(String, String)] = [], timeout: Double,
        wakeup: Wakeup
    ) throws(SensorFeedsError) {
        connection = try SocketConnection(host: address.host, port: address.port, timeout: timeout, wakeup: wakeup)
        var request =
            "GET \(address.prefix)\(path) HTTP/1.1\r\nHost: \(address.hostHeader)\r\nUser-Agent: SensorFeeds\r\n"
        if let token = address.token { request += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in extra { request += "\(name): \(value)\r\n" }
        try connection.send(request + "\r\n")
        var raw: [UInt8] = []
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let end = raw.firstRange(of: separator) {
                try parseHead(raw[..<end.lowerBound])
                pending = Array(raw[end.upperBound...])
                return
            }
            guard raw.count < HTTPResponseReader.headLimit else {
                throw SensorFeedsError(.badResponse, "the response head is over 64 KiB")
            }
            switch try connection.read(into: &raw, timeout: timeout) {
            case .data: continue
            case .end: throw SensorFeedsError(.serverGone, "the server closed the connection before answering")
            case .timedOut: throw SensorFeedsError(.serverGone, "the server did not answer within \(timeout) s")
            case .stopped: throw HTTPResponseReader.stopped
            }
        }
    }

    /// After a `101 Switching Protocols`: the rest of the connection is raw bytes (no HTTP framing).
    func upgraded() {
        chunked = nil
        remainingLength = nil
        ended = false
    }

    /// Sends raw bytes on the connection (WebSocket frames after an upgrade).
    /// - Throws: ``SensorFeedsError`` (`serverGone`).
    func send(_ bytes: [UInt8]) throws(SensorFeedsError) { try connection.send(bytes: bytes) }

    /// Thrown when the client is stopped mid-request (never reported to the app).
    static let stopped = SensorFeedsError(.serverGone, "stopped")

    private func parseHead(_ bytes: ArraySlice<UInt8>) throws(SensorFeedsError) {
        do throws(WireError) {
            let head = try HTTPResponseHead(parsing: bytes)
            status = head.status
            headers = head.headers
            switch try head.framing() {
            case .chunked: chunked = ChunkedDecoder()
            case .length(let length): remainingLength = length
            case .toClose: break
            }
        } catch {
            throw SensorFeedsError(.badResponse, "the server's \(error.message)")
        }
    }

    /// What a body read gives.
    enum BodyRead: Equatable {
        /// Body bytes (possibly none, when only framing arrived).
        case bytes([UInt8])
        /// The body is complete.
        case end
        /// Nothing within the timeout.
        case timedOut
        /// The client was stopped.
        case stopped
    }

    /// The next body bytes, waiting up to `timeout` seconds.
    /// - Throws: ``SensorFeedsError`` (`serverGone`, `badResponse`).
    func readBody(timeout: Double) throws(SensorFeedsError) -> BodyRead {
        if ended { return .end }
        if pending.isEmpty {
            switch try connection.read(into: &pending, timeout: timeout) {
            case .data: break
            case .end:
                ended = true
                if chunked != nil || (remainingLength ?? 0) > 0 {
                    throw SensorFeedsError(.serverGone, "the server closed the stream")
                }
                return .end
            case .timedOut: return .timedOut
            case .stopped: return .stopped
            }
        }
        defer { pending.removeAll(keepingCapacity: true) }
        if var decoder = chunked {
            var body: [UInt8] = []
            do { try decoder.feed(pending[...], into: &body) } catch {
                throw SensorFeedsError(.badResponse, error.message)
            }
            chunked = decoder
            if decoder.isDone { ended = true }
            return .bytes(body)
        }
        if let remaining = remainingLength {
            let n = min(remaining, pending.count)
            remainingLength = remaining - n
            if remaining - n == 0 { ended = true }
            return .bytes(Array(pending[..<n]))
        }
        return .bytes(pending)
    }

    /// The whole body, up to `limit` bytes, within `timeout` seconds per read.
    /// - Throws: ``SensorFeedsError`` (`serverGone`, `badResponse`) or ``stopped``.
    func readAll(limit: Int, timeout: Double) throws(SensorFeedsError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            switch try readBody(timeout: timeout) {
            case .bytes(let b):
                body += b
                guard body.count <= limit else {
                    throw SensorFeedsError(.badResponse, "the response body is over \(limit) bytes")
                }
            case .end: return body
            case .timedOut: throw SensorFeedsError(.serverGone, "the server stopped sending within \(timeout) s")
            case .stopped: throw HTTPResponseReader.stopped
            }
        }
    }
}
