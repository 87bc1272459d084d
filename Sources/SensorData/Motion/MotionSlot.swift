/// Which part of a motion sample a three-channel signal drives, and the channels it fills in a
/// `MotionSignal`'s nine.
public enum MotionSlot: String, Sendable, Hashable, Codable, CaseIterable {
    /// User acceleration (g): channels 0–2.
    case userAcceleration
    /// Gravity (g): channels 3–5.
    case gravity
    /// Rotation rate (rad/s): channels 6–8.
    case rotationRate

    /// The channels of a `MotionSignal` this part renders into.
    public var channels: Range<Int> {
        switch self {
        case .userAcceleration: 0..<3
        case .gravity: 3..<6
        case .rotationRate: 6..<9
        }
    }
}
