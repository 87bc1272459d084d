import Foundation
import Signals
import Testing

@testable import Sensors

/// Madgwick's filter against `ahrs` (an independent implementation) on the same inputs, then its physics.
@Suite struct MadgwickFilterTests {
    static let fixture = Result { try AHRSFixture.load() }
    /// The bound on the quaternion difference from `ahrs`.
    static let tolerance = 1e-6

    /// Runs the Swift filter over the fixture's inputs as `ahrs`'s batch mode does (start from sample 0, update
    /// from sample 1 on), with the inputs passed through `accelerometer` and `magnetometer` first.
    static func run(
        _ rows: [AHRSFixture.Row], gain: Double, magnetometer useMagnetometer: Bool,
        changingAccelerometer a: (SIMD3<Double>) -> SIMD3<Double> = { $0 },
        changingMagnetometer m: (SIMD3<Double>) -> SIMD3<Double> = { $0 }
    ) -> [Quaternion] {
        var filter = MadgwickFilter(
            gain: gain, accelerometer: a(rows[0].accelerometer),
            magnetometer: useMagnetometer ? m(rows[0].magnetometer) : nil)
        var out = [filter.quaternion]
        for row in rows.dropFirst() {
            filter.update(
                gyroscope: row.gyroscope, accelerometer: a(row.accelerometer),
                magnetometer: useMagnetometer ? m(row.magnetometer) : nil, dt: AHRSFixture.dt)
            out.append(filter.quaternion)
        }
        return out
    }

    @Test("the fixture: 2000 samples at 100 Hz, ahrs 0.4.0, with the exact-zero samples")
    func fixtureShape() throws {
        let f = try Self.fixture.get()
        #expect(f.rows.count == 2000)
        #expect(f.comments.first?.contains("ahrs 0.4.0") == true)
        #expect(f.rows[1000].gyroscope == .zero)
        #expect(f.rows[1500].magnetometer == .zero)
        #expect(f.rows[1700].accelerometer == .zero)
    }

    @Test("matches ahrs.filters.Madgwick within 1e-6 over every sample", arguments: AHRSFixture.Run.madgwick)
    func matchesAHRS(run: AHRSFixture.Run) throws {
        let rows = try Self.fixture.get().rows
        let swift = Self.run(rows, gain: run.gain, magnetometer: run.magnetometer)
        let (worst, at) = try AHRSFixture.difference(swift, rows, run.name)
        print("Madgwick \(run.name): max |Δq| vs ahrs = \(worst) at sample \(at)")
        #expect(worst < Self.tolerance, "sample \(at)")
        // Far tighter in fact: the two differ by rounding only.
        #expect(worst < 1e-12, "sample \(at)")
    }

    @Test("the start-up attitudes are ahrs's acc2q and ecompass('NED'), to rounding")
    func initialAttitudes() throws {
        let row = try Self.fixture.get().rows[0]
        let imu = MadgwickFilter.initialAttitude(accelerometer: row.accelerometer)
        let marg = MadgwickFilter.initialAttitude(accelerometer: row.accelerometer, magnetometer: row.magnetometer)
        #expect(quaternionDistance(imu, try #require(row.runs["imu"])) < 1e-15)
        #expect(quaternionDistance(marg, try #require(row.runs["marg"])) < 1e-15)
        // Face up, field north and down: the identity in (north, west, up).
        let flat = MadgwickFilter.initialAttitude(accelerometer: SIMD3(0, 0, 9.8), magnetometer: SIMD3(20, 0, -45))
        #expect(quaternionDistance(flat, .identity) < 1e-15)
        // A field along the specific force gives no heading: ahrs returns NaN, this the acc2q attitude.
        let degenerate = MadgwickFilter.initialAttitude(accelerometer: SIMD3(0, 0, 9.8), magnetometer: SIMD3(0, 0, 30))
        #expect(degenerate == .identity)
    }

    @Test("a field declined by D east: turning the magnetic-north attitude by −D about up gives true north")
    func trueNorth() {
        let d = 0.2  // rad, east
        // Lying flat, x to true north: the field's horizontal part points D east of it, i.e. towards −y (west is +y).
        let field = SIMD3(20 * cos(d), -20 * sin(d), -45)
        let magnetic = MadgwickFilter.initialAttitude(accelerometer: SIMD3(0, 0, 9.8), magnetometer: field)
        #expect(abs(magnetic.yaw - d) < 1e-12)
        let trueNorth = Quaternion(axis: (0, 0, 1), angle: -d) * magnetic
        #expect(angleBetween(trueNorth, .identity) < 1e-7)
        #expect(angleBetween(Quaternion(axis: (0, 0, 1), angle: d) * magnetic, .identity) > 0.3)
    }

