import Foundation
import InternalUtilities
import SensorData
import Testing

@testable import Formats

/// A dataset manifest's lines: the one writer and reader (`signals dataset` writes and resumes with them).
@Suite struct DatasetManifestTests {
    static let checksum = "sha256:" + String(repeating: "0123456789abcdef", count: 4)
    static let line = ManifestLine(
        index: 7, template: "walk",
        parameters: JSONObject([
            .init(key: "speed", value: .number(1.25)), .init(key: "mount", value: .string("pocket")),
        ]),
        labels: JSONObject([
            .init(key: "activity", value: .string("walking")), .init(key: "note", value: .string("größer 😀 \"q\"")),
        ]),
        seeds: JSONObject([
            .init(
                key: "$.imu.seed", value: .number(JSONNumber(text: "9007199254740991", value: 9_007_199_254_740_991))),
            .init(key: "$.seed", value: .number(0)),
        ]),
        file: "recordings/000007.npy", rows: 500, columns: ["t", "accelerometer.x"], dtype: .float64,
        checksum: checksum)

    @Test("the line as every loader has read it (frozen), and write → read gives the same value")
    func roundTrip() throws {
        #expect(
            Self.line.text
                == #"{"index":7,"template":"walk","parameters":{"speed":1.25,"mount":"pocket"},"labels":{"activity":"walking","note":"größer 😀 \"q\""},"seeds":{"$.imu.seed":9007199254740991,"$.seed":0},"file":"recordings/000007.npy","rows":500,"columns":["t","accelerometer.x"],"dtype":"float64","checksum":"\#(Self.checksum)"}"#
        )
        #expect(try ManifestLine(parsing: Self.line.text) == Self.line)
        var other = Self.line
        other.labels = JSONObject([.init(key: "activity", value: .string("running"))])
        #expect(try ManifestLine(parsing: other.text) != Self.line, "an edited label reads back as another line")
    }

    @Test(
        "a line that is not a manifest line is refused, naming the field",
        arguments: [
            (#""index":7"#, #""index":-1"#, "$.index"), (#""index":7"#, #""index":7.5"#, "$.index"),
            (#""rows":500"#, #""rows":"500""#, "$.rows"),
            (#""$.seed":0"#, #""$.seed":9007199254740992"#, "$.seeds"),
            (#""dtype":"float64""#, #""dtype":"int8""#, "$.dtype"),
            (#""file":"recordings/000007.npy""#, #""file":3"#, "$.file"),
            (#""columns":["t","accelerometer.x"]"#, #""columns":["t",1]"#, "$.columns"),
            (#""activity":"walking""#, #""activity":1"#, "$.labels.activity"),
            (#""checksum":"sha256:"#, #""checksum":"md5:"#, "$.checksum"),
            (#""template":"walk","#, "", "template"), (#"{"index":7,"#, #"{"index":7,"extra":1,"#, "$.extra"),
        ] as [(String, String, String)])
    func hostile(find: String, replace: String, path: String) {
        let text = Self.line.text.replacingOccurrences(of: find, with: replace)
        #expect(text != Self.line.text, "the case changed nothing")
        let error = #expect(throws: SignalError.self) { try ManifestLine(parsing: text) }
        #expect(
            (error?.path ?? "").contains(path) || (error?.message ?? "").contains(path),
            "\(error?.description ?? "")")
    }

    @Test("reading a manifest or journal: by index, a later line wins, a torn or foreign line is skipped")
    func readLines() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        var second = Self.line
        second.index = 8
        var again = Self.line
        again.rows = 501
        let torn = String(second.text.prefix(40))
        try (Self.line.text + "\n" + "not json\n" + second.text + "\n" + again.text + "\n" + torn).write(
            to: url, atomically: true, encoding: .utf8)
        let lines = DatasetManifest.readLines(contentsOf: url.path)
        #expect(lines.count == 2)
        #expect(lines[7] == again)
        #expect(lines[8] == second)
        #expect(DatasetManifest.readLines(contentsOf: url.path + ".missing").isEmpty)
        #expect(DatasetManifest.fileName(shard: 0, of: 1) == "manifest.jsonl")
        #expect(DatasetManifest.fileName(shard: 2, of: 4) == "manifest-2-of-4.jsonl")
        #expect(DatasetManifest.journalName(shard: 2, of: 4) == ".manifest-2-of-4.jsonl.partial")
    }
}
