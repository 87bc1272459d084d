import Signals
import Testing

@testable import Playback

/// `signals play` and the live server check every point before its line is written.
@Suite struct PointLineFiniteTests {
    @Test("a motion point with an infinite or NaN value is refused naming its time; finite points pass")
    func motion() throws {
        var p = MotionPoint(
            timestamp: 0.5, userAcceleration: Acceleration(x: 0, y: 0, z: 0), gravity: Acceleration(x: 0, y: 0, z: -1))
        try PointLine.checkFinite(p)
        p.rotationRate = RotationRate(x: 0, y: -.infinity, z: 0)
        let error = try #require(throws: SignalError.self) { try PointLine.checkFinite(p) }
        #expect(error.code == .nonFinite)
        #expect(error.message.contains("the motion point at t = 0.5 s"), "\(error.message)")
        #expect(error.message.contains("value 8 is -inf"), "\(error.message)")
        p.rotationRate = RotationRate(x: 0, y: 0, z: 0)
        p.attitude = Quaternion(w: .nan, x: 0, y: 0, z: 0)
        let attitude = try #require(throws: SignalError.self) { try PointLine.checkFinite(p) }
        #expect(attitude.code == .nonFinite)
        #expect(attitude.message.contains("value 10 is nan"), "\(attitude.message)")
    }

    @Test("scalar, axes and channel points: the same check")
    func others() throws {
        try PointLine.checkFinite(ScalarPoint(timestamp: 1, value: 2))
        let scalar = try #require(throws: SignalError.self) {
            try PointLine.checkFinite(ScalarPoint(timestamp: 1, value: .nan))
        }
        #expect(scalar.code == .nonFinite)
        #expect(scalar.message.contains("value 1 is nan"), "\(scalar.message)")
        try PointLine.checkFinite(AxesPoint(timestamp: 1, x: 1, y: 2, z: 3))
        let axes = try #require(throws: SignalError.self) {
            try PointLine.checkFinite(AxesPoint(timestamp: 1, x: 1, y: .infinity, z: 3))
        }
        #expect(axes.code == .nonFinite)
        #expect(axes.message.contains("value 2 is inf"), "\(axes.message)")
        try PointLine.checkFinite(timestamp: 1, [Float(1), 2, 3, 4])
        let error = try #require(throws: SignalError.self) {
            try PointLine.checkFinite(timestamp: 1, [Float(1), 2, -.infinity, 4])
        }
        #expect(error.code == .nonFinite)
        #expect(error.message.contains("value 2 is -inf"), "\(error.message)")
    }
}
