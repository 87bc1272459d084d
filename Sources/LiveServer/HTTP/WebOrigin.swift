/// A web origin, `scheme://host[:port]`, as a browser sends it in `Origin` and as `--allow-origin`
/// names one; the port is filled in for `http` (80) and `https` (443), so that `http://localhost` and
/// `http://localhost:80` are the same origin.
///
/// ```swift
/// WebOrigin("http://127.0.0.1:8080") == WebOrigin(scheme: "http", authority: Authority("127.0.0.1:8080")!)   // true
/// WebOrigin("null")   // nil: an opaque origin (a sandboxed frame, a file) is no origin at all
/// ```
struct WebOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, lowercased (`http`, `https`, `chrome-extension`, …).
    var scheme: String
    /// The host, lowercased; an IPv6 address without its brackets.
    var host: String
    /// The port: the one written, else 80 for `http`, 443 for `https`, `nil` for another scheme.
    var port: Int?

    /// The origin of a page served by this server under `authority` (what the request's `Host` names).
    /// - Parameters:
    ///   - scheme: The scheme the page was served with (`http`: the server has no TLS).
    ///   - authority: The request's `Host`.
    init(scheme: String, authority: Authority) {
        self.scheme = scheme.lowercased()
        host = authority.host
        port = authority.port ?? Self.defaultPort(self.scheme)
    }

    /// Reads `scheme://host[:port]` (one trailing `/` allowed); `nil` for `null`, a path, a query, user
    /// information or anything else that is not an origin.
    /// - Parameter text: An `Origin` header or an `--allow-origin` value.
    init?(_ text: some StringProtocol) {
        var text = Substring(text)
        if text.hasSuffix("/") { text = text.dropLast() }
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }),
            let authority = Authority(text[separator.upperBound...])
        else { return nil }
        self.init(scheme: String(scheme), authority: authority)
    }

    /// 80 for `http` (and `ws`), 443 for `https` (and `wss`), else `nil`.
    static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }

    /// `scheme://host:port` (an IPv6 host in brackets; the default port left out).
    var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        guard let port, port != Self.defaultPort(scheme) else { return "\(scheme)://\(host)" }
        return "\(scheme)://\(host):\(port)"
    }
}
