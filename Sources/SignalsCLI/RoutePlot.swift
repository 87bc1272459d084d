import Foundation
import Location

/// Draws the SVG of `signals plot` for a route, readable without a map: the path in local east and north
/// metres (an azimuthal equidistant projection about the middle of the route: distances and directions
/// from the middle are exact) with the waypoints numbered, the start and the end, pauses, a scale bar and
/// north; the reported fixes around it when the route has an error model; then speed over time, and the
/// horizontal error against the reported horizontalAccuracy over time.
struct RoutePlot: PlotPage {
    let samples: [LocationSample]
    let timeline: RouteTimeline
    let title: String

    let lineHeight = 170.0, gap = 70.0

    /// East and north metres of each point from `centre`.
    static func project(_ points: [GeoCoordinate], about centre: GeoCoordinate) -> [(Double, Double)] {
        points.map { p in
            let r = Geodesic.wgs84.inverse(from: centre, to: p)
            let azimuth = r.initialAzimuth * .pi / 180
            return (r.distance * sin(azimuth), r.distance * cos(azimuth))
        }
    }

    func svg() -> String {
        let route = timeline.route
        let truth = samples.map(\.truth.coordinate)
        let all = truth + route.waypoints.map(\.coordinate)
        // The middle: the midpoint of the latitude range and of the shorter longitude range.
        let lats = all.map(\.latitude)
        let lons = all.map(\.longitude)
        let lonMin = lons.min() ?? 0
        let lonMax = lons.max() ?? 0
        var midLon = (lonMin + lonMax) / 2
        if lonMax - lonMin > 180 {  // across the antimeridian
            let shifted = lons.map { $0 < 0 ? $0 + 360 : $0 }
            midLon = ((shifted.min() ?? 0) + (shifted.max() ?? 0)) / 2
            if midLon > 180 { midLon -= 360 }
        }
        let centre = GeoCoordinate(latitude: ((lats.min() ?? 0) + (lats.max() ?? 0)) / 2, longitude: midLon)
        let path = RoutePlot.project(truth, about: centre)
        let marks = RoutePlot.project(route.waypoints.map(\.coordinate), about: centre)
        let fixes = route.error == nil ? [] : RoutePlot.project(samples.map(\.measured.coordinate), about: centre)

        let (x0, x1, y0, y1, mapHeight, metresPerPixel) = RoutePlot.mapBox(
            path + marks + fixes, width: plotWidth, maximumHeight: 620)
        let mapTop = top + 20
        func px(_ e: Double) -> Double { left + (e - x0) / (x1 - x0) * plotWidth }
        func py(_ n: Double) -> Double { mapTop + mapHeight - (n - y0) / (y1 - y0) * mapHeight }

        let height = mapTop + mapHeight + gap + 2 * (lineHeight + gap) + 10
        var out = SpectrumPlot.head(width: width, height: height, title: title)
        let plot = SpectrumPlot.self
        let frame = SpectrumPanel(left: left, plotWidth: plotWidth)
        out += frame.mapFrame(
            y: mapTop, height: mapHeight, name: "path", centre: centre, note: " (azimuthal equidistant)",
            east: (x0, x1), north: (y0, y1), px: px, py: py)
        // Fixes first, under the path.
        if !fixes.isEmpty {
            let step = max(1, fixes.count / 4000)
            out += "<g fill=\"#7f7f7f\" fill-opacity=\"0.45\">\n"
            for i in stride(from: 0, to: fixes.count, by: step) {
                out += "<circle cx=\"\(plot.f(px(fixes[i].0)))\" cy=\"\(plot.f(py(fixes[i].1)))\" r=\"1.6\"/>\n"
            }
            out += "</g>\n"
        }
        let pathPoints = RoutePlot.thin(path).map { plot.point(px($0.0), py($0.1)) }
        out +=
            "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" stroke-linejoin=\"round\" points=\"\(pathPoints.joined(separator: " "))\"/>\n"
        // Direction arrows along the path.
        if path.count > 10 {
            for k in 1...4 {
                let i = k * (path.count - 1) / 5
                let a = path[max(0, i - 1)]
                let b = path[min(path.count - 1, i + 1)]
                let angle = atan2(-(py(b.1) - py(a.1)), px(b.0) - px(a.0))
                guard px(b.0) != px(a.0) || py(b.1) != py(a.1) else { continue }
                out +=
                    "<path d=\"M 8 0 L -5 -5 L -5 5 Z\" fill=\"#1f77b4\" transform=\"translate(\(plot.f(px(path[i].0))) \(plot.f(py(path[i].1)))) rotate(\(plot.f(-angle * 180 / .pi)))\"/>\n"
            }
        }
        // Waypoints, numbered; pauses noted.
        for (i, m) in marks.enumerated() {
            let w = route.waypoints[i]
            let x = px(m.0)
            let y = py(m.1)
            let colour = i == 0 ? "#2ca02c" : (i == marks.count - 1 && !route.loops ? "#d62728" : "#ff7f0e")
            out +=
                "<circle cx=\"\(plot.f(x))\" cy=\"\(plot.f(y))\" r=\"5\" fill=\"white\" stroke=\"\(colour)\" stroke-width=\"2.5\"><title>waypoint \(i): \(w.latitude), \(w.longitude)</title></circle>\n"
            var label = "\(i)"
            if w.pause > 0 { label += " · pause \(plot.number(w.pause)) s" }
            if let t = w.time { label += " · t \(plot.number(t)) s" }
            if marks.count <= 60 || w.pause > 0 {
                let nearRight = x > left + plotWidth - 7 * Double(label.count) - 12
                out +=
                    "<text x=\"\(plot.f(nearRight ? x - 8 : x + 8))\" y=\"\(plot.f(y - 7))\" font-size=\"11\"\(nearRight ? " text-anchor=\"end\"" : "")>\(plot.escape(label))</text>\n"
            }
        }
        // North arrow and scale bar.
        let nx = left + 22
        let ny = mapTop + 12
        out +=
            "<path d=\"M \(plot.f(nx)) \(plot.f(ny)) l -6 16 l 6 -4 l 6 4 Z\" fill=\"black\"/><text x=\"\(plot.f(nx))\" y=\"\(plot.f(ny + 30))\" text-anchor=\"middle\" font-weight=\"bold\">N</text>\n"
        let bar = plot.ticks(0, metresPerPixel * 150).dropFirst().first ?? metresPerPixel * 100
        let bx = left + 15
        let by = mapTop + mapHeight - 15
        out +=
            "<line x1=\"\(plot.f(bx))\" y1=\"\(plot.f(by))\" x2=\"\(plot.f(bx + bar / metresPerPixel))\" y2=\"\(plot.f(by))\" stroke=\"black\" stroke-width=\"3\"/>\n"
        out +=
            "<text x=\"\(plot.f(bx))\" y=\"\(plot.f(by - 6))\">\(bar >= 1000 ? plot.number(bar / 1000) + " km" : plot.number(bar) + " m")</text>\n"
        var entries = [
            ("line", "#1f77b4", "true path"), ("circle", "#2ca02c", "start (waypoint 0)"),
            ("circle", "#ff7f0e", "waypoint"),
        ]
        if !route.loops { entries.append(("circle", "#d62728", "end")) }
        if !fixes.isEmpty { entries.append(("circle", "#7f7f7f", "reported fix")) }
        out += frame.legend(y: mapTop, entries: entries)

