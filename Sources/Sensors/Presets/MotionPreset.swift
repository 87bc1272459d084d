import Signals

/// Physically consistent device motions for common situations, as DSL values (`MotionSignal`s with an
/// attitude, 13 channels) and as specs under `Examples/specs/presets/` (the same trees).
///
/// In a spec: `{"motion": {"preset": "walking", "cadence": 1.8}}` (see ``specParameters``).
///
/// Accelerations follow CoreMotion's sign (see `MotionNode`): a world-frame value is what
/// `userAcceleration` would read with the device face up, yaw 0. Parameters are checked when the motion
/// is rendered (a negative cadence is refused there, naming the path).
///
/// | preset | attitude | main frequencies |
/// | --- | --- | --- |
/// | ``stillOnTable()`` | face up | none (gravity only) |
/// | ``heldInHand(tremor:)`` | tilted 40°, physiological tremor in pitch and roll | `tremor` (≈ 8–12 Hz) |
/// | ``walking(cadence:)`` | held in front, tilted 46° | vertical bounce at `cadence` (+ 2nd harmonic), forward surge at `cadence`, sway at `cadence/2` |
/// | ``running(cadence:)`` | upright in an armband | as walking, 3–4× stronger |
/// | ``shaking(frequency:)`` | wrist rolling ±0.5 rad | `frequency` in acceleration and rate |
/// | ``carRide(seed:)`` | mounted upright | 0.05 and 0.08 Hz manoeuvres, 30 Hz engine vibration, road noise |
/// | ``freeFall()`` | tumbling at 0.5 rev/s about x | 0.5 Hz in gravity; the accelerometer reads 0 |
/// | ``faceDownFlip(period:)`` | rolls face up → face down → face up | `1/period` |
///
/// ```swift
/// let walk = MotionPreset.walking(cadence: 1.8)
/// let buffer = try walk.render(sampleRate: 100, duration: 60)     // 13 channels
/// StepCounter().count(buffer)                                      // 108 steps
/// ```
public enum MotionPreset {
    /// Every preset with its spec file name (`Examples/specs/presets/<name>.json`), default parameters.
    public static var all: [(name: String, motion: MotionSignal)] {
        [
            ("still-on-table", stillOnTable()), ("held-in-hand", heldInHand()), ("walking", walking()),
            ("running", running()), ("shaking", shaking()), ("car-ride", carRide()), ("free-fall", freeFall()),
            ("face-down-flip", faceDownFlip()),
        ]
    }

    /// Lying still, face up, on a table: gravity (0, 0, −1) g, no rotation.
    public static func stillOnTable() -> MotionSignal {
        motion(.fixed(.named(.faceUp)))
    }

    /// Held in the hand while reading (pitch 0.7 rad, 40°), with physiological tremor: pitch and roll
    /// wobble of 4 and 3 mrad at `tremor` Hz (0.23 and 0.17 rad/s), plus 5 mg of translational tremor.
    /// - Parameter tremor: Tremor frequency (Hz), typically 8–12.
    public static func heldInHand(tremor: Double = 9) -> MotionSignal {
        motion(
            angles(
                roll: .sine(Sine(amplitude: 0.003, frequency: tremor, phase: 1)),
                pitch: .sum([.constant(Constant(0.7)), .sine(Sine(amplitude: 0.004, frequency: tremor))]),
                yaw: .constant(Constant(0))),
            world: axes(
                .sine(Sine(amplitude: 0.005, frequency: tremor, phase: 2)),
                .sine(Sine(amplitude: 0.005, frequency: tremor, phase: 0.5)), .constant(Constant(0))))
    }

    /// Walking with the phone held in front (pitch 0.8 rad): a vertical bounce of 0.25 g at the step
    /// cadence with a 0.05 g second harmonic, a forward surge of 0.1 g at the cadence and a lateral sway of
    /// 0.05 g at half the cadence (one stride).
    /// - Parameter cadence: Steps per second (Hz); people walk at 1.6–2.0.
    public static func walking(cadence: Double = 1.8) -> MotionSignal {
        gait(cadence: cadence, scale: 1, attitude: .fixed(.angles(roll: 0, pitch: 0.8, yaw: 0)))
    }

    /// Running with the phone upright in an armband: as ``walking(cadence:)`` with 3.6× the bounce and
    /// 3× the surge and sway.
    /// - Parameter cadence: Steps per second (Hz); runners step at 2.5–3.2.
    public static func running(cadence: Double = 2.8) -> MotionSignal {
        gait(cadence: cadence, scale: 3, attitude: .fixed(.named(.portrait)), bounce: 0.9)
    }

