import Foundation
import SignalRunnerTesting
import Signals
import Testing

@testable import Sensors

@Suite struct PhyphoxRecordingTests {
    static let examples = Examples.url("recordings/phyphox")

    @Test("reads the example exports: accelerometer in CoreMotion g (face up ≈ −1), gyroscope in rad/s")
    func examples() throws {
        let a = try PhyphoxRecording.read(path: Self.examples.appendingPathComponent("Accelerometer.csv").path)
        let g = try PhyphoxRecording.read(path: Self.examples.appendingPathComponent("Gyroscope.csv").path)
        try #require(a.count == 1)
        try #require(g.count == 1)
        #expect(a[0].kind == .accelerometer)
        #expect(g[0].kind == .gyroscope)
        #expect(a[0].count == 500)
        #expect(g[0].count == 500)
        let z = a[0].axes[2].reduce(0, +) / Double(a[0].count)
        #expect(abs(z + 1) < 0.01)
        #expect(a[0].lines[0] == 2)
    }

    static func table(_ text: String, name: String = "Accelerometer.csv") throws(SignalError) -> [SensorSeries] {
        let paths: [String: String]
        do { paths = try RecordingFixtures.write([name: text]) } catch { throw SignalError(.unreadable, "\(error)") }
        return try PhyphoxRecording.read(path: paths[name] ?? "")
    }

    static let header = "\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\",\"Gyroscope z (rad/s)\"\n"

    @Test("rows with a missing sample (NaN on Android, \"\" on iOS) are skipped; repeated times are dropped")
    func missingSamples() throws {
        let s = try Self.table(
            Self.header + "0,1,2,3\n0.01,NaN,NaN,NaN\n0.02,\"\",\"\",\"\"\n0.02,1,2,3\n0.03,4,5,6\n0.03,7,8,9\n")
        #expect(s[0].times == [0, 0.02, 0.03])
        #expect(s[0].axes[0] == [1, 1, 4])
    }

    @Test(
        "errors name the file, line and column",
        arguments: [
            (header + "0,1,2,3\n0.01,1,x,3\n", ":3: column 3", "is not a finite number"),
            (header + "0,1,2,3\n0.01,1,2,3\n0.005,1,2,3\n", ":4: column 1", "before the previous sample"),
            // ';' as the separator
            ("\"Time (s)\";\"Gyroscope x (rad/s)\"\n0;1\n", ":1", "but no \"Gyroscope y (rad/s)\""),
            ("\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope z (rad/s)\"\n0,1,2\n", ":1", "\"Gyroscope y (rad/s)\""),
            ("\"Time (s)\",\"Pressure (hPa)\"\n0,1000\n", ":1", "not a phyphox export"),
            (header + "0,1,2,3\n", "", "at least 2"),
            (header + "0,1,2,3\n0.01,1,2,3,4\n0.02,1,2\n", ":3: column 5", "expected 4 fields"),
            (
                header + "0,1,2,3\n0.01,1,2,3\n0.01,4,5,6\n0.01,7,8,9\n0.02,1,2,3\n", ":5: column 1",
                "all have time 0.01 s: the times were rounded"
            ),
        ])
    func errors(_ text: String, _ location: String, _ fragment: String) {
        do {
            _ = try Self.table(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains("Accelerometer.csv\(location)"), "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }
}
