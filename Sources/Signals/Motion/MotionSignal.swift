import Foundation

/// A device motion over time: user acceleration and gravity (g) and rotation rate (rad/s), each three
/// signals, one per axis. It renders nine channels with the engine's block kernels and plays as
/// `MotionPoint`s.
///
/// ```swift
/// let motion = MotionSignal {
///     UserAcceleration(x: Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5), y: Constant(0),
///                      z: Noise(amplitude: 0.02, seed: 1))
///     Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
///     RotationRate(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))
/// }
/// let buffer = try motion.render(sampleRate: 100, duration: 1)   // 9 channels, 100 frames
/// ```
///
/// Channels 0–2 are the user acceleration x, y, z, 3–5 gravity, 6–8 rotation rate (see `MotionSlot`).
/// A part that is not given is zero. In JSON:
/// `{"motion": {"userAcceleration": {"axes": ...}, "gravity": {"axes": ...}, "rotationRate": {"axes": ...}}}`.
///
/// The parts are kept type-erased (`AnySignal`), so a motion decoded from JSON and one built in code
/// are the same type; each part is walked once per block (never per sample) and rendered by the same
/// SIMD kernels as a statically typed signal.
///
/// A physically consistent motion has an ``attitude`` instead of gravity and rotation-rate parts
/// (see `MotionNode`): they are derived from it, and it renders 13 channels (the quaternion last):
///
/// ```swift
/// let tilt = try MotionSignal(attitude: .angles(EulerAttitude(pitch: .sine(Sine(amplitude: 0.3, frequency: 0.5)))),
///                             worldAcceleration: AnySignal(Axes(x: Constant(0), y: Constant(0), z: Sine(amplitude: 0.1, frequency: 2))))
/// ```
public struct MotionSignal: SpecRepresentable {
    /// User acceleration (g), three channels.
    public var userAcceleration: AnySignal
    /// Gravity (g), three channels.
    public var gravity: AnySignal
    /// Rotation rate (rad/s), three channels (ignored when there is an ``attitude``).
    public var rotationRate: AnySignal
    /// The attitude of a physically consistent motion (then gravity and the rotation rate are derived
    /// from it), or `nil` for a free motion.
    public var attitude: AttitudeNode?
    /// User acceleration on the reference axes (g), rotated into the device frame; with an ``attitude``.
    public var worldAcceleration: AnySignal?

    /// Three zero axes: a part that is not given.
    public static let zeroAxes = AnySignal(node: MotionNode.zeroAxes)

    /// Creates a motion from parts listed with ``MotionBuilder``.
    /// - Parameter content: ``UserAcceleration``, ``Gravity`` and ``RotationRateSignal`` parts; a part
    ///   listed twice is the sum of both, a part not listed is zero.
    public init(@MotionBuilder _ content: () -> [MotionPart]) {
        self.init(parts: content())
    }

    /// Creates a motion from erased parts; a slot listed twice is the sum of both, a slot absent is zero.
    /// - Parameter parts: The parts, each three channels.
    public init(parts: [MotionPart]) {
        func combine(_ slot: MotionSlot) -> AnySignal {
            let nodes = parts.filter { $0.slot == slot }.map(\.signal.node)
            switch nodes.count {
            case 0: return MotionSignal.zeroAxes
            case 1: return AnySignal(node: nodes[0])
            default: return AnySignal(node: .sum(nodes))
            }
        }
        userAcceleration = combine(.userAcceleration)
        gravity = combine(.gravity)
        rotationRate = combine(.rotationRate)
    }

    /// Creates a physically consistent motion (13 channels): gravity, the rotation rate and the attitude
    /// quaternion are derived from `attitude`.
    /// - Parameters:
    ///   - attitude: The attitude over time.
    ///   - userAcceleration: User acceleration in the device frame (g), three channels (default zero).
    ///   - worldAcceleration: User acceleration on the reference axes (g), three channels (default none).
    /// - Throws: `SignalError` (`channelMismatch`) when an acceleration does not have three channels.
    public init(
        attitude: AttitudeNode, userAcceleration: AnySignal? = nil, worldAcceleration: AnySignal? = nil
    ) throws(SignalError) {
        for (name, part) in [("userAcceleration", userAcceleration), ("worldAcceleration", worldAcceleration)] {
            if let part, part.channelCount != 3 {
                throw SignalError(
                    .channelMismatch, path: "$.motion.\(name)",
                    "\(name) must be a three-channel signal such as {\"axes\": {...}}, this one has \(part.channelCount) channels"
                )
            }
        }
        self.userAcceleration = userAcceleration ?? MotionSignal.zeroAxes
        gravity = MotionSignal.zeroAxes
        rotationRate = MotionSignal.zeroAxes
        self.attitude = attitude
        self.worldAcceleration = worldAcceleration
    }

    /// The signal of one part.
    public subscript(slot: MotionSlot) -> AnySignal {
        switch slot {
        case .userAcceleration: userAcceleration
        case .gravity: gravity
        case .rotationRate: rotationRate
        }
    }

    /// The motion's spec (the body of its `motion` node), for APIs that take one, such as `IMU`.
    public var motionNode: MotionNode {
        if let attitude {
            return MotionNode(
                attitude: attitude, userAcceleration: userAcceleration.node, worldAcceleration: worldAcceleration?.node)
        }
        return MotionNode(
            userAcceleration: userAcceleration.node, gravity: gravity.node, rotationRate: rotationRate.node)
    }

    /// `{"motion": {"userAcceleration": ..., "gravity": ..., "rotationRate": ...}}`, every part written out;
    /// with an attitude `{"motion": {"attitude": ..., "userAcceleration": ..., "worldAcceleration": ...}}`.
    public var node: SignalNode { .motion(motionNode) }

    /// Rebuilds a motion from a `motion` node (absent parts are zero).
    /// - Throws: `SignalError` for any other node, or a part that does not have three channels.
    public init(node: SignalNode) throws(SignalError) {
        guard case .motion(let m) = node else {
            throw SignalError(
                .malformed, path: "$",
                "expected a 'motion' node (user acceleration, gravity, rotation rate), found '\(node.kind)'")
        }
        if let attitude = m.attitude {
            try self.init(
                attitude: attitude, userAcceleration: m.userAcceleration.map(AnySignal.init(node:)),
                worldAcceleration: m.worldAcceleration.map(AnySignal.init(node:)))
            return
        }
        var parts: [MotionPart] = []
        for (slot, part) in zip(MotionSlot.allCases, m.parts) {
            guard let part else { continue }
            parts.append(try MotionPart(slot, AnySignal(node: part)))
        }
        self.init(parts: parts)
    }

    /// Decodes a motion spec from JSON bytes with the strict reader.
    /// - Throws: `SignalError` with the JSON path of the problem (`$.motion.gravity.axes.z.sine.frequency`),
    ///   or when the spec is not a motion spec.
    public static func decode(json data: Data) throws(SignalError) -> MotionSignal {
        try MotionSignal(node: SignalNode.decode(json: data))
    }

    /// Renders each part into its three channels of the nine (with an attitude, the 13 derived channels).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        if attitude != nil {
            AnySignal(node: node).render(into: block, transform)
            return
        }
        userAcceleration.render(into: block.channels(MotionSlot.userAcceleration.channels), transform)
        gravity.render(into: block.channels(MotionSlot.gravity.channels), transform)
        rotationRate.render(into: block.channels(MotionSlot.rotationRate.channels), transform)
    }
}
