import Foundation
import SignalSpectrum

/// Draws the SVG of `signals compare -o report.svg`: the verdict, one panel per magnitude with both
/// recordings' power spectral densities overlaid (log–log, the 5-Hz line of the share feature and each
/// dominant frequency marked), and the feature table, each row green when similar, red when not, and
/// amber for an axis outside its tolerance (reported, not decisive).
struct CompareReportPlot {
    let report: RealismComparison

    let width = 1000.0
    let left = 90.0, plotWidth = 700.0
    let panelHeight = 240.0
    /// The colours of A and B.
    static let colors = ("#1f77b4", "#e6550d")
    /// The lowest frequency drawn (Hz): below the dominant-frequency band's 0.3 Hz.
    static let lowest = 0.1
    /// The most decades of density drawn below the highest.
    static let decades = 7.0

    func svg() -> String {
        let f = SpectrumPlot.f
        let escape = SpectrumPlot.escape
        let rowHeight = 17.0
        let tableTop = 110 + Double(report.spectra.count) * (panelHeight + 80) + 20
        let notes = report.omitted.flatMap { CompareReportPlot.wrap("not compared: \($0.name): \($0.reason)") }
        let height = tableTop + Double(report.rows.count + notes.count + 1) * rowHeight + 30
        let decisive = report.rows.filter(\.decisive).count
        let verdict =
            report.similar
            ? "similar"
            : "not similar: \(report.differences.count) of \(decisive) decisive features outside their tolerance"
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect x="0" y="0" width="\(Int(width))" height="\(Int(height))" fill="white"/>
            <text x="\(Int(left))" y="28" font-size="16" font-weight="bold">signals compare: <tspan fill="\(report.similar ? "#2ca02c" : "#d62728")">\(escape(verdict))</tspan></text>

            """
        for (k, (label, source)) in [("A", report.a), ("B", report.b)].enumerated() {
            let color = k == 0 ? CompareReportPlot.colors.0 : CompareReportPlot.colors.1
            let text =
                "\(label): \(source.name) — \(SpectrumPlot.number(round(source.duration * 10) / 10)) s at \(RealismComparison.number(source.sampleRate)) Hz, "
                + (source.hasGyroscope ? "gyroscope" : "no gyroscope")
                + (source.hasGravity ? "" : ", linear acceleration only")
            out += "<text x=\"\(Int(left))\" y=\"\(50 + 18 * k)\" fill=\"\(color)\">\(escape(text))</text>\n"
        }
        var bandText =
            "compared at \(RealismComparison.number(RealismComparison.analysisRate)) Hz up to \(RealismComparison.number(report.band)) Hz"
        if let angle = report.gravityAngle {
            bandText +=
                "; gravity directions \(RealismComparison.number(angle))° apart: axes "
                + (report.framesAgree ? "compared" : "not compared")
        }
        out += "<text x=\"\(Int(left))\" y=\"86\" fill=\"#555\">\(escape(bandText))</text>\n"
        for (k, pair) in report.spectra.enumerated() {
            out += panel(pair, top: 120 + Double(k) * (panelHeight + 80))
        }
        // The feature table.
        let columns: [(String, Double)] = [
            ("feature", left - 70), ("A", 430), ("B", 530), ("deviation", 630), ("tolerance", 730), ("result", 830),
        ]
        var y = tableTop
        for (title, x) in columns {
            out += "<text x=\"\(f(x))\" y=\"\(f(y))\" font-weight=\"bold\">\(escape(title))</text>\n"
        }
        out +=
            "<line x1=\"\(f(left - 70))\" y1=\"\(f(y + 5))\" x2=\"\(f(width - 40))\" y2=\"\(f(y + 5))\" stroke=\"#333\"/>\n"
        for row in report.rows {
            y += rowHeight
            let unit = row.feature.unit(on: row.channel)
            let color = row.similar ? "#2ca02c" : row.decisive ? "#d62728" : "#b8860b"
            if !row.similar && row.decisive {
                out +=
                    "<rect x=\"\(f(left - 74))\" y=\"\(f(y - 12))\" width=\"\(f(width - 40 - left + 78))\" height=\"\(f(rowHeight - 1))\" fill=\"#d62728\" fill-opacity=\"0.08\"/>\n"
            }
            let cells = [
                row.name + (unit.isEmpty ? "" : " (\(unit))"), RealismComparison.number(row.a),
                RealismComparison.number(row.b),
                row.deviation.map(RealismComparison.number) ?? "0 vs not", RealismComparison.number(row.tolerance),
            ]
            for (cell, column) in zip(cells, columns) {
                out += "<text x=\"\(f(column.1))\" y=\"\(f(y))\">\(escape(cell))</text>\n"
            }
            let result = row.similar ? "similar" : row.decisive ? "different" : "different (axis)"
            out +=
                "<text x=\"\(f(columns[5].1))\" y=\"\(f(y))\" fill=\"\(color)\" font-weight=\"bold\">\(result)</text>\n"
        }
        y += 8
        for line in notes {
            y += rowHeight
            out += "<text x=\"\(f(left - 70))\" y=\"\(f(y))\" fill=\"#555\">\(escape(line))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrap(_ text: String, width: Int = 140) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = "    " + word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return lines + (line.isEmpty ? [] : [line])
    }

    /// One panel: both densities of a magnitude on log–log axes, 0.1 Hz to the band.
    func panel(_ pair: RealismComparison.Spectra, top: Double) -> String {
        let f = SpectrumPlot.f
        let hi = max(CompareReportPlot.lowest * 10, report.band)
        let x0 = log10(CompareReportPlot.lowest)
        let x1 = log10(hi)
        func px(_ frequency: Double) -> Double { left + (log10(frequency) - x0) / (x1 - x0) * plotWidth }
        func visible(_ s: PowerSpectralDensity) -> [(Double, Double)] {
            (1..<s.density.count).map { (s.frequency(ofBin: $0), s.density[$0]) }.filter {
                $0.0 >= CompareReportPlot.lowest && $0.0 <= hi && $0.1 > 0
            }
        }
        let curves = [visible(pair.a), visible(pair.b)]
        let peak = curves.flatMap { $0.map(\.1) }.max() ?? 1
        let v1 = log10(peak).rounded(.up)
        let v0 = v1 - CompareReportPlot.decades
        func py(_ density: Double) -> Double {
            top + panelHeight - (min(max(log10(density), v0), v1) - v0) / (v1 - v0) * panelHeight
        }
        let unit = pair.channel.quantity.unit
        let title =
            pair.channel.quantity == .linearAcceleration ? "linear acceleration magnitude" : "rotation rate magnitude"
        let xTicks = [0.1, 0.3, 1, 2, 5, 10, 20, 50].filter { $0 <= hi }.map { (px($0), SpectrumPlot.number($0)) }
        let yTicks = stride(from: v0, through: v1, by: 1).map { (py(pow(10, $0)), "1e\(Int($0))") }
        let frame = SpectrumPanel(
            left: left, plotWidth: plotWidth, grid: "#dddddd", strokeWidth: "1.5", circle: "r=\"4\" fill=\"white\"")
        var out = frame.frame(
            y: top, height: panelHeight, title: "Power spectral density: \(title)", xLabel: "frequency (Hz)",
            yLabel: "PSD ((\(unit))²/Hz)", xTicks: xTicks, yTicks: yTicks)
        // The share feature's 5-Hz line.
        if 5 <= hi {
            out +=
                "<line x1=\"\(f(px(5)))\" y1=\"\(f(top))\" x2=\"\(f(px(5)))\" y2=\"\(f(top + panelHeight))\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n"
        }
        let colors = [CompareReportPlot.colors.0, CompareReportPlot.colors.1]
        for (k, curve) in curves.enumerated() {
            // One point per pixel column, its highest density, so that narrow peaks stay visible.
            var columns: [Int: (Double, Double)] = [:]
            for (frequency, density) in curve {
                let column = Int(px(frequency).rounded(.down))
                if density > (columns[column]?.1 ?? 0) { columns[column] = (frequency, density) }
            }
            let points = columns.keys.sorted().map { c -> String in
                let (frequency, density) = columns[c]!
                return SpectrumPlot.point(px(frequency), py(density))
            }
            out +=
                "<polyline fill=\"none\" stroke=\"\(colors[k])\" stroke-width=\"1.4\" stroke-opacity=\"0.9\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        // Each recording's dominant frequency.
        for (k, value) in [
            report.value(pair.channel, .dominantFrequency, a: true),
            report.value(pair.channel, .dominantFrequency, a: false),
        ].enumerated() {
            guard let value, value >= CompareReportPlot.lowest, value <= hi else { continue }
            let spectrum = k == 0 ? pair.a : pair.b
            let bin = Int((value / spectrum.binWidth).rounded())
            out +=
                "<circle cx=\"\(f(px(value)))\" cy=\"\(f(py(spectrum.density[min(bin, spectrum.density.count - 1)])))\" r=\"5\" fill=\"none\" stroke=\"\(colors[k])\" stroke-width=\"2\"/>\n"
        }
        out += frame.legend(
            y: top,
            entries: [
                ("line", colors[0], "A"), ("line", colors[1], "B"), ("circle", "#333", "dominant frequency"),
                ("line", "#999", "5 Hz (share above)"),
            ])
        return out
    }
}

extension RealismComparison {
    /// The value of `feature` on `channel` in A (`a`) or B, when it was compared.
    func value(_ channel: RealismChannel, _ feature: RealismFeature, a: Bool) -> Double? {
        rows.first { $0.channel == channel && $0.feature == feature }.map { a ? $0.a : $0.b }
    }
}
