import SignalSpectrum
import Signals
import Testing

@Suite struct SpectralLineTests {
    @Test(
        "fold reflects into [0, fs/2]",
        arguments: [(100.0, 100.0), (900, 100), (1100, 100), (500, 500), (1000, 0), (-100, 100), (1600, 400)])
    func fold(_ pair: (Double, Double)) {
        #expect(SpectralLine.fold(pair.0, sampleRate: 1000) == pair.1)
    }

    @Test("a reflected alias turns backwards: its phasor is conjugated")
    func foldedPhasor() {
        let line = SpectralLine(frequency: 900, real: 0.6, imaginary: 0.8).folded(sampleRate: 1000)
        #expect(line.frequency == 100)
        #expect(line.real == 0.6)
        #expect(line.imaginary == -0.8)
        #expect(line.amplitude == 1)
        #expect(line.power(sampleRate: 1000) == 0.5)
        #expect(SpectralLine(frequency: 500, real: 1, imaginary: 0).power(sampleRate: 1000) == 1)
    }

    @Test("phase: the line's sine phase at t = 0, in (−π, π]; a Sine's own phase comes back")
    func phase() throws {
        #expect(abs(SpectralLine(frequency: 1, real: 0, imaginary: -1).phase) < 1e-15)  // sin
        #expect(abs(SpectralLine(frequency: 1, real: 1, imaginary: 0).phase - Double.pi / 2) < 1e-15)  // cos
        #expect(abs(SpectralLine(frequency: 1, real: 0, imaginary: 1).phase - Double.pi) < 1e-15)  // −sin
        for p in [-3.0, -1, 0, 0.3, 2, 3.1] {
            let line = try ExpectedSpectrum(Sine(frequency: 5, phase: p), sampleRate: 100).channels[0].lines[0]
            #expect(abs(line.phase - p) < 1e-9)
        }
    }
}
