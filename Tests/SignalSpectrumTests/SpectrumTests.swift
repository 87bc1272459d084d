import Foundation
import SignalSpectrum
import Signals
import Testing

@Suite struct SpectrumTests {
    @Test(
        "a flat-top reading is within 0.1 dB of the amplitude anywhere between bins",
        arguments: [0.0, 0.1, 0.25, 0.37, 0.5])
    func flatTopAmplitude(offset: Double) throws {
        let n = 4096
        let fs = 1000.0
        let f = (300 + offset) * fs / Double(n)
        let buffer = try Sine(amplitude: 2, frequency: f).render(sampleRate: fs, frameCount: n)
        let spectrum = try Spectrum(buffer, window: .flatTop)
        let k = spectrum.nearestBin(to: f)
        #expect(abs(20 * log10(spectrum.amplitude(at: k) / 2)) < 0.01)
        // The Hann window scallops (up to −1.42 dB); the rectangular one up to −3.92 dB.
        let hann = try Spectrum(buffer, window: .hann)
        #expect(20 * log10(hann.amplitude(at: k) / 2) > -1.43)
    }

    @Test("DC and bin frequencies; too few or non-finite samples throw")
    func basics() throws {
        let spectrum = try Spectrum(samples: [Float](repeating: 0.5, count: 64), sampleRate: 64)
        #expect(abs(spectrum.dc - 0.5) < 1e-12)
        #expect(spectrum.count == 33)
        #expect(spectrum.binWidth == 1)
        #expect(spectrum.frequency(ofBin: 3) == 3)
        #expect(spectrum.amplitude(at: 10) < 1e-9)  // a constant leaks only into the flat-top main lobe (±6 bins)
        #expect(
            #expect(throws: SignalError.self) { try Spectrum(samples: [Float](repeating: 0, count: 8), sampleRate: 1) }?
                .code == .tooShort)
        var bad = [Double](repeating: 0, count: 32)
        bad[3] = .nan
        do {
            _ = try Spectrum(samples: bad, sampleRate: 1)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .nonFinite)
        }
        #expect(
            #expect(throws: SignalError.self) {
                try Spectrum(samples: [Float](repeating: 0, count: 32), sampleRate: 0)
            }?.code == .invalidArgument)
    }

    @Test("nearestBin never traps: NaN and anything below 0 give bin 0, anything past Nyquist the last bin")
    func nearestBinRange() throws {
        let spectrum = try Spectrum(samples: [Float](repeating: 0, count: 64), sampleRate: 64)
        #expect(spectrum.nearestBin(to: .nan) == 0)
        #expect(spectrum.nearestBin(to: -1e300) == 0)
        #expect(spectrum.nearestBin(to: 1e300) == 32)
        #expect(spectrum.nearestBin(to: .infinity) == 32)
        #expect(spectrum.nearestBin(to: 10.4) == 10)
    }
}
