import SensorData

/// The check every numeric model parameter passes where it is read (a spec, a sidecar file, a server's
/// spec), so that each parameter has one rule and one message wherever it comes from.
package enum ParameterRange {
    /// Throws `.nonFinite` unless `value` is finite, then `.outOfRange` unless it is in `range`.
    ///
    /// ```swift
    /// try ParameterRange.check(12, "hard_iron[0]", unit: "µT", in: -10_000 ... 10_000,
    ///                          path: "$.magnetometer.hard_iron[0]")
    /// ```
    /// - Parameters:
    ///   - value: The parameter.
    ///   - field: Its JSON name, for the message (`hard_iron[0]`).
    ///   - unit: Its unit, for the message (empty for a pure number).
    ///   - range: The values allowed.
    ///   - path: The JSON path of the parameter, where the error is located.
    package static func check(
        _ value: Double, _ field: String, unit: String, in range: ClosedRange<Double>,
        path: String
    ) throws(SignalError) {
        let unit = unit.isEmpty ? "" : " \(unit)"
        guard value.isFinite else {
            throw SignalError(.nonFinite, path: path, "\(field) must be finite, got \(value)\(unit)")
        }
        guard range.contains(value) else {
            throw SignalError(
                .outOfRange, path: path,
                "\(field) \(value)\(unit) is outside \(range.lowerBound)\(unit) ... \(range.upperBound)\(unit)")
        }
    }
}
