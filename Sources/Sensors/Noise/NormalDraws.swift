import Foundation
import Signals

/// Counter-based standard normal numbers for the IMU's noise processes: a pure function of
/// `(stream, index)`, so that any sample (or tree node) can be drawn alone, on any thread.
///
/// Per-sample draws use the engine's vectorised Box–Muller kernel (`Noise`, `Float` samples, tails to
/// 5.77σ); the draws of the bridge trees invert the normal distribution function of a 53-bit uniform
/// from SplitMix64 hashes (Acklam's rational approximation, relative error below 1.2·10⁻⁹ over the whole
/// range, tails to 8.3σ). Streams are derived from the IMU seed and a stream number by SplitMix64.
enum NormalDraws {
    /// The seed of stream `stream` of an IMU seeded with `seed`.
    @inline(__always)
    static func streamSeed(_ seed: UInt64, _ stream: UInt64) -> UInt64 {
        CounterHash.mix64(CounterHash.mix64(seed ^ 0x5EED_1AB5_0000_0000) &+ stream &* 0x9E37_79B9_7F4A_7C15)
    }

    /// One standard normal for `(streamSeed, index)` in `Double`: the inverse normal distribution
    /// function (Acklam) of the uniform `(k + ½)·2⁻⁵³`, `k` the top 53 bits of a keyed SplitMix64 hash.
    @inline(__always)
    static func normal(_ streamSeed: UInt64, _ index: UInt64) -> Double {
        let h = CounterHash.mix64(streamSeed ^ CounterHash.mix64(index))
        return inverseNormal((Double(h >> 11) + 0.5) * 0x1p-53)
    }

    /// Acklam's approximation of the standard normal quantile, `0 < p < 1` (relative error < 1.15·10⁻⁹).
    @inline(__always)
    static func inverseNormal(_ p: Double) -> Double {
        let a0 = -3.969683028665376e+01
        let a1 = 2.209460984245205e+02
        let a2 = -2.759285104469687e+02
        let a3 = 1.383577518672690e+02
        let a4 = -3.066479806614716e+01
        let a5 = 2.506628277459239e+00
        let b0 = -5.447609879822406e+01
        let b1 = 1.615858368580409e+02
        let b2 = -1.556989798598866e+02
        let b3 = 6.680131188771972e+01
        let b4 = -1.328068155288572e+01
        let c0 = -7.784894002430293e-03
        let c1 = -3.223964580411365e-01
        let c2 = -2.400758277161838e+00
        let c3 = -2.549732539343734e+00
        let c4 = 4.374664141464968e+00
        let c5 = 2.938163982698783e+00
        let d0 = 7.784695709041462e-03
        let d1 = 3.224671290700398e-01
        let d2 = 2.445134137142996e+00
        let d3 = 3.754408661907416e+00
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5)
                / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
        }
        if p > 1 - low {
            let q = (-2 * log(1 - p)).squareRoot()
            return -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5)
                / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
        }
        let q = p - 0.5
        let r = q * q
        return (((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q
            / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
    }

    /// Standard normal samples `first ..< first + count` of a stream into `out` (as `Float`).
    static func fill(_ out: UnsafeMutablePointer<Float>, count: Int, first: Int, streamSeed: UInt64, sampleRate: Double)
    {
        guard count > 0 else { return }
        let block = RenderBlock(
            base: out, channelStride: count, channelCount: 1, frameCount: count,
            startIndex: first, sampleRate: sampleRate)
        Noise(amplitude: 1, distribution: .gaussian, seed: streamSeed).render(into: block, .identity)
    }
}
