import Foundation
import Testing

@testable import Signals

@Suite struct ChirpTests {
    /// `A·sin(2π(f0 t + (f1 − f0) t²/(2T)) + φ) + offset` for t ≤ T, steady at f1 after.
    static func reference(_ c: Chirp, fs: Double, n: Int) -> Double {
        let t = Double(n) / fs
        let turns: Double
        if t <= c.duration {
            turns = c.startFrequency * t + (c.endFrequency - c.startFrequency) * t * t / (2 * c.duration)
        } else {
            turns = (c.startFrequency + c.endFrequency) * c.duration / 2 + c.endFrequency * (t - c.duration)
        }
        let frac = turns - turns.rounded(.down)
        return c.amplitude * sin(2 * .pi * frac + c.phase) + c.offset
    }

    @Test(
        "linear sweep matches the closed form, rising and falling",
        arguments: [
            Chirp(amplitude: 1, startFrequency: 1, endFrequency: 50, duration: 10),
            Chirp(amplitude: 2, startFrequency: 200, endFrequency: 5, duration: 3, phase: 0.7, offset: 0.5),
            Chirp(amplitude: 1, startFrequency: 10, endFrequency: 10, duration: 1),
        ])
    func sweep(c: Chirp) throws {
        let n = Int(c.duration * 1000) + 2000
        let b = try c.render(sampleRate: 1000, frameCount: n)
        let ref = (0..<n).map { Self.reference(c, fs: 1000, n: $0) }
        #expect(Reference.maxError(b.samples, ref) <= 2e-6 * max(1, abs(c.amplitude) + abs(c.offset)))
    }

    @Test("any block renders alone: chunked equals whole, also across the end of the sweep")
    func chunks() throws {
        let c = Chirp(startFrequency: 3, endFrequency: 40, duration: 2.0005)
        let whole = try c.render(sampleRate: 1000, frameCount: 5000)
        for split in [1, 17, 2000, 2001, 2002, 4999] {
            let a = try c.render(sampleRate: 1000, startIndex: 0, frameCount: split)
            let b = try c.render(sampleRate: 1000, startIndex: split, frameCount: 5000 - split)
            #expect(a.samples + b.samples == whole.samples)
        }
    }

    @Test("sweep end index is the last n with n / fs ≤ T")
    func sweepEnd() {
        #expect(Chirp(startFrequency: 1, endFrequency: 2, duration: 1).sweepEnd(sampleRate: 1000) == 1000)
        #expect(Chirp(startFrequency: 1, endFrequency: 2, duration: 0.9999).sweepEnd(sampleRate: 1000) == 999)
        #expect(Chirp(startFrequency: 1, endFrequency: 2, duration: 0.1).sweepEnd(sampleRate: 30) == 3)
    }

    @Test("128-bit phase arithmetic wraps exactly")
    func fixed128() {
        let half = Fixed128(turns: 0.5)
        #expect(half == Fixed128(high: 1 << 63, low: 0))
        #expect(half &+ half == .zero)
        #expect(Fixed128(turns: -0.25) == Fixed128(high: 3 << 62, low: 0))
        #expect(Fixed128(turns: 0.25) &* Fixed128(integer: 4) == .zero)
        #expect(Fixed128.square(1 << 40) == Fixed128(high: 1 << 16, low: 0))
        #expect(Fixed128(turns: 1e-30).low > 0)
    }
}
