import Foundation

/// One motion sample at a time: the point type the ``Runner`` plays from a ``MotionSignal`` or a
/// point file, as an app would receive `CMDeviceMotion` updates.
///
/// ```swift
/// let p = MotionPoint(timestamp: 0.1, userAcceleration: Acceleration(x: 0.5, y: 0, z: 0),
///                     gravity: Acceleration(x: 0, y: 0, z: -1))
/// ```
/// In JSON (point files, `signals play`): `{"timestamp": 0.1, "userAcceleration": {"x": .., "y": .., "z": ..},
/// "gravity": {...}, "rotationRate": {...}}`; an absent part is zero.
public struct MotionPoint: Runnable, Motionable, Sendable, Hashable {
    /// Seconds from the start of the run.
    public var timestamp: TimeInterval
    /// The acceleration the user gives the device, gravity excluded (g).
    public var userAcceleration: Acceleration
    /// The gravity vector in the device's frame (g).
    public var gravity: Acceleration
    /// Rotation rate about x, y and z (rad/s), stored flat so that a point is plain data (no reference
    /// counting when copied).
    @usableFromInline var rotationX: Double, rotationY: Double, rotationZ: Double

    /// The rotation rate of the device (rad/s).
    @inlinable
    public var rotationRate: RotationRate {
        get { RotationRate(x: rotationX, y: rotationY, z: rotationZ) }
        set { rotationX = newValue.x; rotationY = newValue.y; rotationZ = newValue.z }
    }

    /// Creates a point; omitted parts are zero.
    /// - Parameters:
    ///   - timestamp: Seconds from the start of the run.
    ///   - userAcceleration: User acceleration in g.
    ///   - gravity: Gravity in g.
    ///   - rotationRate: Rotation rate in rad/s.
    @inlinable
    public init(timestamp: TimeInterval, userAcceleration: Acceleration = .zero, gravity: Acceleration = .zero,
                rotationRate: RotationRate = .zero) {
        self.timestamp = timestamp
        self.userAcceleration = userAcceleration
        self.gravity = gravity
        rotationX = rotationRate.x
        rotationY = rotationRate.y
        rotationZ = rotationRate.z
    }

    /// Copies any motion sample at a time.
    /// - Parameter point: A value that is both ``Runnable`` and ``Motionable``.
    public init(_ point: some Runnable & Motionable) {
        self.init(timestamp: point.timestamp, userAcceleration: point.userAcceleration, gravity: point.gravity,
                  rotationRate: point.rotationRate)
    }
}

extension MotionPoint: Codable {
    /// The fields of a point object.
    static let fields = ["timestamp", "userAcceleration", "gravity", "rotationRate", "x", "y", "z"]

    /// Decodes `{"timestamp": t, "userAcceleration": {...}, "gravity": {...}, "rotationRate": {...}}`
    /// (absent parts are zero), or the short form `{"timestamp": t, "x": .., "y": .., "z": ..}` for a
    /// user acceleration alone (as in a `timestamp,x,y,z` CSV file).
    /// - Throws: ``PlaybackError`` naming the field: unknown, missing, mistyped or non-finite.
    public init(from decoder: any Decoder) throws {
        let object = try StrictObject(decoder, what: "a point", fields: MotionPoint.fields)
        let timestamp = try object.number("timestamp")
        let flat = ["x", "y", "z"].filter(object.has)
        var userAcceleration = try object.optional("userAcceleration", Acceleration.self) ?? .zero
        if !flat.isEmpty {
            guard !object.has("userAcceleration") else {
                throw PlaybackError(.duplicateField,
                                    "a point has either 'userAcceleration' or the short form 'x', 'y', 'z', not both",
                                    field: fieldPath(decoder.codingPath, flat[0]))
            }
            userAcceleration = Acceleration(x: try object.number("x"), y: try object.number("y"), z: try object.number("z"))
        }
        self.init(timestamp: timestamp, userAcceleration: userAcceleration,
                  gravity: try object.optional("gravity", Acceleration.self) ?? .zero,
                  rotationRate: try object.optional("rotationRate", RotationRate.self) ?? .zero)
    }

    /// Encodes every field: `timestamp`, `userAcceleration`, `gravity`, `rotationRate`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(timestamp, forKey: FieldKey("timestamp"))
        try container.encode(userAcceleration, forKey: FieldKey("userAcceleration"))
        try container.encode(gravity, forKey: FieldKey("gravity"))
        try container.encode(rotationRate, forKey: FieldKey("rotationRate"))
    }
}
