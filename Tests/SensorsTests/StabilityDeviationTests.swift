import Foundation
import Signals
import Testing

@testable import Sensors

/// The deviations against published values: NBS14's 10-point set (NIST SP 1065, Riley's table) and
/// Stable32's results for PHASE.DAT (allantools' tests/phasedat, Data/allantools/).
@Suite struct StabilityDeviationTests {
    /// NBS14 10-point phase data and its frequency data (allantools tests/nbs14/test_nbs14_10point.py).
    static let nbs14Phase: [Double] = [
        0.00000, 103.11111, 123.22222, 157.33333, 166.44444, 48.55555, -96.33333, -2.22222, 111.88889, 0.00000,
    ]
    static let nbs14Frequency: [Double] = [892.0, 809.0, 823.0, 798.0, 671.0, 644.0, 883.0, 903.0, 677.0]
    /// The published deviations at τ = 1 and 2 (7 significant digits; TOTDEV from NIST SP 1065 p. 107).
    static let nbs14: [(StabilityDeviation.Statistic, Double, Double)] = [
        (.adev, 91.22945, 115.8082), (.oadev, 91.22945, 85.95287), (.mdev, 91.22945, 74.78849),
        (.totdev, 91.22945, 93.90379), (.hdev, 70.80608, 116.7980), (.tdev, 52.67135, 86.35831),
        (.ohdev, 70.80607, 85.61487),
    ]

    static func relative(_ a: Double, _ b: Double) -> Double { abs(a / b - 1) }

    @Test(
        "NBS14 10-point: every deviation at τ = 1, 2 s, from phase and from frequency data, to 1e-6",
        arguments: nbs14.indices)
    func nbs14Published(_ k: Int) throws {
        let (statistic, tau1, tau2) = Self.nbs14[k]
        for (data, type) in [(Self.nbs14Phase, StabilityDeviation.DataType.phase), (Self.nbs14Frequency, .frequency)] {
            let d = try StabilityDeviation(statistic, samples: data, sampleRate: 1, dataType: type, taus: .all)
            let at1 = try #require(d.taus.firstIndex(of: 1))
            #expect(Self.relative(d.deviations[at1], tau1) < 1e-6, "\(statistic) \(type) τ=1: \(d.deviations[at1])")
            if let at2 = d.taus.firstIndex(of: 2) {
                #expect(Self.relative(d.deviations[at2], tau2) < 1e-6, "\(statistic) \(type) τ=2: \(d.deviations[at2])")
            } else {
                Issue.record("\(statistic) \(type): no τ = 2")
            }
        }
    }

    @Test("the NBS14 check fails on another deviation's values")
    func nbs14CheckCanFail() throws {
        let d = try StabilityDeviation(.oadev, samples: Self.nbs14Phase, sampleRate: 1, dataType: .phase, taus: .all)
        // OADEV at τ = 2 is not ADEV's published 115.8082.
        #expect(Self.relative(d.deviations[1], 115.8082) > 1e-6)
        // Frequency data read as phase is not the same.
        let wrong = try StabilityDeviation(
            .oadev, samples: Self.nbs14Frequency, sampleRate: 1, dataType: .phase, taus: .all)
        #expect(Self.relative(wrong.deviations[0], 91.22945) > 1e-6)
    }

