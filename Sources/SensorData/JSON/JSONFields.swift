import InternalUtilities

/// Reads the fields of one JSON object for a decoder, strictly: every key must be one of `fields`
/// (an unknown key is an error with a "did you mean" hint), `null` is refused wherever a value is
/// expected, numbers must be finite, and each error names the JSON path of the field.
///
/// ```swift
/// let f = try JSONFields(value, path: "$.sine", what: "'sine'", fields: ["amplitude", "frequency"])
/// let a = try f.number("amplitude", default: 1)
/// let hz = try f.number("frequency")
/// ```
package struct JSONFields {
    /// The object being read.
    package let object: JSONObject
    /// JSON path of the object (`$.sum[1].sine`).
    package let path: String
    /// How the object is named in messages (`'sine'`, `a point`).
    package let what: String
    /// The fields it may have.
    package let fields: [String]

    /// Opens `value`, which must be an object holding only `fields`.
    /// - Throws: ``SignalError``: `malformed` when it is not an object, `unknownField` for another key.
    package init(_ value: JSONValue, path: String, what: String, fields: [String]) throws(SignalError) {
        guard case .object(let object) = value else {
            throw SignalError(
                .malformed, path: path,
                "\(what) must be a JSON object with the fields \(fields.joined(separator: ", ")), got \(value.kindDescription)"
            )
        }
        self.object = object
        self.path = path
        self.what = what
        self.fields = fields
        for key in object.keys where !fields.contains(key) {
            var message = "unknown field '\(SignalError.quoted(key, limit: 60))' in \(what)"
            if let guess = SignalError.closestName(to: key, in: fields) { message += " (did you mean '\(guess)'?)" }
            message += "; its fields are \(fields.joined(separator: ", "))"
            throw SignalError(.unknownField, path: JSONPath.child(path, key), message)
        }
    }

    /// JSON path of a field.
    package func path(_ name: String) -> String { JSONPath.child(path, name) }

    /// Whether the field is present.
    package func has(_ name: String) -> Bool { object[name] != nil }

    /// The field's value, or `nil` when absent.
    /// - Throws: ``SignalError`` (`malformed`) when the value is `null`.
    package func value(_ name: String) throws(SignalError) -> JSONValue? {
        guard let v = object[name] else { return nil }
        if case .null = v {
            throw SignalError(
                .malformed, path: path(name),
                "'\(name)' is null; give a value or leave the field out for its default")
        }
        return v
    }

    /// The field's value, which must be present.
    /// - Throws: ``SignalError`` (`missingField`, `malformed` for `null`).
    package func required(_ name: String) throws(SignalError) -> JSONValue {
        guard let v = try value(name) else { throw missing(name) }
        return v
    }

    /// The error for a required field that is absent: `missingField` at this object's path.
    private func missing(_ name: String) -> SignalError {
        SignalError(.missingField, path: path, "missing required field '\(name)' in \(what)")
    }

    /// A finite number, or `nil` when absent.
    package func optionalNumber(_ name: String) throws(SignalError) -> Double? {
        guard let v = try value(name) else { return nil }
        return try JSONFields.number(v, path: path(name), name: name)
    }

    /// A finite number that must be present.
    package func number(_ name: String) throws(SignalError) -> Double {
        try JSONFields.number(try required(name), path: path(name), name: name)
    }

    /// A finite number, `defaultValue` when absent.
    package func number(_ name: String, default defaultValue: Double) throws(SignalError) -> Double {
        try optionalNumber(name) ?? defaultValue
    }

    /// A whole number `0 ... UInt64.max` written as an integer literal, or `nil` when absent.
    package func optionalUnsigned(_ name: String) throws(SignalError) -> UInt64? {
        try optional(
            name, "a whole number from 0 to \(UInt64.max) written without a decimal point or exponent"
        ) { v in
            if case .number(let n) = v { n.unsignedInteger } else { nil }
        }
    }

    /// A string, or `nil` when absent.
    package func optionalString(_ name: String) throws(SignalError) -> String? {
        try optional(name, "a string", \.string)
    }

    /// A string that must be present.
    package func string(_ name: String) throws(SignalError) -> String {
        guard let s = try optionalString(name) else { throw missing(name) }
        return s
    }

    /// A boolean, or `nil` when absent.
    package func optionalBool(_ name: String) throws(SignalError) -> Bool? {
        try optional(name, "true or false") { v in if case .bool(let b) = v { b } else { nil } }
    }

    /// An array, or `nil` when absent.
    package func optionalArray(_ name: String) throws(SignalError) -> [JSONValue]? {
        try optional(name, "an array", \.array)
    }

    /// The field as `extract` reads it, or `nil` when absent.
    /// - Parameters:
    ///   - name: The field.
    ///   - expected: What it must be, for the error (`"a string"`).
    ///   - extract: The value as `T`, or `nil` when it is of another kind.
    /// - Throws: ``SignalError`` (`malformed`) when `extract` refuses the value or the value is `null`.
    private func optional<T>(
        _ name: String, _ expected: String, _ extract: (JSONValue) -> T?
    ) throws(SignalError) -> T? {
        guard let v = try value(name) else { return nil }
        guard let t = extract(v) else {
            throw SignalError(.malformed, path: path(name), "'\(name)' must be \(expected), got \(v.preview())")
        }
        return t
    }

    /// A finite number from a value.
    package static func number(_ value: JSONValue, path: String, name: String) throws(SignalError) -> Double {
        guard case .number(let n) = value else {
            throw SignalError(.malformed, path: path, "'\(name)' must be a number, got \(value.preview())")
        }
        return n.value
    }
}
