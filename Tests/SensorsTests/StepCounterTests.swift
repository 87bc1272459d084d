import Foundation
import Signals
import Testing

@testable import Sensors

@Suite struct StepCounterTests {
    @Test("walking(cadence: 1.8) for 60 s has 108 ± 2 steps")
    func walking() throws {
        let b = try MotionPreset.walking(cadence: 1.8).render(sampleRate: 100, duration: 60)
        let steps = StepCounter().count(b)
        #expect(abs(steps - 108) <= 2, "\(steps)")
    }

    @Test("through a phone-class IMU (Android high-fidelity limits) the count holds")
    func throughAnIMU() throws {
        let imu = IMU(preset: .androidHighFidelity, motion: MotionPreset.walking(cadence: 1.8).motionNode, seed: 3)
        let steps = StepCounter().count(try imu.render(sampleRate: 100, duration: 60))
        #expect(abs(steps - 108) <= 2, "\(steps)")
    }

    @Test("other cadences give other counts; a still phone has none", arguments: [(1.5, 90), (2.8, 168)])
    func otherCadences(_ cadence: Double, _ expected: Int) throws {
        let motion = cadence < 2 ? MotionPreset.walking(cadence: cadence) : MotionPreset.running(cadence: cadence)
        let steps = StepCounter().count(try motion.render(sampleRate: 100, duration: 60))
        #expect(abs(steps - expected) <= 2, "\(steps)")
        #expect(abs(steps - 108) > 2)
    }

    @Test("a phone on a table takes no steps")
    func still() throws {
        let imu = IMU(preset: .androidHighFidelity, seed: 1)
        #expect(StepCounter().count(try imu.render(sampleRate: 100, duration: 30)) <= 1)
        #expect(StepCounter().count(magnitude: [1, 1], sampleRate: 100) == 0)
    }
}
