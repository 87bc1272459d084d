import Foundation

/// The IMU's counter-based noise, for the package's other sensor models (the trajectory's barometer and
/// magnetometer in `Navigation`): seeded standard normals and a random-access first-order Gauss–Markov
/// process, each a pure function of `(seed, stream, sample index)`, so any sample is computed without the
/// earlier ones and a render is bit-identical however it is chunked.
///
/// It draws from the same generators as ``IMU`` (`NormalDraws`: SplitMix64 keyed hashes, Acklam's inverse
/// normal; `BridgedProcess`: Lévy's construction over a dyadic tree of knots every 128 samples, the exact
/// Ornstein–Uhlenbeck bridge between them), so the laws and the costs are the ones documented there.
package enum RandomAccessNoise {
    /// The seed of stream `stream` of a sensor seeded with `seed` (SplitMix64 of both).
    /// - Parameters:
    ///   - seed: The sensor's seed.
    ///   - stream: A number that tells the sensor's processes apart.
    /// - Returns: The stream's seed.
    package static func streamSeed(_ seed: UInt64, stream: UInt64) -> UInt64 {
        NormalDraws.streamSeed(seed, stream)
    }

    /// The standard normal number of a stream at a sample index (Acklam's inverse normal of a 53-bit uniform;
    /// relative error below 1.2·10⁻⁹, tails to 8.3σ). O(1).
    /// - Parameters:
    ///   - streamSeed: A seed from ``streamSeed(_:stream:)``.
    ///   - index: The sample index, ≥ 0.
    /// - Returns: A draw from N(0, 1).
    package static func normal(streamSeed: UInt64, index: Int) -> Double {
        NormalDraws.normal(streamSeed, UInt64(truncatingIfNeeded: index))
    }

    /// The samples `first ..< first + count` of a stationary first-order Gauss–Markov process
    /// `x[n+1] = φ x[n] + σ √(1 − φ²) w[n]`, `φ = exp(−1/(τ fs))`, `x[0] ~ N(0, σ²)`.
    ///
    /// The same samples whatever `first` and `count` are (bit-identical), as the IMU's bias instability.
    /// - Parameters:
    ///   - deviation: The stationary standard deviation `σ` (any unit), > 0 and finite.
    ///   - correlationTime: The correlation time `τ`, seconds, > 0 and finite.
    ///   - sampleRate: The sample rate `fs`, Hz, > 0 and finite.
    ///   - streamSeed: A seed from ``streamSeed(_:stream:)``.
    ///   - first: The first sample index, ≥ 0; `first + count` at most 2⁶².
    ///   - count: How many samples, ≥ 0.
    /// - Returns: `count` samples (the unit of `deviation`).
    /// - Complexity: O(55 + count/128) tree draws and at most `count + 256` per-sample normals.
    package static func gaussMarkov(
        deviation: Double, correlationTime: Double, sampleRate: Double, streamSeed: UInt64,
        first: Int, count: Int
    ) -> [Double] {
        precondition(first >= 0 && count >= 0 && first <= (1 << 62) - count, "Gauss–Markov samples out of 0 ..< 2^62")
        guard count > 0 else { return [] }
        let process = BridgedProcess(
            kind: .gaussMarkov(deviation: deviation, decay: 1 / (correlationTime * sampleRate)),
            streamSeed: streamSeed)
        let knotOrigin = first / BridgedProcess.knotSpacing
        let knotCount = BridgedProcess.knotCount(first: first, count: count)
        var knots = [Double](repeating: 0, count: knotCount)
        var samples = [Double](repeating: 0, count: count)
        var scratch = [Float](repeating: 0, count: knotCount * BridgedProcess.knotSpacing)
        knots.withUnsafeMutableBufferPointer { k in
            guard let values = k.baseAddress else { return }
            process.knotValues(knotOrigin, knotOrigin + knotCount - 1, into: values)
        }
        samples.withUnsafeMutableBufferPointer { out in
            scratch.withUnsafeMutableBufferPointer { s in
                knots.withUnsafeBufferPointer { k in
                    guard let o = out.baseAddress, let scratch = s.baseAddress, let knots = k.baseAddress else {
                        return
                    }
                    BridgedProcess.add(
                        [process], into: [o], first: first, count: count, sampleRate: sampleRate,
                        scratch: scratch, knots: [knots], knotOrigin: knotOrigin)
                }
            }
        }
        return samples
    }

    /// `value` rounded to the nearest multiple of `step` (ties to even), as the IMU quantises; `value`
    /// itself when `step` is 0. Exact below 2⁵¹ steps; beyond, the value is already a whole number of steps
    /// to `Double` precision.
    /// - Parameters:
    ///   - value: The value (any unit).
    ///   - step: The quantisation step (the same unit), ≥ 0.
    /// - Returns: The quantised value.
    @inlinable
    package static func quantise(_ value: Double, step: Double) -> Double {
        guard step > 0 else { return value }
        let q = value / step
        return (abs(q) < 0x1p51 ? (q + 0x1.8p52) - 0x1.8p52 : q) * step
    }
}
