import Signals
import InternalUtilities

/// A rotation rate about the device's three axes, in radians per second, as CoreMotion reports
/// `rotationRate`.
///
/// ```swift
/// let spin = RotationRate(x: 0, y: 0, z: .pi)   // half a turn per second about z
/// ```
/// In JSON: `{"x": 0, "y": 0, "z": 3.14159}` (all three axes required, finite).
///
/// Inside a ``MotionSignal`` builder the same name describes a rotation rate that changes over time,
/// one signal per axis: `RotationRate(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))`
/// (see ``init(x:y:z:)-(X,Y,Z)``). Such a value carries its signals for the builder and its `x`, `y`, `z`
/// are zero; ``RotationRateSignal`` is the same part as a typed signal.
public struct RotationRate: Sendable, Hashable {
    /// Rotation rate about x (rad/s).
    public var x: Double
    /// Rotation rate about y (rad/s).
    public var y: Double
    /// Rotation rate about z (rad/s).
    public var z: Double
    /// The per-axis signals of a rotation rate made from signals (for ``MotionBuilder``), else `nil`.
    let signal: AnySignal?

    /// Creates a rotation rate.
    /// - Parameters:
    ///   - x: Rate about x in rad/s.
    ///   - y: Rate about y in rad/s.
    ///   - z: Rate about z in rad/s.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.signal = nil
    }

    /// A rotation rate over time for a ``MotionSignal``: one scalar signal per axis, in rad/s.
    ///
    /// ```swift
    /// let motion = MotionSignal {
    ///     RotationRate(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))
    /// }
    /// ```
    /// The value only carries the signals to the ``MotionBuilder`` (its `x`, `y`, `z` are zero); it is the
    /// same part as ``RotationRateSignal``, which keeps the signal types.
    /// - Parameters:
    ///   - x: Rate about x in rad/s, a one-channel signal.
    ///   - y: Rate about y in rad/s, a one-channel signal.
    ///   - z: Rate about z in rad/s, a one-channel signal.
    public init<X: SpecRepresentable, Y: SpecRepresentable, Z: SpecRepresentable>(x: X, y: Y, z: Z) {
        self.x = 0
        self.y = 0
        self.z = 0
        self.signal = AnySignal(Axes(x: x, y: y, z: z))
    }

    /// No rotation: `(0, 0, 0)` rad/s.
    public static let zero = RotationRate(x: 0, y: 0, z: 0)
}

extension RotationRate: Codable {
    /// Reads `{"x": .., "y": .., "z": ..}` strictly: all three axes, finite, no other field.
    /// - Parameters:
    ///   - json: The object.
    ///   - path: Its JSON path, for errors.
    /// - Throws: `SignalError` naming the field.
    package init(json: JSONValue, path: String) throws(SignalError) {
        let f = try JSONFields(json, path: path, what: "a rotation rate", fields: ["x", "y", "z"])
        self.init(x: try f.number("x"), y: try f.number("y"), z: try f.number("z"))
    }

    /// Decodes `{"x": .., "y": .., "z": ..}`.
    /// - Throws: `SignalError` for an unknown, missing or non-finite field.
    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(decoder) { (v, p) throws(SignalError) in try RotationRate(json: v, path: p) }
    }

    /// Encodes `{"x": .., "y": .., "z": ..}` (the signals of a rotation rate made from signals are not
    /// encoded: encode the ``MotionSignal`` instead).
    public func encode(to encoder: any Encoder) throws { try encodeXYZ(x, y, z, to: encoder) }
}
