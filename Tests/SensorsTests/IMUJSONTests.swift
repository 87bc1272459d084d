import Foundation
import Signals
import Testing

@testable import Sensors

@Suite struct IMUJSONTests {
    /// The issue's contract, verbatim.
    static let contract = """
        {"imu": {"motion": {"attitude": "faceUp"},
                 "accelerometer_noise_density": 0.002, "accelerometer_random_walk": 0.0003,
                 "gyroscope_noise_density": 0.0002, "gyroscope_random_walk": 2e-05, "seed": 7}}
        """

    @Test("the contract decodes: Kalibr's keys in SI units, six channels, absent terms zero")
    func contract() throws {
        let imu = try IMU.decode(json: Data(Self.contract.utf8))
        #expect(imu.accelerometer.noiseDensity == SIMD3(repeating: 0.002))
        #expect(imu.accelerometer.randomWalk == SIMD3(repeating: 0.0003))
        #expect(imu.gyroscope.noiseDensity == SIMD3(repeating: 0.0002))
        #expect(imu.gyroscope.randomWalk == SIMD3(repeating: 2e-5))
        #expect(imu.gyroscope.biasInstability == .zero)
        #expect(imu.accelerometer.turnOnBias == .zero)
        #expect(imu.seed == 7)
        #expect(imu.accelerometerUnit == .g)
        #expect(imu.channelCount == 6)
        #expect(imu.motion.attitude == .fixed(.named(.faceUp)))
    }

    @Test("every term, per axis, round-trips through JSON")
    func roundTrip() throws {
        let imu = IMUTests.everything
        let again = try IMU.decode(json: imu.json())
        #expect(again == imu)
        let compact = try IMU.decode(json: imu.json(pretty: false))
        #expect(compact == imu)
    }

    @Test("a preset supplies its terms; explicit keys override them")
    func preset() throws {
        let json =
            #"{"imu": {"preset": "adis16448", "motion": {"attitude": "portrait"}, "gyroscope_noise_density": 1e-4}}"#
        let imu = try IMU.decode(json: Data(json.utf8))
        #expect(imu.gyroscope.noiseDensity == SIMD3(repeating: 1e-4))
        #expect(imu.accelerometer == IMUPreset.adis16448.accelerometer)
        #expect(imu.gyroscope.turnOnBias == IMUPreset.adis16448.gyroscope.turnOnBias)
    }

    @Test(
        "bad specs name their JSON path",
        arguments: [
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_noise_densty": 1}}"#,
                "$.imu.gyroscope_noise_densty", "did you mean 'gyroscope_noise_density'"
            ),
            (#"{"imu": {"accelerometer_noise_density": 0.002}}"#, "$.imu", "missing required field 'motion'"),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "preset": "adis1644"}}"#, "$.imu.preset",
                "did you mean \"adis16448\""
            ),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_bias": [1, 2]}}"#, "$.imu.gyroscope_bias",
                "[x, y, z]"
            ),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_range": 0}}"#, "$.imu.gyroscope_range",
                "leave it out for no saturation"
            ),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_noise_density": null}}"#,
                "$.imu.gyroscope_noise_density", "null"
            ),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "accelerometer_unit": "mps2"}}"#,
                "$.imu.accelerometer_unit", "m/s^2"
            ),
            (#"{"imu": {"motion": {"attitude": "faceUP"}}}"#, "$.imu.motion.attitude", "did you mean \"faceUp\""),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_misalignment": [[0, 1, 0], [0, 0, 0]]}}"#,
                "$.imu.gyroscope_misalignment", "3×3"
            ),
        ])
    func badSpecs(_ json: String, _ path: String, _ fragment: String) {
        do {
            _ = try IMU.decode(json: Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.path == path)
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    static func broken(_ field: String) -> SensorModel {
        var m = SensorModel()
        switch field {
        case "noise_density": m.noiseDensity = SIMD3(-1, 0, 0)
        case "bias_correlation_time": m.biasInstability = SIMD3(repeating: 0.1)
        case "misalignment": m.misalignment = [SIMD3(0.1, 0, 0), .zero, .zero]
        case "misalignment-angle": m.misalignment = [SIMD3(0, 0.5, 0), .zero, .zero]
        case "scale_factor": m.scaleFactor = SIMD3(0, 0, 2)
        case "bias": m.bias = SIMD3(.nan, 0, 0)
        default: m.bandwidth = SIMD3(repeating: 1e-6)
        }
        return m
    }

    @Test(
        "validation refuses impossible terms, naming the field",
        arguments: [
            ("noise_density", "≥ 0"), ("bias_correlation_time", "positive"), ("misalignment", "diagonal"),
            ("misalignment-angle", "±0.2"), ("scale_factor", "±0.5"), ("bias", "finite"), ("bandwidth", "2^20"),
        ])
    func validation(_ field: String, _ fragment: String) {
        var imu = IMU()
        imu.gyroscope = Self.broken(field)
        do {
            try imu.validate(sampleRate: 100)
            Issue.record("accepted \(field)")
        } catch {
            #expect(error.path == "$.imu.gyroscope_\(field.replacingOccurrences(of: "-angle", with: ""))")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }
}
