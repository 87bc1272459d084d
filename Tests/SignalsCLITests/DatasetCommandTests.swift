import Foundation
import Testing

/// `signals dataset` end to end: shards, byte-identical reruns, resuming, refusals (exit 2, JSON path).
@Suite struct DatasetCommandTests {
    static let plan = """
    {"seed": 11, "rate": 50, "duration": 1, "templates": [
      {"name": "walk", "labels": {"activity": "walking"},
       "parameters": {"cadence": {"uniform": [1.5, 2.1]}, "device": {"choice": ["bmi160", "android-hifi"]}},
       "spec": {"imu": {"preset": "$device", "motion": {"preset": "walking", "cadence": "$cadence"}}}},
      {"name": "still", "labels": {"activity": "still"},
       "parameters": {"device": {"choice": ["bmi160", "android-hifi"]}},
       "spec": {"imu": {"preset": "$device", "motion": {"attitude": "faceUp"}}}}]}
    """

    static func directory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dataset-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("three shards hold the same recordings, byte for byte, as one")
    func shardsEqualOne() throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        let whole = try Self.directory("whole"), sharded = try Self.directory("sharded")
        _ = try Executables.runSucceeding("signals", ["dataset", plan.path, "--count", "12", "--output-dir", whole.path])
        for s in 0 ..< 3 {
            _ = try Executables.runSucceeding("signals", ["dataset", plan.path, "--count", "12", "--shard", "\(s)/3", "--output-dir", sharded.path])
        }
        let one = try Self.lines(whole.appendingPathComponent("manifest.jsonl"))
        #expect(one.count == 12)
        var merged: [String] = []
        for s in 0 ..< 3 { merged += try Self.lines(sharded.appendingPathComponent("manifest-\(s)-of-3.jsonl")) }
        #expect(Set(merged) == Set(one))
        for i in 0 ..< 12 {
            let name = String(format: "recordings/%06d.npy", i)
            #expect(try Data(contentsOf: whole.appendingPathComponent(name)) == Data(contentsOf: sharded.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test("a rerun after an interruption renders only the missing or damaged files and writes the same manifest")
    func resume() throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        let out = try Self.directory("resume")
        _ = try Executables.runSucceeding("signals", ["dataset", plan.path, "--count", "10", "--output-dir", out.path])
        let manifest = out.appendingPathComponent("manifest.jsonl")
        let before = try Data(contentsOf: manifest)
        let damaged = out.appendingPathComponent("recordings/000003.npy")
        let handle = try FileHandle(forWritingTo: damaged)
        try handle.seekToEnd()
        handle.write(Data([1]))
        try handle.close()
        try FileManager.default.removeItem(at: out.appendingPathComponent("recordings/000004.npy"))
        let again = try Executables.runSucceeding("signals", ["dataset", plan.path, "--count", "10", "--output-dir", out.path])
        #expect(again.stderr.contains("2 recordings rendered, 8 kept"), "\(again.stderr)")
        #expect(try Data(contentsOf: manifest) == before)
    }

    @Test("bad plans exit 2 naming the JSON path; the output never replaces the plan", arguments: [
        (#""uniform": [1.5, 2.1]"#, #""uniform": [2.1, 1.5]"#, "$.templates[0].parameters.cadence.uniform"),
        (#""cadence": "$cadence""#, #""cadence": "$cadense""#, "$.templates[0].spec.imu.motion.cadence"),
        (#""android-hifi""#, #""android-hi-fi""#, "$.templates[0].spec.imu.preset"),
    ])
    func refused(_ good: String, _ bad: String, _ path: String) throws {
        let text = Self.plan.replacingOccurrences(of: good, with: bad)
        #expect(text != Self.plan)
        let plan = try Executables.temporaryFile("plan.json", contents: text)
        let failed = try Executables.runFailing("signals", ["dataset", plan.path, "--count", "2", "--output-dir", try Self.directory("bad").path])
        #expect(failed.stderr.contains(path), "\(failed.stderr)")
    }

    @Test("--output-dir naming the plan is refused and leaves it as it was")
    func outputIsPlan() throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        let failed = try Executables.runFailing("signals", ["dataset", plan.path, "--count", "2", "--output-dir", plan.path])
        #expect(failed.stderr.contains("is the input"), "\(failed.stderr)")
        #expect(try String(contentsOf: plan, encoding: .utf8) == Self.plan)
    }

    @Test("--shard must be I/K with I < K", arguments: ["3/3", "1", "-1/2", "0/0"])
    func badShard(_ shard: String) throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        let failed = try Executables.runFailing("signals", ["dataset", plan.path, "--count", "2", "--shard", shard, "--output-dir", try Self.directory("shard").path])
        #expect(failed.stderr.contains("--shard"), "\(failed.stderr)")
    }
}
