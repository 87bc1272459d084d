import InternalUtilities

/// Decodes a value through any `Decoder` by reading its JSON value and applying the strict rules.
func decodeStrictly<T>(_ decoder: any Decoder, _ make: (JSONValue, String) throws(SignalError) -> T) throws -> T {
    let value = try JSONValue(from: decoder)
    return try make(value, JSONValue.path(decoder.codingPath))
}

/// Encodes `x`, `y`, `z`.
func encodeXYZ(_ x: Double, _ y: Double, _ z: Double, to encoder: any Encoder) throws {
    try JSONValue.object(
        JSONObject([
            .init(key: "x", value: .number(JSONNumber(x))), .init(key: "y", value: .number(JSONNumber(y))),
            .init(key: "z", value: .number(JSONNumber(z))),
        ])
    ).encode(to: encoder)
}
