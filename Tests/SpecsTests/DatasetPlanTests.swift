import Foundation
import InternalUtilities
import SignalRunnerTesting
import Signals
import Specs
import Testing

@Suite struct DatasetPlanTests {
    /// `name` in the example plans' folder, Examples/datasets (`""`: the folder).
    static func exampleURL(_ name: String) -> URL {
        Examples.url("datasets/\(name)")
    }

    /// The example plan, Examples/datasets/activity.json: seed 11, 50 Hz, 4 s a recording, two templates.
    static let example =
        (try? String(contentsOf: exampleURL("activity.json"), encoding: .utf8))
        ?? "(Examples/datasets/activity.json is missing)"

    static func plan(_ text: String = example) throws -> DatasetPlan { try DatasetPlan.decode(json: Data(text.utf8)) }

    /// A plan with one template whose parameter `p` has `distribution`, used as a sine's frequency.
    static func onePlan(_ distribution: String, seed: Int = 3) -> String {
        """
        {"seed": \(seed), "rate": 100, "duration": 1, "templates": [{"name": "t", "parameters": {"p": \(distribution)},
         "spec": {"sine": {"frequency": "$p"}}}]}
        """
    }

    static func drawn(_ plan: DatasetPlan, _ i: Int) throws -> JSONValue {
        try #require(try plan.item(i).parameters.first?.value)
    }

    @Test("the example plan decodes: two templates, rate, duration, rows")
    func decodesExample() throws {
        let plan = try Self.plan()
        #expect(plan.templates.map(\.name) == ["walk", "still"])
        #expect(plan.rows == 200)
        #expect(plan.seed == 11)
    }

