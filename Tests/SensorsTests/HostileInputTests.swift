import Formats
import Foundation
import Playback
import SignalRunnerTesting
import Signals
import Testing

@testable import Sensors

/// Numbers that enter the sensors code from a user (IMU terms, CSV values, import and fit parameters)
/// are range-checked with an error that names them: never a trap, a hang or inf in the output.
@Suite struct HostileInputTests {
    @Test(
        "IMU: a positive resolution or range below 1e-12 is refused when the spec is read (1/resolution would overflow to inf)",
        arguments: [
            (#""gyroscope_resolution": 1e-320"#, "$.imu.gyroscope_resolution"),
            (#""accelerometer_resolution": 1e-13"#, "$.imu.accelerometer_resolution"),
            (#""gyroscope_range": 1e-300"#, "$.imu.gyroscope_range"),
        ])
    func tinyResolution(_ term: String, _ path: String) throws {
        do {
            let imu = try IMU.decode(
                json: Data(
                    #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_noise_density": 0.001, \#(term)}}"#.utf8))
            _ = try imu.render(sampleRate: 100, duration: 0.1)
            Issue.record("rendered with \(term)")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.message.contains("at least 1e-12"), "\(error.message)")
        }
    }

    @Test("IMU: the smallest accepted resolution renders finite, quantised samples")
    func smallestResolution() throws {
        let imu = try IMU.decode(
            json: Data(
                #"{"imu": {"motion": {"attitude": "faceUp"}, "gyroscope_noise_density": 0.001, "gyroscope_resolution": 1e-12, "gyroscope_range": 1e-12, "seed": 3}}"#
                    .utf8))
        let b = try imu.render(sampleRate: 100, duration: 1)
        for c in 3..<6 { #expect(b.channel(c).allSatisfy { $0.isFinite && abs($0) <= 2e-12 }) }
    }

    @Test(
        "IMU: extreme but valid correlation times keep every sample finite",
        arguments: [1e-300, 1e-9, SensorModel.biasCorrelationTimes.upperBound])
    func correlationTimes(_ tau: Double) throws {
        var imu = IMU(motion: MotionNode(attitude: .fixed(.named(.faceUp))))
        imu.gyroscope.biasInstability = SIMD3(repeating: 0.001)
        imu.gyroscope.biasCorrelationTime = SIMD3(repeating: tau)
        let b = try imu.render(sampleRate: 100, duration: 2)
        for c in 0..<6 { #expect(b.channel(c).allSatisfy { $0.isFinite }) }
    }

    @Test("CSV: a number beyond ±1e10 is refused with the file, line and column")
    func hugeCSVValue() {
        let text = PhyphoxRecordingTests.header + "0,1,2,3\n0.01,1,1e300,3\n"
        do {
            _ = try PhyphoxRecordingTests.table(text)
            Issue.record("accepted 1e300")
        } catch {
            #expect(error.description.contains("Accelerometer.csv:3: column 3"), "\(error)")
            #expect(error.description.contains("beyond ±1e10"), "\(error)")
        }
    }

    @Test("import: a gravity window longer than the recordings, or fewer than two points, is refused (no trap)")
    func importRanges() {
        let a = RecordingImportTests.gyro((0..<100).map { Double($0) * 0.01 })
        var accel = a
        accel.kind = .accelerometer
        for window in [1e300, 2.0] {
            do {
                _ = try RecordingImport(rate: 100, gravityWindow: window).points([accel, a])
                Issue.record("accepted a gravity window of \(window) s")
            } catch {
                #expect(error.description.contains("gravity window"), "\(error)")
            }
        }
        do {
            _ = try RecordingImport(rate: 1e-300).points([a])
            Issue.record("accepted a rate that gives one point")
        } catch {
            #expect(error.description.contains("fewer than two points"), "\(error)")
        }
        #expect(
            #expect(throws: SignalError.self) { try RecordingImport(rate: 1e7).points([a]) }?.code == .invalidArgument)
    }

    @Test("Allan fit: the shortest τ must be positive and within the recording", arguments: [Double.nan, -1, 0, 1e300])
    func minimumTau(_ tau: Double) throws {
        let adev = try AllanDeviation(samples: (0..<10_000).map { sin(Double($0) * 12.9898) * 0.01 }, sampleRate: 100)
        do {
            _ = try AllanFit(adev, minimumTau: tau)
            Issue.record("accepted τ = \(tau)")
        } catch {
            #expect(error.description.contains("shortest τ"), "\(error)")
        }
    }

    @Test("allan FILE: timestamps 1e-300 s apart give a rate outside the engine's range: refused, naming the file")
    func rateFromTimestamps() throws {
        let text = "t,a\n" + (0..<50).map { "\(Double($0) * 1e-300),\($0 % 3)\n" }.joined()
        let paths = try RecordingFixtures.write(["tiny.csv": text])
        let input = try NamedInput.open(try #require(paths["tiny.csv"]))
        do {
            _ = try ChannelRecording.read(input, rate: nil)
            Issue.record("accepted a rate of 1e300 Hz")
        } catch {
            #expect(error.description.contains("tiny.csv"), "\(error)")
            #expect(error.description.contains("outside"), "\(error)")
        }
    }

    // MARK: Bounds checked before allocating

    @Test("Allan deviation: more than 10⁸ samples is refused before anything is copied")
    func tooManySamples() throws {
        let samples = repeatElement(Float(0), count: AllanDeviation.maximumSampleCount + 1)
        let error = try #require(throws: SignalError.self) { try AllanDeviation(samples: samples, sampleRate: 100) }
        #expect(error.message.contains("at most 100000000"), "\(error.message)")
    }

    @Test("Allan deviation: a few samples are analysed")
    func fewSamples() throws {
        let adev = try AllanDeviation(
            samples: [Float](repeating: 0, count: 16).enumerated().map { Float($0.offset % 3) }, sampleRate: 100)
        #expect(adev.sampleCount == 16)
    }

    /// A .npy header of float32 `(frames, 6)` with no data after it.
    static func npyHeader(frames: Int) -> Data {
        TestNPY.file(header: "{'descr': '<f4', 'fortran_order': False, 'shape': (\(frames), 6), }")
    }

    @Test("allan's reader refuses a .npy of more frames than the analysis holds, before reading its data")
    func npyTooLong() throws {
        let input = NamedInput(name: "long.npy", bytes: Self.npyHeader(frames: 1_000_000_000))
        let error = try #require(throws: SignalError.self) { try ChannelRecording.read(input, rate: 100) }
        #expect(error.message.contains("holds 1000000000 frames"), "\(error.message)")
    }

    @Test("allan's reader reads a .npy within the bound")
    func npyWithinBound() throws {
        var data = Self.npyHeader(frames: 1000)
        data.append(Data(count: 1000 * 6 * 4))
        let recording = try ChannelRecording.read(NamedInput(name: "short.npy", bytes: data), rate: 100)
        #expect(recording.frameCount == 1000)
        #expect(recording.names.count == 6)
    }
}
