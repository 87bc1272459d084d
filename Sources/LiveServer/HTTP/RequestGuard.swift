import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Signals

/// What keeps the web pages a developer opens from using a server on their machine: every request must
/// name this server in `Host` (against DNS rebinding), and a change or a WebSocket upgrade sent by a page
/// must come from an allowed origin and, when the server has a token, carry it.
///
/// The checks, in order (the first that fails answers):
/// 1. `Host` is a loopback name or address (`localhost`, `127.x.y.z`, `[::1]`, any port) or the
///    address bound (``LiveServerConfiguration/host``); on a wildcard address any `Host` passes. Else
///    421 Misdirected Request. A request with no `Host` (HTTP/1.0, an in-process test) passes: every
///    browser sends one. Two `Host` headers are a 400.
/// 2. For a change (any method but `GET` and `HEAD`) or a WebSocket upgrade: an `Origin`, when present,
///    is the server's own (`http://` and the request's `Host`) or one of
///    ``LiveServerConfiguration/allowedOrigins``. Else 403; `Origin: null` too. No `Origin` (curl, a
///    script, an app) passes, and neither does a `ws://` or `wss://` one, which no page has (WebSocket
///    client libraries send their URL's).
/// 3. Then, when ``LiveServerConfiguration/requiresToken``: `Authorization: Bearer TOKEN` (an upgrade may
///    give `?token=TOKEN` instead). Else 401 with `WWW-Authenticate: Bearer`.
///
/// A refused WebSocket upgrade is answered by ``ConnectionGuard`` with the same status and JSON reason
/// (hummingbird-websocket's own empty 400 never reaches the client), the reason logged.
///
/// A change's body must also be sent as JSON (415 otherwise); ``Request/jsonBody(limit:)`` checks that.
///
/// ```swift
/// let access = RequestGuard(LiveServerConfiguration(port: 8080))
/// try access.check(request.head)    // throws LiveServerError 421, 403 or 401
/// ```
struct RequestGuard: Sendable {
    /// The bound host, lowercased, without brackets (`nil` on a wildcard address: any `Host` passes).
    let boundHost: String?
    /// The origins allowed beside the server's own.
    let allowedOrigins: Set<WebOrigin>
    /// The token changes must carry; `nil` with ``requiresToken`` means none was set, so changes are refused.
    let token: String?
    /// Whether changes and upgrades must carry the token.
    let requiresToken: Bool
    /// The wildcard host, to tell the user why a token is required when none is set.
    let wildcard: String
    /// The bound host as a refusal names it beside the loopback names (empty when it is one of them).
    let names: String

    /// The guard of a server with `configuration` (validated: origins that do not parse are dropped).
    /// - Parameter configuration: Host, allowed origins and token.
    init(_ configuration: LiveServerConfiguration) {
        let everyInterface = configuration.bindsEveryInterface
        var bound = Substring(configuration.host.lowercased())
        if bound.hasPrefix("["), bound.hasSuffix("]") { bound = bound.dropFirst().dropLast() }
        boundHost = everyInterface ? nil : String(bound)
        allowedOrigins = Set(configuration.allowedOrigins.compactMap { WebOrigin($0) })
        token = configuration.token
        requiresToken = configuration.requiresToken
        wildcard = configuration.host
        let loopback = Authority(configuration.host)?.isLoopback ?? Authority("[\(bound)]")?.isLoopback ?? false
        names = everyInterface || loopback ? "" : " or \(configuration.host)"
    }

    /// The `Host` header, as a field name (HTTP/1 `Host` is the request's authority; a second one stays a field).
    static let host = HTTPField.Name("Host")!

    /// Whether `request` changes the feed: any method but `GET` and `HEAD`.
    static func isChange(_ method: HTTPRequest.Method) -> Bool {
        method != .get && method != .head
    }

    /// Whether `head` asks for a WebSocket (`Upgrade: websocket`).
    static func isWebSocketUpgrade(_ head: HTTPRequest) -> Bool {
        head.headerFields[values: .upgrade].contains { $0.lowercased().contains("websocket") }
    }

