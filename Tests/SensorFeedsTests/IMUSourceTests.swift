import Foundation
import Playback
import Sensors
import SignalRunnerTesting
import Signals
import Testing

@testable import SensorFeeds

/// `.signal(imu)`: accelerometer and gyroscope updates are the IMU's readings, errors included; device
/// motion is the true motion it measures, with its attitude; sample `n` of each is the same instant.
@Suite struct IMUSourceTests {
    static let walking = MotionPreset.walking().motionNode

    /// Plays one kind of update of `imu` at 200 Hz for 1 s at a 0.01 s interval (samples 0, 2, 4, …).
    func play<Value: Sendable>(
        _ imu: IMU, _ start: (SimulatedMotionManager, OperationQueue, Collected<Value>) -> Void
    ) throws -> [Value] {
        let manager = SimulatedMotionManager(
            source: .signal(imu, sampleRate: 200, duration: 1), clock: ManualClock(autoAdvance: true))
        manager.deviceMotionUpdateInterval = 0.01
        manager.accelerometerUpdateInterval = 0.01
        manager.gyroUpdateInterval = 0.01
        let seen = Collected<Value>(until: 100)
        let queue = serialQueue()
        start(manager, queue, seen)
        #expect(seen.wait())
        queue.waitUntilAllOperationsAreFinished()
        #expect(seen.failures.isEmpty, "\(seen.failures)")
        #expect(seen.values.count == 100)
        return seen.values
    }

    @Test("accelerometer and gyroscope updates are the IMU's readings at samples 0, 2, 4, … (errors included)")
    func readings() throws {
        let imu = IMU(preset: .bmi160, motion: Self.walking, seed: 7)
        let rendered = try imu.render(sampleRate: 200, duration: 1)
        let acc: [AccelerometerData] = try play(imu) { m, q, seen in
            m.startAccelerometerUpdates(to: q) { d, e in seen.add(d, e) }
        }
        let gyro: [GyroData] = try play(imu) { m, q, seen in m.startGyroUpdates(to: q) { d, e in seen.add(d, e) } }
        for k in 0..<100 {
            let n = 2 * k
            #expect(acc[k].timestamp == Double(n) / 200)
            #expect(gyro[k].timestamp == Double(n) / 200)
            let a = acc[k].acceleration
            let w = gyro[k].rotationRate
            #expect([a.x, a.y, a.z] == (0..<3).map { Double(rendered[frame: n, channel: $0]) }, "sample \(n)")
            #expect([w.x, w.y, w.z] == (3..<6).map { Double(rendered[frame: n, channel: $0]) }, "sample \(n)")
        }
    }

    @Test("device motion is the true motion with its attitude; the readings differ from it by the sensor's errors")
    func truth() throws {
        let imu = IMU(preset: .bmi160, motion: Self.walking, seed: 7)
        let truth = try AnySignal(node: .motion(Self.walking)).render(sampleRate: 200, duration: 1)
        #expect(truth.channelCount == 13)
        let motion: [DeviceMotion] = try play(imu) { m, q, seen in
            m.startDeviceMotionUpdates(to: q) { d, e in seen.add(d, e) }
        }
        let acc: [AccelerometerData] = try play(imu) { m, q, seen in
            m.startAccelerometerUpdates(to: q) { d, e in seen.add(d, e) }
        }
        var largest = 0.0
        for k in 0..<100 {
            let n = 2 * k
            let m = motion[k]
            #expect(m.timestamp == Double(n) / 200)
            #expect(m.userAcceleration.x == Double(truth[frame: n, channel: 0]))
            #expect(m.gravity.z == Double(truth[frame: n, channel: 5]))
            #expect(m.rotationRate.x == Double(truth[frame: n, channel: 6]))
            // The preset holds the phone at pitch 0.8 rad: the attitude is the motion's own quaternion.
            #expect(abs(m.attitude.pitch - 0.8) < 1e-6)
            #expect(abs(m.attitude.roll) < 1e-6)
            #expect(abs(m.attitude.yaw) < 1e-6)
            let a = acc[k].acceleration
            let expected = (
                x: m.userAcceleration.x + m.gravity.x, y: m.userAcceleration.y + m.gravity.y,
                z: m.userAcceleration.z + m.gravity.z
            )
            largest = max(largest, abs(a.x - expected.x), abs(a.y - expected.y), abs(a.z - expected.z))
        }
        // BMI160: 0.003 m/s²/√Hz white noise at 200 Hz is ~4e-3 m/s² (~4e-4 g) per sample, plus biases.
        #expect(largest > 1e-4, "the readings must carry the sensor's errors, largest difference \(largest) g")
        #expect(largest < 0.2, "the readings must still be the motion, largest difference \(largest) g")
    }

