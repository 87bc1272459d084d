import Foundation

/// One row of the bench table.
struct Row: Codable {
    var name: String
    var unit: String
    var value: Double
    var baseline: String?
    var baselineValue: Double?
    var ratio: Double?
    /// Spread of the measured value over the repetitions (min … max), not in the JSON contract's required keys.
    var spread: String?
}

/// Monotonic time in seconds.
@inline(__always)
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Median and spread of repeated timings.
struct Timing {
    var seconds: [Double]
    var median: Double {
        let s = seconds.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    var min: Double { seconds.min() ?? 0 }
    var max: Double { seconds.max() ?? 0 }
}

/// Times `measured` and `baseline` interleaved (A, B, A, B, ...) after one warm-up run of each,
/// so that both see the same machine state.
func interleaved(repetitions: Int, _ measured: () -> Void, baseline: () -> Void) -> (Timing, Timing) {
    measured()
    baseline()
    var a: [Double] = [], b: [Double] = []
    for _ in 0 ..< repetitions {
        let t0 = now()
        measured()
        a.append(now() - t0)
        let t1 = now()
        baseline()
        b.append(now() - t1)
    }
    return (Timing(seconds: a), Timing(seconds: b))
}

/// A buffer of floats that lives for the whole bench run.
func floats(_ count: Int) -> UnsafeMutablePointer<Float> {
    let p = UnsafeMutablePointer<Float>.allocate(capacity: count)
    p.initialize(repeating: 0, count: count)
    return p
}

/// Keeps a value alive so that the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Formats numbers with thousands separators.
func formatted(_ x: Double, digits: Int = 0) -> String {
    let f = NumberFormatter()
    f.numberStyle = .decimal
    f.maximumFractionDigits = digits
    f.minimumFractionDigits = digits
    return f.string(from: NSNumber(value: x)) ?? "\(x)"
}
