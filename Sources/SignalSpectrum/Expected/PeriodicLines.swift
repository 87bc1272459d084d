import Foundation
import Signals

/// The spectral lines of a *sampled* periodic waveform (`Square`, `Sawtooth`, `Triangle`),
/// derived from its exact definition, never from a render.
///
/// Sample `n` of a waveform of shape `g` (one period on `[0, 1)` turns) is `A·g(u_n) + offset` with the
/// engine's exact phase `u_n = (P₀ + n·I) mod 2⁶⁴` (`Phase.fromRadians(_:)` and
/// `Phase.increment(frequency:sampleRate:)`: 64-bit turn fractions, no accumulated error). Two cases:
///
/// - **Periodic samples** (`f/fs` close to `p/q` with `q ≤ ` ``maximumPeriod``, i.e. `|I·q mod 2⁶⁴|`
///   below `4096·q` units): the sampled sequence repeats every `q` samples, so its spectrum is exactly
///   the `q`-point DFT of one period: lines at `m·fs/q`, `m = 1 ... q/2`, with phasor `2·X[m]/q`
///   (`X[q/2]/q` at Nyquist) and DC `X[0]/q`. The period is evaluated in Double from `g` at the exact
///   phases of samples `q ..< 2q`, so a sample that lands exactly on a jump holds the level the
///   waveform defines there (a square is high on `[0, D)`, a sawtooth starts at `−A`), and every
///   harmonic above Nyquist is folded in with its true weight. This is the case of every
///   "round" frequency (10 Hz at 1 kHz: `q = 100`).
/// - **Otherwise** no sample lands exactly on a jump, the phases are equidistributed, and harmonic `k`
///   keeps its continuous Fourier coefficient at its own aliased frequency `fold(k·f)`:
///   square of duty `D`: `Z_k = 2(1 − e^{−2πikD})/(πik)`, `|Z_k| = 4|sin(πkD)|/(πk)`, DC `2D − 1`;
///   sawtooth: `Z_k = 2i/(πk)`; triangle: `Z_k = −8/(π²k²)` for odd `k`. Harmonics are listed while
///   `|Z_k| ≥ 10⁻⁵` (the power of the rest goes to ``ExpectedChannel/residualVariance``). Phases are
///   exact: `e^{2πi·k·P₀/2⁶⁴}` and `k·I mod 2⁶⁴` are computed in integers.
///
/// The square's duty cycle has the resolution the waveform defines: high while the 32-bit turn
/// fraction of the phase is below `round(D·2³²)`.
enum PeriodicLines {
    /// The longest period (samples) computed exactly by a DFT.
    static let maximumPeriod = 1 << 16
    /// Relative amplitude below which harmonics are not listed.
    static let floor = 1e-5

    enum Shape {
        case square(threshold: UInt64)
        case sawtooth
        case triangle

        init(square: Square) {
            let t32 = UInt64(min((square.dutyCycle * 0x1p32).rounded(), 0xFFFF_FFFF))
            self = .square(threshold: t32 << 32)
        }

        /// The unit waveform at a 64-bit phase.
        func value(_ u: UInt64) -> Double {
            switch self {
            case .square(let threshold): return u < threshold ? 1 : -1
            case .sawtooth: return 2 * (Double(u) * 0x1p-64) - 1
            case .triangle: return 1 - 4 * abs(Double(u) * 0x1p-64 - 0.5)
            }
        }

        /// Continuous-series phasor of harmonic `k ≥ 1` (unit amplitude, phase 0).
        func coefficient(_ k: Int) -> (re: Double, im: Double) {
            let kd = Double(k)
            switch self {
            case .square(let threshold):
                let theta = 2 * Double.pi * kd * (Double(threshold) * 0x1p-64)
                let s = 2 / (Double.pi * kd)
                return (s * sin(theta), -s * (1 - cos(theta)))
            case .sawtooth:
                return (0, 2 / (Double.pi * kd))
            case .triangle:
                return k.isMultiple(of: 2) ? (0, 0) : (-8 / (Double.pi * Double.pi * kd * kd), 0)
            }
        }

