import Foundation
import Playback
import Sensors
import Testing

@testable import SignalSpectrum

/// What a comparison accepts as a recording, and every refusal, each with the case that passes.
@Suite struct RealismRecordingTests {
    /// `seconds` of a still device at `rate` (gravity on z), optionally with a gyroscope.
    static func still(
        seconds: Double, rate: Double = 100, gyroscope: Bool = false
    ) throws(SignalError) -> RealismRecording {
        let count = Int(seconds * rate) + 1
        return try RealismRecording(
            name: "still.csv", times: (0..<count).map { Double($0) / rate },
            acceleration: [SIMD3<Double>](repeating: SIMD3(0, 0, 9.81), count: count),
            rotationRate: gyroscope ? [SIMD3<Double>](repeating: .zero, count: count) : nil)
    }

    @Test("20 s is enough; 19.9 s is refused, naming the recording and the 20-s minimum")
    func tooShort() throws {
        #expect(try Self.still(seconds: 20).duration == 20)
        let error = try #require(throws: SignalError.self) { try Self.still(seconds: 19.9) }
        #expect(error.code == .tooShort)
        #expect(error.file == "still.csv")
        #expect(error.message.contains("at least 20 s"))
    }

    @Test("3 hours is the most; 3 h 1 min is refused")
    func tooLong() throws {
        #expect(try Self.still(seconds: 10_800, rate: 20).duration == 10_800)
        let error = try #require(throws: SignalError.self) { try Self.still(seconds: 10_860, rate: 20) }
        #expect(error.code == .tooLarge)
    }

    @Test("20 Hz is the lowest rate; 19 Hz is refused (the band up to 10 Hz would not exist)")
    func slowRate() throws {
        #expect(try Self.still(seconds: 30, rate: 20).sampleRate == 20)
        let error = try #require(throws: SignalError.self) { try Self.still(seconds: 30, rate: 19) }
        #expect(error.code == .outOfRange)
        #expect(error.message.contains("at least 20 Hz"))
    }

    @Test("times must not decrease; a repeated time's later sample is dropped")
    func times() throws {
        let times = (0..<3001).map { Double($0) / 100 }
        let values = [SIMD3<Double>](repeating: SIMD3(0, 0, 9.81), count: 3002)
        let repeated = try RealismRecording(name: "r", times: [0] + times, acceleration: values, rotationRate: nil)
        #expect(repeated.times.count == 3001)
        var backwards = [0] + times
        backwards[100] = 0.5
        let error = try #require(throws: SignalError.self) {
            try RealismRecording(name: "r", times: backwards, acceleration: values, rotationRate: nil)
        }
        #expect(error.code == .invalidTime)
        #expect(error.index == 100)
    }

    @Test("a gap longer than max(0.5 s, 20 intervals) is refused (interpolation would invent it); 0.4 s passes")
    func gaps() throws {
        func recording(gap: Double) throws(SignalError) -> RealismRecording {
            let times = (0..<3000).map { Double($0) / 100 + ($0 >= 1500 ? gap : 0) }
            return try RealismRecording(
                name: "gap.csv", times: times, acceleration: [SIMD3<Double>](repeating: .zero, count: 3000),
                rotationRate: nil)
        }
        _ = try recording(gap: 0.4)
        let error = try #require(throws: SignalError.self) { try recording(gap: 0.6) }
        #expect(error.code == .incompatible)
        #expect(error.file == "gap.csv")
    }

    @Test("a value that is not finite, or arrays of different lengths, are refused")
    func malformed() throws {
        var values = [SIMD3<Double>](repeating: SIMD3(0, 0, 9.81), count: 3000)
        let times = (0..<3000).map { Double($0) / 100 }
        _ = try RealismRecording(name: "ok", times: times, acceleration: values, rotationRate: nil)
        values[7] = SIMD3(.nan, 0, 0)
        let nan = try #require(throws: SignalError.self) {
            try RealismRecording(name: "nan", times: times, acceleration: values, rotationRate: nil)
        }
        #expect(nan.code == .nonFinite)
        // Finite but beyond any IMU: refused before its powers overflow; the largest accepted value passes.
        values[7] = SIMD3(RealismRecording.maximumAcceleration, 0, 0)
        _ = try RealismRecording(name: "ok", times: times, acceleration: values, rotationRate: nil)
        values[7] = SIMD3(1e300, 0, 0)
        let huge = try #require(throws: SignalError.self) {
            try RealismRecording(name: "huge", times: times, acceleration: values, rotationRate: nil)
        }
        #expect(huge.code == .outOfRange)
        #expect(huge.file == "huge" && huge.location.index == 7)
        values[7] = SIMD3(0, 0, 9.81)
        var rates = [SIMD3<Double>](repeating: .zero, count: 3000)
        rates[9] = SIMD3(0, -2e3, 0)
        let spin = try #require(throws: SignalError.self) {
            try RealismRecording(name: "spin", times: times, acceleration: values, rotationRate: rates)
        }
        #expect(spin.code == .outOfRange)
        #expect(spin.message.contains("rotation rate"))
        let short = try #require(throws: SignalError.self) {
            try RealismRecording(name: "short", times: times, acceleration: Array(values.prefix(10)), rotationRate: nil)
        }
        #expect(short.code == .channelMismatch)
    }

    @Test("from motion points: the total acceleration in m/s²; a gyroscope only when some rate is not zero")
    func fromPoints() throws {
        let points = (0..<2001).map { k in
            MotionPoint(
                timestamp: Double(k) / 100, userAcceleration: Acceleration(x: 0.1, y: 0, z: 0),
                gravity: Acceleration(x: 0, y: 0, z: -1),
                rotationRate: RotationRate(x: k == 5 ? 0.01 : 0, y: 0, z: 0))
        }
        let recording = try RealismRecording(name: "p", points: points)
        #expect(recording.acceleration[0] == SIMD3(0.1, 0, -1) * IMU.standardGravity)
        #expect(recording.rotationRate != nil)
        let withoutRates = points.map {
            MotionPoint(timestamp: $0.timestamp, userAcceleration: $0.userAcceleration, gravity: $0.gravity)
        }
        #expect(try RealismRecording(name: "p", points: withoutRates).rotationRate == nil)
        #expect(try RealismRecording(name: "p", points: withoutRates, hasRotationRate: true).rotationRate != nil)
    }
}
