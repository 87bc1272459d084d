import Dispatch
import Foundation

/// Lateness figures of one playback, in microseconds.
struct LatenessFigures {
    /// Median lateness (µs).
    var p50: Double
    /// 99th percentile lateness (µs).
    var p99: Double
    /// Worst lateness (µs).
    var max: Double
    /// Time of the last delivery minus its ideal time `t0 + timestamp` (µs).
    var finalDrift: Double
}

extension LatenessFigures {
    /// Percentiles of `lateness` (seconds) by the nearest-rank method.
    init(lateness: [Double], finalDrift: Double) {
        let sorted = lateness.sorted()
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let k = Int((p * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, k))] * 1e6
        }
        p50 = rank(0.5)
        p99 = rank(0.99)
        max = (sorted.last ?? 0) * 1e6
        self.finalDrift = finalDrift * 1e6
    }
}

/// The original Runner's timing: each point schedules the next one with
/// `DispatchQueue.asyncAfter(deadline: .now() + interval)` (a recursion of relative delays).
///
/// Lateness of a point is measured as the original would see it: against the deadline that its own
/// `asyncAfter` asked for. The relative delays add up, so the final drift against the absolute
/// schedule `t0 + n / rate` grows with the run; it is reported separately.
func asyncAfterBaseline(rate: Double, count: Int) -> LatenessFigures {
    final class State: @unchecked Sendable {  // touched only on the serial queue, then after `done`
        var lateness: [Double] = []
        var finalDrift = 0.0
        let done = DispatchSemaphore(value: 0)
    }
    let state = State()
    state.lateness.reserveCapacity(count)
    let queue = DispatchQueue(label: "bench.asyncAfter", qos: .userInteractive)
    let interval = 1 / rate
    let start = now()

    @Sendable func fire(_ index: Int, deadline: Double) {
        let t = now()
        state.lateness.append(t - deadline)
        if index + 1 == count {
            state.finalDrift = t - (start + Double(index) * interval)
            state.done.signal()
            return
        }
        let next = now() + interval
        queue.asyncAfter(deadline: .now() + interval) { fire(index + 1, deadline: next) }
    }
    queue.async { fire(0, deadline: start) }
    state.done.wait()
    return LatenessFigures(lateness: state.lateness, finalDrift: state.finalDrift)
}
