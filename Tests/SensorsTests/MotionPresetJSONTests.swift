import Foundation
import Playback
import Signals
import Testing

@testable import Sensors

@Suite struct MotionPresetJSONTests {
    static func imu(_ motion: String, extra: String = "") throws -> IMU {
        try IMU.decode(json: Data(#"{"imu": {"preset": "bmi160", "seed": 4, "motion": \#(motion)\#(extra)}}"#.utf8))
    }

    @Test(
        "every preset decodes as an IMU's motion and equals the Swift preset",
        arguments: [
            (#"{"preset": "walking", "cadence": 1.7}"#, MotionPreset.walking(cadence: 1.7)),
            (#"{"preset": "running"}"#, MotionPreset.running()),
            (#"{"preset": "held-in-hand", "tremor": 10}"#, MotionPreset.heldInHand(tremor: 10)),
            (#"{"preset": "shaking", "frequency": 3}"#, MotionPreset.shaking(frequency: 3)),
            (#"{"preset": "car-ride", "seed": 9}"#, MotionPreset.carRide(seed: 9)),
            (#"{"preset": "still-on-table"}"#, MotionPreset.stillOnTable()),
            (#"{"preset": "free-fall"}"#, MotionPreset.freeFall()),
            (#"{"preset": "face-down-flip", "period": 2}"#, MotionPreset.faceDownFlip(period: 2)),
        ])
    func decodes(_ json: String, _ expected: MotionSignal) throws {
        #expect(try Self.imu(json).motion == expected.motionNode)
    }

    @Test("a parameter changes the motion (the comparison above can fail)")
    func parameterMatters() throws {
        #expect(
            try Self.imu(#"{"preset": "walking", "cadence": 1.7}"#).motion
                != MotionPreset.walking(cadence: 1.8).motionNode)
    }

    @Test("the preset table names every preset of MotionPreset.all")
    func everyPreset() {
        #expect(MotionPreset.specParameters.map(\.name) == MotionPreset.all.map(\.name))
    }

    @Test(
        "bad preset nodes are refused with their path",
        arguments: [
            (#"{"preset": "walkin"}"#, "$.imu.motion.preset"),
            (#"{"preset": "walking", "cadence": -1}"#, "$.imu.motion.cadence"),
            (#"{"preset": "walking", "cadense": 1.8}"#, "$.imu.motion.cadense"),
            (#"{"preset": "still-on-table", "cadence": 1.8}"#, "$.imu.motion.cadence"),
            (#"{"preset": 3}"#, "$.imu.motion.preset"),
        ])
    func refused(_ json: String, _ path: String) throws {
        let error = try #require(throws: SignalError.self) { try Self.imu(json) }
        #expect(error.location.path == path, "\(error)")
    }
}
