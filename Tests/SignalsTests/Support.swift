import Foundation

@testable import Signals

/// Exact Double references and statistics shared by the engine tests.
enum Reference {
    /// Fractional turns of `f · n / fs + phase / 2π`, computed without float time stamps when `f` and
    /// `fs` are integers (`(f · n) mod fs` in integers).
    static func turns(frequency f: Double, sampleRate fs: Double, index n: Int, phase: Double = 0) -> Double {
        var t: Double
        if f == f.rounded(), fs == fs.rounded(), f < 1e6, fs < 1e9 {
            let num = (Int(f) * (n % Int(fs))) % Int(fs)
            t = Double(num) / fs
        } else {
            t = (f * Double(n) / fs).truncatingRemainder(dividingBy: 1)
        }
        t += phase / (2 * .pi)
        return t - t.rounded(.down)
    }

    static func sine(_ s: Sine, sampleRate fs: Double, index n: Int) -> Double {
        s.amplitude * sin(2 * .pi * turns(frequency: s.frequency, sampleRate: fs, index: n, phase: s.phase)) + s.offset
    }

    /// Max |a − b| over the frames.
    static func maxError(_ a: some Collection<Float>, _ b: [Double]) -> Double {
        zip(a, b).map { abs(Double($0) - $1) }.max() ?? 0
    }
}

/// Sample statistics with the bounds the tests use (5 standard errors, so a correct generator
/// fails with probability below 1e-6 while a wrong one fails at once).
struct Moments {
    let count: Int
    let mean: Double
    let standardDeviation: Double
    let lag1: Double

    init(_ x: some Collection<Float>) {
        let v = x.map(Double.init)
        count = v.count
        mean = v.reduce(0, +) / Double(count)
        let m = mean
        let variance = v.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(count - 1)
        standardDeviation = variance.squareRoot()
        var c = 0.0
        for i in 1..<v.count { c += (v[i] - m) * (v[i - 1] - m) }
        lag1 = c / Double(count - 1) / variance
    }

    /// Mean within 5 standard errors of `expected` for a population standard deviation `sigma`.
    func meanMatches(_ expected: Double, sigma: Double) -> Bool {
        abs(mean - expected) <= 5 * sigma / Double(count).squareRoot()
    }

    /// Standard deviation within 5 standard errors; `kurtosis` 3 for Gaussian, 1.8 for uniform.
    func deviationMatches(_ sigma: Double, kurtosis: Double) -> Bool {
        let se = sigma * ((kurtosis - 1) / (4 * Double(count))).squareRoot()
        return abs(standardDeviation - sigma) <= 5 * se
    }

    /// Lag-1 autocorrelation within 5 standard errors of zero (white noise).
    var isWhite: Bool { abs(lag1) <= 5 / Double(count).squareRoot() }
}
