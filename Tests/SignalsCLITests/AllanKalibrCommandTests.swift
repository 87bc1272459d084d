import Foundation
import SignalRunnerTesting
import Testing

/// `signals allan --kalibr-yaml` and `--deviation/--taus/--phase`, end to end through the built `signals`.
@Suite struct AllanKalibrCommandTests {
    @Test("--kalibr-yaml writes the fit; a spec naming it reads it, and fails naming a key removed from it")
    func roundTrip() throws {
        let dir = try Executables.temporaryFolder("allan-kalibr")
        defer { try? FileManager.default.removeItem(at: dir) }
        let yaml = dir.appendingPathComponent("imu.yaml")
        let fit = dir.appendingPathComponent("fit.json")
        try Executables.runSucceeding(
            "signals",
            [
                "allan", "Examples/specs/imu/kalibr-example.json", "--rate", "100", "--duration", "600",
                "--kalibr-yaml", yaml.path, "--fit-spec", fit.path,
            ])
        let text = try String(contentsOf: yaml, encoding: .utf8)
        #expect(text.contains("update_rate: 100.0"))
        // The written numbers, read as the spec reads them.
        func value(_ key: String) throws -> Double {
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(key + ":") })
            return try #require(
                Double(line.dropFirst(key.count + 1).split(separator: "#")[0].trimmingCharacters(in: .whitespaces)))
        }
        #expect(try value("gyroscope_noise_density") > 0)
        #expect(try value("accelerometer_noise_density") > 0)
        // A spec naming the written file renders and analyses (the exact terms are checked in KalibrIMUTests).
        let spec = dir.appendingPathComponent("spec.json")
        try Data(#"{"imu": {"motion": {"attitude": "faceUp"}, "kalibr": "imu.yaml"}}"#.utf8).write(to: spec)
        try Executables.runSucceeding(
            "signals", ["allan", spec.path, "--rate", "100", "--duration", "60", "--channel", "gyroscope.x"])
        // The file is what the spec reads: without a key, the spec fails naming the key and the file.
        let broken = text.split(separator: "\n").filter { !$0.hasPrefix("gyroscope_random_walk") }.joined(
            separator: "\n")
        try broken.write(to: yaml, atomically: true, encoding: .utf8)
        let failed = try Executables.runFailing("signals", ["allan", spec.path, "--rate", "100", "--duration", "10"])
        #expect(failed.stderr.contains("no 'gyroscope_random_walk'"), "\(failed.stderr)")
        #expect(failed.stderr.contains("imu.yaml"), "\(failed.stderr)")
    }

    @Test("--deviation mdev --taus decade prints the curve; a bad name exits non-zero")
    func deviationFlags() throws {
        let r = try Executables.runSucceeding(
            "signals",
            [
                "allan", "Examples/specs/imu/kalibr-example.json", "--rate", "100", "--duration", "60",
                "--channel", "gyroscope.x", "--deviation", "mdev", "--taus", "decade", "--json",
            ])
        let objects = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]])
        let taus = try #require(objects.first?["tau"] as? [Double])
        #expect(taus.prefix(4) == [0.01, 0.02, 0.04, 0.1])
        #expect(objects.first?["mdev"] != nil)
        #expect(objects.first?["noiseDensity"] == nil)
        let bad = try Executables.runFailing(
            "signals",
            [
                "allan", "Examples/specs/imu/kalibr-example.json", "--rate", "100", "--duration", "60",
                "--deviation", "allan",
            ])
        #expect(bad.stderr.contains("--deviation 'allan' is not one of"), "\(bad.stderr)")
    }

    @Test(
        "allan reads float64: a clock phase 100 s ± 1e-9 s gives ADEV 1.41e-9, not 0; a CSV frequency 1e-3 ± 1e-12 gives 1.41e-12"
    )
    func float64Input() throws {
        let dir = try Executables.temporaryFolder("allan-kalibr")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A phase alternating by 1e-9 s: second differences of ±2e-9 s at τ = 1 s, so ADEV(1 s) = √(4e-18 / 2) = 1.41e-9.
        let phase = (0..<1000).map { 100 + ($0 % 2 == 0 ? 0 : 1e-9) }
        let file = dir.appendingPathComponent("clock.npy")
        try TestNPY.float64(phase).write(to: file)
        let r = try Executables.runSucceeding(
            "signals", ["allan", file.path, "--rate", "1", "--phase", "--deviation", "adev", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]])
        let adev = try #require(objects.first?["adev"] as? [Double])
        #expect(abs(adev[0] / (2.0.squareRoot() * 1e-9) - 1) < 1e-4, "\(adev[0])")
        // Frequency: 1e-3 + alternating ±1e-12 (a Float cannot tell them from 1e-3).
        let csv = dir.appendingPathComponent("frequency.csv")
        let text = "t,y\n" + (0..<1000).map { "\($0),\(1e-3 + ($0 % 2 == 0 ? 1e-12 : -1e-12))\n" }.joined()
        try Data(text.utf8).write(to: csv)
        let f = try Executables.runSucceeding("signals", ["allan", csv.path, "--deviation", "oadev", "--json"])
        let fo = try #require(try JSONSerialization.jsonObject(with: f.stdout) as? [[String: Any]])
        let oadev = try #require(fo.first?["oadev"] as? [Double])
        // y − mean = ±1e-12: the phase alternates by 1e-12, second differences ±2e-12 at τ = 1, OADEV = √(4e-24 / 2) = 1.41e-12.
        #expect(abs(oadev[0] / (2.0.squareRoot() * 1e-12) - 1) < 1e-3, "\(oadev[0])")
    }

    @Test("allan refuses more values than it holds (2e8), naming the bound, before reading the data")
    func tooManyValues() throws {
        let dir = try Executables.temporaryFolder("allan-kalibr")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("wide.npy")
        try TestNPY.float64([], shape: "(50000000, 6)").write(to: file)
        let r = try Executables.runFailing("signals", ["allan", file.path, "--rate", "100"])
        #expect(r.stderr.contains("at most 200000000 values"), "\(r.stderr)")
        let spec = try Executables.temporaryFile("imu.json", contents: #"{"imu": {"motion": {"attitude": "faceUp"}}}"#)
        let render = try Executables.runFailing(
            "signals", ["allan", spec.path, "--rate", "1000", "--duration", "40000"])
        #expect(render.stderr.contains("at most 200000000 values"), "\(render.stderr)")
    }
}
