import Foundation
import Location

/// The bench route: 64 waypoints of a wandering 20 km walk through London at 1.4 m/s, no pauses (the same
/// list as Benchmarks/geographiclib_route_positions.py, which measures Python geographiclib on the same
/// points for scale).
func benchRoute() -> Route {
    Route(
        speed: 1.4,
        waypoints: (0..<64).map { i in
            let x = Double(i)
            return Waypoint(
                latitude: 51.5 + 0.02 * sin(x * 0.37), longitude: -0.12 + 0.03 * x / 64 + 0.01 * cos(x * 0.53))
        })
}

/// The `route` rows: true positions per second (a binary search over the 63 legs' start times plus one
/// geodesic evaluation with the leg's `GeodesicLine` constants precomputed) at 2^20 times spread evenly over
/// the route, beside the direct problem solved from scratch at each point (what a route without cached
/// lines would pay); and reported fixes per second through a `RouteSampler` cursor (truth, Gauss–Markov
/// error on three axes, and the geodesic offset of the measurement).
func routeRows(quick: Bool, wanted: (String) -> Bool) throws -> [Row] {
    var rows: [Row] = []
    let route = benchRoute()
    let timeline = try route.timeline()
    let count = quick ? 1 << 17 : 1 << 20
    let reps = quick ? 3 : 9
    let step = timeline.passDuration / Double(count)
    let name = "route positions [64 waypoints, 1 core]"
    if wanted(name) {
        let starts = route.waypoints.map { $0.coordinate }
        let legs = zip(starts, starts.dropFirst()).map { Geodesic.wgs84.inverse(from: $0, to: $1) }
        var legStart = [0.0]
        for leg in legs { legStart.append(legStart[legStart.count - 1] + leg.distance) }
        let (t, b) = interleaved(
            repetitions: reps,
            {
                var sum = 0.0
                for k in 0..<count { sum += timeline.location(at: Double(k) * step).latitude }
                blackHole(sum)
            },
            baseline: {
                // The same points by the direct problem from the leg's start, no precomputed line.
                var sum = 0.0
                for k in 0..<count / 16 {
                    let s = 1.4 * Double(k * 16) * step
                    var i = 0
                    while i + 1 < legs.count && legStart[i + 1] <= s { i += 1 }
                    sum +=
                        Geodesic.wgs84.direct(
                            from: starts[i], azimuth: legs[i].initialAzimuth, distance: s - legStart[i]
                        ).latitude
                }
                blackHole(sum)
            })
        let value = Double(count) / t.median / 1e6
        let baseValue = Double(count / 16) / b.median / 1e6
        rows.append(
            Row(
                name: name, unit: "Mpositions/s", value: value,
                baseline: "direct problem per point (no cached line)", baselineValue: baseValue,
                ratio: value / baseValue,
                spread: spreadText(Double(count) / t.max / 1e6, Double(count) / t.min / 1e6)))
    }
    let fixes = "route fixes with GNSS error [cursor, 1 core]"
    if wanted(fixes) {
        var noisy = route
        noisy.error = GNSSErrorModel(sigma: 3, correlationTime: 60, jitter: 0.5, seed: 1)
        let sampler = try noisy.sampler(sampleRate: 1 / step)
        var timings: [Double] = []
        let n = count / 8
        for _ in 0..<reps {
            var cursor = try sampler.cursor()
            let t0 = now()
            var sum = 0.0
            for _ in 0..<n { sum += cursor.next().measured.latitude }
            timings.append(now() - t0)
            blackHole(sum)
        }
        let t = Timing(seconds: timings)
        rows.append(
            Row(
                name: fixes, unit: "Mfixes/s", value: Double(n) / t.median / 1e6,
                spread: spreadText(Double(n) / t.max / 1e6, Double(n) / t.min / 1e6)))
    }
    return rows
}
