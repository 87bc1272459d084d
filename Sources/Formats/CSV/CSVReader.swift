import SensorData

/// The one CSV reader of the package (point files, recordings for `verify`/`plot`, phone exports):
/// comma-separated records (or separated by another byte, as phyphox's `;` and tab exports), one per
/// line, streamed from a ``ByteReader``.
///
/// A UTF-8 byte order mark before the first line is skipped; blank lines are skipped; fields are
/// trimmed of spaces and tabs (spaces only when tabs separate); a field in double quotes may hold
/// separators and doubled quotes (`""`), as RFC 4180 writes them. Numbers are parsed with
/// ``number(_:)``: decimal only, the same in every locale.
package final class CSVReader {
    /// The bytes.
    package let bytes: ByteReader
    /// The byte between fields: `,` unless told otherwise.
    package let separator: UInt8
    private var scratch: [UInt8] = []
    /// 1-based line of the record last read.
    package private(set) var line = 0

    /// Reads CSV records from `bytes`, fields separated by `separator` (default `,`).
    package init(_ bytes: ByteReader, separator: UInt8 = UInt8(ascii: ",")) {
        self.bytes = bytes
        self.separator = separator
        bytes.skipByteOrderMark()
    }

    /// Whether `b` is white space trimmed around a field (a tab is not when it separates fields).
    @inline(__always)
    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b == 0x09 && separator != 0x09) }

    /// The name of the input, for errors.
    package var name: String? { bytes.name }

    /// Reads the next non-blank line into `fields`.
    /// - Returns: `false` at the end of the input.
    /// - Throws: `SignalError`: a line over the length limit, an unterminated quote, a read error.
    package func nextRecord(into fields: inout [String]) throws(SignalError) -> Bool {
        repeat {
            line = bytes.line
            guard try bytes.readLine(into: &scratch) else { return false }
        } while scratch.allSatisfy { $0 == 0x20 || $0 == 0x09 }
        fields.removeAll(keepingCapacity: true)
        var i = 0
        let n = scratch.count
        while true {
            while i < n, isSpace(scratch[i]) { i += 1 }
            if i < n, scratch[i] == UInt8(ascii: "\"") {
                var value: [UInt8] = []
                i += 1
                var closed = false
                while i < n {
                    if scratch[i] == UInt8(ascii: "\"") {
                        if i + 1 < n, scratch[i + 1] == UInt8(ascii: "\"") {
                            value.append(0x22)
                            i += 2
                            continue
                        }
                        closed = true
                        i += 1
                        break
                    }
                    value.append(scratch[i])
                    i += 1
                }
                guard closed else {
                    throw SignalError(
                        .malformed, "a quoted field is not closed (a '\"' is missing)", file: name, line: line)
                }
                while i < n, isSpace(scratch[i]) { i += 1 }
                fields.append(String(decoding: value, as: UTF8.self))
                guard i < n else { break }
                guard scratch[i] == separator else {
                    throw SignalError(
                        .malformed,
                        "unexpected text after a quoted field (expected '\(separator == 0x09 ? "tab" : String(UnicodeScalar(separator)))')",
                        file: name, line: line)
                }
                i += 1
                continue
            }
            var stop = i
            while stop < n, scratch[stop] != separator { stop += 1 }
            var last = stop
            while last > i, isSpace(scratch[last - 1]) { last -= 1 }
            fields.append(String(decoding: scratch[i..<last], as: UTF8.self))
            guard stop < n else { break }
            i = stop + 1
        }
        return true
    }

    /// Parses a decimal number: an optional sign, digits with an optional point (`1`, `-0.5`, `.5`, `2.`)
    /// and an optional exponent. `nil` for anything else (`nan`, `inf`, hex, empty, `1,5`).
    /// The value may be infinite when the literal is beyond the range of a `Double` (`1e400`): check it.
    package static func number(_ text: String) -> Double? {
        var utf8 = text.utf8[...]
        if let f = utf8.first, f == UInt8(ascii: "+") || f == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        var digits = 0
        var sawPoint = false
        while let b = utf8.first {
            if b >= 0x30 && b <= 0x39 {
                digits += 1
            } else if b == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            utf8 = utf8.dropFirst()
        }
        guard digits > 0 else { return nil }
        if let e = utf8.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            utf8 = utf8.dropFirst()
            if let s = utf8.first, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
            var exponentDigits = 0
            while let b = utf8.first, b >= 0x30 && b <= 0x39 {
                exponentDigits += 1
                utf8 = utf8.dropFirst()
            }
            guard exponentDigits > 0 else { return nil }
        }
        guard utf8.isEmpty else { return nil }
        // Swift parses with the C locale whatever the user's locale, correctly rounded.
        return Double(text.first == "+" ? String(text.dropFirst()) : text)
    }

    /// A finite number from a field, or a `SignalError` naming the line and column.
    /// - Parameters:
    ///   - text: The field.
    ///   - column: The column's name, for the message.
    ///   - index: The point index, when known.
    package func finiteNumber(_ text: String, column header: String, index: Int? = nil) throws(SignalError) -> Double {
        // A header name is user input too: cut it like the value, so a message never echoes a huge name whole.
        let column = SignalErrorQuote.quote(header)
        guard !text.isEmpty else {
            throw SignalError(
                .malformed, "empty value in column '\(column)'", file: name, line: line, index: index, field: column)
        }
        guard let value = CSVReader.number(text) else {
            let lower = text.lowercased()
            if ["nan", "inf", "-inf", "+inf", "infinity", "-infinity"].contains(lower) {
                throw SignalError(
                    .nonFinite, "column '\(column)' must be a finite number, got \(SignalErrorQuote.quote(text))",
                    file: name, line: line, index: index, field: column)
            }
            throw SignalError(
                .malformed, "'\(SignalErrorQuote.quote(text))' in column '\(column)' is not a number",
                file: name, line: line, index: index, field: column)
        }
        guard value.isFinite else {
            throw SignalError(
                .nonFinite, "'\(SignalErrorQuote.quote(text))' in column '\(column)' is beyond the range of a Double",
                file: name, line: line, index: index, field: column)
        }
        return value
    }
}

/// Quoting of user input in messages (cut to 100 characters).
enum SignalErrorQuote {
    static func quote(_ text: String) -> String { SignalError.quoted(text, limit: 100) }
}
