import Foundation
import Playback
import SignalRunnerTesting
import Signals
import Testing

@testable import SensorFeeds

@Suite struct SimulatedMotionManagerTests {
    static let motion = MotionSignal {
        UserAcceleration(x: Sine(amplitude: 0.5, frequency: 3), y: Noise(amplitude: 0.1, seed: 4), z: Constant(0))
        Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
        RotationRateSignal(x: Constant(0.25), y: Constant(0), z: Sine(amplitude: 1, frequency: 0.5))
    }

    @Test("a 1 kHz source at a 0.02 s interval gives 50 Hz: samples 0, 20, 40, … in order, never averaged")
    func decimation() throws {
        let manager = SimulatedMotionManager(
            source: .signal(Self.motion, sampleRate: 1000, duration: 1),
            clock: ManualClock(autoAdvance: true))
        manager.deviceMotionUpdateInterval = 0.02
        let seen = Collected<DeviceMotion>(until: 50)
        let queue = serialQueue()
        manager.startDeviceMotionUpdates(to: queue) { m, e in seen.add(m, e) }
        #expect(seen.wait())
        queue.waitUntilAllOperationsAreFinished()
        let rendered = try Self.motion.render(sampleRate: 1000, duration: 1)
        #expect(seen.values.count == 50)
        for (k, m) in seen.values.enumerated() {
            let n = 20 * k
            #expect(m.timestamp == Double(n) / 1000)
            #expect(m.userAcceleration.y == Double(rendered[frame: n, channel: 1]))  // the noise sample itself
            #expect(m.rotationRate.z == Double(rendered[frame: n, channel: 8]))
            #expect(m.gravity.z == -1)
        }
        manager.stopDeviceMotionUpdates()
    }

    @Test("after stop returns no handler runs; restarting starts the source again")
    func stopSemantics() throws {
        let manager = SimulatedMotionManager(
            source: .signal(Self.motion, sampleRate: 100), clock: ManualClock(autoAdvance: true))
        manager.gyroUpdateInterval = 0.01
        let queue = serialQueue()
        let first = Collected<GyroData>(until: 200)
        manager.startGyroUpdates(to: queue) { g, e in first.add(g, e) }
        #expect(manager.isGyroActive)
        #expect(first.wait())
        manager.stopGyroUpdates()
        let countAtStop = first.values.count
        queue.waitUntilAllOperationsAreFinished()
        #expect(first.values.count == countAtStop, "a handler ran after stopGyroUpdates() returned")
        #expect(!manager.isGyroActive)
        #expect(manager.gyroData == nil)

        let again = Collected<GyroData>(until: 3)
        manager.startGyroUpdates(to: queue) { g, e in again.add(g, e) }
        #expect(again.wait())
        manager.stopGyroUpdates()
        #expect(again.values.first?.timestamp == 0)
        #expect(again.values.first?.rotationRate.x == 0.25)
    }

    @Test("a handler may stop its own updates; later queued calls do not run")
    func stopFromHandler() throws {
        let manager = SimulatedMotionManager(
            source: .signal(Self.motion, sampleRate: 100), clock: ManualClock(autoAdvance: true))
        let queue = serialQueue()
        let seen = Collected<AccelerometerData>(until: 1)
        weak let weakManager = manager
        manager.startAccelerometerUpdates(to: queue) { a, e in
            seen.add(a, e)
            weakManager?.stopAccelerometerUpdates()
        }
        #expect(seen.wait())
        queue.waitUntilAllOperationsAreFinished()
        #expect(seen.values.count == 1)
        #expect(!manager.isAccelerometerActive)
    }

    @Test("the accelerometer reads user acceleration plus gravity (g), as CMAccelerometerData")
    func accelerometer() throws {
        let manager = SimulatedMotionManager(
            source: .signal(Self.motion, sampleRate: 100, duration: 0.1),
            clock: ManualClock(autoAdvance: true))
        let seen = Collected<AccelerometerData>(until: 10)
        manager.startAccelerometerUpdates(to: serialQueue()) { a, e in seen.add(a, e) }
        #expect(seen.wait())
        let rendered = try Self.motion.render(sampleRate: 100, duration: 0.1)
        try #require(seen.values.count == rendered.frameCount)
        for (n, a) in seen.values.enumerated() {
            #expect(a.acceleration.x == Double(rendered[frame: n, channel: 0]))
            #expect(a.acceleration.z == Double(rendered[frame: n, channel: 2]) - 1)
        }
        manager.stopAccelerometerUpdates()
    }