    @Test("uniform draws stay in [a, b) and spread over it")
    func uniform() throws {
        let plan = try Self.plan(Self.onePlan(#"{"uniform": [2, 3]}"#))
        let values = try (0..<400).map { try #require(Self.drawn(plan, $0).double) }
        #expect(values.allSatisfy { $0 >= 2 && $0 < 3 })
        #expect(values.contains { $0 < 2.1 })
        #expect(values.contains { $0 > 2.9 })
        // The failing case: a mean far from 2.5 would mean a biased draw.
        #expect(abs(values.reduce(0, +) / 400 - 2.5) < 0.05)
    }

    @Test("normal draws have the mean and standard deviation asked for")
    func normal() throws {
        let plan = try Self.plan(Self.onePlan(#"{"normal": [10, 2]}"#))
        let values = try (0..<2000).map { try #require(Self.drawn(plan, $0).double) }
        let mean = values.reduce(0, +) / 2000
        let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 1999).squareRoot()
        #expect(abs(mean - 10) < 0.2)
        #expect(abs(sd - 2) < 0.15)
    }

    @Test("int draws are whole numbers with both ends included")
    func int() throws {
        let plan = try Self.plan(Self.onePlan(#"{"int": [1, 3]}"#))
        let values = try (0..<300).map { try #require(Self.drawn(plan, $0).double) }
        #expect(Set(values) == [1, 2, 3])
    }

    @Test("choice draws every value, templates are drawn by weight")
    func choiceAndWeights() throws {
        let plan = try Self.plan()
        let devices = try (0..<200).map { try plan.item($0).parameters.first { $0.name == "device" }?.value.string }
        #expect(Set(devices) == ["bmi160", "android-hifi"])
        let weighted = try Self.plan(
            Self.example.replacingOccurrences(of: #""name": "still","#, with: #""name": "still", "weight": 3,"#))
        let still = (0..<4000).filter { weighted.template(of: $0) == 1 }.count
        // 3/4 of 4000 is 3000, σ ≈ 27: five σ either way.
        #expect(abs(still - 3000) < 137)
        let even = (0..<4000).filter { plan.template(of: $0) == 1 }.count
        #expect(abs(even - 2000) < 158)
    }

    @Test("\"$name\" is replaced by the drawn value and a seed is derived per recording")
    func substitution() throws {
        let recording = try Self.plan().item(0)
        let imu = try #require(recording.spec.object?["imu"]?.object)
        let device = try #require(recording.parameters.first { $0.name == "device" }?.value)
        #expect(imu["preset"] == device)
        #expect(imu["seed"] != nil)
        #expect(recording.seeds.map(\.path) == ["$.imu.seed"])
        let other = try Self.plan().item(1)
        #expect(other.seeds.first?.seed != recording.seeds.first?.seed)
    }

    @Test("a seed the template fixes is kept")
    func fixedSeed() throws {
        let text = Self.example.replacingOccurrences(
            of: #""motion": {"attitude": "faceUp"}"#, with: #""motion": {"attitude": "faceUp"}, "seed": 42"#)
        let plan = try Self.plan(text)
        let i = try #require((0..<20).first { plan.template(of: $0) == 1 })
        #expect(try plan.item(i).seeds.first?.seed == 42)
    }

    @Test("recording i alone equals recording i made in a shard, and a different seed changes it")
    func determinism() throws {
        let plan = try Self.plan()
        let shard = try stride(from: 1, to: 40, by: 4).map { try plan.item($0) }
        for r in shard {
            let alone = try Self.plan().item(r.index)
            #expect(alone.spec == r.spec)
            #expect(
                alone.manifestLine(file: "f", rows: 1, columns: [], checksum: "c")
                    == r.manifestLine(file: "f", rows: 1, columns: [], checksum: "c"))
        }
        let reseeded = try Self.plan(Self.example.replacingOccurrences(of: #""seed": 11"#, with: #""seed": 12"#))
        #expect(try reseeded.item(5).spec != shard[1].spec)
    }

    @Test(
        "bad plans are refused with the JSON path",
        arguments: [
            (DatasetPlanTests.onePlan(#"{"uniform": [3, 2]}"#), "$.templates[0].parameters.p.uniform"),
            (DatasetPlanTests.onePlan(#"{"normal": [3, -1]}"#), "$.templates[0].parameters.p.normal[1]"),
            (DatasetPlanTests.onePlan(#"{"choice": []}"#), "$.templates[0].parameters.p.choice"),
            (DatasetPlanTests.onePlan(#"{"int": [4, 2]}"#), "$.templates[0].parameters.p.int"),
            (DatasetPlanTests.onePlan(#"{"int": [-9223372036854775808, 0]}"#), "$.templates[0].parameters.p.int[0]"),
            (DatasetPlanTests.onePlan(#"{"int": [0, 9223372036854775807]}"#), "$.templates[0].parameters.p.int[1]"),
            (DatasetPlanTests.onePlan(#"{"int": [-9007199254740993, 0]}"#), "$.templates[0].parameters.p.int[0]"),
            (DatasetPlanTests.onePlan(#"{"int": [0, 99999999999999999999]}"#), "$.templates[0].parameters.p.int[1]"),
            (DatasetPlanTests.onePlan(#"{"int": [0.5, 3]}"#), "$.templates[0].parameters.p.int[0]"),
            (
                DatasetPlanTests.onePlan(#"{"int": [1, 3]}"#).replacingOccurrences(
                    of: #""seed": 3"#, with: #""seed": -1"#), "$.seed"
            ),
            (
                DatasetPlanTests.onePlan(#"{"int": [1, 3]}"#).replacingOccurrences(
                    of: #""seed": 3"#, with: #""seed": 18446744073709551616"#), "$.seed"
            ),
            (
                DatasetPlanTests.onePlan(#"{"int": [1, 3]}"#).replacingOccurrences(
                    of: #""seed": 3"#, with: #""seed": 1.5"#), "$.seed"
            ),
            (DatasetPlanTests.onePlan(#"{"unifrom": [1, 2]}"#), "$.templates[0].parameters.p.unifrom"),
            (
                DatasetPlanTests.onePlan(#"{"uniform": [1, 2]}"#).replacingOccurrences(of: "\"$p\"", with: "\"$q\""),
                "$.templates[0].spec.sine.frequency"
            ),
            (DatasetPlanTests.onePlan(#"{"choice": [5, 500]}"#), "$.templates[0].spec.sine.frequency"),
            (
                DatasetPlanTests.example.replacingOccurrences(of: "android-hifi", with: "android-hi-fi"),
                "$.templates[0].spec.imu.preset"
            ),
            (
                DatasetPlanTests.example.replacingOccurrences(
                    of: #""preset": "walking""#, with: #""preset": "walkin""#), "$.templates[0].spec.imu.motion.preset"
            ),
            (DatasetPlanTests.example.replacingOccurrences(of: #""rate": 50"#, with: #""rate": -50"#), "$.rate"),
            (
                DatasetPlanTests.example.replacingOccurrences(of: #""name": "still""#, with: #""name": "walk""#),
                "$.templates[1].name"
            ),
        ])
    func refused(_ text: String, _ path: String) throws {
        let error = try #require(throws: SignalError.self) { try Self.plan(text) }
        #expect(error.location.path == path, "\(error)")
    }

    @Test(
        "an int bound beyond ±2^53 (-2^63 among them, whose magnitude traps abs) is refused naming the bound's range",
        arguments: [
            "[-9223372036854775808, 0]", "[-9223372036854775807, 0]", "[0, 9223372036854775807]",
            "[9007199254740993, 9007199254740994]",
        ])
    func intBoundsOutOfRange(_ bounds: String) throws {
        let error = try #require(throws: SignalError.self) { try Self.plan(Self.onePlan(#"{"int": \#(bounds)}"#)) }
        #expect(error.code == .malformed)
        #expect(error.message.contains("'int' bounds must be whole numbers from -2^53 to 2^53"), "\(error)")
    }

    @Test("int bounds of exactly ±2^53 are accepted, and every draw stays between them")
    func intBoundsAtTheLimit() throws {
        let text = """
            {"seed": 3, "rate": 100, "duration": 1, "templates": [{"name": "t", "parameters": {"p": {"int": [-9007199254740992, 9007199254740992]}},
             "spec": {"sine": {"frequency": 5}}}]}
            """
        let plan = try Self.plan(text)
        for i in 0..<50 {
            let v = try #require(try Self.drawn(plan, i).double)
            #expect(abs(v) <= 0x1p53, "\(v)")
            #expect(v == v.rounded(), "\(v)")
        }
    }

    @Test("a good plan is not refused (the refusals above are not a broken decoder)")
    func accepted() throws {
        #expect(try Self.plan(Self.onePlan(#"{"uniform": [1, 2]}"#)).templates.count == 1)
    }
}
