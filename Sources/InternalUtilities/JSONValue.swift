/// A JSON value read by the package's one strict JSON reader (``JSONValue/parse(_:limits:)``).
///
/// Every spec, point file, server body and recording header in this package is read through it, so
/// they all share one set of rules: RFC 8259 grammar (no trailing commas, comments, `NaN` or single
/// quotes), no duplicate keys in an object, numbers that fit a `Double`, valid UTF-8, and bounded
/// nesting. `null` parses (it is JSON) but every decoder in the package refuses it where a value is
/// expected, naming the field (omit a field to get its default).
///
/// Objects keep their members in document order; a lookup is a linear scan for small objects
/// (specs have a handful of keys), which is faster than hashing at that size.
package enum JSONValue: Sendable, Hashable {
    /// `{ ... }`: members in document order, keys unique.
    case object(JSONObject)
    /// `[ ... ]`.
    case array([JSONValue])
    /// A string (unescaped).
    case string(String)
    /// A number, with the literal text it was written as (for exact integers such as seeds).
    case number(JSONNumber)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// What kind of value this is, for messages: "an object", "a number", ...
    package var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// A number, or `null` when `value` is not finite (JSON has no NaN or infinity).
    package static func number(_ value: Double) -> JSONValue { value.isFinite ? .number(JSONNumber(value)) : .null }
    /// An exact integer.
    package static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
    /// A number, or `null` for `nil` or a value that is not finite.
    package static func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
    /// An object with `members` in this order (keys must be unique).
    package static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value) }))
    }

    /// The object's members, or `nil`.
    package var object: JSONObject? { if case .object(let o) = self { o } else { nil } }
    /// The array's elements, or `nil`.
    package var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The string, or `nil`.
    package var string: String? { if case .string(let s) = self { s } else { nil } }
    /// The number's `Double` value, or `nil`.
    package var double: Double? { if case .number(let n) = self { n.value } else { nil } }
}

/// A JSON number: the exact literal and its nearest `Double` (always finite).
package struct JSONNumber: Sendable, Hashable {
    /// The literal as written (`"1e3"`, `"7"`, `"-0.25"`).
    package let text: String
    /// The nearest `Double` (finite: larger literals are refused when parsed).
    package let value: Double

    package init(text: String, value: Double) {
        self.text = text
        self.value = value
    }

    /// Creates a number from a finite `Double` (for building values in code).
    package init(_ value: Double) {
        self.init(text: "\(value)", value: value)
    }

    /// Creates a number from an integer, written exactly (`7`, not `7.0`).
    package init(_ value: Int) {
        self.init(text: "\(value)", value: Double(value))
    }

    /// The literal as an exact unsigned integer, when it is written as one (`"7"`, not `"7.0"` or `"7e0"`).
    package var unsignedInteger: UInt64? { UInt64(text) }
    /// The literal as an exact signed integer, when it is written as one.
    package var integer: Int? { Int(text) }
}

/// The members of a JSON object, in document order, with unique keys.
package struct JSONObject: Sendable, Hashable {
    /// One `"key": value` member.
    package struct Member: Sendable, Hashable {
        package var key: String
        package var value: JSONValue
        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document order.
    package var members: [Member]

    package init(_ members: [Member] = []) { self.members = members }

    /// The keys in document order.
    package var keys: [String] { members.map(\.key) }

    /// The value of `key`, or `nil`.
    package subscript(key: String) -> JSONValue? {
        for m in members where m.key == key { return m.value }
        return nil
    }

    /// Number of members.
    package var count: Int { members.count }
}

extension JSONValue {
    /// The value as compact JSON text (keys in document order), for echoing a spec back.
    package var serialized: String {
        var out = ""
        serialize(into: &out, spaced: false)
        return out
    }

    /// The value as JSON text on one line with a space after each `:` and `,` (keys in document order):
    /// the layout of the reports the command line writes.
    package var spacedSerialization: String {
        var out = ""
        serialize(into: &out, spaced: true)
        return out
    }

    private func serialize(into out: inout String, spaced: Bool) {
        switch self {
        case .object(let o):
            out += "{"
            for (i, m) in o.members.enumerated() {
                if i > 0 { out += spaced ? ", " : "," }
                JSONValue.string(m.key).serialize(into: &out, spaced: spaced)
                out += spaced ? ": " : ":"
                m.value.serialize(into: &out, spaced: spaced)
            }
            out += "}"
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += spaced ? ", " : "," }
                v.serialize(into: &out, spaced: spaced)
            }
            out += "]"
        case .string(let s):
            out += "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            out += "\""
        case .number(let n): out += n.text
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// The first number in the value (depth first, in document order) that is not finite, if any: a
    /// ``JSONNumber`` made from NaN or an infinity, which JSON cannot carry. Writers refuse such a value
    /// (`FiniteOutput.check(json:what:)` in `Signals`).
    package var firstNonFiniteNumber: Double? {
        switch self {
        case .number(let n): return n.value.isFinite ? nil : n.value
        case .array(let a):
            for v in a { if let bad = v.firstNonFiniteNumber { return bad } }
            return nil
        case .object(let o):
            for m in o.members { if let bad = m.value.firstNonFiniteNumber { return bad } }
            return nil
        case .string, .bool, .null: return nil
        }
    }

    /// A short preview of the value for messages: at most `limit` characters, cut with `…`.
    package func preview(limit: Int = 100) -> String {
        quotedForMessage(serialized, limit: limit)
    }
}