    /// PHASE.DAT (1001 phase values).
    static func phaseDat() throws -> [Double] {
        let url = try #require(
            Bundle.module.url(forResource: "PHASE", withExtension: "DAT", subdirectory: "Data/allantools"))
        return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Stable32's table for PHASE.DAT: (AF, τ, #, σ) rows.
    static func stable32(
        _ statistic: StabilityDeviation.Statistic
    ) throws -> [(m: Int, tau: Double, n: Int, sigma: Double)] {
        let url = try #require(
            Bundle.module.url(
                forResource: "phase_dat_\(statistic.rawValue)_octave", withExtension: "txt",
                subdirectory: "Data/allantools"))
        return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).filter {
            !$0.hasPrefix("#")
        }.compactMap { line in
            let f = line.split(separator: " ").compactMap { Double($0) }
            guard f.count >= 7 else { return nil }
            return (Int(f[0]), f[1], Int(f[2]), f[5])
        }
    }

    @Test(
        "PHASE.DAT: Stable32's published octave deviations to their 5 significant digits",
        arguments: StabilityDeviation.Statistic.allCases)
    func phaseDatStable32(_ statistic: StabilityDeviation.Statistic) throws {
        let x = try Self.phaseDat()
        #expect(x.count == 1001)
        let table = try Self.stable32(statistic)
        #expect(table.count >= 7)
        let d = try StabilityDeviation(statistic, samples: x, sampleRate: 1, dataType: .phase, taus: .octave)
        for row in table {
            let k = try #require(d.averagingFactors.firstIndex(of: row.m), "\(statistic): no m = \(row.m)")
            #expect(d.taus[k] == row.tau)
            // 5 significant digits: half a unit in the 5th.
            #expect(
                Self.relative(d.deviations[k], row.sigma) < 5e-5,
                "\(statistic) m=\(row.m): \(d.deviations[k]) vs \(row.sigma)")
        }
    }

    @Test("the PHASE.DAT check fails on the wrong statistic and on frequency-read data")
    func phaseDatCheckCanFail() throws {
        let x = try Self.phaseDat()
        let table = try Self.stable32(.mdev)
        let oadev = try StabilityDeviation(.oadev, samples: x, sampleRate: 1, dataType: .phase, taus: .octave)
        let k = try #require(oadev.averagingFactors.firstIndex(of: table[3].m))
        #expect(Self.relative(oadev.deviations[k], table[3].sigma) > 5e-5)
        let asFrequency = try StabilityDeviation(.mdev, samples: x, sampleRate: 1, dataType: .frequency, taus: .octave)
        #expect(Self.relative(asFrequency.deviations[0], table[0].sigma) > 5e-5)
    }

    @Test("OADEV at octave τ of frequency data is AllanDeviation's")
    func oadevIsAllanDeviation() throws {
        let y = AllanDeviationTests.fixture()
        let a = try AllanDeviation(samples: y, sampleRate: 50)
        let o = try StabilityDeviation(.oadev, samples: y, sampleRate: 50)
        #expect(o.taus == a.taus)
        #expect(o.termCounts == a.termCounts)
        for (u, v) in zip(o.deviations, a.deviations) { #expect(Self.relative(u, v) < 1e-12) }
    }

    @Test("τ grids: allantools' averaging factors")
    func grids() {
        #expect(StabilityDeviation.factors(.octave, count: 17) == [1, 2, 4, 8, 16])
        #expect(StabilityDeviation.factors(.octave, count: 16) == [1, 2, 4, 8])
        #expect(StabilityDeviation.factors(.decade, count: 1001) == [1, 2, 4, 10, 20, 40, 100, 200, 400, 1000])
        #expect(StabilityDeviation.factors(.decade, count: 41) == [1, 2, 4, 10, 20, 40])
        #expect(StabilityDeviation.factors(.all, count: 5) == [1, 2, 3, 4])
    }

    @Test("bad input throws a named error")
    func badInput() throws {
        let short = try #require(throws: SignalError.self) {
            try StabilityDeviation(.mdev, samples: [1.0, 2, 3], sampleRate: 1)
        }
        #expect(short.code == .tooShort)
        let rate = try #require(throws: SignalError.self) {
            try StabilityDeviation(.adev, samples: [1.0, 2, 3, 4], sampleRate: 0)
        }
        #expect(rate.code == .invalidArgument)
        let nan = try #require(throws: SignalError.self) {
            try StabilityDeviation(.hdev, samples: [1.0, .nan, 3, 4, 5], sampleRate: 1)
        }
        #expect(nan.code == .outOfRange)
        let all = try #require(throws: SignalError.self) {
            try StabilityDeviation(
                .oadev, samples: [Float](repeating: 0, count: StabilityDeviation.maximumAllSampleCount + 1),
                sampleRate: 1, taus: .all)
        }
        #expect(all.code == .invalidArgument)
        // Four phase points leave no HDEV term pair: refused, not an empty curve.
        let none = try #require(throws: SignalError.self) {
            try StabilityDeviation(.hdev, samples: [1.0, 2, 4, 3], sampleRate: 1, dataType: .phase)
        }
        #expect(none.code == .tooShort)
        // Five give one τ.
        #expect(try StabilityDeviation(.hdev, samples: [1.0, 2, 4, 3, 7], sampleRate: 1, dataType: .phase).taus == [1])
    }
}
