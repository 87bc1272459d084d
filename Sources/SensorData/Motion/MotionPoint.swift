import Foundation
import InternalUtilities

/// One motion sample: what the `Runner` *plays* from a `MotionSignal`, a point file or a server.
/// A simulated motion manager turns each into the `DeviceMotion` (`CMDeviceMotion`-shaped, always with
/// an attitude) that app code receives.
///
/// ```swift
/// let p = MotionPoint(timestamp: 0.1, userAcceleration: Acceleration(x: 0.5, y: 0, z: 0),
///                     gravity: Acceleration(x: 0, y: 0, z: -1))
/// ```
/// In JSON (point files, `signals play`): `{"timestamp": 0.1, "userAcceleration": {"x": .., "y": .., "z": ..},
/// "gravity": {...}, "rotationRate": {...}}`; an absent part is zero.
public struct MotionPoint: Timestamped, Motionable, Sendable, Hashable {
    /// Seconds from the start of the run.
    public var timestamp: TimeInterval
    /// The acceleration the user gives the device, gravity excluded (g).
    public var userAcceleration: Acceleration
    /// The gravity vector in the device's frame (g).
    public var gravity: Acceleration
    /// Rotation rate about x, y and z (rad/s), stored flat so that a point is plain data (no reference
    /// counting when copied).
    @usableFromInline var rotationX: Double, rotationY: Double, rotationZ: Double
    /// The attitude (device → reference frame), when the source has one: a motion spec with an
    /// attitude, or a point file with `attitude` columns. Its `roll`, `pitch` and `yaw` are CoreMotion's.
    public var attitude: Quaternion?

    /// The rotation rate of the device (rad/s).
    @inlinable
    public var rotationRate: RotationRate {
        get { RotationRate(x: rotationX, y: rotationY, z: rotationZ) }
        set {
            rotationX = newValue.x
            rotationY = newValue.y
            rotationZ = newValue.z
        }
    }

    /// Creates a point; omitted parts are zero.
    /// - Parameters:
    ///   - timestamp: Seconds from the start of the run.
    ///   - userAcceleration: User acceleration in g.
    ///   - gravity: Gravity in g.
    ///   - rotationRate: Rotation rate in rad/s.
    ///   - attitude: The attitude, when known.
    @inlinable
    public init(
        timestamp: TimeInterval, userAcceleration: Acceleration = .zero, gravity: Acceleration = .zero,
        rotationRate: RotationRate = .zero, attitude: Quaternion? = nil
    ) {
        self.timestamp = timestamp
        self.userAcceleration = userAcceleration
        self.gravity = gravity
        rotationX = rotationRate.x
        rotationY = rotationRate.y
        rotationZ = rotationRate.z
        self.attitude = attitude
    }

    /// Copies any motion sample at a time.
    /// - Parameter point: A value that is both ``Timestamped`` and ``Motionable``.
    public init(_ point: some Timestamped & Motionable) {
        self.init(
            timestamp: point.timestamp, userAcceleration: point.userAcceleration, gravity: point.gravity,
            rotationRate: point.rotationRate, attitude: point.attitude)
    }
}

extension MotionPoint: Codable {
    /// The fields of a point object.
    static let fields = ["timestamp", "userAcceleration", "gravity", "rotationRate", "attitude", "x", "y", "z"]

    /// Reads a point strictly: `{"timestamp": t, "userAcceleration": {...}, "gravity": {...},
    /// "rotationRate": {...}}` (absent parts are zero), or the short form `{"timestamp": t, "x": .., "y": .., "z": ..}`
    /// for a user acceleration alone (as in a `timestamp,x,y,z` CSV file).
    /// - Parameters:
    ///   - json: The object.
    ///   - path: Its JSON path (`$` for a point on its own), for errors.
    /// - Throws: `SignalError` naming the field: unknown, missing, mistyped, `null` or non-finite.
    package init(json: JSONValue, path: String) throws(SignalError) {
        let f = try JSONFields(json, path: path, what: "a point", fields: MotionPoint.fields)
        let timestamp = try f.number("timestamp")
        let flat = ["x", "y", "z"].filter(f.has)
        var userAcceleration = Acceleration.zero
        if let v = try f.value("userAcceleration") {
            userAcceleration = try Acceleration(json: v, path: f.path("userAcceleration"))
        }
        if let first = flat.first {
            guard !f.has("userAcceleration") else {
                throw SignalError(
                    .malformed, path: f.path(first),
                    "a point has either 'userAcceleration' or the short form 'x', 'y', 'z', not both")
            }
            userAcceleration = Acceleration(x: try f.number("x"), y: try f.number("y"), z: try f.number("z"))
        }
        var gravity = Acceleration.zero
        var rotation = RotationRate.zero
        if let v = try f.value("gravity") { gravity = try Acceleration(json: v, path: f.path("gravity")) }
        if let v = try f.value("rotationRate") { rotation = try RotationRate(json: v, path: f.path("rotationRate")) }
        var attitude: Quaternion?
        if let v = try f.value("attitude") {
            let q = try JSONFields(
                v, path: f.path("attitude"), what: "'attitude' (a quaternion)", fields: ["w", "x", "y", "z"])
            attitude = Quaternion(
                w: try q.number("w"), x: try q.number("x"), y: try q.number("y"), z: try q.number("z"))
        }
        self.init(
            timestamp: timestamp, userAcceleration: userAcceleration, gravity: gravity, rotationRate: rotation,
            attitude: attitude)
    }

    /// Decodes a point (see `init(json:path:)`).
    /// - Throws: `SignalError` naming the field: unknown, missing, mistyped, `null` or non-finite.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(decoder) { (v, p) throws(SignalError) in try MotionPoint(json: v, path: p) }
    }

    /// Encodes every field: `timestamp`, `userAcceleration`, `gravity`, `rotationRate`, and `attitude`
    /// (`{"w", "x", "y", "z"}`) when the point has one.
    public func encode(to encoder: any Encoder) throws {
        func xyz(_ x: Double, _ y: Double, _ z: Double) -> JSONValue {
            .object(
                JSONObject([
                    .init(key: "x", value: .number(JSONNumber(x))), .init(key: "y", value: .number(JSONNumber(y))),
                    .init(key: "z", value: .number(JSONNumber(z))),
                ]))
        }
        let a = userAcceleration
        let g = gravity
        var members: [JSONObject.Member] = [
            .init(key: "timestamp", value: .number(JSONNumber(timestamp))),
            .init(key: "userAcceleration", value: xyz(a.x, a.y, a.z)),
            .init(key: "gravity", value: xyz(g.x, g.y, g.z)),
            .init(key: "rotationRate", value: xyz(rotationX, rotationY, rotationZ)),
        ]
        if let q = attitude {
            members.append(
                .init(
                    key: "attitude",
                    value: .object(
                        JSONObject([
                            .init(key: "w", value: .number(JSONNumber(q.w))),
                            .init(key: "x", value: .number(JSONNumber(q.x))),
                            .init(key: "y", value: .number(JSONNumber(q.y))),
                            .init(key: "z", value: .number(JSONNumber(q.z))),
                        ]))))
        }
        try JSONValue.object(JSONObject(members)).encode(to: encoder)
    }
}
