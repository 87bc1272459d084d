import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import LiveServer

extension ManualFeed {
    /// Runs `body` against the server over this feed (`.router`: requests go straight to the router, with
    /// `Host: localhost`; `.live`: a real server on a free port), served with `configuration` (its port is
    /// set to 0).
    func test<Value: Sendable>(
        _ setup: TestingSetup = .router, configuration: LiveServerConfiguration = LiveServerConfiguration(),
        _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        var configuration = configuration
        configuration.port = 0
        let app = buildApplication(feed: feed, configuration: configuration)
        return try await app.test(setup, body)
    }

    /// ``test(_:_:)`` on a feed ``started(_:through:rate:replaySeconds:)``.
    static func test<Value: Sendable>(
        _ spec: String, through last: Int = 0, rate: Double = 100, replaySeconds: Double = 10,
        _ body: @Sendable (ManualFeed, any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let f = try await started(spec, through: last, rate: rate, replaySeconds: replaySeconds)
        return try await f.test { client in try await body(f, client) }
    }

    /// ``test(_:_:)`` on a point file's feed ``started(points:extension:loop:)``.
    static func test<Value: Sendable>(
        points text: String,
        _ body: @Sendable (ManualFeed, any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let f = try await started(points: text)
        return try await f.test { client in try await body(f, client) }
    }

    /// ``testLive(_:)`` on a feed ``started(_:through:rate:replaySeconds:)``.
    static func testLive<Value: Sendable>(
        _ spec: String, through last: Int = 0, rate: Double = 100, replaySeconds: Double = 10,
        _ body: @Sendable (ManualFeed, _ port: Int) async throws -> Value
    ) async throws -> Value {
        let f = try await started(spec, through: last, rate: rate, replaySeconds: replaySeconds)
        return try await f.testLive { port in try await body(f, port) }
    }

    /// Runs `body` against the app on a live server (a real socket per client), with the server's port.
    func testLive<Value: Sendable>(
        configuration: LiveServerConfiguration = LiveServerConfiguration(),
        _ body: @Sendable (_ port: Int) async throws -> Value
    ) async throws -> Value {
        try await test(.live, configuration: configuration) { client in try await body(try #require(client.port)) }
    }
}

extension TestClientProtocol {
    /// A JSON request, with more `headers` (an `Origin`, an `Authorization`) when given.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, json: String? = nil,
        contentType: String? = "application/json", headers more: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = more
        if let contentType, json != nil { headers[.contentType] = contentType }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }
    /// The body as a JSON object.
    func json() throws -> [String: Any] { try object(text) }
    /// `error` and `path` of an error body.
    func error() throws -> (message: String, path: String?) {
        let o = try json()
        #expect(Set(o.keys).isSubset(of: ["error", "path"]))
        return (o["error"] as? String ?? "", o["path"] as? String)
    }
}

/// Whether `stream` yields (or ends) within `limit`: an event awaited with a bound for a failing test,
/// not a timing the test relies on.
func arrives(_ stream: AsyncStream<Void>, within limit: Duration) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            _ = await iterator.next()
            return !Task.isCancelled
        }
        group.addTask {
            try? await Task.sleep(for: limit)
            return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}
