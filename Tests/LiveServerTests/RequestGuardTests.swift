import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SignalRunnerTesting
import Signals
import Testing

@testable import LiveServer

/// The checks themselves, on request heads: `Host` (DNS rebinding), `Origin` and the token.
@Suite struct RequestGuardTests {
    static let loopback = RequestGuard(LiveServerConfiguration())

    /// A request head.
    static func head(
        _ method: HTTPRequest.Method = .post, host: String?, path: String = "/update", _ fields: HTTPFields = [:]
    ) -> HTTPRequest {
        HTTPRequest(method: method, scheme: "http", authority: host, path: path, headerFields: fields)
    }

    /// The code a loopback server refuses `head` with, `nil` when it lets it through.
    static func refusal(_ head: HTTPRequest) -> LiveServerError.Code? {
        refusal(loopback, head)
    }

    /// The code `access` refuses `head` with, `nil` when it lets it through.
    static func refusal(_ access: RequestGuard, _ head: HTTPRequest) -> LiveServerError.Code? {
        do {
            try access.check(head)
            return nil
        } catch {
            return error.code
        }
    }

    @Test(
        "Host: loopback names and addresses pass, with or without a port",
        arguments: [
            "localhost", "localhost:8080", "LocalHost:8080", "127.0.0.1", "127.0.0.1:8080", "127.1.2.3:9",
            "127.255.255.255:1",
            "[::1]", "[::1]:8080", "[0:0:0:0:0:0:0:1]:80",
        ])
    func loopbackHosts(host: String) {
        #expect(Self.refusal(Self.head(.get, host: host, path: "/data")) == nil)
        #expect(Self.refusal(Self.head(.post, host: host)) == nil)
    }

    @Test(
        "Host: any other name or address is refused with 421 (DNS rebinding), reads too",
        arguments: [
            "evil.example", "evil.example:8080", "127.0.0.1.nip.io:8080", "127.evil.example",
            "localhost.evil.example:8080",
            "sub.localhost:8080", "192.168.1.5:8080", "10.0.0.1", "[::2]:8080", "128.0.0.1:8080", "127.0.0.256:8080",
        ])
    func foreignHosts(host: String) {
        #expect(Self.refusal(Self.head(.get, host: host, path: "/data")) == .misdirected)
        #expect(Self.refusal(Self.head(.post, host: host)) == .misdirected)
    }

    @Test(
        "Host: a malformed one is a 400",
        arguments: ["", "local host", "localhost:99999", "localhost:", "::1", "a:b:c", "[::1", "[::1]x"])
    func malformedHosts(host: String) {
        #expect(Self.refusal(Self.head(.get, host: host, path: "/data")) == .badRequest)
    }

