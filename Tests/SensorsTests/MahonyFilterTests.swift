import Foundation
import Signals
import Testing

@testable import Sensors

/// Mahony's filter against `ahrs` (an independent implementation) on the same inputs, then its physics.
@Suite struct MahonyFilterTests {
    static let fixture = Result { try AHRSFixture.load() }
    /// The bound on the quaternion difference from `ahrs`.
    static let tolerance = 1e-6

    /// Runs the Swift filter over the fixture's inputs as `ahrs`'s batch mode does.
    static func run(
        _ rows: [AHRSFixture.Row], kP: Double, kI: Double, magnetometer useMagnetometer: Bool,
        changingMagnetometer m: (SIMD3<Double>) -> SIMD3<Double> = { $0 }
    ) -> [Quaternion] {
        var filter = MahonyFilter(
            kP: kP, kI: kI, accelerometer: rows[0].accelerometer,
            magnetometer: useMagnetometer ? m(rows[0].magnetometer) : nil)
        var out = [filter.quaternion]
        for row in rows.dropFirst() {
            filter.update(
                gyroscope: row.gyroscope, accelerometer: row.accelerometer,
                magnetometer: useMagnetometer ? m(row.magnetometer) : nil, dt: AHRSFixture.dt)
            out.append(filter.quaternion)
        }
        return out
    }

