import Foundation
import SignalSpectrum
import Signals

/// Draws the SVG of `signals plot`: per channel, a waveform panel and a spectrum panel (dB).
///
/// The spectrum panels draw a `SpectrumEnvelope` per channel (the largest amplitude per pixel column),
/// so a plot of a long record holds no spectrum arrays.
struct SpectrumPlot: PlotPage {
    let buffer: SampleBuffer
    let spectra: [SpectrumEnvelope]
    let expected: ExpectedSpectrum
    let title: String

    let waveHeight = 200.0, spectrumHeight = 240.0, gap = 70.0

    /// Pixel columns of a panel: the envelope's group count.
    static let columns = 750

    func svg() -> String {
        let channels = buffer.channelCount
        let height = top + Double(channels) * (waveHeight + spectrumHeight + 2 * gap) + 10
        var out = SpectrumPlot.head(width: width, height: height, title: title)
        for c in 0..<channels {
            let y0 = top + Double(c) * (waveHeight + spectrumHeight + 2 * gap)
            out += waveform(channel: c, y: y0 + 20)
            out += spectrum(channel: c, y: y0 + 20 + waveHeight + gap)
        }
        out += "</svg>\n"
        return out
    }

    // MARK: Panels

    func waveform(channel c: Int, y: Double) -> String {
        let seconds = min(buffer.duration, 2)
        // Clamped in Double before the conversion (a rate of 1e300 cannot trap).
        let frames = max(2, Int(min(Double(buffer.frameCount), (seconds * buffer.sampleRate).rounded())))
        let samples = buffer.channel(c)
        let base = samples.startIndex
        var lo = Double.infinity
        var hi = -Double.infinity
        for i in 0..<frames {
            let v = Double(samples[base + i])
            lo = min(lo, v)
            hi = max(hi, v)
        }
        (lo, hi) = SpectrumPlot.padded(lo, hi, minimumSpan: 1e-12)
        let t0 = buffer.timestamp(of: 0)
        let t1 = buffer.timestamp(of: frames - 1)
        let span = max(t1 - t0, 1e-12)
        func px(_ t: Double) -> Double { left + (t - t0) / span * plotWidth }
        func py(_ v: Double) -> Double { y + waveHeight - (v - lo) / (hi - lo) * waveHeight }
        var out = panel.frame(
            y: y, height: waveHeight, title: "channel \(c): waveform (first \(SpectrumPlot.number(seconds)) s)",
            xLabel: "time (s)", yLabel: "value (signal units)",
            xTicks: SpectrumPlot.ticks(t0, t1).map { (px($0), SpectrumPlot.number($0)) },
            yTicks: SpectrumPlot.ticks(lo, hi).map { (py($0), SpectrumPlot.number($0)) })
        // Min/max per pixel column when there are more samples than pixels.
        var points: [String] = []
        let columns = Int(plotWidth)
        if frames <= 2 * columns {
            for i in 0..<frames {
                points.append(SpectrumPlot.point(px(buffer.timestamp(of: i)), py(Double(samples[base + i]))))
            }
        } else {
            for column in 0..<columns {
                let a = column * frames / columns
                let b = max(a + 1, (column + 1) * frames / columns)
                var mn = Double.infinity
                var mx = -Double.infinity
                for i in a..<b {
                    let v = Double(samples[base + i])
                    mn = min(mn, v)
                    mx = max(mx, v)
                }
                let x = left + Double(column) + 0.5
                points.append(SpectrumPlot.point(x, py(mn)))
                points.append(SpectrumPlot.point(x, py(mx)))
            }
        }
        out +=
            "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1\" points=\"\(points.joined(separator: " "))\"/>\n"
        out += panel.legend(y: y, entries: [("line", "#1f77b4", "samples")])
        return out
    }

