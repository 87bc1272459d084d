import SensorData

/// A three-channel signal that drives one part of a ``MotionSignal``: ``UserAcceleration``,
/// ``Gravity`` or ``RotationRateSignal`` (in a builder, `RotationRate(x:y:z:)` with signals is the same part).
public protocol MotionComponent: SpecRepresentable {
    /// The signal type of the x axis.
    associatedtype X: SpecRepresentable
    /// The signal type of the y axis.
    associatedtype Y: SpecRepresentable
    /// The signal type of the z axis.
    associatedtype Z: SpecRepresentable

    /// The part of the motion this signal drives.
    static var slot: MotionSlot { get }

    /// The three axes, in the unit of the part (g or rad/s).
    var axes: Axes<X, Y, Z> { get }

    /// Creates the part from its three axes.
    /// - Parameter axes: One scalar signal per axis.
    init(axes: Axes<X, Y, Z>)
}

extension MotionComponent {
    /// The `axes` node.
    public var node: SignalNode { axes.node }

    /// Rebuilds the part from an `axes` node.
    /// - Throws: `SignalError` when the node is not an `axes` node of these types.
    public init(node: SignalNode) throws(SignalError) { self.init(axes: try Axes(node: node)) }

    /// Renders the three axes.
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) { axes.render(into: block, transform) }

    /// Creates the part from one scalar signal per axis.
    ///
    /// ```swift
    /// Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
    /// ```
    /// - Parameters:
    ///   - x: The part along (or, for a rotation rate, about) x, in g or rad/s.
    ///   - y: The part along or about y.
    ///   - z: The part along or about z.
    @inlinable
    public init(x: X, y: Y, z: Z) { self.init(axes: Axes(x: x, y: y, z: z)) }
}

/// The user acceleration of a ``MotionSignal``, one signal per axis, in g.
///
/// ```swift
/// MotionSignal {
///     UserAcceleration(x: Sine(amplitude: 2, frequency: 1), y: Constant(0), z: Noise(amplitude: 0.02, seed: 1))
/// }
/// ```
/// Rendered alone it is an `Axes` signal (three channels, `{"axes": ...}` in JSON).
public struct UserAcceleration<X: SpecRepresentable, Y: SpecRepresentable, Z: SpecRepresentable>: MotionComponent {
    /// The three axes (g).
    public var axes: Axes<X, Y, Z>

    /// `MotionSlot.userAcceleration`.
    public static var slot: MotionSlot { .userAcceleration }

    /// Creates the part from its three axes.
    /// - Parameter axes: One scalar signal per axis.
    @inlinable
    public init(axes: Axes<X, Y, Z>) { self.axes = axes }
}

/// The gravity of a ``MotionSignal``, one signal per axis, in g (`z: Constant(-1)` for a phone lying
/// face up).
///
/// ```swift
/// MotionSignal {
///     Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
/// }
/// ```
public struct Gravity<X: SpecRepresentable, Y: SpecRepresentable, Z: SpecRepresentable>: MotionComponent {
    /// The three axes (g).
    public var axes: Axes<X, Y, Z>

    /// `MotionSlot.gravity`.
    public static var slot: MotionSlot { .gravity }

    /// Creates the part from its three axes.
    /// - Parameter axes: One scalar signal per axis.
    @inlinable
    public init(axes: Axes<X, Y, Z>) { self.axes = axes }
}

/// The rotation rate of a ``MotionSignal``, one signal per axis, in rad/s.
///
/// ```swift
/// MotionSignal {
///     RotationRateSignal(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))
/// }
/// ```
/// (The value type `RotationRate` holds one rotation rate; this type describes one over time.)
public struct RotationRateSignal<X: SpecRepresentable, Y: SpecRepresentable, Z: SpecRepresentable>: MotionComponent {
    /// The three axes (rad/s).
    public var axes: Axes<X, Y, Z>

