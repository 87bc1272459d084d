import Formats
import Foundation
import InternalUtilities
import SignalRunnerTesting
import Signals
import Testing

@testable import Location

/// The location spec, read by the package's one strict JSON reader: every problem names its JSON path.
@Suite struct RouteJSONTests {
    /// The issue's spec, kept as the example walk (Examples/routes/walk.json).
    static let spec =
        (try? String(
            contentsOf: Examples.url("routes/walk.json"), encoding: .utf8))
        ?? "(Examples/routes/walk.json is missing)"

    @Test("the issue's spec decodes to the issue's DSL route")
    func decodes() throws {
        let route = try Route(json: Data(Self.spec.utf8))
        let dsl = Route(speed: 3.0, error: GNSSErrorModel(sigma: 3, correlationTime: 60, seed: 1)) {
            Waypoint(latitude: 51.5007, longitude: -0.1246)
            Waypoint(latitude: 51.5033, longitude: -0.1196, pause: 20)
            Waypoint(latitude: 51.5081, longitude: -0.0759, speed: 1.4)
        }
        #expect(route == dsl)
    }

    @Test("every optional field: altitude, time, acceleration, loop, jitter, verticalRatio")
    func optionalFields() throws {
        let text = #"""
            {"route": {"speed": 2, "acceleration": 0.5, "loop": true, "waypoints": [
                {"latitude": 1, "longitude": 2, "altitude": 30, "speed": 1},
                {"latitude": 1.001, "longitude": 2}],
              "error": {"sigma": 2, "correlationTime": 30, "jitter": 0.5, "verticalRatio": 2, "seed": 18446744073709551615}}}
            """#
        let route = try Route(json: Data(text.utf8))
        #expect(route.acceleration == 0.5)
        #expect(route.loops)
        #expect(route.waypoints[0].altitude == 30)
        #expect(route.waypoints[0].speed == 1)
        #expect(route.error == GNSSErrorModel(sigma: 2, correlationTime: 30, jitter: 0.5, verticalRatio: 2, seed: .max))
        let timed = try Route(
            json: Data(
                #"{"route": {"waypoints": [{"latitude": 0, "longitude": 0, "time": 0}, {"latitude": 0, "longitude": 0.001, "time": 60}]}}"#
                    .utf8))
        #expect(timed.isTimed)
        #expect(timed.waypoints[1].time == 60)
    }

    /// (spec, JSON path, code, words the message must contain).
    static let bad: [(String, String, SignalError.Code, String)] = [
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 91, "longitude": 0}, {"latitude": 0, "longitude": 0}]}}"#,
            "$.route.waypoints[0].latitude", .outOfRange, "latitude 91.0 is outside −90 … 90"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 1, "longitude": NaN}]}}"#,
            "$.route.waypoints[0].longitude", .malformed, "NaN and Infinity are not JSON numbers"
        ),
        (#"{"route": {"speed": 3, "waypoints": []}}"#, "$.route.waypoints", .tooShort, "at least one waypoint"),
        (
            #"{"route": {"speed": 0, "waypoints": [{"latitude": 0, "longitude": 0}, {"latitude": 1, "longitude": 0}]}}"#,
            "$.route.speed", .outOfRange, "speed must be > 0"
        ),
        (
            #"{"route": {"waypoints": [{"latitude": 0, "longitude": 0}, {"latitude": 1, "longitude": 0}]}}"#,
            "$.route.speed", .missingField, "missing 'speed'"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitude": 0, "pause": null}]}}"#,
            "$.route.waypoints[0].pause", .malformed, "null"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitud": 0}]}}"#,
            "$.route.waypoints[0].longitud", .unknownField, "did you mean 'longitude'"
        ),
        (
            #"{"route": {"sped": 3, "waypoints": [{"latitude": 0, "longitude": 0}]}}"#,
            "$.route.sped", .unknownField, "did you mean 'speed'"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitude": 0}], "error": {"sigma": 3}}}"#,
            "$.route.error", .missingField, "correlationTime"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitude": 0}], "error": {"sigma": 3, "correlationTime": 60, "seed": 1.5}}}"#,
            "$.route.error.seed", .malformed, "whole number"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitude": 0}]}, "motion": {}}"#,
            "$.motion", .unknownField, "unknown field"
        ),
        (#"{"route": {"speed": 3}}"#, "$.route", .missingField, "waypoints"),
        (
            #"{"route": {"speed": "fast", "waypoints": [{"latitude": 0, "longitude": 0}]}}"#, "$.route.speed",
            .malformed, "must be a number"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitude": 200}]}}"#,
            "$.route.waypoints[0].longitude", .outOfRange, "outside"
        ),
        (
            #"{"route": {"waypoints": [{"latitude": 0, "longitude": 0, "time": 5}, {"latitude": 0, "longitude": 1, "time": 5}]}}"#,
            "$.route.waypoints[1].time", .invalidTime, "must increase"
        ),
        (
            #"{"route": {"waypoints": [{"latitude": 0, "longitude": 0, "time": 0}, {"latitude": 0, "longitude": 1}]}}"#,
            "$.route.waypoints[1]", .invalidTime, "every waypoint a time, or none"
        ),
        (
            #"{"route": {"speed": 1, "waypoints": [{"latitude": 0, "longitude": 0, "pause": -1}]}}"#,
            "$.route.waypoints[0].pause", .outOfRange, "≥ 0"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitude": 0}], "loop": 1}}"#, "$.route.loop",
            .malformed, "true or false"
        ),
        (
            #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitude": 0},]}}"#, "$.route.waypoints",
            .malformed, "trailing comma"
        ),
        (
            #"{"route": {"speed": 1e-300, "waypoints": [{"latitude": 0, "longitude": 0}, {"latitude": 1, "longitude": 0}]}}"#,
            "$.route", .outOfRange, "more than the limit"
        ),
    ]

    @Test("bad specs: a clear error naming the JSON path", arguments: bad.indices)
    func badSpec(_ i: Int) {
        let (text, path, code, words) = Self.bad[i]
        do {
            let route = try Route(json: Data(text.utf8))
            _ = try route.timeline()
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.code == code, "\(error)")
            #expect(error.description.contains(words), "\(error)")
            #expect(error.description.hasPrefix(path), "\(error)")
        }
    }

    @Test("a route inside a larger document decodes at its own path")
    func nested() throws {
        let doc = try JSONValue.parse(
            #"{"motion": {}, "route": {"speed": 2, "waypoints": [{"latitude": 95, "longitude": 0}]}}"#)
        let value = try #require(doc.object?["route"])
        #expect(
            throws: SignalError(
                .outOfRange, path: "$.route.waypoints[0].latitude", "latitude 95.0 is outside −90 … 90 degrees")
        ) {
            try Route(json: value, path: "$.route")
        }
    }
}
