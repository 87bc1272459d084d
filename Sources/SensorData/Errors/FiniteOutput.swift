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
/// The scan takes the largest exponent field of a block of `Float` or `Double` (an integer `max`, which
/// vectorises: about 0.5 ns a value with the bench machine loaded, far below the cost of writing a value
/// as text or bytes) and searches for the value only in a block that holds one.
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
    ///
    /// A contiguous block of `Float` or `Double` is scanned first for the largest exponent field (an integer
    /// `max`, which vectorises: about 0.5 ns a `Float` on the bench machine); only a block holding a value
    /// that is not finite is searched for it.
    @inlinable
    package static func firstNonFinite<C: Collection>(_ values: C) -> C.Index? where C.Element: BinaryFloatingPoint {
        let clean: Bool? =
            values.withContiguousStorageIfAvailable { buffer in
                if C.Element.self == Float.self {
                    return buffer.withMemoryRebound(to: UInt32.self) { bits in
                        var top: UInt32 = 0
                        for b in bits { top = max(top, b & 0x7F80_0000) }
                        return top != 0x7F80_0000
                    }
                }
                if C.Element.self == Double.self {
                    return buffer.withMemoryRebound(to: UInt64.self) { bits in
                        var top: UInt64 = 0
                        for b in bits { top = max(top, b & 0x7FF0_0000_0000_0000) }
                        return top != 0x7FF0_0000_0000_0000
                    }
                }
                return nil
            } ?? nil
        if clean == true { return nil }
        return values.firstIndex { !$0.isFinite }
    }

    /// The error for a value that is not finite.
    @usableFromInline
    static func error(_ value: Double, at position: Int?, what: String) -> SignalError {
        let place = position.map { "value \($0) is \(value)" } ?? "a value is \(value)"
        return SignalError(
            .nonFinite,
            "\(what): \(place); no output carries a number that is not finite (every input is range-checked, so this is a bug: please report it with the spec)"
        )
    }
}