        // Speed over time.
        let times = samples.map(\.truth.timestamp)
        let t0 = times.first ?? 0
        let t1 = max(times.last ?? 1, t0 + 1e-9)
        func tx(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }
        let speedTop = mapTop + mapHeight + gap
        let speeds = samples.map(\.truth.speed)
        let vmax = max(speeds.max() ?? 1, 0.1) * 1.1
        func vy(_ v: Double) -> Double { speedTop + lineHeight - v / vmax * lineHeight }
        out += frame.frame(
            y: speedTop, height: lineHeight, title: "speed over time",
            xLabel: "time (s)", yLabel: "speed (m/s)",
            xTicks: plot.ticks(t0, t1).map { (tx($0), plot.number($0)) },
            yTicks: plot.ticks(0, vmax).map { (vy($0), plot.number($0)) })
        out +=
            "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"\(RoutePlot.thin(Array(zip(times, speeds))).map { plot.point(tx($0.0), vy($0.1)) }.joined(separator: " "))\"/>\n"
        // Arrivals at the waypoints, in every pass shown (at most 200 lines).
        let pass = timeline.passDuration
        var arrivals: [Double] = []
        let passes = route.loops && pass > 0 ? Int(min(((t1 - t0) / pass).rounded(.up) + 1, 200)) : 1
        let firstPass = route.loops && pass > 0 ? (t0 / pass).rounded(.down) : 0
        for p in 0..<passes {
            for (i, w) in timeline.waypointTimes.enumerated() where i > 0 || (route.loops && p > 0) {
                let t = (firstPass + Double(p)) * pass + w.arrival
                if t >= t0 && t <= t1 && arrivals.count < 200 { arrivals.append(t) }
            }
        }
        for t in arrivals {
            out +=
                "<line x1=\"\(plot.f(tx(t)))\" y1=\"\(plot.f(speedTop))\" x2=\"\(plot.f(tx(t)))\" y2=\"\(plot.f(speedTop + lineHeight))\" stroke=\"#ff7f0e\" stroke-dasharray=\"3 3\"/>\n"
        }
        out += frame.legend(
            y: speedTop, entries: [("line", "#1f77b4", "true speed"), ("line", "#ff7f0e", "waypoint arrival")])

