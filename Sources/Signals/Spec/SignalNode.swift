/// A signal as a tree of values: the JSON spec format and the type-erased form of every signal.
///
/// Each node encodes as a JSON object with one key naming it:
/// `{"sine": {"amplitude": 2, "frequency": 1, "phase": 0.2, "offset": 0.5}}`,
/// `{"sum": [ ... ]}`, `{"scaled": {"by": 9.81, "signal": ...}}`, `{"axes": {"x": ..., "y": ..., "z": ...}}`.
/// See `README.md` ("Spec format") for every field and default.
public indirect enum SignalNode: Sendable, Hashable {
    /// ``Sine``.
    case sine(Sine)
    /// ``Square``.
    case square(Square)
    /// ``Sawtooth``.
    case sawtooth(Sawtooth)
    /// ``Triangle``.
    case triangle(Triangle)
    /// ``Chirp``.
    case chirp(Chirp)
    /// ``Noise``.
    case noise(Noise)
    /// ``Constant``.
    case constant(Constant)
    /// The sum of the terms (zero when empty).
    case sum([SignalNode])
    /// A signal times a factor.
    case scaled(by: Double, SignalNode)
    /// A signal plus a constant (signal units).
    case offset(by: Double, SignalNode)
    /// Three scalar signals, one per channel.
    case axes(x: SignalNode, y: SignalNode, z: SignalNode)
    /// The channels of each part side by side: part 0's channels first, then part 1's, ...
    /// (`{"channels": [...]}`).
    case channels([SignalNode])
    /// A device motion: nine channels, user acceleration x, y, z (g), gravity x, y, z (g), rotation
    /// rate x, y, z (rad/s) (`{"motion": {"userAcceleration": ..., "gravity": ..., "rotationRate": ...}}`),
    /// or, with an attitude, those nine derived consistently plus the attitude quaternion (13 channels).
    case motion(MotionNode)

    /// The JSON key of this node (`"sine"`, `"sum"`, ...).
    public var kind: String {
        switch self {
        case .sine: "sine"
        case .square: "square"
        case .sawtooth: "sawtooth"
        case .triangle: "triangle"
        case .chirp: "chirp"
        case .noise: "noise"
        case .constant: "constant"
        case .sum: "sum"
        case .scaled: "scaled"
        case .offset: "offset"
        case .axes: "axes"
        case .channels: "channels"
        case .motion: "motion"
        }
    }

    /// Every node kind, in the order the README lists them.
    public static let kinds = [
        "sine", "square", "sawtooth", "triangle", "chirp", "noise", "constant",
        "sum", "scaled", "offset", "axes", "channels", "motion",
    ]

    /// Number of channels the node renders: 3 for `axes`, 9 for `motion` (13 with an attitude), the widest term for `sum`,
    /// the total of the parts for `channels`, else 1.
    public var channelCount: Int {
        switch self {
        case .sum(let terms): terms.map(\.channelCount).max() ?? 1
        case .scaled(_, let s), .offset(_, let s): s.channelCount
        case .axes: 3
        case .channels(let parts): parts.reduce(0) { $0 + $1.channelCount }
        case .motion(let m): m.renderedChannelCount
        default: 1
        }
    }

    /// The leaf value, or a mismatch error.
    @usableFromInline
    func expect<T>(_ extract: (SignalNode) -> T?, _ name: String) throws(SignalError) -> T {
        guard let value = extract(self) else { throw mismatch(name) }
        return value
    }

    @usableFromInline
    package func mismatch(_ expected: String) -> SignalError {
        SignalError(.malformed, path: "$", "expected a '\(expected)' node, found '\(kind)'")
    }

    @usableFromInline var sine: Sine? { if case .sine(let s) = self { s } else { nil } }
    @usableFromInline var square: Square? { if case .square(let s) = self { s } else { nil } }
    @usableFromInline var sawtooth: Sawtooth? { if case .sawtooth(let s) = self { s } else { nil } }
    @usableFromInline var triangle: Triangle? { if case .triangle(let s) = self { s } else { nil } }
    @usableFromInline var chirp: Chirp? { if case .chirp(let s) = self { s } else { nil } }
    @usableFromInline var noise: Noise? { if case .noise(let s) = self { s } else { nil } }
    @usableFromInline var constant: Constant? { if case .constant(let s) = self { s } else { nil } }
}
