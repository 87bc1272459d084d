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

    @Test("a MotionCarrying point reads its time and motion from its sample; only TrajectoryPoint its attitude")
    func carriedMotion() {
        let motion = MotionPoint(
            timestamp: 0.5, userAcceleration: Acceleration(x: 0.1, y: 0.2, z: 0.3),
            gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0, y: 0.25, z: 0),
            attitude: Quaternion(w: 0, x: 1, y: 0, z: 0))
        let fix = LocationPoint(
            timestamp: 0.5, latitude: 51.5007, longitude: -0.1246, altitude: 10, horizontalAccuracy: 4.5,
            verticalAccuracy: 6.75, speed: 1.4, course: 45)
        let walk = MotionLocationPoint(motion: motion, location: fix)
        let truth = TrajectoryPoint(
            motion: motion, location: nil, trueHeading: 50, magneticHeading: 49, headingAccuracy: 1.5,
            magneticField: MagneticField(x: 12, y: -3, z: 40), pressure: nil, altitude: 35, steps: 12, distance: 8.5,
            floorsAscended: 1, floorsDescended: 2, cadence: 1.9)
        #expect(
            MotionPoint(walk)
                == MotionPoint(
                    timestamp: 0.5, userAcceleration: motion.userAcceleration,
                    gravity: motion.gravity, rotationRate: motion.rotationRate))
        #expect(MotionPoint(truth) == motion)
        // The failing case: another sample reads otherwise.
        var other = motion
        other.rotationRate = RotationRate(x: 0, y: 0, z: 1)
        #expect(MotionPoint(MotionLocationPoint(motion: other, location: fix)) != MotionPoint(walk))
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