    @Test("Host: none at all passes (browsers always send one); two are a 400")
    func missingOrRepeatedHost() {
        #expect(Self.refusal(Self.head(.post, host: nil)) == nil)
        #expect(
            Self.refusal(Self.head(.get, host: "localhost", path: "/data", [RequestGuard.host: "evil.example"]))
                == .badRequest)
    }

    @Test("Host: the address bound with --host passes beside loopback; on 0.0.0.0 or :: any Host passes")
    func boundHost() {
        let lan = RequestGuard(LiveServerConfiguration(host: "192.168.1.5"))
        #expect(Self.refusal(lan, Self.head(.get, host: "192.168.1.5:8080", path: "/data")) == nil)
        #expect(Self.refusal(lan, Self.head(.get, host: "localhost:8080", path: "/data")) == nil)
        #expect(Self.refusal(lan, Self.head(.get, host: "evil.example:8080", path: "/data")) == .misdirected)
        let v6 = RequestGuard(LiveServerConfiguration(host: "fe80::1"))
        #expect(Self.refusal(v6, Self.head(.get, host: "[fe80::1]:8080", path: "/data")) == nil)
        for wildcard in ["0.0.0.0", "::", "[::]"] {
            let every = RequestGuard(LiveServerConfiguration(host: wildcard))
            #expect(
                Self.refusal(every, Self.head(.get, host: "evil.example:8080", path: "/data")) == nil, "\(wildcard)")
            #expect(
                Self.refusal(every, Self.head(.get, host: "my-laptop.local:8080", path: "/data")) == nil, "\(wildcard)")
        }
    }

    @Test(
        "Origin on a change: the server's own (as Host names it) and allowed ones pass; others, null and malformed ones are 403"
    )
    func origins() {
        let own: [(host: String, origin: String)] = [
            ("localhost:8080", "http://localhost:8080"), ("127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("[::1]:8080", "http://[::1]:8080"),
            ("localhost", "http://localhost"), ("localhost:80", "http://localhost"),
            ("localhost", "http://localhost:80"),
            ("LOCALHOST:8080", "http://localhost:8080/"),
        ]
        for (host, origin) in own {
            #expect(Self.refusal(Self.head(host: host, [.origin: origin])) == nil, "\(host) \(origin)")
        }
        let foreign: [(host: String, origin: String)] = [
            ("localhost:8080", "http://evil.example"), ("localhost:8080", "https://localhost:8080"),
            ("localhost:8080", "http://localhost:8081"),
            ("127.0.0.1:8080", "http://localhost:8080"), ("localhost:8080", "null"),
            ("localhost:8080", "http://localhost:8080/path"),
            ("localhost:8080", ""), ("localhost:8080", "file://"),
        ]
        for (host, origin) in foreign {
            #expect(Self.refusal(Self.head(host: host, [.origin: origin])) == .forbidden, "\(host) \(origin)")
        }
        // With no Host, only an allowed origin passes.
        #expect(Self.refusal(Self.head(host: nil, [.origin: "http://localhost:8080"])) == .forbidden)
    }

    @Test("Origin: --allow-origin lets those pages change the feed (scheme, host and port all count)")
    func allowedOrigins() throws {
        let configuration = try LiveServerConfiguration(allowedOrigins: [
            "HTTP://LocalHost:5173/", "https://tools.example",
        ]).validated()
        #expect(configuration.allowedOrigins == ["http://localhost:5173", "https://tools.example"])
        let access = RequestGuard(configuration)
        #expect(Self.refusal(access, Self.head(host: "localhost:8080", [.origin: "http://localhost:5173"])) == nil)
        #expect(Self.refusal(access, Self.head(host: "localhost:8080", [.origin: "https://tools.example:443"])) == nil)
        #expect(
            Self.refusal(access, Self.head(host: "localhost:8080", [.origin: "http://tools.example"])) == .forbidden)
        #expect(
            Self.refusal(access, Self.head(host: "localhost:8080", [.origin: "http://localhost:5174"])) == .forbidden)
    }

    @Test("Origin: reads are not refused for it (CORS decides what a page may read)")
    func readsFromAnyOrigin() {
        #expect(
            Self.refusal(Self.head(.get, host: "localhost:8080", path: "/data", [.origin: "http://evil.example"]))
                == nil)
        #expect(Self.refusal(Self.head(.head, host: "localhost:8080", path: "/data", [.origin: "null"])) == nil)
        #expect(
            Self.refusal(Self.head(.options, host: "localhost:8080", path: "/update", [.origin: "http://evil.example"]))
                == .forbidden)
        #expect(
            Self.refusal(Self.head(.delete, host: "localhost:8080", path: "/v1/spec", [.origin: "http://evil.example"]))
                == .forbidden)
    }

    @Test("WebSocket upgrade: a foreign or null Origin is refused; none and the server's own pass")
    func webSocketOrigin() {
        let upgrade: HTTPFields = [.upgrade: "websocket", .connection: "Upgrade"]
        func head(_ origin: String?) -> HTTPRequest {
            var fields = upgrade
            if let origin { fields[.origin] = origin }
            return Self.head(.get, host: "127.0.0.1:8080", path: "/v1/ws?rate=10", fields)
        }
        #expect(Self.refusal(head(nil)) == nil)
        #expect(Self.refusal(head("http://127.0.0.1:8080")) == nil)
        #expect(Self.refusal(head("ws://127.0.0.1")) == nil, "a client library's Origin: no page has a ws: origin")
        #expect(Self.refusal(head("wss://evil.example")) == nil)
        #expect(Self.refusal(head("https://127.0.0.1:8080")) == .forbidden)
        #expect(Self.refusal(head("http://evil.example")) == .forbidden)
        #expect(Self.refusal(head("null")) == .forbidden)
    }

    @Test("token: a change must carry Authorization: Bearer TOKEN; an upgrade may give ?token=; reads need none")
    func token() {
        let access = RequestGuard(LiveServerConfiguration(token: "s3cret-token"))
        #expect(Self.refusal(access, Self.head(host: "localhost")) == .unauthorized)
        #expect(Self.refusal(access, Self.head(host: "localhost", [.authorization: "Bearer wrong"])) == .unauthorized)
        #expect(
            Self.refusal(access, Self.head(host: "localhost", [.authorization: "Bearer s3cret-tokenX"]))
                == .unauthorized)
        #expect(
            Self.refusal(access, Self.head(host: "localhost", [.authorization: "Basic s3cret-token"])) == .unauthorized)
        #expect(
            Self.refusal(access, Self.head(host: "localhost", path: "/update?token=s3cret-token")) == .unauthorized,
            "a change takes the header only")
        #expect(Self.refusal(access, Self.head(host: "localhost", [.authorization: "Bearer s3cret-token"])) == nil)
        #expect(Self.refusal(access, Self.head(host: "localhost", [.authorization: "bearer s3cret-token"])) == nil)
        #expect(Self.refusal(access, Self.head(.get, host: "localhost", path: "/data")) == nil)
        let upgrade: HTTPFields = [.upgrade: "websocket", .connection: "Upgrade"]
        #expect(Self.refusal(access, Self.head(.get, host: "localhost", path: "/v1/ws", upgrade)) == .unauthorized)
        #expect(
            Self.refusal(access, Self.head(.get, host: "localhost", path: "/v1/ws?token=nope", upgrade))
                == .unauthorized)
        #expect(
            Self.refusal(access, Self.head(.get, host: "localhost", path: "/v1/ws?rate=5&token=s3cret-token", upgrade))
                == nil)
        // The Origin check comes first: the right token does not make a foreign page's change acceptable.
        var foreign = upgrade
        foreign[.origin] = "http://evil.example"
        #expect(
            Self.refusal(access, Self.head(.get, host: "localhost", path: "/v1/ws?token=s3cret-token", foreign))
                == .forbidden)
    }

    @Test("0.0.0.0 without a token: changes are refused (401) until one is set; reads pass")
    func wildcardNeedsToken() {
        let every = RequestGuard(LiveServerConfiguration(host: "0.0.0.0"))
        #expect(Self.refusal(every, Self.head(host: "192.168.1.5:8080")) == .unauthorized)
        #expect(Self.refusal(every, Self.head(.get, host: "192.168.1.5:8080", path: "/data")) == nil)
        let withToken = RequestGuard(LiveServerConfiguration(host: "0.0.0.0", token: "abc"))
        #expect(Self.refusal(withToken, Self.head(host: "192.168.1.5:8080", [.authorization: "Bearer abc"])) == nil)
        #expect(LiveServerConfiguration(host: "0.0.0.0").requiresToken)
        #expect(LiveServerConfiguration(host: "::").requiresToken)
        #expect(!LiveServerConfiguration(host: "127.0.0.1").requiresToken)
        #expect(!LiveServerConfiguration(host: "192.168.1.5").requiresToken)
    }

    @Test("tokens compare equal only when they are the same bytes")
    func sameToken() {
        #expect(RequestGuard.same("abc", "abc"))
        #expect(!RequestGuard.same("abc", "abd"))
        #expect(!RequestGuard.same("abc", "abcd"))
        #expect(!RequestGuard.same("", "a"))
    }
}

