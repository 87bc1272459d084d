import Foundation
import Sensors
import Testing

@testable import SignalSpectrum

/// The realism features: closed forms on a sine, and the oracle of the real recordings (`features.py`,
/// which measured the recordings the tolerances come from) on a real watch walk.
@Suite struct SignalFeaturesTests {
    /// `2·sin(2π·1.5·t)` for 30 s at 100 Hz.
    static let sine = (0..<3000).map { 2 * sin(2 * Double.pi * 1.5 * Double($0) / 100) }

    @Test("a sine: RMS A/√2, kurtosis 1.5, crest factor √2, its frequency dominant, no power above 5 Hz")
    func sine() throws {
        let f = try SignalFeatures(Self.sine, rate: 100, band: 50, measuresStepRate: false)
        #expect(abs(f.rms - 2 / 2.0.squareRoot()) < 1e-9)
        #expect(abs(try #require(f.kurtosis) - 1.5) < 1e-3)
        #expect(abs(try #require(f.crestFactor) - 2.0.squareRoot()) < 1e-3)
        // Within half a bin of the 1024-point spectrum (0.098 Hz).
        #expect(abs(try #require(f.dominantFrequency) - 1.5) <= f.spectrum.binWidth / 2)
        #expect(try #require(f.shareAbove5Hz) < 1e-3)
        #expect(f.stepRate == nil)
        #expect(f.harmonicRatio == nil)
    }

