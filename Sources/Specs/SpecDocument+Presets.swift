import InternalUtilities
import Signals

extension SpecDocument {
    /// `error` moved from inside what a motion preset made to the preset the user wrote.
    ///
    /// A preset (`{"motion": {"preset": "walking", "cadence": 80}}`) is expanded into signal nodes when it is
    /// decoded, so a check at a sample rate (aliasing) fails at a path of the expansion,
    /// `$.motion.worldAcceleration.axes.y.sine.frequency`, which is no field of the spec. This names the
    /// preset's object and its parameters instead; any other error is returned as it is.
    ///
    /// ```swift
    /// SpecDocument.locatedAtPreset(error, in: spec).path   // "$.motion"
    /// ```
    /// - Parameters:
    ///   - error: An error whose path is relative to `spec` (`$` is its root).
    ///   - spec: The spec's JSON, as the user wrote it.
    /// - Returns: The error at the preset's path, its message saying which preset and parameters.
    package static func locatedAtPreset(_ error: SignalError, in spec: JSONValue) -> SignalError {
        let path = error.location.field.map { JSONPath.child(error.location.path ?? "$", $0) } ?? error.location.path
        guard let path else { return error }
        for (presetPath, preset) in presets(in: spec, path: "$") {
            guard path.hasPrefix(presetPath + "."), case .string(let name)? = preset["preset"] else { continue }
            let next = path.dropFirst(presetPath.count + 1).prefix { $0 != "." && $0 != "[" }
            guard preset[String(next)] == nil else { continue }
            let parameters = preset.members.filter { $0.key != "preset" }.map { "\($0.key) \($0.value.serialized)" }
            var moved = error
            moved.location.path = presetPath
            moved.location.field = nil
            moved.message =
                "the '\(name)' motion preset\(parameters.isEmpty ? "" : " with " + parameters.joined(separator: ", ")) makes a signal that cannot be rendered here: \(error.message)"
            return moved
        }
        return error
    }

    /// Every motion preset object (one with a `preset` key) in `value`, with its path.
    private static func presets(in value: JSONValue, path: String) -> [(String, JSONObject)] {
        switch value {
        case .object(let object):
            if object["preset"] != nil, path.hasSuffix(".motion") { return [(path, object)] }
            return object.members.flatMap { presets(in: $0.value, path: JSONPath.child(path, $0.key)) }
        case .array(let items):
            return items.enumerated().flatMap { presets(in: $0.element, path: "\(path)[\($0.offset)]") }
        default:
            return []
        }
    }
}
