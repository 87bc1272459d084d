import Foundation
import Playback
import Signals
import Testing

@testable import Sensors

@Suite struct RecordingImportTests {
    static let phyphox = PhyphoxRecordingTests.examples

    @Test(
        "phyphox accelerometer + gyroscope → points at 100 Hz from 0; gravity estimated, unit; the sum is the recording"
    )
    func phyphoxMerge() throws {
        let importer = RecordingImport(rate: 100)
        let series = try importer.read([
            Self.phyphox.appendingPathComponent("Accelerometer.csv").path,
            Self.phyphox.appendingPathComponent("Gyroscope.csv").path,
        ])
        let points = try importer.points(series)
        #expect(points.first?.timestamp == 0)
        #expect(points.count > 490)
        #expect(points.count <= 500)
        for p in points {
            let g = p.gravity
            #expect(abs((g.x * g.x + g.y * g.y + g.z * g.z).squareRoot() - 1) < 1e-9)
        }
        // userAcceleration + gravity is the resampled accelerometer.
        let total = try #require(series.first { $0.kind == .accelerometer })
        let start = max(total.times[0], series[1].times[0])
        let resampled = Interpolation.linear.resample(times: total.times, values: total.axes[2], at: [start + 0.1])[0]
        let p = points[10]
        #expect(abs(p.userAcceleration.z + p.gravity.z - resampled) < 1e-12)
    }

    @Test("Sensor Logger: user acceleration and gravity as recorded")
    func sensorLogger() throws {
        let importer = RecordingImport(rate: 50, interpolation: .cubic)
        let points = try importer.points(
            importer.read(
                SensorLoggerRecordingTests.paths(["Metadata.csv", "Accelerometer.csv", "Gravity.csv", "Gyroscope.csv"]))
        )
        #expect(points.count > 240)
        #expect(abs(points[100].gravity.z + 1) < 0.01)
    }

    static func gyro(_ times: [Double]) -> SensorSeries {
        SensorSeries(
            kind: .gyroscope, times: times, axes: [times, times, times], file: "g.csv",
            lines: times.indices.map { $0 + 2 })
    }

    @Test("refused: no overlap, a gap, two files for one sensor, a bad rate")
    func refusals() {
        let a = Self.gyro((0..<100).map { Double($0) * 0.01 })
        var b = Self.gyro((0..<100).map { 5 + Double($0) * 0.01 })
        b.kind = .accelerometer
        #expect(
            #expect(throws: SignalError.self) { try RecordingImport(rate: 100).points([a, b]) }?.code == .incompatible)
        var gap = (0..<100).map { Double($0) * 0.01 }
        for i in 50..<100 { gap[i] += 2 }
        do {
            _ = try RecordingImport(rate: 100).points([Self.gyro(gap)])
            Issue.record("accepted a gap")
        } catch {
            #expect(error.description.contains("g.csv:52"))
            #expect(error.description.contains("gap"))
        }
        #expect(
            #expect(throws: SignalError.self) { try RecordingImport(rate: 100).points([a, a]) }?.code == .incompatible)
        #expect(
            #expect(throws: SignalError.self) { try RecordingImport(rate: .nan).points([a]) }?.code == .invalidArgument)
        #expect(
            #expect(throws: SignalError.self) { try RecordingImport(rate: 100, gravityWindow: 0).points([a]) }?.code
                == .invalidArgument)
    }

    @Test("a rate of 0 Hz is refused in words that do not offer 0", arguments: [0, -5, 1e9, Double.nan])
    func badRate(rate: Double) throws {
        let a = Self.gyro((0..<100).map { Double($0) * 0.01 })
        let error = try #require(throws: SignalError.self) { try RecordingImport(rate: rate).points([a]) }
        #expect(error.code == .invalidArgument)
        #expect(error.message.hasPrefix("the import rate must be above 0 Hz and at most 10^6 Hz"), "\(error.message)")
    }
}
