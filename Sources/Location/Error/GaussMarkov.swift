import Foundation
import Signals

/// A stationary first-order Gauss–Markov (discrete Ornstein–Uhlenbeck, AR(1)) process that can be
/// evaluated at any sample index without the samples before it.
///
/// The process is `x[k+1] = φ x[k] + σ √(1 − φ²) w[k]`, `φ = exp(−Δt/τ)`, with `x[0] ~ N(0, σ²)`. Instead of
/// running the recursion, its values are drawn top-down on a dyadic tree (the exact Gauss–Markov bridge):
/// `x[0]` and `x[2^D]` first, then each midpoint `m` of an interval `[a, b]` of length `2h` from its exact
/// conditional law given the two ends, `x[m] ~ N(x[a] + x[b]) / (2 cosh(hΔt/τ)), σ² tanh(hΔt/τ))`, using the
/// standard normal of counter `m` (SplitMix64 of the seed's key and `m`, Box–Muller). Because the process is
/// Markov, this gives exactly the joint law of the recursion. Each index has one node on the tree, so the
/// value at `k` is a pure function of `(seed, Δt/τ, k)`: any block, in any order, gives the same numbers.
///
/// Cost: random access (``value(at:)``) is `D = 48` midpoints; a ``Cursor`` walking forward reuses the path
/// it shares with the previous index, two midpoints per sample on average. Indices must stay below 2^48
/// (8.9 years at 1 kHz).
@usableFromInline
struct GaussMarkovProcess: Sendable {
    /// Levels of the tree: indices `0 ..< 2^depth`.
    @usableFromInline static let depth = 48
    /// Largest index plus one.
    @usableFromInline static let indexLimit = 1 << depth

    /// Standard deviation (metres).
    @usableFromInline let sigma: Double
    /// Keys of the two uniform draws of each standard normal.
    @usableFromInline let keys: (UInt64, UInt64)
    /// Per level `l` (intervals of length 2^l): the midpoint's mean coefficient `1/(2 cosh h)` and its
    /// standard deviation `σ √tanh h`, `h = 2^(l−1) Δt/τ`.
    @usableFromInline let mean: [Double], deviation: [Double]
    /// `x[2^D]` given `x[0]`: coefficient `exp(−2^D Δt/τ)` and deviation `σ √(1 − exp(−2^(D+1) Δt/τ))`.
    @usableFromInline let rootMean: Double, rootDeviation: Double

    /// A process of standard deviation `sigma` and correlation time `tau`, sampled every `step` seconds.
    /// - Parameters:
    ///   - sigma: Standard deviation (≥ 0).
    ///   - tau: Correlation time in seconds (> 0).
    ///   - step: Seconds between samples (> 0).
    ///   - seed: Seed.
    ///   - stream: Which of the independent processes of one seed this is.
    init(sigma: Double, tau: Double, step: Double, seed: UInt64, stream: UInt64) {
        self.sigma = sigma
        keys = GaussMarkovProcess.keys(seed: seed, stream: stream)
        let ratio = step / tau
        var mean = [0.0]
        var deviation = [0.0]
        for level in 1...GaussMarkovProcess.depth {
            let h = Double(1 << (level - 1)) * ratio
            mean.append(1 / (2 * cosh(h)))
            deviation.append(sigma * tanh(h).squareRoot())
        }
        self.mean = mean
        self.deviation = deviation
        let rootH = Double(GaussMarkovProcess.indexLimit) * ratio
        rootMean = exp(-rootH)
        rootDeviation = sigma * (-expm1(-2 * rootH)).squareRoot()
    }

    static func keys(seed: UInt64, stream: UInt64) -> (UInt64, UInt64) {
        let k = CounterHash.mix64(seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        return (CounterHash.mix64(k ^ 0x5851_F42D_4C95_7F2D), CounterHash.mix64(k ^ 0x1405_7B7E_F767_814F))
    }

    /// The standard normal of counter `n` for `keys`: Box–Muller on two 53-bit uniforms from SplitMix64
    /// streams (|z| < 8.6).
    @inlinable
    static func normal(_ n: UInt64, _ keys: (UInt64, UInt64)) -> Double {
        let h1 = CounterHash.mix64(keys.0 &+ n &* 0x9E37_79B9_7F4A_7C15)
        let h2 = CounterHash.mix64(keys.1 &+ n &* 0x9E37_79B9_7F4A_7C15)
        let u1 = (Double(h1 >> 11) + 1) * 0x1p-53  // (0, 1]
        let turns = Double(h2 >> 11) * 0x1p-53  // [0, 1)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * turns)
    }

    /// The midpoint of an interval of level `level` with ends `xa`, `xb`.
    @inlinable @inline(__always)
    func midpoint(_ m: Int, level: Int, _ xa: Double, _ xb: Double) -> Double {
        mean[level] * (xa + xb) + deviation[level] * GaussMarkovProcess.normal(UInt64(m), keys)
    }

    /// `x[0]` and `x[2^D]`.
    @inlinable
    var roots: (Double, Double) {
        let x0 = sigma * GaussMarkovProcess.normal(0, keys)
        return (
            x0, rootMean * x0 + rootDeviation * GaussMarkovProcess.normal(UInt64(GaussMarkovProcess.indexLimit), keys)
        )
    }

    /// The value at sample `k` (0 ≤ k < 2^48), in O(48).
    @inlinable
    func value(at k: Int) -> Double {
        var (xa, xb) = roots
        var a = 0
        var level = GaussMarkovProcess.depth
        while level > 0 {
            let m = a + (1 << (level - 1))
            let xm = midpoint(m, level: level, xa, xb)
            if k < m {
                xb = xm
            } else {
                a = m
                xa = xm
            }
            level -= 1
        }
        return xa
    }

    /// Walks the process forward from any index, reusing the tree path shared with the previous index:
    /// amortised O(1) per sample, and the same values as ``value(at:)``.
    @usableFromInline
    struct Cursor: Sendable {
        @usableFromInline let process: GaussMarkovProcess
        /// The index the path leads to.
        @usableFromInline var index: Int
        /// Per level `l`, the interval `[start[l], start[l] + 2^l)` holding `index`, and its end values.
        @usableFromInline var start: [Int], left: [Double], right: [Double]

        /// A cursor at `index`.
        init(_ process: GaussMarkovProcess, at index: Int) {
            self.process = process
            self.index = index
            let count = GaussMarkovProcess.depth + 1
            start = [Int](repeating: 0, count: count)
            left = [Double](repeating: 0, count: count)
            right = [Double](repeating: 0, count: count)
            let (x0, xn) = process.roots
            left[GaussMarkovProcess.depth] = x0
            right[GaussMarkovProcess.depth] = xn
            descend(from: GaussMarkovProcess.depth)
        }

        /// The value at ``index``.
        @inlinable
        var value: Double { left[0] }

        /// Moves to the next index.
        @inlinable
        mutating func advance() {
            index += 1
            var level = 1
            while level < GaussMarkovProcess.depth && start[level] + (1 << level) <= index { level += 1 }
            descend(from: level)
        }

        /// Recomputes the levels below `top` along the path to ``index``.
        @usableFromInline
        mutating func descend(from top: Int) {
            var level = top
            while level > 0 {
                let a = start[level]
                let m = a + (1 << (level - 1))
                let xm = process.midpoint(m, level: level, left[level], right[level])
                if index < m {
                    start[level - 1] = a
                    left[level - 1] = left[level]
                    right[level - 1] = xm
                } else {
                    start[level - 1] = m
                    left[level - 1] = xm
                    right[level - 1] = right[level]
                }
                level -= 1
            }
        }
    }
}
