import Foundation
import Testing

/// `signals allan --kalibr-yaml` and `--deviation/--taus/--phase`, end to end through the built `signals`.
@Suite struct AllanKalibrCommandTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("allan-kalibr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("--kalibr-yaml writes the fit; a spec naming it reads it, and fails naming a key removed from it")
    func roundTrip() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let yaml = dir.appendingPathComponent("imu.yaml"), fit = dir.appendingPathComponent("fit.json")
        try Executables.runSucceeding("signals", ["allan", "Examples/specs/imu/kalibr-example.json", "--rate", "100", "--duration", "600",
                                                  "--kalibr-yaml", yaml.path, "--fit-spec", fit.path])
        let text = try String(contentsOf: yaml, encoding: .utf8)
        #expect(text.contains("update_rate: 100.0"))
        // The written numbers, read as the spec reads them.
        func value(_ key: String) throws -> Double {
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(key + ":") })
            return try #require(Double(line.dropFirst(key.count + 1).split(separator: "#")[0].trimmingCharacters(in: .whitespaces)))
        }
        #expect(try value("gyroscope_noise_density") > 0)
        #expect(try value("accelerometer_noise_density") > 0)
        // A spec naming the written file renders and analyses (the exact terms are checked in KalibrIMUTests).
        let spec = dir.appendingPathComponent("spec.json")
        try Data(#"{"imu": {"motion": {"attitude": "faceUp"}, "kalibr": "imu.yaml"}}"#.utf8).write(to: spec)
        try Executables.runSucceeding("signals", ["allan", spec.path, "--rate", "100", "--duration", "60", "--channel", "gyroscope.x"])
        // The file is what the spec reads: without a key, the spec fails naming the key and the file.
        let broken = text.split(separator: "\n").filter { !$0.hasPrefix("gyroscope_random_walk") }.joined(separator: "\n")
        try broken.write(to: yaml, atomically: true, encoding: .utf8)
        let failed = try Executables.runFailing("signals", ["allan", spec.path, "--rate", "100", "--duration", "10"])
        #expect(failed.stderr.contains("no 'gyroscope_random_walk'"), "\(failed.stderr)")
        #expect(failed.stderr.contains("imu.yaml"), "\(failed.stderr)")
    }

    @Test("--deviation mdev --taus decade prints the curve; a bad name exits non-zero")
    func deviationFlags() throws {
        let r = try Executables.runSucceeding("signals", ["allan", "Examples/specs/imu/kalibr-example.json", "--rate", "100", "--duration", "60",
                                                          "--channel", "gyroscope.x", "--deviation", "mdev", "--taus", "decade", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]])
        let taus = try #require(objects.first?["tau"] as? [Double])
        #expect(taus.prefix(4) == [0.01, 0.02, 0.04, 0.1])
        #expect(objects.first?["mdev"] != nil)
        #expect(objects.first?["noiseDensity"] == nil)
        let bad = try Executables.runFailing("signals", ["allan", "Examples/specs/imu/kalibr-example.json", "--rate", "100", "--duration", "60",
                                                         "--deviation", "allan"])
        #expect(bad.stderr.contains("--deviation 'allan' is not one of"), "\(bad.stderr)")
    }
}