        // Accuracy over time.
        let accuracyTop = speedTop + lineHeight + gap
        let errors = samples.map(\.error.horizontal)
        let accuracy = route.error?.horizontalAccuracy ?? 0
        let emax = max(errors.max() ?? 0, accuracy, 1) * 1.1
        func ey(_ e: Double) -> Double { accuracyTop + lineHeight - e / emax * lineHeight }
        let title =
            route.error.map {
                "horizontal error and reported accuracy (σ \(plot.number($0.sigma)) m, τ \(plot.number($0.correlationTime)) s, jitter \(plot.number($0.jitter)) m, seed \($0.seed))"
            }
            ?? "horizontal error: none (no error model; the truth is reported, accuracy 0)"
        out += frame.frame(
            y: accuracyTop, height: lineHeight, title: title, xLabel: "time (s)", yLabel: "metres",
            xTicks: plot.ticks(t0, t1).map { (tx($0), plot.number($0)) },
            yTicks: plot.ticks(0, emax).map { (ey($0), plot.number($0)) })
        out +=
            "<polyline fill=\"none\" stroke=\"#7f7f7f\" stroke-width=\"1\" points=\"\(RoutePlot.thin(Array(zip(times, errors))).map { plot.point(tx($0.0), ey($0.1)) }.joined(separator: " "))\"/>\n"
        out +=
            "<line x1=\"\(plot.f(left))\" y1=\"\(plot.f(ey(accuracy)))\" x2=\"\(plot.f(left + plotWidth))\" y2=\"\(plot.f(ey(accuracy)))\" stroke=\"#d62728\" stroke-width=\"1.5\"/>\n"
        let inside = errors.isEmpty ? 0 : Double(errors.filter { $0 <= accuracy }.count) / Double(errors.count)
        out += frame.legend(
            y: accuracyTop,
            entries: [
                ("line", "#7f7f7f", "|reported − true|"),
                ("line", "#d62728", "horizontalAccuracy"),
                ("none", "", "\(Int((inside * 100).rounded())) % within it"),
            ])
        return out + "</svg>\n"
    }

    /// The map's extent in metres and its height in pixels for `points` (east, north metres) drawn `width`
    /// pixels wide: equal metres per pixel both ways (the map keeps its shape), 10 % margin, the height
    /// following the points' shape between 260 pixels and `maximumHeight`.
    static func mapBox(
        _ points: [(Double, Double)], width: Double, maximumHeight: Double
    )
        -> (x0: Double, x1: Double, y0: Double, y1: Double, height: Double, metresPerPixel: Double)
    {
        let xs = points.map(\.0)
        let ys = points.map(\.1)
        let x0 = xs.min() ?? -1
        let x1 = xs.max() ?? 1
        let y0 = ys.min() ?? -1
        let y1 = ys.max() ?? 1
        let cx = (x0 + x1) / 2
        let cy = (y0 + y1) / 2
        let dx = max(x1 - x0, 1) * 1.1
        let dy = max(y1 - y0, 1) * 1.1
        let height = min(max(width * dy / dx, 260), maximumHeight)
        let m = max(dx / width, dy / height)
        return (cx - m * width / 2, cx + m * width / 2, cy - m * height / 2, cy + m * height / 2, height, m)
    }

    /// At most about 4,000 points of a polyline (every k-th, the last kept).
    static func thin<T>(_ points: [T]) -> [T] {
        guard points.count > 4000 else { return points }
        let step = points.count / 4000 + 1
        var out = stride(from: 0, to: points.count, by: step).map { points[$0] }
        if let last = points.last, (points.count - 1) % step != 0 { out.append(last) }
        return out
    }
}

extension Double {
    /// Rounded to `places` decimals.
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
