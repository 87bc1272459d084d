import Signals

/// A coding key for any field name, so that a decoder can list every key an object has.
struct FieldKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

/// A coding path as a dotted field path relative to the point: `gravity.z`, or `nil` at the point itself.
func fieldPath(_ codingPath: [any CodingKey], _ last: String? = nil) -> String? {
    var names = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
    if let last { names.append(last) }
    guard !names.isEmpty else { return nil }
    return names.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
}

/// Reads a JSON object field by field: rejects unknown fields (with a "did you mean" hint) and reports
/// missing, mistyped and non-finite values as ``PlaybackError``s naming the field.
struct StrictObject {
    let container: KeyedDecodingContainer<FieldKey>
    let path: [any CodingKey]
    let what: String

    /// Opens the object at `decoder`, which may hold only `fields`.
    init(_ decoder: any Decoder, what: String, fields: [String]) throws {
        path = decoder.codingPath
        self.what = what
        do {
            container = try decoder.container(keyedBy: FieldKey.self)
        } catch {
            throw PlaybackError(.malformed, "\(what) must be a JSON object with the fields \(fields.joined(separator: ", "))",
                                field: fieldPath(path))
        }
        for key in container.allKeys where !fields.contains(key.stringValue) {
            var message = "unknown field '\(key.stringValue)' in \(what)"
            if let guess = SignalError.closestName(to: key.stringValue, in: fields) { message += " (did you mean '\(guess)'?)" }
            message += "; its fields are \(fields.joined(separator: ", "))"
            throw PlaybackError(.unknownField, message, field: fieldPath(path, key.stringValue))
        }
    }

    /// Whether the object has the field.
    func has(_ name: String) -> Bool { container.contains(FieldKey(name)) }

    /// A finite number, or `nil` when the field is absent.
    func optionalNumber(_ name: String) throws -> Double? {
        let key = FieldKey(name)
        guard container.contains(key) else { return nil }
        let value: Double
        do {
            value = try container.decode(Double.self, forKey: key)
        } catch {
            throw PlaybackError(.malformed, "'\(name)' must be a number", field: fieldPath(path, name))
        }
        guard value.isFinite else {
            throw PlaybackError(.nonFinite, "'\(name)' must be a finite number, got \(value)", field: fieldPath(path, name))
        }
        return value
    }

    /// A finite number that must be present.
    func number(_ name: String) throws -> Double {
        guard let value = try optionalNumber(name) else {
            throw PlaybackError(.missingField, "missing required field '\(name)' in \(what)", field: fieldPath(path))
        }
        return value
    }

    /// A nested value decoded by its own `init(from:)`, or `nil` when absent.
    func optional<T: Decodable>(_ name: String, _ type: T.Type = T.self) throws -> T? {
        let key = FieldKey(name)
        guard container.contains(key) else { return nil }
        do {
            return try container.decode(T.self, forKey: key)
        } catch let error as PlaybackError {
            throw error
        } catch {
            throw PlaybackError(.malformed, "'\(name)' has the wrong JSON type", field: fieldPath(path, name))
        }
    }
}
