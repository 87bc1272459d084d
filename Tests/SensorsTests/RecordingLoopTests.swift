import Foundation
import Playback
import Signals
import Testing

@testable import Sensors

/// The loop: record a phone lying still → fit its noise → write an IMU spec → simulate that phone.
@Suite struct RecordingLoopTests {
    /// The "phone": known noise, biases and a slight tilt. Its random walks are strong (the lines cross at
    /// τ ≈ 2.6 s) so that under seven minutes pin K down: debug-build tests parse the CSV slowly.
    static var phone: IMU {
        var imu = IMU(
            motion: MotionNode(attitude: .fixed(.angles(roll: 0.05, pitch: -0.08, yaw: 0))),
            accelerometer: SensorModel(noiseDensity: 0.003, randomWalk: 2e-3),
            gyroscope: SensorModel(noiseDensity: 3e-4, randomWalk: 2e-4), seed: 21)
        imu.gyroscope.bias = SIMD3(0.01, -0.005, 0.002)
        return imu
    }

    @Test("a synthetic phyphox recording with known parameters → import → Allan fit → IMU spec → simulation")
    func loop() throws {
        let seconds = 400.0
        let rate = 100.0
        let files = try RecordingFixtures.phyphox(Self.phone, rate: rate, duration: seconds)
        let paths = try RecordingFixtures.write([
            "Accelerometer.csv": files.accelerometer, "Gyroscope.csv": files.gyroscope,
        ])
        // Import (what `signals import` does).
        let importer = RecordingImport(rate: rate)
        let points = try importer.points(
            importer.read([paths["Accelerometer.csv"] ?? "", paths["Gyroscope.csv"] ?? ""]))
        // Fit (what `signals allan --fit-spec` does on the point file).
        let recording = try ChannelRecording.fromPoints(points, file: "points", rate: nil)
        #expect(recording.sampleRate == rate)
        let fitted = try IMUFit(recording, accelerometerUnit: .g)
        let imu = fitted.imu
        for axis in 0..<3 {
            #expect(abs(imu.accelerometer.noiseDensity[axis] / 0.003 - 1) < 0.05)
            #expect(abs(imu.gyroscope.noiseDensity[axis] / 3e-4 - 1) < 0.05)
            // The mean of a random walk wanders: K·√(T/3) ≈ 0.003 rad/s after 600 s.
            #expect(abs(imu.gyroscope.bias[axis] - Self.phone.gyroscope.bias[axis]) < 0.015)
        }
        let k = (0..<3).map { imu.accelerometer.randomWalk[$0] }.reduce(0, +) / 3
        let kg = (0..<3).map { imu.gyroscope.randomWalk[$0] }.reduce(0, +) / 3
        #expect(abs(k / 2e-3 - 1) < 0.25)
        #expect(abs(kg / 2e-4 - 1) < 0.25)
        // The spec round-trips and simulates the phone: the same Allan curve and the same mean reading.
        let spec = try IMU.decode(json: imu.json())
        #expect(spec == imu)
        let simulated = try spec.render(sampleRate: rate, duration: seconds)
        for c in 0..<6 {
            let original = fitted.deviations[c]
            let again = try AllanDeviation(simulated, channel: c)
            // Two independent estimates: their ratio is within 4·√2·δ of 1 (δ each point's relative error).
            let delta = original.relativeErrors
            for i in original.taus.indices where original.taus[i] >= 0.1 && delta[i] < 0.2 {
                #expect(
                    abs(again.deviations[i] / original.deviations[i] - 1) < 0.05 + 4 * 2.0.squareRoot() * delta[i],
                    "channel \(c) τ \(original.taus[i])")
            }
            let mean = simulated.channel(c).reduce(0.0) { $0 + Double($1) } / Double(simulated.frameCount)
            let recorded = recording.channels[c].reduce(0.0, +) / Double(recording.frameCount)
            // Both random walks start at 0 and wander by K·√(T/3) (~0.003 g, ~0.003 rad/s) around the fitted bias.
            #expect(abs(mean - recorded) < (c < 3 ? 0.02 : 0.02))
        }
        // The attitude is the phone's (within the accelerometer's noise).
        if case .fixed(let f)? = imu.motion.attitude {
            #expect(f.quaternion.angle(to: Quaternion(roll: 0.05, pitch: -0.08, yaw: 0)) < 0.01)
        } else {
            Issue.record("expected a fixed attitude")
        }
    }

    @Test("fitting needs the six IMU channels")
    func missingChannels() throws {
        let b = try Noise().render(sampleRate: 100, frameCount: 1000)
        #expect(
            #expect(throws: SignalError.self) {
                try IMUFit(ChannelRecording(names: ["value"], buffer: b), accelerometerUnit: .g)
            }?.code == .incompatible)
    }
}
