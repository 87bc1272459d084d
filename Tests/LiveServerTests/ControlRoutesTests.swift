import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiveServer

/// `POST /v1/control` and `GET /v1/status`.
@Suite(.timeLimit(.minutes(5))) struct ControlRoutesTests {
    @Test("status has exactly the contract's keys and counts")
    func status() async throws {
        try await ManualFeed.test(TestSpecs.sine, through: 12) { f, client in
            _ = try await client.execute(uri: "/data", method: .get)
            let status = try await client.execute(uri: "/v1/status", method: .get)
            #expect(status.status == .ok)
            let o = try status.json()
            #expect(Set(o.keys) == ["sampleRate", "index", "timestamp", "paused", "speed", "clients", "lateness"])
            #expect(o["sampleRate"] as? Double == 100)
            #expect(o["index"] as? Double == 12)
            #expect(o["timestamp"] as? Double == 0.12)
            #expect(o["paused"] as? Bool == false)
            #expect(o["speed"] as? Double == 1)
            #expect(o["clients"] as? [String: Double] == ["sse": 0, "ws": 0, "polling": 1])
            let lateness = try #require(o["lateness"] as? [String: Double])
            #expect(Set(lateness.keys) == ["p50", "p99", "max"])
        }
    }

    @Test("pause, resume and speed act on the timeline and answer with the status")
    func actions() async throws {
        try await ManualFeed.test(TestSpecs.sine) { f, client in
            let paused = try await client.send(.post, "/v1/control", json: #"{"action": "pause"}"#)
            #expect(paused.status == .ok)
            #expect(try paused.json()["paused"] as? Bool == true)
            f.clock.advance(by: .seconds(5))
            #expect(f.feed.status.index == 0)
            let resumed = try await client.send(.post, "/v1/control", json: #"{"action": "resume"}"#)
            #expect(try resumed.json()["paused"] as? Bool == false)
            try await f.clock.awaitSleepers()
            #expect(f.feed.status.index == 0)
            let fast = try await client.send(.post, "/v1/control", json: #"{"action": "speed", "speed": 2}"#)
            #expect(try fast.json()["speed"] as? Double == 2)
            try await f.advance(points: 5)
            #expect(f.feed.status.index == 10)
        }
    }

    @Test(
        "bad control bodies are 400 with the path",
        arguments: [
            (#"{"action": "stop"}"#, "$.action", "unknown action 'stop'"),
            (#"{"action": "pase"}"#, "$.action", "did you mean 'pause'"),
            (#"{"action": "speed"}"#, "$", "missing required field 'speed'"),
            (#"{"action": "speed", "speed": 0}"#, "$.speed", "from 0.01 to 100.0"),
            (#"{"action": "speed", "speed": 1000}"#, "$.speed", "from 0.01 to 100.0"),
            (#"{"action": "speed", "speed": "2"}"#, "$.speed", "must be a number"),
            (#"{"action": "pause", "speed": 2}"#, "$.speed", "goes with the action 'speed' only"),
            (#"{"action": "pause", "now": true}"#, "$.now", "unknown field"),
            (#"{"speed": 2}"#, "$", "missing required field 'action'"),
            (#"{"action": 1}"#, "$.action", "must be a string"),
        ])
    func bad(body: String, path: String, message: String) async throws {
        try await ManualFeed.test(TestSpecs.sine) { f, client in
            let response = try await client.send(.post, "/v1/control", json: body)
            #expect(response.status == .badRequest)
            let error = try response.error()
            #expect(error.path == path, "\(response.text)")
            #expect(error.message.contains(message), "\(response.text)")
            #expect(!f.feed.status.paused)
            #expect(f.feed.status.speed == 1)
        }
    }

    @Test("GET /v1/control is 405; PUT /v1/status is 405; an unknown path is 404 listing the endpoints")
    func methods() async throws {
        let f = try ManualFeed(TestSpecs.sine)
        try await f.test { client in
            let get = try await client.execute(uri: "/v1/control", method: .get)
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "POST")
            let put = try await client.execute(uri: "/v1/status", method: .put)
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers[.allow] == "GET, HEAD")
            let missing = try await client.execute(uri: "/v2/status", method: .get)
            #expect(missing.status == .notFound)
            #expect(
                try missing.error().message
                    == "no endpoint /v2/status; the endpoints are /, /console.css, /console.js, /data, /update, /v1/control, /v1/point, /v1/spec, /v1/status, /v1/stream, /v1/ws"
            )
        }
    }
}
