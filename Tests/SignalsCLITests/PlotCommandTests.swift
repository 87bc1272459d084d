import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `signals plot` end to end: a well-formed SVG with both panels per channel, axes, units and legend.
@Suite struct PlotCommandTests {
    /// Collects element names, text and attributes while parsing.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var texts: [String] = []
        var root: String?
        var current = ""
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if root == nil { root = name }
            elements[name, default: 0] += 1
            current = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { texts.append(current) }
            current = ""
        }
    }

    static func parse(_ data: Data) -> (Bool, Collector) {
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        return (parser.parse(), collector)
    }

    @Test("plot writes a valid SVG: a waveform and a spectrum panel per channel, axis labels with units, legend")
    func svg() throws {
        let spec = try Executables.temporaryFile(
            "axes.json",
            contents:
                #"{"axes": {"x": {"square": {"frequency": 10}}, "y": {"chirp": {"startFrequency": 5, "endFrequency": 100, "duration": 4}}, "z": {"sum": [{"sine": {"frequency": 30, "offset": 1}}, {"noise": {"amplitude": 0.01}}]}}}"#
        )
        let out = try Executables.temporaryFile("plot.svg")
        try Executables.runSucceeding(
            "signals", ["plot", spec.path, "--rate", "1000", "--duration", "5", "-o", out.path])
        let data = try Data(contentsOf: out)
        let (ok, svg) = Self.parse(data)
        #expect(ok)
        #expect(svg.root == "svg")
        #expect(svg.elements["polyline"] == 6)  // waveform + spectrum, 3 channels
        #expect((svg.elements["circle"] ?? 0) > 25)  // expected lines
        for label in [
            "time (s)", "frequency (Hz)", "amplitude (dB re 1 unit)", "value (signal units)", "expected line",
            "measured",
        ] {
            #expect(svg.texts.contains(label), "missing \(label)")
        }
        #expect(svg.texts.contains { $0.hasPrefix("channel 2: amplitude spectrum") })
        #expect(svg.texts.contains("500"))  // Nyquist tick
    }

    @Test("plot of a recording (--input), and bad input exits 2")
    func input() throws {
        let spec = try Executables.temporaryFile("sine.json", contents: #"{"sine": {"frequency": 5}}"#)
        let recording = try Executables.temporaryFile("sine.csv")
        _ = try Executables.run(
            "signals",
            ["render", spec.path, "--rate", "100", "--duration", "3", "--format", "csv", "-o", recording.path])
        let out = try Executables.temporaryFile("sine.svg")
        try Executables.runSucceeding(
            "signals",
            ["plot", spec.path, "--rate", "100", "--duration", "3", "--input", recording.path, "-o", out.path])
        #expect(Self.parse(try Data(contentsOf: out)).0)
        let bad = try Executables.runFailing(
            "signals",
            ["plot", spec.path, "--rate", "100", "--duration", "3", "--input", "/nonexistent.csv", "-o", out.path])
        #expect(bad.stderr.contains("no such file"))
    }

    @Test(
        "a trajectory's window with no sample (--duration 0, --start past its end) exits 2 as a signal's and a route's do, writing no plot",
        arguments: [
            (["--duration", "0"], "duration must be a positive"), (["--start", "1e12"], "past the trajectory's end"),
            (["--start", "1e9", "--duration", "0"], "duration must be a positive"),
        ])
    func emptyTrajectoryWindow(_ options: [String], _ message: String) throws {
        let walk = Executables.packageRoot.appendingPathComponent("Examples/trajectories/walk.json")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString).svg")
        let result = try Executables.runFailing("signals", ["plot", walk.path] + options + ["-o", out.path])
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // The same window check for render: no header-only files.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        let render = try Executables.runFailing(
            "signals", ["render", walk.path, "--rate", "10"] + options + ["--output-dir", dir.path])
        #expect(render.stderr.contains(message), "\(render.stderr)")
        // A window after the arrival with a duration is the vehicle at rest: plotted.
        try Executables.runSucceeding(
            "signals", ["plot", walk.path, "--start", "1000", "--duration", "5", "-o", out.path])
        #expect(Self.parse(try Data(contentsOf: out)).0)
    }
}
