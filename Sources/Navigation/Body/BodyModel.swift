import Foundation
import Sensors
import Signals

/// Where the device is and how it turns relative to the platform, as a person carries it: the trunk's motion
/// over each stride (``Gait``), the person's variability, step length and sides (``Person``), and the body
/// part the device is on (``Mount/BodyPart``). Part of the truth: every output is a pure function of the
/// distance walked and the time, with exact first and second derivatives, so the position, velocity,
/// acceleration, attitude and rotation rate stay continuous and consistent (a strapdown integration of the
/// noise-free IMU follows the truth).
///
/// - The stride phase `φ(s)` counts strides (a step is half of one) along the distance `s`:
///   `φ = s / 2L + Σⱼ cⱼ (sin(2πs/λⱼ + θⱼ) − sin θⱼ)`, three slow modulations whose cadence variation has the
///   gait's RMS (``Gait/cadenceVariation`` × ``Person/variability``, at most 0.2), so no two strides are the
///   same length. The pedometer counts `⌊2φ⌋` steps: the steps the gait takes.
/// - The trunk's displacement over a stride is tabulated (``PeriodicTable``) from its acceleration waveforms
///   (``Gait``), split into the step's fundamental (stride harmonics ≤ 4) and the impacts (the rest); each is
///   multiplied by a per-step factor (a cubic B-spline through `exp(σ zₙ − σ²/2)`, `zₙ` a counter-based normal
///   draw of the person's seed and the step, so C² and mean 1), with `σ` the gait's step and impact variation.
/// - The body part turns about a pivot by a pitch (about the platform's right axis) and a roll (about its
///   forward axis): a thigh's swing once per stride (a pocket), an arm's swing opposite to the legs (a watch),
///   a hand's small wobble (handheld), the trunk's (a backpack); the device, on a lever from the pivot, moves
///   along the arc. (Standing, the body's sway and a hand's tremor are `StandingMotion`'s.)
/// - A hand damps the steps: the trunk's harmonics pass a second-order low-pass (the arm) before they reach
///   a hand-held device; a thigh receives the impacts stronger and sharper than the trunk.
/// - On a bike, a device in a pocket turns with the thigh at the pedalling cadence (no steps).
///
/// A class: a trajectory holds one reference, so copying a trajectory (the render copies it into its
/// closures) retains one object, not the dozen tables inside.
final class BodyModel: Sendable {
    /// What a body model gives at one instant: the device's offset from the platform's point and the body
    /// part's turn, each with its first and second time derivatives, in the platform frame (x right, y
    /// forward, z up).
    struct Motion {
        var offset = SIMD3<Double>.zero, velocity = SIMD3<Double>.zero, acceleration = SIMD3<Double>.zero
        /// Pitch (about x) and roll (about y) of the body part, radians, and their rates and accelerations.
        var pitch = 0.0, pitchRate = 0.0, pitchAcceleration = 0.0
        var roll = 0.0, rollRate = 0.0, rollAcceleration = 0.0
        /// Steps taken and steps per second.
        var steps = 0, cadence = 0.0
    }

    /// One slow modulation of the stride phase: `amplitude · (sin(2πs/wavelength + phase) − sin phase)`.
    struct Modulation: Sendable, Hashable {
        var amplitude: Double, wavelength: Double, phase: Double
    }

    let bodyPart: Mount.BodyPart
    /// Half a stride along the path, metres (for pedalling: half a crank turn's distance).
    let stepLength: Double
    /// Whether a gait drives it (steps, the trunk's displacement); `false` for pedalling.
    let walks: Bool
    /// Displacement over a stride, metres: the fundamental and the impacts, on the right, forward and up axes.
    let fundamental: [PeriodicTable], impacts: [PeriodicTable]
    /// The body part's swing over a stride, radians.
    let swingPitch: PeriodicTable, swingRoll: PeriodicTable
    /// A pitch the body part holds (a seated cyclist's thigh), radians.
    let basePitch: Double
    /// From the pivot to the device, platform frame, metres.
    let lever: SIMD3<Double>
    let modulations: [Modulation]
    let impactVariation: Double, stepVariation: Double
    let seed: UInt64
    /// Where the walk takes stairs (`nil`: nowhere): the steps per metre and the body's rise per step.
    let stairs: StairProfile?

