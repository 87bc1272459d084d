/// An acceleration along the device's three axes, in g (1 g = 9.80665 m/s²), as CoreMotion reports
/// `userAcceleration` and `gravity`.
///
/// ```swift
/// let g = Acceleration(x: 0, y: 0, z: -1)   // a phone lying face up
/// ```
/// In JSON: `{"x": 0, "y": 0, "z": -1}` (all three axes required, finite).
public struct Acceleration: Sendable, Hashable {
    /// Acceleration along x (g).
    public var x: Double
    /// Acceleration along y (g).
    public var y: Double
    /// Acceleration along z (g).
    public var z: Double

    /// Creates an acceleration.
    /// - Parameters:
    ///   - x: Acceleration along x in g.
    ///   - y: Acceleration along y in g.
    ///   - z: Acceleration along z in g.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// No acceleration: `(0, 0, 0)` g.
    public static let zero = Acceleration(x: 0, y: 0, z: 0)
}

extension Acceleration: Codable {
    /// Decodes `{"x": .., "y": .., "z": ..}`.
    /// - Throws: ``PlaybackError`` for an unknown, missing or non-finite field.
    public init(from decoder: any Decoder) throws {
        let object = try StrictObject(decoder, what: "an acceleration", fields: ["x", "y", "z"])
        self.init(x: try object.number("x"), y: try object.number("y"), z: try object.number("z"))
    }

    /// Encodes `{"x": .., "y": .., "z": ..}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(x, forKey: FieldKey("x"))
        try container.encode(y, forKey: FieldKey("y"))
        try container.encode(z, forKey: FieldKey("z"))
    }
}