    @Test("a point file plays at its timestamps, taking the point due at each tick")
    func file() throws {
        let url = Examples.url("points/walk.csv")
        let points = try PointFile.load(url)
        let manager = SimulatedMotionManager(source: .file(url), clock: ManualClock(autoAdvance: true))
        manager.deviceMotionUpdateInterval = 0.04  // the file is at 50 Hz: every other point
        let seen = Collected<DeviceMotion>(until: 50)
        manager.startDeviceMotionUpdates(to: serialQueue()) { m, e in seen.add(m, e) }
        #expect(seen.wait())
        #expect(seen.values.map(\.timestamp) == stride(from: 0, to: 100, by: 2).map { points[$0].timestamp })
        #expect(
            seen.values.map(\.userAcceleration) == stride(from: 0, to: 100, by: 2).map { points[$0].userAcceleration })
        manager.stopDeviceMotionUpdates()
    }

    @Test("errors reach the handler's error argument, never a crash")
    func errors() throws {
        let missing = SimulatedMotionManager(
            source: .file(URL(fileURLWithPath: "/nonexistent/walk.csv")), clock: ManualClock(autoAdvance: true))
        let seen = Collected<DeviceMotion>(until: 1)
        missing.startDeviceMotionUpdates(to: serialQueue()) { m, e in seen.add(m, e) }
        #expect(seen.wait())
        #expect(seen.failures.first?.contains("no such file") == true)
        let scalar = SimulatedMotionManager(source: .signal(Sine(frequency: 1)), clock: ManualClock(autoAdvance: true))
        let wrong = Collected<GyroData>(until: 1)
        scalar.startGyroUpdates(to: serialQueue()) { g, e in wrong.add(g, e) }
        #expect(wrong.wait())
        #expect(wrong.failures.first?.contains("nine channels") == true)
    }

    @Test("device motion as an AsyncSequence, ending with the source")
    func asyncSequence() async throws {
        let manager = SimulatedMotionManager(
            source: .signal(Self.motion, sampleRate: 200, duration: 0.5),
            clock: ManualClock(autoAdvance: true))
        manager.deviceMotionUpdateInterval = 0.05
        var stamps: [Double] = []
        for try await m in manager.deviceMotionUpdates() { stamps.append(m.timestamp) }
        #expect(stamps == (0..<10).map { Double($0 * 10) / 200 })
    }

    @Test("attitude: Euler angles round-trip, and the tilt gravity implies")
    func attitude() {
        for (roll, pitch, yaw) in [(0.3, -0.2, 1.0), (-2.5, 1.2, -3.0), (0, 0, 0), (1.0, 0.5, 0)] {
            let a = Quaternion(roll: roll, pitch: pitch, yaw: yaw)
            #expect(abs(a.roll - roll) < 1e-12)
            #expect(abs(a.pitch - pitch) < 1e-12)
            #expect(abs(a.yaw - yaw) < 1e-12)
            #expect(abs(a.w * a.w + a.x * a.x + a.y * a.y + a.z * a.z - 1) < 1e-12)
        }
        #expect(Quaternion(gravity: Acceleration(x: 0, y: 0, z: -1)) == .identity)
        let portrait = Quaternion(gravity: Acceleration(x: 0, y: -1, z: 0))
        #expect(abs(portrait.pitch - .pi / 2) < 1e-12)
        #expect(abs(portrait.roll) < 1e-12)
        // The gravity an attitude implies gives the attitude back (yaw aside), and is unit length.
        for (roll, pitch) in [(0.3, -0.2), (-2.5, 1.2), (1.0, 0.5), (0, 1.5)] {
            let g = Quaternion(roll: roll, pitch: pitch, yaw: 0.7).gravity
            #expect(abs(g.x * g.x + g.y * g.y + g.z * g.z - 1) < 1e-12)
            let back = Quaternion(gravity: Acceleration(x: g.x, y: g.y, z: g.z))
            #expect(abs(back.roll - roll) < 1e-9)
            #expect(abs(back.pitch - pitch) < 1e-9)
            #expect(abs(back.yaw) < 1e-12)
        }
        let upright = Quaternion(roll: 0, pitch: .pi / 2, yaw: 0).gravity
        #expect(abs(upright.y + 1) < 1e-12)
        #expect(abs(upright.x) < 1e-12)
        #expect(abs(upright.z) < 1e-12)
        let tilted = Quaternion(gravity: Acceleration(x: sin(0.4), y: 0, z: -cos(0.4)))
        #expect(abs(tilted.roll - 0.4) < 1e-12)
        #expect(abs(tilted.pitch) < 1e-12)
    }
}