    /// The body model of `person` carrying a device on `mount` with `gait` (a walk or a run), or pedalling a
    /// bike (`gait == nil`, `pedals`), or `nil` when nothing moves the device relative to the platform.
    init?(gait: Gait?, person: Person, mount: Mount, pedals: Bool, heights: HeightProfile? = nil) {
        let part = mount.bodyPart
        guard gait != nil || (pedals && part == .thigh) else { return nil }
        stairs = gait.flatMap { g in heights.flatMap { StairProfile($0, stepLength: person.stepLength ?? g.stepLength) }
        }
        bodyPart = part
        seed = person.seed
        let side: Person.Side = part == .thigh ? person.pocket : person.hand
        let sideSign = side == .left ? 1.0 : -1.0
        if let gait {
            walks = true
            let L = person.stepLength ?? gait.stepLength
            stepLength = L
            let waveforms = Self.trunk(gait, person: person, part: part)
            fundamental = waveforms.map { $0.fundamental }
            impacts = waveforms.map { $0.impacts }
            let running = gait.flight > 0
            let swing = Self.swing(part, running: running, side: sideSign)
            swingPitch = swing.pitch
            swingRoll = swing.roll
            basePitch = 0
            lever = Self.lever(part, running: running)
            let cv = min(0.2, gait.cadenceVariation * person.variability)
            // Three incommensurate wavelengths of 2.3, 3.7 and 6.1 strides; each carries cv·√(2/3) of the
            // cadence's relative modulation, so that its RMS is cv.
            modulations = [2.3, 3.7, 6.1].enumerated().map { j, strides in
                let wavelength = strides * 2 * L
                return Modulation(
                    amplitude: cv * (2.0 / 3).squareRoot() * wavelength / (2 * .pi * 2 * L),
                    wavelength: wavelength, phase: 2 * .pi * Self.uniform(person.seed, 101 + UInt64(j)))
            }
            // A thigh's strikes vary 0.7 times as much as the trunk's (fitted: a pocket's crest factor, its
            // largest strike over the RMS, then falls within the real pockets' 4.1–8.8; 9.6 with the trunk's).
            impactVariation = min(2, gait.impactVariation * person.variability) * (part == .thigh ? 0.7 : 1)
            // A running wrist's step varies twice as much as the trunk's (chosen among ×1, ×2 and ×4 by the
            // spread of all six real watch runs: with the trunk's, the crest factor, the largest step over the
            // RMS, was 2.7, under the real runs' 2.8–3.9; ×4 put the kurtosis above theirs).
            stepVariation = min(2, gait.stepVariation * person.variability) * (part == .arm && running ? 2 : 1)
        } else {
            // Pedalling: a crank turn every 4.6 m (a road bike's gear at 80 rpm and 6 m/s); the seated thigh
            // pitched forward 1 rad and swinging ±0.35 rad about it, once per turn.
            walks = false
            stepLength = 2.3
            fundamental = []
            impacts = []
            swingPitch = PeriodicTable(cosines: [0.35 * sideSign, 0.04], sines: [0, 0])
            swingRoll = PeriodicTable(cosines: [0], sines: [0])
            basePitch = 1.0
            lever = SIMD3(0, 0.22, -0.05)
            modulations = []
            impactVariation = 0
            stepVariation = 0
        }
    }

    // MARK: - Evaluation

