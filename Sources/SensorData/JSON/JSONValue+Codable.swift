import InternalUtilities

/// A coding key for any field name.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) {
        stringValue = string
        intValue = nil
    }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

extension JSONValue: Codable {
    /// Reads whatever JSON value a `Decoder` holds, so that values reached through `Codable` go through
    /// the same strict decoding as parsed documents.
    package init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                self = .null
                return
            }
            if let b = try? single.decode(Bool.self) {
                self = .bool(b)
                return
            }
            if let u = try? single.decode(UInt64.self) {
                self = .number(JSONNumber(text: String(u), value: Double(u)))
                return
            }
            if let i = try? single.decode(Int64.self) {
                self = .number(JSONNumber(text: String(i), value: Double(i)))
                return
            }
            if let d = try? single.decode(Double.self) {
                guard d.isFinite else {
                    throw SignalError(
                        .nonFinite, path: JSONValue.path(decoder.codingPath), "numbers must be finite, got \(d)")
                }
                self = .number(JSONNumber(d))
                return
            }
            if let s = try? single.decode(String.self) {
                self = .string(s)
                return
            }
        }
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [JSONObject.Member] = []
            for key in keyed.allKeys {
                members.append(
                    JSONObject.Member(key: key.stringValue, value: try keyed.decode(JSONValue.self, forKey: key)))
            }
            self = .object(JSONObject(members))
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        throw SignalError(.malformed, path: JSONValue.path(decoder.codingPath), "not a JSON value")
    }

    /// Writes the value through any `Encoder` (object keys in document order; integers exactly).
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let o):
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            for m in o.members { try c.encode(m.value, forKey: AnyCodingKey(m.key)) }
        case .array(let a):
            var c = encoder.unkeyedContainer()
            for v in a { try c.encode(v) }
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .number(let n):
            var c = encoder.singleValueContainer()
            if let u = n.unsignedInteger {
                try c.encode(u)
            } else if let i = n.integer {
                try c.encode(i)
            } else {
                try c.encode(n.value)
            }
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        }
    }

    /// A coding path as a JSON path: `$.sum[1].sine`.
    package static func path(_ codingPath: [any CodingKey]) -> String {
        var s = "$"
        for key in codingPath {
            if let i = key.intValue { s += "[\(i)]" } else { s = JSONPath.child(s, key.stringValue) }
        }
        return s
    }

    /// The value as indented JSON text (two spaces), keys in document order, with a final newline.
    package var prettyPrinted: String {
        var out = ""
        pretty(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func pretty(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .object(let o) where !o.members.isEmpty:
            out += "{\n"
            for (i, m) in o.members.enumerated() {
                out += pad + JSONValue.string(m.key).serialized + ": "
                m.value.pretty(into: &out, indent: indent + 1)
                out += i + 1 < o.members.count ? ",\n" : "\n"
            }
            out += close + "}"
        case .array(let a) where !a.isEmpty:
            out += "[\n"
            for (i, v) in a.enumerated() {
                out += pad
                v.pretty(into: &out, indent: indent + 1)
                out += i + 1 < a.count ? ",\n" : "\n"
            }
            out += close + "]"
        default:
            out += serialized
        }
    }
}
