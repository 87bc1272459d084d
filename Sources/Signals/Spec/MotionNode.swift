/// The spec of a device motion, in one of two forms.
///
/// **Free motion**: three three-channel parts, each a signal in its own unit.
/// In JSON: `{"motion": {"userAcceleration": {"axes": ...}, "gravity": {"axes": ...}, "rotationRate": {"axes": ...}}}`.
/// A part that is absent renders zero. The node renders nine channels: user acceleration x, y, z (g),
/// gravity x, y, z (g), rotation rate x, y, z (rad/s), the order of CoreMotion's `CMDeviceMotion`.
/// Nothing ties the parts together: gravity need not be a unit vector, nor the rotation rate turn it.
///
/// **Physically consistent motion**: an ``attitude`` (see ``AttitudeNode``), from which gravity, the
/// rotation rate and the attitude quaternion are derived, plus the user acceleration in the device
/// frame (`userAcceleration`) and/or in the reference frame (`worldAcceleration`, rotated into the
/// device frame at every sample). In JSON:
/// `{"motion": {"attitude": {"roll": ..., "pitch": ..., "yaw": ...}, "worldAcceleration": {"axes": ...}}}`.
/// Giving `gravity` or `rotationRate` as well is an error. It renders 13 channels: the nine above, then
/// the attitude quaternion w, x, y, z (channels 10–13, counting from 1).
///
/// Sign conventions are CoreMotion's: gravity is the reference frame's −z in the device frame (g, unit
/// length), and user acceleration is what `CMDeviceMotion.userAcceleration` reports, in g: the raw
/// accelerometer reading minus gravity, which is minus the kinematic acceleration divided by g (a phone
/// pushed towards +x reads a negative x). `worldAcceleration` uses the same sign convention, expressed
/// on the reference axes (x, y horizontal, z up): it equals `userAcceleration` for a device lying face up
/// with yaw 0.
///
/// ```swift
/// let node = SignalNode.motion(MotionNode(gravity: .axes(x: .constant(Constant(0)), y: .constant(Constant(0)),
///                                                        z: .constant(Constant(-1)))))
/// let still = SignalNode.motion(MotionNode(attitude: .fixed(.named(.faceUp))))   // 13 channels
/// ```
public struct MotionNode: Sendable, Hashable {
    /// User acceleration (g), three channels, or `nil` for zero.
    public var userAcceleration: SignalNode?
    /// Gravity in the device frame (g), three channels, or `nil` for zero.
    public var gravity: SignalNode?
    /// Rotation rate (rad/s), three channels, or `nil` for zero.
    public var rotationRate: SignalNode?
    /// The attitude of a physically consistent motion, or `nil` for a free motion.
    public var attitude: AttitudeNode?
    /// User acceleration on the reference axes (g, CoreMotion's sign), rotated into the device frame;
    /// only with an ``attitude``.
    public var worldAcceleration: SignalNode?

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

    /// Creates a physically consistent motion.
    /// - Parameters:
    ///   - attitude: The attitude over time.
    ///   - userAcceleration: User acceleration in the device frame (g), three channels, or `nil` for zero.
    ///   - worldAcceleration: User acceleration on the reference axes (g), three channels, or `nil` for zero.
    public init(attitude: AttitudeNode, userAcceleration: SignalNode? = nil, worldAcceleration: SignalNode? = nil) {
        self.attitude = attitude
        self.userAcceleration = userAcceleration
        self.worldAcceleration = worldAcceleration
    }

    /// Nine: the channels of a free motion.
    public static let channelCount = 9

    /// Thirteen: the channels of a motion with an attitude (the nine, then the quaternion w, x, y, z).
    public static let consistentChannelCount = 13

    /// The channels this motion renders: 9, or 13 with an attitude.
    public var renderedChannelCount: Int {
        attitude == nil ? MotionNode.channelCount : MotionNode.consistentChannelCount
    }

    /// The JSON names of the parts of a free motion, in channel order.
    public static let partNames = ["userAcceleration", "gravity", "rotationRate"]

    /// Every field of a `motion` object, in the order they are written.
    public static let fieldNames = ["attitude", "userAcceleration", "worldAcceleration", "gravity", "rotationRate"]

    /// The parts in channel order (`nil` where absent).
    public var parts: [SignalNode?] { [userAcceleration, gravity, rotationRate] }

    /// Three zero channels: what an absent part renders.
    public static let zeroAxes = SignalNode.axes(
        x: .constant(Constant(0)), y: .constant(Constant(0)),
        z: .constant(Constant(0)))
}