/// `--allow-origin` and `--token` are checked where they enter; a generated token is random.
@Suite struct AccessConfigurationTests {
    @Test(
        "an --allow-origin that is not scheme://host[:port] is refused",
        arguments: [
            "null", "*", "localhost:5173", "http://", "http://a/b", "http://a?b", "http://user@host", "://host",
            "http://evil example",
        ])
    func badOrigin(origin: String) {
        #expect(
            #expect(throws: SignalError.self) { try LiveServerConfiguration(allowedOrigins: [origin]).validated() }?
                .code == .invalidArgument)
        do {
            _ = try LiveServerConfiguration(allowedOrigins: [origin]).validated()
        } catch {
            #expect(error.message.contains("--allow-origin must be an origin"), "\(error.message)")
        }
    }

    @Test(
        "a --token of other characters, empty or too long is refused, without quoting it",
        arguments: ["has space", "tab\t", "é", "", String(repeating: "a", count: 257)])
    func badToken(token: String) {
        do {
            _ = try LiveServerConfiguration(token: token).validated()
            Issue.record("'\(token)' was accepted")
        } catch {
            #expect(error.message.contains("--token"))
            #expect(token.isEmpty || !error.message.contains(token), "the message quotes the secret")
        }
    }

    @Test("a generated token is 32 hex digits, a new one each time, and is valid")
    func generated() throws {
        let a = LiveServerConfiguration.generateToken()
        let b = LiveServerConfiguration.generateToken()
        #expect(a.count == 32)
        #expect(a.allSatisfy { $0.isHexDigit })
        #expect(a != b)
        #expect(try LiveServerConfiguration(token: a).validated().token == a)
    }

    @Test(
        "origins read as a browser writes them",
        arguments: [
            ("http://localhost:8080", "http://localhost:8080"), ("http://LOCALHOST:80", "http://localhost"),
            ("https://a.example:443/", "https://a.example"),
            ("http://[::1]:8080", "http://[::1]:8080"), ("chrome-extension://abcdef", "chrome-extension://abcdef"),
        ])
    func originForms(text: String, normal: String) throws {
        #expect(try #require(WebOrigin(text)).description == normal)
    }
}