    /// The motion at station `s` (m along the path), speed `v` (m/s) and path acceleration `a` (m/s²), with
    /// the gait's fade in and out (a factor of `s` and its first two derivatives along the path).
    func motion(station s: Double, speed v: Double, acceleration a: Double, fade: (Double, Double, Double)) -> Motion {
        var m = Motion()
        let (F, F1, F2) = fade
        // Stride phase and its derivatives along the path (on stairs, shorter steps: see StairProfile).
        var phi = s / (2 * stepLength)
        var phi1 = 1 / (2 * stepLength)
        var phi2 = 0.0
        var stairWeight = (0.0, 0.0, 0.0)
        if let stairs {
            let (steps, weight) = stairs.evaluate(s)
            (phi, phi1, phi2) = (steps.0 / 2, steps.1 / 2, steps.2 / 2)
            stairWeight = weight
        }
        for mod in modulations {
            let k = 2 * Double.pi / mod.wavelength
            let (sn, cs) = (sin(k * s + mod.phase), cos(k * s + mod.phase))
            phi += mod.amplitude * (sn - sin(mod.phase))
            phi1 += mod.amplitude * k * cs
            phi2 -= mod.amplitude * k * k * sn
        }
        if walks {
            m.steps = max(0, Int((2 * phi).rounded(.down)))
            m.cadence = 2 * phi1 * v
        }
        /// A factor of φ, C(φ) with C′ and C″, to a factor of time with its time derivatives (faded).
        @inline(__always) func inTime(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
            let ds = F1 * c.0 + F * c.1 * phi1
            let dss = F2 * c.0 + 2 * F1 * c.1 * phi1 + F * (c.2 * phi1 * phi1 + c.1 * phi2)
            return (F * c.0, ds * v, dss * v * v + ds * a)
        }
        if walks {
            let low = multiplier(phi, sigma: stepVariation, stream: 1)
            let high = multiplier(phi, sigma: impactVariation, stream: 2)
            for axis in 0..<3 {
                let f = fundamental[axis].evaluate(phi)
                let g = impacts[axis].evaluate(phi)
                let p = (
                    low.0 * f.0 + high.0 * g.0,
                    low.1 * f.0 + low.0 * f.1 + high.1 * g.0 + high.0 * g.1,
                    low.2 * f.0 + 2 * low.1 * f.1 + low.0 * f.2 + high.2 * g.0 + 2 * high.1 * g.1 + high.0 * g.2
                )
                let d = inTime(p)
                m.offset[axis] = d.0
                m.velocity[axis] = d.1
                m.acceleration[axis] = d.2
            }
        }
        // On stairs the body rises (falls) a step's height once per step, pausing at each foot contact: the
        // path's ramp plus q = −w rise sin(2π·2φ) / 2π, carried into time with the fade (d/ds, then v and a).
        if walks, stairWeight.0 != 0 || stairWeight.1 != 0 || stairWeight.2 != 0 {
            let (w0, w1, w2) = stairWeight
            let amplitude = -StairProfile.rise / (2 * .pi)
            let k = 4 * Double.pi
            let (sn, cs) = (sin(k * phi), cos(k * phi))
            let s1 = k * cs * phi1
            let s2 = -k * k * sn * phi1 * phi1 + k * cs * phi2
            let q0 = amplitude * w0 * sn
            let q1 = amplitude * (w1 * sn + w0 * s1)
            let q2 = amplitude * (w2 * sn + 2 * w1 * s1 + w0 * s2)
            let d0 = F * q0
            let d1 = F1 * q0 + F * q1
            let d2 = F2 * q0 + 2 * F1 * q1 + F * q2
            m.offset.z += d0
            m.velocity.z += d1 * v
            m.acceleration.z += d2 * v * v + d1 * a
        }
        // The body part's swing, faded with the gait.
        var (pitch, pitch1, pitch2) = inTime(swingPitch.evaluate(phi))
        let (roll, roll1, roll2) = inTime(swingRoll.evaluate(phi))
        pitch += basePitch
        (m.pitch, m.pitchRate, m.pitchAcceleration) = (pitch, pitch1, pitch2)
        (m.roll, m.rollRate, m.rollAcceleration) = (roll, roll1, roll2)
        // The device on its lever: d = R r − r (R = R_x(pitch) R_y(roll)), ḋ = R (ω × r),
        // d̈ = R (ω̇ × r + ω × (ω × r)), ω the body part's angular velocity in its own frame.
        if lever != .zero {
            let (sp, cp) = (sin(pitch), cos(pitch))
            let (sr, cr) = (sin(roll), cos(roll))
            let w = SIMD3(pitch1 * cr, roll1, pitch1 * sr)
            let wDot = SIMD3(pitch2 * cr - pitch1 * roll1 * sr, roll2, pitch2 * sr + pitch1 * roll1 * cr)
            @inline(__always) func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> {
                // R_y(roll) then R_x(pitch).
                let y = SIMD3(cr * v.x + sr * v.z, v.y, -sr * v.x + cr * v.z)
                return SIMD3(y.x, cp * y.y - sp * y.z, sp * y.y + cp * y.z)
            }
            let wr = Trajectory.cross(w, lever)
            m.offset += rotate(lever) - lever
            m.velocity += rotate(wr)
            m.acceleration += rotate(Trajectory.cross(wDot, lever) + Trajectory.cross(w, wr))
        }
        return m
    }

