import InternalUtilities
import Signals

extension MotionPreset {
    /// The presets a spec names in `{"motion": {"preset": NAME, ...}}`, with the parameters each takes
    /// (all optional; the defaults are those of the Swift functions).
    ///
    /// | name | parameters (unit) | Swift |
    /// | --- | --- | --- |
    /// | `still-on-table` | none | ``stillOnTable()`` |
    /// | `held-in-hand` | `tremor` (Hz) | ``heldInHand(tremor:)`` |
    /// | `walking` | `cadence` (steps/s, Hz) | ``walking(cadence:)`` |
    /// | `running` | `cadence` (steps/s, Hz) | ``running(cadence:)`` |
    /// | `shaking` | `frequency` (Hz) | ``shaking(frequency:)`` |
    /// | `car-ride` | `seed` (of the road noise, whole number) | ``carRide(seed:)`` |
    /// | `free-fall` | none | ``freeFall()`` |
    /// | `face-down-flip` | `period` (s) | ``faceDownFlip(period:)`` |
    public static let specParameters: [(name: String, parameters: [String])] = [
        ("still-on-table", []), ("held-in-hand", ["tremor"]), ("walking", ["cadence"]), ("running", ["cadence"]),
        ("shaking", ["frequency"]), ("car-ride", ["seed"]), ("free-fall", []), ("face-down-flip", ["period"]),
    ]

    /// Decodes a motion preset node, `{"preset": "walking", "cadence": 1.8}` (the body of a `motion` spec),
    /// into the motion it names; `nil` when the object has no `preset` key (an ordinary motion body).
    ///
    /// Parameters are checked here, naming their path: frequencies, cadences and periods must be finite
    /// and greater than 0; `seed` is a whole number.
    /// - Parameters:
    ///   - json: The body of the `motion` key.
    ///   - path: Its JSON path (`$.imu.motion`).
    /// - Throws: `SignalError` naming the path: an unknown preset (with a suggestion), an unknown or
    ///   out-of-range parameter.
    package static func motionNode(json: JSONValue, path: String) throws(SignalError) -> MotionNode? {
        guard case .object(let object) = json, object["preset"] != nil else { return nil }
        let names = specParameters.map(\.name)
        guard case .string(let name)? = object["preset"] else {
            throw SignalError(
                .malformed, path: JSONPath.child(path, "preset"),
                "'preset' must be a string, one of \(names.joined(separator: ", "))")
        }
        guard let entry = specParameters.first(where: { $0.name == name }) else {
            throw SignalError(
                .malformed, path: JSONPath.child(path, "preset"),
                SignalError.unknownName(name, kind: "motion preset", names: names, plural: "motion presets"))
        }
        let f = try JSONFields(
            json, path: path, what: "the '\(name)' motion preset", fields: ["preset"] + entry.parameters)
        func positive(_ key: String, _ defaultValue: Double) throws(SignalError) -> Double {
            guard let v = try f.optionalNumber(key) else { return defaultValue }
            guard v > 0 else {
                throw SignalError(
                    .outOfRange, path: f.path(key), "'\(key)' of the '\(name)' motion preset must be > 0, got \(v)")
            }
            return v
        }
        let motion: MotionSignal
        switch name {
        case "still-on-table": motion = stillOnTable()
        case "held-in-hand": motion = heldInHand(tremor: try positive("tremor", 9))
        case "walking": motion = walking(cadence: try positive("cadence", 1.8))
        case "running": motion = running(cadence: try positive("cadence", 2.8))
        case "shaking": motion = shaking(frequency: try positive("frequency", 4))
        case "car-ride": motion = carRide(seed: try f.optionalUnsigned("seed") ?? 30)
        case "free-fall": motion = freeFall()
        default: motion = faceDownFlip(period: try positive("period", 4))
        }
        return motion.motionNode
    }
}
