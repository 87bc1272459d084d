import Foundation
import InternalUtilities
import SensorData

/// A render directory's `sensors.json`: what reading the streams back needs and their columns do not say.
/// `signals render --output-dir` writes it beside the CSV or NPY streams; the `SensorFeeds` managers'
/// `.file(directory)` sources read it. The one writer and reader of the file:
///
/// ```json
/// {"epoch": "2026-06-01T08:30:00Z", "accelerometerUnit": "g",
///  "magnetometer": {"hard_iron": [12.0, -3.0, 40.0], "soft_iron": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]},
///  "movingActivity": "walking"}
/// ```
///
/// A trip's render adds its legs: `"legs": [{"start": 0, "movingActivity": "walking"}, {"start": 312,
/// "movingActivity": "automotive"}]`.
///
/// Every key is optional; the file is one line. It is read strictly, through the package's JSON parser
/// (``JSONValue``) and ``JSONFields`` (no unknown or duplicate keys, no `null`), and both the writer and
/// the reader apply the models' rules (``validate()``), so a file that reads back is one a trajectory
/// spec could have produced:
/// - `epoch`: the trajectory's `t = 0`, an ISO 8601 UTC time (``ISO8601``);
/// - `accelerometerUnit`: `"g"` (CoreMotion's unit and sign) or `"m/s^2"` (the physical sign);
/// - `magnetometer`: `hard_iron` (µT) and `soft_iron` (rows), both required, each a number or `[x, y, z]`
///   as in a spec, checked by ``MagnetometerCalibrationRules`` (ranges, and `|det S| ≥ 1e-6`);
/// - `movingActivity`: what the trajectory's vehicle does while it moves (`MovingActivity`'s names:
///   `walking`, `running`, `on-foot`, `cycling`, `automotive`), the rule that turns the truth's velocity
///   into its activity;
/// - `legs`: a trip's legs, each its `start` (seconds of the trajectory, the first 0, increasing) and its
///   `movingActivity`, which holds from its start to the next leg's (`movingActivity` is then the first's).
package struct SensorsSidecar: Sendable, Hashable {
    /// A magnetometer's calibration: `S⁻¹ (m − b)` for the soft-iron matrix `S` and hard-iron offset `b`.
    package struct Magnetometer: Sendable, Hashable {
        /// Hard-iron offset, µT per device axis.
        package var hardIron: SIMD3<Double>
        /// Soft-iron matrix `S` as three rows (dimensionless).
        package var softIron: [SIMD3<Double>]

        package init(hardIron: SIMD3<Double>, softIron: [SIMD3<Double>]) {
            self.hardIron = hardIron
            self.softIron = softIron
        }
    }

    /// The file's name in a render directory.
    package static let fileName = "sensors.json"
    /// The largest file read, bytes (1 MiB).
    package static let sizeLimit = 1 << 20
    /// The accelerometer units the file may name (the raw values of `Sensors`' `AccelerometerUnit`).
    package static let accelerometerUnits = ["g", "m/s^2"]
    /// The top-level keys, in the order they are written.
    package static let keys = ["epoch", "accelerometerUnit", "magnetometer", "movingActivity", "legs"]

    /// A trip's leg: from `start` seconds of the trajectory, the activity rule `movingActivity`.
    package struct Leg: Sendable, Hashable {
        /// Seconds of the trajectory the leg starts at.
        package var start: Double
        /// What its vehicle does while it moves.
        package var movingActivity: MovingActivity

        package init(start: Double, movingActivity: MovingActivity) {
            self.start = start
            self.movingActivity = movingActivity
        }
    }

    /// The trajectory's epoch, ISO 8601 UTC (the spec's text, as written there).
    package var epoch: String?
    /// The accelerometer's unit: one of ``accelerometerUnits``.
    package var accelerometerUnit: String?
    /// The magnetometer's calibration.
    package var magnetometer: Magnetometer?
    /// The vehicle's activity rule.
    package var movingActivity: MovingActivity?
    /// A trip's legs (empty for one route).
    package var legs: [Leg] = []

    /// The activity rule at `t` seconds of the trajectory: the leg's that started last at or before `t` (the
    /// first's before it), else ``movingActivity``.
    package func movingActivity(at t: Double) -> MovingActivity? {
        guard let first = legs.first else { return movingActivity }
        return legs.last(where: { $0.start <= t })?.movingActivity ?? first.movingActivity
    }

    /// A sidecar; nothing is checked until it is written (``json()``) or read.
    package init(
        epoch: String? = nil, accelerometerUnit: String? = nil, magnetometer: Magnetometer? = nil,
        movingActivity: MovingActivity? = nil, legs: [Leg] = []
    ) {
        self.legs = legs
        self.epoch = epoch
        self.accelerometerUnit = accelerometerUnit
        self.magnetometer = magnetometer
        self.movingActivity = movingActivity
    }

    /// Unix seconds of ``epoch``, or `nil` without one.
    package var epochSeconds: Double? { epoch.flatMap { ISO8601.parse($0) } }

    /// Whether the accelerometer reads m/s² (`true`), g (`false`), or is not named (`nil`).
    package var accelerometerInMetresPerSecondSquared: Bool? { accelerometerUnit.map { $0 == "m/s^2" } }

    /// Applies the file's rules (see the type's description), the same on writing and on reading.
    /// - Throws: `SignalError` at the JSON path of the first value at fault: `malformed` for an epoch that
    ///   is not ISO 8601 or an unknown unit; the calibration's errors (``MagnetometerCalibrationRules``).
    package func validate() throws(SignalError) {
        if let epoch, ISO8601.parse(epoch) == nil {
            throw SignalError(
                .malformed, path: "$.epoch",
                "$.epoch must be an ISO 8601 date and time such as \"2026-06-01T08:30:00Z\", got \"\(SignalError.quoted(epoch, limit: 40))\""
            )
        }
        if let unit = accelerometerUnit, !Self.accelerometerUnits.contains(unit) {
            throw SignalError(
                .malformed, path: "$.accelerometerUnit",
                "$.accelerometerUnit must be \"g\" or \"m/s^2\", got \"\(SignalError.quoted(unit, limit: 40))\"")
        }
        if let magnetometer {
            try MagnetometerCalibrationRules.check(
                hardIron: magnetometer.hardIron, softIron: magnetometer.softIron,
                path: "$.magnetometer")
        }
        for (i, leg) in legs.enumerated() {
            let start = i == 0 ? 0 : legs[i - 1].start
            guard leg.start.isFinite, i == 0 ? leg.start == 0 : leg.start > start else {
                throw SignalError(
                    .outOfRange, path: "$.legs[\(i)].start",
                    i == 0
                        ? "$.legs[0].start must be 0 (the trajectory's start), got \(leg.start)"
                        : "$.legs[\(i)].start must be a number of seconds after the leg before's \(start), got \(leg.start)"
                )
            }
        }
        if let first = legs.first, movingActivity != first.movingActivity {
            throw SignalError(
                .invalidArgument, path: "$.movingActivity",
                "$.movingActivity is the first leg's, \"\(first.movingActivity.rawValue)\", got \"\(movingActivity?.rawValue ?? "none")\""
            )
        }
    }

    /// The file's text: one line of JSON, a space after each `:` and `,`, keys in ``keys`` order, then `\n`.
    /// - Throws: `SignalError` from ``validate()``: nothing is written that the reader would refuse.
    package func json() throws(SignalError) -> String {
        try validate()
        var members: [JSONObject.Member] = []
        if let epoch { members.append(JSONObject.Member(key: "epoch", value: .string(epoch))) }
        if let accelerometerUnit {
            members.append(JSONObject.Member(key: "accelerometerUnit", value: .string(accelerometerUnit)))
        }
        if let magnetometer {
            let calibration = MagnetometerCalibrationRules.json(
                hardIron: magnetometer.hardIron, softIron: magnetometer.softIron)
            members.append(JSONObject.Member(key: "magnetometer", value: .object(JSONObject(calibration))))
        }
        if let movingActivity {
            members.append(JSONObject.Member(key: "movingActivity", value: .string(movingActivity.rawValue)))
        }
        if !legs.isEmpty {
            let items = legs.map { leg in
                JSONValue.object(
                    JSONObject([
                        JSONObject.Member(key: "start", value: .number(leg.start)),
                        JSONObject.Member(key: "movingActivity", value: .string(leg.movingActivity.rawValue)),
                    ]))
            }
            members.append(JSONObject.Member(key: "legs", value: .array(items)))
        }
        return JSONValue.object(JSONObject(members)).spacedSerialization + "\n"
    }

    /// Reads the file's bytes.
    /// - Parameter data: The file's contents, at most ``sizeLimit`` bytes.
    /// - Throws: `SignalError` with its JSON path: `tooLarge` over ``sizeLimit``; `malformed` for JSON
    ///   syntax, a root that is not an object, an unknown key, `null` or a value of the wrong type;
    ///   `missingField` for a magnetometer without `hard_iron` or `soft_iron`; then ``validate()``'s errors.
    package static func read(_ data: Data) throws(SignalError) -> SensorsSidecar {
        let f = try JSONFields(
            try JSONValue.parse(data, limits: JSONLimits(bytes: sizeLimit)), path: "$",
            what: "sensors.json", fields: keys)
        var sidecar = SensorsSidecar(
            epoch: try f.optionalString("epoch"), accelerometerUnit: try f.optionalString("accelerometerUnit"))
        if let value = try f.value("magnetometer") {
            let m = try JSONFields(
                value, path: f.path("magnetometer"), what: "'magnetometer'", fields: ["hard_iron", "soft_iron"])
            let (hardIron, softIron) = try MagnetometerCalibrationRules.read(m)
            guard let hardIron else {
                throw SignalError(.missingField, path: m.path, "missing required field 'hard_iron' in 'magnetometer'")
            }
            guard let softIron else {
                throw SignalError(.missingField, path: m.path, "missing required field 'soft_iron' in 'magnetometer'")
            }
            sidecar.magnetometer = Magnetometer(hardIron: hardIron, softIron: softIron)
        }
        func rule(_ name: String, path: String) throws(SignalError) -> MovingActivity {
            guard let rule = MovingActivity(rawValue: name) else {
                let names = MovingActivity.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw SignalError(
                    .malformed, path: path,
                    "\(path) must be one of \(names), got \"\(SignalError.quoted(name, limit: 40))\"")
            }
            return rule
        }
        if let name = try f.optionalString("movingActivity") {
            sidecar.movingActivity = try rule(name, path: f.path("movingActivity"))
        }
        if let value = try f.value("legs") {
            guard case .array(let items) = value, !items.isEmpty else {
                throw SignalError(
                    .malformed, path: f.path("legs"),
                    "$.legs must be a non-empty array of {\"start\", \"movingActivity\"}")
            }
            for (i, item) in items.enumerated() {
                let lf = try JSONFields(
                    item, path: "\(f.path("legs"))[\(i)]", what: "a leg", fields: ["start", "movingActivity"])
                sidecar.legs.append(
                    Leg(
                        start: try lf.number("start"),
                        movingActivity: try rule(try lf.string("movingActivity"), path: lf.path("movingActivity"))))
            }
        }
        try sidecar.validate()
        return sidecar
    }

    /// Reads `url` (a `sensors.json`), never more than ``sizeLimit`` + 1 bytes.
    /// - Throws: `SignalError` located in the file (its last path component): `unreadable` when it cannot
    ///   be read, else as ``read(_:)``.
    package static func read(contentsOf url: URL) throws(SignalError) -> SensorsSidecar {
        let file = url.lastPathComponent
        do {
            let data = try NamedInput.open(url.path).data(limit: sizeLimit + 1, allowingMore: true)
            return try read(data)
        } catch {
            throw error.located(file: file)
        }
    }
}
