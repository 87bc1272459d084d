/// Height above the ellipsoid along the path's station: straight grades between the waypoints' stations,
/// each corner rounded by a smooth change of grade (`g1 + (g2 − g1)(3x² − 2x³)` over `2b` metres centred on the
/// corner, `b` a quarter of the shorter neighbouring interval), so height, grade and the grade's derivative
/// are continuous, and with them the vertical velocity `h′ v` and acceleration `h″ v² + h′ a`.
/// The rounded profile passes `3 b (g2 − g1) / 16` above a waypoint's height (below it at a crest).
struct HeightProfile: Sendable, Hashable {
    /// Stations (m) and heights (m) of the waypoints, stations increasing.
    let stations: [Double], heights: [Double]
    /// Grade of each interval (dimensionless).
    let grades: [Double]
    /// Half-width (m) of the rounding at each waypoint (0 at the ends).
    let halfWidths: [Double]

    /// The profile through `heights` (m) at `stations` (m, strictly increasing, at least 2).
    init(stations: [Double], heights: [Double]) {
        self.stations = stations
        self.heights = heights
        var grades: [Double] = []
        for k in 0..<stations.count - 1 {
            let rise: Double = heights[k + 1] - heights[k]
            let run: Double = stations[k + 1] - stations[k]
            grades.append(rise / run)
        }
        self.grades = grades
        halfWidths = stations.indices.map { i in
            guard i > 0, i < stations.count - 1 else { return 0 }
            return 0.25 * min(stations[i] - stations[i - 1], stations[i + 1] - stations[i])
        }
    }

    /// Height (m), grade `dh/ds` and its derivative `d²h/ds²` (1/m) at station `s` (m).
    func evaluate(_ s: Double) -> (height: Double, grade: Double, curvature: Double) {
        var hint = 0
        return evaluate(s, hint: &hint)
    }

    /// ``evaluate(_:)`` with a search hint (see `SearchHints`; the result does not depend on it).
    @inline(__always)
    func evaluate(_ s: Double, hint: inout Int) -> (height: Double, grade: Double, curvature: Double) {
        let n = stations.count
        let s = min(max(s, stations[0]), stations[n - 1])
        let low = stations.withUnsafeBufferPointer { stations in
            SearchHints.lastAtOrBelow(s, high: n - 2, hint: &hint) { stations[$0] }
        }
        // The corner this station may be rounding: the interval's start or end.
        for i in low...low + 1 where halfWidths[i] > 0 && abs(s - stations[i]) < halfWidths[i] {
            let b = halfWidths[i]
            let g1 = grades[i - 1]
            let g2 = grades[i]
            let u: Double = s - stations[i] + b
            let x: Double = u / (2 * b)
            let x2: Double = x * x
            let rounding: Double = (g2 - g1) * 2 * b * (x2 * x - x2 * x2 / 2)
            let height: Double = heights[i] - g1 * b + g1 * u + rounding
            let grade: Double = g1 + (g2 - g1) * (3 * x2 - 2 * x2 * x)
            let bend: Double = (g2 - g1) * (6 * x - 6 * x2) / (2 * b)
            return (height, grade, bend)
        }
        return (heights[low] + grades[low] * (s - stations[low]), grades[low], 0)
    }
}
