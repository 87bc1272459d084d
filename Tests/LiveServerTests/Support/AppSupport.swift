import Foundation
import HummingbirdTesting
import Hummingbird
@testable import LiveServer
import NIOCore
import Testing

extension ManualFeed {
    /// Runs `body` against the server over this feed (`.router`: requests go straight to the router;
    /// `.live`: a real server on a free port).
    func test<Value: Sendable>(_ setup: TestingSetup = .router,
                               _ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let app = buildApplication(feed: feed, configuration: LiveServerConfiguration(port: 0))
        return try await app.test(setup, body)
    }

    /// Runs `body` against the app on a live server (a real socket per client), with the server's port.
    func testLive<Value: Sendable>(_ body: @Sendable (_ port: Int) async throws -> Value) async throws -> Value {
        try await test(.live) { client in try await body(try #require(client.port)) }
    }
}

extension TestClientProtocol {
    /// A JSON request.
    func send(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil,
              contentType: String? = "application/json") async throws -> TestResponse {
        var headers: HTTPFields = [:]
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
