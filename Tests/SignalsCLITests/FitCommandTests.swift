import Foundation
import InternalUtilities
import Testing

/// `signals fit` end to end: fit → render → compare on every real fixture of a walk, a run or a person
/// standing or sitting still (Tests/SignalSpectrumTests/Data/realism/, see its README.md), and the refusals.
@Suite struct FitCommandTests {
    /// Fits `recording` (with `arguments`), renders the spec at 100 Hz and compares the render with it.
    /// Returns fit's status and standard error, and whether compare found them similar.
    static func fitRenderCompare(
        _ recording: String, _ arguments: [String] = []
    ) throws -> (
        status: Int32, summary: String, similar: Bool, outside: String
    ) {
        let spec = try Executables.temporaryFile("fit-\(UUID().uuidString).json")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fit-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: spec)
            try? FileManager.default.removeItem(at: dir)
        }
        let fit = try Executables.run("signals", ["fit", recording, "-o", spec.path] + arguments)
        #expect([0, 1].contains(fit.status), "\(fit.stderr)")
        try Executables.runSucceeding("signals", ["render", spec.path, "--rate", "100", "--output-dir", dir.path])
        let compare = try Executables.run("signals", ["compare", dir.path, recording])
        #expect([0, 1].contains(compare.status), "\(compare.stderr)")
        return (
            fit.status, fit.stderr, compare.status == 0, compare.text.split(separator: "\n").last.map(String.init) ?? ""
        )
    }

    @Test(
        "phone walks: the activity, the mount (a pocket by its stride) and the cadence are read from the recording, and the render is similar",
        arguments: [
            ("oxford/user1-hand", "walking, handheld"), ("oxford/user2-hand", "walking, handheld"),
            ("oxford/user1-frontpocket", "walking, pocket"), ("aghassel/liam-leftpocket", "walking, pocket"),
            // The body model's calibration walks (committed for the spread test).
            ("oxford/carmelo-hand", "walking, handheld"), ("oxford/dario-hand", "walking, handheld"),
            ("oxford/jamie-nexus-hand", "walking, handheld"), ("oxford/jamie-pixel-hand", "walking, handheld"),
            ("oxford/jamie-samsung-hand", "walking, handheld"), ("aghassel/liam-lefthand", "walking, handheld"),
            ("oxford/carmelo-frontpocket", "walking, pocket"), ("oxford/dario-frontpocket", "walking, pocket"),
            ("oxford/jamie-pixel-frontpocket", "walking, pocket"), ("oxford/user2-frontpocket", "walking, pocket"),
            ("aghassel/abdellah-frontleft", "walking, pocket"),
            // Kyle's pocket reads like a hand (its stride does not dominate): the mount is given.
            ("aghassel/kyle-front", "walking, pocket"),
        ])
    func phoneWalks(path: String, expected: String) throws {
        let result = try Self.fitRenderCompare(
            CompareCommandTests.realism(path), path == "aghassel/kyle-front" ? ["--mount", "pocket"] : [])
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.summary.contains("fit: \(expected)"), "\(result.summary)")
        #expect(result.similar, "\(path): \(result.outside)")
    }

    @Test(
        "watch walks and runs (--mount wrist: a watch reads like a hand-held phone without a gyroscope), and watches worn sitting still",
        arguments: [
            ("walk_100.c.excerpt", "walking"), ("walk_100_ron_1.c.excerpt", "walking"),
            ("walk_100_heather_18.c.excerpt", "walking"), ("walk_100_pbl_25672_2.c.excerpt", "walking"),
            ("walk_200_pbl_25662_7.c.excerpt", "walking"), ("running_100.c.excerpt", "running"),
            ("run_150_pbl_34795_1.c.excerpt", "running"), ("run_200_temp_95866_7.c.excerpt", "running"),
            ("run_100_temp_95866_6.c.excerpt", "running"), ("reading_paper.c.excerpt", "standing"),
            ("working_at_desk.c.excerpt", "standing"),
            // The body model's calibration walks and runs.
            ("walk_100_pbl_25296_1.c.excerpt", "walking"), ("walk_100_pbl_25298_5.c.excerpt", "walking"),
            ("walk_100_pbl_25471_7.c.excerpt", "walking"), ("walk_100_pbl_25477_15.c.excerpt", "walking"),
            ("walk_100_pbl_25478_6.c.excerpt", "walking"), ("walk_100_pbl_25655_3.c.excerpt", "walking"),
            ("walk_100_pbl_25660_2.c.excerpt", "walking"), ("walk_100_pbl_25663_5.c.excerpt", "walking"),
            ("walk_100_pbl_25666_1.c.excerpt", "walking"), ("walk_100_pbl_28394_5.c.excerpt", "walking"),
            ("walk_100_pbl_28397_9.c.excerpt", "walking"), ("walk_100_temp_94473_1.c.excerpt", "walking"),
            ("walk_100_temp_95861_1.c.excerpt", "walking"), ("walk_200_pbl_25530_8.c.excerpt", "walking"),
            ("walk_200_pbl_28359_4.c.excerpt", "walking"), ("walk_200_pbl_28385_8.c.excerpt", "walking"),
            ("walk_50_barefoot_1.c.excerpt", "walking"), ("walk_50_in_sandals.c.excerpt", "walking"),
            ("run_100_temp_95866_5.c.excerpt", "running"), ("run_200_temp_95866_8.c.excerpt", "running"),
        ])
    func watches(name: String, activity: String) throws {
        let result = try Self.fitRenderCompare(try CompareCommandTests.pebblePoints(name), ["--mount", "wrist"])
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.summary.contains("fit: \(activity), wrist"), "\(result.summary)")
        #expect(result.similar, "\(name): \(result.outside)")
    }

    @Test(
        "standing still: mhealthtools' iPhone (balance test) fits a person who keeps their hand still, with the noise of its stillest 2 s"
    )
    func standing() throws {
        let result = try Self.fitRenderCompare(CompareCommandTests.realism("mhealthtools/balance.csv"))
        #expect(result.summary.contains("fit: standing"), "\(result.summary)")
        #expect(result.summary.contains("noise: from the stillest 2 s"), "\(result.summary)")
        #expect(result.similar, "\(result.outside)")
    }

    @Test(
        "drives and a device lying still: a watch worn at the wheel fits a car's vibration, a watch on a table a still device with its noise",
        arguments: [
            ("driving_1.c.excerpt", ["--mount", "wrist"], "fit: driving, wrist"),
            ("driving_2.c.excerpt", ["--mount", "wrist"], "fit: driving, wrist"),
            ("watch_on_table.c.excerpt", [], "fit: still, flat"),
        ])
    func drivesAndTables(name: String, arguments: [String], expected: String) throws {
        let result = try Self.fitRenderCompare(try CompareCommandTests.pebblePoints(name), arguments)
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.summary.contains(expected), "\(result.summary)")
        #expect(result.similar, "\(name): \(result.outside)")
    }

    @Test("a drive's spec is a car with the vibration fitted; a still device's lies flat, the car's engine off")
    func driveAndStillSpecs() throws {
        func spec(_ name: String, _ arguments: [String] = []) throws -> JSONObject {
            let result = try Executables.runSucceeding(
                "signals", ["fit", try CompareCommandTests.pebblePoints(name), "-o", "-"] + arguments)
            return try #require(try JSONValue.parse(result.text).object?["trajectory"]?.object)
        }
        let drive = try spec("driving_1.c.excerpt")
        #expect(drive["vehicle"] == .string("car"))
        #expect(drive["mount"] == .string("dashboard"))
        #expect((drive["vibration"]?.double ?? 0) >= 0.5)
        let table = try spec("watch_on_table.c.excerpt")
        #expect(table["mount"] == .string("flat"))
        #expect(table["vibration"]?.double == 0)
        #expect(table["sensors"]?.object?["imu"]?.object?["accelerometer_noise_density"]?.double != nil)
        // A watch said to be worn is a person who keeps still, not a device on a table.
        let worn = try Executables.run(
            "signals",
            ["fit", try CompareCommandTests.pebblePoints("watch_on_table.c.excerpt"), "-o", "-", "--mount", "wrist"])
        #expect(worn.stderr.contains("fit: standing, wrist"), "\(worn.stderr)")
        // The failing cases: a table's mount for a walk, a body mount for a device lying still.
        let walkFlat = try Executables.runFailing(
            "signals", ["fit", CompareCommandTests.realism("oxford/user2-hand"), "-o", "-", "--mount", "flat"])
        #expect(walkFlat.stderr.contains("--mount flat does not suit walking"), "\(walkFlat.stderr)")
        let stillWorn = try Executables.runFailing(
            "signals",
            [
                "fit", try CompareCommandTests.pebblePoints("watch_on_table.c.excerpt"), "-o", "-", "--activity",
                "still",
                "--mount", "pocket",
            ])
        #expect(stillWorn.stderr.contains("--mount pocket does not suit still"), "\(stillWorn.stderr)")
    }

    @Test(
        "the spec is a trajectory spec: the fitted cadence and mount, the person's impact, the IMU; - writes it to standard output"
    )
    func spec() throws {
        let result = try Executables.runSucceeding(
            "signals", ["fit", CompareCommandTests.realism("oxford/user1-frontpocket"), "-o", "-", "--seed", "9"])
        let object = try #require(try JSONValue.parse(result.text).object?["trajectory"]?.object)
        #expect(object["vehicle"] == .string("walk"))
        #expect(object["mount"] == .string("pocket"))
        let person = try #require(object["person"]?.object)
        #expect(person["seed"]?.double == 9)
        #expect(person["impact"]?.double != nil)
        let speed = try #require(object["route"]?.object?["speed"]?.double)
        // 1.71 steps/s × 0.765 m.
        #expect(abs(speed - 1.71 * 0.765) < 0.05, "speed \(speed)")
        #expect(object["sensors"]?.object?["imu"]?.object?["preset"] == .string("bmi160"))
    }

    @Test("--activity and --mount override what the recording suggests; a walk forced on a still recording is refused")
    func overrides() throws {
        let spec = try Executables.temporaryFile("fit-override.json")
        defer { try? FileManager.default.removeItem(at: spec) }
        let run = try Executables.run(
            "signals",
            ["fit", CompareCommandTests.realism("oxford/user2-hand"), "-o", spec.path, "--mount", "backpack"])
        #expect(run.stderr.contains("fit: walking, backpack"), "\(run.stderr)")
        let still = try Executables.runFailing(
            "signals",
            ["fit", CompareCommandTests.realism("mhealthtools/balance.csv"), "-o", spec.path, "--activity", "walking"])
        #expect(still.stderr.contains("no step rate"), "\(still.stderr)")
    }

    @Test(
        "bad input exits 2 naming the problem: a missing file, a recording under 20 s, an unknown activity or mount, -o onto the input, not .json or a folder"
    )
    func badInput() throws {
        let spec = try Executables.temporaryFile("fit-bad.json")
        defer { try? FileManager.default.removeItem(at: spec) }
        let missing = try Executables.runFailing("signals", ["fit", "/nonexistent/walk.csv", "-o", spec.path])
        #expect(missing.stderr.contains("/nonexistent/walk.csv"))
        let short = try Executables.temporaryFile(
            "fit-short.csv",
            contents: "timestamp,x,y,z\n" + (0..<500).map { "\(Double($0) / 50),0,0,-1" }.joined(separator: "\n") + "\n"
        )
        defer { try? FileManager.default.removeItem(at: short) }
        let tooShort = try Executables.runFailing("signals", ["fit", short.path, "-o", spec.path])
        #expect(tooShort.stderr.contains("20"), "\(tooShort.stderr)")
        let recording = CompareCommandTests.realism("oxford/user2-hand")
        let activity = try Executables.runFailing(
            "signals", ["fit", recording, "-o", spec.path, "--activity", "swimming"])
        #expect(activity.stderr.contains("swimming"), "\(activity.stderr)")
        let mount = try Executables.runFailing("signals", ["fit", recording, "-o", spec.path, "--mount", "dashboard"])
        #expect(mount.stderr.contains("dashboard"), "\(mount.stderr)")
        let onto = try Executables.runFailing(
            "signals", ["fit", recording, "-o", recording + "/Accelerometer.csv"])
        #expect(onto.stderr.contains("it is the input"), "\(onto.stderr)")
        let svg = try Executables.runFailing("signals", ["fit", recording, "-o", spec.path + ".svg"])
        #expect(svg.stderr.contains(".json"), "\(svg.stderr)")
        let noOutput = try Executables.runFailing("signals", ["fit", recording])
        #expect(noOutput.stderr.contains("--output"), "\(noOutput.stderr)")
        // A folder as -o is refused before the fit's work: no fit note is printed.
        let folder = try Executables.runFailing(
            "signals", ["fit", recording, "-o", FileManager.default.temporaryDirectory.path])
        #expect(folder.stderr.contains("it is a directory"), "\(folder.stderr)")
        #expect(!folder.stderr.contains("note:"), "\(folder.stderr)")
    }
}
