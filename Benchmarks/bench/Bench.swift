import ArgumentParser
import Foundation
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

    func run() throws {
        if let memoryProbe {
            try streamToFile(path: memoryProbe, seconds: memorySeconds)
            return
        }
        #if DEBUG
        let debugNote = "NOTE: this is a DEBUG build; these are debug figures, far below release ones. Run `swift run -c release bench` (or `make bench`) for real figures."
        FileHandle.standardError.write(Data((debugNote + "\n").utf8))
        #endif
        var rows: [Row] = []
        let wanted = { (name: String) in filter.map { name.contains($0) } ?? true }
        rows += renderRows(quick: quick, wanted: wanted)
        if wanted("stream") { rows.append(try memoryRow(quick: quick)) }
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
        [r.name, formatted(r.value, digits: r.value < 100 ? 2 : 0), r.unit, r.spread ?? "", r.baseline ?? "",
         r.baselineValue.map { formatted($0, digits: $0 < 100 ? 2 : 0) } ?? "", r.ratio.map { String(format: "%.1f×", $0) } ?? ""]
    }
    let widths = (0 ..< header.count).map { c in ([header[c]] + cells.map { $0[c] }).map(\.count).max() ?? 0 }
    func line(_ cols: [String]) -> String {
        cols.enumerated().map { c, s in c == 0 || c >= 4 && c != 5 ? s.padding(toLength: widths[c], withPad: " ", startingAt: 0)
            : String(repeating: " ", count: widths[c] - s.count) + s }.joined(separator: "  ")
    }
    print(line(header))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for c in cells { print(line(c)) }
}

func renderRows(quick: Bool, wanted: (String) -> Bool) -> [Row] {
    var rows: [Row] = []
    let small = 1 << 16
    let large = quick ? 1 << 20 : 1 << 24
    let reps = quick ? 5 : 15
    let longReps = quick ? 3 : 5
    let out = floats(small), base = floats(small), long = floats(large)
    let baselineBlockName = "per-sample closure + Foundation sin"
    for c in renderCases() {
        let blockName = "\(c.name) [2^16 block, 1 core]"
        if wanted(blockName) {
            // Repeat the in-cache block enough times per timing for a stable figure.
            let inner = 16
            let (t, b) = interleaved(repetitions: reps, {
                for k in 0 ..< inner { c.render(out, k * small, small) }
                blackHole(out[small / 2])
            }, baseline: {
                baselineLoop(c.baseline, into: base, start: 0, count: small)
                blackHole(base[small / 2])
            })
            let value = Double(small * inner) / t.median / 1e6
            let baseValue = Double(small) / b.median / 1e6
            rows.append(Row(name: blockName, unit: "Msamples/s", value: value, baseline: baselineBlockName,
                            baselineValue: baseValue, ratio: value / baseValue,
                            spread: "\(formatted(Double(small * inner) / t.max / 1e6))…\(formatted(Double(small * inner) / t.min / 1e6))"))
        }
        let oneName = "\(c.name) [2^\(quick ? 20 : 24) long, 1 core]"
        let allName = "\(c.name) [2^\(quick ? 20 : 24) long, all cores]"
        if wanted(oneName) || wanted(allName) {
            let request = try! RenderRequest(sampleRate: sampleRate, startIndex: 0, frameCount: large)
            func renderLong(_ parallelism: RenderOptions.Parallelism) {
                c.signal.renderFrames(into: long, channelStride: large, channelCount: 1, frames: 0 ..< large,
                                      request: request, options: RenderOptions(parallelism: parallelism))
            }
            renderLong(.serial)
            let serialCopy = Array(UnsafeBufferPointer(start: long, count: large))
            let (t1, tn) = interleaved(repetitions: longReps, { renderLong(.serial) }, baseline: { renderLong(.automatic) })
            let identical = serialCopy.elementsEqual(UnsafeBufferPointer(start: long, count: large))
            let one = Double(large) / t1.median / 1e6
            let all = Double(large) / tn.median / 1e6
            rows.append(Row(name: oneName, unit: "Msamples/s", value: one, baseline: nil, baselineValue: nil, ratio: nil,
                            spread: "\(formatted(Double(large) / t1.max / 1e6))…\(formatted(Double(large) / t1.min / 1e6))"))
            rows.append(Row(name: allName, unit: "Msamples/s", value: all, baseline: "same render on 1 core",
                            baselineValue: one, ratio: all / one,
                            spread: identical ? "bit-identical to 1 core" : "DIFFERS FROM 1 CORE"))
        }
    }
    return rows
}
