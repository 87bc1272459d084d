import Foundation
import Testing

@testable import Location

/// The correlated GNSS error: a Gauss–Markov process drawn on a dyadic tree, so any sample can be computed
/// alone. Its statistics must be those of the recursion, and its values must not depend on how they are read.
@Suite struct GaussMarkovTests {
    /// `count` consecutive values from `start`, read with a cursor.
    static func run(_ p: GaussMarkovProcess, from start: Int = 0, count: Int) -> [Double] {
        var c = GaussMarkovProcess.Cursor(p, at: start)
        var out: [Double] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            out.append(c.value)
            c.advance()
        }
        return out
    }

    /// Standard deviation (mean known to be 0) and correlation time from the lag-1 autocorrelation.
    static func statistics(_ x: [Double], step: Double) -> (sigma: Double, tau: Double, lagTau: (Int) -> Double) {
        let power = x.reduce(0) { $0 + $1 * $1 }
        func rho(_ lag: Int) -> Double {
            var s = 0.0
            for i in 0..<x.count - lag { s += x[i] * x[i + lag] }
            return s / power * Double(x.count) / Double(x.count - lag)
        }
        return ((power / Double(x.count)).squareRoot(), -step / log(rho(1)), rho)
    }

    @Test(
        "σ and τ of a long render (2^20 samples) within 10 % of the model's, at two rates",
        arguments: [(3.0, 60.0, 1.0), (0.5, 5.0, 10.0)])
    func sigmaAndTau(_ sigma: Double, _ tau: Double, _ rate: Double) {
        let p = GaussMarkovProcess(sigma: sigma, tau: tau, step: 1 / rate, seed: 7, stream: 1)
        let x = Self.run(p, count: 1 << 20)
        let s = Self.statistics(x, step: 1 / rate)
        #expect(abs(s.sigma / sigma - 1) < 0.1, "σ \(s.sigma) vs \(sigma)")
        #expect(abs(s.tau / tau - 1) < 0.1, "τ \(s.tau) vs \(tau)")
        // The autocorrelation at lag τ is 1/e.
        let lag = Int((tau * rate).rounded())
        #expect(abs(s.lagTau(lag) * M_E - 1) < 0.1, "ρ(τ) = \(s.lagTau(lag))")
    }

    @Test("the check above can fail: a process with twice the correlation time is caught")
    func sigmaAndTauCheckCanFail() {
        let p = GaussMarkovProcess(sigma: 3, tau: 120, step: 1, seed: 7, stream: 1)
        let s = Self.statistics(Self.run(p, count: 1 << 18), step: 1)
        #expect(abs(s.tau / 60 - 1) > 0.1)
    }

    @Test("stationary from the first sample: x[0] and x[2^20] have variance σ² over 4000 seeds")
    func stationaryStart() {
        var first = 0.0
        var late = 0.0
        for seed in 0..<4000 as Range<UInt64> {
            let p = GaussMarkovProcess(sigma: 2, tau: 30, step: 1, seed: seed, stream: 1)
            first += pow(p.value(at: 0), 2)
            late += pow(p.value(at: 1 << 20), 2)
        }
        #expect(abs((first / 4000).squareRoot() / 2 - 1) < 0.1)
        #expect(abs((late / 4000).squareRoot() / 2 - 1) < 0.1)
    }

    @Test("chunk-independent: random access, one cursor, and cursors started at arbitrary indices agree bit for bit")
    func chunkIndependent() {
        let p = GaussMarkovProcess(sigma: 3, tau: 60, step: 0.1, seed: 42, stream: 2)
        let whole = Self.run(p, count: 5000)
        var pieces: [Double] = []
        var start = 0
        for size in [1, 2, 3, 127, 128, 129, 1000, 3610] {
            pieces += Self.run(p, from: start, count: size)
            start += size
        }
        #expect(start == 5000)
        #expect(pieces == whole)
        for k in [0, 1, 2, 3, 1023, 1024, 4095, 4999] { #expect(p.value(at: k) == whole[k]) }
        // Far away, near the end of the index range.
        let far = (1 << 48) - 10
        #expect(Self.run(p, from: far, count: 10) == (far..<far + 10).map { p.value(at: $0) })
    }

    @Test("seeded: the same seed gives the same values, another seed or stream other values")
    func seeded() {
        let a = Self.run(GaussMarkovProcess(sigma: 3, tau: 60, step: 1, seed: 1, stream: 1), count: 100)
        let b = Self.run(GaussMarkovProcess(sigma: 3, tau: 60, step: 1, seed: 1, stream: 1), count: 100)
        let c = Self.run(GaussMarkovProcess(sigma: 3, tau: 60, step: 1, seed: 2, stream: 1), count: 100)
        let d = Self.run(GaussMarkovProcess(sigma: 3, tau: 60, step: 1, seed: 1, stream: 2), count: 100)
        #expect(a == b)
        #expect(zip(a, c).allSatisfy { $0 != $1 })
        #expect(zip(a, d).allSatisfy { $0 != $1 })
    }

    @Test("standard normals: mean 0, variance 1, and no correlation between neighbouring counters")
    func normals() {
        let keys = GaussMarkovProcess.keys(seed: 3, stream: 9)
        let z = (0..<200_000).map { GaussMarkovProcess.normal(UInt64($0), keys) }
        let mean = z.reduce(0, +) / Double(z.count)
        let variance = z.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(z.count)
        let lag1 = zip(z, z.dropFirst()).reduce(0) { $0 + $1.0 * $1.1 } / Double(z.count)
        #expect(abs(mean) < 0.01)
        #expect(abs(variance - 1) < 0.02)
        #expect(abs(lag1) < 0.01)
        #expect(z.allSatisfy { abs($0) < 8.6 })
    }
}