    /// Wrong inputs or parameters that a port could get wrong, and how far each lands from `ahrs`.
    struct Mistake: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var run: String
        var gain: Double
        var accelerometer: @Sendable (SIMD3<Double>) -> SIMD3<Double> = { $0 }
        var magnetometer: @Sendable (SIMD3<Double>) -> SIMD3<Double> = { $0 }
        /// The smallest difference the mistake must show (measured: see the printed value).
        var atLeast: Double
    }

    static let mistakes = [
        Mistake(testDescription: "IMU at gain 0.04 instead of 0.033", run: "imu", gain: 0.04, atLeast: 1e-3),
        Mistake(
            testDescription: "MARG at the IMU gain 0.033 instead of 0.041", run: "marg", gain: 0.033, atLeast: 1e-3),
        Mistake(
            testDescription: "MARG with the magnetometer's x and y swapped", run: "marg", gain: 0.041,
            magnetometer: { SIMD3($0.y, $0.x, $0.z) }, atLeast: 0.1),
        Mistake(
            testDescription: "IMU with CoreMotion's accelerometer sign (face up −z)", run: "imu", gain: 0.033,
            accelerometer: { -$0 }, atLeast: 0.5),
    ]

    @Test("a mistaken gain, axis or sign lands far outside the tolerance", arguments: MadgwickFilterTests.mistakes)
    func mistakesAreCaught(mistake: Mistake) throws {
        let rows = try Self.fixture.get().rows
        let magnetometer = mistake.run.hasPrefix("marg")
        let swift = Self.run(
            rows, gain: mistake.gain, magnetometer: magnetometer,
            changingAccelerometer: mistake.accelerometer, changingMagnetometer: mistake.magnetometer)
        let (worst, at) = try AHRSFixture.difference(swift, rows, mistake.run)
        print("Madgwick mistake \(mistake.testDescription): max |Δq| vs ahrs = \(worst) at sample \(at)")
        #expect(worst > mistake.atLeast)
        #expect(worst > 1000 * Self.tolerance)
    }

    @Test("with the magnetometer the estimate finds the true attitude in (north, west, up)")
    func margFindsTruth() throws {
        let rows = try Self.fixture.get().rows
        let swift = Self.run(rows, gain: MadgwickFilter.defaultMARGGain, magnetometer: true)
        // Noise, gyroscope bias and up to 1 m/s² of linear acceleration: a few degrees.
        let worst = (500..<rows.count).map { angleBetween(swift[$0], rows[$0].truth) }.max() ?? .nan
        print("Madgwick MARG vs truth after 5 s: max angle \(worst) rad")
        #expect(worst < 0.1)
        // Without the magnetometer the heading is not north: a far larger difference from the truth.
        let imu = Self.run(rows, gain: MadgwickFilter.defaultIMUGain, magnetometer: false)
        #expect(angleBetween(imu[1999], rows[1999].truth) > 0.3)
    }

    @Test("still with a vertical gyroscope bias b: the IMU yaw drifts at b rad/s, the MARG yaw stays put")
    func yawDrift() {
        let b = 0.01
        var imu = MadgwickFilter(gain: MadgwickFilter.defaultIMUGain)
        holdStill(&imu, seconds: 60, gyroscope: SIMD3(0, 0, b), magnetometer: nil)
        let rate = imu.quaternion.yaw / 60
        print("Madgwick IMU yaw drift: \(rate) rad/s for bias \(b)")
        #expect(abs(rate - b) < 0.01 * b)
        #expect(tiltError(imu.quaternion, up: (0, 0, 1)) < 1e-9)

        var marg = MadgwickFilter(gain: MadgwickFilter.defaultMARGGain)
        var largest = 0.0
        holdStill(&marg, seconds: 60, gyroscope: SIMD3(0, 0, b), magnetometer: SIMD3(20, 0, -45)) { _, q in
            largest = max(largest, abs(q.yaw))
        }
        print("Madgwick MARG yaw with bias \(b): largest \(largest) rad, final \(marg.quaternion.yaw) rad")
        #expect(largest < 0.003)  // ahrs: 0.0010
    }

    @Test("still with a horizontal gyroscope bias below 2β: the IMU tilt error stays bounded")
    func horizontalBias() {
        var imu = MadgwickFilter(gain: MadgwickFilter.defaultIMUGain)
        var largest = 0.0
        holdStill(&imu, seconds: 60, gyroscope: SIMD3(0.02, -0.01, 0), magnetometer: nil) { _, q in
            largest = max(largest, tiltError(q, up: (0, 0, 1)))
        }
        print("Madgwick IMU tilt error with horizontal bias 0.022 rad/s: largest \(largest) rad")
        #expect(largest < 0.003)  // ahrs: 0.00088
    }

    @Test("tilt converges to gravity from 1 rad off, a little slower than 2β rad/s", arguments: [0.033, 0.1])
    func tiltConverges(gain: Double) {
        var filter = MadgwickFilter(gain: gain, quaternion: Quaternion(axis: (1, 0, 0), angle: 1))
        var converged: Int?
        // A small vertical rate: a gyroscope reading of exactly zero would freeze the filter (as ahrs).
        holdStill(&filter, seconds: 40, gyroscope: SIMD3(0, 0, 1e-3), magnetometer: nil) { k, q in
            if converged == nil, tiltError(q, up: (0, 0, 1)) < 0.01 { converged = k }
        }
        let seconds = Double(converged ?? .max) / 100
        // Never faster than 2β rad/s; in fact about 15 % slower (the normalised gradient is not tangent to the
        // unit sphere, so part of the step is removed by the renormalisation). ahrs: 17.46 s and 5.76 s.
        let bound = (1 - 0.01) / (2 * gain)
        print("Madgwick tilt convergence at gain \(gain): \(seconds) s (0.99 rad / 2β = \(bound) s)")
        #expect(seconds >= bound)
        #expect(seconds < 1.2 * bound)
        #expect(tiltError(filter.quaternion, up: (0, 0, 1)) < 0.01)
    }

    @Test("with the magnetometer, a heading π/2 off converges to north, about 1.4 times slower than 2β rad/s")
    func headingConverges() {
        let gain = MadgwickFilter.defaultMARGGain
        var filter = MadgwickFilter(gain: gain, quaternion: Quaternion(axis: (0, 0, 1), angle: .pi / 2))
        var converged: Int?
        holdStill(&filter, seconds: 40, gyroscope: SIMD3(0, 0, 1e-3), magnetometer: SIMD3(20, 0, -45)) { k, q in
            if converged == nil, abs(q.yaw) < 0.01 { converged = k }
        }
        let seconds = Double(converged ?? .max) / 100
        // Never faster than 2β rad/s; in fact about 1.4 times slower (the gravity terms take part of the
        // normalised gradient). ahrs: 27.07 s.
        let bound = (Double.pi / 2 - 0.01) / (2 * gain)
        print("Madgwick heading convergence at gain \(gain): \(seconds) s ((π/2 − 0.01) / 2β = \(bound) s)")
        #expect(seconds >= bound)
        #expect(seconds < 1.5 * bound)
        #expect(abs(filter.quaternion.yaw) < 0.01)
    }

    @Test("a sustained horizontal acceleration tilts the estimate by atan(a/g)")
    func tiltErrsUnderAcceleration() {
        let error = tiltUnderHorizontalAcceleration(MadgwickFilter(gain: MadgwickFilter.defaultIMUGain))
        print("Madgwick tilt under 0.1 g: \(error) rad (atan 0.1 = \(atan(0.1)))")
        #expect(abs(error - atan(0.1)) < 0.005)
    }

    @Test("as ahrs: a gyroscope reading of exactly zero leaves the attitude unchanged, even when wrong")
    func zeroRateFreezes() {
        let start = Quaternion(axis: (1, 0, 0), angle: 0.5)
        var filter = MadgwickFilter(gain: MadgwickFilter.defaultIMUGain, quaternion: start)
        holdStill(&filter, seconds: 1, gyroscope: .zero, magnetometer: nil)
        #expect(filter.quaternion == start)
        holdStill(&filter, seconds: 2, gyroscope: SIMD3(0, 0, 1e-6), magnetometer: nil)
        #expect(tiltError(filter.quaternion, up: (0, 0, 1)) < 0.5 - 0.05)
    }

    @Test("free fall (a zero accelerometer) integrates the gyroscope alone")
    func freeFall() {
        var filter = MadgwickFilter(gain: MadgwickFilter.defaultMARGGain)
        for _ in 0..<100 {
            filter.update(gyroscope: SIMD3(0, 0, 0.5), accelerometer: .zero, magnetometer: SIMD3(20, 0, -45), dt: 0.01)
        }
        // ahrs's one Euler step per sample, renormalised, turns 2·atan(ω·dt/2) rather than ω·dt.
        #expect(abs(filter.quaternion.yaw - 100 * 2 * atan(0.5 * 0.01 / 2)) < 1e-12)
        #expect(abs(filter.quaternion.yaw - 0.5) > 1e-6)
    }
}