    /// Shaking the phone (as in a "shake to undo"): 2 g along the device's x axis at `frequency` while the
    /// wrist rolls it ±0.5 rad at the same frequency.
    /// - Parameter frequency: Shakes per second (Hz).
    public static func shaking(frequency: Double = 4) -> MotionSignal {
        motion(
            angles(
                roll: .sine(Sine(amplitude: 0.5, frequency: frequency)), pitch: .constant(Constant(0)),
                yaw: .constant(Constant(0))),
            device: axes(
                .sine(Sine(amplitude: 2, frequency: frequency, phase: 0.3)), .constant(Constant(0)),
                .constant(Constant(0))))
    }

    /// A car ride with the phone in a dashboard mount (pitch 1.2 rad): accelerating and braking at 0.15 g
    /// every 20 s, turning at 0.1 g every 12.5 s, engine vibration of 0.02 g at 30 Hz and road noise of
    /// 0.01 g (seeded). Render at 100 Hz or more for the engine line.
    /// - Parameter seed: The road noise's seed (default 30).
    public static func carRide(seed: UInt64 = 30) -> MotionSignal {
        motion(
            .fixed(.angles(roll: 0, pitch: 1.2, yaw: 0)),
            world: axes(
                .sine(Sine(amplitude: 0.1, frequency: 0.08)), .sine(Sine(amplitude: 0.15, frequency: 0.05)),
                .sum([.sine(Sine(amplitude: 0.02, frequency: 30)), .noise(Noise(amplitude: 0.01, seed: seed))])))
    }

    /// Free fall while tumbling end over end at 0.5 rev/s about the device's x axis: gravity turns at
    /// 0.5 Hz, and the user acceleration cancels it (the world-frame acceleration is +1 g up in CoreMotion's
    /// sign), so the accelerometer (`userAcceleration + gravity`) reads 0.
    public static func freeFall() -> MotionSignal {
        motion(
            .integrated(
                IntegratedAttitude(
                    rotationRate: axes(
                        .constant(Constant(Double.pi)), .constant(Constant(0)),
                        .constant(Constant(0))), initial: .named(.faceUp))),
            world: axes(.constant(Constant(0)), .constant(Constant(0)), .constant(Constant(1))))
    }

    /// Turned face down and back about the device's y axis, smoothly: roll = π/2 − π/2·cos(2πt/period).
    /// - Parameter period: Seconds for face up → face down → face up.
    public static func faceDownFlip(period: Double = 4) -> MotionSignal {
        motion(
            angles(
                roll: .sine(
                    Sine(amplitude: -Double.pi / 2, frequency: 1 / period, phase: Double.pi / 2, offset: Double.pi / 2)),
                pitch: .constant(Constant(0)), yaw: .constant(Constant(0))))
    }

    // MARK: Building blocks

    static func gait(cadence: Double, scale: Double, attitude: AttitudeNode, bounce: Double = 0.25) -> MotionSignal {
        motion(
            attitude,
            world: axes(
                .sine(Sine(amplitude: 0.05 * scale, frequency: cadence / 2)),
                .sine(Sine(amplitude: 0.1 * scale, frequency: cadence, phase: 1)),
                .sum([
                    .sine(Sine(amplitude: bounce, frequency: cadence)),
                    .sine(Sine(amplitude: 0.2 * bounce, frequency: 2 * cadence, phase: 0.5)),
                ])))
    }

    static func axes(_ x: SignalNode, _ y: SignalNode, _ z: SignalNode) -> SignalNode { .axes(x: x, y: y, z: z) }

    /// Euler angles of sines and constants, which always have derivatives.
    static func angles(roll: SignalNode, pitch: SignalNode, yaw: SignalNode) -> AttitudeNode {
        do {
            return .angles(try EulerAttitude(roll: roll, pitch: pitch, yaw: yaw))
        } catch {
            preconditionFailure("preset angles are sines and constants, always differentiable: \(error)")
        }
    }

    static func motion(_ attitude: AttitudeNode, world: SignalNode? = nil, device: SignalNode? = nil) -> MotionSignal {
        do {
            return try MotionSignal(
                attitude: attitude, userAcceleration: device.map(AnySignal.init(node:)),
                worldAcceleration: world.map(AnySignal.init(node:)))
        } catch {
            preconditionFailure("preset accelerations are three-axis nodes: \(error)")
        }
    }
}
