import Foundation
import SignalRunnerTesting
import Testing

@testable import SensorFeeds

/// `.server(url, token:)` against a server started with a token (`signals serve --token`), which refuses
/// WebSocket upgrades without it.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServerTokenTests {
    static let token = "s3cret-Token_1.2~"

    @Test(
        "with the token (given, or in the URL's ?token=), a source reads every point over SSE and over the WebSocket, with no error",
        arguments: [("http", false), ("ws", false), ("ws", true)])
    func withToken(scheme: String, inURL: Bool) async throws {
        let server = try TestServer(spec: ServerSourceTests.shake, rate: 100)
        server.token = Self.token
        try await server.start()
        let source: MotionSource =
            inURL
            ? .server(try #require(URL(string: "\(server.url(scheme))/?token=\(Self.token)")))
            : .server(server.url(scheme), token: Self.token)
        let (manager, got, queue) = startDeviceMotion(from: source, interval: 0.01)
        try await got.wait(for: "point 0, the stream's first") { values, errors in !values.isEmpty || !errors.isEmpty }
        try await server.advance(points: 5)
        try await got.wait(for: "6 updates") { values, errors in values.count >= 6 || !errors.isEmpty }
        manager.stopDeviceMotionUpdates()
        drain(queue)
        #expect(got.errors.isEmpty, "\(got.errors)")
        #expect(got.values.map(\.timestamp) == [0, 0.01, 0.02, 0.03, 0.04, 0.05])
        try await server.shutdown()
    }

    @Test(
        "without the token, or with another, a WebSocket source gets a transient unauthorized error naming 401 and the token (never quoting it), and no point",
        arguments: [nil, "wrong-token"])
    func withoutToken(token: String?) async throws {
        let server = try TestServer(spec: ServerSourceTests.shake, rate: 100)
        server.token = Self.token
        try await server.start()
        let (manager, got, queue) = startDeviceMotion(from: .server(server.url("ws"), token: token), interval: 0.01)
        try await got.wait(for: "an error") { _, errors in !errors.isEmpty }
        manager.stopDeviceMotionUpdates()
        drain(queue)
        let error = try #require(got.errors.first as? SensorFeedsError, "\(got.errors)")
        #expect(error.code == .unauthorized, "\(error)")
        #expect(error.isTransient)
        #expect(error.message.contains("GET /v1/ws answered 401 Unauthorized"), "\(error.message)")
        #expect(
            error.message.contains(token == nil ? "this source sent none" : "refused the token given"),
            "\(error.message)")
        #expect(error.message.contains("token"), "\(error.message)")
        #expect(!error.message.contains("wrong-token"), "\(error.message)")
        #expect(!error.message.contains(Self.token), "\(error.message)")
        #expect(got.values.isEmpty)
        try await server.shutdown()
    }

    /// The header lines of a request read from `connection`, its request line first.
    static func requestHead(_ connection: ScriptedConnection) -> [String] {
        connection.headLines().filter { !$0.isEmpty }
    }

    @Test(
        "the token travels as Authorization: Bearer on every request (the stream, the /data poll, the WebSocket upgrade), never in a request line"
    )
    func header() async throws {
        let seen = Seen()
        let server = try ScriptedServer([
            { c in  // no stream here: the client polls /data
                let head = Self.requestHead(c)
                seen.add(head.joined(separator: "|"))
                c.send(Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            },
            { c in
                let head = Self.requestHead(c)
                seen.add(head.joined(separator: "|"))
                c.send(Array("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            },
        ])
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/?token=\(Self.token)"))
        let (manager, _, queue) = startDeviceMotion(from: .server(url), interval: 0.01)
        try await pollUntil("two requests") { seen.values.count >= 2 }
        manager.stopDeviceMotionUpdates()
        drain(queue)

        let upgrade = Seen()
        let webSocket = try ScriptedServer([
            { c in
                upgrade.add(Self.requestHead(c).joined(separator: "|"))
                c.send(Array("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            }
        ])
        let (wsManager, _, wsQueue) = startDeviceMotion(
            from: .server(try #require(URL(string: "ws://127.0.0.1:\(webSocket.port)")), token: Self.token),
            interval: 0.01)
        try await pollUntil("the upgrade request") { upgrade.values.count >= 1 }
        wsManager.stopDeviceMotionUpdates()
        drain(wsQueue)

        let requests = seen.values + upgrade.values
        #expect(requests.count == 3)
        for (request, path) in zip(requests, ["/v1/stream", "/data", "/v1/ws?ids=true"]) {
            let lines = request.components(separatedBy: "|")
            #expect(lines.first == "GET \(path) HTTP/1.1", "\(request)")
            #expect(
                lines.filter { $0.lowercased().hasPrefix("authorization:") } == ["Authorization: Bearer \(Self.token)"],
                "\(request)")
        }
    }
}
