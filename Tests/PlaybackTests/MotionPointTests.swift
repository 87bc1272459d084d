import Foundation
import Signals
import Testing

@testable import Playback

@Suite struct MotionPointTests {
    struct Accelerometer: Timestamped, Motionable {
        var timestamp: TimeInterval
        var userAcceleration: Acceleration
    }

    @Test("Motionable parts default to zero; MotionPoint copies any Timestamped & Motionable")
    func defaults() {
        let a = Accelerometer(timestamp: 1.5, userAcceleration: Acceleration(x: 1, y: 2, z: 3))
        #expect(a.gravity == .zero)
        #expect(a.rotationRate == .zero)
        let p = MotionPoint(a)
        #expect(p == MotionPoint(timestamp: 1.5, userAcceleration: Acceleration(x: 1, y: 2, z: 3)))
        var q = p
        q.rotationRate = RotationRate(x: 0, y: 0, z: .pi)
        #expect(q.rotationRate.z == .pi)
        #expect(q != p)
        // Timestamp, nine channels and an optional attitude quaternion: plain data.
        #expect(MemoryLayout<MotionPoint>.size == 14 * 8 + 1)
        #expect(_isPOD(MotionPoint.self))
    }

    @Test("JSON: every part written, strict reading, short x/y/z form")
    func codable() throws {
        let p = MotionPoint(
            timestamp: 0.25, userAcceleration: Acceleration(x: 1, y: 0, z: 0),
            gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0.1, y: 0.2, z: 0.3))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(p), as: UTF8.self)
        #expect(
            json
                == #"{"gravity":{"x":0,"y":0,"z":-1},"rotationRate":{"x":0.1,"y":0.2,"z":0.3},"timestamp":0.25,"userAcceleration":{"x":1,"y":0,"z":0}}"#
        )
        #expect(try JSONDecoder().decode(MotionPoint.self, from: Data(json.utf8)) == p)
        let short = try JSONDecoder().decode(
            MotionPoint.self, from: Data(#"{"timestamp": 1, "x": 1, "y": 2, "z": 3}"#.utf8))
        #expect(short.userAcceleration == Acceleration(x: 1, y: 2, z: 3))
        let error = #expect(throws: SignalError.self) {
            try JSONDecoder().decode(MotionPoint.self, from: Data(#"{"timestamp": 1, "rotationrate": {}}"#.utf8))
        }
        #expect(error?.code == .unknownField)
        #expect(error?.message.contains("did you mean 'rotationRate'") == true)
    }
}
