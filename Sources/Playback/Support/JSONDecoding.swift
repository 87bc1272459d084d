import Signals
import InternalUtilities

extension PlaybackError {
    /// A strict-JSON decoding error as a playback error: the JSON path inside the point becomes the field
    /// (`$.gravity.z` → `gravity.z`).
    init(_ error: SignalError) {
        let code: Code
        switch error.code {
        case .unknownField: code = .unknownField
        case .missingField: code = .missingField
        case .nonFinite: code = .nonFinite
        default: code = .malformed
        }
        var field: String? = error.path
        if field == "$" { field = nil } else if let f = field, f.hasPrefix("$.") { field = String(f.dropFirst(2)) }
        let message = error.column.map { "column \($0): \(error.message)" } ?? error.message
        self.init(code, message, field: field)
    }
}

/// Decodes a value through any `Decoder` by reading its JSON value and applying the strict rules.
func decodeStrictly<T>(_ decoder: any Decoder, _ make: (JSONValue, String) throws(SignalError) -> T) throws -> T {
    let value = try JSONValue(from: decoder)
    do {
        return try make(value, JSONValue.path(decoder.codingPath))
    } catch {
        throw PlaybackError(error)
    }
}

/// Encodes `x`, `y`, `z`.
func encodeXYZ(_ x: Double, _ y: Double, _ z: Double, to encoder: any Encoder) throws {
    try JSONValue.object(JSONObject([
        .init(key: "x", value: .number(JSONNumber(x))), .init(key: "y", value: .number(JSONNumber(y))),
        .init(key: "z", value: .number(JSONNumber(z))),
    ])).encode(to: encoder)
}
