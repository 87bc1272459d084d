import Foundation
import Testing

@testable import Signals

@Suite struct NoiseTests {
    @Test("gaussian: mean 0, standard deviation = amplitude, white (lag-1 ≈ 0)", arguments: [0 as UInt64, 42, 1 << 40])
    func gaussian(seed: UInt64) throws {
        let b = try Noise(amplitude: 0.5, distribution: .gaussian, seed: seed).render(
            sampleRate: 1000, frameCount: 1 << 20)
        let m = Moments(b.samples)
        #expect(m.meanMatches(0, sigma: 0.5))
        #expect(m.deviationMatches(0.5, kurtosis: 3))
        #expect(m.isWhite)
    }

    @Test("uniform: values in [−A, A), mean 0, standard deviation A/√3, white")
    func uniform() throws {
        let b = try Noise(amplitude: 2, distribution: .uniform, seed: 7).render(sampleRate: 1000, frameCount: 1 << 20)
        #expect(b.samples.allSatisfy { $0 >= -2 && $0 < 2 })
        #expect(b.samples.min()! < -1.999)
        #expect(b.samples.max()! > 1.999)
        let m = Moments(b.samples)
        #expect(m.meanMatches(0, sigma: 2 / 3.0.squareRoot()))
        #expect(m.deviationMatches(2 / 3.0.squareRoot(), kurtosis: 1.8))
        #expect(m.isWhite)
    }

    @Test("gaussian tails: fraction beyond 1σ, 2σ, 3σ as for a normal distribution")
    func tails() throws {
        let n = 1 << 20
        let b = try Noise(amplitude: 1, seed: 3).render(sampleRate: 1000, frameCount: n)
        for (k, p) in [(1.0, 0.317310507863), (2.0, 0.045500263896), (3.0, 0.002699796063)] {
            let observed = Double(b.samples.filter { abs(Double($0)) > k }.count) / Double(n)
            let se = (p * (1 - p) / Double(n)).squareRoot()
            #expect(abs(observed - p) <= 5 * se, "P(|x| > \(k)σ)")
        }
    }

    @Test("the statistics checks fail on bad generators")
    func checksCanFail() {
        let ramp = (0..<100_000).map { Float($0 % 100) / 50 - 1 }  // correlated
        #expect(!Moments(ramp).isWhite)
        let biased = (0..<100_000).map { _ in Float.random(in: -1...1) + 0.05 }
        #expect(!Moments(biased).meanMatches(0, sigma: 1 / 3.0.squareRoot()))
        let wide = (0..<100_000).map { i in Float(i % 2 == 0 ? 1.2 : -1.2) }
        #expect(!Moments(wide).deviationMatches(1, kurtosis: 3))
    }

    @Test(
        "rendering [0, N) equals [0, k) then [k, N), bit for bit", arguments: [Noise.Distribution.gaussian, .uniform])
    func chunkIndependence(distribution: Noise.Distribution) throws {
        let noise = Noise(amplitude: 1, distribution: distribution, seed: 99)
        let n = 10_000
        let whole = try noise.render(sampleRate: 100, frameCount: n)
        for k in [1, 15, 16, 17, 4095, 9999] {
            let a = try noise.render(sampleRate: 100, startIndex: 0, frameCount: k)
            let b = try noise.render(sampleRate: 100, startIndex: k, frameCount: n - k)
            #expect(a.samples + b.samples == whole.samples)
        }
    }

    @Test(
        "indices across the 2^32 (uniform) and 2^33 (gaussian pairs) boundaries render independently and do not repeat",
        arguments: [(Noise.Distribution.uniform, 32), (.gaussian, 32), (.gaussian, 33)])
    func highIndices(distribution: Noise.Distribution, bit: Int) throws {
        let noise = Noise(distribution: distribution, seed: 5)
        let boundary = 1 << bit
        let start = boundary - 101  // odd: a gaussian pair straddles every split below
        let whole = try noise.render(sampleRate: 100, startIndex: start, frameCount: 203)
        let a = try noise.render(sampleRate: 100, startIndex: start, frameCount: 101)
        let b = try noise.render(sampleRate: 100, startIndex: boundary, frameCount: 102)
        #expect(a.samples + b.samples == whole.samples)
        for split in [1, 2, 37, 100, 102] {
            let head = try noise.render(sampleRate: 100, startIndex: start, frameCount: split)
            let tail = try noise.render(sampleRate: 100, startIndex: start + split, frameCount: 203 - split)
            #expect(head.samples + tail.samples == whole.samples, "split at \(split)")
        }
        let low = try noise.render(sampleRate: 100, startIndex: boundary - (1 << 32), frameCount: 102)
        #expect(low.samples != b.samples)
    }

    @Test("different seeds are uncorrelated; the same seed repeats")
    func seeds() throws {
        let a = try Noise(seed: 1).render(sampleRate: 100, frameCount: 1 << 18)
        let b = try Noise(seed: 2).render(sampleRate: 100, frameCount: 1 << 18)
        let c = try Noise(seed: 1).render(sampleRate: 100, frameCount: 1 << 18)
        #expect(a == c)
        let dot = zip(a.samples, b.samples).reduce(0.0) { $0 + Double($1.0) * Double($1.1) } / Double(1 << 18)
        #expect(abs(dot) <= 5 / Double(1 << 18).squareRoot())
    }

    @Test("noise does not depend on the sample rate or the block size")
    func rateIndependent() throws {
        let n = Noise(seed: 11)
        let a = try n.render(sampleRate: 100, frameCount: 3000, options: RenderOptions(blockFrames: 16))
        let b = try n.render(sampleRate: 48000, frameCount: 3000, options: RenderOptions(blockFrames: 1000))
        #expect(a.samples == b.samples)
    }
}