    func spectrum(channel c: Int, y: Double) -> String {
        let s = spectra[c]
        let nyquist = buffer.sampleRate / 2
        func decibels(_ amplitude: Double) -> Double { 20 * log10(max(amplitude, .leastNormalMagnitude)) }
        var peak = -Double.infinity
        for point in s.points { peak = max(peak, decibels(point.amplitude)) }
        let expectedChannel = expected.channels[c]
        for line in expectedChannel.lines { peak = max(peak, 20 * log10(max(line.amplitude, 1e-300))) }
        if !peak.isFinite { peak = 0 }
        let hi = (peak / 20).rounded(.up) * 20 + 10
        let lo = hi - 160
        func px(_ f: Double) -> Double { left + f / nyquist * plotWidth }
        func py(_ db: Double) -> Double {
            y + spectrumHeight - (min(max(db, lo), hi) - lo) / (hi - lo) * spectrumHeight
        }
        var out = panel.frame(
            y: y, height: spectrumHeight,
            title:
                "channel \(c): amplitude spectrum (flat-top window, \(s.frameCount) samples, \(SpectrumPlot.number(s.binWidth)) Hz bins)",
            xLabel: "frequency (Hz)", yLabel: "amplitude (dB re 1 unit)",
            xTicks: SpectrumPlot.ticks(0, nyquist).map { (px($0), SpectrumPlot.number($0)) },
            yTicks: stride(from: lo, through: hi, by: 20).map { (py($0), SpectrumPlot.number($0)) })
        // Chirp bands.
        for sweep in expectedChannel.sweeps {
            let x0 = px(sweep.lowFrequency)
            let x1 = px(max(sweep.highFrequency, sweep.lowFrequency + nyquist / plotWidth))
            out +=
                "<rect x=\"\(SpectrumPlot.f(x0))\" y=\"\(SpectrumPlot.f(y))\" width=\"\(SpectrumPlot.f(x1 - x0))\" height=\"\(Int(spectrumHeight))\" fill=\"#2ca02c\" fill-opacity=\"0.15\"/>\n"
        }
        // The measured spectrum: every bin, or the largest per pixel column.
        let points: [String] = s.points.enumerated().map { column, point in
            let x =
                s.perBin
                ? px(Double(point.bin) * s.binWidth) : left + Double(column) * plotWidth / Double(s.points.count) + 0.5
            return SpectrumPlot.point(x, py(decibels(point.amplitude)))
        }
        out +=
            "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1\" points=\"\(points.joined(separator: " "))\"/>\n"
        // Expected lines and DC.
        for line in expectedChannel.lines {
            let db = 20 * log10(max(line.amplitude, 1e-300))
            guard db >= lo else { continue }
            out +=
                "<circle cx=\"\(SpectrumPlot.f(px(line.frequency)))\" cy=\"\(SpectrumPlot.f(py(db)))\" r=\"3.5\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"1.5\"><title>\(SpectrumPlot.escape(line.source)): \(SpectrumPlot.number(line.frequency)) Hz, amplitude \(SpectrumPlot.number(line.amplitude))</title></circle>\n"
        }
        if expectedChannel.dc != 0 {
            let db = 20 * log10(abs(expectedChannel.dc))
            if db >= lo {
                out +=
                    "<rect x=\"\(SpectrumPlot.f(px(0) - 4))\" y=\"\(SpectrumPlot.f(py(db) - 4))\" width=\"8\" height=\"8\" fill=\"none\" stroke=\"#ff7f0e\" stroke-width=\"1.5\"><title>DC \(SpectrumPlot.number(expectedChannel.dc))</title></rect>\n"
            }
        }
        var entries = [("line", "#1f77b4", "measured"), ("circle", "#d62728", "expected line")]
        if expectedChannel.dc != 0 { entries.append(("square", "#ff7f0e", "expected DC")) }
        if !expectedChannel.sweeps.isEmpty { entries.append(("band", "#2ca02c", "chirp band")) }
        out += panel.legend(y: y, entries: entries)
        return out
    }

    /// The frame and legend drawing of this plot's panels.
    var panel: SpectrumPanel {
        SpectrumPanel(
            left: left, plotWidth: plotWidth, grid: "#dddddd", strokeWidth: "1.5", circle: "r=\"3.5\" fill=\"none\"")
    }

    /// The start of a plot's SVG document, `width` × `height` pixels on white, with `title` centred at the
    /// top.
    static func head(width: Double, height: Double, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect x="0" y="0" width="\(Int(width))" height="\(Int(height))" fill="white"/>
        <text x="\(Int(width / 2))" y="24" text-anchor="middle" font-size="16" font-weight="bold">\(escape(title))</text>

        """
    }

    /// A value axis's range for values in `lo ... hi`: widened by 1 each way when narrower than
    /// `minimumSpan` (a flat line), then by 5 % of its span each way, so that no line runs along the frame.
    static func padded(_ lo: Double, _ hi: Double, minimumSpan: Double) -> (lo: Double, hi: Double) {
        var lo = lo
        var hi = hi
        if hi - lo < minimumSpan {
            lo -= 1
            hi += 1
        }
        let pad = (hi - lo) * 0.05
        lo -= pad
        hi += pad
        return (lo, hi)
    }

    /// About five round tick values (1, 2 or 5 × 10ᵏ apart) in `lo ... hi`.
    static func ticks(_ lo: Double, _ hi: Double) -> [Double] {
        guard hi > lo, (hi - lo).isFinite else { return [lo] }
        let raw = (hi - lo) / 5
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var values: [Double] = []
        var v = (lo / step).rounded(.up) * step
        while v <= hi + step * 1e-9 {
            values.append(abs(v) < step * 1e-9 ? 0 : v)
            v += step
        }
        return values
    }

    static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        return String(format: "%.6g", v)
    }

    static func f(_ v: Double) -> String { String(format: "%.2f", v) }

    static func point(_ x: Double, _ y: Double) -> String { "\(f(x)),\(f(y))" }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
