import Foundation
import Signals
import Yams

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
/// ```swift
/// let terms = try KalibrIMU(yaml: "accelerometer_noise_density: 2.0e-3\n…", file: "imu.yaml")
/// terms.gyroscope.noiseDensity   // SIMD3(repeating: 1.6968e-4) rad/s/√Hz
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
    public static let keys = ["accelerometer_noise_density", "accelerometer_random_walk",
                              "gyroscope_noise_density", "gyroscope_random_walk"]
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
    public init(accelerometerNoiseDensity: Double, accelerometerRandomWalk: Double,
                gyroscopeNoiseDensity: Double, gyroscopeRandomWalk: Double, updateRate: Double? = nil) {
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

    /// Reads the terms from the text of a YAML file.
    /// - Parameters:
    ///   - yaml: The file's text.
    ///   - file: Its name, for errors.
    /// - Throws: `SignalError` with the file and, where known, the line: `.malformed` for text that is not
    ///   YAML, not a mapping, or a value that is not a plain number; `.missingField` naming the missing key;
    ///   `.outOfRange` for a negative or non-finite term, one beyond the IMU model's range
    ///   (``SensorModel/noiseDensities``, ``SensorModel/randomWalks``: 10 SI units), or a rate that is not > 0.
    public init(yaml: String, file: String? = nil) throws(SignalError) {
        // OpenCV's FileStorage writes "%YAML:1.0" (not a valid YAML directive): keep the line count.
        // libyaml reads a C string: text after a NUL byte would be silently dropped (all of it, for a NUL
        // first, which then reads as an empty file).
        if let nul = yaml.utf8.firstIndex(of: 0) {
            let line = 1 + yaml.utf8[..<nul].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw SignalError(.malformed, "an IMU noise file is YAML text, and this one holds a NUL byte (line \(line)); is it a binary file?",
                              file: file, line: line)
        }
        var text = yaml
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.hasPrefix("%YAML:") { text = "#" + text }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw KalibrIMU.error(error, file: file)
        } catch {
            throw SignalError(.malformed, "not YAML: \(error)", file: file)
        }
        guard let root, let top = root.mapping else {
            throw SignalError(.malformed, "an IMU noise file is a YAML mapping (Kalibr's accelerometer_noise_density, …), got \(root == nil ? "an empty file" : "no mapping")",
                              file: file, line: root?.mark?.line)
        }
        var mapping = top
        var prefix = ""
        if let imu0 = top["imu0"] {
            guard let nested = imu0.mapping else {
                throw SignalError(.malformed, "'imu0' must be a mapping holding Kalibr's noise keys", file: file, line: imu0.mark?.line,
                                  field: "imu0")
            }
            mapping = nested
            prefix = "imu0."
        }
        let orb = prefix.isEmpty && !KalibrIMU.keys.contains { mapping[$0] != nil } && KalibrIMU.orbSLAM3Keys.contains { mapping[$0] != nil }
        let names = orb ? KalibrIMU.orbSLAM3Keys : KalibrIMU.keys
        let rateName = orb ? "IMU.Frequency" : "update_rate"
        var values: [Double] = []
        for name in names {
            guard let node = try KalibrIMU.unique(name, in: mapping, prefix: prefix, file: file) else {
                let layout = orb ? "ORB-SLAM3 settings (IMU.NoiseAcc, IMU.AccWalk, IMU.NoiseGyro, IMU.GyroWalk)"
                    : "a Kalibr imu.yaml (\(KalibrIMU.keys.joined(separator: ", ")), at the top or inside imu0:)"
                throw SignalError(.missingField, "no '\(prefix)\(name)' in \(layout)", file: file, line: mapping.mark?.line, field: prefix + name)
            }
            let v = try KalibrIMU.number(node, name: prefix + name, file: file)
            guard v >= 0 else {
                throw SignalError(.outOfRange, "'\(prefix)\(name)' must be ≥ 0 (a noise density or random walk), got \(v)",
                                  file: file, line: node.mark?.line, field: prefix + name)
            }
            // The IMU model's own ranges (densities and random walks share one).
            let accepted = values.count % 2 == 0 ? SensorModel.noiseDensities : SensorModel.randomWalks
            guard accepted.contains(v) else {
                throw SignalError(.outOfRange, "'\(prefix)\(name)' must be at most \(accepted.upperBound) (SI units), got \(v): no sensor has such a term, and larger ones could overflow the samples",
                                  file: file, line: node.mark?.line, field: prefix + name)
            }
            values.append(v)
        }
        var rate: Double?
        if let node = try KalibrIMU.unique(rateName, in: mapping, prefix: prefix, file: file) {
            let v = try KalibrIMU.number(node, name: prefix + rateName, file: file)
            guard v > 0 else {
                throw SignalError(.outOfRange, "'\(prefix)\(rateName)' must be a rate in Hz > 0, got \(v)", file: file, line: node.mark?.line,
                                  field: prefix + rateName)
            }
            rate = v
        }
        self.init(accelerometerNoiseDensity: values[0], accelerometerRandomWalk: values[1],
                  gyroscopeNoiseDensity: values[2], gyroscopeRandomWalk: values[3], updateRate: rate)
    }

    /// Reads the terms from a file (at most ``sizeLimit`` bytes).
    /// - Parameter url: The file.
    /// - Throws: `SignalError` `.unreadable` or `.tooLarge` naming the file, or as ``init(yaml:file:)``.
    public init(contentsOf url: URL) throws(SignalError) {
        let name = url.path
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: KalibrIMU.sizeLimit + 1) ?? Data()
        } catch {
            throw SignalError(.unreadable, "cannot read the IMU noise file: \(error.localizedDescription)", file: name)
        }
        guard data.count <= KalibrIMU.sizeLimit else {
            throw SignalError(.tooLarge, "an IMU noise file is at most \(KalibrIMU.sizeLimit) bytes; this one is larger", file: name)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SignalError(.malformed, "the IMU noise file is not UTF-8 text", file: name)
        }
        try self.init(yaml: text, file: name)
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
            guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), !text[..<e].contains(".") else { return text }
            return text[..<e] + ".0" + text[e...]
        }
        var text = "# IMU noise model (Kalibr imu.yaml; continuous-time densities, SI units)\n"
        text += "accelerometer_noise_density: \(number(accelerometerNoiseDensity))  # [ m / s^2 / sqrt(Hz) ] (accel \"white noise\")\n"
        text += "accelerometer_random_walk: \(number(accelerometerRandomWalk))  # [ m / s^3 / sqrt(Hz) ] (accel bias diffusion)\n"
        text += "gyroscope_noise_density: \(number(gyroscopeNoiseDensity))  # [ rad / s / sqrt(Hz) ] (gyro \"white noise\")\n"
        text += "gyroscope_random_walk: \(number(gyroscopeRandomWalk))  # [ rad / s^2 / sqrt(Hz) ] (gyro bias diffusion)\n"
        if let updateRate { text += "update_rate: \(number(updateRate))  # Hz\n" }
        return text
    }

    /// The value of `name`, refusing a key written twice (YAML readers differ on which one wins).
    static func unique(_ name: String, in mapping: Node.Mapping, prefix: String, file: String?) throws(SignalError) -> Node? {
        var found: Node?
        for (key, value) in mapping where key.string == name {
            if found != nil {
                throw SignalError(.duplicateField, "'\(prefix)\(name)' is given twice", file: file, line: key.mark?.line, field: prefix + name)
            }
            found = value
        }
        return found
    }

    /// A plain (unquoted) finite number.
    static func number(_ node: Node, name: String, file: String?) throws(SignalError) -> Double {
        guard let scalar = node.scalar else {
            throw SignalError(.malformed, "'\(name)' must be a number, got a \(node.mapping != nil ? "mapping" : "sequence")",
                              file: file, line: node.mark?.line, field: name)
        }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        if scalar.style == .plain, [".inf", "+.inf", "-.inf", ".nan"].contains(text.lowercased()) {
            throw SignalError(.outOfRange, "'\(name)' must be finite, got \(text)", file: file, line: node.mark?.line, field: name)
        }
        guard scalar.style == .plain, let v = Double(text) else {
            throw SignalError(.malformed, "'\(name)' must be a number, got \(scalar.style == .plain ? "" : "the quoted string ")'\(SignalError.quoted(text, limit: 40))'",
                              file: file, line: node.mark?.line, field: name)
        }
        guard v.isFinite else {
            throw SignalError(.outOfRange, "'\(name)' must be finite, got \(text)", file: file, line: node.mark?.line, field: name)
        }
        return v
    }

    /// A parser error with its line and column.
    static func error(_ error: YamlError, file: String?) -> SignalError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return SignalError(.malformed, "not valid YAML: \(problem)", file: file, line: mark.line, column: mark.column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.sorted()
            return SignalError(.duplicateField, "\(names.map { "'\($0)'" }.joined(separator: ", ")) given twice in one mapping",
                               file: file, line: context.mark.line, field: names.first)
        default:
            return SignalError(.malformed, "not valid YAML: \(error)", file: file)
        }
    }
}