    /// `MotionSlot.rotationRate`.
    public static var slot: MotionSlot { .rotationRate }

    /// Creates the part from its three axes.
    /// - Parameter axes: One scalar signal per axis.
    @inlinable
    public init(axes: Axes<X, Y, Z>) { self.axes = axes }
}

/// One part of a ``MotionSignal`` with its signal type erased: what ``MotionBuilder`` collects.
public struct MotionPart: Sendable, Hashable {
    /// The part of the motion the signal drives.
    public let slot: MotionSlot
    /// The three-channel signal.
    public let signal: AnySignal

    /// Erases a typed part.
    /// - Parameter component: ``UserAcceleration``, ``Gravity`` or ``RotationRateSignal``.
    public init<P: MotionComponent>(_ component: P) {
        slot = P.slot
        signal = AnySignal(component)
    }

    /// A part from any signal, which must render three channels (for example an `axes` node).
    /// - Parameters:
    ///   - slot: The part of the motion the signal drives.
    ///   - signal: A three-channel signal.
    /// - Throws: `SignalError` with code `channelMismatch` when the signal does not have three channels.
    public init(_ slot: MotionSlot, _ signal: some SpecRepresentable) throws(SignalError) {
        let channels = signal.channelCount
        guard channels == 3 else {
            throw SignalError(
                .channelMismatch, path: "$.motion.\(slot.rawValue)",
                "\(slot.rawValue) must be a three-channel signal such as {\"axes\": {...}}, this one has \(channels) channel\(channels == 1 ? "" : "s")"
            )
        }
        self.slot = slot
        self.signal = AnySignal(signal)
    }

    /// A part whose signal is known to have three channels.
    init(slot: MotionSlot, checked signal: AnySignal) {
        self.slot = slot
        self.signal = signal
    }
}

/// The result builder behind ``MotionSignal``: a list of ``UserAcceleration``, ``Gravity`` and
/// ``RotationRateSignal`` parts, with `if`/`else`, optionals and `for` loops. A part listed twice is
/// the sum of both; a part not listed is zero.
@resultBuilder
public enum MotionBuilder {
    /// A typed part.
    public static func buildExpression<P: MotionComponent>(_ part: P) -> [MotionPart] { [MotionPart(part)] }

    /// An erased part.
    public static func buildExpression(_ part: MotionPart) -> [MotionPart] { [part] }

    /// `RotationRate(x: someSignal, y: ..., z: ...)`: the rotation rate over time; a plain value
    /// `RotationRate(x: 0, y: 0, z: 0.5)` is a constant rotation rate (rad/s).
    public static func buildExpression(_ rate: RotationRate) -> [MotionPart] {
        let signal =
            rate.signal?.base as? AnySignal
            ?? AnySignal(
                node: .axes(
                    x: .constant(Constant(rate.x)), y: .constant(Constant(rate.y)),
                    z: .constant(Constant(rate.z))))
        return [MotionPart(slot: .rotationRate, checked: signal)]
    }

    /// The parts listed.
    public static func buildBlock(_ parts: [MotionPart]...) -> [MotionPart] { parts.flatMap { $0 } }

    /// `if` without `else`.
    public static func buildOptional(_ parts: [MotionPart]?) -> [MotionPart] { parts ?? [] }

    /// The `if` branch.
    public static func buildEither(first parts: [MotionPart]) -> [MotionPart] { parts }

    /// The `else` branch.
    public static func buildEither(second parts: [MotionPart]) -> [MotionPart] { parts }

    /// A `for` loop.
    public static func buildArray(_ parts: [[MotionPart]]) -> [MotionPart] { parts.flatMap { $0 } }

    /// `if #available`.
    public static func buildLimitedAvailability(_ parts: [MotionPart]) -> [MotionPart] { parts }
}

extension RotationRate {
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
        self.init(signal: SignalPayload(AnySignal(Axes(x: x, y: y, z: z))))
    }
}
