import Foundation
import Sensors

/// What a person who stands does to the device they carry: postural sway and, for a device held in the
/// hand, physiological tremor. Part of the truth while a pedestrian rests (a waypoint's `pause`, the wait
/// at the first waypoint, the stay at the last); a phone lying flat (`flat`, a table) or in a holder
/// (`dashboard`) keeps still.
///
/// - **Postural sway** (every body-carried mount): the body sways at 0.1–1 Hz by millimetres and tilts by
///   a few tenths of a degree (Winter 1995, *Human balance and posture control during standing and
///   walking*: centre-of-pressure sway of 5–10 mm RMS, most power below 1 Hz). The amplitudes are set so
///   that a phone's linear acceleration and rotation rate, with a BMI160's noise, come out as a real phone
///   standing still does: 0.025 m/s² RMS, dominant near 0.5 Hz, and 0.016 rad/s RMS (an iPhone in a
///   pocket during mPower's balance test; `Tests/SignalSpectrumTests/Data/realism/mhealthtools`).
/// - **Gestures** (``Mount/handheld``, ``Mount/wrist``): a hand that holds a phone or wears a watch moves now
///   and then (checking the time, scrolling): see `gesture(at:)`. Real watches worn by people who sit
///   and read or work at a desk read 0.7 m/s² of such motion (PebbleOS's `reading_paper`,
///   `working_at_desk`).
/// - **Physiological tremor** (``Mount/handheld``, and 0.6 of it for ``Mount/wrist``): 8–12 Hz, about 0.01 m/s² and 0.01 rad/s per component
///   (Elble & Koller 1990, *Tremor*: hand tremor of 8–12 Hz, accelerations of 0.01–0.1 m/s²).
///
/// Each motion is a sum of sinusoids of fixed frequencies and phases (a pure function of time, so every
/// stream stays bit-identical however it is chunked), faded in over the first second of a rest and out
/// over its last (a quintic smoothstep: position, velocity and acceleration continuous at both ends). The
/// tilt is two small rotations about the device's x and y axes, so its rotation rate is exact.
struct StandingMotion: Sendable {
    /// One sinusoid (``PosturalWaveform``'s, which holds the sway, tilt and tremor lines: shared with the
    /// `held-in-hand` motion preset).
    typealias Component = PosturalWaveform.Component

    /// Seconds over which the motion fades in at the start of a rest and out at its end (at most half the rest).
    static let fade = 1.0

    /// Whether the hand trembles and gestures (a hand-held device or a watch).
    let trembles: Bool
    /// The person's factor on the gestures' size (``Person/gestures``) and their seed.
    let gestureScale: Double, seed: UInt64
    /// The person's factors on the sway and on the tremor (``Person/sway``, ``Person/tremor``; a watch's
    /// tremor is 0.6 of a hand-held phone's: the wrist is nearer the elbow).
    let swayScale: Double, tremorScale: Double

    /// The motion of `person` carrying a device on `mount`, or `nil` for a mount that keeps still (`flat`,
    /// `dashboard`, a quaternion).
    init?(mount: Mount, person: Person = Person()) {
        switch mount.bodyPart {
        case .none: return nil
        case .hand: (trembles, tremorScale) = (true, person.tremor)
        case .arm: (trembles, tremorScale) = (true, 0.6 * person.tremor)
        case .thigh, .trunk: (trembles, tremorScale) = (false, 0)
        }
        swayScale = person.sway
        gestureScale = trembles ? person.gestures : 0
        seed = person.seed
        if swayScale == 0 && !(trembles && (tremorScale > 0 || gestureScale > 0)) { return nil }
    }

    /// The quintic smoothstep `s(x) = 10x³ − 15x⁴ + 6x⁵` on 0 … 1 (0 before, 1 after) and its first two
    /// derivatives in `x`.
    @inline(__always)
    static func smoothstep(_ x: Double) -> (Double, Double, Double) {
        guard x > 0 else { return (0, 0, 0) }
        guard x < 1 else { return (1, 0, 0) }
        let x2 = x * x
        return (x2 * x * (10 - 15 * x + 6 * x2), 30 * x2 * (1 - 2 * x + x2), 60 * x * (1 - 3 * x + 2 * x2))
    }

    /// The envelope at `t` within a rest `window` (seconds) and its first two time derivatives: 0 outside,
    /// rising over ``fade`` seconds from the window's start and falling over its last.
    static func envelope(_ t: Double, window: SIMD2<Double>) -> (Double, Double, Double) {
        let tau = min(fade, (window.y - window.x) / 2)
        guard tau > 0 else { return (0, 0, 0) }
        let (a, a1, a2) = smoothstep((t - window.x) / tau)
        let (b, b1, b2) = smoothstep((window.y - t) / tau)
        // d/dt of s((t − t0)/τ) is s′/τ; of s((t1 − t)/τ) is −s′/τ.
        let (da, dda) = (a1 / tau, a2 / (tau * tau))
        let (db, ddb) = (-b1 / tau, b2 / (tau * tau))
        return (a * b, da * b + a * db, dda * b + 2 * da * db + a * ddb)
    }

    /// Seconds per gesture slot: each slot holds at most one gesture.
    static let gestureSlot = 3.0

