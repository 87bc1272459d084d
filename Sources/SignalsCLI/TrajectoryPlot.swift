import Foundation
import Location
import Navigation

/// Draws the SVG of `signals plot` for a trajectory: the true path in local east and north metres with
/// the waypoints and the GNSS fixes, then, over time, the speed, the headings, the height and pressure,
/// and each sensor's readings (IMU, magnetometer) beside the truth.
struct TrajectoryPlot: PlotPage {
    /// The truth at the plot's rate.
    let states: [TrajectoryState]
    /// The sensors' rows (`t` then the stream's columns), by stream kind.
    let streams: [TrajectorySeries.Kind: (stream: TrajectorySeries, rows: [Double])]
    let trajectory: Trajectory
    let title: String

    let lineHeight = 150.0, gap = 65.0

    /// One time series: its legend, colour and (t, value) points.
    typealias Series = (name: String, colour: String, points: [(Double, Double)])

    func svg() -> String {
        let plot = SpectrumPlot.self
        let frame = SpectrumPanel(left: left, plotWidth: plotWidth)
        let centre = GeoCoordinate(
            latitude: states.map(\.latitude).reduce(0, +) / Double(max(states.count, 1)),
            longitude: states.map(\.longitude).reduce(0, +) / Double(max(states.count, 1)))
        let path = RoutePlot.project(
            states.map { GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude) }, about: centre)
        let marks = RoutePlot.project(trajectory.legs.flatMap(\.route.waypoints).map(\.coordinate), about: centre)
        var fixes: [(Double, Double)] = []
        if let g = streams[.gnss] {
            let w = 1 + g.stream.columns.count
            let coordinates = stride(from: 0, to: g.rows.count, by: w).map {
                GeoCoordinate(latitude: g.rows[$0 + 1], longitude: g.rows[$0 + 2])
            }
            fixes = RoutePlot.project(coordinates, about: centre)
        }
        let (x0, x1, y0, y1, mapHeight, _) = RoutePlot.mapBox(
            path + marks + fixes, width: plotWidth, maximumHeight: 560)
        let mapTop = top + 20
        func px(_ e: Double) -> Double { left + (e - x0) / (x1 - x0) * plotWidth }
        func py(_ n: Double) -> Double { mapTop + mapHeight - (n - y0) / (y1 - y0) * mapHeight }

        var panels: [(title: String, unit: String, series: [Series])] = []
        let t = states.map(\.time)
        func truth(_ f: (TrajectoryState) -> Double) -> [(Double, Double)] { Array(zip(t, states.map(f))) }
        panels.append(
            (
                "speed (\(trajectory.legs.count > 1 ? trajectory.legs.map { $0.vehicle.name ?? "custom vehicle" }.joined(separator: ", then ") : trajectory.vehicle.name ?? "custom vehicle"))",
                "m/s",
                [("true speed", "#1f77b4", truth(\.speed))]
            ))
        panels.append(
            (
                "headings", "degrees",
                [
                    ("true heading", "#1f77b4", truth(\.trueHeading)),
                    ("magnetic heading", "#ff7f0e", truth(\.magneticHeading)),
                    ("course", "#7f7f7f", truth(\.course)),
                ]
            ))
        panels.append(
            (
                "height above mean sea level (EGM96)", "m",
                [("altitude.msl", "#2ca02c", truth(\.altitudeAboveMeanSeaLevel))]
            ))
        func sensor(_ kind: TrajectorySeries.Kind, _ columns: [(Int, String, String)]) -> [Series] {
            guard let s = streams[kind] else { return [] }
            let w = 1 + s.stream.columns.count
            return columns.map { column, name, colour in
                (name, colour, stride(from: 0, to: s.rows.count, by: w).map { (s.rows[$0], s.rows[$0 + 1 + column]) })
            }
        }
        if streams[.barometer] != nil {
            panels.append(("barometer", "Pa", sensor(.barometer, [(0, "pressure", "#9467bd")])))
        }
        if let imu = trajectory.sensors.imu {
            let unit = imu.accelerometerUnit == .g ? "g" : "m/s²"
            panels.append(
                (
                    "accelerometer (IMU, device frame)", unit,
                    sensor(.imu, [(0, "x", "#d62728"), (1, "y", "#2ca02c"), (2, "z", "#1f77b4")])
                ))
            panels.append(
                (
                    "gyroscope (IMU, device frame)", "rad/s",
                    sensor(.imu, [(3, "x", "#d62728"), (4, "y", "#2ca02c"), (5, "z", "#1f77b4")])
                ))
        } else {
            panels.append(
                (
                    "specific force (truth, device frame)", "m/s²",
                    [
                        ("x", "#d62728", truth(\.specificForce.x)), ("y", "#2ca02c", truth(\.specificForce.y)),
                        ("z", "#1f77b4", truth(\.specificForce.z)),
                    ]
                ))
        }
        if streams[.magnetometer] != nil {
            panels.append(
                (
                    "magnetometer (device frame)", "µT",
                    sensor(.magnetometer, [(0, "x", "#d62728"), (1, "y", "#2ca02c"), (2, "z", "#1f77b4")])
                ))
        }

