import Formats
import Foundation
import Playback
import Testing

/// `signals import`'s point files in JSON: the lines of the one point-line codec, as `signals play` writes them.
@Suite struct ImportOutputTests {
    @Test(
        "import -o .jsonl / .json writes play's lines (fixed key order, Double digits) that read back as the CSV's points"
    )
    func lines() throws {
        let root = Executables.packageRoot
        let inputs = [
            root.appendingPathComponent("Examples/recordings/phyphox/Accelerometer.csv").path,
            root.appendingPathComponent("Examples/recordings/phyphox/Gyroscope.csv").path, "--rate", "100",
        ]
        var files: [PointFormat: [MotionPoint]] = [:]
        var jsonl = ""
        for format in [PointFormat.csv, .jsonLines, .json] {
            let file = try Executables.temporaryFile(format == .jsonLines ? "points.jsonl" : "points.\(format)")
            try Executables.runSucceeding("signals", ["import"] + inputs + ["-o", file.path])
            let data = try Data(contentsOf: file)
            files[format] = try PointFile.decode(data, format: format)
            if format == .jsonLines { jsonl = String(decoding: data, as: UTF8.self) }
        }
        let points = try #require(files[.csv])
        #expect(points.count > 100)
        #expect(files[.jsonLines] == points)
        #expect(files[.json] == points)
        let expected = try points.map { try PointLineCodec.write($0, precision: .double) + "\n" }.joined()
        #expect(jsonl == expected)
    }
}
