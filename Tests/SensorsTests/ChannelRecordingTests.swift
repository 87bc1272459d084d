import Formats
import Foundation
import SignalRunnerTesting
import Signals
import Testing

@testable import Sensors

/// `signals allan`'s reader: every value kept as the float64 the file holds (a clock's `100 s + 1e-9 s`
/// phase, a `1e-3 + 1e-12` frequency), read row by row within a bound on the values held.
@Suite struct ChannelRecordingTests {
    /// Seeded standard normal draws (Box–Muller on a 64-bit LCG).
    static func normals(_ count: Int, seed: UInt64) -> [Double] {
        var state = seed
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) + 0.5) / 9_007_199_254_740_992
        }
        return (0..<count).map { _ in (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform()) }
    }

    static func relative(_ a: Double, _ b: Double) -> Double { abs(a / b - 1) }

    @Test(
        "a clock's phase, 100 s + 1e-9 s × a random walk, read from a float64 .npy: ADEV is the walk's (to 1e-5), not 0"
    )
    func clockPhase() throws {
        var walk = [0.0]
        for w in Self.normals(4000, seed: 7) { walk.append(walk[walk.count - 1] + 1e-9 * w) }
        let phase = walk.map { 100 + $0 }
        let recording = try ChannelRecording.read(NamedInput(name: "clock.npy", bytes: TestNPY.float64(phase)), rate: 1)
        #expect(recording.channels[0] == phase)
        let ours = try StabilityDeviation(.adev, recording, channel: 0, dataType: .phase)
        // The offset cancels in every second difference: the walk alone is the reference (its rounding to
        // 100 + w costs 1.4e-14 s of 1e-9 s, about 1e-5 relative).
        let reference = try StabilityDeviation(.adev, samples: walk, sampleRate: 1, dataType: .phase)
        #expect(ours.taus == reference.taus)
        for (a, b) in zip(ours.deviations, reference.deviations) {
            #expect(a > 0)
            #expect(Self.relative(a, b) < 1e-5, "\(a) vs \(b)")
        }
        #expect(Self.relative(ours.deviations[0], 1e-9) < 0.05, "\(ours.deviations[0])")
    }

    @Test("a frequency of 1e-3 + 1e-12 · N(0, 1) from a CSV file: OADEV is the noise's (to 1e-5), not 0")
    func smallFrequencyOnOffset() throws {
        let noise = Self.normals(4000, seed: 11).map { 1e-12 * $0 }
        let y = noise.map { 1e-3 + $0 }
        let text = "t,y\n" + y.enumerated().map { "\(Double($0.offset) / 10),\($0.element)\n" }.joined()
        let paths = try RecordingFixtures.write(["frequency.csv": text])
        let recording = try ChannelRecording.read(try NamedInput.open(try #require(paths["frequency.csv"])), rate: nil)
        #expect(recording.sampleRate == 10)
        #expect(recording.channels[0] == y)
        let ours = try AllanDeviation(recording, channel: 0)
        let reference = try AllanDeviation(samples: noise, sampleRate: 10)
        #expect(ours.taus == reference.taus)
        for (a, b) in zip(ours.deviations, reference.deviations) {
            #expect(a > 0)
            #expect(Self.relative(a, b) < 1e-5, "\(a) vs \(b)")
        }
        // Through Float (what the reader held before) the noise is gone: the check can fail.
        let narrowed = try AllanDeviation(samples: y.map { Float($0) }, sampleRate: 10)
        #expect(Self.relative(narrowed.deviations[0], reference.deviations[0]) > 0.5)
    }

    @Test("a float32 .npy widens exactly; a point-file CSV gives the IMU view in float64")
    func widening() throws {
        let floats: [Float] = [0.1, 1, 0.2, 2, 0.3, 3, 0.4, 4, 0.5, 5]
        let data = TestNPY.file(
            header: "{'descr': '<f4', 'fortran_order': False, 'shape': (5, 2), }", payload: TestNPY.payload(floats))
        let recording = try ChannelRecording.read(NamedInput(name: "f.npy", bytes: data), rate: 50)
        #expect(recording.names == ["c0", "c1"])
        #expect(recording.channels[0] == [0.1, 0.2, 0.3, 0.4, 0.5].map { Double(Float($0)) })
        #expect(recording.channels[1] == [1, 2, 3, 4, 5])
    }

    @Test(
        "the median interval: Hoare's selection agrees with sorting, with many equal values and without",
        arguments: [1, 2, 3, 10, 101, 1000])
    func selection(_ count: Int) {
        let random = Self.normals(count, seed: UInt64(count))
        let ties = random.map { ($0 * 2).rounded() / 1000 + 0.01 }
        for values in [random, ties, [Double](repeating: 0.01, count: count)] {
            var copy = values
            let k = count / 2
            #expect(ChannelRecording.select(&copy, k) == values.sorted()[k])
        }
    }

    @Test("a blank line inside a CSV file: the line named for a bad interval is still the file's")
    func lineOfBadInterval() throws {
        let text = "t,a\n0,1\n0.1,2\n\n0.2,3\n0.3,4\n0.9,5\n0.5,6\n"
        let paths = try RecordingFixtures.write(["gap.csv": text])
        let error = try #require(throws: SignalError.self) {
            try ChannelRecording.read(try NamedInput.open(try #require(paths["gap.csv"])), rate: nil)
        }
        #expect(error.code == .incompatible)
        #expect(error.line == 7, "\(error)")
    }

    @Test("more values than the analysis holds are refused before they are read (.npy header), and while reading (CSV)")
    func sizeBound() throws {
        // 4 × 10⁷ frames of 6 channels: 2.4 × 10⁸ values, within the 10⁸ a channel but beyond the 2 × 10⁸ in all.
        let data = TestNPY.float64([], shape: "(40000000, 6)")
        let error = try #require(throws: SignalError.self) {
            try ChannelRecording.read(NamedInput(name: "wide.npy", bytes: data), rate: 100)
        }
        #expect(error.code == .tooLarge)
        #expect(error.message.contains("holds 40000000 frames of 6 channels"), "\(error.message)")
        #expect(error.message.contains("at most 200000000 values"), "\(error.message)")
        // The same bound on a count reached while reading.
        let streaming = try #require(throws: SignalError.self) {
            try ChannelRecording.checkSize(frames: 33_333_334, channels: 6, file: "imu.csv", what: "rows")
        }
        #expect(streaming.code == .tooLarge)
        #expect(streaming.message.contains("more than 33333333 rows"), "\(streaming.message)")
        try ChannelRecording.checkSize(frames: 33_333_333, channels: 6, file: "imu.csv", what: "rows")
        try ChannelRecording.checkSize(
            frames: AllanDeviation.maximumSampleCount, channels: 2, file: "two.csv", what: "rows")
    }

    @Test("samples beyond ±1e15 are refused: their squared differences would overflow to inf")
    func largestMagnitude() throws {
        let big = [0, 1, 2e15, 3, 4, 5.0]
        let a = try #require(throws: SignalError.self) { try AllanDeviation(samples: big, sampleRate: 1) }
        #expect(a.code == .outOfRange)
        #expect(a.message.contains("beyond ±1e15"), "\(a.message)")
        let s = try #require(throws: SignalError.self) { try StabilityDeviation(.totdev, samples: big, sampleRate: 1) }
        #expect(s.code == .outOfRange)
        let edge = try AllanDeviation(samples: [0, 1e15, -1e15, 1e15, -1e15, 0], sampleRate: 1e10)
        #expect(edge.deviations.allSatisfy { $0.isFinite })
    }

    @Test("TOTDEV read in place equals the definition on the stored reflection (NIST SP 1065 eq. 25)")
    func totalInPlace() throws {
        let x = Self.normals(257, seed: 3).reduce(into: [0.0]) { $0.append($0[$0.count - 1] + $1) }
        let p = x.count
        // The reflected series, stored: x[−j] = 2x[0] − x[j], x[P−1+j] = 2x[P−1] − x[P−1−j].
        var r: [Double] = []
        for j in stride(from: p - 2, through: 1, by: -1) { r.append(2 * x[0] - x[j]) }
        r += x
        for j in 1...p - 2 { r.append(2 * x[p - 1] - x[p - 1 - j]) }
        let ours = try StabilityDeviation(.totdev, samples: x, sampleRate: 1, dataType: .phase, taus: .all)
        for (k, m) in ours.averagingFactors.enumerated() {
            var s = 0.0
            for i in 1...p - 2 {
                let c = p - 2 + i
                let d = r[c - m] - 2 * r[c] + r[c + m]
                s += d * d
            }
            let expected = (s / (2 * Double(m * m) * Double(p - 2))).squareRoot()
            #expect(ours.deviations[k] == expected, "m = \(m)")
        }
    }
}
