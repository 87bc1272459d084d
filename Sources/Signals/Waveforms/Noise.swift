import CSignalKernels

/// Seeded random noise, a pure function of `(seed, sample index)`.
///
/// - `.gaussian` (default): normal with mean 0 and standard deviation `amplitude`, by the Box–Muller
///   transform: samples `2m` and `2m + 1` are `r·cos θ` and `r·sin θ` of pair `m`, with
///   `r = sqrt(−2 ln u1)` from a 24-bit uniform `u1 ∈ (0, 1]` and `θ` a 32-bit turn fraction, each from
///   its own keyed draw of `m` (tails reach 5.8σ).
/// - `.uniform`: uniform on `[−amplitude, amplitude)` in steps of `amplitude · 2^-23`.
///
/// Any block can be rendered alone: rendering samples `[0, N)` equals rendering `[0, k)` then
/// `[k, N)` bit for bit, on any number of threads. Two different seeds give unrelated sequences.
///
/// ```swift
/// Noise(amplitude: 0.01, distribution: .gaussian, seed: 42)   // {"noise": {...}} in JSON
/// ```
public struct Noise: SpecRepresentable {
    /// The distribution of the samples.
    public enum Distribution: String, Sendable, Hashable, Codable, CaseIterable {
        /// Normal; `amplitude` is the standard deviation.
        case gaussian
        /// Uniform on `[−amplitude, amplitude)`.
        case uniform
    }

    /// The largest magnitude of a standard normal sample this generator can produce:
    /// `sqrt(−2 ln 2⁻²⁴) ≈ 5.77`, rounded up to 5.8 (the bound validation uses).
    public static let gaussianTail = 5.8

    /// Standard deviation (`.gaussian`) or half-width (`.uniform`), in signal units.
    public var amplitude: Double
    /// The distribution of the samples.
    public var distribution: Distribution
    /// The seed: the same seed gives the same samples at the same indices.
    public var seed: UInt64

    /// Creates a noise source.
    /// - Parameters:
    ///   - amplitude: Standard deviation (gaussian) or half-width (uniform), signal units. Default 1.
    ///   - distribution: `.gaussian` (default) or `.uniform`.
    ///   - seed: Seed of the counter-based generator. Default 0.
    public init(amplitude: Double = 1, distribution: Distribution = .gaussian, seed: UInt64 = 0) {
        self.amplitude = amplitude
        self.distribution = distribution
        self.seed = seed
    }

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        let gain = Float(transform.gain * amplitude)
        let bias = Float(transform.bias)
        // Split where the high word of the counter (the sample index for uniform noise, the pair index
        // n >> 1 for gaussian noise) changes, so that each piece has fixed keys.
        var index = block.startIndex
        var done = 0
        while done < block.frameCount {
            let counter = UInt64(truncatingIfNeeded: index) >> (distribution == .gaussian ? 1 : 0)
            let high = counter >> 32
            let low = UInt32(truncatingIfNeeded: counter)
            let left = UInt64(UInt32.max) - UInt64(low) + 1  // counters before the high word changes
            let room = distribution == .gaussian ? Int(left * 2) - (index & 1) : Int(left)
            let count = min(block.frameCount - done, room)
            forEachChannel(block) { out in
                switch distribution {
                case .uniform:
                    Noise.uniformKernel(
                        out + done, count: count, first: low,
                        key: CounterHash.keys(seed: seed, stream: 1, high: high),
                        gain: gain, bias: bias, accumulate: transform.accumulate)
                case .gaussian:
                    Noise.gaussianKernel(
                        out + done, count: count, firstPair: low, oddStart: index & 1 == 1,
                        radiusKey: CounterHash.keys(seed: seed, stream: 2, high: high),
                        angleKey: CounterHash.keys(seed: seed, stream: 3, high: high),
                        gain: gain, bias: bias, accumulate: transform.accumulate)
                }
            }
            done += count
            index += count
        }
    }

    /// Uniform samples on [−1, 1) (times `gain`, plus `bias`) for indices `first ..< first + count`
    /// (low 32 bits; the caller keeps the range inside one key).
    @inlinable
    package static func uniformKernel(
        _ out: UnsafeMutablePointer<Float>, count: Int, first: UInt32,
        key: (UInt32, UInt32), gain: Float, bias: Float, accumulate: Bool
    ) {
        if sr_uniform(out, count, first, key.0, key.1, gain, bias, accumulate ? 1 : 0) != 0 { return }
        var index = Lanes.ramp &+ first
        var i = 0
        while i < count {
            let h = CounterHash.draw(index, key)
            let v = Lanes.Samples(Lanes.Ints(truncatingIfNeeded: h) &>> 8) * Float(0x1p-23)
            Lanes.store(v, to: out, at: i, count: count, gain: gain, bias: bias, accumulate: accumulate)
            index &+= UInt32(Lanes.width)
            i &+= Lanes.width
        }
    }

    /// Standard normal samples (times `gain`, plus `bias`) for `count` samples starting at pair
    /// `firstPair` (its sine sample when `oddStart`, else its cosine sample): pair `m` gives
    /// `sqrt(−2 ln u1) · cos(2π u2)` and `sqrt(−2 ln u1) · sin(2π u2)`, `u1 ∈ (0, 1]` (24 bits) and `u2`
    /// (a 32-bit turn fraction) from their own keyed draws of `m`.
    /// The caller keeps the pairs inside one key (the low words must not wrap).
    @inlinable
    package static func gaussianKernel(
        _ out: UnsafeMutablePointer<Float>, count: Int, firstPair: UInt32, oddStart: Bool,
        radiusKey: (UInt32, UInt32), angleKey: (UInt32, UInt32),
        gain: Float, bias: Float, accumulate: Bool
    ) {
        guard count > 0 else { return }
        if sr_gaussian(
            out, count, firstPair, oddStart ? 1 : 0, radiusKey.0, radiusKey.1, angleKey.0, angleKey.1,
            gain, bias, accumulate ? 1 : 0) != 0
        {
            return
        }
        var out = out
        var count = count
        var pairs = Lanes.pairRamp &+ firstPair
        if oddStart {
            // The first sample is the sine half of its pair: lane 1 of the vector that starts at the pair.
            let v = gaussianLanes(pairs, radiusKey, angleKey) * gain + bias
            out[0] = accumulate ? out[0] + v[1] : v[1]
            out += 1
            count -= 1
            pairs &+= 1
        }
        var i = 0
        while i < count {
            Lanes.store(
                gaussianLanes(pairs, radiusKey, angleKey), to: out, at: i, count: count,
                gain: gain, bias: bias, accumulate: accumulate)
            pairs &+= UInt32(Lanes.width / 2)
            i &+= Lanes.width
        }
    }

    /// Box–Muller on lanes holding pair indices `[m, m, m+1, m+1, ...]`: even lanes cos, odd lanes sin.
    @inlinable @inline(__always)
    static func gaussianLanes(
        _ pairs: Lanes.Words, _ radiusKey: (UInt32, UInt32),
        _ angleKey: (UInt32, UInt32)
    ) -> Lanes.Samples {
        let h1 = CounterHash.draw(pairs, radiusKey)
        let h2 = CounterHash.draw(pairs, angleKey)
        let u1 = Lanes.Samples(Lanes.Ints(truncatingIfNeeded: (h1 &>> 8) &+ 1)) * Float(0x1p-24)
        let r = VectorMath.sqrt(VectorMath.log(u1) * -2)
        return r * Trig.sinTurns(h2 &+ Lanes.cosineQuarter)
    }
}