/// Through the server: every state-changing route refuses a foreign page, a body not sent as JSON and a
/// missing token in the server's JSON error form; CORS headers only on the points.
@Suite struct GuardedRoutesTests {
    /// The three changes, each with a body it accepts.
    static let changes: [(method: HTTPRequest.Method, path: String, body: String)] = [
        (.post, "/update", #"{"accelerometer": {"x": 0, "y": -1, "z": 0}}"#),
        (.put, "/v1/spec", TestSpecs.sine),
        (.post, "/v1/control", #"{"action": "pause"}"#),
    ]

    @Test("a change from a foreign Origin is 403 with a JSON error and changes nothing; each route", arguments: 0..<3)
    func foreignOrigin(index: Int) async throws {
        let (method, path, body) = Self.changes[index]
        try await ManualFeed.test(TestSpecs.shake) { f, client in
            let spec = f.feed.spec?.json
            let response = try await client.send(method, path, json: body, headers: [.origin: "http://evil.example"])
            #expect(response.status == .forbidden)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.accessControlAllowOrigin] == nil)
            let error = try response.error()
            #expect(error.message.contains("Origin http://evil.example is refused"), "\(error.message)")
            #expect(error.message.contains("--allow-origin"))
            #expect(f.feed.holdsJSON == "{}")
            #expect(!f.feed.status.paused)
            #expect(f.feed.spec?.json == spec, "the spec is still the shake")
        }
    }

    @Test("POST /update: the server's own Origin 200, none 200, null 403, an allowed one 200")
    func updateOrigins() async throws {
        let body = #"{"accelerometer": {"x": 0, "y": -1, "z": 0}}"#
        try await ManualFeed.test(TestSpecs.shake) { _, client in
            // The router's requests carry Host: localhost.
            #expect(
                try await client.send(.post, "/update", json: body, headers: [.origin: "http://localhost"]).status
                    == .ok)
            #expect(try await client.send(.post, "/update", json: body).status == .ok)
            let null = try await client.send(.post, "/update", json: body, headers: [.origin: "null"])
            #expect(null.status == .forbidden)
            #expect(try null.error().message.contains("opaque origin"))
            #expect(
                try await client.send(.post, "/update", json: body, headers: [.origin: "http://localhost:5173"]).status
                    == .forbidden)
        }
        let f = try await ManualFeed.started(TestSpecs.shake)
        try await f.test(configuration: LiveServerConfiguration(allowedOrigins: ["http://localhost:5173"])) { client in
            let allowed = try await client.send(
                .post, "/update", json: body, headers: [.origin: "http://localhost:5173"])
            #expect(allowed.status == .ok)
            let other = try await client.send(.post, "/update", json: body, headers: [.origin: "http://localhost:5174"])
            #expect(other.status == .forbidden)
        }
    }