    @Test("matches ahrs.filters.Mahony within 1e-6 over every sample", arguments: AHRSFixture.Run.mahony)
    func matchesAHRS(run: AHRSFixture.Run) throws {
        let rows = try Self.fixture.get().rows
        let swift = Self.run(rows, kP: run.gain, kI: try #require(run.kI), magnetometer: run.magnetometer)
        let (worst, at) = try AHRSFixture.difference(swift, rows, run.name)
        print("Mahony \(run.name): max |Δq| vs ahrs = \(worst) at sample \(at)")
        #expect(worst < Self.tolerance, "sample \(at)")
        #expect(worst < 1e-12, "sample \(at)")
    }

    @Test("mistaken gains or magnetometer axes land far outside the tolerance")
    func mistakesAreCaught() throws {
        let rows = try Self.fixture.get().rows
        let cases: [(String, [Quaternion], String)] = [
            ("kI 0.2 instead of 0.3", Self.run(rows, kP: 1, kI: 0.2, magnetometer: false), "mahony_imu"),
            ("kP 1.2 instead of 1", Self.run(rows, kP: 1.2, kI: 0.3, magnetometer: true), "mahony_marg"),
            (
                "magnetometer x and y swapped",
                Self.run(
                    rows, kP: 1, kI: 0.3, magnetometer: true,
                    changingMagnetometer: { SIMD3($0.y, $0.x, $0.z) }), "mahony_marg"
            ),
        ]
        for (what, swift, name) in cases {
            let (worst, at) = try AHRSFixture.difference(swift, rows, name)
            print("Mahony mistake \(what): max |Δq| vs ahrs = \(worst) at sample \(at)")
            #expect(worst > 1000 * Self.tolerance, "\(what)")
        }
    }

    @Test("the MARG frame is east–north–up: a quarter turn about z from Madgwick's north–west–up")
    func frames() throws {
        let rows = try Self.fixture.get().rows
        let mahony = Self.run(rows, kP: 1, kI: 0.3, magnetometer: true)
        let toNorthWestUp = Quaternion(axis: (0, 0, 1), angle: -.pi / 2)
        let worst = (500..<rows.count).map { angleBetween(toNorthWestUp * mahony[$0], rows[$0].truth) }.max() ?? .nan
        print("Mahony MARG (turned to north–west–up) vs truth after 5 s: max angle \(worst) rad")
        #expect(worst < 0.1)
        // Not turned, it is a quarter turn off.
        #expect(abs(angleBetween(mahony[1999], rows[1999].truth) - .pi / 2) < 0.1)
        // The start-up attitudes agree the same way.
        let row = rows[0]
        let enu = MahonyFilter.initialAttitude(accelerometer: row.accelerometer, magnetometer: row.magnetometer)
        let nwu = MadgwickFilter.initialAttitude(accelerometer: row.accelerometer, magnetometer: row.magnetometer)
        #expect(angleBetween(toNorthWestUp * enu, nwu) < 1e-12)
        #expect(quaternionDistance(enu, try #require(row.runs["mahony_marg"])) < 1e-15)
    }

    @Test("still with a gyroscope bias: the IMU learns the horizontal bias and drifts in yaw at the vertical one")
    func imuBias() {
        let b = SIMD3(0.02, -0.01, 0.01)
        var filter = MahonyFilter()
        var tilt = 0.0
        holdStill(&filter, seconds: 60, gyroscope: b, magnetometer: nil) { k, q in
            if k > 1000 { tilt = max(tilt, tiltError(q, up: (0, 0, 1))) }
        }
        print(
            "Mahony IMU: yaw rate \(filter.quaternion.yaw / 60) rad/s, bias \(filter.bias), tilt after 10 s ≤ \(tilt)")
        #expect(abs(filter.quaternion.yaw / 60 - b.z) < 0.01 * b.z)
        #expect(abs(filter.bias.x - b.x) < 1e-4)
        #expect(abs(filter.bias.y - b.y) < 1e-4)
        #expect(abs(filter.bias.z) < 1e-9)
        #expect(tilt < 0.002)  // ahrs: 0.00053
    }

    @Test("still with a gyroscope bias: with the magnetometer the vertical bias is learnt and the yaw holds")
    func margBias() {
        let b = SIMD3(0.02, -0.01, 0.01)
        var filter = MahonyFilter()
        // East–north–up: the field north (+y) and down.
        holdStill(&filter, seconds: 60, gyroscope: b, magnetometer: SIMD3(0, 20, -45))
        print("Mahony MARG: yaw \(filter.quaternion.yaw) rad, bias \(filter.bias)")
        #expect(abs(filter.quaternion.yaw) < 0.005)  // ahrs: 0.0007
        #expect(abs(filter.bias.z - b.z) < 0.2 * b.z)  // ahrs: 0.0108 after 60 s, still converging
    }

    @Test("tilt converges from 1 rad off within about 2/kP seconds")
    func tiltConverges() {
        var filter = MahonyFilter(quaternion: Quaternion(axis: (1, 0, 0), angle: 1))
        var converged: Int?
        holdStill(&filter, seconds: 20, gyroscope: SIMD3(0, 0, 1e-3), magnetometer: nil) { k, q in
            if converged == nil, tiltError(q, up: (0, 0, 1)) < 0.01 { converged = k }
        }
        let seconds = Double(converged ?? .max) / 100
        print("Mahony tilt convergence: \(seconds) s")  // ahrs: 1.90 s
        #expect(seconds > 1)
        #expect(seconds < 3)
    }

    @Test("a sustained horizontal acceleration tilts the estimate by atan(a/g)")
    func tiltErrsUnderAcceleration() {
        let error = tiltUnderHorizontalAcceleration(MahonyFilter())
        print("Mahony tilt under 0.1 g: \(error) rad (atan 0.1 = \(atan(0.1)))")
        #expect(abs(error - atan(0.1)) < 0.001)
    }

    @Test("as ahrs: a zero gyroscope reading changes nothing; a zero accelerometer skips the bias too")
    func specialCases() {
        let start = Quaternion(axis: (1, 0, 0), angle: 0.5)
        var filter = MahonyFilter(quaternion: start, bias: SIMD3(0, 0, 0.1))
        filter.update(gyroscope: .zero, accelerometer: SIMD3(0, 0, 9.8), magnetometer: nil, dt: 0.01)
        #expect(filter.quaternion == start)
        #expect(filter.bias == SIMD3(0, 0, 0.1))
        var falling = MahonyFilter(bias: SIMD3(0, 0, 0.1))
        for _ in 0..<100 {
            falling.update(gyroscope: SIMD3(0, 0, 0.5), accelerometer: .zero, magnetometer: nil, dt: 0.01)
        }
        // The raw rate, not rate − bias: 0.5 rad (less the Euler step's 1e-6), not 0.4.
        #expect(abs(falling.quaternion.yaw - 100 * 2 * atan(0.5 * 0.01 / 2)) < 1e-12)
    }
}
