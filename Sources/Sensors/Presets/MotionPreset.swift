import Foundation
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
/// | ``heldInHand(tremor:)`` | tilted 40°, swaying and trembling (the body model's standing person) | sway 0.2–1.1 Hz, tremor near `tremor` (≈ 8–12 Hz) |
/// | ``walking(cadence:)`` | held in front, tilted 46° | the body model's hand-held walk: the stride's harmonics (`cadence/2` and its multiples) up to 10 Hz |
/// | ``running(cadence:)`` | upright in an armband | the body model's run on the trunk, harmonics up to 10 Hz |
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

    /// Held in the hand while reading (pitch 0.7 rad, 40°), as a trajectory's standing person holds it
    /// (`PosturalWaveform`, the body model's): postural sway (0.17–1.13 Hz, millimetres) and tilt (0.23–0.67
    /// Hz, milliradians), and physiological tremor (micrometres, and about 0.2 mrad of tilt), its lines scaled
    /// so that the strongest tilt line is at `tremor`. (A trajectory's standing person also gestures now and
    /// then; a preset, a sum of sines, does not.)
    /// - Parameter tremor: Tremor frequency (Hz), typically 8–12.
    public static func heldInHand(tremor: Double = 9) -> MotionSignal {
        let scale = tremor / PosturalWaveform.tremorTilt[0].frequency
        /// The lines of a sway (`scale` 1) and of a tremor (`scale`) on `axis`: the values themselves, or for a
        /// displacement `−a / g`, `(2πf)² A / g` at the same phase.
        func lines(
            _ sway: [PosturalWaveform.Component], _ tremor: [PosturalWaveform.Component], axis: Int,
            acceleration: Bool
        ) -> [SignalNode] {
            [(sway, 1.0), (tremor, scale)].flatMap { components, scale in
                components.map {
                    let w = 2 * Double.pi * $0.frequency * scale
                    let amplitude = acceleration ? w * w * $0.amplitude[axis] / IMU.standardGravity : $0.amplitude[axis]
                    return .sine(Sine(amplitude: amplitude, frequency: $0.frequency * scale, phase: $0.phase))
                }
            }
        }
        let (tilt, tremorTilt) = (PosturalWaveform.tilt, PosturalWaveform.tremorTilt)
        let world = (0..<3).map {
            SignalNode.sum(lines(PosturalWaveform.sway, PosturalWaveform.tremor, axis: $0, acceleration: true))
        }
        return motion(
            angles(
                roll: .sum(lines(tilt, tremorTilt, axis: 1, acceleration: false)),
                pitch: .sum([.constant(Constant(0.7))] + lines(tilt, tremorTilt, axis: 0, acceleration: false)),
                yaw: .constant(Constant(0))),
            world: axes(world[0], world[1], world[2]))
    }

    /// Walking with the phone held in front (pitch 0.8 rad): the body model's hand-held walk
    /// (`BodyWaveform`, the trajectories' `walk` gait and hand): the trunk's step, heel strikes, braking and
    /// sway through the arm's 9-Hz low-pass, as the sum of the stride's harmonics up to ``gaitBand``. A
    /// trajectory's walk adds what a sum of sines cannot: stride-to-stride variability, and the hand's rocking
    /// (kept out so that the attitude stays fixed and every channel verifiable).
    /// - Parameter cadence: Steps per second (Hz); people walk at 1.6–2.0.
    public static func walking(cadence: Double = 1.8) -> MotionSignal {
        motion(
            .fixed(.angles(roll: 0, pitch: 0.8, yaw: 0)),
            world: gait(BodyWaveform.walk, part: .hand, cadence: cadence))
    }

    /// Running with the phone upright in an armband: the body model's run (`BodyWaveform`, the trajectories'
    /// `run` gait: a stance pulse per step, free fall between) on the trunk, as the sum of the stride's
    /// harmonics up to ``gaitBand``.
    /// - Parameter cadence: Steps per second (Hz); runners step at 2.5–3.2.
    public static func running(cadence: Double = 2.8) -> MotionSignal {
        motion(.fixed(.named(.portrait)), world: gait(BodyWaveform.run, part: .trunk, cadence: cadence))
    }

    /// The highest frequency of the gait presets' harmonics, Hz: 10, so that they render from 20 Hz (the
    /// body model's trajectories reach 30 Hz).
    public static let gaitBand = 10.0

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

    /// The world-frame user acceleration (g, CoreMotion's sign: `−a / g`) of `shape`'s gait on `part` at
    /// `cadence` steps/s: right, forward and up as the body model's displacement harmonics of the stride
    /// (`BodyWaveform.displacement`), each `(2πk f)² (c cos + s sin) / g` at `k f`, `f` the stride rate, up to
    /// ``gaitBand`` (the stride's and the step's lines always). A cadence that is not a positive number keeps
    /// every harmonic, so that the render refuses it, naming the path.
    static func gait(_ shape: BodyWaveform.Shape, part: BodyWaveform.Part, cadence: Double) -> SignalNode {
        let stride = cadence / 2
        let harmonics = BodyWaveform.displacement(
            shape, impactFactor: 1, swayFactor: 1, leftPocket: true, part: part)
        func axis(_ h: (low: (c: [Double], s: [Double]), high: (c: [Double], s: [Double]))) -> SignalNode {
            var lines: [SignalNode] = []
            // The stride's and the step's lines always (a cadence too high for the render is refused there).
            for k in 1...h.low.c.count where k <= 2 || !(Double(k) * stride > gaitBand) {
                let w = 2 * Double.pi * Double(k) * stride
                let a = w * w * (h.low.c[k - 1] + h.high.c[k - 1]) / IMU.standardGravity
                let b = w * w * (h.low.s[k - 1] + h.high.s[k - 1]) / IMU.standardGravity
                // a cos x + b sin x = r sin(x + atan2(a, b)); lines under 10 µg are left out.
                let r = (a * a + b * b).squareRoot()
                if k > 2, r.isFinite, r < 1e-5 { continue }
                lines.append(.sine(Sine(amplitude: r, frequency: Double(k) * stride, phase: atan2(a, b))))
            }
            return lines.isEmpty ? .constant(Constant(0)) : .sum(lines)
        }
        return axes(axis(harmonics[0]), axis(harmonics[1]), axis(harmonics[2]))
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