    @Test("an ideal IMU reads the true motion: accelerometer = user acceleration + gravity, in g whatever its unit")
    func ideal() throws {
        for unit in AccelerometerUnit.allCases {
            let imu = IMU(motion: Self.walking, seed: 1, accelerometerUnit: unit)
            let motion: [DeviceMotion] = try play(imu) { m, q, seen in
                m.startDeviceMotionUpdates(to: q) { d, e in seen.add(d, e) }
            }
            let acc: [AccelerometerData] = try play(imu) { m, q, seen in
                m.startAccelerometerUpdates(to: q) { d, e in seen.add(d, e) }
            }
            let gyro: [GyroData] = try play(imu) { m, q, seen in m.startGyroUpdates(to: q) { d, e in seen.add(d, e) } }
            for k in 0..<100 {
                let m = motion[k]
                let a = acc[k].acceleration
                let w = gyro[k].rotationRate
                // Single-precision samples: agreement to a few float ulps of 1 g.
                #expect(abs(a.x - (m.userAcceleration.x + m.gravity.x)) < 1e-6, "\(unit)")
                #expect(abs(a.y - (m.userAcceleration.y + m.gravity.y)) < 1e-6, "\(unit)")
                #expect(abs(a.z - (m.userAcceleration.z + m.gravity.z)) < 1e-6, "\(unit)")
                #expect(abs(w.x - m.rotationRate.x) < 1e-6)
                #expect(abs(w.y - m.rotationRate.y) < 1e-6)
                #expect(abs(w.z - m.rotationRate.z) < 1e-6)
            }
        }
    }

    @Test("a consistent motion (13 channels) plays as a .signal source, and a 6-channel signal is refused with a hint")
    func channels() throws {
        let consistent = AnySignal(node: .motion(Self.walking))
        let manager = SimulatedMotionManager(
            source: .signal(consistent, sampleRate: 100, duration: 0.5), clock: ManualClock(autoAdvance: true))
        let seen = Collected<DeviceMotion>(until: 50)
        let queue = serialQueue()
        manager.startDeviceMotionUpdates(to: queue) { d, e in seen.add(d, e) }
        #expect(seen.wait())
        queue.waitUntilAllOperationsAreFinished()
        #expect(seen.failures.isEmpty)
        #expect(seen.values.count == 50)
        #expect(seen.values.allSatisfy { abs($0.attitude.pitch - 0.8) < 1e-6 })

        // The IMU erased to a plain signal renders six channels: refused, naming the fix.
        let erased = SimulatedMotionManager(
            source: .signal(ErasedIMU(imu: IMU()), sampleRate: 100, duration: 0.5),
            clock: ManualClock(autoAdvance: true))
        let failed = Collected<DeviceMotion>(until: 1)
        erased.startDeviceMotionUpdates(to: queue) { d, e in failed.add(d, e) }
        #expect(failed.wait())
        queue.waitUntilAllOperationsAreFinished()
        #expect(failed.values.isEmpty)
        #expect(failed.failures.first?.contains("renders 6") == true, "\(failed.failures)")
        #expect(failed.failures.first?.contains(".signal(imu)") == true, "\(failed.failures)")
        #expect(!erased.isDeviceMotionActive)
    }
}

/// An IMU behind another type, as generic code would hold it (so the IMU overload of `.signal` is not chosen).
struct ErasedIMU: Signal {
    let imu: IMU
    var channelCount: Int { imu.channelCount }
    func render(into block: RenderBlock, _ transform: Affine) { imu.render(into: block, transform) }
}
