import Dispatch
import Foundation
import Playback
import Signals

/// The motion played in the Runner rows (and rendered in the `motion` rows): the example plus a
/// triangle and uniform noise, so every kernel kind is in the play loop.
func benchMotion() -> MotionSignal {
    MotionSignal {
        UserAcceleration(
            x: Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5), y: Constant(0),
            z: Noise(amplitude: 0.02, seed: 1))
        Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
        RotationRate(
            x: Square(amplitude: 0.1, frequency: 0.5), y: Triangle(amplitude: 0.2, frequency: 2),
            z: Noise(amplitude: 0.01, distribution: .uniform, seed: 2))
    }
}

/// Plays `seconds` of the bench motion at `rate` through a real-time ``Runner`` with `timing`, handler
/// empty, and returns its lateness figures (the Runner's own statistics: lateness of each delivery
/// against its absolute deadline `t0 + timestamp`).
func runnerFigures(rate: Double, seconds: Double, timing: TimingPolicy) throws -> LatenessFigures {
    let points = try benchMotion().points(sampleRate: rate, duration: seconds)
    let runner = Runner()
    final class Box: @unchecked Sendable { var summary: PlaybackSummary? }  // written before `done` signals
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    try runner.start(
        points, options: PlaybackOptions(timing: timing, latePolicy: .deliverLate),
        handler: { point in
            blackHole(point)
        },
        completion: { summary in
            box.summary = summary
            done.signal()
        })
    done.wait()
    guard let summary = box.summary, summary.reason == .finished else {
        throw BenchError("runner run did not finish: \(String(describing: box.summary))")
    }
    let s = summary.statistics
    let us = LatenessStatistics.microseconds
    return LatenessFigures(p50: us(s.p50), p99: us(s.p99), max: us(s.max), finalDrift: us(s.finalDrift))
}

/// Runner rows: lateness p50/p99/max and final drift at 100 Hz and 1 kHz with each timing policy, beside
/// the original's recursive `asyncAfter`, in rounds that interleave the three (the median of the rounds'
/// p50 and p99, the largest max and drift).
func runnerRows(quick: Bool, wanted: (String) -> Bool) throws -> [Row] {
    var rows: [Row] = []
    let rounds = quick ? 1 : 5
    let seconds = quick ? 0.5 : 2
    let policies: [(String, TimingPolicy)] = [("precise", .precise), ("efficient", .efficient)]
    for (rateName, rate) in [("100 Hz", 100.0), ("1 kHz", 1000.0)] {
        let names = policies.map { "runner \(rateName) \($0.0)" }
        guard
            names.contains(where: { name in
                ["p50", "p99", "max", "drift"].contains {
                    wanted("\(name) lateness \($0)") || wanted("\(name) final \($0)")
                }
            })
        else { continue }
        var baseline: [LatenessFigures] = []
        var measured: [[LatenessFigures]] = Array(repeating: [], count: policies.count)
        for _ in 0..<rounds {
            baseline.append(asyncAfterBaseline(rate: rate, count: Int(rate * seconds)))
            for (k, policy) in policies.enumerated() {
                measured[k].append(try runnerFigures(rate: rate, seconds: seconds, timing: policy.1))
            }
        }
        let base = LatenessFigures.combine(baseline)
        let baseName = "DispatchQueue.asyncAfter recursion (original Runner)"
        for (k, name) in names.enumerated() {
            let m = LatenessFigures.combine(measured[k])
            let spread = "\(rounds) × \(formatted(seconds, digits: 1)) s, \(Int(rate * seconds)) points each"
            for (stat, value, baseValue) in [
                ("lateness p50", m.p50, base.p50), ("lateness p99", m.p99, base.p99),
                ("lateness max", m.max, base.max), ("final drift", m.finalDrift, base.finalDrift),
            ] {
                let rowName = "\(name) \(stat)"
                guard wanted(rowName) else { continue }
                // Lower is better here: the ratio says how many times lower than the baseline.
                rows.append(
                    Row(
                        name: rowName, unit: "µs", value: value, baseline: baseName, baselineValue: baseValue,
                        ratio: value > 0 ? abs(baseValue) / abs(value) : nil, spread: spread))
            }
        }
    }
    return rows
}

extension LatenessFigures {
    /// Combines rounds: the median of the p50s and p99s, the largest max and the largest |drift|.
    static func combine(_ rounds: [LatenessFigures]) -> LatenessFigures {
        func median(_ xs: [Double]) -> Double { Timing(seconds: xs).median }
        return LatenessFigures(
            p50: median(rounds.map(\.p50)), p99: median(rounds.map(\.p99)),
            max: rounds.map(\.max).max() ?? 0,
            finalDrift: rounds.map(\.finalDrift).max { abs($0) < abs($1) } ?? 0)
    }
}
