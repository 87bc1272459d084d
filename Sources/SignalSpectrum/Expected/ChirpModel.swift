import Signals

/// The exact phase of a `Chirp` sample by sample, as the engine renders it, for the time-domain model.
///
/// The engine's phase (without the chirp's own phase `φ`) is, at sample `n`:
/// - during the sweep (`n ≤ lastSweep`, the last sample with `n/fs ≤ T`): `α·n + β·n²` turns with
///   `α = f0/fs` (double-double) and `β = (f1 − f0)/(2·T·fs²)`, kept in 128-bit fixed point by the engine;
/// - after it: the steady tone `(base + I·n)/2⁶⁴` with `I` the 64-bit increment of `f1` and
///   `base = fixed64((f0 − f1)·T/2)`.
///
/// ``turns(at:)`` evaluates the sweep in double-double (every product split by fused multiply-add and
/// reduced modulo one turn), so it agrees with the engine's 128-bit phase to about `10⁻¹⁶` turn; the
/// engine's sine then reads the phase to 2⁻³² turn (its documented `4·10⁻⁷` error bound covers that).
package struct ChirpModel: Sendable, Hashable {
    /// Frequency at `t = 0` (Hz).
    package let startFrequency: Double
    /// Frequency at the end of the sweep and after (Hz).
    package let endFrequency: Double
    /// Sweep duration `T` (s).
    package let duration: Double
    /// Samples per second (Hz).
    package let sampleRate: Double
    /// `f0/fs` turns per sample.
    let alpha: TurnRate
    /// `(f1 − f0)/(2·T·fs²)` turns per sample².
    let beta: Double
    /// Last sample index of the sweep.
    let lastSweep: Int
    /// Phase of the steady tone at sample 0 (2⁻⁶⁴ turn).
    let steadyBase: UInt64
    /// Increment of the steady tone (2⁻⁶⁴ turn per sample).
    let steadyIncrement: UInt64

    /// The model of `chirp` at `sampleRate` (the chirp validated for that rate: `T·fs < 2⁵²`).
    init(_ chirp: Chirp, sampleRate fs: Double) {
        startFrequency = chirp.startFrequency
        endFrequency = chirp.endFrequency
        duration = chirp.duration
        sampleRate = fs
        alpha = TurnRate(frequency: chirp.startFrequency, sampleRate: fs)
        beta = (chirp.endFrequency - chirp.startFrequency) / (2 * chirp.duration * fs * fs)
        // The engine's sweepEnd, with its Double → Int conversion range-checked (validation bounds
        // T·fs below 2⁵²; a duration below one sample gives 0).
        let span = chirp.duration * fs
        lastSweep =
            span.isFinite && span >= 0 && span < 0x1p52 ? chirp.sweepEnd(sampleRate: fs) : (span > 0 ? 1 << 52 : 0)
        steadyIncrement = Phase.increment(frequency: chirp.endFrequency, sampleRate: fs)
        steadyBase = Phase.fixed64((chirp.startFrequency - chirp.endFrequency) * chirp.duration / 2)
    }

    /// The engine's phase of sample `n ≥ 0` without the chirp's own phase, in turns `[0, 1)`.
    func turns(at n: Int) -> Double {
        guard n <= lastSweep else {
            return Double(steadyBase &+ steadyIncrement &* UInt64(truncatingIfNeeded: n)) * 0x1p-64
        }
        // n ≤ lastSweep < 2⁵²: n and n² (as hi + lo) are exact.
        let nd = Double(n)
        let square = nd * nd
        let squareError = (-square).addingProduct(nd, nd)
        let p = beta * square
        let pError = (-p).addingProduct(beta, square)
        let sweep = TurnRate.fraction(p) + TurnRate.fraction(pError) + TurnRate.fraction(beta * squareError)
        return TurnRate.fraction(alpha.turns(at: n) + sweep)
    }

    /// `θ(n + 8) − θ(n)` in turns during the sweep: `8α + β·(16n + 64)`.
    func sweepStep(at n: Int) -> Double {
        let m = 16 * Double(n + 4)  // exact: n + 4 < 2⁵³
        let p = beta * m
        let pError = (-p).addingProduct(beta, m)
        return TurnRate.fraction(alpha.turns(at: Phasors.lanes) + TurnRate.fraction(p) + TurnRate.fraction(pError))
    }

    /// `re[i], im[i] = cos, sin 2π·θ(start + i)` for `i < count ≤` ``Phasors/blockSize``; the buffers
    /// hold `blockSize + 8` values.
    func fill(start: Int, count: Int, re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>) {
        let sweepCount = max(0, min(count, lastSweep + 1 - start))
        if sweepCount > 0 {
            Phasors.fillQuadratic(
                count: sweepCount, re: re, im: im,
                stepChange: TurnRate.fraction(128 * beta),
                anchor: { turns(at: start + $0) }, stepAnchor: { sweepStep(at: start + $0) })
        }
        if sweepCount < count {
            let first = start + sweepCount
            Phasors.fill(
                phase0: steadyBase &+ steadyIncrement &* UInt64(truncatingIfNeeded: first),
                increment: steadyIncrement, count: count - sweepCount,
                re: re + sweepCount, im: im + sweepCount)
        }
    }
}
