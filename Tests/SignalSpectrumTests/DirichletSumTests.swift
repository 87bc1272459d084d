import Foundation
import Testing

@testable import SignalSpectrum

/// The closed-form geometric sum equals the sum by definition.
@Suite struct DirichletSumTests {
    static func direct(_ rate: TurnRate, start: Int, count: Int) -> (re: Double, im: Double) {
        var re = 0.0
        var im = 0.0
        for n in start..<start + count {
            let p = TurnRate.phasor(turns: rate.turns(at: n))
            re += p.re
            im += p.im
        }
        return (re, im)
    }

    @Test(
        "closed form = Σ e^{2πiνn} for ν near 0, near 1/2, whole turns, any start",
        arguments: [
            0.0, 1e-9, 0.001, 0.123456, 0.25, 0.4999, 0.5, 1.0, 1.3, -0.2,
        ])
    func matches(nu: Double) {
        for (start, count) in [(0, 1), (0, 1000), (5, 777), (1 << 33, 1024)] {
            let rate = TurnRate(high: nu)
            let closed = DirichletSum.sum(rate, start: start, count: count)
            let sum = Self.direct(rate, start: start, count: count)
            #expect(
                abs(closed.re - sum.re) < 1e-9 * Double(count),
                "ν = \(nu), start \(start), count \(count): \(closed) vs \(sum)")
            #expect(
                abs(closed.im - sum.im) < 1e-9 * Double(count),
                "ν = \(nu), start \(start), count \(count): \(closed) vs \(sum)")
        }
    }

    @Test("ν = 0 sums to the count; a whole number of periods to 0")
    func limits() {
        #expect(DirichletSum.sum(TurnRate(high: 0), start: 3, count: 10).re == 10)
        let s = DirichletSum.sum(TurnRate(numerator: 1, denominator: 100), start: 0, count: 1000)
        #expect(abs(s.re) < 1e-10)
        #expect(abs(s.im) < 1e-10)
    }
}
