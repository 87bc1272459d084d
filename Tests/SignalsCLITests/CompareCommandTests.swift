import Foundation
import InternalUtilities
import Testing

/// `signals compare` end to end: real recordings (Tests/SignalSpectrumTests/Data/realism/, see its README.md)
/// as phone exports, point files and render directories; the exit status, the JSON contract, the SVG
/// and every refusal.
@Suite struct CompareCommandTests {
    static func realism(_ path: String) -> String {
        Executables.packageRoot.appendingPathComponent("Tests/SignalSpectrumTests/Data/realism").appendingPathComponent(
            path
        ).path
    }

    /// A PebbleOS excerpt (milli-g at 25 Hz) written as a point file of user acceleration in g (`timestamp,x,y,z`).
    static func pebblePoints(_ name: String) throws -> String {
        let text = try String(contentsOfFile: realism("pebble/" + name), encoding: .utf8)
        var csv = "timestamp,x,y,z\n"
        var k = 0
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("{"), let close = trimmed.firstIndex(of: "}") else { continue }
            let fields = trimmed[trimmed.index(after: trimmed.startIndex)..<close].split(separator: ",").compactMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            guard fields.count == 3 else { continue }
            csv += "\(Double(k) / 25),\(fields[0] / 1000),\(fields[1] / 1000),\(fields[2] / 1000)\n"
            k += 1
        }
        return try Executables.temporaryFile(name + ".csv", contents: csv).path
    }

    /// The JSON report's object.
    static func report(_ result: Executables.Result) throws -> JSONObject {
        try #require(try JSONValue.parse(result.stdout).object, "not a JSON object: \(result.text.prefix(300))")
    }

    /// The feature objects of a report.
    static func features(_ report: JSONObject) throws -> [JSONObject] {
        try #require(report["features"]?.array).compactMap(\.object)
    }

    @Test("two phones in the hand (phyphox exports, folders): similar, exit 0; the JSON has the contract's keys")
    func similarExports() throws {
        let result = try Executables.runSucceeding(
            "signals", ["compare", Self.realism("oxford/user2-hand"), Self.realism("oxford/user1-hand"), "--json"])
        let report = try Self.report(result)
        #expect(report["similar"] == .bool(true))
        let features = try Self.features(report)
        #expect(features.count == 25)
        for feature in features {
            #expect(feature["name"]?.string != nil)
            #expect(feature["a"]?.double != nil)
            #expect(feature["b"]?.double != nil)
            #expect(feature["similar"] == .bool(true))
        }
        #expect(features.first?["name"]?.string == "linearAcceleration.rms")
        // No gyroscope in either export: the rotation rate is listed as not compared, not given as NaN.
        #expect(!result.text.contains("NaN"))
        #expect(!result.text.contains("Infinity"))
        let omitted = try #require(report["omitted"]?.array).compactMap(\.object)
        #expect(omitted.contains { $0["name"]?.string == "rotationRate" })
        #expect(!features.contains { $0["name"]?.string?.hasPrefix("rotationRate") ?? false })
    }

    @Test("standing (a point file) against a walk in the hand: not similar, exit 1; the table names what differs")
    func standingIsNotWalking() throws {
        let json = try Executables.runFailing(
            "signals",
            ["compare", Self.realism("mhealthtools/balance.csv"), Self.realism("oxford/user2-hand"), "--json"],
            status: 1)
        #expect(try Self.report(json)["similar"] == .bool(false))
        let table = try Executables.runFailing(
            "signals", ["compare", Self.realism("mhealthtools/balance.csv"), Self.realism("oxford/user2-hand")],
            status: 1)
        #expect(table.text.contains("not similar"))
        #expect(table.text.contains("linearAcceleration.rms"))
    }

    @Test(
        "a watch walk against a watch run (point files at 25 Hz): not similar; against a phone walk the band is 12.5 Hz"
    )
    func walkingIsNotRunningAndRatesMismatch() throws {
        let walk = try Self.pebblePoints("walk_100.c.excerpt")
        let run = try Self.pebblePoints("running_100.c.excerpt")
        let result = try Executables.runFailing("signals", ["compare", walk, run, "--json"], status: 1)
        let features = try Self.features(try Self.report(result))
        #expect(features.first { $0["name"]?.string == "linearAcceleration.stepRate" }?["similar"] == .bool(false))
        let mixed = try Executables.run("signals", ["compare", walk, Self.realism("oxford/user2-hand"), "--json"])
        #expect([0, 1].contains(mixed.status), "\(mixed.stderr)")
        #expect(try Self.report(mixed)["band"]?.double == 12.5)
    }

    @Test("a render directory: compared with itself it is similar, rotation rate and axes included; -o draws the SVG")
    func renderDirectory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compare-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Executables.runSucceeding(
            "signals",
            [
                "render", Executables.packageRoot.appendingPathComponent("Examples/trajectories/walk.json").path,
                "--rate", "100", "--duration", "30", "--output-dir", dir.path,
            ])
        let svg = dir.path + "-report.svg"
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let result = try Executables.runSucceeding("signals", ["compare", dir.path, dir.path, "--json", "-o", svg])
        let features = try Self.features(try Self.report(result))
        #expect(features.contains { $0["name"]?.string == "rotationRate.stepRate" })
        #expect(features.contains { $0["name"]?.string == "rotationRate.z.kurtosis" })
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(drawing.hasPrefix("<?xml"))
        #expect(drawing.contains("linear acceleration magnitude"))
        #expect(drawing.contains("rotation rate magnitude"))
        #expect(drawing.components(separatedBy: "<polyline").count - 1 == 4)
        #expect(drawing.contains("linearAcceleration.kurtosis"))
        // Against a real walk in the hand the render is judged too (exit 0 or 1, never 2), without the rotation rate.
        let real = try Executables.run("signals", ["compare", dir.path, Self.realism("oxford/user2-hand"), "--json"])
        #expect([0, 1].contains(real.status), "\(real.stderr)")
        let report = try Self.report(real)
        #expect((report["similar"] == .bool(true)) == (real.status == 0))
    }

    @Test(
        "bad input exits 2: a missing file, standard input, an unreadable export, a recording under 20 s or beyond any IMU, -o a folder"
    )
    func badInput() throws {
        let missing = try Executables.runFailing(
            "signals", ["compare", "/nonexistent/walk.csv", Self.realism("oxford/user1-hand")])
        #expect(missing.stderr.contains("/nonexistent/walk.csv"))
        let stdin = try Executables.runFailing("signals", ["compare", "-", Self.realism("oxford/user1-hand")])
        #expect(stdin.stderr.contains("standard input"))
        let garbage = try Executables.temporaryFile("garbage.csv", contents: "foo,bar\n1,2\n")
        let unreadable = try Executables.runFailing(
            "signals", ["compare", garbage.path, Self.realism("oxford/user1-hand")])
        #expect(unreadable.stderr.contains("garbage.csv"))
        // A spec is not a recording: the message says to render it first (compare and fit read alike).
        let spec = Executables.packageRoot.appendingPathComponent("Examples/trajectories/walk.json").path
        for arguments in [["compare", spec, Self.realism("oxford/user1-hand")], ["fit", spec, "-o", "/dev/null"]] {
            let refused = try Executables.runFailing("signals", arguments)
            #expect(refused.stderr.contains("walk.json: this is a spec, not a recording"), "\(refused.stderr)")
            #expect(refused.stderr.contains("signals render"), "\(refused.stderr)")
        }
        let npy = try Executables.temporaryFile("samples.npy", contents: "x")
        let notMotion = try Executables.runFailing("signals", ["compare", npy.path, Self.realism("oxford/user1-hand")])
        #expect(notMotion.stderr.contains("samples.npy: compare reads motion recordings"), "\(notMotion.stderr)")
        /// `compare` of a real walk and a CSV of `count` samples at 100 Hz, `x` of sample k given (exit 2).
        func refused(_ name: String, count: Int, x: (Int) -> Double) throws -> String {
            let rows = (0..<count).map { "\(Double($0) / 100),\(x($0)),0,-1\n" }.joined()
            let file = try Executables.temporaryFile(name, contents: "timestamp,x,y,z\n" + rows)
            return try Executables.runFailing("signals", ["compare", Self.realism("oxford/user1-hand"), file.path])
                .stderr
        }
        let tooShort = try refused("short.csv", count: 1001) { _ in 0.1 }
        #expect(tooShort.contains("short.csv") && tooShort.contains("at least 20 s"), "\(tooShort)")
        // Out of any IMU's range: refused with the file and the sample, before its powers overflow.
        let overflow = try refused("huge.csv", count: 3001) { $0 == 40 ? 1e300 : 0.1 }
        #expect(overflow.contains("huge.csv") && overflow.contains("sample 40"), "\(overflow)")
        // A folder as -o is refused before the comparison: no report on standard output.
        let folder = try Executables.runFailing(
            "signals",
            [
                "compare", Self.realism("oxford/user1-hand"), Self.realism("oxford/user2-hand"), "-o",
                FileManager.default.temporaryDirectory.path + "/",
            ])
        #expect(folder.text.isEmpty, "\(folder.text)")
        #expect(folder.stderr.contains("directory"), "\(folder.stderr)")
    }

    @Test("-o onto an input is refused (exit 2) and leaves it untouched; -o must name an .svg")
    func outputSafety() throws {
        let input = Self.realism("oxford/user1-hand/Accelerometer.csv")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let onto = try Executables.runFailing(
            "signals", ["compare", Self.realism("oxford/user1-hand"), Self.realism("oxford/user2-hand"), "-o", input])
        #expect(onto.stderr.contains("it is the input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        let png = try Executables.temporaryFile("report.png")
        let wrong = try Executables.runFailing(
            "signals",
            ["compare", Self.realism("oxford/user1-hand"), Self.realism("oxford/user2-hand"), "-o", png.path])
        #expect(wrong.stderr.contains(".svg"))
        #expect(!FileManager.default.fileExists(atPath: png.path))
    }

    /// A point file (`timestamp,x,y,z`, user acceleration in g) of `count` rows at `rate` Hz, row `k` from `row`.
    static func pointFile(_ name: String, count: Int, rate: Double = 100, row: (Int) -> String) throws -> String {
        var csv = "timestamp,x,y,z\n"
        for k in 0..<count { csv += "\(Double(k) / rate),\(row(k))\n" }
        return try Executables.temporaryFile(name, contents: csv).path
    }

    @Test(
        "hostile inputs exit 2 naming the file and the problem, never a crash",
        arguments: [
            ("empty.csv", ""),
            ("header-only.csv", "timestamp,x,y,z\n"),
            ("one-sample.csv", "timestamp,x,y,z\n0,0.1,0,-1\n"),
        ])
    func hostileFiles(name: String, contents: String) throws {
        let file = try Executables.temporaryFile(name, contents: contents)
        let result = try Executables.runFailing("signals", ["compare", file.path, Self.realism("oxford/user1-hand")])
        #expect(result.stderr.contains(name), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a NaN in a point file exits 2 naming the file and its line; the same file without it is compared")
    func nanValue() throws {
        let walk = { (k: Int) in "\(0.2 * sin(Double(k) * 0.11)),0,\(-1 + 0.3 * sin(Double(k) * 0.11))" }
        let bad = try Self.pointFile("nan.csv", count: 3000) { k in k == 1500 ? "nan,0,-1" : walk(k) }
        let refused = try Executables.runFailing("signals", ["compare", bad, Self.realism("oxford/user1-hand")])
        #expect(refused.stderr.contains("nan.csv"), "\(refused.stderr)")
        let good = try Self.pointFile("finite.csv", count: 3000, row: walk)
        let compared = try Executables.run("signals", ["compare", good, Self.realism("oxford/user1-hand")])
        #expect([0, 1].contains(compared.status), "\(compared.stderr)")
    }

    @Test("a folder without sensors (neither a render directory nor an export) exits 2 naming it")
    func folderWithoutSensors() throws {
        let dir = try Executables.temporaryFolder("compare-empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a recording\n".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let result = try Executables.runFailing("signals", ["compare", dir.path, Self.realism("oxford/user1-hand")])
        #expect(result.stderr.contains(dir.lastPathComponent), "\(result.stderr)")
    }

    @Test("a recording sampled under 20 Hz exits 2 with the rate it needs; at 25 Hz it is compared in a 12.5-Hz band")
    func slowRecording() throws {
        let row = { (k: Int) in "\(0.2 * sin(Double(k) * 0.7)),0,-1" }
        let slow = try Self.pointFile("slow.csv", count: 400, rate: 10, row: row)
        let refused = try Executables.runFailing("signals", ["compare", slow, Self.realism("oxford/user1-hand")])
        #expect(refused.stderr.contains("slow.csv"), "\(refused.stderr)")
        #expect(refused.stderr.contains("20 Hz"), "\(refused.stderr)")
        let watch = try Self.pointFile("watch.csv", count: 1000, rate: 25, row: row)
        let compared = try Executables.run("signals", ["compare", watch, Self.realism("oxford/user1-hand"), "--json"])
        #expect([0, 1].contains(compared.status), "\(compared.stderr)")
        #expect(try Self.report(compared)["band"]?.double == 12.5)
    }
}
