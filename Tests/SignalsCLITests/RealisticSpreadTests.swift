import Foundation
import InternalUtilities
import Testing

/// Realistic people against real recordings: for hand-held, pocket and wrist walks and wrist runs, the table's
/// features of the simulated linear acceleration (kurtosis, crest factor, share of power above 5 Hz) fall
/// within the spread (minimum to maximum) of every committed real recording of that placement: the body
/// model's calibration set and the held-out recordings together (Tests/SignalSpectrumTests/Data/realism/,
/// see its README.md). The simulated walk is cut into three 20.5-s windows of steady walking, as long as
/// the real excerpts (a crest factor grows with the length of the window), and the median of the three is
/// checked. Phone runs are not checked: no public recording of one was found.
@Suite struct RealisticSpreadTests {
    /// The features of the table.
    static let features = ["kurtosis", "crestFactor", "shareAbove5Hz"]

    /// A group of real recordings of one placement and activity.
    struct Group: Sendable, CustomTestStringConvertible {
        var label: String
        var mount: String
        var vehicle: String
        var speed: Double
        /// Paths under the realism folder, or Pebble excerpt names (`pebble:`).
        var reals: [String]
        var testDescription: String { label }
    }

    static func pebble(_ names: String...) -> [String] { names.map { "pebble:\($0).c.excerpt" } }

    static let hand = Group(
        label: "hand-held walk", mount: "handheld", vehicle: "\"walk\"", speed: 1.4,
        reals: [
            "oxford/user1-hand", "oxford/user2-hand", "oxford/carmelo-hand", "oxford/dario-hand",
            "oxford/jamie-nexus-hand", "oxford/jamie-pixel-hand", "oxford/jamie-samsung-hand",
            "aghassel/liam-lefthand",
        ])
    static let pocket = Group(
        label: "pocket walk", mount: "pocket", vehicle: "\"walk\"", speed: 1.4,
        reals: [
            "oxford/user1-frontpocket", "oxford/user2-frontpocket", "oxford/carmelo-frontpocket",
            "oxford/dario-frontpocket", "oxford/jamie-pixel-frontpocket", "aghassel/liam-leftpocket",
            "aghassel/abdellah-frontleft", "aghassel/kyle-front",
        ])
    static let wrist = Group(
        label: "watch walk", mount: "wrist", vehicle: "\"walk\"", speed: 1.4,
        reals: pebble(
            "walk_100", "walk_100_ron_1", "walk_100_heather_18", "walk_100_pbl_25672_2", "walk_200_pbl_25662_7",
            "walk_100_pbl_25296_1", "walk_100_pbl_25298_5", "walk_100_pbl_25471_7", "walk_100_pbl_25477_15",
            "walk_100_pbl_25478_6", "walk_100_pbl_25655_3", "walk_100_pbl_25660_2", "walk_100_pbl_25663_5",
            "walk_100_pbl_25666_1", "walk_100_pbl_28394_5", "walk_100_pbl_28397_9", "walk_100_temp_94473_1",
            "walk_100_temp_95861_1", "walk_200_pbl_25530_8", "walk_200_pbl_28359_4", "walk_200_pbl_28385_8",
            "walk_50_barefoot_1", "walk_50_in_sandals"))
    static let run = Group(
        label: "watch run", mount: "wrist", vehicle: "\"run\"", speed: 3.0,
        reals: pebble(
            "running_100", "run_150_pbl_34795_1", "run_200_temp_95866_7", "run_100_temp_95866_6",
            "run_100_temp_95866_5", "run_200_temp_95866_8"))

    /// A render of `group`'s activity along 300 m north (steady from about 5 s), at 100 Hz.
    static func render(_ group: Group) throws -> URL {
        let spec = """
            {"trajectory": {"route": {"speed": \(group.speed), "waypoints": [
              {"latitude": 51.5007, "longitude": -0.1246, "altitude": 56},
              {"latitude": 51.5034, "longitude": -0.1246, "altitude": 56}]},
              "vehicle": \(group.vehicle), "mount": "\(group.mount)", "epoch": "2026-06-01T08:30:00Z",
              "sensors": {"imu": {"preset": "bmi160", "seed": 7}}}}
            """
        let file = try Executables.temporaryFile("spread-\(UUID().uuidString).json", contents: spec)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spread-\(UUID().uuidString)")
        try Executables.runSucceeding("signals", ["render", file.path, "--rate", "100", "--output-dir", dir.path])
        return dir
    }

