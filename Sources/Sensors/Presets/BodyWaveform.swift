import Foundation

/// The body model's waveforms over one stride, in one place for `Navigation`'s trajectories (its body model
/// turns them into tables of the stride phase) and the motion presets (``MotionPreset/walking(cadence:)`` and
/// ``MotionPreset/running(cadence:)`` sum their harmonics as sines).
///
/// The trunk's acceleration over a stride: a heel-strike pulse per foot (left at φ = 0, right at ½, with
/// left/right asymmetry), braking at each strike with a push-off later, the step's rise and fall, the
/// stride's sway, and for a run a stance half-sine per step scaled to a mean of g with free fall between.
/// Impacts reach a thigh 1.7 times as strong (its own leg's, 0.3 times the other's) and wider, an arm
/// 0.8 times; a hand receives them through a 9-Hz low-pass (the arm). A watch on a running arm reads the
/// wrist's measured step (``wristRunStep``) instead of the trunk's stance and flight. The parameters were
/// fitted to real recordings (Navigation's *Realistic people* article).
package enum BodyWaveform {
    /// The body part a device is on.
    package enum Part: Sendable, Hashable {
        case hand, thigh, arm, trunk, none
    }

    /// The numbers of a gait that shape its waveform (Navigation's `Gait` holds them with the step length and
    /// the variability): metres, m/s², seconds at the reference cadence (steps/s).
    package struct Shape: Sendable, Hashable {
        package var bounce: Double, sway: Double, impact: Double, impactWidth: Double, braking: Double
        package var asymmetry: Double, flight: Double, referenceCadence: Double

        package init(
            bounce: Double, sway: Double, impact: Double, impactWidth: Double, braking: Double, asymmetry: Double,
            flight: Double, referenceCadence: Double
        ) {
            self.bounce = bounce
            self.sway = sway
            self.impact = impact
            self.impactWidth = impactWidth
            self.braking = braking
            self.asymmetry = asymmetry
            self.flight = flight
            self.referenceCadence = referenceCadence
        }
    }

    /// An adult's walk (Navigation's `Gait.walk`): the trunk rising and falling 23 mm per step, heel strikes
    /// of 5 m/s² over 11 ms, braking 3 m/s², asymmetry 0.3, at 1.83 steps/s.
    package static let walk = Shape(
        bounce: 0.023, sway: 0.02, impact: 5, impactWidth: 0.011, braking: 3, asymmetry: 0.3, flight: 0,
        referenceCadence: 1.83)
    /// A recreational run (`Gait.run`): 35 % of each step in the air, heel strikes of 35 m/s², at 2.9 steps/s.
    package static let run = Shape(
        bounce: 0.04, sway: 0.01, impact: 35, impactWidth: 0.008, braking: 6, asymmetry: 0.04, flight: 0.35,
        referenceCadence: 2.9)

    /// A running wrist's vertical acceleration over one step, m/s² at ``wristRunCadence``: the cosine and sine
    /// coefficients of step harmonics 1–4, with the step's landing at step phase 0 (the peak, about 3 g above
    /// gravity, a tenth of a step later; then about 1.6 g below it while the arm falls with the body).
    ///
    /// Measured, not designed: the linear acceleration (a 2-s Hann average taken off as gravity) of the two
    /// calibration runs of the PebbleOS step-counter fixtures (`run_100_temp_95866_5`, `run_200_temp_95866_8`:
    /// a watch at 25 Hz), projected on its principal axis and averaged over the step phase (the Hilbert phase
    /// of its 2–3.4 Hz band); the two runs' coefficients averaged. A watch on a running arm reads this shape,
    /// not the trunk's stance and flight: the arm takes each landing as one wide pulse and then falls faster
    /// than the trunk. The four held-out runs' first harmonics have amplitudes of 13.5–22.2 m/s² against these
    /// 21.1 (*Realistic people*).
    package static let wristRunStep: [(cos: Double, sin: Double)] = [
        (14.095, 15.746), (1.949, 7.413), (-0.265, 3.564), (0.393, 0.626),
    ]

    /// The calibration runs' cadence, steps/s (their step rates, 2.658 and 2.625, averaged).
    package static let wristRunCadence = 2.64

    /// Acceleration waveforms of the trunk over a stride (left heel strike at φ = 0, right at ½), sampled at
    /// `n` points, m/s², for `gait` with the person's factors on its impacts and sway, on `part` (a thigh in
    /// the left pocket when `leftPocket`).
    package static func accelerations(
        _ gait: Shape, impactFactor: Double, swayFactor: Double, leftPocket: Bool, part: Part, samples n: Int
    )
        -> (up: [Double], forward: [Double], right: [Double])
    {
        let strideRate = gait.referenceCadence / 2
        // Impacts reach a thigh stronger and wider than the trunk, an arm a little weaker (fitted: see the
        // Realistic people article).
        let impactScale: Double
        let widthScale: Double
        switch part {
        case .thigh: (impactScale, widthScale) = (1.7, 1.6)
        case .arm: (impactScale, widthScale) = (0.8, 1.2)
        default: (impactScale, widthScale) = (1, 1)
        }
        let width = gait.impactWidth * strideRate * widthScale
        let impact = gait.impact * impactFactor * impactScale
        let braking = gait.braking * impactFactor
        let g = IMU.standardGravity
        var up = [Double](repeating: 0, count: n)
        var forward = up
        var right = up
        func pulse(_ phi: Double, _ center: Double, _ w: Double) -> Double {
            let d = (phi - center + 0.5) - (phi - center + 0.5).rounded(.down) - 0.5
            return exp(-0.5 * d * d / (w * w))
        }
        let fundamental = gait.bounce * pow(2 * .pi * gait.referenceCadence, 2)
        let swayAcceleration = gait.sway * swayFactor * pow(2 * .pi * strideRate, 2)
        // A watch on a running arm reads the measured wrist step (scaled by the gait's and the person's impact,
        // and to the gait's reference cadence, since the tables are scaled by the square of the cadence).
        let wristRun = part == .arm && gait.flight > 0
        let wristScale =
            impactFactor * gait.impact / run.impact * pow(gait.referenceCadence / wristRunCadence, 2)
        for i in 0..<n {
            let phi = Double(i) / Double(n)
            if wristRun {
                for (k, c) in wristRunStep.enumerated() {
                    let angle = 2 * .pi * Double(k + 1) * 2 * phi
                    up[i] += wristScale * (c.cos * cos(angle) + c.sin * sin(angle))
                }
            }
            for (foot, strike) in [0.0, 0.5].enumerated() {
                forward[i] -= braking * pulse(phi, strike + 0.01, 1.5 * width)
                forward[i] += 0.5 * braking * pulse(phi, strike + 0.35, 0.06)
                if wristRun { continue }
                // A pocket feels its own leg's heel strike through the thigh, 1.7 times the mean, and the other
                // leg's through the pelvis, 0.3 times: what makes a pocket's signal repeat once per stride.
                let own = (foot == 0) == leftPocket ? 1.0 : -1.0
                let bias = part == .thigh ? 0.7 * own : 0
                let side = (foot == 0 ? 1 - gait.asymmetry : 1 + gait.asymmetry) + bias
                if gait.flight > 0 {
                    // Stance: a half sine over the part of the step on the ground.
                    let stance = (1 - gait.flight) / 2
                    var d = phi - strike
                    d -= d.rounded(.down)
                    if d < stance { up[i] += side * sin(.pi * d / stance) }
                }
                up[i] += side * impact * pulse(phi, strike, width) / (gait.flight > 0 ? g : 1)
            }
            if gait.flight == 0 { up[i] += fundamental * cos(4 * .pi * (phi - 0.1)) }
            right[i] = swayAcceleration * cos(2 * .pi * phi)
        }
        if gait.flight > 0 && !wristRun {
            // A run's specific force has mean g: scale the stance pulses (and the impacts on them) to it, then
            // take g off, so that the trunk falls freely in flight.
            let mean = up.reduce(0, +) / Double(n)
            if mean > 0 { up = up.map { $0 / mean * g - g } }
        }
        for k in 0..<3 {
            var w = k == 0 ? up : (k == 1 ? forward : right)
            let mean = w.reduce(0, +) / Double(n)
            w = w.map { $0 - mean }
            if k == 0 { up = w } else if k == 1 { forward = w } else { right = w }
        }
        return (up, forward, right)
    }

    /// The highest frequency of the trunk's waveforms at the reference cadence, Hz.
    package static let highestFrequency = 30.0

    /// The trunk's displacement over a stride on each axis (right, forward, up), metres: the cosine and sine
    /// coefficients of stride harmonics 1 … H (H up to ``highestFrequency`` at the reference cadence), split
    /// into the step's fundamental (harmonics 1–4; the rest 0) and the impacts (5 … H); for a hand, through the
    /// arm's low-pass.
    package static func displacement(
        _ gait: Shape, impactFactor: Double, swayFactor: Double, leftPocket: Bool, part: Part
    )
        -> [(low: (c: [Double], s: [Double]), high: (c: [Double], s: [Double]))]
    {
        let strideRate = gait.referenceCadence / 2
        // Harmonics up to 30 Hz at the reference cadence: a body's accelerations hold little above (an impact
        // pulse of 10 ms falls to 17 % at 30 Hz), and a 100-Hz IMU then sees no content near its Nyquist.
        let n = 1024
        let harmonics = max(4, Int((Self.highestFrequency / strideRate).rounded(.down)))
        let waves = accelerations(
            gait, impactFactor: impactFactor, swayFactor: swayFactor, leftPocket: leftPocket, part: part, samples: n)
        return [waves.right, waves.forward, waves.up].map { wave in
            var low = (c: [Double](repeating: 0, count: harmonics), s: [Double](repeating: 0, count: harmonics))
            var high = low
            for k in 1...harmonics {
                // The k-th complex coefficient of the acceleration (a = Σ 2 Re(cₖ e^{2πikφ})).
                var re = 0.0
                var im = 0.0
                for i in 0..<n {
                    let angle = -2 * Double.pi * Double(k * i) / Double(n)
                    re += wave[i] * cos(angle)
                    im += wave[i] * sin(angle)
                }
                re /= Double(n)
                im /= Double(n)
                if part == .hand {
                    // The arm: a second-order low-pass at 9 Hz (Q 0.8) between the trunk and the hand.
                    let f = Double(k) * strideRate / 9
                    let q = 0.8
                    let (dr, di) = (1 - f * f, f / q)
                    let norm = dr * dr + di * di
                    (re, im) = ((re * dr + im * di) / norm, (im * dr - re * di) / norm)
                }
                // Displacement: divide by −(2πk·strideRate)² (d²/dt² of e^{2πikφ} at the reference cadence).
                let scale = -1 / pow(2 * Double.pi * Double(k) * strideRate, 2)
                let (a, b) = (2 * re * scale, -2 * im * scale)
                if k <= 4 {
                    low.c[k - 1] = a
                    low.s[k - 1] = b
                } else {
                    high.c[k - 1] = a
                    high.s[k - 1] = b
                }
            }
            return (low, high)
        }
    }
}
