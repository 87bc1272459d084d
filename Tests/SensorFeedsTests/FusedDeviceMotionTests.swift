import Foundation
import Navigation
import Playback
import SignalRunnerTesting
import Signals
import Testing

@testable import SensorFeeds

/// Device motion and the magnetometer from a trajectory: the fused attitude a phone would report.
@Suite struct FusedDeviceMotionTests {
    /// Every device-motion update of the first `count` at `interval` in `frame`, played instantly.
    static func deviceMotion(
        _ source: MotionSource, frame: AttitudeReferenceFrame, interval: Double = 0.1,
        count: Int
    ) -> (values: [DeviceMotion], failures: [String]) {
        let manager = SimulatedMotionManager(source: source, clock: ManualClock(autoAdvance: true))
        manager.deviceMotionUpdateInterval = interval
        let seen = Collected<DeviceMotion>(until: count)
        let queue = serialQueue()
        manager.startDeviceMotionUpdates(using: frame, to: queue) { m, e in seen.add(m, e) }
        _ = seen.wait()
        manager.stopDeviceMotionUpdates()
        #expect(manager.attitudeReferenceFrame == frame)
        return (Array(seen.values.prefix(count)), seen.failures)
    }

    /// The signed yaw of `a` relative to `b` (radians, −π ..< π): the twist about the vertical of `a ⊗ b*`.
    static func yawError(_ a: Quaternion, _ b: Quaternion) -> Double {
        let e = a * b.conjugate
        let twist = AttitudeFusion.twistZ(e)
        return 2 * atan2(twist.z, twist.w)
    }

    /// |a − b| in degrees on the circle, 0 … 180.
    static func headingError(_ a: Double, _ b: Double) -> Double { abs(TrajectoryMath.signedDegrees(a - b)) }

    /// The fused device motion of every `step`-th sample of `trajectory` at 100 Hz in `frame`, run outside a
    /// manager with the given calibration (for the failing cases).
    static func fused(
        _ trajectory: Trajectory, frame: AttitudeReferenceFrame, calibration: MagnetometerCalibration,
        seconds: Double, step: Int = 10, estimatesBias: Bool = true
    ) throws -> [DeviceMotion] {
        let transform = MotionSample.transform(
            .deviceMotion, frame: frame, calibration: calibration, estimatesBias: estimatesBias)()
        var cursor = try TrajectoryPoints(trajectory, sampleRate: 100, duration: seconds).makeCursor()
        var out: [DeviceMotion] = []
        var n = 0
        while let (p, _) = try cursor.next() {
            let m = transform(p).deviceMotion
            if n % step == 0 { out.append(m) }
            n += 1
        }
        return out
    }

    /// The largest heading error (degrees) of north-referenced updates at or after `from` seconds.
    static func worstHeading(
        _ updates: [DeviceMotion], _ trajectory: Trajectory, frame: AttitudeReferenceFrame,
        from: Double
    ) throws -> Double {
        try updates.filter { $0.timestamp >= from - 1e-9 }.map { m in
            let truth = try WalkTrajectory.point(trajectory, at: m.timestamp)
            return headingError(m.heading, frame == .xTrueNorthZVertical ? truth.trueHeading : truth.magneticHeading)
        }.max() ?? .infinity
    }

    /// The documented settling time of the north-referenced frames, seconds, and the heading and attitude errors
    /// after it on the walk example (BMI160 and magnetometer, degrees).
    static let settling = 3.0, headingBound = 5.0, attitudeBound = 6.0

