import Foundation
import SignalRunnerTesting
import Testing

@testable import Sensors

@Suite struct SensorLoggerRecordingTests {
    static let examples = Examples.url("recordings/sensor-logger")

    static func paths(_ names: [String]) -> [String] { names.map { examples.appendingPathComponent($0).path } }

    @Test("the example export with its Metadata.csv: iOS signs, gravity −z face up, columns z,y,x by name")
    func examples() throws {
        let series = try RecordingImport(rate: 100).read(
            Self.paths(["Metadata.csv", "Accelerometer.csv", "Gravity.csv", "Gyroscope.csv"]))
        #expect(Set(series.map(\.kind)) == [.userAcceleration, .gravity, .gyroscope])
        let gravity = try #require(series.first { $0.kind == .gravity })
        #expect(abs(gravity.axes[2].reduce(0, +) / Double(gravity.count) + 1) < 0.01)
        #expect(abs(gravity.axes[0][0] - 0.20504747368988252 / 9.80665) < 1e-12)  // x is the last column
        // seconds_elapsed is the time.
        #expect(abs(gravity.times[0] - 0.216891157) < 1e-12)
    }

    @Test("Android's sign is the opposite; --platform decides without metadata")
    func android() throws {
        let ios = try RecordingImport(rate: 100, convention: .ios).read(Self.paths(["Gravity.csv"]))
        let android = try RecordingImport(rate: 100, convention: .android).read(Self.paths(["Gravity.csv"]))
        #expect(ios[0].axes[2][0] == -android[0].axes[2][0])
    }

    @Test("without metadata or a platform the sign is unknown: a clear error")
    func missingPlatform() {
        do {
            _ = try RecordingImport(rate: 100).read(Self.paths(["Gravity.csv"]))
            Issue.record("accepted")
        } catch {
            #expect(error.description.contains("Metadata.csv"))
            #expect(error.description.contains("--platform"))
        }
    }

    @Test("integer nanosecond times when there is no seconds_elapsed")
    func nanoseconds() throws {
        let paths = try RecordingFixtures.write([
            "Gyroscope.csv":
                "time,z,y,x\n1698501144401773000,1,2,3\n1698501144411773000,4,5,6\n1698501144421773001,7,8,9\n"
        ])
        let s = try SensorLoggerRecording.read(path: paths["Gyroscope.csv"] ?? "", convention: .ios)
        #expect(s[0].times == [0, 0.01, 0.020000001])
        #expect(s[0].axes[0] == [3, 6, 9])
    }

    @Test(
        "bad files are refused with the file and line",
        arguments: [
            ("Gyro.csv", "time,seconds_elapsed,z,y,x\n1,0,1,2,3\n", "named after its sensor"),
            ("Gyroscope.csv", "time,z,y,x\n1.5e18,1,2,3\n", "integer nanoseconds"),
            ("Gyroscope.csv", "time,seconds_elapsed,z,y,x\n1,0,1,2,3\n2,0.01,1,oops,3\n", ":3: column 4"),
        ])
    func errors(_ name: String, _ text: String, _ fragment: String) throws {
        let paths = try RecordingFixtures.write([name: text])
        do {
            _ = try RecordingImport(rate: 100, convention: .ios).read([paths[name] ?? ""])
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(fragment), "\(error)")
        }
    }
}
