import Foundation
import Signals
import Testing

@testable import Sensors

/// The one check of an IMU's error model (`SensorModel.validate(sensor:path:)`): every term has a range,
/// wherever the model was written, and the ranges keep every sample finite.
@Suite struct SensorModelValidationTests {
    /// A model with one term changed, the term's JSON name, the error's code and a word of its message.
    static let broken:
        [(name: String, change: @Sendable (inout SensorModel) -> Void, code: SignalError.Code, fragment: String)] = [
            (
                "bias_correlation_time",
                {
                    $0.biasInstability = SIMD3(repeating: 1e-3)
                    $0.biasCorrelationTime = SIMD3(repeating: -5)
                }, .outOfRange, "≥ 0"
            ),
            ("bias_correlation_time", { $0.biasInstability = SIMD3(repeating: 1e-3) }, .missingField, "positive"),
            (
                "bias_correlation_time", { $0.biasCorrelationTime = SIMD3(0, 0, 1e10) }, .outOfRange,
                "at most 1000000000"
            ),
            ("noise_density", { $0.noiseDensity = SIMD3(repeating: 1e300) }, .outOfRange, "at most 10"),
            ("noise_density", { $0.noiseDensity = SIMD3(0, -1e-3, 0) }, .outOfRange, "≥ 0"),
            ("noise_density", { $0.noiseDensity = SIMD3(.infinity, 0, 0) }, .nonFinite, "finite"),
            ("random_walk", { $0.randomWalk = SIMD3(repeating: -1) }, .outOfRange, "≥ 0"),
            ("random_walk", { $0.randomWalk = SIMD3(repeating: 11) }, .outOfRange, "at most 10"),
            (
                "bias_instability",
                {
                    $0.biasInstability = SIMD3(repeating: 1e300)
                    $0.biasCorrelationTime = SIMD3(repeating: 1)
                }, .outOfRange, "at most 100"
            ),
            ("bias_instability", { $0.biasInstability = SIMD3(repeating: -1) }, .outOfRange, "≥ 0"),
            ("turn_on_bias", { $0.turnOnBias = SIMD3(repeating: 101) }, .outOfRange, "at most 100"),
            ("turn_on_bias", { $0.turnOnBias = SIMD3(repeating: .nan) }, .nonFinite, "finite"),
            ("bias", { $0.bias = SIMD3(-1e300, 0, 0) }, .outOfRange, "within -1000"),
            ("scale_factor", { $0.scaleFactor = SIMD3(0, 0, 0.5) }, .outOfRange, "±0.5"),
            ("resolution", { $0.resolution = SIMD3(repeating: .leastNonzeroMagnitude) }, .outOfRange, "at least 1e-12"),
            ("resolution", { $0.resolution = SIMD3(repeating: 1e5) }, .outOfRange, "at most 10000"),
            (
                "resolution",
                {
                    $0.resolution = SIMD3(repeating: 1)
                    $0.range = SIMD3(repeating: 0.5)
                }, .outOfRange, "larger than the range"
            ),
            ("range", { $0.range = SIMD3(repeating: 1e7) }, .outOfRange, "at most 1000000"),
            ("bandwidth", { $0.bandwidth = SIMD3(repeating: 1e300) }, .outOfRange, "at most 1000000"),
            ("bandwidth", { $0.bandwidth = SIMD3(repeating: -1) }, .outOfRange, "≥ 0"),
            ("misalignment", { $0.misalignment = [SIMD3(0, 0.3, 0), .zero, .zero] }, .outOfRange, "±0.2"),
        ]