        /// Mean of the continuous waveform.
        var continuousMean: Double {
            switch self {
            case .square(let threshold): 2 * (Double(threshold) * 0x1p-64) - 1
            case .sawtooth, .triangle: 0
            }
        }

        /// Number of harmonics whose bound reaches ``PeriodicLines/floor``, and the power of the rest.
        var harmonicCount: (count: Int, residual: Double) {
            switch self {
            case .square:
                let k = Int(4 / (Double.pi * PeriodicLines.floor))
                return (k, 8 / (Double.pi * Double.pi * Double(k)))
            case .sawtooth:
                let k = Int(2 / (Double.pi * PeriodicLines.floor))
                return (k, 2 / (Double.pi * Double.pi * Double(k)))
            case .triangle:
                let k = Int((8 / (Double.pi * Double.pi * PeriodicLines.floor)).squareRoot()) | 1
                return (k, 32 / (3 * pow(Double.pi, 4) * pow(Double(k), 3)))
            }
        }
    }

    /// The lines of `amplitude · shape(phase of sample n)` at `sampleRate` (offset not included).
    /// - Returns: The DC level, the lines (unfolded phasors at frequencies in `[0, fs)`, to be folded),
    ///   and the variance not listed as lines (signal units²).
    static func lines(
        _ shape: Shape, amplitude: Double, frequency: Double, phase: Double, sampleRate: Double,
        source: String, fft: RealFFT
    ) throws(SignalError) -> (dc: Double, lines: [SpectralLine], residual: Double) {
        let increment = Phase.increment(frequency: frequency, sampleRate: sampleRate)
        let phase0 = Phase.fromRadians(phase)
        if let q = period(increment) {
            // One period of the exact sampled waveform, samples q ..< 2q (their phase reference is that of sample 0).
            var values = [Double](repeating: 0, count: q)
            for j in 0..<q {
                values[j] = shape.value(phase0 &+ increment &* UInt64(q + j))
            }
            if q == 1 { return (amplitude * values[0], [], 0) }
            let bins = try fft.forward(values)
            var lines: [SpectralLine] = []
            var residual = 0.0
            let scale = amplitude / Double(q)
            for m in 1...q / 2 {
                let nyquist = 2 * m == q
                let re = bins.real[m] * scale * (nyquist ? 1 : 2)
                let im = bins.imaginary[m] * scale * (nyquist ? 1 : 2)
                let line = SpectralLine(
                    frequency: Double(m) * sampleRate / Double(q), real: re, imaginary: im,
                    source: "\(source) \(q)-sample period, bin \(m)")
                if line.amplitude >= 1e-7 * abs(amplitude) {
                    lines.append(line)
                } else {
                    residual += line.power(sampleRate: sampleRate)
                }
            }
            return (bins.real[0] * scale, lines, residual)
        }
        // Equidistributed phases: the continuous series, each harmonic at its own alias.
        let (count, residual) = shape.harmonicCount
        var lines: [SpectralLine] = []
        lines.reserveCapacity(count)
        for k in 1...count {
            let c = shape.coefficient(k)
            guard c.re != 0 || c.im != 0 else { continue }
            let turn = 2 * Double.pi * (Double(phase0 &* UInt64(k)) * 0x1p-64)
            let cs = cos(turn)
            let sn = sin(turn)
            let f = Double(increment &* UInt64(k)) * 0x1p-64 * sampleRate
            lines.append(
                SpectralLine(
                    frequency: f, real: amplitude * (c.re * cs - c.im * sn),
                    imaginary: amplitude * (c.re * sn + c.im * cs), source: "\(source) h\(k)"))
        }
        return (amplitude * shape.continuousMean, lines, residual * amplitude * amplitude)
    }

    /// The period `q ≤ maximumPeriod` in samples of the phase sequence, if it repeats (to within
    /// `4096·q` units of 2⁻⁶⁴ turn per period), else `nil`.
    static func period(_ increment: UInt64) -> Int? {
        for q in 1...maximumPeriod {
            let drift = Int64(bitPattern: increment &* UInt64(q))
            if drift.magnitude <= UInt64(q) << 12 { return q }
        }
        return nil
    }
}
