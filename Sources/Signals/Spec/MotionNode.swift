/// The spec of a device motion: three three-channel parts, each a signal in its own unit.
///
/// In JSON: `{"motion": {"userAcceleration": {"axes": ...}, "gravity": {"axes": ...}, "rotationRate": {"axes": ...}}}`.
/// A part that is absent renders zero. The node renders nine channels: user acceleration x, y, z (g),
/// gravity x, y, z (g), rotation rate x, y, z (rad/s), the order of CoreMotion's `CMDeviceMotion`.
///
/// ```swift
/// let node = SignalNode.motion(MotionNode(gravity: .axes(x: .constant(Constant(0)), y: .constant(Constant(0)),
///                                                        z: .constant(Constant(-1)))))
/// ```
public struct MotionNode: Sendable, Hashable {
    /// User acceleration (g), three channels, or `nil` for zero.
    public var userAcceleration: SignalNode?
    /// Gravity in the device frame (g), three channels, or `nil` for zero.
    public var gravity: SignalNode?
    /// Rotation rate (rad/s), three channels, or `nil` for zero.
    public var rotationRate: SignalNode?

    /// Creates a motion spec; absent parts are zero.
    /// - Parameters:
    ///   - userAcceleration: Three channels in g.
    ///   - gravity: Three channels in g.
    ///   - rotationRate: Three channels in rad/s.
    public init(userAcceleration: SignalNode? = nil, gravity: SignalNode? = nil, rotationRate: SignalNode? = nil) {
        self.userAcceleration = userAcceleration
        self.gravity = gravity
        self.rotationRate = rotationRate
    }

    /// Nine.
    public static let channelCount = 9

    /// The JSON names of the parts, in channel order.
    public static let partNames = ["userAcceleration", "gravity", "rotationRate"]

    /// The parts in channel order (`nil` where absent).
    public var parts: [SignalNode?] { [userAcceleration, gravity, rotationRate] }

    /// Three zero channels: what an absent part renders.
    public static let zeroAxes = SignalNode.axes(x: .constant(Constant(0)), y: .constant(Constant(0)),
                                                 z: .constant(Constant(0)))
}
