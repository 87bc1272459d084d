/// Cumulative height gained and lost along a `HeightProfile`: the profile split where its grade changes
/// sign, so the height is monotonic between breakpoints; the totals at each breakpoint are summed once.
struct AscentProfile: Sendable, Hashable {
    /// Breakpoint stations (m, increasing), their heights (m), and the ascent and descent (m) before each.
    let stations: [Double], heights: [Double], ascents: [Double], descents: [Double]

    /// The profile of `heights`.
    init(_ heights: HeightProfile) {
        var stations: [Double] = []
        for i in heights.stations.indices {
            let b = heights.halfWidths[i]
            let s = heights.stations[i]
            if b > 0 {
                stations.append(s - b)
                // The grade g1 + (g2 − g1)(3x² − 2x³) is monotonic in x: one sign change at most.
                let g1 = heights.grades[i - 1]
                let g2 = heights.grades[i]
                if g1 * g2 < 0 {
                    var lo = 0.0
                    var hi = 1.0
                    for _ in 0..<60 {
                        let x = (lo + hi) / 2
                        let g = g1 + (g2 - g1) * (3 * x * x - 2 * x * x * x)
                        if (g < 0) == (g1 < 0) { lo = x } else { hi = x }
                    }
                    stations.append(s - b + 2 * b * (lo + hi) / 2)
                }
                stations.append(s + b)
            } else {
                stations.append(s)
            }
        }
        var h: [Double] = []
        var up: [Double] = []
        var down: [Double] = []
        var ascent = 0.0
        var descent = 0.0
        for (k, s) in stations.enumerated() {
            let height = heights.evaluate(s).height
            if k > 0 {
                let d = height - h[k - 1]
                if d > 0 { ascent += d } else { descent -= d }
            }
            h.append(height)
            up.append(ascent)
            down.append(descent)
        }
        self.stations = stations
        self.heights = h
        ascents = up
        descents = down
    }

    /// Height gained and lost (m) from the start to station `s` at height `height` (m).
    func totals(at s: Double, height: Double) -> (ascent: Double, descent: Double) {
        var hint = 0
        return totals(at: s, height: height, hint: &hint)
    }

    /// ``totals(at:height:)`` with a search hint (see `SearchHints`; the result does not depend on it).
    @inline(__always)
    func totals(at s: Double, height: Double, hint: inout Int) -> (ascent: Double, descent: Double) {
        guard s > stations[0] else { return (0, 0) }
        let low = stations.withUnsafeBufferPointer { stations in
            SearchHints.lastAtOrBelow(s, high: stations.count - 1, hint: &hint) { stations[$0] }
        }
        let d = height - heights[low]
        return (ascents[low] + max(d, 0), descents[low] + max(-d, 0))
    }
}
