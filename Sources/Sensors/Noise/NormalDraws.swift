import Foundation
import Signals

/// Counter-based standard normal numbers for the IMU's noise processes: a pure function of
/// `(stream, index)`, so that any sample (or tree node) can be drawn alone, on any thread.
///
/// Per-sample draws use the engine's vectorised Box–Muller kernel (`Noise`, `Float` samples, tails to
/// 5.77σ); the few draws of the bridge trees use a `Double` Box–Muller on SplitMix64 hashes
/// (53-bit uniforms). Streams are derived from the IMU seed and a stream number by SplitMix64.
enum NormalDraws {
    /// The seed of stream `stream` of an IMU seeded with `seed`.
    @inline(__always)
    static func streamSeed(_ seed: UInt64, _ stream: UInt64) -> UInt64 {
        CounterHash.mix64(CounterHash.mix64(seed ^ 0x5EED_1AB5_0000_0000) &+ stream &* 0x9E37_79B9_7F4A_7C15)
    }

    /// One standard normal for `(streamSeed, index)` in `Double` (Box–Muller, 53-bit uniforms).
    @inline(__always)
    static func normal(_ streamSeed: UInt64, _ index: UInt64) -> Double {
        let h1 = CounterHash.mix64(streamSeed ^ CounterHash.mix64(index))
        let h2 = CounterHash.mix64(h1 ^ 0xD1B5_4A32_D192_ED03)
        let u1 = (Double(h1 >> 11) + 1) * 0x1p-53            // (0, 1]
        let u2 = Double(h2 >> 11) * 0x1p-53                  // [0, 1)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Standard normal samples `first ..< first + count` of a stream into `out` (as `Float`).
    static func fill(_ out: UnsafeMutablePointer<Float>, count: Int, first: Int, streamSeed: UInt64, sampleRate: Double) {
        guard count > 0 else { return }
        let block = RenderBlock(base: out, channelStride: count, channelCount: 1, frameCount: count,
                                startIndex: first, sampleRate: sampleRate)
        Noise(amplitude: 1, distribution: .gaussian, seed: streamSeed).render(into: block, .identity)
    }
}
