import Foundation
import Signals
import Testing

@testable import SignalSpectrum

/// The plot's envelope: the largest windowed amplitude per group of bins, without keeping the spectrum.
@Suite struct SpectrumEnvelopeTests {
    @Test("per group, the maximum of Spectrum's amplitudes over the same bins; every bin when there are few")
    func maxima() throws {
        let buffer = try Sum {
            Sine(amplitude: 1, frequency: 50)
            Square(amplitude: 0.2, frequency: 3)
            Noise(amplitude: 0.01, seed: 2)
        }
        .render(sampleRate: 1000, frameCount: 20_000, options: RenderOptions(parallelism: .serial))
        let spectrum = try Spectrum(buffer, window: .flatTop)
        let envelope = try SpectrumEnvelope(buffer, channel: 0, groups: 750)
        #expect(!envelope.perBin)
        #expect(envelope.points.count == 750)
        #expect(envelope.binCount == spectrum.count)
        for (g, point) in envelope.points.enumerated() {
            let a = g * spectrum.count / 750
            let b = max(a + 1, (g + 1) * spectrum.count / 750)
            let best = (a..<b).map { spectrum.amplitude(at: $0) }.max() ?? 0
            #expect(abs(point.amplitude - best) < 1e-9)
            #expect((a..<b).contains(point.bin))
        }
        let few = try SpectrumEnvelope(buffer, channel: 0, groups: 20_000)
        #expect(few.perBin)
        #expect(few.points.count == spectrum.count)
        #expect(abs(few.points[1000].amplitude - spectrum.amplitude(at: 1000)) < 1e-9)
    }

    @Test("bad channel, group count, too few samples or a NaN throw")
    func errors() throws {
        let buffer = SampleBuffer(
            sampleRate: 100, channelCount: 1, frameCount: 64, samples: [Float](repeating: 1, count: 64))
        #expect(
            #expect(throws: SignalError.self) { try SpectrumEnvelope(buffer, channel: 1, groups: 10) }?.code
                == .invalidArgument)
        #expect(
            #expect(throws: SignalError.self) { try SpectrumEnvelope(buffer, channel: 0, groups: 0) }?.code
                == .invalidArgument)
        let short = SampleBuffer(
            sampleRate: 100, channelCount: 1, frameCount: 8, samples: [Float](repeating: 1, count: 8))
        #expect(
            #expect(throws: SignalError.self) { try SpectrumEnvelope(short, channel: 0, groups: 10) }?.code == .tooShort
        )
        var values = [Float](repeating: 1, count: 64)
        values[3] = .infinity
        let bad = SampleBuffer(sampleRate: 100, channelCount: 1, frameCount: 64, samples: values)
        #expect(
            #expect(throws: SignalError.self) { try SpectrumEnvelope(bad, channel: 0, groups: 10) }?.code == .nonFinite)
    }
}