    /// The per-step factor at stride phase `φ` and its first two φ-derivatives: a uniform cubic B-spline in
    /// steps (`u = 2φ`) through `exp(σ zₙ − σ²/2)`, `zₙ` a normal draw of the seed and step `n`.
    @inline(__always)
    func multiplier(_ phi: Double, sigma: Double, stream: UInt64) -> (Double, Double, Double) {
        guard sigma > 0 else { return (1, 0, 0) }
        let u = 2 * phi
        let n = u.rounded(.down)
        let x = u - n
        let i = Int(n)
        @inline(__always) func value(_ k: Int) -> Double {
            exp(sigma * Self.normal(seed, stream, k) - sigma * sigma / 2)
        }
        let (p0, p1, p2, p3) = (value(i - 1), value(i), value(i + 1), value(i + 2))
        let x2 = x * x
        let x3 = x2 * x
        let b0 = (1 - x) * (1 - x) * (1 - x) / 6
        let b1 = (3 * x3 - 6 * x2 + 4) / 6
        let b2 = (-3 * x3 + 3 * x2 + 3 * x + 1) / 6
        let b3 = x3 / 6
        let d0 = -(1 - x) * (1 - x) / 2
        let d1 = (3 * x2 - 4 * x) / 2
        let d2 = (-3 * x2 + 2 * x + 1) / 2
        let d3 = x2 / 2
        let e0 = 1 - x
        let e1 = 3 * x - 2
        let e2 = -3 * x + 1
        let e3 = x
        let f = b0 * p0 + b1 * p1 + b2 * p2 + b3 * p3
        let fu = d0 * p0 + d1 * p1 + d2 * p2 + d3 * p3
        let fuu = e0 * p0 + e1 * p1 + e2 * p2 + e3 * p3
        return (f, 2 * fu, 4 * fuu)
    }

    /// A normal draw of (seed, stream, index): the sum of four 16-bit uniforms of a SplitMix64 hash, centred
    /// and scaled to variance 1 (an Irwin–Hall approximation, within ±3.5).
    @inline(__always)
    static func normal(_ seed: UInt64, _ stream: UInt64, _ index: Int) -> Double {
        let h = CounterHash.mix64(
            CounterHash.mix64(seed ^ (stream &* 0x9E37_79B9_7F4A_7C15)) ^ UInt64(bitPattern: Int64(index)))
        let a = Double(h & 0xFFFF)
        let b = Double((h >> 16) & 0xFFFF)
        let c = Double((h >> 32) & 0xFFFF)
        let d = Double(h >> 48)
        return ((a + b + c + d) / 65536 - 2) * 3.0.squareRoot()
    }