    @Test(
        "a change's body with no Content-Type or text/plain is 415 naming application/json; each route",
        arguments: 0..<3)
    func notJSON(index: Int) async throws {
        let (method, path, body) = Self.changes[index]
        try await ManualFeed.test(TestSpecs.shake) { f, client in
            for type in [
                nil, "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x",
            ] {
                let response = try await client.send(method, path, json: body, contentType: type)
                #expect(response.status == .unsupportedMediaType, "\(type ?? "no type")")
                #expect(try response.error().message.contains("Content-Type: application/json"), "\(type ?? "no type")")
            }
            #expect(f.feed.holdsJSON == "{}")
            #expect(!f.feed.status.paused)
            #expect(
                try await client.send(method, path, json: body, contentType: "application/json; charset=utf-8").status
                    == .ok)
        }
    }

    @Test(
        "with a token: a change without it or with a wrong one is 401 (WWW-Authenticate: Bearer); with it 200; reads need none"
    )
    func token() async throws {
        let body = #"{"accelerometer": {"x": 0, "y": -1, "z": 0}}"#
        let f = try await ManualFeed.started(TestSpecs.shake)
        try await f.test(configuration: LiveServerConfiguration(token: "s3cret")) { client in
            let missing = try await client.send(.post, "/update", json: body)
            #expect(missing.status == .unauthorized)
            #expect(missing.headers[.wwwAuthenticate] == "Bearer realm=\"signals-serve\"")
            #expect(try missing.error().message.contains("Authorization: Bearer TOKEN"))
            let wrong = try await client.send(.post, "/update", json: body, headers: [.authorization: "Bearer s3cre"])
            #expect(wrong.status == .unauthorized)
            #expect(try !wrong.error().message.contains("s3cret"), "the message names no token")
            #expect(f.feed.holdsJSON == "{}")
            let right = try await client.send(.post, "/update", json: body, headers: [.authorization: "Bearer s3cret"])
            #expect(right.status == .ok)
            #expect(f.feed.holdsJSON != "{}")
            #expect(try await client.send(.put, "/v1/spec", json: TestSpecs.sine).status == .unauthorized)
            #expect(try await client.send(.post, "/v1/control", json: #"{"action": "pause"}"#).status == .unauthorized)
            #expect(try await client.execute(uri: "/data", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/v1/spec", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
        }
    }

    @Test(
        "CORS: Access-Control-Allow-Origin: * on /data, /v1/point and /v1/stream only; never on a change, the spec or the status"
    )
    func cors() async throws {
        try await ManualFeed.test(TestSpecs.shake) { _, client in
            #expect(try await client.execute(uri: "/data", method: .get).headers[.accessControlAllowOrigin] == "*")
            #expect(try await client.execute(uri: "/v1/point", method: .get).headers[.accessControlAllowOrigin] == "*")
            let update = try await client.send(.post, "/update", json: #"{"accelerometer": {"x": 0, "y": -1, "z": 0}}"#)
            #expect(update.status == .ok)
            #expect(update.headers[.accessControlAllowOrigin] == nil)
            let put = try await client.send(.put, "/v1/spec", json: TestSpecs.shake)
            #expect(put.status == .ok)
            #expect(put.headers[.accessControlAllowOrigin] == nil)
            let control = try await client.send(.post, "/v1/control", json: #"{"action": "resume"}"#)
            #expect(control.status == .ok)
            #expect(control.headers[.accessControlAllowOrigin] == nil)
            #expect(try await client.execute(uri: "/v1/spec", method: .get).headers[.accessControlAllowOrigin] == nil)
            #expect(try await client.execute(uri: "/v1/status", method: .get).headers[.accessControlAllowOrigin] == nil)
        }
        try await ManualFeed.testLive(TestSpecs.shake) { _, port in
            let stream = try await RawExchange.send(port: port, ["GET /v1/stream HTTP/1.1", "Host: 127.0.0.1:\(port)"])
            #expect(stream.status == 200)
            #expect(stream.header("access-control-allow-origin") == "*")
        }
    }
}

/// Over a real socket, with the `Host` and `Origin` a browser sends.
@Suite(.timeLimit(.minutes(2))) struct GuardedSocketTests {
    @Test("Host: localhost, 127.0.0.1 and [::1] with the port are served; a foreign Host is 421 with a JSON error")
    func hosts() async throws {
        try await ManualFeed.testLive(TestSpecs.shake) { _, port in
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "localhost"] {
                let response = try await RawExchange.send(port: port, ["GET /data HTTP/1.1", "Host: \(host)"])
                #expect(response.status == 200, "\(host)")
            }
            for host in ["evil.example:\(port)", "127.0.0.1.nip.io:\(port)"] {
                let response = try await RawExchange.send(port: port, ["GET /data HTTP/1.1", "Host: \(host)"])
                #expect(response.status == 421, "\(host)")
                #expect(response.header("content-type") == "application/json; charset=utf-8")
                let error = try object(response.body)
                #expect((error["error"] as? String)?.contains("DNS rebinding") == true, "\(response.body)")
            }
        }
    }

    @Test(
        "the console's own change: Host 127.0.0.1:PORT, Origin http://127.0.0.1:PORT is 200; Origin http://localhost:PORT is 403"
    )
    func sameOriginOverSocket() async throws {
        try await ManualFeed.testLive(TestSpecs.shake) { f, port in
            let body = #"{"accelerometer": {"x": 0, "y": -1, "z": 0}}"#
            let other = try await RawExchange.send(
                port: port,
                [
                    "POST /update HTTP/1.1", "Host: 127.0.0.1:\(port)", "Origin: http://localhost:\(port)",
                    "Content-Type: application/json",
                ], body: body)
            #expect(other.status == 403)
            #expect(f.feed.holdsJSON == "{}")
            let own = try await RawExchange.send(
                port: port,
                [
                    "POST /update HTTP/1.1", "Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(port)",
                    "Content-Type: application/json",
                ], body: body)
            #expect(own.status == 200)
            #expect(f.feed.holdsJSON != "{}")
        }
    }

    /// A WebSocket handshake on /v1/ws.
    static func upgrade(_ port: Int, path: String = "/v1/ws", _ more: [String] = []) -> [String] {
        [
            "GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: Upgrade", "Upgrade: websocket",
            "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        ] + more
    }

    /// What the server answers to an upgrade the request guard refuses: the guard's status and a JSON
    /// reason holding `reason` (as a change would be answered), no upgrade, and the connection closed.
    static func refusedUpgrade(
        _ response: RawExchange, status: Int, reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.header("connection") == "close", sourceLocation: sourceLocation)
        #expect(response.header("upgrade") == nil, sourceLocation: sourceLocation)
        #expect(response.header("content-type") == "application/json; charset=utf-8", sourceLocation: sourceLocation)
        #expect(response.body.contains(reason), "\(response.body)", sourceLocation: sourceLocation)
        #expect(!response.body.contains("malformed"), "\(response.body)", sourceLocation: sourceLocation)
        if status == 401 {
            #expect(
                response.header("www-authenticate") == "Bearer realm=\"signals-serve\"", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "WebSocket: an upgrade from a foreign or null Origin (403) or a foreign Host (421) is refused with the reason, from none or the server's own origin accepted (101)"
    )
    func webSocketOrigin() async throws {
        try await ManualFeed.testLive(TestSpecs.shake) { f, port in
            Self.refusedUpgrade(
                try await RawExchange.send(port: port, Self.upgrade(port, ["Origin: http://evil.example"])),
                status: 403, reason: "a WebSocket upgrade from Origin http://evil.example is refused")
            Self.refusedUpgrade(
                try await RawExchange.send(port: port, Self.upgrade(port, ["Origin: null"])), status: 403,
                reason: "opaque origin")
            #expect(f.feed.status.clients.ws == 0)
            let none = try await RawExchange.send(port: port, Self.upgrade(port))
            #expect(none.status == 101)
            let own = try await RawExchange.send(port: port, Self.upgrade(port, ["Origin: http://127.0.0.1:\(port)"]))
            #expect(own.status == 101)
            let host = try await RawExchange.send(
                port: port,
                [
                    "GET /v1/ws HTTP/1.1", "Host: evil.example:\(port)", "Connection: Upgrade",
                    "Upgrade: websocket", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                ])
            Self.refusedUpgrade(host, status: 421, reason: "not to Host 'evil.example")
        }
    }

    @Test(
        "WebSocket with a token: none or a wrong one is refused (401, with the reason); ?token= or Authorization: Bearer upgrades"
    )
    func webSocketToken() async throws {
        let f = try await ManualFeed.started(TestSpecs.shake)
        try await f.testLive(configuration: LiveServerConfiguration(token: "s3cret")) { port in
            Self.refusedUpgrade(
                try await RawExchange.send(port: port, Self.upgrade(port)), status: 401,
                reason: "a WebSocket upgrade needs this server's token")
            Self.refusedUpgrade(
                try await RawExchange.send(port: port, Self.upgrade(port, path: "/v1/ws?token=nope")), status: 401,
                reason: "carries a token that is not this server's")
            Self.refusedUpgrade(
                try await RawExchange.send(port: port, Self.upgrade(port, ["Authorization: Bearer nope"])), status: 401,
                reason: "carries a token that is not this server's")
            let query = try await RawExchange.send(port: port, Self.upgrade(port, path: "/v1/ws?rate=10&token=s3cret"))
            #expect(query.status == 101)
            let header = try await RawExchange.send(port: port, Self.upgrade(port, ["Authorization: Bearer s3cret"]))
            #expect(header.status == 101)
        }
    }
}

/// One request on its own connection, its head written line by line: the status, the head and the body
/// (read as far as `Content-Length` says, or only the head for a 101 or a stream).
struct RawExchange {
    var status: Int
    var head: String
    var body: String

    /// The value of the header `name` (lowercase), if any.
    func header(_ name: String) -> String? {
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    static func send(port: Int, _ lines: [String], body: String? = nil) async throws -> RawExchange {
        let connection = try await AsyncTestConnection.connect(port: port)
        var request = lines.joined(separator: "\r\n") + "\r\n"
        if let body { request += "Content-Length: \(body.utf8.count)\r\n" }
        try await connection.send(request + "\r\n" + (body ?? ""))
        var raw: [UInt8] = []
        var result: RawExchange?
        while result == nil, let buffer = try await connection.next() {
            raw.append(contentsOf: buffer)
            let text = String(decoding: raw, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let head = String(text[..<end.lowerBound])
            let rest = String(text[end.upperBound...])
            let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
            var exchange = RawExchange(status: status, head: head, body: rest)
            if status == 101 || exchange.header("content-type")?.hasPrefix("text/event-stream") == true {
                result = exchange
            } else if let length = exchange.header("content-length").flatMap(Int.init), rest.utf8.count >= length {
                exchange.body = String(decoding: Array(rest.utf8).prefix(length), as: UTF8.self)
                result = exchange
            }
        }
        await connection.close()
        return try #require(
            result, "the server closed the connection before a whole response: \(String(decoding: raw, as: UTF8.self))")
    }
}
