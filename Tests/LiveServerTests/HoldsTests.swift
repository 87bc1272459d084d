import Foundation
@testable import LiveServer
import Location
import Playback
import Signals
import Testing
import InternalUtilities

/// The bodies of POST /update and POST /v1/control, read strictly.
@Suite struct HoldsTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    @Test("an update holds an accelerometer and/or a location")
    func update() throws {
        let both = try UpdateRequest(json: parse(#"{"accelerometer": {"x": 0.1, "y": -0.2, "z": -0.97}, "location": {"latitude": -33.86, "longitude": 151.21}}"#))
        #expect(both.accelerometer == Acceleration(x: 0.1, y: -0.2, z: -0.97))
        #expect(both.location == GeoCoordinate(latitude: -33.86, longitude: 151.21))
        let edge = try UpdateRequest(json: parse(#"{"location": {"latitude": 90, "longitude": -180}}"#))
        #expect(edge.accelerometer == nil)
        #expect(edge.location == GeoCoordinate(latitude: 90, longitude: -180))
        #expect(try UpdateRequest(json: parse(#"{"accelerometer": {"x": -1000, "y": 1000, "z": 0}}"#)).accelerometer?.x == -1000)
    }

    @Test("a bad update names the field", arguments: [
        (#"{"accelerometer": [0, 0, 1]}"#, "$.accelerometer"),
        (#"{"accelerometer": {"x": 0, "y": 0, "z": 1000.5}}"#, "$.accelerometer.z"),
        (#"{"location": {"latitude": 0}}"#, "$.location"),
        (#"{"location": null}"#, "$.location"),
        (#""accelerometer""#, "$"),
    ])
    func badUpdate(text: String, path: String) throws {
        let error = try #require(throws: SignalError.self) { try UpdateRequest(json: parse(text)) }
        #expect(error.path == path)
    }

    @Test("control actions")
    func control() throws {
        #expect(try ControlRequest(json: parse(#"{"action": "pause"}"#)) == .pause)
        #expect(try ControlRequest(json: parse(#"{"action": "resume"}"#)) == .resume)
        #expect(try ControlRequest(json: parse(#"{"action": "speed", "speed": 0.5}"#)) == .speed(0.5))
        let error = try #require(throws: SignalError.self) { try ControlRequest(json: parse(#"{"action": "Pause"}"#)) }
        #expect(error.message.contains("did you mean 'pause'"), "\(error.message)")
    }
}
