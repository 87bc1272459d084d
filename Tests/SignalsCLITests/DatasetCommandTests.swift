import Foundation
import InternalUtilities
import Testing

/// `signals dataset` end to end: shards, byte-identical reruns, resuming, refusals (exit 2, JSON path).
@Suite struct DatasetCommandTests {
    /// The example plan (Examples/datasets/activity.json) with recordings of 1 s instead of 4 s.
    static let plan =
        (try? String(
            contentsOf: Executables.packageRoot.appendingPathComponent("Examples/datasets/activity.json"),
            encoding: .utf8))?.replacingOccurrences(of: #""duration": 4,"#, with: #""duration": 1,"#)
        ?? "(Examples/datasets/activity.json is missing)"

    /// `signals dataset PLAN --count COUNT --output-dir OUT`, expecting exit status 2 and `message` in
    /// standard error: the result, for more checks.
    @discardableResult
    static func refusedDataset(
        _ plan: String, count: String, _ out: String, naming message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Executables.Result {
        let result = try Executables.runFailing(
            "signals", ["dataset", plan, "--count", count, "--output-dir", out], sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    static func directory(_ name: String) throws -> URL { try Executables.temporaryFolder("dataset-\(name)") }

    /// Renders `count` recordings of `planText` whole and in `shards` shards: the shards' manifests together
    /// must hold the whole one's lines, and each recording must be the same, byte for byte. The whole
    /// manifest's lines.
    static func expectShardsEqualOne(
        _ planText: String, name: String, count: Int, shards: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let plan = try Executables.temporaryFile("plan.json", contents: planText)
        let whole = try directory("\(name)whole")
        let sharded = try directory("\(name)sharded")
        try Executables.runSucceeding(
            "signals", ["dataset", plan.path, "--count", "\(count)", "--output-dir", whole.path],
            sourceLocation: sourceLocation)
        for s in 0..<shards {
            try Executables.runSucceeding(
                "signals",
                [
                    "dataset", plan.path, "--count", "\(count)", "--shard", "\(s)/\(shards)", "--output-dir",
                    sharded.path,
                ],
                sourceLocation: sourceLocation)
        }
        let one = try textLines(whole.appendingPathComponent("manifest.jsonl"))
        var merged: [String] = []
        for s in 0..<shards {
            merged += try textLines(sharded.appendingPathComponent("manifest-\(s)-of-\(shards).jsonl"))
        }
        #expect(Set(merged) == Set(one), sourceLocation: sourceLocation)
        for i in 0..<count {
            let name = String(format: "recordings/%06d.npy", i)
            #expect(
                try Data(contentsOf: whole.appendingPathComponent(name))
                    == Data(contentsOf: sharded.appendingPathComponent(name)), "\(name)", sourceLocation: sourceLocation
            )
        }
        return one
    }

    @Test("three shards hold the same recordings, byte for byte, as one")
    func shardsEqualOne() throws {
        let one = try Self.expectShardsEqualOne(Self.plan, name: "", count: 12, shards: 3)
        #expect(one.count == 12)
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
        let again = try Executables.runSucceeding(
            "signals", ["dataset", plan.path, "--count", "10", "--output-dir", out.path])
        #expect(again.stderr.contains("2 recordings rendered, 8 kept"), "\(again.stderr)")
        #expect(try Data(contentsOf: manifest) == before)
    }

    @Test(
        "bad plans exit 2 naming the JSON path; the output never replaces the plan",
        arguments: [
            (#""uniform": [1.5, 2.1]"#, #""uniform": [2.1, 1.5]"#, "$.templates[0].parameters.cadence.uniform"),
            (#""cadence": "$cadence""#, #""cadence": "$cadense""#, "$.templates[0].spec.imu.motion.cadence"),
            (#""android-hifi""#, #""android-hi-fi""#, "$.templates[0].spec.imu.preset"),
        ])
    func refused(_ good: String, _ bad: String, _ path: String) throws {
        let text = Self.plan.replacingOccurrences(of: good, with: bad)
        #expect(text != Self.plan)
        let plan = try Executables.temporaryFile("plan.json", contents: text)
        try Self.refusedDataset(plan.path, count: "2", try Self.directory("bad").path, naming: path)
    }

    @Test("--output-dir naming the plan is refused and leaves it as it was")
    func outputIsPlan() throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        try Self.refusedDataset(plan.path, count: "2", plan.path, naming: "is the input")
        #expect(try String(contentsOf: plan, encoding: .utf8) == Self.plan)
    }

    @Test(
        "--shard must be I/K with I < K, a negative I or K included (not read as a flag)",
        arguments: ["3/3", "1", "-1/2", "-1/4", "0/-4", "-0/1x", "0/99999999999999999999", "0/0"])
    func badShard(_ shard: String) throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        let failed = try Executables.runFailing(
            "signals",
            ["dataset", plan.path, "--count", "2", "--shard", shard, "--output-dir", try Self.directory("shard").path])
        #expect(
            failed.stderr == "error: --shard \(shard): give I/K with 0 ≤ I < K (e.g. 0/4; 0/1 is the whole dataset)\n")
    }

    @Test("--count out of range is refused naming it", arguments: ["-1", "-9223372036854775808", "1000000001"])
    func badCount(_ count: String) throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        try Self.refusedDataset(
            plan.path, count: count, try Self.directory("count").path,
            naming: "--count \(count): give a number of recordings from 0 to 1e9")
    }

    @Test("an int parameter of -2^63 exits 2 naming its JSON path, never a crash")
    func intParameterOfMinimum() throws {
        let text = Self.plan.replacingOccurrences(
            of: #""uniform": [1.5, 2.1]"#, with: #""int": [-9223372036854775808, 0]"#)
        let plan = try Executables.temporaryFile("plan.json", contents: text)
        try Self.refusedDataset(
            plan.path, count: "2", try Self.directory("int").path,
            naming: "$.templates[0].parameters.cadence.int[0]: 'int' bounds must be whole numbers from -2^53 to 2^53")
    }

    @Test(
        "aliasing in a template names the plan's rate, never a flag dataset does not have; a preset's is at the preset's path"
    )
    func aliasingAdvice() throws {
        let sine =
            #"{"seed": 1, "rate": 100, "duration": 1, "templates": [{"name": "a", "spec": {"sine": {"frequency": 60}}}]}"#
        let walk =
            #"{"seed": 1, "rate": 100, "duration": 1, "templates": [{"name": "a", "spec": {"motion": {"preset": "walking", "cadence": 80}}}]}"#
        for (text, path) in [
            (sine, "$.templates[0].spec.sine.frequency: "),
            (walk, "$.templates[0].spec.motion: the 'walking' motion preset with cadence 80"),
        ] {
            let plan = try Executables.temporaryFile("plan.json", contents: text)
            let failed = try Self.refusedDataset(plan.path, count: "1", try Self.directory("alias").path, naming: path)
            #expect(failed.stderr.contains("(the sample rate is the plan's 'rate', at $.rate)"), "\(failed.stderr)")
            #expect(!failed.stderr.contains("allow"), "\(failed.stderr)")
        }
    }

    // MARK: one plan per directory

    /// ``plan`` with another seed: another plan, whose recording i differs.
    static let otherPlan = plan.replacingOccurrences(of: #""seed": 11"#, with: #""seed": 12"#)

    @Test(
        "a second plan into another plan's directory is refused, exit 2, naming both plans and how to go on; nothing changes",
        arguments: [["--shard", "0/2"], ["--shard", "0/1"], ["--shard", "2/3"]])
    func secondPlanRefused(_ shard: [String]) throws {
        let a = try Executables.temporaryFile("A.json", contents: Self.plan)
        let b = try Executables.temporaryFile("B.json", contents: Self.otherPlan)
        let out = try Self.directory("two-plans")
        try Executables.runSucceeding("signals", ["dataset", a.path, "--count", "6", "--output-dir", out.path])
        let before = try directoryContents(out)
        let failed = try Executables.runFailing(
            "signals", ["dataset", b.path, "--count", "6"] + shard + ["--output-dir", out.path])
        #expect(
            failed.stderr.contains("--output-dir \(out.path) holds the dataset of the plan \(a.path) (sha256 "),
            "\(failed.stderr)")
        #expect(failed.stderr.contains("and \(b.path) is another plan (sha256 "), "\(failed.stderr)")
        #expect(
            failed.stderr.hasSuffix(
                "give another --output-dir, or remove \(out.path) to start it again with this plan\n"),
            "\(failed.stderr)")
        #expect(try directoryContents(out) == before)
    }

    @Test("the same plan resumes: its bytes under another name, another --count, another sharding")
    func samePlanResumes() throws {
        let a = try Executables.temporaryFile("A.json", contents: Self.plan)
        let copy = try Executables.temporaryFile("copy.json", contents: Self.plan)
        let out = try Self.directory("same-plan")
        try Executables.runSucceeding("signals", ["dataset", a.path, "--count", "6", "--output-dir", out.path])
        let again = try Executables.runSucceeding(
            "signals", ["dataset", copy.path, "--count", "6", "--output-dir", out.path])
        #expect(again.stderr.contains("0 recordings rendered, 6 kept"), "\(again.stderr)")
        try Executables.runSucceeding(
            "signals", ["dataset", a.path, "--count", "8", "--shard", "1/2", "--output-dir", out.path])
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest-1-of-2.jsonl").path))
    }

    @Test(
        "a directory whose dataset records no plan (its record removed) is resumed by its own plan and count, refused to another"
    )
    func unrecordedDataset() throws {
        let a = try Executables.temporaryFile("A.json", contents: Self.plan)
        let b = try Executables.temporaryFile("B.json", contents: Self.otherPlan)
        let out = try Self.directory("unrecorded")
        try Executables.runSucceeding("signals", ["dataset", a.path, "--count", "4", "--output-dir", out.path])
        let record = out.appendingPathComponent(".dataset-plan.json")
        try FileManager.default.removeItem(at: record)
        let before = try directoryContents(out)
        try Self.refusedDataset(
            b.path, count: "4", out.path,
            naming: "holds a dataset (\(out.path)/.shard-0-of-1.plan, \(out.path)/manifest.jsonl) that records no plan")
        #expect(try directoryContents(out) == before)
        try Self.refusedDataset(a.path, count: "5", out.path, naming: "records no plan")
        let resumed = try Executables.runSucceeding(
            "signals", ["dataset", a.path, "--count", "4", "--output-dir", out.path])
        #expect(resumed.stderr.contains("0 recordings rendered, 4 kept"), "\(resumed.stderr)")
        #expect(FileManager.default.fileExists(atPath: record.path))
    }

    @Test("a plan kept in the output directory under the record's name is refused as the input, and kept")
    func planNamedLikeTheRecord() throws {
        let out = try Self.directory("plan-as-record")
        let plan = out.appendingPathComponent(".dataset-plan.json")
        try Data(Self.plan.utf8).write(to: plan)
        try Self.refusedDataset(
            plan.path, count: "2", out.path,
            naming: "the directory's plan record goes to \(plan.path), which is the input \(plan.path)")
        #expect(try String(contentsOf: plan, encoding: .utf8) == Self.plan)
    }

    @Test("a recording with no manifest and no plan record is another's: refused; an empty directory is claimed")
    func strayRecording() throws {
        let a = try Executables.temporaryFile("A.json", contents: Self.plan)
        let out = try Self.directory("stray")
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: out.appendingPathComponent("recordings/000000.npy"))
        try Self.refusedDataset(a.path, count: "2", out.path, naming: "recordings/000000.npy) that records no plan")
        #expect(try Data(contentsOf: out.appendingPathComponent("recordings/000000.npy")) == Data("x".utf8))
        try Executables.runSucceeding(
            "signals", ["dataset", a.path, "--count", "2", "--output-dir", try Self.directory("empty").path])
    }

    // MARK: temporary files a killed run left

    /// The temporary files (`.NAME.partial-XXXXXX`) in `dir`.
    @Test(
        "a resume removes this shard's temporary recordings a killed run left; another shard's, and one a live process holds, stay"
    )
    func stalePartials() throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        let out = try Self.directory("stale")
        try Executables.runSucceeding(
            "signals", ["dataset", plan.path, "--count", "6", "--shard", "0/2", "--output-dir", out.path])
        let recordings = out.appendingPathComponent("recordings")
        let stale = ".000002.npy.partial-Ab12Cd"
        let otherShard = ".000003.npy.partial-Xy34Zw"
        let held = ".000004.npy.partial-Lk56Mn"
        try withTornPartials([stale, otherShard, held], in: recordings, held: held) {
            try Executables.runSucceeding(
                "signals", ["dataset", plan.path, "--count", "6", "--shard", "0/2", "--output-dir", out.path])
            #expect(partialFiles(in: recordings) == [otherShard, held].sorted())
        }
    }