    @Test("north-referenced frames start unsettled, converge within 3 s and then stay within 5° of the true heading")
    func northConverges() throws {
        let walk = try WalkTrajectory.example()
        for frame: AttitudeReferenceFrame in [.xTrueNorthZVertical, .xMagneticNorthZVertical] {
            let (updates, failures) = Self.deviceMotion(.signal(walk), frame: frame, count: 1500)
            #expect(failures.isEmpty)
            try #require(updates.count == 1500)
            // At the start the heading is not yet known: far from the truth.
            let first = try WalkTrajectory.point(walk, at: 0)
            #expect(
                Self.headingError(
                    updates[0].heading, frame == .xTrueNorthZVertical ? first.trueHeading : first.magneticHeading) > 45)
            let worst = try Self.worstHeading(updates, walk, frame: frame, from: Self.settling)
            #expect(worst <= Self.headingBound, "frame \(frame.rawValue): worst heading error \(worst)°")
            let worstAttitude =
                updates.filter { $0.timestamp >= Self.settling }.map {
                    $0.attitude.angle(to: $0.trueAttitude) * 180 / .pi
                }.max() ?? .infinity
            #expect(worstAttitude <= Self.attitudeBound, "worst attitude error \(worstAttitude)°")
            // Not the truth: a filter's error, whose tilt follows the accelerometer's bias and the gait.
            #expect(
                updates.filter { $0.timestamp >= Self.settling }.allSatisfy {
                    $0.attitude.angle(to: $0.trueAttitude) > 1e-6
                })
            #expect(updates.allSatisfy { $0.magneticField.accuracy == .high && (0..<360).contains($0.heading) })
        }
    }

    @Test("the failing case: a field with its hard iron left in breaks the 5° heading bound")
    func uncalibratedFails() throws {
        let walk = try WalkTrajectory.example()
        let calibrated = try Self.fused(
            walk, frame: .xTrueNorthZVertical, calibration: MagnetometerCalibration(walk.sensors.magnetometer),
            seconds: 150)
        #expect(
            try Self.worstHeading(calibrated, walk, frame: .xTrueNorthZVertical, from: Self.settling)
                <= Self.headingBound)
        let raw = try Self.fused(
            walk, frame: .xTrueNorthZVertical, calibration: MagnetometerCalibration(nil), seconds: 150)
        #expect(try Self.worstHeading(raw, walk, frame: .xTrueNorthZVertical, from: Self.settling) > Self.headingBound)
    }

    /// The walk with an IMU whose only error is a gyroscope bias (rad/s per axis) and a quiet magnetometer.
    static func biasedWalk(_ bias: (Double, Double, Double)) throws -> Trajectory {
        try WalkTrajectory.with(
            sensors: """
                {"imu": {"gyroscope_bias": [\(bias.0), \(bias.1), \(bias.2)]},
                 "magnetometer": {"rate": 100, "noise_density": 0.01, "hard_iron": [12, -3, 40], "seed": 8}}
                """, mount: "flat")
    }

    /// The yaw drift (radians) the gyroscope's bias implies over the first `seconds`: the bias's component along
    /// the vertical (the truth's "up" in the device frame, −gravity) integrated at 100 Hz.
    static func expectedDrift(_ trajectory: Trajectory, bias: SIMD3<Double>, seconds: Double) throws -> Double {
        let points = try trajectory.points(first: 0, count: Int(seconds * 100), rate: 100)
        return points.reduce(0) { sum, p in
            let g = p.motion.gravity
            return sum - (bias.x * g.x + bias.y * g.y + bias.z * g.z) / 100
        }
    }

    @Test(
        "ahrs's filter (no bias estimate): .xArbitraryZVertical yaw drifts at the gyroscope bias's vertical component")
    func arbitraryDrift() throws {
        let bias = SIMD3(0.002, -0.001, 0.01)
        let walk = try Self.biasedWalk((bias.x, bias.y, bias.z))
        let expected = try Self.expectedDrift(walk, bias: bias, seconds: 60)
        #expect(abs(expected) > 0.5)  // 0.01 rad/s for 60 s: a drift worth measuring
        let none = MagnetometerCalibration(nil)
        let updates = try Self.fused(
            walk, frame: .xArbitraryZVertical, calibration: none, seconds: 60.01, estimatesBias: false)
        let last = try #require(updates.last)
        #expect(abs(last.timestamp - 60) < 1e-9)
        let drift = Self.yawError(last.attitude, last.trueAttitude)
        #expect(abs(drift - expected) <= 0.05 * abs(expected), "drift \(drift) rad, expected \(expected) rad")
        #expect(updates.allSatisfy { $0.heading == -1 && $0.gyroscopeBias == RotationRate(x: 0, y: 0, z: 0) })

        // The failing case: the same walk with a bias-free gyroscope hardly drifts.
        let clean = try Self.fused(
            try Self.biasedWalk((0, 0, 0)), frame: .xArbitraryZVertical, calibration: none, seconds: 60.01,
            estimatesBias: false)
        let cleanDrift = Self.yawError(try #require(clean.last).attitude, try #require(clean.last).trueAttitude)
        #expect(abs(cleanDrift - expected) > 0.5 * abs(expected), "bias-free drift \(cleanDrift) rad")
    }

    @Test(
        "the phone's fusion measures the bias while the device keeps still and removes it: the yaw no longer drifts"
    )
    func arbitraryBiasRemoved() throws {
        let bias = SIMD3(0.002, -0.001, 0.01)
        let walk = try Self.biasedWalk((bias.x, bias.y, bias.z))
        let expected = try Self.expectedDrift(walk, bias: bias, seconds: 60)
        let updates = try Self.fused(
            walk, frame: .xArbitraryZVertical, calibration: MagnetometerCalibration(nil), seconds: 60.01)
        let last = try #require(updates.last)
        let drift = Self.yawError(last.attitude, last.trueAttitude)
        // Less than a tenth of what the bias would have turned it (0.6 rad).
        #expect(abs(drift) < 0.1 * abs(expected), "drift \(drift) rad, uncorrected \(expected) rad")
        // The estimate is the bias: its vertical part (the flat device's z, what the yaw integrates) within 2 %;
        // the horizontal parts, which gravity corrects anyway, take in some of the gait's rotation (measured:
        // 0.0039 for 0.002 on x).
        let estimate = SIMD3(last.gyroscopeBias.x, last.gyroscopeBias.y, last.gyroscopeBias.z)
        #expect(abs(estimate.z - bias.z) < 0.02 * bias.z, "estimate \(estimate), bias \(bias)")
        #expect(abs(estimate.x - bias.x) < 0.003, "estimate \(estimate), bias \(bias)")
        #expect(abs(estimate.y - bias.y) < 0.003, "estimate \(estimate), bias \(bias)")
        let point = try walk.points(first: 6000, count: 1, rate: 100)[0]
        let w = point.motion.rotationRate
        #expect(abs(last.rotationRate.z + last.gyroscopeBias.z - w.z) < 1e-12)
        #expect(abs(last.rotationRate.x + last.gyroscopeBias.x - w.x) < 1e-12)
    }

    @Test(
        ".xArbitraryCorrectedZVertical starts where .xArbitraryZVertical does and holds its yaw with the magnetometer")
    func arbitraryCorrected() throws {
        let walk = try Self.biasedWalk((0.002, -0.001, 0.01))
        let none = MagnetometerCalibration(walk.sensors.magnetometer)
        // ahrs's filter, without a bias estimate, so that only the magnetometer can hold the yaw.
        let corrected = try Self.fused(
            walk, frame: .xArbitraryCorrectedZVertical, calibration: none, seconds: 60.01, estimatesBias: false)
        let arbitrary = try Self.fused(
            walk, frame: .xArbitraryZVertical, calibration: none, seconds: 60.01, estimatesBias: false)
        try #require(corrected.count == 601 && arbitrary.count == 601)
        // The same frame at the start: the first attitudes agree to the magnetometer's noise.
        #expect(corrected[0].attitude.angle(to: arbitrary[0].attitude) < 0.01)
        let worst = corrected.map { abs(Self.yawError($0.attitude, $0.trueAttitude)) }.max() ?? .infinity
        // Bounded (the bias against the magnetometer's pull, larger through turns), not growing.
        #expect(worst < 0.3, "corrected yaw error \(worst) rad")
        let lateMean = corrected[500...].map { abs(Self.yawError($0.attitude, $0.trueAttitude)) }.reduce(0, +) / 101
        #expect(lateMean < 0.1, "corrected yaw error over the last 10 s \(lateMean) rad")
        // The failing case: without the magnetometer the same filter has drifted.
        #expect(abs(Self.yawError(arbitrary[600].attitude, arbitrary[600].trueAttitude)) > 0.5)
    }

    @Test("the magnetometer reads the model's field plus its hard iron; device motion's calibrated field removes it")
    func magnetometer() throws {
        let walk = try WalkTrajectory.example()
        let ideal = try WalkTrajectory.with(barometer: nil)  // no magnetometer: its points hold the model's field
        let manager = SimulatedMotionManager(source: .signal(walk), clock: ManualClock(autoAdvance: true))
        #expect(manager.isMagnetometerAvailable)
        manager.magnetometerUpdateInterval = 0.02
        let seen = Collected<MagnetometerData>(until: 200)
        manager.startMagnetometerUpdates(to: serialQueue()) { d, e in seen.add(d, e) }
        #expect(seen.wait())
        manager.stopMagnetometerUpdates()
        let updates = Array(seen.values.prefix(200))
        #expect(seen.failures.isEmpty)
        #expect(updates.map(\.timestamp) == (0..<200).map { Double(2 * $0) / 100 })
        let hardIron = try #require(walk.sensors.magnetometer).hardIron
        var sum = SIMD3<Double>(0, 0, 0)
        for d in updates {
            let reading = try WalkTrajectory.point(walk, at: d.timestamp).magneticField.vector
            #expect(d.magneticField.vector == reading)
            let truth = try WalkTrajectory.point(ideal, at: d.timestamp).magneticField.vector
            let offset = d.magneticField.vector - truth
            sum += offset
            // Minus the bias, the reading is the model's field to the noise (0.1 µT/√Hz at 50 Hz: σ 0.7 µT).
            let residual = offset - hardIron
            #expect((residual * residual).sum().squareRoot() < 4, "residual \(residual) µT")
            // The failing case: without the bias removed the reading is ≥ 30 µT from the field.
            #expect((offset * offset).sum().squareRoot() > 30)
        }
        let mean = sum / Double(updates.count)
        #expect(((mean - hardIron) * (mean - hardIron)).sum().squareRoot() < 0.5, "mean offset \(mean) µT")
    }

    @Test("device motion's calibrated field is the reading minus the hard iron, accuracy high")
    func calibratedField() throws {
        let walk = try WalkTrajectory.example()
        let (updates, _) = Self.deviceMotion(.signal(walk), frame: .xMagneticNorthZVertical, count: 20)
        let hardIron = try #require(walk.sensors.magnetometer).hardIron
        for m in updates {
            let reading = try WalkTrajectory.point(walk, at: m.timestamp).magneticField.vector
            #expect(m.magneticField.field.vector == reading - hardIron)
            #expect(m.magneticField.accuracy == .high)
        }
    }

    @Test("a source without a magnetometer: no magnetometer updates and no north frame, each with an error")
    func unavailable() throws {
        let signal = MotionSignal {
            Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
        }
        let manager = SimulatedMotionManager(
            source: .signal(signal, duration: 1), clock: ManualClock(autoAdvance: true))
        #expect(!manager.isMagnetometerAvailable)
        let queue = serialQueue()
        let magnetometer = Collected<MagnetometerData>(until: 1)
        manager.startMagnetometerUpdates(to: queue) { d, e in magnetometer.add(d, e) }
        #expect(magnetometer.wait())
        #expect(magnetometer.values.isEmpty)
        #expect(magnetometer.failures.first?.contains("no magnetometer") == true)
        let north = Collected<DeviceMotion>(until: 1)
        manager.startDeviceMotionUpdates(using: .xTrueNorthZVertical, to: queue) { d, e in north.add(d, e) }
        #expect(north.wait())
        #expect(north.values.isEmpty)
        #expect(north.failures.first?.contains("needs a magnetometer") == true)
        // The arbitrary frame plays the signal's own attitude, as before.
        let arbitrary = Collected<DeviceMotion>(until: 3)
        manager.startDeviceMotionUpdates(using: .xArbitraryZVertical, to: queue) { d, e in arbitrary.add(d, e) }
        #expect(arbitrary.wait())
        manager.stopDeviceMotionUpdates()
        #expect(arbitrary.failures.isEmpty)
        #expect(
            arbitrary.values.allSatisfy {
                $0.magneticField == .uncalibrated && $0.heading == -1 && $0.trueAttitude == $0.attitude
            })
        #expect(SimulatedMotionManager.availableAttitudeReferenceFrames().contains(.xTrueNorthZVertical))
    }

    @Test("a set of frames, or bits CoreMotion does not have, is refused: device motion takes one frame")
    func oneFrame() throws {
        let walk = try WalkTrajectory.example()
        for frame: AttitudeReferenceFrame in [
            [.xArbitraryZVertical, .xTrueNorthZVertical], AttitudeReferenceFrame(rawValue: 16), [],
        ] {
            let (values, failures) = Self.deviceMotion(.signal(walk), frame: frame, count: 1)
            #expect(values.isEmpty)
            #expect(failures.first?.contains("must be one of") == true, "\(failures)")
        }
        // The failing case: a single frame plays.
        #expect(Self.deviceMotion(.signal(walk), frame: .xMagneticNorthZVertical, count: 1).values.count == 1)
    }
}

