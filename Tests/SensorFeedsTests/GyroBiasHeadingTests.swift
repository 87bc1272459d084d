import Foundation
import Navigation
import Playback
import Sensors
import Signals
import Testing

@testable import SensorFeeds

/// A north-referenced heading with every IMU preset's gyroscope bias: the fusion removes the bias, as
/// CoreMotion's device motion does, so the heading settles and stays.
@Suite struct GyroBiasHeadingTests {
    /// The bound on the heading error after ``settled`` seconds, degrees: a phone's heading must stay within 10° of the truth.
    static let bound = 10.0
    /// Seconds after the start from which the bound holds: the 3 s start-up and 2 s to spare.
    static let settled = 5.0

    /// A hand-held walk north through Westminster with `preset`'s IMU and a magnetometer (with hard iron, which
    /// the calibration removes, or without), standing `pause` seconds at the start.
    static func walkNorth(preset: String, hardIron: Bool, pause: Int) throws -> Trajectory {
        let iron = hardIron ? #", "hard_iron": [12, -3, 40]"# : ""
        let json = """
            {"trajectory": {
              "route": {"speed": 1.4, "waypoints": [
                {"latitude": 51.5007, "longitude": -0.1246, "altitude": 56, "pause": \(pause)},
                {"latitude": 51.5045, "longitude": -0.1246, "altitude": 56}]},
              "vehicle": "walk", "mount": "handheld", "epoch": "2026-06-01T08:30:00Z",
              "sensors": {"imu": {"preset": "\(preset)", "seed": 7},
                          "magnetometer": {"rate": 100, "noise_density": 0.1, "resolution": 0.1, "seed": 8\(iron)}}}}
            """
        return try Trajectory(json: Data(json.utf8), baseDirectory: WalkTrajectory.examples)
    }

    /// The worst heading error (degrees) from `from` to `to` seconds of `walk`'s fused device motion in
    /// `.xTrueNorthZVertical`, at 10 Hz.
    static func worst(
        _ walk: Trajectory, seconds: Double, from: Double, to: Double = .infinity, estimatesBias: Bool = true
    ) throws -> Double {
        let updates = try FusedDeviceMotionTests.fused(
            walk, frame: .xTrueNorthZVertical, calibration: MagnetometerCalibration(walk.sensors.magnetometer),
            seconds: seconds, estimatesBias: estimatesBias)
        return try FusedDeviceMotionTests.worstHeading(
            updates.filter { $0.timestamp < to }, walk, frame: .xTrueNorthZVertical, from: from)
    }

    @Test(
        "standing 20 s, then walking north 60 s: the heading stays within 10° of the truth, every preset, with and without hard iron",
        arguments: IMUPreset.allCases.map(\.rawValue), [false, true])
    func standingThenWalking(preset: String, hardIron: Bool) throws {
        let walk = try Self.walkNorth(preset: preset, hardIron: hardIron, pause: 20)
        let standing = try Self.worst(walk, seconds: 80, from: Self.settled, to: 20)
        let walking = try Self.worst(walk, seconds: 80, from: 20)
        print("heading, \(preset), hard iron \(hardIron): worst \(standing)° standing, \(walking)° walking")
        #expect(standing <= Self.bound, "\(preset): worst heading error standing \(standing)°")
        #expect(walking <= Self.bound, "\(preset): worst heading error walking \(walking)°")
    }

    @Test(
        "walking from the first second (no still period to measure the bias): within 10° after the start-up, every preset",
        arguments: IMUPreset.allCases.map(\.rawValue), [false, true])
    func walkingFromTheStart(preset: String, hardIron: Bool) throws {
        let walk = try Self.walkNorth(preset: preset, hardIron: hardIron, pause: 0)
        let worst = try Self.worst(walk, seconds: 60, from: Self.settled)
        print("heading, \(preset), hard iron \(hardIron), walking from the start: worst \(worst)°")
        #expect(worst <= Self.bound, "\(preset): worst heading error \(worst)°")
    }

    @Test("the failing case: without the bias estimate (ahrs's filter) a BMI160's turn-on bias breaks the 10° bound")
    func withoutEstimateFails() throws {
        let walk = try Self.walkNorth(preset: "bmi160", hardIron: true, pause: 20)
        let walking = try Self.worst(walk, seconds: 80, from: 20, estimatesBias: false)
        #expect(walking > Self.bound, "walking \(walking)°")
        // Standing, β's pull holds it closer, but still further than the phone's fusion does.
        let standing = try Self.worst(walk, seconds: 80, from: Self.settled, to: 20, estimatesBias: false)
        let phone = try Self.worst(walk, seconds: 80, from: Self.settled, to: 20)
        #expect(standing > 2 * phone, "standing \(standing)° without the estimate, \(phone)° with it")
    }
}
