import InternalUtilities
import SensorData

/// A three-axis quantity in JSON: one number for every axis (`0.05`), or `[x, y, z]`. The shape of every
/// per-axis parameter of a spec (an IMU's error terms, a magnetometer's `hard_iron` and `soft_iron` rows)
/// and of a render directory's `sensors.json`.
package enum JSONVector3 {
    /// Reads a number (every axis) or `[x, y, z]` of finite numbers.
    ///
    /// ```swift
    /// let b = try JSONVector3.read(.number(JSONNumber(2)), path: "$.hard_iron", name: "hard_iron")   // (2, 2, 2)
    /// ```
    /// - Parameters:
    ///   - value: The JSON value.
    ///   - path: Its JSON path, where an error is located.
    ///   - name: The field's name, for messages.
    /// - Throws: `SignalError` (`malformed`) for another shape or a non-number element (located at the element).
    package static func read(_ value: JSONValue, path: String, name: String) throws(SignalError) -> SIMD3<Double> {
        switch value {
        case .number(let n):
            return SIMD3(repeating: n.value)
        case .array(let items):
            guard items.count == 3 else {
                throw SignalError(
                    .malformed, path: path, "'\(name)' must be a number or [x, y, z], got an array of \(items.count)")
            }
            var v = SIMD3<Double>.zero
            for i in 0..<3 { v[i] = try JSONFields.number(items[i], path: "\(path)[\(i)]", name: name) }
            return v
        default:
            throw SignalError(.malformed, path: path, "'\(name)' must be a number or [x, y, z], got \(value.preview())")
        }
    }

    /// `[x, y, z]`, each written as Swift's shortest round-trip `Double` text (`[12.0, -3.0, 40.0]`);
    /// a non-finite element becomes `null` (refuse it before writing).
    package static func json(_ v: SIMD3<Double>) -> JSONValue {
        .array([.number(v.x), .number(v.y), .number(v.z)])
    }
}
