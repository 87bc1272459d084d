/// How the attitude of a physically consistent motion is given (the `attitude` of a `motion` spec).
///
/// With an attitude, a motion derives what CoreMotion reports from it: `gravity` (the reference
/// frame's down in the device frame, unit length), `rotationRate` (the body angular velocity that
/// turns the device through exactly that attitude) and the attitude quaternion itself. In JSON:
///
/// ```json
/// "attitude": "faceUp"
/// "attitude": {"quaternion": {"w": 0.7071, "x": 0.7071, "y": 0, "z": 0}}
/// "attitude": {"roll": 0.1, "pitch": 0.6, "yaw": 0}          (numbers only: a fixed attitude, radians)
/// "attitude": {"roll": {"sine": {"amplitude": 0.2, "frequency": 0.5}}, "pitch": 0.6, "yaw": …}
/// "attitude": {"rotationRate": {"axes": {"z": {"constant": {"value": 0.5}}}}, "initial": "portrait"}
/// ```
///
/// See `Quaternion` for the frames and sign conventions.
public enum AttitudeNode: Sendable, Hashable {
    /// A constant attitude: gravity is constant and the rotation rate is zero.
    case fixed(FixedAttitude)
    /// Roll, pitch and yaw as signals (radians); the rotation rate comes from their exact derivatives.
    case angles(EulerAttitude)
    /// Body rotation rates (rad/s) integrated from an initial attitude.
    case integrated(IntegratedAttitude)

    /// The JSON path component under which errors of this attitude are reported.
    static let key = "attitude"
}

/// A constant attitude: a name, a quaternion or three angles.
///
/// In JSON: `"faceUp"`, `{"quaternion": {"w": …, "x": …, "y": …, "z": …}}` (normalised when read) or
/// `{"roll": 0.1, "pitch": 0.6, "yaw": 0}` (radians; an absent angle is 0).
public enum FixedAttitude: Sendable, Hashable {
    /// A named attitude.
    case named(NamedAttitude)
    /// A unit quaternion (device → reference).
    case quaternion(Quaternion)
    /// CoreMotion Euler angles in radians.
    case angles(roll: Double, pitch: Double, yaw: Double)

    /// The attitude as a unit quaternion.
    public var quaternion: Quaternion {
        switch self {
        case .named(let n): n.quaternion
        case .quaternion(let q): q.normalized
        case .angles(let r, let p, let y): Quaternion(roll: r, pitch: p, yaw: y)
        }
    }
}

/// An attitude given by CoreMotion's Euler angles as signals (radians), each a one-channel signal tree.
///
/// The rotation rate is computed from the angles' exact time derivatives (see `SignalDerivative`), so
/// a tree must be differentiable: sine, triangle, chirp and constant nodes and their sums, scalings and
/// offsets. Square and sawtooth waves jump and noise has no derivative; they are refused with an error
/// that names their JSON path. With `q = q_z(ψ) ⊗ q_x(θ) ⊗ q_y(φ)` (φ roll, θ pitch, ψ yaw), the body
/// rate is
/// ```
/// ωx = cos φ · θ̇ − sin φ · cos θ · ψ̇
/// ωy = φ̇ + sin θ · ψ̇
/// ωz = sin φ · θ̇ + cos φ · cos θ · ψ̇
/// ```
///
/// ```swift
/// let sway = try EulerAttitude(roll: .sine(Sine(amplitude: 0.1, frequency: 0.9)), pitch: .constant(Constant(0.7)))
/// ```
public struct EulerAttitude: Sendable, Hashable {
    /// Rotation about device y (rad).
    public let roll: SignalNode
    /// Rotation about device x (rad).
    public let pitch: SignalNode
    /// Rotation about the vertical (rad).
    public let yaw: SignalNode
    /// d/dt of roll, pitch and yaw (rad/s).
    package let rates: [SignalDerivative]

    /// Creates the attitude; an angle left out is 0.
    /// - Parameters:
    ///   - roll: Roll signal (rad).
    ///   - pitch: Pitch signal (rad).
    ///   - yaw: Yaw signal (rad).
    /// - Throws: `SignalError` naming the path (`$.motion.attitude.roll…`) of a node that is not one
    ///   channel or has no time derivative.
    public init(
        roll: SignalNode = .constant(Constant(0)), pitch: SignalNode = .constant(Constant(0)),
        yaw: SignalNode = .constant(Constant(0))
    ) throws(SignalError) {
        try self.init(roll: roll, pitch: pitch, yaw: yaw, path: "$.motion.attitude")
    }

