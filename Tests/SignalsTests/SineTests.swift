import Foundation
import Testing

@testable import Signals

@Suite struct SineTests {
    @Test(
        "sine within 2e-6·max(1, |A|+|offset|) of the Double reference over 10^6 samples",
        arguments: [
            (2.0, 1.0, 0.2, 0.5, 1000.0), (1.0, 49.0, 0.0, 0.0, 1000.0), (9.81, 123.456, -1.3, 3.0, 48000.0),
            (0.001, 0.05, 3.0, 0.0, 100.0), (5.0, 499.0, 1.0, -2.0, 1000.0),
        ])
    func accuracy(amplitude: Double, frequency: Double, phase: Double, offset: Double, rate: Double) throws {
        let s = Sine(amplitude: amplitude, frequency: frequency, phase: phase, offset: offset)
        let n = 1_000_000
        let buffer = try s.render(sampleRate: rate, frameCount: n)
        let reference = (0..<n).map { Reference.sine(s, sampleRate: rate, index: $0) }
        let bound = 2e-6 * max(1, abs(amplitude) + abs(offset))
        #expect(Reference.maxError(buffer.samples, reference) <= bound)
    }

    @Test(
        "no drift: sample indices near 10^9 are as exact as those near 0",
        arguments: [1_000_000_000, 999_999_937, 4_000_000_123])
    func farIndices(start: Int) throws {
        let s = Sine(amplitude: 2, frequency: 7, phase: 0.2, offset: 0.5)
        let buffer = try s.render(sampleRate: 1000, startIndex: start, frameCount: 100_000)
        let reference = (0..<100_000).map { Reference.sine(s, sampleRate: 1000, index: start + $0) }
        #expect(Reference.maxError(buffer.samples, reference) <= 2e-6 * 2.5)
        #expect(buffer.timestamp(of: 0) == Double(start) / 1000)
    }

    @Test("a start time in seconds renders the same samples as the matching start index")
    func startSeconds() throws {
        let s = Sine(amplitude: 1, frequency: 3.3)
        let a = try s.render(sampleRate: 1000, duration: 1, start: 1_000_000)
        let b = try s.render(sampleRate: 1000, startIndex: 1_000_000_000, frameCount: 1000)
        #expect(a == b)
    }

    @Test("non-integer frequency far from zero keeps its phase (reference in Double turns)")
    func irrationalFrequency() throws {
        let s = Sine(frequency: 1 / 3)
        let start = 900_000_000
        let buffer = try s.render(sampleRate: 1000, startIndex: start, frameCount: 10_000)
        // turns = n / 3000 exactly: (n mod 3000) / 3000.
        let reference = (0..<10_000).map { sin(2 * .pi * Double((start + $0) % 3000) / 3000) }
        #expect(Reference.maxError(buffer.samples, reference) <= 2e-6)
    }

    @Test(
        "the kernel at lengths 0, 1, lanes−1, lanes, lanes+1 and long matches the block render",
        arguments: [0, 1, 15, 16, 17, 1000])
    func kernelLengths(count: Int) {
        var out = [Float](repeating: -99, count: count + 1)
        let inc = Phase.increment(frequency: 13, sampleRate: 1000)
        out.withUnsafeMutableBufferPointer { p in
            Sine.kernel(p.baseAddress!, count: count, phase0: 0, increment: inc, gain: 1, bias: 0, accumulate: false)
        }
        for i in 0..<count {
            #expect(abs(Double(out[i]) - sin(2 * .pi * 13 * Double(i) / 1000)) <= 2e-6)
        }
        #expect(out[count] == -99, "the kernel must not write past count")
    }

    @Test("phase increments are exact to the last bit, inexact ones rounded up")
    func increments() {
        #expect(Phase.increment(frequency: 250, sampleRate: 1000) == 1 << 62)
        #expect(Phase.increment(frequency: 1, sampleRate: 3) == 0x5555_5555_5555_5556)  // 2^64/3 = …5555.33
        #expect(Phase.increment(frequency: 10, sampleRate: 1000) == 184_467_440_737_095_517)  // 2^64/100 = …516.16
        #expect(Phase.increment(frequency: 0, sampleRate: 1000) == 0)
        #expect(Phase.fromRadians(.pi) == 1 << 63)
        #expect(Phase.fromRadians(-.pi / 2) == 3 << 62)
    }

    @Test("sinTurns error bound over the whole circle")
    func trigBound() {
        var worst = 0.0
        var phase: UInt32 = 0
        for _ in 0..<1 << 16 {
            var w = Lanes.Words()
            for k in 0..<16 { w[k] = phase &+ UInt32(k) &* 4099 }
            let v = Trig.sinTurns(w)
            for k in 0..<16 {
                worst = max(worst, abs(Double(v[k]) - sin(2 * .pi * Double(w[k]) / 0x1p32)))
            }
            phase &+= 65_537 &* 16
        }
        #expect(worst <= 4e-7)
    }
}