/// The manager's fusion against the `ahrs` package's Madgwick filter on the same inputs.
@Suite struct FusionAgainstAHRSTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data")
    /// The samples compared: after the start-up (3 s at 100 Hz), where the gain is ahrs's default.
    static let first = 300, last = 900

    /// The walk's fusion in the magnetic frame (the filter's own frame): per sample, the attitude and the
    /// filter's inputs (specific force in g, rate in rad/s, calibrated field in µT). Without the bias
    /// estimate (`estimatesBias` false) the fusion is `ahrs`'s filter on the raw reading.
    static func run(
        estimatesBias: Bool = false
    ) throws -> [(q: Quaternion, acc: SIMD3<Double>, gyr: SIMD3<Double>, mag: SIMD3<Double>)] {
        let walk = try WalkTrajectory.example()
        let transform = MotionSample.transform(
            .deviceMotion, frame: .xMagneticNorthZVertical,
            calibration: MagnetometerCalibration(walk.sensors.magnetometer), estimatesBias: estimatesBias)()
        let calibration = MagnetometerCalibration(walk.sensors.magnetometer)
        return try walk.points(first: 0, count: last + 1, rate: 100).map { p in
            let m = transform(p).deviceMotion
            let a = p.motion.userAcceleration
            let g = p.motion.gravity
            let w = p.motion.rotationRate
            return (
                m.attitude, -SIMD3(a.x + g.x, a.y + g.y, a.z + g.z), SIMD3(w.x, w.y, w.z),
                calibration.calibrate(p.magneticField.vector)
            )
        }
    }

    @Test(
        "after the start-up, the fusion without its bias estimate is ahrs's Madgwick (gain 0.041) on the same inputs, within 1e-9"
    )
    func matchesAHRS() throws {
        let samples = try Self.run()
        if let path = ProcessInfo.processInfo.environment["SIGNALRUNNER_WRITE_FUSION_INPUTS"] {
            // For Tools/Fusion/make_fused_walk_fixture.py: the inputs from `first` on, and the attitude at `first`.
            var text = "n,qw,qx,qy,qz,ax,ay,az,gx,gy,gz,mx,my,mz\n"
            for n in Self.first...Self.last {
                let s = samples[n]
                text +=
                    "\(n),\(s.q.w),\(s.q.x),\(s.q.y),\(s.q.z),\(s.acc.x),\(s.acc.y),\(s.acc.z),\(s.gyr.x),\(s.gyr.y),\(s.gyr.z),\(s.mag.x),\(s.mag.y),\(s.mag.z)\n"
            }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let lines = try String(contentsOf: Self.data.appendingPathComponent("fused_walk_ahrs.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst()
        try #require(lines.count == Self.last - Self.first + 1)
        var worst = 0.0
        for line in lines {
            let v = line.split(separator: ",").map { Double($0)! }
            let n = Int(v[0])
            let q = samples[n].q
            // q and −q are one attitude: compare with the sign that matches.
            let sign = (q.w * v[1] + q.x * v[2] + q.y * v[3] + q.z * v[4]) < 0 ? -1.0 : 1.0
            worst = max(
                worst, abs(sign * q.w - v[1]), abs(sign * q.x - v[2]), abs(sign * q.y - v[3]), abs(sign * q.z - v[4]))
        }
        #expect(worst < 1e-9, "worst component difference \(worst)")
        // The failing case: the reference is not the truth (the filter's error is degrees, not 1e-9).
        let walk = try WalkTrajectory.example()
        let truth = try walk.points(first: Self.last, count: 1, rate: 100)[0]
        let declination = TrajectoryMath.signedDegrees(truth.trueHeading - truth.magneticHeading) * .pi / 180
        let trueMagnetic =
            AttitudeFusion.turn(declination) * AttitudeFusion.enuToNWU * (truth.motion.attitude ?? .identity)
        #expect(samples[Self.last].q.angle(to: trueMagnetic) > 1e-3)
    }

    @Test("with its bias estimate (the default), the fusion departs from ahrs's filter: it integrates ω − b")
    func biasEstimateDeparts() throws {
        let plain = try Self.run(estimatesBias: false)
        let phone = try Self.run(estimatesBias: true)
        #expect(phone[Self.last].q.angle(to: plain[Self.last].q) > 1e-4)
        // Up to the first update the two are one filter.
        #expect(phone[0].q.angle(to: plain[0].q) < 1e-12)
    }
}
