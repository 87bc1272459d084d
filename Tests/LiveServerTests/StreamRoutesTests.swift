import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiveServer

/// `/v1/point`, and the checks `/v1/stream` and `/v1/ws` make before streaming (the streams themselves
/// are tested on a live server in ``LiveStreamTests``).
@Suite(.timeLimit(.minutes(5))) struct StreamRoutesTests {
    @Test("/v1/point is the newest point as one signals play line, newline included")
    func point() async throws {
        try await ManualFeed.test(TestSpecs.shake, through: 42) { f, client in
            let response = try await client.execute(uri: "/v1/point", method: .get)
            #expect(response.status == .ok)
            #expect(response.text == (try expectedLine(TestSpecs.shake, rate: 100, index: 42)) + "\n")
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        }
    }

    @Test("a /v1 endpoint without parameters refuses one with 400 (not the newest point as if unasked); /data does not")
    func parameterlessEndpoints() async throws {
        try await ManualFeed.test(TestSpecs.shake, through: 42) { f, client in
            for uri in ["/v1/point?at=5", "/v1/status?verbose", "/v1/spec?format=yaml"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                let name = uri.split(separator: "?")[1].split(separator: "=")[0]
                #expect(
                    try response.error().message.contains("unknown query parameter '\(name)'; "),
                    "\(uri): \(response.text)")
            }
            let control = try await client.execute(uri: "/v1/control?now=1", method: .post)
            #expect(control.status == .badRequest)
            // The original server's endpoint keeps a client's cache buster working.
            let data = try await client.execute(uri: "/data?_=1700000000", method: .get)
            #expect(data.status == .ok)
        }
    }

    @Test(
        "/v1/stream and /v1/ws refuse a bad ?rate, an unknown parameter and a bad Last-Event-ID with 400",
        arguments: [
            (
                "/v1/stream?rate=0", nil as String?,
                "'rate' must be a number of points per second, > 0 and at most 1e9, got '0'"
            ),
            ("/v1/stream?rate=-5", nil, "got '-5'"),
            ("/v1/stream?rate=abc", nil, "got 'abc'"),
            ("/v1/stream?rate=inf", nil, "got 'inf'"),
            ("/v1/stream?rate=1e308", nil, "at most 1e9, got '1e308'"),
            ("/v1/stream?rate=1&rate=2", nil, "give the query parameter 'rate' once"),
            ("/v1/stream?since=4", nil, "unknown query parameter 'since'; this endpoint takes rate"),
            ("/v1/stream", "abc", "Last-Event-ID must be a point index"),
            ("/v1/stream", "-3", "Last-Event-ID must be a point index"),
            ("/v1/ws?rate=0", nil, "'rate' must be a number"),
            ("/v1/ws", nil, "/v1/ws is a WebSocket endpoint"),
            ("/v1/ws?after=-1", nil, "'after' must be a point index"),
            ("/v1/ws?after=x", nil, "'after' must be a point index"),
            ("/v1/ws?after=3", "4", "'after' is 3 but the Last-Event-ID header is 4"),
            ("/v1/ws?ids=maybe", nil, "'ids' is true or false, got 'maybe'"),
            ("/v1/ws?since=4", nil, "unknown query parameter 'since'; this endpoint takes rate, after, ids"),
            ("/v1/ws", "abc", "Last-Event-ID must be a point index"),
            ("/v1/ws?ids=true&after=3", nil, "/v1/ws is a WebSocket endpoint"),
        ])
    func badStreams(uri: String, lastEventID: String?, message: String) async throws {
        try await ManualFeed.test(TestSpecs.sine) { f, client in
            var headers: HTTPFields = [:]
            if let lastEventID { headers[StreamRoutes.lastEventID] = lastEventID }
            let response = try await client.execute(uri: uri, method: .get, headers: headers)
            #expect(response.status == .badRequest)
            #expect(try response.error().message.contains(message), "\(response.text)")
            #expect(f.feed.status.clients.sse == 0)
        }
    }

    @Test("Last-Event-ID parsing: empty means none, an index resumes after it")
    func lastEventIDHeader() throws {
        #expect(try StreamRoutes.start(nil) == .latest)
        #expect(try StreamRoutes.start("") == .latest)
        #expect(try StreamRoutes.start(" 17 ") == .after(17))
        for header in ["1.5", "99999999999999999999", "-1"] {
            let error = try #require(throws: LiveServerError.self) { try StreamRoutes.start(header) }
            #expect(error.code == .badRequest)
            #expect(error.message.contains("Last-Event-ID must be a point index"), "\(error.message)")
            #expect(error.message.contains("'\(header)'"), "\(error.message)")
        }
    }
}
