import Foundation
import InternalUtilities
import Testing

/// Realistic gait end to end: a simulated walk or run, rendered by `signals render` with a BMI160's
/// noise, against the committed real recordings (Tests/SignalSpectrumTests/Data/realism/, see its README.md)
/// with `signals compare`. The body model's parameters were fitted on other recordings of the same sources
/// (the *Realistic people* article lists which); the Pebble watch excerpts here were held out of that fit.
/// The failing case: the old sine gait (a custom gait of `bounce` and `sway` alone) is judged not similar.
@Suite struct RealisticGaitTests {
    /// A straight 111-m walk (or run) north with the device on `mount`, rendered at 100 Hz.
    static func render(mount: String, vehicle: String, speed: Double) throws -> String {
        let spec = """
            {"trajectory": {"route": {"speed": \(speed), "waypoints": [
              {"latitude": 51.5007, "longitude": -0.1246, "altitude": 56},
              {"latitude": 51.5017, "longitude": -0.1246, "altitude": 56}]},
              "vehicle": \(vehicle), "mount": "\(mount)", "epoch": "2026-06-01T08:30:00Z",
              "sensors": {"imu": {"preset": "bmi160", "seed": 7}}}}
            """
        let file = try Executables.temporaryFile("gait-\(UUID().uuidString).json", contents: spec)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gait-\(UUID().uuidString)")
        try Executables.runSucceeding("signals", ["render", file.path, "--rate", "100", "--output-dir", dir.path])
        return dir.path
    }

    /// Whether `signals compare` finds the two similar (exit 0 with `"similar": true`, exit 1 with false),
    /// and the features outside their tolerance.
    static func similar(_ a: String, _ b: String) throws -> (Bool, [String]) {
        let result = try Executables.run("signals", ["compare", a, b, "--json"])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        let report = try CompareCommandTests.report(result)
        let outside = try CompareCommandTests.features(report).filter {
            $0["similar"] == .bool(false) && ($0["name"]?.string?.split(separator: ".").count ?? 0) == 2
        }.compactMap { $0["name"]?.string }
        return (report["similar"] == .bool(true) && result.status == 0, outside)
    }

    /// The real walks: a phone export's path, or a Pebble excerpt's name (`pebble:`).
    static let walkFixtures: [(mount: String, real: String)] = [
        ("handheld", "oxford/user1-hand"), ("handheld", "oxford/user2-hand"),
        ("pocket", "oxford/user1-frontpocket"), ("pocket", "aghassel/liam-leftpocket"),
        ("wrist", "pebble:walk_100.c.excerpt"), ("wrist", "pebble:walk_100_ron_1.c.excerpt"),
        ("wrist", "pebble:walk_100_heather_18.c.excerpt"), ("wrist", "pebble:walk_100_pbl_25672_2.c.excerpt"),
        ("wrist", "pebble:walk_200_pbl_25662_7.c.excerpt"),
    ]

    @Test("a walk in the hand, in a pocket and on the wrist is similar to each real walk of that placement")
    func walks() throws {
        var rendered: [String: String] = [:]
        defer { for dir in rendered.values { try? FileManager.default.removeItem(atPath: dir) } }
        for (mount, real) in Self.walkFixtures {
            if rendered[mount] == nil {
                rendered[mount] = try Self.render(mount: mount, vehicle: "\"walk\"", speed: 1.4)
            }
            let path =
                real.hasPrefix("pebble:")
                ? try CompareCommandTests.pebblePoints(String(real.dropFirst(7))) : CompareCommandTests.realism(real)
            let (similar, outside) = try Self.similar(try #require(rendered[mount]), path)
            #expect(similar, "\(mount) against \(path): outside \(outside)")
        }
    }

    @Test("a run with a watch is similar to each real watch run")
    func runs() throws {
        let dir = try Self.render(mount: "wrist", vehicle: "\"run\"", speed: 3.0)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in [
            "running_100.c.excerpt", "run_150_pbl_34795_1.c.excerpt", "run_200_temp_95866_7.c.excerpt",
            "run_100_temp_95866_6.c.excerpt",
        ] {
            let (similar, outside) = try Self.similar(dir, try CompareCommandTests.pebblePoints(name))
            #expect(similar, "\(name): outside \(outside)")
        }
    }

    @Test("the failing case: the old sine gait (bounce and sway only) is not similar to a real walk in the hand")
    func sineGaitIsNotReal() throws {
        let sine = """
            {"maximumSpeed": 2, "longitudinalAcceleration": 1, "lateralAcceleration": 1.5, "yawRate": 1.5,
             "jerk": 2, "gait": {"stepLength": 0.7, "bounce": 0.025, "sway": 0.02}}
            """
        let dir = try Self.render(mount: "handheld", vehicle: sine, speed: 1.4)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (similar, outside) = try Self.similar(dir, CompareCommandTests.realism("oxford/user2-hand"))
        #expect(!similar)
        #expect(outside.contains("linearAcceleration.harmonicRatio"), "\(outside)")
    }

    @Test("two mounts of one walk differ: a pocket's rotation rate is several times a hand's")
    func mountsDiffer() throws {
        let hand = try Self.render(mount: "handheld", vehicle: "\"walk\"", speed: 1.4)
        let pocket = try Self.render(mount: "pocket", vehicle: "\"walk\"", speed: 1.4)
        defer {
            try? FileManager.default.removeItem(atPath: hand)
            try? FileManager.default.removeItem(atPath: pocket)
        }
        let result = try Executables.run("signals", ["compare", pocket, hand, "--json"])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        let features = try CompareCommandTests.features(try CompareCommandTests.report(result))
        let rate = try #require(features.first { $0["name"]?.string == "rotationRate.rms" })
        let (a, b) = (try #require(rate["a"]?.double), try #require(rate["b"]?.double))
        // A thigh swings ±26° once per stride: about 2 rad/s RMS; a hand rocks ±8°.
        #expect(a > 1.5 && a < 4, "pocket \(a) rad/s")
        #expect(a > 3 * b, "pocket \(a) rad/s, hand \(b) rad/s")
    }
}