    @Test("the peak ratio: white noise's spectrum is flat (under 5), a sine's and a walk's are not")
    func peakRatio() throws {
        var state: UInt64 = 7
        let noise = (0..<6000).map { _ -> Double in
            // Box–Muller on a SplitMix stream.
            func uniform() -> Double {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return (Double((z ^ (z >> 31)) >> 11) + 0.5) / Double(1 << 53)
            }
            return (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
        }
        let white = try SignalFeatures(noise, rate: 100, band: 50, measuresStepRate: false)
        #expect(try #require(white.peakRatio) < SignalFeatures.flatPeakRatio)
        #expect(try #require(white.peakRatio) > 1)
        let sine = try SignalFeatures(Self.sine, rate: 100, band: 50, measuresStepRate: false)
        #expect(try #require(sine.peakRatio) > 100)
        // A sine of a tenth of the noise's RMS standing out of it is found.
        let mixed = zip(noise, Self.sine + Self.sine).map { $0 + 0.1 * $1 }
        #expect(try #require(try SignalFeatures(mixed, rate: 100, band: 50, measuresStepRate: false).peakRatio) > 5)
    }

    @Test("a constant has an RMS and nothing else: kurtosis, crest, dominant frequency and share are nil")
    func constant() throws {
        let f = try SignalFeatures(
            [Double](repeating: 3, count: 3000), rate: 100, band: 50, measuresStepRate: true, strideFrequency: 0.9)
        #expect(f.rms == 3)
        #expect(f.kurtosis == nil)
        #expect(f.crestFactor == nil)
        #expect(f.dominantFrequency == nil)
        #expect(f.shareAbove5Hz == nil)
        #expect(f.stepRate == 0)
    }

    @Test(
        "harmonic ratio: a signal repeating every step has even stride harmonics (ratio ≫ 1); one repeating every stride, odd (< 1)"
    )
    func harmonicRatio() throws {
        let stepPeriodic = (0..<3000).map { k -> Double in
            let t = Double(k) / 100
            return sin(2 * Double.pi * 1.8 * t) + 0.3 * sin(2 * Double.pi * 3.6 * t)
        }
        let stridePeriodic = (0..<3000).map { k -> Double in
            let t = Double(k) / 100
            return sin(2 * Double.pi * 0.9 * t) + 0.3 * sin(2 * Double.pi * 2.7 * t)
        }
        let even = try #require(
            try SignalFeatures(stepPeriodic, rate: 100, band: 50, measuresStepRate: false, strideFrequency: 0.9)
                .harmonicRatio)
        let odd = try #require(
            try SignalFeatures(stridePeriodic, rate: 100, band: 50, measuresStepRate: false, strideFrequency: 0.9)
                .harmonicRatio)
        #expect(even > 10)
        #expect(odd < 0.1)
        // No stride, or a band holding only the first harmonic: no ratio.
        #expect(
            try SignalFeatures(stepPeriodic, rate: 100, band: 50, measuresStepRate: false, strideFrequency: 0)
                .harmonicRatio == nil)
        #expect(
            try SignalFeatures(stepPeriodic, rate: 100, band: 1.5, measuresStepRate: false, strideFrequency: 0.9)
                .harmonicRatio == nil)
    }

    /// pebble-ron (PebbleOS walk_100_ron_1, 10–50 s): `features.py`'s signal, |a| − mean|a| linearly
    /// interpolated onto `np.arange(0, 39.96, 0.01)` (3996 samples), in m/s².
    static func oracleSignal() throws -> [Double] {
        let samples = try RealismFixtures.pebbleSamples("walk_100_ron_1.c.excerpt")
        let magnitudes = samples.map { ($0 * $0).sum().squareRoot() * IMU.standardGravity / 1000 }
        let times = samples.indices.map { Double($0) / 25 }
        let x = Interpolation.linear.resample(
            times: times, values: magnitudes, at: (0..<3996).map { Double($0) * 0.01 })
        let mean = x.reduce(0, +) / Double(x.count)
        return x.map { $0 - mean }
    }

    @Test(
        "the oracle: features.py on pebble-ron, to 1e-9 (its table prints 1.2285, 3.785, 3.776; share and peak from 1024-point Welch)"
    )
    func oracle() throws {
        let f = try SignalFeatures(try Self.oracleSignal(), rate: 100, band: 50, measuresStepRate: true)
        // Full precision from features.py's functions on the same excerpt (numpy 2.4.6, scipy 1.17.1), with the
        // Welch transform at nfft = nperseg = 1024 as PowerSpectralDensity (features.py zero-pads to 8192, which
        // moves its share to 0.1005 and its peak to 1.489 Hz): scipy.signal.welch(x0, fs=100, window='hann',
        // nperseg=1024, noverlap=512, detrend=False).
        #expect(abs(f.rms / 1.2285248605809882 - 1) < 1e-9)
        #expect(abs(try #require(f.kurtosis) / 3.784946848792414 - 1) < 1e-9)
        #expect(abs(try #require(f.crestFactor) / 3.7761047281433937 - 1) < 1e-9)
        #expect(abs(try #require(f.shareAbove5Hz) / 0.09991334496909703 - 1) < 1e-9)
        #expect(try #require(f.dominantFrequency) == 1.46484375)
        #expect(abs(try #require(f.stepRate) / 1.4858863425967324 - 1) < 1e-9)
        let steps = StepRate(try Self.oracleSignal(), rate: 100)
        #expect(steps.reading == .stride)
        #expect(abs(try #require(steps.correlation) - 0.8310114891252987) < 1e-9)
    }

    @Test("the oracle check can fail: the magnitude without its mean removed from the interpolated samples differs")
    func oracleCanFail() throws {
        let shifted = try Self.oracleSignal().map { $0 + 9.364 }
        let f = try SignalFeatures(shifted, rate: 100, band: 50, measuresStepRate: true)
        #expect(abs(f.rms / 1.2285248605809882 - 1) > 1e-3)
    }

    /// Every channel's features of `python3 Tools/Realism/realism_reference.py fixtures` (numpy 2.4.6, scipy 1.17.1): pebble-ron and pebble-running100 in
    /// their own 12.5-Hz band; the linear acceleration's step rate is the gait signal's (the cadence), its
    /// half the stride of every harmonic ratio.
    static let reference: [(file: String, channel: RealismChannel, values: [RealismFeature: Double])] = [
        (
            "walk_100_ron_1.c.excerpt", RealismChannel(.linearAcceleration),
            [
                .rms: 1.4675231923290415, .kurtosis: 5.283433076897281, .crestFactor: 4.4051876075167895,
                .shareAbove5Hz: 0.2683243289999437,
                .dominantFrequency: 2.9296875, .stepRate: 1.4865561737718427, .harmonicRatio: 1.4460014519609172,
            ]
        ),
        (
            "walk_100_ron_1.c.excerpt", RealismChannel(.linearAcceleration, axis: .x),
            [
                .rms: 1.2079677390169892, .kurtosis: 3.7543957602582156, .crestFactor: 3.5234501701114267,
                .shareAbove5Hz: 0.10163698804686852,
                .dominantFrequency: 1.46484375, .harmonicRatio: 2.0014653016768276,
            ]
        ),
        (
            "running_100.c.excerpt", RealismChannel(.linearAcceleration),
            [
                .rms: 21.88283327788026, .kurtosis: 2.3598836820784417, .crestFactor: 3.075190780828849,
                .shareAbove5Hz: 0.7269059789656878,
                .dominantFrequency: 5.37109375, .stepRate: 2.726028079587677, .harmonicRatio: 2.4057909116194685,
            ]
        ),
        (
            "running_100.c.excerpt", RealismChannel(.linearAcceleration, axis: .x),
            [
                .rms: 13.982842023514817, .kurtosis: 2.238503902045944, .crestFactor: 2.3725433856382616,
                .shareAbove5Hz: 0.09353133082052505,
                .dominantFrequency: 1.3671875, .harmonicRatio: 0.5326965750457452,
            ]
        ),
    ]

    @Test(
        "the reference: grid, band limit, gravity removal and features equal realism_reference.py's to 1e-9",
        arguments: 0..<4)
    func reference(index: Int) throws {
        let (file, channel, expected) = Self.reference[index]
        let signals = try RealismSignals(try RealismFixtures.pebble(file), band: 12.5)
        let cadence = StepRate(signals.gait, rate: 100).stepsPerSecond
        var f = try SignalFeatures(
            try #require(signals.samples(channel)), rate: 100, band: 12.5, measuresStepRate: false,
            strideFrequency: cadence / 2)
        if channel.axis == nil { f.stepRate = cadence }
        for (feature, value) in expected {
            let measured = try #require(feature.value(in: f), "\(channel).\(feature)")
            #expect(abs(measured / value - 1) < 1e-9, "\(channel).\(feature): \(measured) vs \(value)")
        }
        // A feature the reference does not list is not measured: no step rate on an axis.
        #expect((f.stepRate == nil) == (expected[.stepRate] == nil))
    }
}
