import Formats
import Foundation
import InternalUtilities
import Signals

extension IMU {
    /// The error terms of each sensor as JSON keys (after the `accelerometer_` or `gyroscope_` prefix),
    /// in the order they are written. The first two are Kalibr's `imu.yaml` names.
    public static let termNames = [
        "noise_density", "random_walk", "bias_instability", "bias_correlation_time",
        "turn_on_bias", "bias", "scale_factor", "misalignment", "resolution", "range", "bandwidth",
    ]

    /// Every field of an `imu` object.
    public static let fieldNames =
        ["preset", "kalibr", "motion", "seed", "accelerometer_unit"]
        + ["accelerometer", "gyroscope"].flatMap { p in termNames.map { "\(p)_\($0)" } }

    /// Decodes the body of an `{"imu": {...}}` spec strictly.
    ///
    /// ```json
    /// {"imu": {"motion": {"attitude": "faceUp"},
    ///          "accelerometer_noise_density": 0.002, "accelerometer_random_walk": 0.0003,
    ///          "gyroscope_noise_density": 0.0002, "gyroscope_random_walk": 2e-05, "seed": 7}}
    /// ```
    /// - `motion` (required): the body of a `motion` spec (with an attitude, or a free motion), or a motion
    ///   preset node, `{"preset": "walking", "cadence": 1.8}` (see `MotionPreset.specParameters`).
    /// - `accelerometer_*` in Kalibr's SI units (m/s², m/s²/√Hz, m/s³/√Hz), `gyroscope_*` in rad/s units;
    ///   the terms are ``termNames`` (see ``SensorModel``). Each is a number (all axes) or `[x, y, z]`;
    ///   `*_misalignment` is `[[…], […], […]]`. An absent term is zero (off): there are no hidden defaults.
    /// - `preset`: a preset's name (``IMUPreset``); its terms apply unless given explicitly.
    /// - `kalibr`: a Kalibr, OpenVINS or ORB-SLAM3 `imu.yaml` (a path relative to the spec's folder, or
    ///   absolute; see ``KalibrIMU``): its four noise terms, on every axis, override the preset's; terms
    ///   given in the spec override the file's. Refused in a spec from the network (`allowFiles: false`).
    /// - `seed` (default 0), `accelerometer_unit` (`"g"`, default, or `"m/s^2"`).
    /// - Parameters:
    ///   - json: The object inside `{"imu": …}`.
    ///   - path: Its JSON path (`$.imu`).
    ///   - baseDirectory: The folder a relative `kalibr` path is in (the spec's; default: the current directory).
    ///   - allowFiles: Whether `kalibr` may name a file (`false` for a spec that came over the network).
    ///   - readKalibr: The reader of a `kalibr` file (the KalibrYAML module's `KalibrIMU.init(contentsOf:)`,
    ///     which the command line and the server pass); `nil` refuses the key (`.invalidArgument`).
    /// - Throws: `SignalError` naming the path: unknown fields (with a suggestion), wrong types, `null`s,
    ///   arrays of the wrong length, unknown presets or units, an invalid motion, a term outside its range
    ///   (``validate(path:)``, after the preset's, the file's and the spec's terms are layered); for `kalibr`, the file,
    ///   its line and key as ``KalibrIMU/init(yaml:file:)`` finds them, with the JSON path.
    package init(
        json: JSONValue, path: String = "$.imu", baseDirectory: URL? = nil, allowFiles: Bool = true,
        readKalibr: KalibrFileReader? = nil
    ) throws(SignalError) {
        let f = try JSONFields(json, path: path, what: "'imu'", fields: IMU.fieldNames)
        let imu = try IMU.decode(
            fields: f, path: path, motionRequired: true, baseDirectory: baseDirectory, allowFiles: allowFiles,
            readKalibr: readKalibr
        ).imu
        self.init(
            motion: imu.motion, accelerometer: imu.accelerometer, gyroscope: imu.gyroscope, seed: imu.seed,
            accelerometerUnit: imu.accelerometerUnit)
    }

