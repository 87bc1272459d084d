import Foundation
import Sensors
import Yams

/// Reading a Kalibr, OpenVINS or ORB-SLAM3 `imu.yaml` (see `KalibrIMU` for the layouts and units).
///
/// ```swift
/// let terms = try KalibrIMU(yaml: "accelerometer_noise_density: 2.0e-3\n…", file: "imu.yaml")
/// terms.gyroscope.noiseDensity   // SIMD3(repeating: 1.6968e-4) rad/s/√Hz
/// ```
extension KalibrIMU {
    /// Reads the terms from the text of a YAML file.
    /// - Parameters:
    ///   - yaml: The file's text.
    ///   - file: Its name, for errors.
    /// - Throws: `SignalError` with the file and, where known, the line: `.malformed` for text that is not
    ///   YAML, not a mapping, or a value that is not a plain number; `.missingField` naming the missing key;
    ///   `.outOfRange` for a negative or non-finite term, one beyond the IMU model's range
    ///   (`SensorModel.noiseDensities`, `SensorModel.randomWalks`: 10 SI units), or a rate that is not > 0.
    public init(yaml: String, file: String? = nil) throws(SignalError) {
        // OpenCV's FileStorage writes "%YAML:1.0" (not a valid YAML directive): keep the line count.
        // libyaml reads a C string: text after a NUL byte would be silently dropped (all of it, for a NUL
        // first, which then reads as an empty file).
        if let nul = yaml.utf8.firstIndex(of: 0) {
            let line = 1 + yaml.utf8[..<nul].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw SignalError(
                .malformed,
                "an IMU noise file is YAML text, and this one holds a NUL byte (line \(line)); is it a binary file?",
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
            throw SignalError(
                .malformed,
                "an IMU noise file is a YAML mapping (Kalibr's accelerometer_noise_density, …), got \(root == nil ? "an empty file" : "no mapping")",
                file: file, line: root?.mark?.line)
        }
        var mapping = top
        var prefix = ""
        if let imu0 = top["imu0"] {
            guard let nested = imu0.mapping else {
                throw SignalError(
                    .malformed, "'imu0' must be a mapping holding Kalibr's noise keys", file: file,
                    line: imu0.mark?.line,
                    field: "imu0")
            }
            mapping = nested
            prefix = "imu0."
        }
        let orb =
            prefix.isEmpty && !KalibrIMU.keys.contains { mapping[$0] != nil }
            && KalibrIMU.orbSLAM3Keys.contains { mapping[$0] != nil }
        let names = orb ? KalibrIMU.orbSLAM3Keys : KalibrIMU.keys
        let rateName = orb ? "IMU.Frequency" : "update_rate"
        var values: [Double] = []
        for name in names {
            guard let node = try KalibrIMU.unique(name, in: mapping, prefix: prefix, file: file) else {
                let layout =
                    orb
                    ? "ORB-SLAM3 settings (IMU.NoiseAcc, IMU.AccWalk, IMU.NoiseGyro, IMU.GyroWalk)"
                    : "a Kalibr imu.yaml (\(KalibrIMU.keys.joined(separator: ", ")), at the top or inside imu0:)"
                throw SignalError(
                    .missingField, "no '\(prefix)\(name)' in \(layout)", file: file, line: mapping.mark?.line,
                    field: prefix + name)
            }
            let v = try KalibrIMU.number(node, name: prefix + name, file: file)
            guard v >= 0 else {
                throw SignalError(
                    .outOfRange, "'\(prefix)\(name)' must be ≥ 0 (a noise density or random walk), got \(v)",
                    file: file, line: node.mark?.line, field: prefix + name)
            }
            // The IMU model's own ranges (densities and random walks share one).
            let accepted = values.count % 2 == 0 ? SensorModel.noiseDensities : SensorModel.randomWalks
            guard accepted.contains(v) else {
                throw SignalError(
                    .outOfRange,
                    "'\(prefix)\(name)' must be at most \(accepted.upperBound) (SI units), got \(v): no sensor has such a term, and larger ones could overflow the samples",
                    file: file, line: node.mark?.line, field: prefix + name)
            }
            values.append(v)
        }
        var rate: Double?
        if let node = try KalibrIMU.unique(rateName, in: mapping, prefix: prefix, file: file) {
            let v = try KalibrIMU.number(node, name: prefix + rateName, file: file)
            guard v > 0 else {
                throw SignalError(
                    .outOfRange, "'\(prefix)\(rateName)' must be a rate in Hz > 0, got \(v)", file: file,
                    line: node.mark?.line,
                    field: prefix + rateName)
            }
            rate = v
        }
        self.init(
            accelerometerNoiseDensity: values[0], accelerometerRandomWalk: values[1],
            gyroscopeNoiseDensity: values[2], gyroscopeRandomWalk: values[3], updateRate: rate)
    }

    /// Reads the terms from a file (at most `sizeLimit` bytes).
    /// - Parameter url: The file.
    /// - Throws: `SignalError` `.unreadable` or `.tooLarge` naming the file, or as `init(yaml:file:)`.
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
            throw SignalError(
                .tooLarge, "an IMU noise file is at most \(KalibrIMU.sizeLimit) bytes; this one is larger", file: name)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SignalError(.malformed, "the IMU noise file is not UTF-8 text", file: name)
        }
        try self.init(yaml: text, file: name)
    }

    /// The value of `name`, refusing a key written twice (YAML readers differ on which one wins).
    static func unique(
        _ name: String, in mapping: Node.Mapping, prefix: String, file: String?
    ) throws(SignalError) -> Node? {
        var found: Node?
        for (key, value) in mapping where key.string == name {
            if found != nil {
                throw SignalError(
                    .duplicateField, "'\(prefix)\(name)' is given twice", file: file, line: key.mark?.line,
                    field: prefix + name)
            }
            found = value
        }
        return found
    }

    /// A plain (unquoted) finite number.
    static func number(_ node: Node, name: String, file: String?) throws(SignalError) -> Double {
        guard let scalar = node.scalar else {
            throw SignalError(
                .malformed, "'\(name)' must be a number, got a \(node.mapping != nil ? "mapping" : "sequence")",
                file: file, line: node.mark?.line, field: name)
        }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        if scalar.style == .plain, [".inf", "+.inf", "-.inf", ".nan"].contains(text.lowercased()) {
            throw SignalError(
                .outOfRange, "'\(name)' must be finite, got \(text)", file: file, line: node.mark?.line, field: name)
        }
        guard scalar.style == .plain, let v = Double(text) else {
            throw SignalError(
                .malformed,
                "'\(name)' must be a number, got \(scalar.style == .plain ? "" : "the quoted string ")'\(SignalError.quoted(text, limit: 40))'",
                file: file, line: node.mark?.line, field: name)
        }
        guard v.isFinite else {
            throw SignalError(
                .outOfRange, "'\(name)' must be finite, got \(text)", file: file, line: node.mark?.line, field: name)
        }
        return v
    }

    /// A parser error with its line and column.
    static func error(_ error: YamlError, file: String?) -> SignalError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return SignalError(
                .malformed, "not valid YAML: \(problem)", file: file, line: mark.line, column: mark.column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.sorted()
            return SignalError(
                .duplicateField, "\(names.map { "'\($0)'" }.joined(separator: ", ")) given twice in one mapping",
                file: file, line: context.mark.line, field: names.first)
        default:
            return SignalError(.malformed, "not valid YAML: \(error)", file: file)
        }
    }
}