    /// A uniform draw in [0, 1) of (seed, key).
    static func uniform(_ seed: UInt64, _ key: UInt64) -> Double {
        Double(CounterHash.mix64(CounterHash.mix64(seed ^ 0xA5A5_5A5A_1234_5678) ^ key) >> 11) * 0x1p-53
    }

    // MARK: - Building the waveforms

    /// The trunk's displacement over a stride on each axis (right, forward, up), as tables of its step's
    /// fundamental (stride harmonics 1–4) and its impacts (5 up to 30 Hz); for a hand, through the arm's
    /// low-pass (`BodyWaveform`, shared with the motion presets).
    static func trunk(
        _ gait: Gait, person: Person, part: Mount.BodyPart
    )
        -> [(fundamental: PeriodicTable, impacts: PeriodicTable)]
    {
        BodyWaveform.displacement(
            gait.shape, impactFactor: person.impact, swayFactor: person.sway, leftPocket: person.pocket == .left,
            part: part.waveformPart
        ).map {
            (
                PeriodicTable(cosines: $0.low.c, sines: $0.low.s),
                PeriodicTable(cosines: $0.high.c, sines: $0.high.s)
            )
        }
    }

    /// The body part's swing over a stride, radians: pitch (positive: the far end forward) and roll.
    /// `side` is +1 on the left, −1 on the right.
    static func swing(
        _ part: Mount.BodyPart, running: Bool, side: Double
    ) -> (pitch: PeriodicTable, roll: PeriodicTable) {
        switch part {
        case .thigh:
            // Hip flexion and extension, ±26° walking and ±34° running once per stride, most flexed at the
            // same side's heel strike, with the second and third harmonics of a real hip angle's curve (a quick
            // swing, a slower stance).
            let a = running ? 0.6 : 0.45
            return (
                PeriodicTable(cosines: [a * side, 0.11, 0 * side], sines: [0, 0, 0.06 * side]),
                PeriodicTable(cosines: [0.03 * side], sines: [0])
            )
        case .arm:
            // The arm swings opposite to the same side's leg, back at its heel strike: ±14° walking, ±17° running.
            // A runner's bent arm swings further, but much of it across the body, which turns a watch about the
            // vertical and leaves gravity on its axes: the real watch runs' magnitude holds 3–6 % of its power
            // below 2 Hz, and a watch tilted ±34° put a third of it at the stride rate (*Realistic people*).
            let a = running ? 0.3 : 0.25
            return (
                PeriodicTable(cosines: [-a * side, 0.02], sines: [0, 0]),
                PeriodicTable(cosines: [0.04 * side], sines: [0])
            )
        case .hand:
            // A hand-held phone dips at each step and rocks ±8° once per stride with the trunk's sway.
            return (
                PeriodicTable(cosines: [0.08, 0.03], sines: [0, 0.01]), PeriodicTable(cosines: [0.14], sines: [0])
            )
        case .trunk:
            return (PeriodicTable(cosines: [0, 0.02], sines: [0, 0]), PeriodicTable(cosines: [0.015], sines: [0]))
        case .none:
            return (PeriodicTable(cosines: [0], sines: [0]), PeriodicTable(cosines: [0], sines: [0]))
        }
    }

    /// From the pivot the body part turns about to the device, platform frame, metres: a thigh's pocket 0.25 m
    /// below the hip, a watch 0.6 m below the shoulder (0.45 m with the elbow bent for a run).
    static func lever(_ part: Mount.BodyPart, running: Bool) -> SIMD3<Double> {
        switch part {
        case .thigh: SIMD3(0, 0, -0.25)
        case .arm: SIMD3(0, running ? 0.1 : 0, running ? -0.45 : -0.6)
        default: .zero
        }
    }
}
