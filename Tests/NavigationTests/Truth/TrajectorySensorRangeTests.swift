import Foundation
import Location
import Sensors
import Signals
import Testing

@testable import Navigation

/// A trajectory's sensors are checked as their models are wherever they are written: the IMU's terms by
/// the IMU model's one validation (JSON, the Swift initialiser, the render rate), the magnetometer's and
/// the barometer's quantisation steps so that no reading becomes infinite.
@Suite struct TrajectorySensorRangeTests {
    static let route = Route(speed: 1.4) {
        Waypoint(latitude: 51.5007, longitude: -0.1246)
        Waypoint(latitude: 51.5010, longitude: -0.1236)
    }

    @Test(
        "a trajectory's IMU term out of range is refused when the spec is read, at $.trajectory.sensors.imu.TERM",
        arguments: [
            (
                #""gyroscope_bias_instability": 0.001, "gyroscope_bias_correlation_time": -5"#,
                "gyroscope_bias_correlation_time", SignalError.Code.outOfRange
            ),
            (#""accelerometer_noise_density": 1e300"#, "accelerometer_noise_density", .outOfRange),
            (#""accelerometer_random_walk": -1"#, "accelerometer_random_walk", .outOfRange),
            (#""gyroscope_bias_instability": 0.001"#, "gyroscope_bias_correlation_time", .missingField),
            (
                #""preset": "adis16448", "gyroscope_bias_correlation_time": -5"#, "gyroscope_bias_correlation_time",
                .outOfRange
            ),
        ])
    func imuTermInSpec(_ term: String, _ field: String, _ code: SignalError.Code) throws {
        let error = try #require(TrajectorySpecTests.error(#""sensors": {"imu": {\#(term)}}"#))
        #expect(error.path == "$.trajectory.sensors.imu.\(field)", "\(error)")
        #expect(error.code == code, "\(error)")
    }

    @Test(
        "the Swift initialiser refuses the same IMU at the same path; the render rate's check refuses a low-pass too slow for it"
    )
    func imuInSwift() throws {
        var imu = IMU()
        imu.gyroscope.biasInstability = SIMD3(repeating: 0.001)
        imu.gyroscope.biasCorrelationTime = SIMD3(repeating: -5)
        let error = try #require(throws: SignalError.self) {
            try Trajectory(route: Self.route, vehicle: .walk, sensors: TrajectorySensors(imu: imu))
        }
        #expect(error.path == "$.trajectory.sensors.imu.gyroscope_bias_correlation_time", "\(error)")
        var slow = IMU()
        slow.accelerometer.bandwidth = SIMD3(repeating: 1e-3)
        let trajectory = try Trajectory(route: Self.route, vehicle: .walk, sensors: TrajectorySensors(imu: slow))
        _ = try trajectory.series(rate: 1)
        let rateError = try #require(throws: SignalError.self) { try trajectory.series(rate: 1e6) }
        #expect(rateError.path == "$.trajectory.sensors.imu.accelerometer_bandwidth", "\(rateError)")
        #expect(rateError.message.contains("2^20"), "\(rateError.message)")
    }

    @Test(
        "a magnetometer or barometer resolution below 1e-12 is refused at its path (the quantised reading would be inf)",
        arguments: [
            (#""magnetometer": {"resolution": 1e-320}"#, "$.trajectory.sensors.magnetometer.resolution"),
            (#""magnetometer": {"resolution": 1e-13}"#, "$.trajectory.sensors.magnetometer.resolution"),
            (#""barometer": {"resolution": 1e-320}"#, "$.trajectory.sensors.barometer.resolution"),
        ])
    func tinyResolution(_ sensor: String, _ path: String) throws {
        let error = try #require(TrajectorySpecTests.error(#""sensors": {\#(sensor)}"#))
        #expect(error.path == path, "\(error)")
        #expect(error.code == .outOfRange)
        #expect(error.message.contains("at least 1e-12"), "\(error.message)")
    }

    @Test("why: quantising a reading to a step of 1e-320 gives inf; the smallest accepted step keeps it finite")
    func quantisationOverflow() throws {
        #expect(RandomAccessNoise.quantise(101_325, step: 2_000 * .leastNonzeroMagnitude) == .infinity)
        #expect(RandomAccessNoise.quantise(101_325, step: BarometerModel.smallestResolution).isFinite)
        let barometer = try BarometerModel(
            sampleRate: 10, noiseDensity: 1000, resolution: BarometerModel.smallestResolution, seed: 1)
        let p = try barometer.pressures(first: 0, count: 100) { _ in (51.5, -0.12, 10) }
        #expect(p.allSatisfy { $0.isFinite })
        let magnetometer = try MagnetometerModel(
            sampleRate: 1e6, noiseDensity: 1000, resolution: MagnetometerModel.smallestResolution, seed: 1)
        let trajectory = try Trajectory(
            route: Self.route, vehicle: .walk, sensors: TrajectorySensors(magnetometer: magnetometer))
        let rows = try trajectory.render(TrajectorySeries(kind: .magnetometer, rate: 1e6), samples: 0..<1000)
        #expect(rows.allSatisfy { $0.isFinite })
    }
}