    /// Creates the attitude, reporting errors under `path`.
    package init(roll: SignalNode, pitch: SignalNode, yaw: SignalNode, path: String) throws(SignalError) {
        self.roll = roll
        self.pitch = pitch
        self.yaw = yaw
        var rates: [SignalDerivative] = []
        for (name, node) in [("roll", roll), ("pitch", pitch), ("yaw", yaw)] {
            guard node.channelCount == 1 else {
                throw SignalError(
                    .channelMismatch, path: "\(path).\(name)",
                    "\(name) must be a one-channel signal (radians), this one has \(node.channelCount) channels")
            }
            rates.append(try SignalDerivative(of: node, path: "\(path).\(name)"))
        }
        self.rates = rates
    }

    /// The three angle signals, in the order roll, pitch, yaw.
    public var angles: [SignalNode] { [roll, pitch, yaw] }

    /// Equal when the angle trees are equal.
    public static func == (a: EulerAttitude, b: EulerAttitude) -> Bool {
        a.roll == b.roll && a.pitch == b.pitch && a.yaw == b.yaw
    }

    /// Hashes the angle trees.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(roll)
        hasher.combine(pitch)
        hasher.combine(yaw)
    }
}

/// An attitude integrated from body rotation rates (rad/s, device frame), starting at `initial`.
///
/// **Method.** Each step `n → n+1` (`h = 1/fs`) turns the attitude by the rotation vector of a
/// fourth-order Magnus expansion with Simpson weights,
/// `σ = h/6 (ωₙ + 4ω_{n+½} + ωₙ₊₁) + h²/12 (ωₙ × ωₙ₊₁)`, where `ω_{n+½} = (−ωₙ₋₁ + 9ωₙ + 9ωₙ₊₁ − ωₙ₊₂)/16`
/// is the cubic interpolation of the rendered samples (the quadratic `(3ω₀ + 6ω₁ − ω₂)/8` on the first
/// step), then `qₙ₊₁ = normalize(qₙ ⊗ exp(σ/2))`. The attitude is therefore a function of the rendered
/// `rotationRate` channel alone.
///
/// **Error bound.** Fourth order: for a smooth rate the attitude error grows like `T·h⁴`, about
/// `0.006 · T · Ω · (Ωh)⁴` radians for a rate of amplitude and angular frequency `Ω` over `T` seconds.
/// Measured against the closed-form coning motion `q_z(Ωt) ⊗ q_x(β) ⊗ q_z(−Ωt)` (Ω = 2π rad/s,
/// β = 0.5, |ω| = 3 rad/s) after 20 s: 1.2·10⁻⁵ rad at 100 Hz, 1.7·10⁻⁴ rad at 50 Hz (×14.7 for ×2 in
/// `h`; 16 is the fourth-order ratio). The rate itself is the engine's `Float` render (relative error
/// ~10⁻⁷), whose rounding adds a random walk far below that. Discontinuous rates (square waves) are
/// integrated with an O(h) error at each jump.
///
/// **Random access.** An integral depends on every earlier sample. Rendering from sample `n` steps from
/// the nearest checkpoint at or before `n`; checkpoints are kept every 4096 samples (32 bytes each,
/// up to 2²⁰ per sample rate) in a cache shared by copies of this value. The first render that starts
/// at `n` costs O(n) steps (about 40 ns each); later renders at or after a checkpoint cost at most 4096
/// steps more. The samples do not depend on the checkpoints: they are bit-identical however the render
/// is chunked or threaded.
///
/// ```swift
/// let spin = IntegratedAttitude(rotationRate: .axes(x: .constant(Constant(0)), y: .constant(Constant(0)),
///                                                   z: .constant(Constant(0.5))), initial: .named(.portrait))
/// ```
public struct IntegratedAttitude: Sendable, Hashable {
    /// Body rotation rate (rad/s), three channels in the device frame.
    public let rotationRate: SignalNode
    /// The attitude at sample 0.
    public let initial: FixedAttitude
    /// Checkpoints of the integral (a cache: it never changes the samples).
    package let checkpoints: AttitudeCheckpoints

    /// Creates the attitude.
    /// - Parameters:
    ///   - rotationRate: A three-channel signal in rad/s (body frame).
    ///   - initial: The attitude at sample index 0 (default face up).
    public init(rotationRate: SignalNode, initial: FixedAttitude = .named(.faceUp)) {
        self.rotationRate = rotationRate
        self.initial = initial
        checkpoints = AttitudeCheckpoints()
    }

    /// Equal when the rate and the initial attitude are equal.
    public static func == (a: IntegratedAttitude, b: IntegratedAttitude) -> Bool {
        a.rotationRate == b.rotationRate && a.initial == b.initial
    }

    /// Hashes the rate and the initial attitude.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rotationRate)
        hasher.combine(initial)
    }
}