    /// A hand's gestures while the person stands (checking the time, scrolling, shifting the grip): in each
    /// ``gestureSlot`` a gesture with probability 0.6, of 0.5–1.5 s, moving the hand 2–10 cm (× the
    /// person's ``Person/gestures``) along a direction within 30° of horizontal and turning it up to ±9°
    /// about each of the device's x and y axes, shaped `sin⁴(πx)` (C³ at both ends). Every draw is a hash of
    /// the person's seed and the slot, so the motion is a pure function of time. The local-frame offset with
    /// its first two derivatives, and the tilt with its rate.
    func gesture(
        at t: Double
    ) -> (
        offset: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), tilt: (SIMD2<Double>, SIMD2<Double>)
    ) {
        let zero = (
            (SIMD3<Double>.zero, SIMD3<Double>.zero, SIMD3<Double>.zero), (SIMD2<Double>.zero, SIMD2<Double>.zero)
        )
        let slot = (t / Self.gestureSlot).rounded(.down)
        guard slot.isFinite, abs(slot) < 1e15 else { return zero }
        let key = UInt64(bitPattern: Int64(slot)) &* 16 &+ 0x5A5A
        func u(_ k: UInt64) -> Double { BodyModel.uniform(seed, key &+ k) }
        guard u(0) < 0.6 else { return zero }
        let duration = 0.5 + u(1)
        let start = slot * Self.gestureSlot + u(2) * (Self.gestureSlot - duration)
        let x = (t - start) / duration
        guard x > 0, x < 1 else { return zero }
        let amplitude = (0.02 + 0.08 * u(3)) * gestureScale
        let azimuth = 2 * Double.pi * u(4)
        let elevation = (u(5) - 0.5) * Double.pi / 3
        let direction = SIMD3(cos(elevation) * cos(azimuth), cos(elevation) * sin(azimuth), sin(elevation))
        let turn = SIMD2(u(6) - 0.5, u(7) - 0.5) * (0.3 * gestureScale)
        // b = sin⁴(πx): b′ = 4π sin³ cos, b″ = 4π² (3 sin² cos² − sin⁴), in x; d/dt = 1/duration.
        let (sn, cs) = (sin(Double.pi * x), cos(Double.pi * x))
        let s2 = sn * sn
        let b = s2 * s2
        let b1 = 4 * Double.pi * s2 * sn * cs / duration
        let b2 = 4 * Double.pi * Double.pi * (3 * s2 * cs * cs - s2 * s2) / (duration * duration)
        return (
            (amplitude * b * direction, amplitude * b1 * direction, amplitude * b2 * direction),
            (turn * b, turn * b1)
        )
    }

    /// The sum of `components` at `t`, and its first two derivatives.
    @inline(__always)
    static func sum(_ components: [Component], at t: Double) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        var (x, v, a) = (SIMD3<Double>.zero, SIMD3<Double>.zero, SIMD3<Double>.zero)
        for c in components {
            let w = 2 * Double.pi * c.frequency
            let angle = w * t + c.phase
            let (s, k) = (sin(angle), cos(angle))
            x += c.amplitude * s
            v += c.amplitude * (w * k)
            a -= c.amplitude * (w * w * s)
        }
        return (x, v, a)
    }

    /// The displacement (local frame, m) and the tilt (device x and y, rad) at `t` seconds in `window`, each
    /// with its first two time derivatives; zero outside the window.
    func motion(
        at t: Double, window: SIMD2<Double>
    ) -> (
        offset: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), tilt: (SIMD2<Double>, SIMD2<Double>)
    ) {
        let (e, e1, e2) = Self.envelope(t, window: window)
        guard e > 0 || e1 != 0 || e2 != 0 else {
            return ((.zero, .zero, .zero), (.zero, .zero))
        }
        var (x, v, a) = Self.sum(PosturalWaveform.sway, at: t)
        var (r, rv, _) = Self.sum(PosturalWaveform.tilt, at: t)
        if swayScale != 1 {
            (x, v, a) = (swayScale * x, swayScale * v, swayScale * a)
            (r, rv) = (swayScale * r, swayScale * rv)
        }
        if trembles {
            let (tx, tv, ta) = Self.sum(PosturalWaveform.tremor, at: t)
            let (ux, uv, _) = Self.sum(PosturalWaveform.tremorTilt, at: t)
            let k = tremorScale
            (x, v, a) = (x + k * tx, v + k * tv, a + k * ta)
            (r, rv) = (r + k * ux, rv + k * uv)
        }
        if gestureScale > 0 {
            let g = gesture(at: t)
            (x, v, a) = (x + g.offset.0, v + g.offset.1, a + g.offset.2)
            (r, rv) = (r + SIMD3(g.tilt.0.x, g.tilt.0.y, 0), rv + SIMD3(g.tilt.1.x, g.tilt.1.y, 0))
        }
        // The product rule with the envelope; the tilt needs its angle and rate only.
        let offset = (e * x, e1 * x + e * v, e2 * x + 2 * e1 * v + e * a)
        let angle = e * SIMD2(r.x, r.y)
        let rate = e1 * SIMD2(r.x, r.y) + e * SIMD2(rv.x, rv.y)
        return (offset, (angle, rate))
    }
}
