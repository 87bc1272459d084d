import Foundation
import Location

/// The page the SVG plots share: 1000 pixels wide, its panels from 80 pixels from the left edge to 170
/// pixels from the right one (room for the legends), the first 50 pixels down.
protocol PlotPage {}

extension PlotPage {
    /// The page's width (pixels).
    var width: Double { 1000 }
    /// The panels' left edge (pixels).
    var left: Double { 80 }
    /// The margin right of the panels, where the legends go (pixels).
    var right: Double { 170 }
    /// The top of the first panel (pixels).
    var top: Double { 50 }
    /// The panels' width (pixels).
    var plotWidth: Double { width - left - right }
}

/// The frame (title, box, grid, tick labels, axis labels) and legend of one SVG plot panel, shared by
/// ``SpectrumPlot``, ``RoutePlot`` and their panels of other widths.
struct SpectrumPanel {
    /// The panel's left edge (pixels).
    let left: Double
    /// The panel's width (pixels).
    let plotWidth: Double
    /// The colour of the grid lines.
    var grid = "#e5e5e5"
    /// The stroke width of the legend's markers.
    var strokeWidth = "2"
    /// The radius and fill attributes of a circle marker.
    var circle = "r=\"4\" fill=\"white\""

    private var base: SpectrumPlot.Type { SpectrumPlot.self }

    /// The frame of a map panel at `y` (pixels from the top), `height` high: "`name` in local metres about"
    /// `centre` then `note`, with east and north ticks over `east` and `north` (metres) placed by `px` and
    /// `py` (metres to pixels).
    func mapFrame(
        y: Double, height: Double, name: String, centre: GeoCoordinate, note: String = "", east: (Double, Double),
        north: (Double, Double), px: (Double) -> Double, py: (Double) -> Double
    ) -> String {
        let number = base.number
        return frame(
            y: y, height: height,
            title:
                "\(name) in local metres about \(number(centre.latitude.rounded(toPlaces: 5)))°, \(number(centre.longitude.rounded(toPlaces: 5)))°\(note)",
            xLabel: "east (m)", yLabel: "north (m)",
            xTicks: base.ticks(east.0, east.1).map { (px($0), number($0)) },
            yTicks: base.ticks(north.0, north.1).map { (py($0), number($0)) })
    }

    /// The panel's frame at `y` (pixels from the top), `height` high, with its ticks at pixel positions.
    func frame(
        y: Double, height: Double, title: String, xLabel: String, yLabel: String,
        xTicks: [(Double, String)], yTicks: [(Double, String)]
    ) -> String {
        let f = base.f
        let escape = base.escape
        var out =
            "<g>\n<text x=\"\(Int(left))\" y=\"\(f(y - 8))\" font-size=\"13\" font-weight=\"bold\">\(escape(title))</text>\n"
        out +=
            "<rect x=\"\(Int(left))\" y=\"\(f(y))\" width=\"\(Int(plotWidth))\" height=\"\(Int(height))\" fill=\"none\" stroke=\"black\"/>\n"
        for (x, label) in xTicks {
            out += "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x))\" y2=\"\(f(y + height))\" stroke=\"\(grid)\"/>\n"
            out += "<text x=\"\(f(x))\" y=\"\(f(y + height + 15))\" text-anchor=\"middle\">\(escape(label))</text>\n"
        }
        for (yy, label) in yTicks {
            out +=
                "<line x1=\"\(Int(left))\" y1=\"\(f(yy))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(f(yy))\" stroke=\"\(grid)\"/>\n"
            out += "<text x=\"\(Int(left - 6))\" y=\"\(f(yy + 4))\" text-anchor=\"end\">\(escape(label))</text>\n"
        }
        out +=
            "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(y + height + 34))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        let cy = y + height / 2
        out +=
            "<text x=\"18\" y=\"\(f(cy))\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(f(cy)))\">\(escape(yLabel))</text>\n</g>\n"
        return out
    }

    /// The legend right of the panel: one `(shape, colour, label)` a row, shape one of `line` (the
    /// default), `circle`, `square`, `band` or `none`.
    func legend(y: Double, entries: [(String, String, String)]) -> String {
        let f = base.f
        let x = left + plotWidth + 15
        var out = "<g font-size=\"11\">\n"
        for (i, (shape, color, label)) in entries.enumerated() {
            let yy = y + 14 + Double(i) * 18
            switch shape {
            case "circle":
                out +=
                    "<circle cx=\"\(f(x + 10))\" cy=\"\(f(yy - 4))\" \(circle) stroke=\"\(color)\" stroke-width=\"\(strokeWidth)\"/>\n"
            case "square":
                out +=
                    "<rect x=\"\(f(x + 6))\" y=\"\(f(yy - 8))\" width=\"8\" height=\"8\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(strokeWidth)\"/>\n"
            case "band":
                out +=
                    "<rect x=\"\(f(x))\" y=\"\(f(yy - 10))\" width=\"20\" height=\"12\" fill=\"\(color)\" fill-opacity=\"0.15\"/>\n"
            case "none": break
            default:
                out +=
                    "<line x1=\"\(f(x))\" y1=\"\(f(yy - 4))\" x2=\"\(f(x + 20))\" y2=\"\(f(yy - 4))\" stroke=\"\(color)\" stroke-width=\"\(strokeWidth)\"/>\n"
            }
            out += "<text x=\"\(f(x + 26))\" y=\"\(f(yy))\">\(base.escape(label))</text>\n"
        }
        return out + "</g>\n"
    }
}
