import SignalSpectrum
import Signals
import Testing

@Suite struct ExpectedChannelTests {
    @Test("hand-written channels are folded, merged and sorted; lines at 0 Hz join DC")
    func normalisation() {
        let e = ExpectedSpectrum(sampleRate: 100, channels: [ExpectedChannel(dc: 1, lines: [
            SpectralLine(frequency: 30, real: 1, imaginary: 0),
            SpectralLine(frequency: 70, real: 1, imaginary: 0),    // folds onto 30 Hz, conjugated (real: adds)
            SpectralLine(frequency: 10, real: 0, imaginary: 0.5),
            SpectralLine(frequency: 100, real: 0.25, imaginary: 0), // folds onto DC
        ])])
        let channel = e.channels[0]
        #expect(channel.lines.map(\.frequency) == [10, 30])
        #expect(channel.lines[1].amplitude == 2)
        #expect(channel.dc == 1.25)
        #expect(channel.reference == 2)
    }

    @Test("noise deviation and density; the reference level")
    func noise() {
        let channel = ExpectedChannel(noise: [NoiseSource(distribution: .gaussian, seed: 1, gain: 3),
                                              NoiseSource(distribution: .uniform, seed: 1, gain: 3 * 3.0.squareRoot())])
        #expect(abs(channel.noiseDeviation - 18.0.squareRoot()) < 1e-12)
        #expect(abs(channel.noiseDensity(sampleRate: 10) - 2 * 18 / 10) < 1e-12)
        #expect(abs(channel.reference - 18.0.squareRoot()) < 1e-12)
        #expect(ExpectedChannel(dc: -4).reference == 4)
    }
}
