import Foundation
import Testing

@testable import SignalSpectrum

/// The realism features' Welch density (1024-sample Hann segments, half overlap) against scipy.signal.welch,
/// and its band sums and peak.
@Suite struct PowerSpectralDensityBandsTests {
    /// Two tones (3.3 Hz, 11 Hz) and uniform noise from an LCG, 2500 samples at 100 Hz: the signal of
    /// `lcg_signal()` in Tools/Realism/realism_reference.py.
    static func signal() -> [Double] {
        var state: UInt64 = 20_261_128
        return (0..<2500).map { n in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let u = Double(state >> 11) / Double(1 << 53) - 0.5
            let t = Double(n) / 100
            return sin(2 * Double.pi * 3.3 * t) + 0.5 * sin(2 * Double.pi * 11 * t + 0.7) + 0.2 * u
        }
    }

    static func density(_ x: [Double]) throws -> PowerSpectralDensity {
        try PowerSpectralDensity(samples: x, sampleRate: 100, segmentLength: 1024)
    }

    /// scipy 1.17.1 `welch(x, fs=100, window="hann", nperseg=1024, noverlap=512, detrend=False)`
    /// (`python3 Tools/Realism/realism_reference.py fixtures`): bin → density.
    static let scipy: [Int: Double] = [
        0: 2.9064845989415723e-05, 1: 9.172529406582834e-05, 34: 3.2424935252835634, 113: 0.7206326876646837,
        512: 4.819304649430858e-06,
    ]
    /// scipy's sum of every bin.
    static let scipySum = 6.459187113476184

    @Test("the density equals scipy's at the DC, tone, noise and Nyquist bins to 1e-10 (relative)")
    func matchesScipy() throws {
        let spectrum = try Self.density(Self.signal())
        #expect(spectrum.density.count == 513)
        #expect(spectrum.segmentCount == 3)
        for (bin, expected) in Self.scipy {
            #expect(
                abs(spectrum.density[bin] / expected - 1) < 1e-10, "bin \(bin): \(spectrum.density[bin]) vs \(expected)"
            )
        }
        #expect(abs(spectrum.density.reduce(0, +) / Self.scipySum - 1) < 1e-10)
    }

    @Test("the check can fail: one segment fewer (the first 1800 samples) changes the density by more than 1e-10")
    func scipyCheckCanFail() throws {
        let spectrum = try Self.density(Array(Self.signal().prefix(1800)))
        #expect(abs(spectrum.density[34] / Self.scipy[34]! - 1) > 1e-10)
    }

    @Test("Parseval: the density summed times the bin width is a sine's mean square A²/2; the peak is at its frequency")
    func sineCarriesItsPower() throws {
        let x = (0..<4000).map { 2 * sin(2 * Double.pi * 4.0 * Double($0) / 100) }
        let spectrum = try Self.density(x)
        #expect(abs(spectrum.sum(above: 0, upTo: 50) * spectrum.binWidth - 2) < 0.01)
        #expect(abs(try #require(spectrum.peak(in: 0.3...15)) - 4) <= spectrum.binWidth / 2)
        #expect(spectrum.sum(above: 5, upTo: 50) / spectrum.sum(above: 0, upTo: 50) < 1e-3)
        #expect(abs(spectrum.sum(in: 3...5) * spectrum.binWidth - 2) < 0.01)
    }

    @Test("a band with no bin: no peak, zero sum; bands beyond the ends and NaN are safe")
    func emptyBands() throws {
        let spectrum = try Self.density(Self.signal())
        #expect(spectrum.peak(in: 0.001...0.002) == nil)
        #expect(spectrum.sum(above: 60, upTo: 70) == 0)
        #expect(spectrum.sum(above: 1e300, upTo: .infinity) == 0)
        #expect(spectrum.sum(in: -5 ... -1) == 0)
        #expect(spectrum.sum(above: .nan, upTo: 50) == 0)
    }
}