    @Test(
        "each term outside its range is refused with its code and the JSON path of the IMU it is in",
        arguments: broken.indices, ["$.imu", "$.trajectory.sensors.imu"])
    func termOutOfRange(_ k: Int, _ path: String) throws {
        let (name, change, code, fragment) = Self.broken[k]
        for sensor in ["accelerometer", "gyroscope"] {
            var imu = IMU()
            if sensor == "accelerometer" { change(&imu.accelerometer) } else { change(&imu.gyroscope) }
            let error = try #require(throws: SignalError.self) { try imu.validate(path: path) }
            #expect(error.code == code, "\(error)")
            #expect(error.path == "\(path).\(sensor)_\(name)", "\(error)")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test("an ideal sensor and the presets pass; so does every term at its largest")
    func acceptedModels() throws {
        try IMU().validate(path: "$.imu")
        for preset in IMUPreset.allCases { try IMU(preset: preset).validate(path: "$.imu") }
        try Self.largest.validate(path: "$.imu", sampleRate: 1e10)
    }

    /// Every term at the top of its range.
    static var largest: IMU {
        var m = SensorModel()
        m.noiseDensity = SIMD3(repeating: SensorModel.noiseDensities.upperBound)
        m.randomWalk = SIMD3(repeating: SensorModel.randomWalks.upperBound)
        m.biasInstability = SIMD3(repeating: SensorModel.biasInstabilities.upperBound)
        m.biasCorrelationTime = SIMD3(1e-300, 1, SensorModel.biasCorrelationTimes.upperBound)
        m.turnOnBias = SIMD3(repeating: SensorModel.turnOnBiases.upperBound)
        m.bias = SIMD3(repeating: SensorModel.biases.upperBound)
        m.scaleFactor = SIMD3(repeating: 0.4999)
        m.misalignment = [SIMD3(0, 0.2, -0.2), SIMD3(0.2, 0, 0.2), SIMD3(-0.2, 0.2, 0)]
        m.bandwidth = SIMD3(repeating: SensorModel.bandwidths.upperBound)
        return IMU(accelerometer: m, gyroscope: m, seed: 11)
    }

    @Test(
        "every term at its largest renders finite samples at the fastest rate and far along at the slowest",
        arguments: [(1e10, 0, 4096), (1e-6, (1 << 62) - 300, 300), (100.0, 1 << 40, 2048)])
    func largestTermsAreFinite(_ rate: Double, _ start: Int, _ count: Int) throws {
        let buffer = try Self.largest.render(sampleRate: rate, startIndex: start, frameCount: count)
        for c in 0..<6 {
            let bad = buffer.channel(c).firstIndex { !$0.isFinite }
            #expect(bad == nil, "channel \(c) at \(rate) Hz: sample \(String(describing: bad))")
        }
    }

    @Test(
        "the JSON paths: a plain spec, a preset with an override, a trajectory's IMU are refused when read",
        arguments: [
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_bias_instability": 0.001, "gyroscope_bias_correlation_time": -5}}"#,
                "$.imu.gyroscope_bias_correlation_time"
            ),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "preset": "adis16448", "gyroscope_bias_correlation_time": -5}}"#,
                "$.imu.gyroscope_bias_correlation_time"
            ),
            (
                #"{"imu": {"motion": {"attitude": "faceUp"}, "preset": "bmi160", "accelerometer_noise_density": 1e300}}"#,
                "$.imu.accelerometer_noise_density"
            ),
        ])
    func jsonSpecs(_ json: String, _ path: String) throws {
        let error = try #require(throws: SignalError.self) { try IMU.decode(json: Data(json.utf8)) }
        #expect(error.path == path, "\(error)")
    }

    @Test("a fit whose terms are beyond the model's ranges is refused, not written as a spec")
    func fitOutOfRange() throws {
        // A "still" recording whose accelerometer noise is 100 g RMS at 100 Hz: N ≈ 98 m/s²/√Hz, beyond 10.
        let rate = 100.0
        let n = 40_000
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func normal() -> Double {
            func uniform() -> Double {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return (Double(state >> 11) + 0.5) / 9_007_199_254_740_992
            }
            return (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
        }
        var channels: [[Double]] = []
        for c in 0..<6 {
            channels.append((0..<n).map { _ in c < 3 ? (c == 2 ? -1 : 0) + 100 * normal() : 1e-3 * normal() })
        }
        // The mean's direction is noise too; keep it about 1 g along −z.
        for c in 0..<3 {
            let mean = channels[c].reduce(0, +) / Double(n)
            channels[c] = channels[c].map { $0 - mean + (c == 2 ? -1 : 0) }
        }
        let recording = ChannelRecording(names: IMU.channelNames, sampleRate: rate, channels: channels)
        let error = try #require(throws: SignalError.self) { try IMUFit(recording, accelerometerUnit: .g) }
        #expect(error.path == "$.imu.accelerometer_noise_density", "\(error)")
        #expect(error.message.contains("the fitted IMU is outside the model's ranges"), "\(error.message)")
    }
}
