import Foundation
import Testing

@testable import Sensors

@Suite("RandomAccessNoise")
struct RandomAccessNoiseTests {
    let seed = RandomAccessNoise.streamSeed(42, stream: 0x100)

    @Test("Gauss–Markov samples are bit-identical however they are chunked, from any start")
    func chunking() {
        let whole = RandomAccessNoise.gaussMarkov(
            deviation: 2, correlationTime: 0.5, sampleRate: 100, streamSeed: seed,
            first: 1_000, count: 700)
        for chunk in [1, 5, 127, 128, 129, 400] {
            var parts: [Double] = []
            var n = 1_000
            while n < 1_700 {
                let k = min(chunk, 1_700 - n)
                parts += RandomAccessNoise.gaussMarkov(
                    deviation: 2, correlationTime: 0.5, sampleRate: 100, streamSeed: seed,
                    first: n, count: k)
                n += k
            }
            #expect(parts == whole, "chunks of \(chunk)")
        }
        // The failing case: another stream gives other samples.
        let other = RandomAccessNoise.gaussMarkov(
            deviation: 2, correlationTime: 0.5, sampleRate: 100,
            streamSeed: RandomAccessNoise.streamSeed(42, stream: 0x101), first: 1_000, count: 700)
        #expect(other != whole)
    }

    @Test("Gauss–Markov law: std σ = 2 and lag-1 correlation e^(−1/(τ fs)) = e^−0.02 over 100 000 samples")
    func law() {
        let x = RandomAccessNoise.gaussMarkov(
            deviation: 2, correlationTime: 0.5, sampleRate: 100, streamSeed: seed,
            first: 0, count: 100_000)
        let mean = x.reduce(0, +) / Double(x.count)
        let variance = x.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(x.count - 1)
        var lag = 0.0
        for i in 1..<x.count { lag += (x[i] - mean) * (x[i - 1] - mean) }
        #expect(abs(variance.squareRoot() / 2 - 1) < 0.05, "std \(variance.squareRoot())")
        #expect(abs(lag / Double(x.count - 1) / variance - exp(-0.02)) < 0.005)
        #expect(
            RandomAccessNoise.gaussMarkov(
                deviation: 2, correlationTime: 0.5, sampleRate: 100, streamSeed: seed,
                first: 5, count: 0
            ).isEmpty)
    }

    @Test("Normals are a pure function of (stream, index)")
    func normals() {
        let a = RandomAccessNoise.normal(streamSeed: seed, index: 123_456)
        #expect(a == RandomAccessNoise.normal(streamSeed: seed, index: 123_456))
        #expect(a != RandomAccessNoise.normal(streamSeed: seed, index: 123_457))
    }

    @Test(
        "Quantisation: to the nearest multiple, ties to even; a zero step leaves the value",
        arguments: [(0.37, 0.25, 0.25), (0.375, 0.25, 0.5), (0.125, 0.25, 0.0), (-0.62, 0.25, -0.5), (0.37, 0.0, 0.37)])
    func quantise(value: Double, step: Double, expected: Double) {
        #expect(RandomAccessNoise.quantise(value, step: step) == expected)
    }
}
