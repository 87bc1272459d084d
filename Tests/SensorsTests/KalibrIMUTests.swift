import Formats
import Foundation
import InternalUtilities
import KalibrYAML
import Signals
import Testing

@testable import Sensors

/// Kalibr / OpenVINS / ORB-SLAM3 `imu.yaml` files in, through `KalibrIMU` and an IMU spec's `"kalibr"` key.
@Suite struct KalibrIMUTests {
    static func data(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Data/Kalibr"))
    }

    /// Each real file and the numbers it holds (Data/Kalibr/README.md names the sources).
    static let real: [(file: String, an: Double, ak: Double, gn: Double, gk: Double, rate: Double)] = [
        ("kalibr-imu.yaml", 1.86e-03, 4.33e-04, 1.87e-04, 2.66e-05, 500),
        ("kalibr-imu-camera_imu.yaml", 0.00186, 0.000433, 0.000187, 2.66e-05, 500),
        ("openvins-euroc_mav-kalibr_imu_chain.yaml", 2.0e-3, 3.0e-3, 1.6968e-04, 1.9393e-05, 200),
        ("openvins-tum_vi-kalibr_imu_chain.yaml", 0.0028, 0.00086, 0.00016, 2.2e-05, 200),
        ("orbslam3-Monocular-Inertial-EuRoC.yaml", 2.0e-3, 3.0e-3, 1.7e-4, 1.9393e-05, 200),
    ]

    @Test("reads the real files (flat, imu0:, %YAML:1.0, ORB-SLAM3 names)", arguments: real.indices)
    func readsRealFiles(_ k: Int) throws {
        let r = Self.real[k]
        let terms = try KalibrIMU(contentsOf: try Self.data(r.file))
        #expect(terms.accelerometerNoiseDensity == r.an)
        #expect(terms.accelerometerRandomWalk == r.ak)
        #expect(terms.gyroscopeNoiseDensity == r.gn)
        #expect(terms.gyroscopeRandomWalk == r.gk)
        #expect(terms.updateRate == r.rate)
    }

    @Test("the terms map to SensorModel's N and K on every axis, with no conversion")
    func mapsToSensorModel() throws {
        let terms = try KalibrIMU(contentsOf: try Self.data("openvins-euroc_mav-kalibr_imu_chain.yaml"))
        #expect(terms.accelerometer.noiseDensity == SIMD3(repeating: 2.0e-3))
        #expect(terms.accelerometer.randomWalk == SIMD3(repeating: 3.0e-3))
        #expect(terms.gyroscope.noiseDensity == SIMD3(repeating: 1.6968e-04))
        #expect(terms.gyroscope.randomWalk == SIMD3(repeating: 1.9393e-05))
        #expect(terms.gyroscope.biasInstability == .zero)
    }

