extension Encoder {
    /// Encodes `fields` in order into one keyed container, each with `encode(_:forKey:)`, so that every
    /// key is written and an absent optional as `null` (a synthesized `Encodable` leaves the key out).
    ///
    /// ```swift
    /// try encoder.encodeFields(keyedBy: CodingKeys.self, [.name: name, .ratio: ratio])   // {"name": "fft", "ratio": null}
    /// ```
    /// - Parameters:
    ///   - keys: The coding keys' type.
    ///   - fields: The keys and their values, in the order to write them.
    /// - Throws: The first error a value's encoding throws.
    package func encodeFields<Key: CodingKey>(
        keyedBy keys: Key.Type, _ fields: KeyValuePairs<Key, any Encodable>
    ) throws {
        var container = container(keyedBy: keys)
        for (key, value) in fields { try container.encode(value, forKey: key) }
    }
}