    @Test(
        "SIGKILL leaves a temporary recording; the resume removes it before rendering, and SIGTERM removes the resume's own"
    )
    func killedRunResumed() throws {
        // Recordings of 10^9 samples: no run finishes while the test waits for it.
        let text =
            #"{"seed": 1, "rate": 1000, "duration": 1000000, "templates": [{"name": "a", "spec": {"sine": {"frequency": 5}}}]}"#
        let plan = try Executables.temporaryFile("plan.json", contents: text)
        let out = try Self.directory("killed")
        let recordings = out.appendingPathComponent("recordings")
        /// Starts a run and waits (a bounded wait for the other process to reach a state) for a temporary recording not in `old`.
        func start(besides old: [String]) throws -> (Process, [String]) {
            let process = Process()
            process.executableURL = try Executables.url("signals")
            process.arguments = ["dataset", plan.path, "--count", "1", "--output-dir", out.path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            var waited = 0
            while Set(partialFiles(in: recordings)).subtracting(old).isEmpty, waited < 30_000 {
                usleep(10_000)
                waited += 10
            }
            return (process, partialFiles(in: recordings))
        }
        let (first, left) = try start(besides: [])
        kill(first.processIdentifier, SIGKILL)
        #expect(Executables.waitForExit(first))
        try #require(left.count == 1, "the first run never started its recording")
        #expect(partialFiles(in: recordings) == left)
        let (second, seen) = try start(besides: left)
        #expect(!seen.contains(left[0]), "the killed run's temporary recording is still there: \(seen)")
        kill(second.processIdentifier, SIGTERM)
        #expect(Executables.waitForExit(second))
        #expect(second.terminationStatus == 143)
        #expect(partialFiles(in: recordings).isEmpty)
    }

    // MARK: trajectory templates

    static let route =
        #"{"speed": "$speed", "waypoints": [{"latitude": 51.5, "longitude": -0.12}, {"latitude": 51.5005, "longitude": -0.12}]}"#

    /// A trajectory template (vehicle, mount, speed drawn; no sensor sets a rate or seed) and an IMU template.
    static let trajectoryPlan = """
        {"seed": 5, "rate": 20, "duration": 5, "templates": [
          {"name": "trip", "labels": {"activity": "trip"},
           "parameters": {"vehicle": {"choice": ["walk", "bike", "car"]}, "mount": {"choice": ["handheld", "pocket"]},
                          "speed": {"uniform": [1.2, 1.6]}},
           "spec": {"trajectory": {"route": \(route), "vehicle": "$vehicle", "mount": "$mount",
             "sensors": {"imu": {"preset": "bmi160"}, "magnetometer": {"noise_density": [0.1, 0.1, 0.1]},
                         "barometer": {"noise_density": 0.03}, "gnss": {"sigma": 2, "correlationTime": 30}}}}},
          {"name": "still", "labels": {"activity": "still"}, "spec": {"imu": {"preset": "bmi160", "motion": {"attitude": "faceUp"}}}}]}
        """

    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// The text of the value of `key` in a manifest line, as written (JSONSerialization can round a number's
    /// last digit, and the spec must have the manifest's exact numbers).
    static func raw(_ key: String, in line: String) throws -> String {
        let pattern = try Regex("\"" + NSRegularExpression.escapedPattern(for: key) + "\":\"?([^\",}]+)")
        let match = try #require(line.firstMatch(of: pattern))
        return String(try #require(match.output[1].substring))
    }

    /// The spec a trip recording was rendered from, written out by hand from its manifest line: its drawn
    /// parameters, its seeds (the IMU's plus `imuSeedOffset`) and the GNSS at the plan's rate.
    static func tripSpec(_ line: String, imuSeedOffset: UInt64 = 0) throws -> String {
        func seed(_ sensor: String) throws -> String { try raw("$.trajectory.sensors.\(sensor).seed", in: line) }
        let imuSeed = try #require(UInt64(try seed("imu"))) + imuSeedOffset
        let route = Self.route.replacingOccurrences(of: #""$speed""#, with: try raw("speed", in: line))
        return """
            {"trajectory": {"route": \(route), "vehicle": "\(try raw("vehicle", in: line))", "mount": "\(try raw("mount", in: line))",
              "sensors": {"imu": {"preset": "bmi160", "seed": \(imuSeed)},
                          "magnetometer": {"noise_density": [0.1, 0.1, 0.1], "seed": \(try seed("magnetometer"))},
                          "barometer": {"noise_density": 0.03, "seed": \(try seed("barometer"))},
                          "gnss": {"sigma": 2, "correlationTime": 30, "rate": 20, "seed": \(try seed("gnss"))}}}}
            """
    }

    /// `signals dataset` of ``trajectoryPlan``, 6 recordings, in one run: its output directory.
    static func trajectoryDataset(_ name: String) throws -> URL {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.trajectoryPlan)
        let out = try Self.directory(name)
        try Executables.runSucceeding("signals", ["dataset", plan.path, "--count", "6", "--output-dir", out.path])
        return out
    }

    /// `signals render` of a trip's spec at the plan's rate and duration, with `output` (`-o FILE`, `--format csv`).
    @discardableResult
    static func renderTrip(_ spec: String, _ output: [String]) throws -> Executables.Result {
        let file = try Executables.temporaryFile("trip.json", contents: spec)
        return try Executables.runSucceeding(
            "signals", ["render", file.path, "--rate", "20", "--duration", "5"] + output)
    }

    /// The manifest lines of the trip template.
    static func trips(_ url: URL) throws -> [String] {
        try textLines(url).filter { $0.contains(#""template":"trip""#) }
    }

    /// The `descr` of a .npy file's header (`<f4`, `<f8`).
    static func descr(_ url: URL) throws -> String {
        let data = try Data(contentsOf: url)
        let header = String(decoding: data.prefix(10 + (Int(data[8]) | Int(data[9]) << 8)).dropFirst(10), as: UTF8.self)
        let start = try #require(header.range(of: "'descr': '"))
        return String(header[start.upperBound...].prefix(3))
    }

    @Test("a trajectory recording is, byte for byte, what signals render writes for its spec; another seed is not")
    func trajectoryEqualsRender() throws {
        let out = try Self.trajectoryDataset("trajectory")
        let trips = try Self.trips(out.appendingPathComponent("manifest.jsonl"))
        try #require(!trips.isEmpty)
        for line in trips {
            let file = out.appendingPathComponent(try Self.raw("file", in: line))
            let rendered = try Executables.temporaryFile("trip.npy")
            try Self.renderTrip(try Self.tripSpec(line), ["-o", rendered.path])
            #expect(try Data(contentsOf: file) == Data(contentsOf: rendered), "\(file.lastPathComponent)")
        }
        // The failing case: the same spec with another IMU seed renders other bytes.
        let other = try Executables.temporaryFile("other.npy")
        try Self.renderTrip(try Self.tripSpec(trips[0], imuSeedOffset: 1), ["-o", other.path])
        #expect(
            try Data(contentsOf: out.appendingPathComponent(try Self.raw("file", in: trips[0])))
                != Data(contentsOf: other))
    }

    @Test(
        "a trajectory's manifest line: dtype float64, the render's columns, 100 rows, a seed per sensor, its checksum")
    func trajectoryManifest() throws {
        let out = try Self.trajectoryDataset("trajectory-manifest")
        let lines = try textLines(out.appendingPathComponent("manifest.jsonl"))
        let tripLine = try #require(try Self.trips(out.appendingPathComponent("manifest.jsonl")).first)
        let trip = try Self.object(tripLine)
        let csv = try Self.renderTrip(try Self.tripSpec(tripLine), ["--format", "csv"])
        let header = try #require(csv.lines.first).split(separator: ",").map(String.init)
        #expect(trip["columns"] as? [String] == Array(header.dropFirst()))
        #expect(trip["dtype"] as? String == "float64")
        #expect((trip["rows"] as? NSNumber)?.intValue == 100)
        #expect(
            (trip["seeds"] as? [String: Any]).map { Set($0.keys) }
                == Set(["imu", "magnetometer", "barometer", "gnss"].map { "$.trajectory.sensors.\($0).seed" }))
        let file = out.appendingPathComponent(try #require(trip["file"] as? String))
        #expect(try Self.descr(file) == "<f8")
        let data = try Data(contentsOf: file)
        let headerLength = 10 + (Int(data[8]) | Int(data[9]) << 8)
        #expect(data.count - headerLength == 100 * header.dropFirst().count * 8)
        var hash = SHA256()
        hash.update(data.dropFirst(headerLength))
        #expect(trip["checksum"] as? String == "sha256:" + hash.hexDigest())
        let still = try Self.object(try #require(lines.first { $0.contains(#""template":"still""#) }))
        #expect(still["dtype"] as? String == "float32")
        #expect(try Self.descr(out.appendingPathComponent(try #require(still["file"] as? String))) == "<f4")
    }

    @Test("a trajectory plan in shards 0/2 and 1/2 gives the files and lines of 0/1, byte for byte")
    func trajectoryShards() throws {
        let one = try Self.expectShardsEqualOne(Self.trajectoryPlan, name: "trajectory-", count: 6, shards: 2)
        #expect(one.contains { $0.contains(#""dtype":"float64""#) })
    }

    @Test(
        "trajectory templates that are not one table, or name a file, exit 2 naming the JSON path",
        arguments: [
            (
                #"{"preset": "bmi160"}"#, #"{"preset": "bmi160", "rate": 10}"#,
                "$.templates[0].spec.trajectory.sensors.imu.rate"
            ),
            (
                #""correlationTime": 30}"#, #""correlationTime": 30, "outages": [{"start": 1, "end": 2}]}"#,
                "$.templates[0].spec.trajectory.sensors.gnss.outages"
            ),
            (
                #""route": \#(DatasetCommandTests.route)"#, #""route": {"gpx": "Examples/routes/walk.gpx"}"#,
                "$.templates[0].spec.trajectory.route.gpx"
            ),
        ])
    func trajectoryRefused(_ good: String, _ bad: String, _ path: String) throws {
        let text = Self.trajectoryPlan.replacingOccurrences(of: good, with: bad)
        #expect(text != Self.trajectoryPlan)
        let plan = try Executables.temporaryFile("plan.json", contents: text)
        let out = try Self.directory("trajectory-bad")
        try Self.refusedDataset(plan.path, count: "2", out.path, naming: path)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("recordings").path))
    }

    @Test("a manifest line without dtype (an earlier version's) is rendered again, to the same bytes, and gains it")
    func lineWithoutDType() throws {
        let plan = try Executables.temporaryFile("plan.json", contents: Self.plan)
        let out = try Self.directory("dtype")
        try Executables.runSucceeding("signals", ["dataset", plan.path, "--count", "4", "--output-dir", out.path])
        let manifest = out.appendingPathComponent("manifest.jsonl")
        let before = try Data(contentsOf: manifest)
        let file = try Data(contentsOf: out.appendingPathComponent("recordings/000002.npy"))
        let old = String(decoding: before, as: UTF8.self).replacingOccurrences(of: #""dtype":"float32","#, with: "")
        #expect(old.utf8.count < before.count)
        try Data(old.utf8).write(to: manifest)
        let again = try Executables.runSucceeding(
            "signals", ["dataset", plan.path, "--count", "4", "--output-dir", out.path])
        #expect(again.stderr.contains("4 recordings rendered, 0 kept"), "\(again.stderr)")
        #expect(try Data(contentsOf: manifest) == before)
        #expect(try Data(contentsOf: out.appendingPathComponent("recordings/000002.npy")) == file)
    }
}
