import InternalUtilities

/// A rotation rate about the device's three axes, in radians per second, as CoreMotion reports
/// `rotationRate`.
///
/// ```swift
/// let spin = RotationRate(x: 0, y: 0, z: .pi)   // half a turn per second about z
/// ```
/// In JSON: `{"x": 0, "y": 0, "z": 3.14159}` (all three axes required, finite).
///
/// Inside a `MotionSignal` builder the same name describes a rotation rate that changes over time,
/// one signal per axis: `RotationRate(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))`
/// (`init(x:y:z:)` with signals, in `Signals`). Such a value carries its signals for the builder and its `x`,
/// `y`, `z` are zero; `RotationRateSignal` is the same part as a typed signal.
public struct RotationRate: Sendable, Hashable {
    /// Rotation rate about x (rad/s).
    public var x: Double
    /// Rotation rate about y (rad/s).
    public var y: Double
    /// Rotation rate about z (rad/s).
    public var z: Double
    /// The per-axis signals of a rotation rate made from signals, else `nil`: set and read by `Signals`
    /// (its `MotionBuilder`), since this module knows no signal type.
    package let signal: SignalPayload?

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

    /// A rotation rate that carries signals for a motion builder: `x`, `y`, `z` are zero.
    /// - Parameter signal: The per-axis signals.
    package init(signal: SignalPayload) {
        x = 0
        y = 0
        z = 0
        self.signal = signal
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
    /// encoded: encode the `MotionSignal` instead).
    public func encode(to encoder: any Encoder) throws { try encodeXYZ(x, y, z, to: encoder) }
}

extension RotationRate {
    /// A value of a type this module does not know (a signal, for a motion builder), kept equatable and
    /// hashable so that a rotation rate made from signals compares by its signals.
    package struct SignalPayload: Sendable, Hashable {
        /// The value.
        package let base: any Hashable & Sendable

        /// Wraps a value.
        /// - Parameter base: The value.
        package init(_ base: some Hashable & Sendable) { self.base = base }

        package static func == (a: SignalPayload, b: SignalPayload) -> Bool {
            AnyHashable(a.base) == AnyHashable(b.base)
        }

        package func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
    }
}
