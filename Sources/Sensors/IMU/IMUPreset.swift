import Foundation

/// Error models of real sensors, each from a cited source (values in SI units, converted exactly).
///
/// | preset | JSON name | source |
/// | --- | --- | --- |
/// | ``adis16448`` | `"adis16448"` | the ADIS16448 defaults of the RotorS simulator's IMU plugin |
/// | ``androidHighFidelity`` | `"android-hifi"` | the limits of Android's high-fidelity sensors (CDD §7.3.9) |
/// | ``bmi160`` | `"bmi160"` | Bosch BMI160 data sheet typical values (a phone-class MEMS IMU) |
///
/// Only what the source states is set; every other term is zero (off). In a spec: `{"imu": {"preset":
/// "bmi160", ...}}`, where explicit terms override the preset's.
public enum IMUPreset: String, Sendable, Hashable, CaseIterable {
    /// Analog Devices ADIS16448 as RotorS models it (`rotors_gazebo_plugins/include/rotors_gazebo_plugins/
    /// gazebo_imu_plugin.h`, `kDefaultAdis*`): gyroscope noise density 2·35/3600 °/s/√Hz
    /// (3.3937·10⁻⁴ rad/s/√Hz), bias driven at 2·4/3600 °/s²/√Hz (3.8785·10⁻⁵ rad/s²/√Hz) with a 1000 s
    /// correlation time, turn-on bias σ 0.5 °/s; accelerometer noise density 2·2·10⁻³ m/s²/√Hz, bias
    /// driven at 2·3·10⁻³ m/s³/√Hz with a 300 s correlation time, turn-on bias σ 20 mg (0.196 m/s²).
    /// RotorS drives each bias as a Gauss–Markov process with density `K` and correlation time `τ`; here
    /// that is ``SensorModel/biasInstability`` `σ = K·√(τ/2)` with the same `τ` (the same process: for
    /// averaging times well below `τ` its Allan deviation is the random walk's `K·√(τ/3)`).
    case adis16448
    /// The limits of an Android device declaring `android.hardware.sensor.hifi_sensors` (Android
    /// Compatibility Definition, §7.3.9 High Fidelity Sensors): accelerometer noise ≤ 400 µg/√Hz (MUST),
    /// acceleration random walk < 30 µg·√Hz (SHOULD), range ±8 g and resolution 2048 LSB/g (MUST);
    /// gyroscope noise density ≤ 0.007 °/s/√Hz (SHOULD), rate random walk < 0.001 °/s·√Hz (SHOULD),
    /// range ±1000 °/s and resolution 16 LSB/(°/s) (MUST). A phone-class IMU at the edge of the spec.
    case androidHighFidelity = "android-hifi"
    /// Bosch Sensortec BMI160 (data sheet BST-BMI160-DS000, typical values): accelerometer output noise
    /// 180 µg/√Hz, gyroscope output noise 0.007 °/s/√Hz, gyroscope zero-rate offset ±3 °/s (typical
    /// values are 1σ, so a turn-on bias σ of 3 °/s; phones calibrate most of it away), configured at
    /// ±8 g and ±2000 °/s with 16-bit outputs (4096 LSB/g, 16.4 LSB/(°/s)).
    case bmi160

    /// The accelerometer model (m/s²).
    public var accelerometer: SensorModel {
        let g = IMU.standardGravity
        var m = SensorModel()
        switch self {
        case .adis16448:
            m.noiseDensity = SIMD3(repeating: 2 * 2.0e-3)
            m.biasInstability = SIMD3(repeating: 2 * 3.0e-3 * (300.0 / 2).squareRoot())
            m.biasCorrelationTime = SIMD3(repeating: 300)
            m.turnOnBias = SIMD3(repeating: 20.0e-3 * 9.8)
        case .androidHighFidelity:
            m.noiseDensity = SIMD3(repeating: 400e-6 * g)
            m.randomWalk = SIMD3(repeating: 30e-6 * g)
            m.range = SIMD3(repeating: 8 * g)
            m.resolution = SIMD3(repeating: g / 2048)
        case .bmi160:
            m.noiseDensity = SIMD3(repeating: 180e-6 * g)
            m.range = SIMD3(repeating: 8 * g)
            m.resolution = SIMD3(repeating: g / 4096)
        }
        return m
    }

    /// The gyroscope model (rad/s).
    public var gyroscope: SensorModel {
        let degree = Double.pi / 180
        var m = SensorModel()
        switch self {
        case .adis16448:
            m.noiseDensity = SIMD3(repeating: 2 * 35.0 / 3600 * degree)
            m.biasInstability = SIMD3(repeating: 2 * 4.0 / 3600 * degree * (1000.0 / 2).squareRoot())
            m.biasCorrelationTime = SIMD3(repeating: 1000)
            m.turnOnBias = SIMD3(repeating: 0.5 * degree)
        case .androidHighFidelity:
            m.noiseDensity = SIMD3(repeating: 0.007 * degree)
            m.randomWalk = SIMD3(repeating: 0.001 * degree)
            m.range = SIMD3(repeating: 1000 * degree)
            m.resolution = SIMD3(repeating: degree / 16)
        case .bmi160:
            m.noiseDensity = SIMD3(repeating: 0.007 * degree)
            m.turnOnBias = SIMD3(repeating: 3 * degree)
            m.range = SIMD3(repeating: 2000 * degree)
            m.resolution = SIMD3(repeating: degree / 16.4)
        }
        return m
    }

    /// Where the numbers come from: the publication, datasheet or source file cited for the preset.
    public var citation: String {
        switch self {
        case .adis16448:
            "RotorS simulator, rotors_gazebo_plugins/include/rotors_gazebo_plugins/gazebo_imu_plugin.h (kDefaultAdis* constants)"
        case .androidHighFidelity:
            "Android Compatibility Definition Document, section 7.3.9 High Fidelity Sensors"
        case .bmi160:
            "Bosch Sensortec BMI160 data sheet (BST-BMI160-DS000), typical values"
        }
    }
}
