import ArgumentParser
import Foundation
import Playback
import Signals

@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Throughput and timing of SignalRunner, side by side with baselines.",
        discussion: "Run the release build for real figures: swift run -c release bench"
    )

    @Flag(help: "Print the rows as a JSON array.") var json = false
    @Option(help: "Only rows whose name contains this text.") var filter: String?
    @Flag(help: "CI-sized runs: fewer repetitions and shorter playback.") var quick = false
    @Option(help: .hidden) var memoryProbe: String?
    @Option(help: .hidden) var memorySeconds: Double = 3600
    @Option(
        help:
            "Seconds of the `serve soak` row (100 SSE clients connecting and disconnecting); 600 for the 10-minute soak. Default 30 (10 with --quick)."
    )
    var soakSeconds: Double = 0

    func run() throws {
        if let memoryProbe {
            try streamToFile(path: memoryProbe, seconds: memorySeconds)
            return
        }
        #if DEBUG
        let debugNote =
            "NOTE: this is a DEBUG build; these are debug figures, far below release ones. Run `swift run -c release bench` (or `make bench`) for real figures."
        FileHandle.standardError.write(Data((debugNote + "\n").utf8))
        #endif
        var rows: [Row] = []
        let wanted = { (name: String) in filter.map { name.contains($0) } ?? true }
        rows += renderRows(quick: quick, wanted: wanted)
        rows += motionRows(benchMotion(), quick: quick, wanted: wanted)
        rows += try spectrumRows(quick: quick, wanted: wanted)
        rows += try runnerRows(quick: quick, wanted: wanted)
        rows += try sensorRows(quick: quick, wanted: wanted)
        rows += try routeRows(quick: quick, wanted: wanted)
        rows += try trajectoryRows(quick: quick, wanted: wanted)
        if wanted("stream") { rows.append(try memoryRow(quick: quick)) }
        if filter.map({ f in serveRowNames.contains { $0.contains(f) } }) ?? true {
            do {
                rows += try serverRows(quick: quick, soakSeconds: soakSeconds, wanted: wanted)
            } catch let error as BenchError where filter == nil && error.description.hasPrefix("no signals-serve") {
                FileHandle.standardError.write(Data("note: the serve rows were skipped: \(error)\n".utf8))
            }
        }
        // A filter naming a feeds row ("feeds every sensor") reaches the block as "feeds " does.
        if wanted("feeds ") || filter?.hasPrefix("feeds ") == true {
            do {
                rows += try feedRows(quick: quick, wanted: wanted)
                rows += try sensorSetRows(quick: quick, wanted: wanted)
            } catch let error as BenchError where filter == nil && error.description.hasPrefix("no signals-serve") {
                FileHandle.standardError.write(Data("note: the feeds rows were skipped: \(error)\n".utf8))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
        } else {
            printTable(rows)
        }
    }
}

func printTable(_ rows: [Row]) {
    let header = ["name", "value", "unit", "spread", "baseline", "baseline value", "ratio"]
    let cells = rows.map { r in
        [
            r.name, formatted(r.value, digits: r.value < 100 ? 2 : 0), r.unit, r.spread ?? "", r.baseline ?? "",
            r.baselineValue.map { formatted($0, digits: $0 < 100 ? 2 : 0) } ?? "",
            r.ratio.map { String(format: "%.1f×", $0) } ?? "",
        ]
    }
    let widths = (0..<header.count).map { c in ([header[c]] + cells.map { $0[c] }).map(\.count).max() ?? 0 }
    func line(_ cols: [String]) -> String {
        cols.enumerated().map { c, s in
            c == 0 || c >= 4 && c != 5
                ? s.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[c] - s.count) + s
        }.joined(separator: "  ")
    }
    print(line(header))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for c in cells { print(line(c)) }
}
