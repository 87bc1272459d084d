import Foundation
import Signals
import Testing

@testable import Playback
@testable import SensorFeeds

/// `DeviceMotion(point)`: the attitude of a consistent motion reaches the CoreMotion-shaped update.
@Suite struct DeviceMotionTests {
    @Test("a point's own attitude is reported, yaw included; with yaw 0 it is the tilt gravity implies")
    func pointQuaternion() throws {
        for (roll, pitch, yaw) in [(0.3, 0.5, 0.0), (-0.4, 0.2, 0.7), (0.1, -1.2, -2.5)] {
            let spec = #"{"motion": {"attitude": {"roll": \#(roll), "pitch": \#(pitch), "yaw": \#(yaw)}}}"#
            let motion = try MotionSignal(node: try SignalNode.decode(json: Data(spec.utf8)))
            var cursor = try motion.points(sampleRate: 10, duration: 0.1, as: MotionPoint.self).makeCursor()
            let point = try #require(cursor.next()?.point)
            #expect(point.attitude != nil)
            let m = DeviceMotion(point)
            #expect(abs(m.attitude.roll - roll) < 1e-6, "\(m.attitude.roll) \(m.attitude.pitch) \(m.attitude.yaw)")
            #expect(abs(m.attitude.pitch - pitch) < 1e-6, "\(m.attitude.roll) \(m.attitude.pitch) \(m.attitude.yaw)")
            #expect(abs(m.attitude.yaw - yaw) < 1e-6, "\(m.attitude.roll) \(m.attitude.pitch) \(m.attitude.yaw)")
            if yaw == 0 {
                let tilt = Quaternion(gravity: point.gravity)
                #expect(abs(tilt.roll - m.attitude.roll) < 1e-6)
                #expect(abs(tilt.pitch - m.attitude.pitch) < 1e-6)
            }
        }
        // Without an attitude: the tilt of gravity (yaw 0).
        let plain = DeviceMotion(MotionPoint(timestamp: 0, gravity: Acceleration(x: 0, y: -1, z: 0)))
        #expect(abs(plain.attitude.pitch - .pi / 2) < 1e-9)
        #expect(plain.attitude.yaw == 0)
    }
}