    static func spec(_ body: String) -> Data {
        Data(#"{"imu": {"motion": {"attitude": "faceUp"}, \#(body)}}"#.utf8)
    }

    @Test("a spec's kalibr path is relative to the spec's folder; terms beside it override the file's")
    func specReadsFile() throws {
        let folder = try Self.data("kalibr-imu.yaml").deletingLastPathComponent()
        let imu = try IMU.decode(
            json: Self.spec(#""kalibr": "kalibr-imu.yaml", "gyroscope_random_walk": 1e-6"#), baseDirectory: folder,
            readKalibr: KalibrIMU.init(contentsOf:))
        #expect(imu.accelerometer.noiseDensity == SIMD3(repeating: 1.86e-3))
        #expect(imu.accelerometer.randomWalk == SIMD3(repeating: 4.33e-4))
        #expect(imu.gyroscope.noiseDensity == SIMD3(repeating: 1.87e-4))
        #expect(imu.gyroscope.randomWalk == SIMD3(repeating: 1e-6))
        // An absolute path, no base folder; the file's terms override a preset's noise terms only.
        let path = try Self.data("kalibr-imu.yaml").path
        let withPreset = try IMU.decode(
            json: Self.spec(#""preset": "bmi160", "kalibr": "\#(path)""#), readKalibr: KalibrIMU.init(contentsOf:))
        #expect(withPreset.gyroscope.noiseDensity == SIMD3(repeating: 1.87e-4))
        #expect(withPreset.gyroscope.turnOnBias == IMUPreset.bmi160.gyroscope.turnOnBias)
        #expect(withPreset.gyroscope.turnOnBias != .zero)
        #expect(IMUPreset.bmi160.gyroscope.noiseDensity != SIMD3(repeating: 1.87e-4))
    }

    @Test("a spec from the network cannot name a kalibr file")
    func refusedWithoutFiles() throws {
        let path = try Self.data("kalibr-imu.yaml").path
        let value = try JSONValue.parse(Self.spec(#""kalibr": "\#(path)""#))
        let error = try #require(throws: SignalError.self) {
            try IMU(json: try #require(value.object?["imu"]), allowFiles: false)
        }
        #expect(error.code == .invalidArgument)
        #expect(error.location.path == "$.imu.kalibr")
        #expect(error.message.contains("cannot name files"))
        // The same spec with files allowed reads it.
        let imu = try IMU(
            json: try #require(value.object?["imu"]), allowFiles: true, readKalibr: KalibrIMU.init(contentsOf:))
        #expect(imu.gyroscope.noiseDensity == SIMD3(repeating: 1.87e-4))
    }

    static let bad: [(yaml: String, code: SignalError.Code, line: Int?, words: String)] = [
        ("accelerometer_noise_density: [1\n", .malformed, 2, "not valid YAML"),
        ("- 1\n- 2\n", .malformed, 1, "YAML mapping"),
        (
            "accelerometer_noise_density: 0.1\naccelerometer_random_walk: 0.1\ngyroscope_noise_density: 0.1\n",
            .missingField, 1,
            "no 'gyroscope_random_walk'"
        ),
        (
            "imu0:\n  accelerometer_noise_density: 0.1\n  accelerometer_random_walk: abc\n", .malformed, 3,
            "'imu0.accelerometer_random_walk' must be a number, got 'abc'"
        ),
        ("accelerometer_noise_density: \"0.1\"\n", .malformed, 1, "quoted string"),
        (
            "%YAML:1.0\naccelerometer_noise_density: 0.1\naccelerometer_random_walk: -0.1\n", .outOfRange, 3,
            "must be ≥ 0"
        ),
        ("accelerometer_noise_density: .inf\n", .outOfRange, 1, "must be finite"),
        // Beyond the IMU model's range (10 SI units), which keeps the samples finite.
        (
            "accelerometer_noise_density: 1e300\naccelerometer_random_walk: 0\ngyroscope_noise_density: 0\ngyroscope_random_walk: 0\n",
            .outOfRange, 1, "'accelerometer_noise_density' must be at most 10.0"
        ),
        (
            "accelerometer_noise_density: 0\naccelerometer_random_walk: 0\ngyroscope_noise_density: 0\ngyroscope_random_walk: 10.5\n",
            .outOfRange, 4, "'gyroscope_random_walk' must be at most 10.0"
        ),
        (
            "accelerometer_noise_density: 1\naccelerometer_random_walk: 1\ngyroscope_noise_density: 1\ngyroscope_random_walk: 1\nupdate_rate: 0\n",
            .outOfRange, 5, "'update_rate' must be a rate in Hz > 0"
        ),
        ("accelerometer_noise_density: 1\naccelerometer_noise_density: 2\n", .duplicateField, 1, "given twice"),
        ("imu0: 3\n", .malformed, 1, "'imu0' must be a mapping"),
        ("IMU.NoiseGyro: 1e-4\nIMU.NoiseAcc: 1e-3\nIMU.GyroWalk: 1e-5\n", .missingField, 1, "no 'IMU.AccWalk'"),
        // libyaml stops at a NUL byte: the file is not "empty", it is not text.
        ("\0accelerometer_noise_density: 0.1\n", .malformed, 1, "holds a NUL byte (line 1)"),
        (
            "accelerometer_noise_density: 0.1\naccelerometer_random_walk: 0.1\n\0\0\0", .malformed, 3,
            "holds a NUL byte (line 3)"
        ),
    ]

    @Test("bad files: a clear error with the file, line and key", arguments: bad.indices)
    func badFiles(_ k: Int) throws {
        let b = Self.bad[k]
        let error = try #require(throws: SignalError.self) { try KalibrIMU(yaml: b.yaml, file: "imu.yaml") }
        #expect(error.code == b.code)
        #expect(error.location.file == "imu.yaml")
        #expect(error.location.line == b.line)
        #expect(error.message.contains(b.words), "\(error.message)")
    }

    @Test("a file of NUL bytes is no empty file: it is refused as binary, by path too")
    func nulBytes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kalibr-nul-\(UUID().uuidString).yaml")
        try Data(repeating: 0, count: 64).write(to: url)
        let error = try #require(throws: SignalError.self) { try KalibrIMU(contentsOf: url) }
        #expect(error.code == .malformed)
        #expect(error.location.file == url.path)
        #expect(error.message.contains("holds a NUL byte"), "\(error.message)")
        #expect(!error.message.contains("empty"), "\(error.message)")
    }

    @Test("integers, floats and the rate are read; a good file next to each bad one passes")
    func goodVariants() throws {
        let terms = try KalibrIMU(
            yaml:
                "accelerometer_noise_density: 1\naccelerometer_random_walk: 0\ngyroscope_noise_density: 2.5e-4\ngyroscope_random_walk: 3.0e-5\nupdate_rate: 400\n"
        )
        #expect(terms.accelerometerNoiseDensity == 1)
        #expect(terms.accelerometerRandomWalk == 0)
        #expect(terms.updateRate == 400)
        let noRate = try KalibrIMU(
            yaml:
                "accelerometer_noise_density: 1\naccelerometer_random_walk: 0\ngyroscope_noise_density: 2\ngyroscope_random_walk: 3\n"
        )
        #expect(noRate.updateRate == nil)
    }

    @Test("a file error in a spec names the file, its line, the key and the JSON path")
    func specFileError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kalibr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "imu0:\n  accelerometer_noise_density: 0.1\n  accelerometer_random_walk: x\n".write(
            to: folder.appendingPathComponent("imu.yaml"),
            atomically: true, encoding: .utf8)
        let error = try #require(throws: SignalError.self) {
            try IMU.decode(
                json: Self.spec(#""kalibr": "imu.yaml""#), baseDirectory: folder,
                readKalibr: KalibrIMU.init(contentsOf:))
        }
        #expect(error.location.file?.hasSuffix("/imu.yaml") == true)
        #expect(error.location.line == 3)
        #expect(error.location.field == "imu0.accelerometer_random_walk")
        #expect(error.location.path == "$.imu.kalibr")
        let missing = try #require(throws: SignalError.self) {
            try IMU.decode(
                json: Self.spec(#""kalibr": "absent.yaml""#), baseDirectory: folder,
                readKalibr: KalibrIMU.init(contentsOf:))
        }
        #expect(missing.code == .unreadable)
    }

    @Test("yaml writes what it reads back exactly, with a '.' in every mantissa (PyYAML's floats)")
    func writesYAML() throws {
        let terms = KalibrIMU(
            accelerometerNoiseDensity: 2e-05, accelerometerRandomWalk: 0.1 + 0.2, gyroscopeNoiseDensity: 1.6968e-04,
            gyroscopeRandomWalk: 3, updateRate: 200)
        let text = terms.yaml
        #expect(text.contains("accelerometer_noise_density: 2.0e-05"))
        #expect(!text.contains(" 2e-05"))
        #expect(try KalibrIMU(yaml: text) == terms)
        var other = terms
        other.gyroscopeRandomWalk = 4
        #expect(try KalibrIMU(yaml: text) != other)
    }

    @Test("fit → Kalibr yaml → spec: the same terms (the largest axis per sensor)")
    func fitRoundTrip() throws {
        var accelerometer = SensorModel(noiseDensity: 2e-3, randomWalk: 3e-4)
        accelerometer.noiseDensity.y = 3e-3
        let still = IMU(
            accelerometer: accelerometer, gyroscope: SensorModel(noiseDensity: 2e-4, randomWalk: 2e-5), seed: 5)
        let buffer = try still.render(sampleRate: 100, duration: 600)
        let fit = try IMUFit(ChannelRecording(names: IMU.channelNames, buffer: buffer), accelerometerUnit: .g)
        let terms = fit.kalibr
        #expect(terms.updateRate == 100)
        #expect(terms.accelerometerNoiseDensity == fit.imu.accelerometer.noiseDensity.max())
        #expect(terms.gyroscopeRandomWalk == fit.imu.gyroscope.randomWalk.max())
        // The fit finds the noisiest axis's N (y, 3e-3 m/s²/√Hz) within 10 %.
        #expect(abs(terms.accelerometerNoiseDensity / 3e-3 - 1) < 0.1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kalibr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try terms.yaml.write(to: folder.appendingPathComponent("imu.yaml"), atomically: true, encoding: .utf8)
        let imu = try IMU.decode(
            json: Self.spec(#""kalibr": "imu.yaml""#), baseDirectory: folder, readKalibr: KalibrIMU.init(contentsOf:))
        #expect(imu.accelerometer.noiseDensity == SIMD3(repeating: terms.accelerometerNoiseDensity))
        #expect(imu.accelerometer.randomWalk == SIMD3(repeating: terms.accelerometerRandomWalk))
        #expect(imu.gyroscope.noiseDensity == SIMD3(repeating: terms.gyroscopeNoiseDensity))
        #expect(imu.gyroscope.randomWalk == SIMD3(repeating: terms.gyroscopeRandomWalk))
    }
}