        let height = mapTop + mapHeight + gap + Double(panels.count) * (lineHeight + gap) + 10
        var out = SpectrumPlot.head(width: width, height: height, title: title)
        out += frame.mapFrame(
            y: mapTop, height: mapHeight, name: "true path", centre: centre, east: (x0, x1), north: (y0, y1),
            px: px, py: py)
        if !fixes.isEmpty {
            out += "<g fill=\"#7f7f7f\" fill-opacity=\"0.5\">\n"
            for f in RoutePlot.thin(fixes) {
                out += "<circle cx=\"\(plot.f(px(f.0)))\" cy=\"\(plot.f(py(f.1)))\" r=\"1.8\"/>\n"
            }
            out += "</g>\n"
        }
        out +=
            "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" stroke-linejoin=\"round\" points=\"\(RoutePlot.thin(path).map { plot.point(px($0.0), py($0.1)) }.joined(separator: " "))\"/>\n"
        for (i, m) in marks.enumerated() {
            let colour = i == 0 ? "#2ca02c" : (i == marks.count - 1 ? "#d62728" : "#ff7f0e")
            out +=
                "<circle cx=\"\(plot.f(px(m.0)))\" cy=\"\(plot.f(py(m.1)))\" r=\"5\" fill=\"white\" stroke=\"\(colour)\" stroke-width=\"2.5\"/>\n"
            if marks.count <= 60 {
                out += "<text x=\"\(plot.f(px(m.0) + 8))\" y=\"\(plot.f(py(m.1) - 7))\" font-size=\"11\">\(i)</text>\n"
            }
        }
        var entries = [
            ("line", "#1f77b4", "true path"), ("circle", "#2ca02c", "start"), ("circle", "#ff7f0e", "waypoint"),
            ("circle", "#d62728", "end"),
        ]
        if !fixes.isEmpty { entries.append(("circle", "#7f7f7f", "GNSS fix")) }
        out += frame.legend(y: mapTop, entries: entries)

        let t0 = t.first ?? 0
        let t1 = max(t.last ?? 1, t0 + 1e-9)
        func tx(_ v: Double) -> Double { left + (v - t0) / (t1 - t0) * plotWidth }
        var y = mapTop + mapHeight + gap
        for panel in panels {
            let values = panel.series.flatMap { $0.points.map(\.1) }.filter(\.isFinite)
            let (lo, hi) = plot.padded(values.min() ?? 0, values.max() ?? 1, minimumSpan: 1e-9)
            let top = y
            func vy(_ v: Double) -> Double { top + lineHeight - (v - lo) / (hi - lo) * lineHeight }
            out += frame.frame(
                y: y, height: lineHeight, title: panel.title, xLabel: "time (s)", yLabel: panel.unit,
                xTicks: plot.ticks(t0, t1).map { (tx($0), plot.number($0)) },
                yTicks: plot.ticks(lo, hi).map { (vy($0), plot.number($0)) })
            for s in panel.series {
                let points = RoutePlot.thin(s.points.filter { $0.1.isFinite && $0.0 >= t0 && $0.0 <= t1 })
                out +=
                    "<polyline fill=\"none\" stroke=\"\(s.colour)\" stroke-width=\"1.2\" points=\"\(points.map { plot.point(tx($0.0), vy($0.1)) }.joined(separator: " "))\"/>\n"
            }
            out += frame.legend(y: y, entries: panel.series.map { ("line", $0.colour, $0.name) })
            y += lineHeight + gap
        }
        return out + "</svg>\n"
    }
}
