import Foundation
import Testing

@testable import Signals

/// Square, sawtooth and triangle: exact to Float rounding away from transition samples.
@Suite struct PeriodicWaveTests {
    /// Frames whose exact phase lies within `margin` turns of a discontinuity are not compared.
    static func nearJump(_ turns: Double, at edges: [Double], margin: Double = 1e-6) -> Bool {
        edges.contains { e in
            let d = abs(turns - e)
            return min(d, 1 - d) < margin
        }
    }

    static let cases: [(Double, Double, Double, Double, Double)] = [
        (1, 10, 0, 0, 1000), (0.5, 5, 0.3, 0.25, 1000), (3, 7.3, -2, 1, 44100), (2, 333, 1, -1, 1000),
    ]

    @Test(
        "square: +A+offset for the first dutyCycle of each period, else −A+offset", arguments: cases, [0.5, 0.25, 0.9])
    func square(p: (Double, Double, Double, Double, Double), duty: Double) throws {
        let (a, f, phase, offset, fs) = p
        let s = Square(amplitude: a, frequency: f, phase: phase, offset: offset, dutyCycle: duty)
        let n = 200_000
        let b = try s.render(sampleRate: fs, frameCount: n)
        var compared = 0
        for i in 0..<n {
            let t = Reference.turns(frequency: f, sampleRate: fs, index: i, phase: phase)
            if Self.nearJump(t, at: [0, duty]) { continue }
            let expected = Float(t < duty ? a + offset : offset - a)
            #expect(b.samples[i] == expected, "frame \(i)")
            if b.samples[i] != expected { return }
            compared += 1
        }
        #expect(compared > n * 9 / 10)
    }

    @Test("square duty cycle is respected to within one sample per period")
    func dutyCount() throws {
        // 1 Hz at 1000 Hz: 250 high samples per period for duty 0.25 (±1).
        let b = try Square(amplitude: 1, frequency: 1, dutyCycle: 0.25).render(sampleRate: 1000, frameCount: 10_000)
        for period in 0..<10 {
            let high = b.samples[period * 1000..<(period + 1) * 1000].filter { $0 > 0 }.count
            #expect(abs(high - 250) <= 1)
        }
        #expect(b.samples[0] == 1)
        #expect(b.samples[249] == 1)
        #expect(b.samples[251] == -1)
        #expect(b.samples[999] == -1)
    }

    /// The largest `|rendered − expected(t)|` over 200,000 frames of `wave` (`frequency`, `phase` at
    /// `sampleRate`), `t` each frame's exact phase in turns; frames where `skip(t)` are not compared.
    static func worstError<S: Signal>(
        _ wave: S, frequency: Double, phase: Double, sampleRate: Double,
        skip: (Double) -> Bool = { _ in false },
        expected: (Double) -> Double
    ) throws -> Double {
        let n = 200_000
        let b = try wave.render(sampleRate: sampleRate, frameCount: n)
        var worst = 0.0
        for i in 0..<n {
            let t = Reference.turns(frequency: frequency, sampleRate: sampleRate, index: i, phase: phase)
            if skip(t) { continue }
            worst = max(worst, abs(Double(b.samples[i]) - expected(t)))
        }
        return worst
    }

    @Test("sawtooth: A·(2·frac − 1) + offset, starting at −A + offset like scipy's sawtooth(width=1)", arguments: cases)
    func sawtooth(p: (Double, Double, Double, Double, Double)) throws {
        let (a, f, phase, offset, fs) = p
        let s = Sawtooth(amplitude: a, frequency: f, phase: phase, offset: offset)
        let worst = try Self.worstError(
            s, frequency: f, phase: phase, sampleRate: fs,
            skip: { Self.nearJump($0, at: [0]) },
            expected: { t in a * (2 * t - 1) + offset }
        )
        #expect(worst <= 2.5e-7 * (abs(a) + abs(offset)))
    }

    @Test("triangle: A·(1 − 4|frac − 1/2|) + offset, like scipy's sawtooth(width=0.5)", arguments: cases)
    func triangle(p: (Double, Double, Double, Double, Double)) throws {
        let (a, f, phase, offset, fs) = p
        let s = Triangle(amplitude: a, frequency: f, phase: phase, offset: offset)
        let worst = try Self.worstError(s, frequency: f, phase: phase, sampleRate: fs) { t in
            a * (1 - 4 * abs(t - 0.5)) + offset
        }
        #expect(worst <= 2.5e-7 * (abs(a) + abs(offset)))
    }

