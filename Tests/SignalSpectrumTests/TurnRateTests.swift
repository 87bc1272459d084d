import Foundation
import Testing

@testable import SignalSpectrum

/// Double-double turn rates: the phase of any sample is exact to ~1e-16 turn.
@Suite struct TurnRateTests {
    /// `p·n mod q / q`, exactly in integers.
    static func exact(_ p: Int, _ q: Int, _ n: Int) -> Double {
        let (high, low) = UInt(p).multipliedFullWidth(by: UInt(n))  // p, n ≥ 0
        let d = UInt(q)
        return Double(d.dividingFullWidth((high % d, low)).remainder) / Double(q)
    }

    @Test(
        "turns(at:) of p/q is (p·n mod q)/q to 1e-15 turn, up to n = 2^62",
        arguments: [
            (1, 1000), (7, 1000), (4999, 10000), (1, 3), (2, 7), (123_456_789, 1_000_000_007),
        ])
    func exactRationals(_ rate: (Int, Int)) {
        let (p, q) = rate
        let r = TurnRate(numerator: p, denominator: q)
        for n in [0, 1, 2, 999, 1 << 20, (1 << 31) + 5, (1 << 40) + 123, (1 << 53) + 7, (1 << 62) - 1] {
            let expected = Self.exact(p, q, n)
            var diff = abs(r.turns(at: n) - expected)
            diff = min(diff, 1 - diff)  // 0 and 1 are the same turn
            #expect(diff < 1e-15, "\(p)/\(q) at \(n): \(r.turns(at: n)) vs \(expected)")
        }
    }

    @Test("frequency / sampleRate keeps the division's remainder; a Double rate alone would drift")
    func remainder() {
        let r = TurnRate(frequency: 1, sampleRate: 3)
        #expect(r.low != 0)
        // n = 3·2^50: exactly 2^50 turns.
        let n = 3 << 50
        let t = r.turns(at: n)
        #expect(min(t, 1 - t) < 1e-15)
        let naive = TurnRate(high: r.high).turns(at: n)  // the Double rate alone drifts by low·n ≈ 0.06 turn
        #expect(min(naive, 1 - naive) > 1e-3)
    }

    @Test("negative indices, sums, differences and reduction into (−1/2, 1/2]")
    func arithmetic() {
        let a = TurnRate(numerator: 1, denominator: 10)
        let b = TurnRate(numerator: 3, denominator: 10)
        #expect(abs((a + b).value - 0.4) < 1e-16)
        #expect(abs((a - b).value + 0.2) < 1e-16)
        #expect(abs(TurnRate(high: 0.7).reduced.value + 0.3) < 1e-16)
        #expect(TurnRate(high: 0.5).reduced.value == 0.5)
        #expect(abs(TurnRate(high: -0.5).reduced.value - 0.5) < 1e-16)
        #expect(abs(a.turns(at: -3) - 0.7) < 1e-15)
        #expect(abs(a.half.value - 0.05) < 1e-17)
        #expect(TurnRate.fraction(-0.25) == 0.75)
        #expect(TurnRate.fraction(3) == 0)
        let p = TurnRate.phasor(turns: 0.25)
        #expect(abs(p.re) < 1e-15)
        #expect(abs(p.im - 1) < 1e-15)
    }
}