    /// Checks a request's head.
    /// - Parameter head: The request's method, `Host` (its authority), path and headers.
    /// - Throws: ``LiveServerError``: 400 for two `Host` headers or a malformed one, 421 for a `Host` that is
    ///   not this server's, 403 for a foreign or opaque `Origin`, 401 for a missing or wrong token.
    func check(_ head: HTTPRequest) throws(LiveServerError) {
        let authority = try checkHost(head)
        let upgrade = Self.isWebSocketUpgrade(head)
        guard Self.isChange(head.method) || upgrade else { return }
        let path = (head.path ?? "/").prefix { $0 != "?" }
        let what = upgrade ? "a WebSocket upgrade" : "\(head.method.rawValue) \(LiveServerError.clip(String(path)))"
        try checkOrigin(head, authority: authority, what: what)
        try checkToken(head, webSocket: upgrade, what: what)
    }

    /// The request's `Host`, checked; `nil` when it has none.
    private func checkHost(_ head: HTTPRequest) throws(LiveServerError) -> Authority? {
        guard !head.headerFields.contains(Self.host) else {
            // NIO moves the first Host into the authority; another one stays among the fields.
            throw LiveServerError(.badRequest, "the request has more than one Host header; send one")
        }
        guard let text = head.authority else { return nil }
        guard let authority = Authority(text) else {
            throw LiveServerError(
                .badRequest,
                "the Host header '\(LiveServerError.clip(text))' is not a host name or address with an optional port")
        }
        guard let boundHost else { return authority }
        guard authority.isLoopback || authority.host == boundHost else {
            throw LiveServerError(
                .misdirected,
                "this server answers only to its own names (localhost, 127.0.0.1, [::1]\(names)), not to Host '\(LiveServerError.clip(text))'; a page of another domain that resolves to this machine (DNS rebinding) is refused"
            )
        }
        return authority
    }

    /// A change's or an upgrade's `Origin`, checked.
    private func checkOrigin(_ head: HTTPRequest, authority: Authority?, what: String) throws(LiveServerError) {
        guard let text = head.headerFields[.origin] else { return }
        guard let origin = WebOrigin(text) else {
            throw LiveServerError(
                .forbidden,
                "\(what) from Origin '\(LiveServerError.clip(text))' is refused: a page with an opaque origin (a sandboxed frame, a file) may not change this server"
            )
        }
        // A browser sends the origin of the page (http, https, an extension's scheme, or null); a
        // WebSocket client library that is no browser sends its URL's (ws://host), and could as well send none.
        if origin.scheme == "ws" || origin.scheme == "wss" { return }
        if let authority, origin == WebOrigin(scheme: "http", authority: authority) { return }
        guard allowedOrigins.contains(origin) else {
            throw LiveServerError(
                .forbidden,
                "\(what) from Origin \(LiveServerError.clip(origin.description)) is refused: only this server's own pages may change it or open a WebSocket; allow another origin with --allow-origin \(LiveServerError.clip(origin.description))"
            )
        }
    }

    /// A change's or an upgrade's token, checked.
    private func checkToken(_ head: HTTPRequest, webSocket: Bool, what: String) throws(LiveServerError) {
        guard requiresToken else { return }
        guard let token else {
            throw LiveServerError(
                .unauthorized,
                "\(what) needs a token: this server binds every interface (--host \(wildcard)), so anyone on the network could change it; start it with --token TOKEN (or --token generate) and send Authorization: Bearer TOKEN"
            )
        }
        var given: [String] = head.headerFields[values: .authorization].compactMap { value in
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        if webSocket {
            let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
            given += request.uri.queryParameters[values: "token"].map(String.init)
        }
        guard !given.isEmpty else {
            throw LiveServerError(
                .unauthorized,
                "\(what) needs this server's token: send Authorization: Bearer TOKEN\(webSocket ? " or ?token=TOKEN" : "") (open the console at /?token=TOKEN)"
            )
        }
        guard given.allSatisfy({ Self.same($0, token) }) else {
            throw LiveServerError(.unauthorized, "\(what) carries a token that is not this server's")
        }
    }

    /// Compares two tokens in a time that depends on their lengths only, not on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}

/// The ``RequestGuard`` in front of every route: a refused request never reaches a handler, and is
/// answered in the server's JSON error form.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: RequestGuard

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try access.check(request.head)
        return try await next(request, context)
    }
}
