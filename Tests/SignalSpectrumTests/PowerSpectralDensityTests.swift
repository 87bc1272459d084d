import Foundation
import SignalSpectrum
import Signals
import Testing

@Suite struct PowerSpectralDensityTests {
    @Test("white gaussian noise reads 2σ²/fs in every bin, within its standard error")
    func level() throws {
        let fs = 1000.0
        let sigma = 0.1
        let psd = try PowerSpectralDensity(Noise(amplitude: sigma, seed: 7).render(sampleRate: fs, frameCount: 1 << 16))
        let bins = 1..<psd.density.count - 1
        let mean = psd.meanDensity(bins: bins)
        #expect(abs(mean / (2 * sigma * sigma / fs) - 1) < 5 * psd.relativeStandardError(binCount: bins.count))
        #expect(abs(psd.deviation(forDensity: mean) - sigma) < 0.01 * sigma)
        #expect(psd.segmentLength == 4096)
        #expect(psd.segmentCount == 31)
    }

    @Test("Parseval: the density integrates to the variance of a tone")
    func parseval() throws {
        let psd = try PowerSpectralDensity(
            Sine(amplitude: 2, frequency: 123).render(sampleRate: 1000, frameCount: 1 << 15))
        let power = psd.density.reduce(0, +) * psd.binWidth
        #expect(abs(power - 2) < 0.02)
    }

    @Test("segment lengths: default, and bad ones throw")
    func segments() throws {
        #expect(PowerSpectralDensity.defaultSegmentLength(frameCount: 1 << 20) == 4096)
        #expect(PowerSpectralDensity.defaultSegmentLength(frameCount: 100) == 64)
        #expect(PowerSpectralDensity.defaultSegmentLength(frameCount: Int.max) == 4096)  // no overflow
        let samples = [Float](repeating: 0, count: 100)
        #expect(
            #expect(throws: SignalError.self) {
                try PowerSpectralDensity(samples: samples, sampleRate: 1, segmentLength: 48)
            }?.code == .invalidArgument)
        #expect(
            #expect(throws: SignalError.self) {
                try PowerSpectralDensity(samples: samples, sampleRate: 1, segmentLength: 128)
            }?.code == .invalidArgument)
    }
}