    /// Decodes the IMU of a trajectory (`$.trajectory.sensors.imu`): the fields of an `imu` spec but
    /// `motion` (the trajectory's motion is the truth; giving one is an error), and `rate` (Hz, optional;
    /// absent, a `kalibr` file's `update_rate`).
    /// - Returns: The IMU (its `motion` unused) and its rate, `nil` for the render rate.
    /// - Throws: `SignalError` naming the path, `.invalidArgument` at `…imu.motion` for a motion.
    package static func trajectoryIMU(
        json: JSONValue, path: String, baseDirectory: URL? = nil,
        allowFiles: Bool = true,
        readKalibr: KalibrFileReader? = nil
    ) throws(SignalError) -> (imu: IMU, rate: Double?) {
        let f = try JSONFields(json, path: path, what: "a trajectory's 'imu'", fields: IMU.fieldNames + ["rate"])
        if f.has("motion") {
            throw SignalError(
                .invalidArgument, path: f.path("motion"),
                "an IMU inside a trajectory measures the trajectory's motion; remove 'motion'")
        }
        let (imu, kalibr) = try IMU.decode(
            fields: f, path: path, motionRequired: false, baseDirectory: baseDirectory, allowFiles: allowFiles,
            readKalibr: readKalibr)
        return (imu, try f.optionalNumber("rate") ?? kalibr?.updateRate)
    }

