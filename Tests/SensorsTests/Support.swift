import Foundation
import Signals

/// Sample statistics for the sensor tests.
enum Stats {
    static func mean(_ x: [Double]) -> Double { x.reduce(0, +) / Double(x.count) }

    static func deviation(_ x: [Double]) -> Double {
        let m = mean(x)
        return (x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count - 1)).squareRoot()
    }

    /// Lag-`k` autocorrelation.
    static func autocorrelation(_ x: [Double], lag k: Int = 1) -> Double {
        let m = mean(x)
        var c = 0.0
        var v = 0.0
        for i in x.indices {
            v += (x[i] - m) * (x[i] - m)
            if i >= k { c += (x[i] - m) * (x[i - k] - m) }
        }
        return c / v
    }

    /// Differences `x[i+1] − x[i]`.
    static func differences(_ x: [Double]) -> [Double] { (1..<x.count).map { x[$0] - x[$0 - 1] } }

    /// One channel as Doubles.
    static func channel(_ b: SampleBuffer, _ c: Int) -> [Double] { b.channel(c).map(Double.init) }
}
