import Formats
import Foundation
import InternalUtilities
import Location
import Playback
import Signals
import Testing

@testable import LiveServer
@testable import Navigation

/// The bodies of POST /update and POST /v1/control, read strictly.
@Suite struct HoldsTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    @Test("an update holds an accelerometer and/or a location")
    func update() throws {
        let both = try UpdateRequest(
            json: parse(
                #"{"accelerometer": {"x": 0.1, "y": -0.2, "z": -0.97}, "location": {"latitude": -33.86, "longitude": 151.21}}"#
            ))
        #expect(both.accelerometer == Acceleration(x: 0.1, y: -0.2, z: -0.97))
        #expect(both.location == GeoCoordinate(latitude: -33.86, longitude: 151.21))
        let edge = try UpdateRequest(json: parse(#"{"location": {"latitude": 90, "longitude": -180}}"#))
        #expect(edge.accelerometer == nil)
        #expect(edge.location == GeoCoordinate(latitude: 90, longitude: -180))
        #expect(
            try UpdateRequest(json: parse(#"{"accelerometer": {"x": -1000, "y": 1000, "z": 0}}"#)).accelerometer?.x
                == -1000)
    }

    @Test(
        "a bad update names the field",
        arguments: [
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

    @Test("an update holds a heading (magnetic optional) and/or a pressure")
    func headingAndPressure() throws {
        let both = try UpdateRequest(
            json: parse(#"{"heading": {"trueHeading": 359.9, "magneticHeading": 0}, "pressure": 1}"#))
        #expect(both.heading == HeldHeading(trueHeading: 359.9, magneticHeading: 0))
        #expect(both.pressure == 1)
        #expect(both.accelerometer == nil)
        let trueOnly = try UpdateRequest(json: parse(#"{"heading": {"trueHeading": -0.0}, "pressure": 200000}"#))
        #expect(trueOnly.heading == HeldHeading(trueHeading: 0, magneticHeading: nil))
        #expect(trueOnly.heading?.trueHeading.sign == .plus)
        #expect(trueOnly.pressure == 200_000)
        #expect(try UpdateRequest(json: parse(#"{"pressure": 101325}"#)).heading == nil)
    }

    @Test(
        "a bad heading or pressure names the field",
        arguments: [
            (#"{"heading": {"trueHeading": 360}}"#, "$.heading.trueHeading"),
            (#"{"heading": {"trueHeading": 359.99999999, "magneticHeading": -1e-9}}"#, "$.heading.magneticHeading"),
            (#"{"heading": {}}"#, "$.heading.trueHeading"),
            (#"{"heading": [90]}"#, "$.heading"),
            (#"{"pressure": 0.5}"#, "$.pressure"),
            (#"{"pressure": 200000.01}"#, "$.pressure"),
            (#"{"pressure": "1"}"#, "$.pressure"),
        ])
    func badHeadingOrPressure(text: String, path: String) throws {
        let error = try #require(throws: SignalError.self) { try UpdateRequest(json: parse(text)) }
        #expect(error.path == path)
    }

    @Test(
        "degrees wrap into 0 ..< 360",
        arguments: [
            (0.0, 0.0), (359.5, 359.5), (360, 0), (-90, 270), (725, 5), (-360, 0), (-1e-17, 0), (-0.0, 0),
        ])
    func wrapped(degrees: Double, expected: Double) {
        let w = HeldHeading.wrapped(degrees)
        #expect(w == expected)
        #expect(w >= 0)
        #expect(w < 360)
        #expect(w.sign == .plus)
    }

    @Test("holds over a trajectory point replace only their part")
    func trajectoryHolds() {
        let motion = MotionPoint(
            timestamp: 2, userAcceleration: Acceleration(x: 0.1, y: 0, z: 0),
            gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0, y: 0, z: 0.3))
        let point = TrajectoryPoint(
            motion: motion, location: nil, trueHeading: 10, magneticHeading: 12, headingAccuracy: 3,
            magneticField: MagneticField(x: 20, y: 0, z: -40), pressure: nil, altitude: 56, steps: 4, distance: 3,
            floorsAscended: 0, floorsDescended: 0, cadence: 1.8)
        #expect(TrajectoryHolds().applied(to: point) == point)
        let heading = TrajectoryHolds(heading: HeldHeading(trueHeading: 1)).applied(to: point)
        #expect(heading.trueHeading == 1)
        #expect(heading.magneticHeading == 3)  // 1 − (10 − 12)
        #expect(heading.headingAccuracy == 3)
        #expect(heading.motion == motion)
        #expect(heading.pressure == nil)
        let west = TrajectoryHolds(heading: HeldHeading(trueHeading: 359, magneticHeading: nil)).applied(to: point)
        #expect(west.magneticHeading == 1)  // 359 + 2, wrapped
        let pressure = TrajectoryHolds(pressure: 90_000).applied(to: point)
        #expect(pressure.pressure == 90_000)
        #expect(pressure.altitude == 56)
        #expect(pressure.trueHeading == 10)
        let tilted = TrajectoryHolds(accelerometer: Acceleration(x: 0, y: -1, z: 0)).applied(to: point)
        #expect(tilted.motion == MotionPoint(timestamp: 2, gravity: Acceleration(x: 0, y: -1, z: 0)))
        #expect(tilted.trueHeading == 10)
        #expect(tilted.steps == 4)
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