    @Test("at phase 0 sawtooth and triangle start at −A + offset and rise")
    func startLow() throws {
        let saw = try Sawtooth(amplitude: 2, frequency: 1, offset: 1).render(sampleRate: 100, frameCount: 3)
        let tri = try Triangle(amplitude: 2, frequency: 1, offset: 1).render(sampleRate: 100, frameCount: 3)
        #expect(saw.samples[0] == -1)
        #expect(saw.samples[1] > saw.samples[0])
        #expect(saw.samples[2] > saw.samples[1])
        #expect(tri.samples[0] == -1)
        #expect(tri.samples[1] > tri.samples[0])
        #expect(tri.samples[2] > tri.samples[1])
        // scipy.signal.sawtooth(2π·t, width=0.5) at t = 0.25 is 0, at 0.5 is +1.
        let t4 = try Triangle(frequency: 1).render(sampleRate: 4, frameCount: 4)
        #expect(t4.samples == [-1, 0, 1, 0])
        let s4 = try Sawtooth(frequency: 1).render(sampleRate: 4, frameCount: 4)
        #expect(s4.samples == [-1, -0.5, 0, 0.5])
    }

    @Test(
        "a sample exactly on a period boundary starts the new period, at any index",
        arguments: [(10.0, 1000.0, 100), (3.0, 1000.0, 1000), (50.0, 44_100.0, 882), (1.0, 3.0, 3)])
    func periodBoundaries(frequency: Double, rate: Double, period: Int) throws {
        for k in [1, 2, 7, 1_000_003, 10_000_019] where k * period < 1 << 40 {
            let n = k * period
            let saw = try Sawtooth(amplitude: 1, frequency: frequency).render(
                sampleRate: rate, startIndex: n - 1, frameCount: 2)
            #expect(saw.samples[1] == -1, "sawtooth sample \(n) (t = \(k) periods)")
            #expect(
                abs(Double(saw.samples[0]) - (1 - 2 * frequency / rate)) < 1e-6,
                "sawtooth sample \(n - 1) is the last of the previous period")
            let tri = try Triangle(amplitude: 1, frequency: frequency).render(
                sampleRate: rate, startIndex: n, frameCount: 1)
            #expect(tri.samples[0] == -1)
            let sq = try Square(amplitude: 1, frequency: frequency).render(
                sampleRate: rate, startIndex: n - 1, frameCount: 2)
            #expect(sq.samples == [-1, 1], "square sample \(n) is the first high one of its period")
            if period % 2 == 0 {
                let half = try Square(amplitude: 1, frequency: frequency).render(
                    sampleRate: rate, startIndex: n + period / 2 - 1, frameCount: 2)
                #expect(half.samples == [1, -1], "duty 0.5: sample \(n + period / 2) is the first low one")
            }
        }
    }

    @Test("constant fills every sample", arguments: [0, 1, 15, 16, 17, 5000])
    func constant(count: Int) throws {
        guard count > 0 else {
            #expect(
                #expect(throws: SignalError.self) { try Constant(1).render(sampleRate: 10, duration: 0) }?.code
                    == .invalidRender)
            return
        }
        let b = try Constant(-2.5).render(sampleRate: 10, frameCount: count)
        #expect(b.samples == [Float](repeating: -2.5, count: count))
    }

    @Test("periodic kernels write exactly count samples", arguments: [0, 1, 15, 16, 17, 999])
    func kernelLengths(count: Int) {
        var out = [Float](repeating: 7, count: count + 1)
        let inc = Phase.increment(frequency: 3, sampleRate: 100)
        out.withUnsafeMutableBufferPointer { p in
            Square.kernel(
                p.baseAddress!, count: count, phase0: 0, increment: inc, threshold: 1 << 31,
                high: 1, low: -1, accumulate: false)
        }
        #expect(out[count] == 7)
        #expect(out.prefix(count).allSatisfy { $0 == 1 || $0 == -1 })
        out.withUnsafeMutableBufferPointer { p in
            Sawtooth.kernel(
                p.baseAddress!, count: count, phase0: 0, increment: inc, gain: 2, bias: 0, accumulate: false)
            Triangle.kernel(
                p.baseAddress!, count: count, phase0: 0, increment: inc, gain: -4, bias: 1, accumulate: true)
        }
        #expect(out[count] == 7)
        for i in 1..<max(count, 1) where i * 3 % 100 != 0 {  // a whole number of turns is the sawtooth's jump
            let t = Double(i * 3 % 100) / 100
            let expected = (2 * t - 1) + (1 - 4 * abs(t - 0.5))
            #expect(abs(Double(out[i]) - expected) < 1e-6)
        }
    }
}
