import InternalUtilities

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
    /// Reads `{"x": .., "y": .., "z": ..}` strictly: all three axes, finite, no other field.
    /// - Parameters:
    ///   - json: The object.
    ///   - path: Its JSON path, for errors.
    /// - Throws: `SignalError` naming the field.
    package init(json: JSONValue, path: String) throws(SignalError) {
        let f = try JSONFields(json, path: path, what: "an acceleration", fields: ["x", "y", "z"])
        self.init(x: try f.number("x"), y: try f.number("y"), z: try f.number("z"))
    }

    /// Decodes `{"x": .., "y": .., "z": ..}`.
    /// - Throws: `SignalError` for an unknown, missing or non-finite field.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(decoder) { (v, p) throws(SignalError) in try Acceleration(json: v, path: p) }
    }

    /// Encodes `{"x": .., "y": .., "z": ..}`.
    public func encode(to encoder: any Encoder) throws { try encodeXYZ(x, y, z, to: encoder) }
}
