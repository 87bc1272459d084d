import Foundation
import Testing

/// The bench's JSON contract (shape only: figures are never asserted in tests).
@Suite struct BenchCommandTests {
    struct Row: Decodable {
        var name: String
        var unit: String
        var value: Double
        var baseline: String?
        var baselineValue: Double?
        var ratio: Double?
    }

    @Test("bench --quick --json --filter: an array of {name, unit, value, baseline?, baselineValue?, ratio?}")
    func jsonShape() throws {
        let r = try Executables.runSucceeding("bench", ["--quick", "--json", "--filter", "sine [2^16"])
        let rows = try JSONDecoder().decode([Row].self, from: r.stdout)
        let row = try #require(rows.first)
        #expect(rows.count == 1)
        #expect(row.name == "sine [2^16 block, 1 core]")
        #expect(row.unit == "Msamples/s")
        #expect(row.value > 0)
        #expect(row.value.isFinite)
        #expect(row.baseline == "per-sample closure + Foundation sin")
        let baselineValue = try #require(row.baselineValue)
        let ratio = try #require(row.ratio)
        #expect(abs(ratio - row.value / baselineValue) <= 1e-9 * ratio)
        // Every key of the contract is present in the raw JSON, optional ones as null when absent.
        let raw = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]])
        for key in ["name", "unit", "value", "baseline", "baselineValue", "ratio"] {
            #expect(raw[0][key] != nil, "missing key \(key)")
        }
        #if DEBUG
        #expect(r.stderr.contains("DEBUG build"))
        #expect(r.stderr.contains("swift run -c release bench"))
        #endif
    }

    @Test("bench --filter with no match prints an empty array; a bad flag exits non-zero with a message")
    func filterAndErrors() throws {
        let none = try Executables.runSucceeding("bench", ["--quick", "--json", "--filter", "no such row"])
        #expect(try JSONDecoder().decode([Row].self, from: none.stdout).isEmpty)
        let bad = try Executables.run("bench", ["--repetitions", "3"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--repetitions"))
    }
}
