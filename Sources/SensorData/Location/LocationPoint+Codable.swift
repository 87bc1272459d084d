import Foundation

extension LocationPoint: Codable {
    /// The fields of the `location` object that are always written, in the order they are written.
    public static let locationFields = [
        "latitude", "longitude", "altitude", "horizontalAccuracy", "verticalAccuracy",
        "speed", "course",
    ]

    /// The fields of the `location` object written only when known (not −1), after ``locationFields``:
    /// `speedAccuracy` (m/s) and `courseAccuracy` (degrees). A reader defaults an absent one to −1, so a
    /// route's lines (where both are unknown) are written as before.
    public static let velocityAccuracyFields = ["speedAccuracy", "courseAccuracy"]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }
    }

    /// Decodes `{"timestamp": t, "location": {"latitude": .., "longitude": .., ...}}`: `latitude` and
    /// `longitude` are required, the other location fields (``velocityAccuracyFields`` included) default as in
    /// ``init(timestamp:latitude:longitude:altitude:horizontalAccuracy:verticalAccuracy:speed:course:speedAccuracy:courseAccuracy:)``.
    /// - Throws: `DecodingError` for an unknown field, a missing or mistyped one, or a non-finite number.
    public init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: Key.self)
        try LocationPoint.refuseUnknown(outer, ["timestamp", "location"])
        let inner = try outer.nestedContainer(keyedBy: Key.self, forKey: Key("location"))
        try LocationPoint.refuseUnknown(inner, LocationPoint.locationFields + LocationPoint.velocityAccuracyFields)
        func number(_ c: KeyedDecodingContainer<Key>, _ name: String, _ fallback: Double?) throws -> Double {
            guard let fallback, !c.contains(Key(name)) else {
                let v = try c.decode(Double.self, forKey: Key(name))
                guard v.isFinite else {
                    throw DecodingError.dataCorruptedError(
                        forKey: Key(name), in: c, debugDescription: "'\(name)' must be finite")
                }
                return v
            }
            return fallback
        }
        self.init(
            timestamp: try number(outer, "timestamp", nil),
            latitude: try number(inner, "latitude", nil), longitude: try number(inner, "longitude", nil),
            altitude: try number(inner, "altitude", 0),
            horizontalAccuracy: try number(inner, "horizontalAccuracy", 0),
            verticalAccuracy: try number(inner, "verticalAccuracy", 0),
            speed: try number(inner, "speed", 0), course: try number(inner, "course", -1),
            speedAccuracy: try number(inner, "speedAccuracy", -1),
            courseAccuracy: try number(inner, "courseAccuracy", -1))
    }

    private static func refuseUnknown(_ c: KeyedDecodingContainer<Key>, _ fields: [String]) throws {
        for key in c.allKeys where !fields.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c,
                debugDescription: "unknown field '\(key.stringValue)'; the fields are \(fields.joined(separator: ", "))"
            )
        }
    }

    /// Encodes `{"timestamp": t, "location": {...}}` with every field of ``locationFields`` and the known
    /// ones of ``velocityAccuracyFields``.
    public func encode(to encoder: any Encoder) throws {
        var outer = encoder.container(keyedBy: Key.self)
        try outer.encode(timestamp, forKey: Key("timestamp"))
        var inner = outer.nestedContainer(keyedBy: Key.self, forKey: Key("location"))
        for (name, value) in zip(LocationPoint.locationFields, locationValues) {
            try inner.encode(value, forKey: Key(name))
        }
        if speedAccuracy != -1 { try inner.encode(speedAccuracy, forKey: Key("speedAccuracy")) }
        if courseAccuracy != -1 { try inner.encode(courseAccuracy, forKey: Key("courseAccuracy")) }
    }

    /// The location fields' values, in the order of ``locationFields``.
    public var locationValues: [Double] {
        [latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course]
    }
}
