import Foundation

/// One line the spectrum of a signal must contain: a frequency and a complex amplitude (phasor).
///
/// The line contributes `Re(phasor · e^{2πi·frequency·n/sampleRate})` to sample `n` (sample 0 is the
/// signal's `t = 0`), so ``amplitude`` is the one-sided peak amplitude in signal units and the phase
/// lets lines of different terms at the same frequency add coherently.
///
/// ```swift
/// SpectralLine.fold(900, sampleRate: 1000)   // 100 Hz: a 900 Hz tone sampled at 1 kHz aliases there
/// ```
public struct SpectralLine: Sendable, Hashable {
    /// Frequency (Hz), in `(0, sampleRate/2]` once folded.
    public var frequency: Double
    /// Real part of the phasor (signal units).
    public var real: Double
    /// Imaginary part of the phasor (signal units).
    public var imaginary: Double
    /// Where the line comes from: the JSON path of its node and the harmonic, e.g. `$.sum[1].square h3`.
    public var source: String

    /// Creates a line.
    /// - Parameters:
    ///   - frequency: Frequency in Hz.
    ///   - real: Real part of the phasor (signal units).
    ///   - imaginary: Imaginary part of the phasor (signal units).
    ///   - source: JSON path and harmonic of the node that makes it.
    public init(frequency: Double, real: Double, imaginary: Double, source: String = "") {
        self.frequency = frequency
        self.real = real
        self.imaginary = imaginary
        self.source = source
    }

    /// One-sided peak amplitude (signal units), `|phasor|`.
    public var amplitude: Double { (real * real + imaginary * imaginary).squareRoot() }

    /// The line's phase at sample 0 as a sine, in radians in `(−π, π]`: the line contributes
    /// `amplitude · sin(2π·frequency·t + phase)`. A `Sine` gives its own phase; a line of a sampled
    /// periodic waveform the phase of its DFT coefficient (plus π/2).
    ///
    /// ```swift
    /// try ExpectedSpectrum(Sine(frequency: 5, phase: 0.3), sampleRate: 100).channels[0].lines[0].phase   // 0.3
    /// ```
    public var phase: Double { SpectralLine.wrapped(atan2(imaginary, real) + Double.pi / 2) }

    /// `angle` wrapped into `(−π, π]` (radians).
    static func wrapped(_ angle: Double) -> Double {
        guard angle.isFinite else { return angle }
        var a = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if a <= -Double.pi { a += 2 * Double.pi }
        if a > Double.pi { a -= 2 * Double.pi }
        return a
    }

    /// Power of the line (signal units²): `amplitude² / 2` (`amplitude²` at Nyquist, where the
    /// line is a real `±a` alternation).
    public func power(sampleRate: Double) -> Double {
        let a2 = real * real + imaginary * imaginary
        return frequency >= sampleRate / 2 ? a2 : a2 / 2
    }

    /// The frequency at which sampling at `sampleRate` shows `frequency` (Hz): `frequency` modulo
    /// `sampleRate`, reflected into `[0, sampleRate/2]`.
    /// - Parameters:
    ///   - frequency: Any frequency in Hz (negative frequencies fold like their magnitude).
    ///   - sampleRate: Samples per second (Hz), > 0.
    /// - Returns: The alias in `[0, sampleRate/2]` Hz.
    public static func fold(_ frequency: Double, sampleRate: Double) -> Double {
        var f = abs(frequency).truncatingRemainder(dividingBy: sampleRate)
        if f > sampleRate / 2 { f = sampleRate - f }
        return f
    }

    /// This line as sampling at `sampleRate` shows it: frequency folded into `[0, sampleRate/2]` and
    /// the phasor conjugated when the fold reflects (an alias at `fs − f` turns backwards).
    public func folded(sampleRate: Double) -> SpectralLine {
        var f = abs(frequency).truncatingRemainder(dividingBy: sampleRate)
        var im = frequency < 0 ? -imaginary : imaginary
        if f > sampleRate / 2 {
            f = sampleRate - f
            im = -im
        }
        return SpectralLine(frequency: f, real: real, imaginary: im, source: source)
    }
}
