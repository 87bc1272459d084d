import Foundation
import SignalSpectrum
import Signals
import Testing

@Suite struct SpectralAnalysisTests {
    @Test(
        "tone frequency within 0.02 bin and amplitude within 0.03 % anywhere between bins",
        arguments: [0.0, 0.13, 0.29, 0.5, 0.71])
    func tone(offset: Double) throws {
        let n = 1 << 14
        let fs = 1000.0
        let f = (1000 + offset) * fs / Double(n)
        let analysis = try SpectralAnalysis(
            Sine(amplitude: 1.5, frequency: f, phase: 0.3).render(sampleRate: fs, frameCount: n))
        let tone = try #require(analysis.tone(near: f))
        #expect(abs(tone.frequency - f) / analysis.binWidth < 0.02)
        #expect(abs(tone.amplitude / 1.5 - 1) < 3e-4)
    }

    @Test("harmonics, THD, SFDR and SNR of a square with noise")
    func measures() throws {
        let fs = 1000.0
        let signal = Sum {
            Square(amplitude: 1, frequency: 10 * 2.0.squareRoot())
            Noise(amplitude: 0.001, seed: 5)
        }
        let analysis = try SpectralAnalysis(signal.render(sampleRate: fs, frameCount: 1 << 16))
        let harmonics = analysis.harmonics(of: 10 * 2.0.squareRoot(), count: 5)
        #expect(harmonics.count == 5)
        #expect(abs(harmonics[0].amplitude - 4 / Double.pi) < 2e-3)
        #expect(abs(harmonics[2].amplitude - 4 / (3 * Double.pi)) < 2e-3)
        #expect(harmonics[1].amplitude < 1e-2)
        // THD over harmonics 2...10 of the continuous series: √(Σ odd 3...9 (1/k²)) ≈ 0.41.
        let thd = analysis.totalHarmonicDistortion(fundamental: 10 * 2.0.squareRoot())
        #expect(abs(thd - (1 / 9.0 + 1 / 25.0 + 1 / 49.0 + 1 / 81.0).squareRoot()) < 0.01)
        #expect(abs(analysis.spuriousFreeDynamicRange(fundamental: 10 * 2.0.squareRoot()) - 20 * log10(3.0)) < 0.1)
        let pure = try SpectralAnalysis(
            Sum {
                Sine(frequency: 50)
                Noise(amplitude: 0.01, seed: 1)
            }.render(sampleRate: fs, frameCount: 1 << 16))
        // SNR = (1/2) / 0.01² = 37 dB.
        #expect(abs(pure.signalToNoiseRatio(fundamental: 50) - 10 * log10(0.5 / 1e-4)) < 0.3)
        #expect(pure.tone(near: 600) == nil)
    }

    @Test("user numbers never trap: positions and frequencies out of range, huge harmonic counts")
    func ranges() throws {
        let analysis = try SpectralAnalysis(Sine(frequency: 50).render(sampleRate: 1000, frameCount: 4096))
        #expect(analysis.amplitude(atPosition: .nan).isFinite)
        #expect(analysis.amplitude(atPosition: 1e300).isFinite)
        #expect(analysis.noiseDensity(excluding: [1e300, -1e300, .nan, .infinity]).isFinite)
        #expect(analysis.harmonics(of: 50, count: Int.max).count <= analysis.hann.count)
        #expect(analysis.totalHarmonicDistortion(fundamental: 50, harmonics: Int.max).isFinite)
        #expect(analysis.harmonics(of: .nan, count: 3).isEmpty)
    }
}
