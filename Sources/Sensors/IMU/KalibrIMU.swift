import Foundation
import Signals

/// The noise terms of a Kalibr `imu.yaml`, as Kalibr, OpenVINS and ORB-SLAM3 write them: the white
/// noise densities and bias random walks of the accelerometer and the gyroscope, and the IMU's rate.
///
/// Three layouts are read (the first line `%YAML:1.0` that OpenCV's `FileStorage` writes, and strict
/// YAML parsers reject, is accepted and skipped):
/// - Kalibr's `imu.yaml`: `accelerometer_noise_density`, `accelerometer_random_walk`,
///   `gyroscope_noise_density`, `gyroscope_random_walk`, `update_rate` at the top level;
/// - Kalibr's `imu-*.yaml` and `camchain-imucam-*.yaml` reports and OpenVINS' `kalibr_imu_chain.yaml`:
///   the same keys inside `imu0:` (the first IMU of a chain);
/// - ORB-SLAM3's settings: `IMU.NoiseAcc`, `IMU.AccWalk`, `IMU.NoiseGyro`, `IMU.GyroWalk`, `IMU.Frequency`
///   (the same continuous-time quantities under its own names).
///
/// Units, continuous time (as Kalibr's wiki "IMU Noise Model" defines them): accelerometer noise
/// density m/s²/√Hz, accelerometer random walk m/s³/√Hz, gyroscope noise density rad/s/√Hz, gyroscope
/// random walk rad/s²/√Hz. They are `SensorModel`'s `noiseDensity` (N) and `randomWalk` (K) exactly,
/// on all three axes: no conversion and no dependence on the rate (the discrete-time σ are N·√fs and
/// K/√fs, which the render applies).
///
/// The YAML reader (`init(yaml:file:)`, `init(contentsOf:)`) is in the KalibrYAML module, which the
/// command line and the live server link (it needs Yams; an app that links the umbrella does not).
///
/// ```swift
/// let terms = KalibrIMU(accelerometerNoiseDensity: 2.0e-3, accelerometerRandomWalk: 3.0e-3,
///                       gyroscopeNoiseDensity: 1.6968e-4, gyroscopeRandomWalk: 1.9393e-5, updateRate: 200)
/// terms.gyroscope.noiseDensity   // SIMD3(repeating: 1.6968e-4) rad/s/√Hz
/// print(terms.yaml)               // the imu.yaml text
/// ```
public struct KalibrIMU: Sendable, Hashable {
    /// Accelerometer white noise density (m/s²/√Hz); Kalibr `accelerometer_noise_density`.
    public var accelerometerNoiseDensity: Double
    /// Accelerometer bias random walk (m/s³/√Hz); Kalibr `accelerometer_random_walk`.
    public var accelerometerRandomWalk: Double
    /// Gyroscope white noise density (rad/s/√Hz); Kalibr `gyroscope_noise_density`.
    public var gyroscopeNoiseDensity: Double
    /// Gyroscope bias random walk (rad/s²/√Hz); Kalibr `gyroscope_random_walk`.
    public var gyroscopeRandomWalk: Double
    /// The IMU's sample rate (Hz), Kalibr `update_rate`; `nil` when the file has none.
    public var updateRate: Double?

    /// Kalibr's four noise keys, in the order they are written.
    public static let keys = [
        "accelerometer_noise_density", "accelerometer_random_walk",
        "gyroscope_noise_density", "gyroscope_random_walk",
    ]
    /// ORB-SLAM3's names of the same four terms, in the same order, and of the rate.
    public static let orbSLAM3Keys = ["IMU.NoiseAcc", "IMU.AccWalk", "IMU.NoiseGyro", "IMU.GyroWalk"]

    /// The largest file read: 1 MiB (a Kalibr or ORB-SLAM3 settings file is a few kilobytes).
    public static let sizeLimit = 1 << 20

    /// Creates the terms.
    /// - Parameters:
    ///   - accelerometerNoiseDensity: m/s²/√Hz.
    ///   - accelerometerRandomWalk: m/s³/√Hz.
    ///   - gyroscopeNoiseDensity: rad/s/√Hz.
    ///   - gyroscopeRandomWalk: rad/s²/√Hz.
    ///   - updateRate: Hz, or `nil`.
    public init(
        accelerometerNoiseDensity: Double, accelerometerRandomWalk: Double,
        gyroscopeNoiseDensity: Double, gyroscopeRandomWalk: Double, updateRate: Double? = nil
    ) {
        self.accelerometerNoiseDensity = accelerometerNoiseDensity
        self.accelerometerRandomWalk = accelerometerRandomWalk
        self.gyroscopeNoiseDensity = gyroscopeNoiseDensity
        self.gyroscopeRandomWalk = gyroscopeRandomWalk
        self.updateRate = updateRate
    }

    /// The accelerometer's model: these N and K on every axis, every other term zero (SI, m/s²).
    public var accelerometer: SensorModel {
        SensorModel(noiseDensity: accelerometerNoiseDensity, randomWalk: accelerometerRandomWalk)
    }

    /// The gyroscope's model: these N and K on every axis, every other term zero (rad/s).
    public var gyroscope: SensorModel {
        SensorModel(noiseDensity: gyroscopeNoiseDensity, randomWalk: gyroscopeRandomWalk)
    }

    /// The terms as a Kalibr `imu.yaml` (the top-level layout Kalibr's `kalibr_calibrate_imu_camera --imu`
    /// reads), each number written so that it reads back exactly. `update_rate` is written when known.
    ///
    /// OpenVINS and ORB-SLAM3 read OpenCV `FileStorage` files, which must start with `%YAML:1.0` (and
    /// OpenVINS nests the keys in `imu0:`); Kalibr's Python YAML reader refuses that line, so it is not written.
    public var yaml: String {
        // Shortest round-trip digits, with a '.' in the mantissa: PyYAML (Kalibr's reader) takes `2e-05` for a string.
        func number(_ v: Double) -> String {
            let text = "\(v)"
            guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), !text[..<e].contains(".") else {
                return text
            }
            return text[..<e] + ".0" + text[e...]
        }
        var text = "# IMU noise model (Kalibr imu.yaml; continuous-time densities, SI units)\n"
        text +=
            "accelerometer_noise_density: \(number(accelerometerNoiseDensity))  # [ m / s^2 / sqrt(Hz) ] (accel \"white noise\")\n"
        text +=
            "accelerometer_random_walk: \(number(accelerometerRandomWalk))  # [ m / s^3 / sqrt(Hz) ] (accel bias diffusion)\n"
        text +=
            "gyroscope_noise_density: \(number(gyroscopeNoiseDensity))  # [ rad / s / sqrt(Hz) ] (gyro \"white noise\")\n"
        text +=
            "gyroscope_random_walk: \(number(gyroscopeRandomWalk))  # [ rad / s^2 / sqrt(Hz) ] (gyro bias diffusion)\n"
        if let updateRate { text += "update_rate: \(number(updateRate))  # Hz\n" }
        return text
    }
}

/// Reads a Kalibr `imu.yaml` file's noise terms: the KalibrYAML module's `KalibrIMU.init(contentsOf:)`,
/// which spec decoders take as a parameter so that Sensors itself links no YAML parser.
package typealias KalibrFileReader = (URL) throws(SignalError) -> KalibrIMU
