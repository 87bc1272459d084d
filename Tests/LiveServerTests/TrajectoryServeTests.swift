import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Navigation
import Playback
import SignalRunnerTesting
import Signals
import Specs
import Testing

@testable import LiveServer

/// A trajectory spec over the server: every endpoint carries its heading, magnetic field, pressure,
/// altitude and pedometer (the keys of `TrajectoryPoint.jsonLine()`), and `POST /update` holds a heading
/// and a pressure over its points.
@Suite(.timeLimit(.minutes(5))) struct TrajectoryServeTests {
    /// The keys a trajectory adds to a point, with their members.
    static let sensorKeys: [String: Set<String>?] = [
        "heading": ["trueHeading", "magneticHeading", "headingAccuracy"],
        "magneticField": ["x", "y", "z"],
        "pressure": nil,
        "altitude": nil,
        "pedometer": ["steps", "distance", "cadence", "floorsAscended", "floorsDescended"],
    ]

    /// Problems with the sensor keys of `o` (empty when it carries every one, with its members).
    static func missingSensorKeys(_ o: [String: Any], pressure: Bool = true) -> [String] {
        var problems: [String] = []
        for (key, members) in sensorKeys where key != "pressure" || pressure {
            guard let value = o[key] else {
                problems.append("no '\(key)'")
                continue
            }
            if let members {
                let keys = Set((value as? [String: Any])?.keys.map { $0 } ?? [])
                if keys != members { problems.append("'\(key)' has \(keys.sorted()), not \(members.sorted())") }
            } else if !(value is Double) {
                problems.append("'\(key)' is not a number")
            }
        }
        return problems
    }

    /// Sensor keys a point carries (a non-trajectory point must carry none).
    static func sensorKeysPresent(_ o: [String: Any]) -> Set<String> { Set(o.keys).intersection(sensorKeys.keys) }

    // MARK: - Every endpoint carries the keys

    @Test("/v1/point is the trajectory's point, byte for byte, with every sensor key; a motion spec's has none")
    func point() async throws {
        try await ManualFeed.test(TestSpecs.walk, through: 150) { f, client in
            let response = try await client.execute(uri: "/v1/point", method: .get)
            #expect(response.status == .ok)
            let line = response.text
            #expect(line == (try expectedTrajectoryLine(TestSpecs.walk, rate: 100, index: 150)) + "\n")
            let o = try response.json()
            #expect(TrajectoryServeTests.missingSensorKeys(o) == [])
            #expect(o["pressure"] as? Double ?? 0 > 90_000)
        }
        try await ManualFeed.test(TestSpecs.shake, through: 10) { _, client in
            let o = try await client.execute(uri: "/v1/point", method: .get).json()
            #expect(TrajectoryServeTests.sensorKeysPresent(o) == [])
        }
    }

    @Test("/v1/stream: every event is the trajectory's line with every sensor key")
    func stream() async throws {
        try await ManualFeed.testStream(TestSpecs.walk) { _, _, events, _ throws in
            for event in events {
                #expect(event.data == (try expectedTrajectoryLine(TestSpecs.walk, rate: 100, index: event.id)))
                #expect(TrajectoryServeTests.missingSensorKeys(try object(event.data)) == [], "event \(event.id)")
            }
        }
    }

    @Test("/v1/ws: every message is the trajectory's line with every sensor key")
    func webSocket() async throws {
        try await ManualFeed.testLive(TestSpecs.walk, through: 3) { f, port in
            let feed = f
            let received = try await Messages.read(webSocket: "ws://127.0.0.1:\(port)/v1/ws?ids=true", count: 6) {
                try await feed.advance(points: 5)
            }
            #expect(received.count == 6)
            for text in received.values {
                let message = try object(text)
                let id = Int(try #require(message["id"] as? Double))
                let point = try #require(message["point"] as? [String: Any])
                #expect(TrajectoryServeTests.missingSensorKeys(point) == [], "message \(id)")
                #expect(
                    text
                        == "{\"id\":\(id),\"point\":\(try expectedTrajectoryLine(TestSpecs.walk, rate: 100, index: id))}"
                )
            }
        }
    }

    @Test("/data: the original keys as they were, and the sensor keys beside them, equal to the point's")
    func data() async throws {
        try await ManualFeed.test(TestSpecs.walk, through: 120) { f, client in
            let response = try await client.execute(uri: "/data", method: .get)
            let point = try await client.execute(uri: "/v1/point", method: .get)
            let data = try response.json()
            #expect(
                Set(data.keys) == [
                    "accelerometer", "timestamp", "motion", "location", "heading", "magneticField", "pressure",
                    "altitude", "pedometer", "activity",
                ])
            #expect(TrajectoryServeTests.missingSensorKeys(data) == [])
            let motion = try #require(data["motion"] as? [String: Any])
            #expect(NSDictionary(dictionary: motion) == NSDictionary(dictionary: try point.json()))
            for key in TrajectoryServeTests.sensorKeys.keys {
                let top = try #require(data[key])
                let inLine = try #require(motion[key])
                #expect(NSDictionary(dictionary: ["v": top]) == NSDictionary(dictionary: ["v": inLine]), "\(key)")
            }
            // The truth's activity, in the body and in the line alike: at 1.2 s the walker has set off.
            #expect(data["activity"] as? String == "walking")
            #expect(motion["activity"] as? String == "walking")
            #expect(data["timestamp"] as? Double == 1.2)
            // The accelerometer is the motion's user acceleration plus gravity, as for any motion.
            let ua = try #require(xyz(motion["userAcceleration"]))
            let g = try #require(xyz(motion["gravity"]))
            #expect(xyz(data["accelerometer"]) == zip(ua, g).map { $0 + $1 })
        }
    }

    @Test(
        "/data of a spec that is not a trajectory is the original shape, byte for byte",
        arguments: [
            TestSpecs.shake, TestSpecs.sine, TestSpecs.gravity,
        ])
    func dataUnchanged(spec: String) async throws {
        try await ManualFeed.test(spec, through: 7) { f, client in
            let body = try await client.execute(uri: "/data", method: .get).text
            let line = try await client.execute(uri: "/v1/point", method: .get).text.dropLast()  // its newline
            let data = try object(body)
            #expect(Set(data.keys) == ["accelerometer", "timestamp", "motion"])
            #expect(TrajectoryServeTests.sensorKeysPresent(data) == [])
            let a = try #require(f.feed.latest).accelerometer
            let precision = try #require(f.feed.latest).precision
            #expect(
                body
                    == "{\"accelerometer\":\(PointLine.vector(a.x, a.y, a.z, precision)),\"timestamp\":0.07,\"motion\":\(line)}\n"
            )
        }
    }

    @Test("a trajectory without a barometer: no pressure key in the points or /data")
    func noBarometer() async throws {
        try await ManualFeed.test(TestSpecs.walkWithoutBarometer, through: 10) { _, client in
            let point = try await client.execute(uri: "/v1/point", method: .get).json()
            let data = try await client.execute(uri: "/data", method: .get).json()
            #expect(point["pressure"] == nil)
            #expect(data["pressure"] == nil)
            #expect(TrajectoryServeTests.missingSensorKeys(point, pressure: false) == [])
            #expect(TrajectoryServeTests.missingSensorKeys(data, pressure: false) == [])
        }
    }

    // MARK: - Holding a heading and a pressure

    @Test("POST /update holds a heading and a pressure over the trajectory's points until the spec is applied again")
    func holdHeadingAndPressure() async throws {
        try await ManualFeed.test(TestSpecs.walk, through: 50) { f, client in
            let response = try await client.send(
                .post, "/update", json: #"{"heading": {"trueHeading": 90}, "pressure": 95000.5}"#)
            #expect(response.status == .ok)
            #expect(response.text == #"{"heading":{"trueHeading":90.0},"pressure":95000.5}"# + "\n")
            try await f.advance(points: 10)
            let truth = try trajectoryPoint(TestSpecs.walk, rate: 100, index: 60)
            let declination = truth.trueHeading - truth.magneticHeading
            for uri in ["/v1/point", "/data"] {
                let o = try await client.execute(uri: uri, method: .get).json()
                let heading = try #require(o["heading"] as? [String: Double])
                #expect(heading["trueHeading"] == 90, "\(uri)")
                #expect(heading["magneticHeading"] == HeldHeading.wrapped(90 - declination), "\(uri)")
                #expect(heading["headingAccuracy"] == truth.headingAccuracy, "\(uri)")
                #expect(o["pressure"] as? Double == 95000.5, "\(uri)")
                #expect(o["altitude"] as? Double == truth.altitude, "\(uri)")  // the truth's, not from the pressure
            }
            // The stream carries the held values too.
            let line = try #require(await f.lines(from: 60, through: 60).first).line
            let streamed = try object(line)
            #expect((streamed["heading"] as? [String: Double])?["trueHeading"] == 90)
            #expect(streamed["pressure"] as? Double == 95000.5)

            // A magnetic heading given is held as given; the pressure stays held.
            #expect(
                try await client.send(
                    .post, "/update", json: #"{"heading": {"trueHeading": 359.5, "magneticHeading": 0}}"#
                ).status == .ok)
            try await f.advance(points: 1)
            let both = try await client.execute(uri: "/v1/point", method: .get).json()
            #expect(
                both["heading"] as? [String: Double] == [
                    "trueHeading": 359.5, "magneticHeading": 0,
                    "headingAccuracy": try trajectoryPoint(TestSpecs.walk, rate: 100, index: 61).headingAccuracy,
                ])
            #expect(both["pressure"] as? Double == 95000.5)

            // The console's Release: the spec applied again ends every hold; the points are the trajectory's again.
            #expect(try await client.send(.put, "/v1/spec", json: TestSpecs.walk).status == .ok)
            #expect(f.feed.holdsJSON == "{}")
            try await f.advance(points: 1)
            let released = try await client.execute(uri: "/v1/point", method: .get).json()
            let index = f.feed.status.index
            let again = try trajectoryPoint(TestSpecs.walk, rate: 100, index: index - 62)  // the spec restarts at 62
            #expect((released["heading"] as? [String: Double])?["trueHeading"] == again.trueHeading)
            #expect(released["pressure"] as? Double == again.pressure)
            #expect(released["pressure"] as? Double != 95000.5)
        }
    }

    @Test("POST /update with {} on a trajectory releases the heading, pressure and accelerometer held")
    func emptyUpdateReleasesTrajectoryHolds() async throws {
        try await ManualFeed.test(TestSpecs.walk, through: 5) { f, client in
            let body =
                #"{"heading": {"trueHeading": 90}, "pressure": 95000.5, "accelerometer": {"x": 0, "y": -1, "z": 0}}"#
            #expect(try await client.send(.post, "/update", json: body).status == .ok)
            try await f.advance(points: 1)
            #expect(try await client.execute(uri: "/v1/point", method: .get).json()["pressure"] as? Double == 95000.5)
            #expect(try await client.send(.post, "/update", json: "{}").status == .ok)
            #expect(f.feed.holdsJSON == "{}")
            try await f.advance(points: 1)
            let point = try await client.execute(uri: "/v1/point", method: .get).json()
            let truth = try trajectoryPoint(TestSpecs.walk, rate: 100, index: f.feed.status.index)
            #expect((point["heading"] as? [String: Double])?["trueHeading"] == truth.trueHeading)
            #expect(point["pressure"] as? Double == truth.pressure)
            #expect(xyz(point["gravity"]) != [0, -1, 0])
        }
    }

    @Test("a held pressure gives a trajectory without a barometer a pressure key")
    func heldPressureWithoutBarometer() async throws {
        try await ManualFeed.test(TestSpecs.walkWithoutBarometer, through: 5) { f, client in
            #expect(try await client.send(.post, "/update", json: #"{"pressure": 101325}"#).status == .ok)
            try await f.advance(points: 1)
            let point = try await client.execute(uri: "/v1/point", method: .get).json()
            let data = try await client.execute(uri: "/data", method: .get).json()
            #expect(point["pressure"] as? Double == 101325)
            #expect(data["pressure"] as? Double == 101325)
        }
    }

    @Test("a held accelerometer on a trajectory replaces its motion and keeps its sensor keys")
    func heldAccelerometerKeepsSensors() async throws {
        try await ManualFeed.test(TestSpecs.walk, through: 5) { f, client in
            #expect(
                try await client.send(.post, "/update", json: #"{"accelerometer": {"x": 0, "y": -1, "z": 0}}"#).status
                    == .ok)
            try await f.advance(points: 1)
            let point = try await client.execute(uri: "/v1/point", method: .get).json()
            #expect(xyz(point["gravity"]) == [0, -1, 0])
            #expect(xyz(point["userAcceleration"]) == [0, 0, 0])
            #expect(TrajectoryServeTests.missingSensorKeys(point) == [])
            let truth = try trajectoryPoint(TestSpecs.walk, rate: 100, index: 6)
            #expect((point["heading"] as? [String: Double])?["trueHeading"] == truth.trueHeading)
            let data = try await client.execute(uri: "/data", method: .get).json()
            #expect(xyz(data["accelerometer"]) == [0, -1, 0])
        }
    }

    @Test(
        "a heading or a pressure on a source that is not a trajectory: 400 naming the field, nothing held",
        arguments: [
            (#"{"heading": {"trueHeading": 90}}"#, "$.heading"),
            (#"{"pressure": 101325}"#, "$.pressure"),
            (#"{"accelerometer": {"x": 0, "y": 0, "z": -1}, "pressure": 101325}"#, "$.pressure"),
        ])
    func notATrajectory(body: String, path: String) async throws {
        try await DataRoutesTests.expectRefusedUpdate(
            TestSpecs.shake, body: body, path: path, message: "not a trajectory")
    }

    @Test(
        "bad headings and pressures: 400 with the JSON path, nothing held",
        arguments: [
            (#"{"heading": {"trueHeading": 360}}"#, "$.heading.trueHeading", "from 0 up to (not including) 360"),
            (#"{"heading": {"trueHeading": -0.5}}"#, "$.heading.trueHeading", "from 0 up to (not including) 360"),
            (#"{"heading": {"trueHeading": 10, "magneticHeading": 400}}"#, "$.heading.magneticHeading", "360"),
            (#"{"heading": {"trueHeading": 1e999}}"#, "$.heading.trueHeading", "line 1"),
            (#"{"heading": {"magneticHeading": 10}}"#, "$.heading.trueHeading", "missing required field 'trueHeading'"),
            (#"{"heading": {"trueHeading": 10, "accuracy": 1}}"#, "$.heading.accuracy", "unknown field"),
            (#"{"heading": 90}"#, "$.heading", "must be an object"),
            (#"{"heading": null}"#, "$.heading", "null"),
            (#"{"heading": {"trueHeading": "90"}}"#, "$.heading.trueHeading", "must be a number"),
            (#"{"pressure": 0}"#, "$.pressure", "from 1.0 to 200000.0 Pa"),
            (#"{"pressure": 200001}"#, "$.pressure", "from 1.0 to 200000.0 Pa"),
            (#"{"pressure": -101325}"#, "$.pressure", "Pa"),
            (#"{"pressure": null}"#, "$.pressure", "null"),
            (#"{"pressure": {"value": 1000}}"#, "$.pressure", "must be a number"),
            (#"{"pressure": 101325, "heading": {"trueHeading": 400}}"#, "$.heading.trueHeading", "360"),
        ])
    func badHeadingsAndPressures(body: String, path: String, message: String) async throws {
        try await DataRoutesTests.expectRefusedUpdate(TestSpecs.walk, body: body, path: path, message: message)
    }
}

/// The point of the trajectory `spec` at `index` and `rate`, from an independent run of the trajectory,
/// stamped as the server stamps it (`index / rate`).
func trajectoryPoint(_ spec: String, rate: Double, index: Int) throws -> TrajectoryPoint {
    guard case .trajectory(let trajectory) = try SpecDocument.decode(json: Data(spec.utf8), allowFiles: false) else {
        throw TestingError.failure("not a trajectory spec")
    }
    var point = try #require(try trajectory.points(first: index, count: 1, rate: rate).first)
    point.motion.timestamp = Double(index) / rate
    point.location?.timestamp = Double(index) / rate
    return point
}

/// The line of the trajectory `spec` at `index` and `rate` (see ``trajectoryPoint(_:rate:index:)``).
func expectedTrajectoryLine(_ spec: String, rate: Double, index: Int) throws -> String {
    try trajectoryPoint(spec, rate: rate, index: index).jsonLine()
}

extension TestSpecs {
    /// `Examples/trajectories/walk.json`: every sensor, a barometer included.
    static var walk: String {
        get throws { try String(contentsOf: Examples.url("trajectories/walk.json"), encoding: .utf8) }
    }
    /// The walk without its barometer (so its points carry no pressure).
    static let walkWithoutBarometer = #"""
        {"trajectory": {
          "route": {"speed": 1.4, "waypoints": [
            {"latitude": 51.5007, "longitude": -0.1246, "altitude": 56},
            {"latitude": 51.5010, "longitude": -0.1236, "altitude": 58}]},
          "vehicle": "walk", "mount": "handheld", "epoch": "2026-06-01T08:30:00Z",
          "sensors": {"magnetometer": {"rate": 50, "noise_density": 0.1, "seed": 8}}}}
        """#
}
