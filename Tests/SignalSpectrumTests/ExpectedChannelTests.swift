import Signals
import Testing

@testable import SignalSpectrum

@Suite struct ExpectedChannelTests {
    @Test("hand-written channels are folded, merged and sorted; lines at 0 Hz join DC")
    func normalisation() {
        let e = ExpectedSpectrum(
            sampleRate: 100,
            channels: [
                ExpectedChannel(
                    dc: 1,
                    lines: [
                        SpectralLine(frequency: 30, real: 1, imaginary: 0),
                        // folds onto 30 Hz, conjugated (real: adds)
                        SpectralLine(frequency: 70, real: 1, imaginary: 0),
                        SpectralLine(frequency: 10, real: 0, imaginary: 0.5),
                        SpectralLine(frequency: 100, real: 0.25, imaginary: 0),  // folds onto DC
                    ])
            ])
        let channel = e.channels[0]
        #expect(channel.lines.map(\.frequency) == [10, 30])
        #expect(channel.lines[1].amplitude == 2)
        #expect(channel.dc == 1.25)
        #expect(channel.reference == 2)
    }

    @Test("noise deviation and density; the reference level")
    func noise() {
        let channel = ExpectedChannel(noise: [
            NoiseComponent(distribution: .gaussian, seed: 1, gain: 3),
            NoiseComponent(distribution: .uniform, seed: 1, gain: 3 * 3.0.squareRoot()),
        ])
        #expect(abs(channel.noiseDeviation - 18.0.squareRoot()) < 1e-12)
        #expect(abs(channel.noiseDensity(sampleRate: 10) - 2 * 18 / 10) < 1e-12)
        #expect(abs(channel.reference - 18.0.squareRoot()) < 1e-12)
        #expect(ExpectedChannel(dc: -4).reference == 4)
    }

    @Test(
        "derived channels carry their model terms through sums, scaling and offsets; the same chirp twice is one term")
    func terms() throws {
        let chirp = Chirp(amplitude: 1, startFrequency: 10, endFrequency: 50, duration: 2, phase: 0.3)
        let signal = Sum {
            Sine(amplitude: 2, frequency: 5)
            Square(amplitude: 0.5, frequency: 4)
            chirp
            chirp.scaled(by: 2)
        }.scaled(by: -2).offset(by: 1)
        let channel = try ExpectedSpectrum(signal, sampleRate: 1000).channels[0]
        let terms = try #require(channel.terms)
        try #require(terms.count == 3)
        #expect(terms[0].shape == .sine)
        #expect(terms[0].gain == -4)
        #expect(
            { if case .square = terms[1].shape { true } else { false } }(), "expected a square term: \(terms[1].shape)")
        #expect(abs(terms[1].mean - channel.dc + 1) < 1e-12)  // the square's DC is in dc, besides the offset
        let phase = try #require(
            { if case .chirp(_, let phase) = terms[2].shape { phase } else { nil } }(),
            "expected a chirp term: \(terms[2].shape)")
        #expect(abs(terms[2].gain - 6) < 1e-12)  // −2·(1 + 2): gain 6, phase + π
        #expect(abs(abs(phase - 0.3) - Double.pi) < 1e-9)
        #expect(channel.sweeps.count == 2)
    }
}
