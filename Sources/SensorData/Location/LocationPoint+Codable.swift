import Foundation
import InternalUtilities

extension LocationPoint: Codable {
    /// The fields of the `location` object that are always written, in the order they are written.
    public static let locationFields = [
        "latitude", "longitude", "altitude", "horizontalAccuracy", "verticalAccuracy",
        "speed", "course",
    ]

    /// The fields of the `location` object written only when known (not −1), after `locationFields`:
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

    /// Reads a `location` object strictly, by the rules of every point line (the one point-line codec,
    /// `PointLineCodec` in `Formats`, and this type's `Decodable`): `latitude` (−90 ... 90 degrees) and
    /// `longitude` (−180 ... 180 degrees) required, the others default as in
    /// ``init(timestamp:latitude:longitude:altitude:horizontalAccuracy:verticalAccuracy:speed:course:speedAccuracy:courseAccuracy:)``.
    /// - Parameters:
    ///   - json: The object.
    ///   - path: Its JSON path.
    ///   - timestamp: The fix's time (its line's), seconds.
    ///   - full: Every field of `locationFields` and `velocityAccuracyFields` may appear (a line's);
    ///     `false`: `latitude` and `longitude` only (a `GET /data` body's).
    /// - Throws: `SignalError` naming the JSON path: an unknown or missing field, `null`, a value that is not
    ///   a number, a latitude or longitude out of range.
    package init(json: JSONValue, path: String, timestamp: Double, full: Bool) throws(SignalError) {
        let f = try JSONFields(
            json, path: path, what: "a location",
            fields: full
                ? LocationPoint.locationFields + LocationPoint.velocityAccuracyFields : ["latitude", "longitude"])
        let latitude = try f.number("latitude")
        let longitude = try f.number("longitude")
        guard (-90...90).contains(latitude) else {
            throw SignalError(
                .outOfRange, path: f.path("latitude"), "latitude \(latitude) is not within -90 ... 90 degrees")
        }
        guard (-180...180).contains(longitude) else {
            throw SignalError(
                .outOfRange, path: f.path("longitude"), "longitude \(longitude) is not within -180 ... 180 degrees")
        }
        self.init(
            timestamp: timestamp, latitude: latitude, longitude: longitude,
            altitude: try f.number("altitude", default: 0),
            horizontalAccuracy: try f.number("horizontalAccuracy", default: 0),
            verticalAccuracy: try f.number("verticalAccuracy", default: 0),
            speed: try f.number("speed", default: 0), course: try f.number("course", default: -1),
            speedAccuracy: try f.number("speedAccuracy", default: -1),
            courseAccuracy: try f.number("courseAccuracy", default: -1))
    }

    /// Decodes `{"timestamp": t, "location": {"latitude": .., "longitude": .., ...}}` strictly, by the rules
    /// of `init(json:path:timestamp:full:)` (the point lines' own).
    /// - Throws: `SignalError` naming the JSON path: an unknown, missing or mistyped field, `null`, a number
    ///   that is not finite, a latitude or longitude out of range.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(decoder) { (value, path) throws(SignalError) in
            let f = try JSONFields(value, path: path, what: "a located point", fields: ["timestamp", "location"])
            return try LocationPoint(
                json: try f.required("location"), path: f.path("location"), timestamp: try f.number("timestamp"),
                full: true)
        }
    }

    /// Encodes `{"timestamp": t, "location": {...}}` with every field of `locationFields` and the known
    /// ones of `velocityAccuracyFields`.
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

    /// The location fields' values, in the order of `locationFields`.
    public var locationValues: [Double] {
        [latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course]
    }
}