    /// `dir`'s rows from `start` to `start + 20.5` s (a render directory of its own: the streams cut, the
    /// sidecar copied).
    static func window(_ dir: URL, start: Double) throws -> URL {
        let out = try Executables.temporaryFolder("spread-window")
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            let source = dir.appendingPathComponent(name)
            guard name.hasSuffix(".csv") else {
                try FileManager.default.copyItem(at: source, to: out.appendingPathComponent(name))
                continue
            }
            let lines = try String(contentsOf: source, encoding: .utf8).split(separator: "\n")
            let kept = lines.dropFirst().filter { line in
                guard let t = Double(line.prefix { $0 != "," }) else { return false }
                return t >= start && t <= start + 20.5
            }
            try ([String(lines[0])] + kept.map(String.init)).joined(separator: "\n").appending("\n").write(
                to: out.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return out
    }

    /// The linear acceleration's `features` of `sim` (a) and `real` (b), by `signals compare --json`.
    static func features(_ sim: String, _ real: String) throws -> [String: (a: Double, b: Double)] {
        let result = try Executables.run("signals", ["compare", sim, real, "--json"])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        var out: [String: (a: Double, b: Double)] = [:]
        for f in try CompareCommandTests.features(try CompareCommandTests.report(result)) {
            guard let name = f["name"]?.string, let a = f["a"]?.double, let b = f["b"]?.double else { continue }
            let parts = name.split(separator: ".")
            if parts.count == 2, parts[0] == "linearAcceleration" { out[String(parts[1])] = (a, b) }
        }
        return out
    }

    /// Each feature: the median of the simulated windows', and the real recordings' minimum and maximum.
    static func spread(
        _ group: Group, rendered: URL? = nil
    ) throws -> [String: (sim: Double, low: Double, high: Double)] {
        let dir = try rendered ?? render(group)
        var windows: [URL] = []
        defer {
            if rendered == nil { try? FileManager.default.removeItem(at: dir) }
            for w in windows { try? FileManager.default.removeItem(at: w) }
        }
        for start in [10.0, 30.5, 51] { windows.append(try window(dir, start: start)) }
        var sims: [String: [Double]] = [:]
        var reals: [String: [Double]] = [:]
        for real in group.reals {
            let path =
                real.hasPrefix("pebble:")
                ? try CompareCommandTests.pebblePoints(String(real.dropFirst(7))) : CompareCommandTests.realism(real)
            for (k, w) in windows.enumerated() {
                let f = try features(w.path, path)
                for name in Self.features {
                    let value = try #require(f[name], "\(name) of \(real)")
                    if k == 0 { reals[name, default: []].append(value.b) }
                    // The simulated value is the same against every real recording of one band (all of a group's).
                    if real == group.reals[0] { sims[name, default: []].append(value.a) }
                }
            }
        }
        var out: [String: (sim: Double, low: Double, high: Double)] = [:]
        for name in Self.features {
            let s = try #require(sims[name]).sorted()
            let r = try #require(reals[name])
            out[name] = (s[s.count / 2], r.min()!, r.max()!)
        }
        return out
    }

    @Test(
        "walks in the hand, in a pocket and on the wrist, and a run with a watch: kurtosis, crest factor and power above 5 Hz within the real recordings' spread",
        arguments: [hand, pocket, wrist, run])
    func placements(_ group: Group) throws {
        // Each group's spread is of all its recordings: the body model's calibration set (for the run, the two
        // Pebble runs BodyWaveform.wristRunStep was measured on) and the held-out ones.
        let spread = try Self.spread(group)
        for name in Self.features {
            let s = try #require(spread[name])
            print("spread \(group.label) \(name): sim \(s.sim), real \(s.low) … \(s.high)")
            #expect(s.sim >= s.low && s.sim <= s.high, "\(group.label) \(name): \(s.sim) outside \(s.low) … \(s.high)")
        }
    }

    @Test(
        "the failing cases: a hand-held walk is below the pocket walks' kurtosis, a watch walk below the watch runs' power above 5 Hz",
        arguments: [(hand, pocket, "kurtosis"), (wrist, run, "shareAbove5Hz")])
    func wrongActivityOrPlacement(_ rendered: Group, _ against: Group, _ feature: String) throws {
        let dir = try Self.render(rendered)
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try #require(try Self.spread(against, rendered: dir)[feature])
        #expect(s.sim < s.low, "\(rendered.label) \(feature) \(s.sim) against \(against.label)'s \(s.low) … \(s.high)")
    }
}