    /// Reads the `kalibr` file an `imu` object names, if any.
    private static func kalibrTerms(
        _ f: JSONFields, baseDirectory: URL?, allowFiles: Bool,
        readKalibr: KalibrFileReader?
    ) throws(SignalError) -> KalibrIMU? {
        guard let name = try f.optionalString("kalibr") else { return nil }
        guard allowFiles else {
            throw SignalError(
                .invalidArgument, path: f.path("kalibr"),
                "a spec sent to a running server cannot name files; give the noise terms (accelerometer_noise_density, …) in the spec, or start the server with the spec file (signals serve FILE)"
            )
        }
        guard !name.isEmpty else {
            throw SignalError(
                .malformed, path: f.path("kalibr"), "'kalibr' must name an imu.yaml file, got an empty string")
        }
        guard let readKalibr else {
            throw SignalError(
                .invalidArgument, path: f.path("kalibr"),
                "'kalibr' names a YAML file, and this decoder reads none: load the spec with the command line or the server (SpecDocument), or give the noise terms (accelerometer_noise_density, …) in the spec"
            )
        }
        let url =
            name.hasPrefix("/")
            ? URL(fileURLWithPath: name)
            : (baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(
                name)
        do {
            return try readKalibr(url)
        } catch {
            var located = error
            if located.location.path == nil { located.location.path = f.path("kalibr") }
            throw located
        }
    }

    /// Decodes the fields of an `imu` object: the IMU and the `kalibr` file's terms, if any.
    private static func decode(
        fields f: JSONFields, path: String, motionRequired: Bool, baseDirectory: URL?,
        allowFiles: Bool, readKalibr: KalibrFileReader?
    ) throws(SignalError) -> (imu: IMU, kalibr: KalibrIMU?) {
        var accelerometer = SensorModel()
        var gyroscope = SensorModel()
        if let name = try f.optionalString("preset") {
            guard let preset = IMUPreset(rawValue: name) else {
                let message = SignalError.unknownName(
                    name, kind: "IMU preset", names: IMUPreset.allCases.map(\.rawValue), plural: "presets")
                throw SignalError(.malformed, path: f.path("preset"), message)
            }
            accelerometer = preset.accelerometer
            gyroscope = preset.gyroscope
        }
        let kalibr = try kalibrTerms(f, baseDirectory: baseDirectory, allowFiles: allowFiles, readKalibr: readKalibr)
        if let kalibr {
            accelerometer.noiseDensity = kalibr.accelerometer.noiseDensity
            accelerometer.randomWalk = kalibr.accelerometer.randomWalk
            gyroscope.noiseDensity = kalibr.gyroscope.noiseDensity
            gyroscope.randomWalk = kalibr.gyroscope.randomWalk
        }
        var motion = MotionNode(attitude: .fixed(.named(.faceUp)))
        if motionRequired {
            let motionValue = try f.required("motion")
            if let preset = try MotionPreset.motionNode(json: motionValue, path: f.path("motion")) {
                motion = preset
            } else {
                let motionNode = try SignalNode(
                    json: .object(JSONObject([.init(key: "motion", value: motionValue)])), path: path)
                guard case .motion(let m) = motionNode else {
                    throw SignalError(.malformed, path: f.path("motion"), "'motion' must be the body of a motion spec")
                }
                motion = m
            }
        }
        var unit = AccelerometerUnit.g
        if let text = try f.optionalString("accelerometer_unit") {
            guard let u = AccelerometerUnit(rawValue: text) else {
                throw SignalError(
                    .malformed, path: f.path("accelerometer_unit"),
                    "accelerometer_unit must be \"g\" or \"m/s^2\", got \"\(SignalError.quoted(text, limit: 40))\"")
            }
            unit = u
        }
        try IMU.readTerms(f, prefix: "accelerometer", into: &accelerometer)
        try IMU.readTerms(f, prefix: "gyroscope", into: &gyroscope)
        let imu = IMU(
            motion: motion, accelerometer: accelerometer, gyroscope: gyroscope,
            seed: try f.optionalUnsigned("seed") ?? 0, accelerometerUnit: unit)
        // The preset's, the file's and the spec's terms together, checked once as every IMU is.
        try imu.validate(path: path)
        return (imu, kalibr)
    }

    /// Decodes `{"imu": {...}}` from JSON bytes with the strict reader.
    /// - Parameters:
    ///   - data: The spec's bytes.
    ///   - baseDirectory: The folder a relative `kalibr` file is in (default: the current directory).
    /// - Throws: `SignalError` with the JSON path (and line and column of a syntax error); `.invalidArgument`
    ///   at `$.imu.kalibr` for a `kalibr` key: YAML files are read by the command line and the server
    ///   (`signals render`, `signals serve`), which link the KalibrYAML module.
    public static func decode(json data: Data, baseDirectory: URL? = nil) throws(SignalError) -> IMU {
        try decode(json: data, baseDirectory: baseDirectory, readKalibr: nil)
    }

    /// Decodes `{"imu": {...}}` from JSON bytes, reading a `kalibr` file with `readKalibr`.
    /// - Throws: As ``decode(json:baseDirectory:)``, and the reader's errors with the JSON path.
    package static func decode(
        json data: Data, baseDirectory: URL? = nil, readKalibr: KalibrFileReader?
    ) throws(SignalError) -> IMU {
        let value = try JSONValue.parse(data)
        let f = try JSONFields(value, path: "$", what: "an IMU spec", fields: ["imu"])
        return try IMU(json: try f.required("imu"), path: "$.imu", baseDirectory: baseDirectory, readKalibr: readKalibr)
    }

    /// A number (all axes) or `[x, y, z]`.
    package static func vector(_ value: JSONValue, path: String, name: String) throws(SignalError) -> SIMD3<Double> {
        try JSONVector3.read(value, path: path, name: name)
    }

    static func readTerms(_ f: JSONFields, prefix: String, into m: inout SensorModel) throws(SignalError) {
        func read(_ term: String, _ apply: (SIMD3<Double>) -> Void) throws(SignalError) {
            let name = "\(prefix)_\(term)"
            guard let v = try f.value(name) else { return }
            apply(try vector(v, path: f.path(name), name: name))
        }
        try read("noise_density") { m.noiseDensity = $0 }
        try read("random_walk") { m.randomWalk = $0 }
        try read("bias_instability") { m.biasInstability = $0 }
        try read("bias_correlation_time") { m.biasCorrelationTime = $0 }
        try read("turn_on_bias") { m.turnOnBias = $0 }
        try read("bias") { m.bias = $0 }
        try read("scale_factor") { m.scaleFactor = $0 }
        try read("resolution") { m.resolution = $0 }
        try read("range") { m.range = $0 }
        try read("bandwidth") { m.bandwidth = $0 }
        let name = "\(prefix)_misalignment"
        if let v = try f.value(name) {
            guard case .array(let rows) = v, rows.count == 3 else {
                throw SignalError(
                    .malformed, path: f.path(name),
                    "'\(name)' must be a 3×3 array of arrays (radians), got \(v.preview())")
            }
            var matrix: [SIMD3<Double>] = []
            for (r, row) in rows.enumerated() {
                guard case .array(let items) = row, items.count == 3 else {
                    throw SignalError(
                        .malformed, path: "\(f.path(name))[\(r)]",
                        "each row of '\(name)' must be an array of 3 numbers, got \(row.preview())")
                }
                var v = SIMD3<Double>.zero
                for c in 0..<3 {
                    v[c] = try JSONFields.number(items[c], path: "\(f.path(name))[\(r)][\(c)]", name: name)
                }
                matrix.append(v)
            }
            m.misalignment = matrix
        }
        // Zero means "off" for these three; written explicitly it is a mistake.
        for (term, value, off) in [
            ("range", m.range, "saturation"), ("resolution", m.resolution, "quantisation"),
            ("bandwidth", m.bandwidth, "low-pass filter"),
        ] {
            let key = "\(prefix)_\(term)"
            if f.has(key), (0..<3).contains(where: { value[$0] <= 0 }) {
                throw SignalError(
                    .outOfRange, path: f.path(key), "\(key) must be > 0 on every axis; leave it out for no \(off)")
            }
        }
    }

    /// The spec as a JSON value `{"imu": {...}}`: the motion, the seed, the unit, and every term that is
    /// not zero (a number when the three axes agree, else `[x, y, z]`). Decoding it gives the same IMU.
    package var jsonValue: JSONValue {
        func number(_ v: Double) -> JSONValue { .number(JSONNumber(v)) }
        func vector(_ v: SIMD3<Double>) -> JSONValue {
            v.x == v.y && v.y == v.z ? number(v.x) : .array([number(v.x), number(v.y), number(v.z)])
        }
        var members: [JSONObject.Member] = []
        if case .object(let o) = SignalNode.motion(motion).jsonValue, let body = o.members.first?.value {
            members.append(.init(key: "motion", value: body))
        }
        members.append(.init(key: "seed", value: .number(JSONNumber(text: String(seed), value: Double(seed)))))
        members.append(.init(key: "accelerometer_unit", value: .string(accelerometerUnit.rawValue)))
        for (prefix, m) in [("accelerometer", accelerometer), ("gyroscope", gyroscope)] {
            let terms: [(String, SIMD3<Double>)] = [
                ("noise_density", m.noiseDensity), ("random_walk", m.randomWalk),
                ("bias_instability", m.biasInstability),
                ("bias_correlation_time", m.biasCorrelationTime), ("turn_on_bias", m.turnOnBias), ("bias", m.bias),
                ("scale_factor", m.scaleFactor),
            ]
            for (term, v) in terms where v != .zero {
                members.append(.init(key: "\(prefix)_\(term)", value: vector(v)))
            }
            if m.misaligned {
                members.append(
                    .init(
                        key: "\(prefix)_misalignment",
                        value: .array(m.misalignment.map { .array([number($0.x), number($0.y), number($0.z)]) })))
            }
            for (term, v) in [("resolution", m.resolution), ("range", m.range), ("bandwidth", m.bandwidth)]
            where v != .zero {
                members.append(.init(key: "\(prefix)_\(term)", value: vector(v)))
            }
        }
        return .object(JSONObject([.init(key: "imu", value: .object(JSONObject(members)))]))
    }

    /// The spec as JSON text (pretty-printed with two-space indents, or compact).
    public func json(pretty: Bool = true) -> Data {
        Data((pretty ? jsonValue.prettyPrinted : jsonValue.serialized).utf8)
    }
}
