import InternalUtilities

/// The last check before numbers leave the package: no output (CSV, `.npy`, f32, MCAP, a JSON line, an HTTP
/// body) carries NaN or an infinity, which JSON cannot hold and numeric readers take for data.
///
/// Every parameter is range-checked where it enters, so that a render cannot produce one; this is the
/// second line of defence, at each writer: a value that is not finite stops the write with an error (exit
/// 2 on the command line, a failed run on the server), never a silent `inf` in a file.
///
/// ```swift
/// try FiniteOutput.check(block.samples, what: "the render of walk.json")
/// // throws SignalError .nonFinite: "the render of walk.json: value 12 is -inf; …"
/// ```
///
/// The scan adds `v − v` (0 for a finite `v`, NaN otherwise) over the values, which vectorises: about
/// 0.1 ns a value, less than a thousandth of the cost of writing it as text.
package enum FiniteOutput {
    /// Throws unless every value is finite.
    /// - Parameters:
    ///   - values: The values about to be written.
    ///   - what: What they are, for the message (`the imu stream of car.json`).
    /// - Throws: `SignalError` `.nonFinite` naming `what`, the value's position and the value.
    @inlinable
    package static func check<C: Collection>(_ values: C, what: @autoclosure () -> String) throws(SignalError)
        where C.Element: BinaryFloatingPoint {
        if let index = firstNonFinite(values) {
            let position = values.distance(from: values.startIndex, to: index)
            throw error(Double(values[index]), at: position, what: what())
        }
    }

    /// Throws unless `value` is finite.
    /// - Parameters:
    ///   - value: The value about to be written.
    ///   - what: What it is, for the message.
    /// - Throws: `SignalError` `.nonFinite`.
    @inlinable
    package static func check(_ value: Double, what: @autoclosure () -> String) throws(SignalError) {
        guard value.isFinite else { throw error(value, at: nil, what: what()) }
    }

    /// Throws unless every number of a JSON document about to be written is finite.
    /// - Parameters:
    ///   - json: The document.
    ///   - what: What it is, for the message.
    /// - Throws: `SignalError` `.nonFinite`.
    package static func check(json: JSONValue, what: @autoclosure () -> String) throws(SignalError) {
        if let bad = json.firstNonFiniteNumber { throw error(bad, at: nil, what: what()) }
    }

    /// The index of the first value that is not finite, or `nil`.
    @inlinable
    package static func firstNonFinite<C: Collection>(_ values: C) -> C.Index? where C.Element: BinaryFloatingPoint {
        let fast: Bool? = values.withContiguousStorageIfAvailable { buffer in
            var sum = C.Element(0)
            for v in buffer { sum += v - v }
            return sum == 0
        }
        if fast == true { return nil }
        return values.firstIndex { !$0.isFinite }
    }

    /// The error for a value that is not finite.
    @usableFromInline
    static func error(_ value: Double, at position: Int?, what: String) -> SignalError {
        let place = position.map { "value \($0) is \(value)" } ?? "a value is \(value)"
        return SignalError(.nonFinite,
                           "\(what): \(place); no output carries a number that is not finite (every input is range-checked, so this is a bug: please report it with the spec)")
    }
}
