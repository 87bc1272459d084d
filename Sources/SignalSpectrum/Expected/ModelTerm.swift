import Foundation

/// One deterministic term of a channel as the signal tree defines it, in the form the time-domain
/// model synthesises exactly: the engine's integer phase and the waveform's shape, evaluated in Double.
///
/// The sum of a channel's terms plus its constant part is the exact expected waveform, *every* harmonic
/// included (also those the ``ExpectedChannel/lines`` list leaves out as too weak), so the fit's residual
/// is the data minus everything the signal should contain.
package struct ModelTerm: Sendable, Hashable {
    /// The waveform.
    package enum Shape: Sendable, Hashable {
        /// `gain · sin 2πu`.
        case sine
        /// `gain` while `u < threshold`, else `−gain` (threshold: the duty cycle as the engine rounds it).
        case square(threshold: UInt64)
        /// `gain · (2u − 1)`.
        case sawtooth
        /// `gain · (1 − 4|u − ½|)`.
        case triangle
        /// `gain · sin(2π·θ(n) + phase)` with the chirp's phase law `θ`.
        case chirp(ChirpModel, phase: Double)
    }

    /// The waveform.
    package var shape: Shape
    /// The amplitude times every factor above it (signal units, signed).
    package var gain: Double
    /// The term's own DC level (signal units), already counted in ``ExpectedChannel/dc``.
    package var mean: Double
    /// Phase of sample 0 (2⁻⁶⁴ turn; unused by chirps).
    package var phase0: UInt64
    /// Phase increment per sample (2⁻⁶⁴ turn; unused by chirps).
    package var increment: UInt64
    /// JSON path of the node.
    package var source: String

    /// The engine's documented worst-case error of this term's kernel, relative to `|gain|`: 4·10⁻⁷ for
    /// the sine (`Trig` `sinTurns`) and chirp; the sawtooth and triangle quantise the phase to 2⁻²⁴ turn
    /// (at most 2.4·10⁻⁷ with the Float evaluation), also bounded by 4·10⁻⁷; a square's levels are exact
    /// (their Float rounding is counted with every other rounding).
    var kernelError: Double {
        switch shape {
        case .square: 0
        default: 4e-7
        }
    }

    /// Adds the term's samples `start ..< start + count` (`count ≤` ``Phasors/blockSize``) to `out` (its
    /// mean included: the model's constant is the channel's DC minus every term's mean). `out`, `re` and
    /// `im` are scratch buffers of `blockSize + 8` values (whole vectors are written past `count`). Chirps are added by the fit, which shares their phasors
    /// with its regressors.
    /// A sine's phasor generator (``Phasors/Generator``), to pass to every block's ``add(into:start:count:re:im:generator:)``.
    var generator: Phasors.Generator? {
        if case .sine = shape { Phasors.Generator(increment: increment) } else { nil }
    }

    func add(
        into out: UnsafeMutablePointer<Double>, start: Int, count: Int,
        re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, generator: Phasors.Generator? = nil
    ) {
        let g = gain
        let u = phase0 &+ increment &* UInt64(truncatingIfNeeded: start)
        switch shape {
        case .sine:
            if let generator {
                generator.addSine(g, anchor: Double(u) * 0x1p-64, count: count, to: out)
            } else {
                Phasors.fill(phase0: u, increment: increment, count: count, re: re, im: im)
                BlockMath.addScaled(out, g, im, count: count)
            }
        case .square(let threshold):
            BlockMath.addSquare(out, g, threshold: threshold, u0: u, increment: increment, count: count)
        case .sawtooth:
            BlockMath.addSawtooth(out, g, u0: u, increment: increment, count: count)
        case .triangle:
            BlockMath.addTriangle(out, g, u0: u, increment: increment, count: count)
        case .chirp:
            break
        }
    }

    /// The complex gain `c` of a chirp term (its contribution is `Re(c·e^{2πiθ(n)})`): `gain·e^{i(φ − π/2)}`.
    var chirpPhasor: (re: Double, im: Double)? {
        guard case .chirp(_, let phase) = shape else { return nil }
        return (gain * sin(phase), -gain * cos(phase))
    }
}
