import Foundation

@testable import Navigation

/// The checks the trajectory tests make, written as functions of plain closures so that each can be run on
/// a path that must fail it.
enum PathChecks {
    /// A point on a route a given distance east and north of (51.5, −0.12) (spherical approximation).
    static func offset(east: Double, north: Double) -> (latitude: Double, longitude: Double) {
        (51.5 + north / 111_200, -0.12 + east / (111_200 * cos(51.5 * .pi / 180)))
    }

    /// Largest jump of a vector-valued function of time across each of `times`: `|f(t + ε) − f(t − ε)|`.
    static func largestJump(_ f: (Double) -> SIMD3<Double>, at times: [Double], epsilon: Double) -> Double {
        times.map { t in
            let d = f(t + epsilon) - f(t - epsilon)
            return (d * d).sum().squareRoot()
        }.max() ?? 0
    }

    /// Composite Simpson integral of `f` over `a … b` in `n` (even) intervals.
    static func simpson(_ f: (Double) -> SIMD3<Double>, from a: Double, to b: Double, intervals n: Int) -> SIMD3<Double>
    {
        let h = (b - a) / Double(n)
        var sum = f(a) + f(b)
        for i in 1..<n { sum += (i % 2 == 1 ? 4.0 : 2.0) * f(a + Double(i) * h) }
        return sum * (h / 3)
    }

    /// The largest values along a path sampled every `step` seconds: lateral and longitudinal acceleration,
    /// yaw rate, longitudinal jerk, and the rate of change of the lateral acceleration (by central
    /// differences over 1 ms), all magnitudes.
    static func extremes(
        _ path: KinematicPath, step: Double
    )
        -> (lateral: Double, longitudinal: Double, yawRate: Double, jerk: Double, lateralJerk: Double, speed: Double)
    {
        var result = (lateral: 0.0, longitudinal: 0.0, yawRate: 0.0, jerk: 0.0, lateralJerk: 0.0, speed: 0.0)
        let count = Int(path.duration / step)
        for i in 0...count {
            let t = Double(i) * step
            let s = path.state(at: t)
            result.lateral = max(result.lateral, abs(s.lateralAcceleration))
            result.longitudinal = max(result.longitudinal, abs(s.longitudinalAcceleration))
            result.yawRate = max(result.yawRate, abs(s.yawRate))
            result.jerk = max(result.jerk, abs(s.longitudinalJerk))
            result.speed = max(result.speed, s.speed)
            let rate =
                (path.state(at: t + 5e-4).lateralAcceleration - path.state(at: t - 5e-4).lateralAcceleration) / 1e-3
            result.lateralJerk = max(result.lateralJerk, abs(rate))
        }
        return result
    }
}
