/// A linear frequency sweep from `startFrequency` to `endFrequency` over `duration` seconds:
/// `amplitude · sin(2π(f0·t + (f1 − f0)·t² / (2T)) + phase) + offset` for `0 ≤ t ≤ T`, continuing
/// phase-continuously at `f1` after `T` (like `scipy.signal.chirp(..., method='linear')` followed by a
/// steady tone).
///
/// The quadratic phase is kept in 128-bit fixed point and stepped by exact second differences, so it
/// has no accumulated error at any index; the only error is the rounding of the sweep rate
/// `β = (f1 − f0) / (2·T·fs²)` turns per sample² to a `Double`: at most `n²·ulp(β)/2` turns at sample
/// `n` (2·10⁻¹⁴ turn at the end of a 10 s sweep from 0 to 50 Hz at 1 kHz).
///
/// ```swift
/// Chirp(startFrequency: 1, endFrequency: 50, duration: 10)   // {"chirp": {...}} in JSON
/// ```
public struct Chirp: SpecRepresentable {
    /// Peak amplitude (signal units).
    public var amplitude: Double
    /// Frequency at `t = 0` (Hz).
    public var startFrequency: Double
    /// Frequency at `t = duration` and after (Hz).
    public var endFrequency: Double
    /// Length of the sweep `T` (seconds), `> 0`.
    public var duration: Double
    /// Phase at `t = 0` (radians).
    public var phase: Double
    /// Constant added to the wave (signal units).
    public var offset: Double

    /// Creates a linear chirp.
    /// - Parameters:
    ///   - amplitude: Peak amplitude (signal units). Default 1.
    ///   - startFrequency: Frequency at `t = 0` in Hz.
    ///   - endFrequency: Frequency at `t = duration` in Hz.
    ///   - duration: Sweep time in seconds.
    ///   - phase: Phase at `t = 0` in radians. Default 0.
    ///   - offset: DC offset (signal units). Default 0.
    public init(
        amplitude: Double = 1, startFrequency: Double, endFrequency: Double, duration: Double,
        phase: Double = 0, offset: Double = 0
    ) {
        self.amplitude = amplitude
        self.startFrequency = startFrequency
        self.endFrequency = endFrequency
        self.duration = duration
        self.phase = phase
        self.offset = offset
    }

    /// Last sample index of the sweep: the largest `n` with `n / sampleRate ≤ duration`.
    /// - Precondition: the chirp is validated at `sampleRate` (`duration · sampleRate < 2^52`).
    @inlinable
    public func sweepEnd(sampleRate: Double) -> Int {
        var n = Int((duration * sampleRate).rounded(.down))
        while Double(n + 1) / sampleRate <= duration { n += 1 }
        while n > 0 && Double(n) / sampleRate > duration { n -= 1 }
        return n
    }

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        let fs = block.sampleRate
        let gain = Float(transform.gain * amplitude)
        let bias = Float(transform.gain * offset + transform.bias)
        let start = block.startIndex
        let end = block.startIndex + block.frameCount
        let lastSweep = sweepEnd(sampleRate: fs)
        let phi = Fixed128(turns: phase / (2 * Double.pi))
        // Sweep part: turns(n) = α·n + β·n², α = f0/fs (double-double), β = (f1 − f0) / (2 T fs²).
        let sweepEndIndex = min(end, lastSweep + 1)
        if start < sweepEndIndex {
            let q = startFrequency / fs
            let alpha = Fixed128(turns: q, correction: startFrequency.addingProduct(-q, fs) / fs)
            // β = ((f1 − f0)/fs) / (2·T·fs): no fs² (which under- or overflows for extreme rates).
            let beta = Fixed128(turns: (endFrequency / fs - startFrequency / fs) / (2 * (duration * fs)))
            let n0 = Fixed128(integer: start)
            let p0 = alpha &* n0 &+ beta &* Fixed128.square(start) &+ phi
            // D(n) = P(n+1) − P(n) = α + β(2n + 1); D(n+1) = D(n) + 2β.
            let d0 = alpha &+ beta &* Fixed128(integer: 2 * start + 1)
            let count = sweepEndIndex - start
            forEachChannel(block) { out in
                Chirp.sweepKernel(
                    out, count: count, phase0: p0, step0: d0, stepChange: beta &+ beta,
                    gain: gain, bias: bias, accumulate: transform.accumulate)
            }
        }
        // Steady part after T: turns(n) = (f0 − f1)·T/2 + (f1/fs)·n.
        let toneStart = max(start, lastSweep + 1)
        if toneStart < end {
            let increment = Phase.increment(frequency: endFrequency, sampleRate: fs)
            let base = Phase.fixed64((startFrequency - endFrequency) * duration / 2)
            let phase0 = base &+ phi.high &+ increment &* UInt64(truncatingIfNeeded: toneStart)
            let offsetFrames = toneStart - start
            forEachChannel(block) { out in
                Sine.kernel(
                    out + offsetFrames, count: end - toneStart, phase0: phase0, increment: increment,
                    gain: gain, bias: bias, accumulate: transform.accumulate)
            }
        }
    }

    /// Renders `count` samples of the sweep from phase `phase0` with first difference `step0` and
    /// second difference `stepChange` (all 128-bit turn fractions).
    @inlinable
    package static func sweepKernel(
        _ out: UnsafeMutablePointer<Float>, count: Int, phase0: Fixed128,
        step0: Fixed128, stepChange: Fixed128,
        gain: Float, bias: Float, accumulate: Bool
    ) {
        var p = phase0
        var d = step0
        var words = Lanes.Words()
        var i = 0
        while i < count {
            for k in 0..<Lanes.width {
                words[k] = UInt32(truncatingIfNeeded: p.high >> 32)
                p = p &+ d
                d = d &+ stepChange
            }
            Lanes.store(
                Trig.sinTurns(words), to: out, at: i, count: count,
                gain: gain, bias: bias, accumulate: accumulate)
            i &+= Lanes.width
        }
    }
}
