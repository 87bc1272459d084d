import Foundation
import Hummingbird
import HummingbirdTesting
import Playback
import Signals
import Testing

@testable import LiveServer

/// `GET /data` and `POST /update`: the original server's contract.
@Suite(.timeLimit(.minutes(5))) struct DataRoutesTests {
    /// What the original iOS code decoded from `/data` (it ignores the other keys).
    struct OriginalData: Decodable {
        struct Vector: Decodable {
            var x: Double
            var y: Double
            var z: Double
        }
        var accelerometer: Vector
    }

    /// Posts to `/update` a hold of the accelerometer at (0, -0.5, -0.5) g and of the location at 51.5° N,
    /// 0.12° W; the answer must be 200, and is returned.
    static func holdAccelerometerAndLocation(_ client: some TestClientProtocol) async throws -> TestResponse {
        let response = try await client.send(
            .post, "/update",
            json:
                #"{"accelerometer": {"x": 0, "y": -0.5, "z": -0.5}, "location": {"latitude": 51.5, "longitude": -0.12}}"#
        )
        #expect(response.status == .ok)
        return response
    }

    @Test("a client polling /data at 10 Hz, as the iOS code did, reads the accelerometer it expects")
    func originalClientAt10Hz() async throws {
        let f = try await ManualFeed.started(TestSpecs.shake)
        let expected = try AnySignal(json: Data(TestSpecs.shake.utf8)).render(sampleRate: 100, duration: 3)
        try await f.test { client in
            for poll in 0..<20 {
                let response = try await client.execute(uri: "/data", method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let data = try JSONDecoder().decode(OriginalData.self, from: Data(buffer: response.body))
                let index = poll * 10
                let a = [data.accelerometer.x, data.accelerometer.y, data.accelerometer.z]
                for axis in 0..<3 {
                    let sum =
                        Double(expected[frame: index, channel: axis])
                        + Double(expected[frame: index, channel: 3 + axis])
                    #expect(Float(a[axis]) == Float(sum), "poll \(poll), axis \(axis)")
                }
                #expect(try response.json()["timestamp"] as? Double == Double(index) / 100)
                try await f.advance(points: 10)  // 0.1 s later
            }
        }
    }

    @Test("/data and /v1/point are 503 before the first point (a point file that starts at 1 s)")
    func beforeFirstPoint() async throws {
        try await ManualFeed.test(points: "timestamp,x,y,z\n1,1,0,0\n2,2,0,0\n") { f, client in
            for uri in ["/data", "/v1/point"] {
                let early = try await client.execute(uri: uri, method: .get)
                #expect(early.status == .serviceUnavailable)
                #expect(early.headers[.retryAfter] == "1")
                #expect(try early.error().message.contains("no point has played yet"))
            }
            #expect(f.feed.status.index == -1)
            try await f.advance(seconds: 1)
            #expect(try await client.execute(uri: "/data", method: .get).status == .ok)
        }
    }

    @Test("/data: exactly accelerometer, timestamp and motion (the /v1/point line)")
    func shape() async throws {
        let f = try ManualFeed(TestSpecs.shake)
        try await f.test { client in
            try await f.start()
            let response = try await client.execute(uri: "/data", method: .get)
            let point = try await client.execute(uri: "/v1/point", method: .get)
            let data = try response.json()
            #expect(Set(data.keys) == ["accelerometer", "timestamp", "motion"])
            #expect(
                NSDictionary(dictionary: try #require(data["motion"] as? [String: Any]))
                    == NSDictionary(dictionary: try point.json()))
            #expect(response.headers[.accessControlAllowOrigin] == "*")
            let head = try await client.execute(uri: "/data", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test("POST /update holds the accelerometer (as gravity) and the location from the next sample")
    func update() async throws {
        try await ManualFeed.test(TestSpecs.shake) { f, client in
            let response = try await Self.holdAccelerometerAndLocation(client)
            #expect(
                response.text
                    == #"{"accelerometer":{"x":0.0,"y":-0.5,"z":-0.5},"location":{"latitude":51.5,"longitude":-0.12}}"#
                    + "\n")
            try await f.advance(points: 1)
            let data = try await client.execute(uri: "/data", method: .get).json()
            #expect(xyz(data["accelerometer"]) == [0, -0.5, -0.5])
            #expect(data["location"] as? [String: Double] == ["latitude": 51.5, "longitude": -0.12])
            let motion = try #require(data["motion"] as? [String: Any])
            #expect(xyz(motion["gravity"]) == [0, -0.5, -0.5])
            #expect(xyz(motion["userAcceleration"]) == [0, 0, 0])
            // A location alone leaves the accelerometer held.
            #expect(
                try await client.send(.post, "/update", json: #"{"location": {"latitude": 0, "longitude": 0}}"#).status
                    == .ok)
            try await f.advance(points: 1)
            #expect(
                xyz(try await client.execute(uri: "/data", method: .get).json()["accelerometer"]) == [0, -0.5, -0.5])
        }
    }

    @Test("POST /update with {} (the original page's reset) releases every hold: the points are the spec's again")
    func emptyUpdateReleases() async throws {
        try await ManualFeed.test(TestSpecs.shake) { f, client in
            _ = try await Self.holdAccelerometerAndLocation(client)
            try await f.advance(points: 1)
            #expect(
                xyz(try await client.execute(uri: "/data", method: .get).json()["accelerometer"]) == [0, -0.5, -0.5])
            let released = try await client.send(.post, "/update", json: "{}")
            #expect(released.status == .ok)
            #expect(released.text == "{}\n")
            #expect(f.feed.holdsJSON == "{}")
            try await f.advance(points: 1)
            let data = try await client.execute(uri: "/data", method: .get).json()
            #expect(data["location"] == nil)
            let index = f.feed.status.index
            let expected = try AnySignal(json: Data(TestSpecs.shake.utf8)).render(
                sampleRate: 100, duration: Double(index + 1) / 100)
            let a = try #require(xyz(data["accelerometer"]))
            for axis in 0..<3 {
                let sum =
                    Double(expected[frame: index, channel: axis]) + Double(expected[frame: index, channel: 3 + axis])
                #expect(Float(a[axis]) == Float(sum), "axis \(axis)")
            }
            // {} with nothing held is accepted too, and holds nothing.
            #expect(try await client.send(.post, "/update", json: " { } ").status == .ok)
            #expect(f.feed.holdsJSON == "{}")
        }
    }

    @Test(
        "POST /update refuses bad bodies with 400 naming the JSON path, and changes nothing",
        arguments: [
            (#"{"accelerometer": {"x": 0, "y": 0}}"#, "$.accelerometer", "missing required field 'z'"),
            (#"{"accelerometer": {"x": 0, "y": 0, "z": 1, "w": 2}}"#, "$.accelerometer.w", "unknown field 'w'"),
            (#"{"accelerometer": {"x": 0, "y": null, "z": 1}}"#, "$.accelerometer.y", "null"),
            (#"{"accelerometer": {"x": "0", "y": 0, "z": 1}}"#, "$.accelerometer.x", "must be a number"),
            (#"{"accelerometer": {"x": 1e9, "y": 0, "z": 1}}"#, "$.accelerometer.x", "from -1000.0 to 1000.0 g"),
            (#"{"location": {"latitude": 91, "longitude": 0}}"#, "$.location.latitude", "not within -90 ... 90"),
            (#"{"location": {"latitude": 0, "longitude": -181}}"#, "$.location.longitude", "not within -180 ... 180"),
            (#"{"acelerometer": {"x": 0, "y": 0, "z": 1}}"#, "$.acelerometer", "did you mean 'accelerometer'"),
            (#"[1, 2]"#, "$", "must be a JSON object"),
            (#"{"accelerometer": {"x": 0, "y": 0, "z": 1},}"#, "$", "line 1"),
            (#"{"location": {"latitude": 1, "latitude": 2, "longitude": 0}}"#, "$.location", "duplicate"),
            ("{\"accelerometer\": ", "$.accelerometer", "line 1"),
        ])
    func badUpdates(body: String, path: String, message: String) async throws {
        try await Self.expectRefusedUpdate(TestSpecs.shake, body: body, path: path, message: message)
    }

    /// Posts `body` to `/update` of a feed playing `spec` and checks the refusal: 400, the error's JSON
    /// `path`, `message` in its reason, and nothing held.
    static func expectRefusedUpdate(
        _ spec: String, body: String, path: String, message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await ManualFeed.test(spec) { f, client in
            let response = try await client.send(.post, "/update", json: body)
            #expect(response.status == .badRequest, sourceLocation: sourceLocation)
            let error = try response.error()
            #expect(error.path == path, sourceLocation: sourceLocation)
            #expect(error.message.contains(message), "\(error.message)", sourceLocation: sourceLocation)
            #expect(f.feed.holdsJSON == "{}", sourceLocation: sourceLocation)
        }
    }

    @Test("POST /update: 415 for a body that is not sent as JSON (or sent with no type), 413 over 1 MiB, 405 for GET")
    func statuses() async throws {
        try await ManualFeed.test(TestSpecs.shake) { f, client in
            let form = try await client.send(
                .post, "/update", json: #"{"location": {"latitude": 0, "longitude": 0}}"#,
                contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType)
            #expect(try form.error().message.contains("Content-Type: application/json"))
            let big = "{\"location\": {\"latitude\": 0, \"longitude\": 0}}" + String(repeating: " ", count: 1 << 20)
            let large = try await client.send(.post, "/update", json: big)
            #expect(large.status == .contentTooLarge)
            #expect(try large.error().message.contains("1 MiB"))
            let get = try await client.execute(uri: "/update", method: .get)
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "POST")
            #expect(try get.error().message == "/update does not take GET; it takes POST")
            let noType = try await client.send(
                .post, "/update", json: #"{"location": {"latitude": 1, "longitude": 2}}"#, contentType: nil)
            #expect(noType.status == .unsupportedMediaType)
            #expect(try noType.error().message.contains("Content-Type: application/json"))
            #expect(f.feed.holdsJSON == "{}")
        }
    }
}
