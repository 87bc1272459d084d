import Foundation
import Hummingbird
import HummingbirdTesting
import Signals
import Testing

@testable import LiveServer

/// `GET /v1/spec` and `PUT /v1/spec`.
@Suite(.timeLimit(.minutes(5))) struct SpecRoutesTests {
    @Test("GET returns the spec with every field written out; PUT replaces it from the next index and returns it")
    func roundTrip() async throws {
        try await ManualFeed.test(TestSpecs.sine) { f, client in
            let current = try await client.execute(uri: "/v1/spec", method: .get)
            #expect(current.status == .ok)
            #expect(
                try SignalNode.decode(json: Data(buffer: current.body))
                    == (try SignalNode.decode(json: Data(TestSpecs.sine.utf8))))
            #expect(current.text.contains("\"phase\" : 0.2") || current.text.contains("\"phase\": 0.2"))
            let put = try await client.send(.put, "/v1/spec", json: TestSpecs.shake)
            #expect(put.status == .ok)
            #expect(
                try SignalNode.decode(json: Data(buffer: put.body))
                    == (try SignalNode.decode(json: Data(TestSpecs.shake.utf8))))
            let after = try await client.execute(uri: "/v1/spec", method: .get)
            #expect(after.text == put.text)
            try await f.advance(points: 1)
            #expect(
                try await client.execute(uri: "/v1/point", method: .get).text
                    == (try expectedLine(TestSpecs.shake, rate: 100, index: 1)) + "\n")
        }
    }

    /// A walking trajectory with `sensors` as given.
    static func trajectory(_ sensors: String) -> String {
        #"{"trajectory": {"route": {"speed": 1.4, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5010, "longitude": -0.1236}]}, "vehicle": "walk", "sensors": {\#(sensors)}}}"#
    }

    @Test(
        "PUT refuses an invalid spec with 400 {error, path} and changes nothing",
        arguments: [
            (#"{"sine": {"frequency": 1000}}"#, "$.sine.frequency", "Nyquist"),
            (#"{"sine": {"frequency": 1, "amplitdue": 2}}"#, "$.sine.amplitdue", "did you mean 'amplitude'"),
            (#"{"sin": {"frequency": 1}}"#, "$.sin", "did you mean 'sine'"),
            (#"{"sine": {"frequency": null}}"#, "$.sine.frequency", "null"),
            (#"{"sine": {"frequency": 1, "frequency": 2}}"#, "$.sine", "duplicate"),
            (#"{"sine": {"frequency": 1,}}"#, "$.sine", "line 1"),
            (#"{"motion": {"gravity": {"sine": {"frequency": 1}}}}"#, "$.motion.gravity", "three-channel"),
            (#"[{"timestamp": 0}]"#, "$", "must be a JSON object"),
            ("", "$", "line 1"),
            // A client must not make the server read its files: an IMU's Kalibr imu.yaml is refused before it is opened.
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "kalibr": "/etc/passwd"}}"#, "$.imu.kalibr",
                "cannot name files"
            ),
            // IMU and sensor terms that would serve inf: refused by the models' one validation, with their paths.
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "accelerometer_noise_density": 1e300}}"#,
                "$.imu.accelerometer_noise_density", "at most 10"
            ),
            (
                Self.trajectory(
                    #""imu": {"gyroscope_bias_instability": 0.001, "gyroscope_bias_correlation_time": -5}"#),
                "$.trajectory.sensors.imu.gyroscope_bias_correlation_time", "≥ 0"
            ),
            (
                Self.trajectory(#""imu": {"accelerometer_noise_density": 1e300}"#),
                "$.trajectory.sensors.imu.accelerometer_noise_density", "at most 10"
            ),
            (
                Self.trajectory(#""magnetometer": {"resolution": 1e-320}"#),
                "$.trajectory.sensors.magnetometer.resolution", "at least 1e-12"
            ),
        ])
    func invalid(body: String, path: String, message: String) async throws {
        try await ManualFeed.test(TestSpecs.sine) { f, client in
            let before = try await client.execute(uri: "/v1/spec", method: .get).text
            let response = try await client.send(.put, "/v1/spec", json: body)
            #expect(response.status == .badRequest)
            let error = try response.error()
            #expect(error.path?.hasPrefix(path) == true, "\(response.text)")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(try await client.execute(uri: "/v1/spec", method: .get).text == before)
            try await f.advance(points: 1)
            #expect(
                try await client.execute(uri: "/v1/point", method: .get).text
                    == (try expectedLine(TestSpecs.sine, rate: 100, index: 1)) + "\n")
        }
    }

    @Test("a point-file source has no spec: GET is 404; other methods are 405 with Allow; 415 and 413 apply")
    func statuses() async throws {
        try await ManualFeed.test(points: "timestamp,x,y,z\n0,1,0,0\n1,2,0,0\n") { f, client in
            let missing = try await client.execute(uri: "/v1/spec", method: .get)
            #expect(missing.status == .notFound)
            #expect(try missing.error().message.contains("the source is a point file"))
            let delete = try await client.execute(uri: "/v1/spec", method: .delete)
            #expect(delete.status == .methodNotAllowed)
            #expect(delete.headers[.allow] == "GET, HEAD, PUT")
            #expect(
                try await client.send(.put, "/v1/spec", json: TestSpecs.sine, contentType: "text/plain").status
                    == .unsupportedMediaType)
            let huge = try await client.send(
                .put, "/v1/spec", json: String(repeating: " ", count: (1 << 20) + 1) + TestSpecs.sine)
            #expect(huge.status == .contentTooLarge)
            #expect(
                try await client.send(
                    .put, "/v1/spec", json: TestSpecs.sine, contentType: "application/vnd.signals+json"
                ).status == .ok)
        }
    }
}
