import Foundation
import Sensors

/// Draws the SVG of `signals allan --plot`: a log–log plot of each channel's Allan deviation with its
/// fitted lines (slope −1/2 through N at τ = 1 s, slope +1/2 through K at τ = 3 s, the flat 0.664·B).
struct AllanPlot {
    struct Curve {
        let name: String
        let unit: String
        let adev: AllanDeviation
        let fit: AllanFit?
        /// Factor applied to the curve and fits (unit conversion).
        let scale: Double
    }

    let curves: [Curve]
    let title: String

    let width = 1000.0, height = 640.0
    let left = 90.0, right = 230.0, top = 50.0, bottom = 70.0
    static let colors = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f",
    ]

    func svg() -> String {
        let taus = curves.flatMap(\.adev.taus)
        let values = curves.flatMap { c in c.adev.deviations.map { $0 * c.scale } }.filter { $0 > 0 }
        var t0 = log10(taus.min() ?? 0.01)
        var t1 = log10(taus.max() ?? 1)
        var v0 = log10(values.min() ?? 1e-6)
        var v1 = log10(values.max() ?? 1)
        t0 = t0.rounded(.down)
        t1 = max(t0 + 1, t1.rounded(.up))
        v0 = (v0 - 0.3).rounded(.down)
        v1 = max(v0 + 1, (v1 + 0.1).rounded(.up))
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func px(_ tau: Double) -> Double { left + (log10(tau) - t0) / (t1 - t0) * plotWidth }
        func py(_ v: Double) -> Double { top + plotHeight - (log10(max(v, 1e-300)) - v0) / (v1 - v0) * plotHeight }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect x="0" y="0" width="\(Int(width))" height="\(Int(height))" fill="white"/>
            <text x="\(Int((left + width - right) / 2))" y="28" text-anchor="middle" font-size="16" font-weight="bold">\(SpectrumPlot.escape(title))</text>
            <rect x="\(left)" y="\(top)" width="\(plotWidth)" height="\(plotHeight)" fill="none" stroke="#333"/>

            """
        // Decade grid and labels.
        for d in Int(t0)...Int(t1) {
            let x = px(pow(10, Double(d)))
            out +=
                "<line x1=\"\(SpectrumPlot.f(x))\" y1=\"\(top)\" x2=\"\(SpectrumPlot.f(x))\" y2=\"\(top + plotHeight)\" stroke=\"#ddd\"/>\n"
            out +=
                "<text x=\"\(SpectrumPlot.f(x))\" y=\"\(top + plotHeight + 18)\" text-anchor=\"middle\">1e\(d)</text>\n"
        }
        for d in Int(v0)...Int(v1) {
            let y = py(pow(10, Double(d)))
            out +=
                "<line x1=\"\(left)\" y1=\"\(SpectrumPlot.f(y))\" x2=\"\(left + plotWidth)\" y2=\"\(SpectrumPlot.f(y))\" stroke=\"#ddd\"/>\n"
            out += "<text x=\"\(left - 8)\" y=\"\(SpectrumPlot.f(y + 4))\" text-anchor=\"end\">1e\(d)</text>\n"
        }
        let units = Set(curves.map(\.unit)).sorted().joined(separator: ", ")
        out +=
            "<text x=\"\(Int(left + plotWidth / 2))\" y=\"\(Int(height - 25))\" text-anchor=\"middle\">averaging time τ (s)</text>\n"
        out +=
            "<text transform=\"translate(25 \(Int(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">Allan deviation (\(SpectrumPlot.escape(units)))</text>\n"
        out +=
            "<clipPath id=\"plot\"><rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotWidth)\" height=\"\(plotHeight)\"/></clipPath>\n<g clip-path=\"url(#plot)\">\n"
        let lo = pow(10, t0)
        let hi = pow(10, t1)
        for (k, c) in curves.enumerated() {
            let color = AllanPlot.colors[k % AllanPlot.colors.count]
            let points = zip(c.adev.taus, c.adev.deviations).map { SpectrumPlot.point(px($0), py($1 * c.scale)) }
            out +=
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\"/>\n"
            for p in points {
                let xy = p.split(separator: ",")
                out += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"2.5\" fill=\"\(color)\"/>\n"
            }
            guard let fit = c.fit else { continue }
            let n = fit.noiseDensity.value * c.scale
            let kk = fit.randomWalk.value * c.scale
            let b = fit.biasInstability.value * c.scale
            if n > 0 {
                out +=
                    "<line x1=\"\(SpectrumPlot.f(px(lo)))\" y1=\"\(SpectrumPlot.f(py(n / lo.squareRoot())))\" x2=\"\(SpectrumPlot.f(px(hi)))\" y2=\"\(SpectrumPlot.f(py(n / hi.squareRoot())))\" stroke=\"\(color)\" stroke-dasharray=\"6 4\" stroke-width=\"1\"/>\n"
            }
            if kk > 0 {
                out +=
                    "<line x1=\"\(SpectrumPlot.f(px(lo)))\" y1=\"\(SpectrumPlot.f(py(kk * (lo / 3).squareRoot())))\" x2=\"\(SpectrumPlot.f(px(hi)))\" y2=\"\(SpectrumPlot.f(py(kk * (hi / 3).squareRoot())))\" stroke=\"\(color)\" stroke-dasharray=\"2 3\" stroke-width=\"1\"/>\n"
            }
            out +=
                "<line x1=\"\(SpectrumPlot.f(px(lo)))\" y1=\"\(SpectrumPlot.f(py(b * AllanFit.flickerFloor)))\" x2=\"\(SpectrumPlot.f(px(hi)))\" y2=\"\(SpectrumPlot.f(py(b * AllanFit.flickerFloor)))\" stroke=\"\(color)\" stroke-dasharray=\"1 5\" stroke-width=\"1\"/>\n"
            out +=
                "<circle cx=\"\(SpectrumPlot.f(px(1)))\" cy=\"\(SpectrumPlot.f(py(n)))\" r=\"4\" fill=\"none\" stroke=\"\(color)\"/>\n"
            if kk > 0 {
                out +=
                    "<circle cx=\"\(SpectrumPlot.f(px(3)))\" cy=\"\(SpectrumPlot.f(py(kk)))\" r=\"4\" fill=\"none\" stroke=\"\(color)\"/>\n"
            }
        }
        out += "</g>\n"
        // Legend.
        var y = top + 10
        for (k, c) in curves.enumerated() {
            let color = AllanPlot.colors[k % AllanPlot.colors.count]
            out +=
                "<line x1=\"\(width - right + 15)\" y1=\"\(y)\" x2=\"\(width - right + 40)\" y2=\"\(y)\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            out += "<text x=\"\(width - right + 46)\" y=\"\(y + 4)\">\(SpectrumPlot.escape(c.name))</text>\n"
            y += 18
        }
        y += 10
        for (dash, label) in [
            ("6 4", "N/√τ (slope −1/2), ○ at τ = 1 s"), ("2 3", "K·√(τ/3) (slope +1/2), ○ at τ = 3 s"),
            ("1 5", "0.664·B (flat minimum)"),
        ] {
            out +=
                "<line x1=\"\(width - right + 15)\" y1=\"\(y)\" x2=\"\(width - right + 40)\" y2=\"\(y)\" stroke=\"#333\" stroke-dasharray=\"\(dash)\"/>\n"
            out +=
                "<text x=\"\(width - right + 46)\" y=\"\(y + 4)\" font-size=\"10\">\(SpectrumPlot.escape(label))</text>\n"
            y += 18
        }
        out += "</svg>\n"
        return out
    }
}
