import Foundation
import InternalUtilities

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

    /// Every key of the contract is written, absent values as `null`.
    func encode(to encoder: any Encoder) throws {
        try encoder.encodeFields(
            keyedBy: CodingKeys.self,
            [
                .name: name, .unit: unit, .value: value, .baseline: baseline, .baselineValue: baselineValue,
                .ratio: ratio, .spread: spread,
            ])
    }
}

/// Monotonic time in seconds.
@inline(__always)
func now() -> Double {
    Double(Monotonic.now()) * 1e-9
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
    var a: [Double] = []
    var b: [Double] = []
    for _ in 0..<repetitions {
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

/// Formats a number with `digits` decimals and thousands separators (`12,345.6`).
func formatted(_ x: Double, digits: Int = 0) -> String {
    guard x.isFinite else { return "\(x)" }
    let text = String(format: "%.\(digits)f", abs(x))
    let parts = text.split(separator: ".", maxSplits: 1)
    var whole = String(parts[0])
    var grouped = ""
    while whole.count > 3 {
        grouped = "," + whole.suffix(3) + grouped
        whole = String(whole.dropLast(3))
    }
    grouped = whole + grouped
    if parts.count > 1 { grouped += "." + parts[1] }
    return (x < 0 ? "-" : "") + grouped
}

/// `low…high` for a throughput spread, with decimals when the figures are small (debug builds).
func spreadText(_ low: Double, _ high: Double) -> String {
    let digits = high < 100 ? 2 : 0
    return "\(formatted(low, digits: digits))…\(formatted(high, digits: digits))"
}
