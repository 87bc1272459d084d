import Formats
import Foundation
import InternalUtilities
import Signals
import Testing

@testable import Playback

/// The one formatter of `signals play` lines (also the live server's payload).
@Suite struct PointLineTests {
    @Test("a rendered motion point: Float precision, every part written out, no newline")
    func motionSingle() {
        let p = MotionPoint(
            timestamp: 0.01, userAcceleration: Acceleration(x: Double(Float(0.1)), y: 0, z: -2),
            gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0.5, y: 0, z: 0))
        #expect(
            PointLine.motion(p, precision: .single)
                == #"{"timestamp":0.01,"userAcceleration":{"x":0.1,"y":0.0,"z":-2.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.5,"y":0.0,"z":0.0}}"#
        )
    }

    @Test("a file's motion point keeps its Double digits; single precision would round them")
    func motionDouble() {
        let p = MotionPoint(timestamp: 2.5, userAcceleration: Acceleration(x: 0.1, y: 0.123456789012, z: 0))
        let line = PointLine.motion(p, precision: .double)
        #expect(line.hasPrefix(#"{"timestamp":2.5,"userAcceleration":{"x":0.1,"y":0.123456789012,"z":0.0}"#))
        #expect(PointLine.motion(p, precision: .single).contains(#""y":0.12345679"#))
    }

    @Test("one channel, three axes and other channel counts")
    func shapes() {
        #expect(PointLine.scalar(ScalarPoint(timestamp: 0.02, value: 0.5)) == #"{"timestamp":0.02,"value":0.5}"#)
        #expect(
            PointLine.axes(AxesPoint(timestamp: 1, x: 1, y: -0.25, z: 1e-5))
                == #"{"timestamp":1.0,"x":1.0,"y":-0.25,"z":1e-05}"#)
        #expect(
            PointLine.channels(timestamp: 0.5, [Float(1), -2, 0.25]) == #"{"timestamp":0.5,"channels":[1.0,-2.0,0.25]}"#
        )
        #expect(PointLine.channels(timestamp: 0, [Float]()) == #"{"timestamp":0.0,"channels":[]}"#)
    }

    @Test("every line is one strict JSON object that reads back to the same numbers")
    func parses() throws {
        let p = MotionPoint(
            timestamp: 0.3, userAcceleration: Acceleration(x: 1.5, y: -0.75, z: 0.001),
            gravity: Acceleration(x: 0, y: -1, z: 0), rotationRate: RotationRate(x: 3, y: 2, z: 1))
        let decoded = try MotionPoint(
            json: try JSONValue.parse(Data(PointLine.motion(p, precision: .double).utf8)), path: "$")
        #expect(decoded == p)
    }

    @Test("a point with an attitude writes it after the rotation rate, and reads back; one without has no key")
    func attitude() throws {
        let q = Quaternion(w: 0.5, x: 0.5, y: -0.5, z: 0.5)
        let p = MotionPoint(timestamp: 0.1, gravity: Acceleration(x: 0, y: 0, z: -1), attitude: q)
        let line = PointLine.motion(p, precision: .double)
        #expect(line.hasSuffix(#""attitude":{"w":0.5,"x":0.5,"y":-0.5,"z":0.5}}"#), "\(line)")
        let decoded = try MotionPoint(json: try JSONValue.parse(Data(line.utf8)), path: "$")
        #expect(decoded.attitude == q)
        #expect(decoded == p)
        #expect(!PointLine.motion(MotionPoint(timestamp: 0), precision: .single).contains("attitude"))
    }
}
