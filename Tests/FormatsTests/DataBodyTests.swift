import InternalUtilities
import SensorData
import Testing

@testable import Formats

/// `GET /data`'s body: the server's writer and the client's reader, in one file.
@Suite struct DataBodyTests {
    static let motion = MotionPoint(
        timestamp: 1.5, userAcceleration: Acceleration(x: 0.25, y: 0, z: -0.5),
        gravity: Acceleration(x: 0, y: -1, z: 0),
        rotationRate: RotationRate(x: 0.125, y: 0, z: 0))

    static func body(location: (Double, Double)?) throws -> String {
        DataBody.head(accelerometer: (0.25, -1, -0.5), precision: .double, timestamp: 1.5)
            + (try PointLineCodec.write(motion, precision: .double))
            + DataBody.tail(location: location.map { (latitude: $0.0, longitude: $0.1) }, riders: "")
    }

    static func read(_ text: String) throws(SignalError) -> DataBody.Parsed {
        try DataBody.read(text, fallbackTimestamp: -1) { (value, path) throws(SignalError) in
            try PointLineCodec.readMotion(value, path: path)
        }
    }

    @Test("write → read: the motion, the timestamp and the fix come back; the shape is SimulatorEnhancements'")
    func roundTrip() throws {
        let text = try Self.body(location: (51.5, -0.125))
        #expect(text.hasPrefix(#"{"accelerometer":{"x":0.25,"y":-1.0,"z":-0.5},"timestamp":1.5,"motion":{"#))
        #expect(text.hasSuffix(#","location":{"latitude":51.5,"longitude":-0.125}}"# + "\n"))
        let parsed = try Self.read(text)
        #expect(parsed.timestamp == 1.5)
        #expect(parsed.motion == Self.motion)
        #expect(parsed.location?.latitude == 51.5)
        #expect(parsed.location?.longitude == -0.125)
        #expect(try Self.read(try Self.body(location: nil)).location == nil)
    }

    @Test("the accelerometer alone is gravity; no timestamp takes the fallback; an unknown member is refused")
    func partsAndRefusals() throws {
        let alone = try Self.read(#"{"accelerometer":{"x":0,"y":-1,"z":0}}"#)
        #expect(alone.timestamp == -1)
        #expect(alone.motion?.gravity.y == -1)
        let error = #expect(throws: SignalError.self) {
            try Self.read(#"{"accelerometer":{"x":0,"y":-1,"z":0},"gps":1}"#)
        }
        #expect(error?.code == .unknownField)
        let range = #expect(throws: SignalError.self) { try Self.read(#"{"location":{"latitude":91,"longitude":0}}"#) }
        #expect(range?.path?.contains("latitude") == true, "\(range?.description ?? "")")
    }
}
