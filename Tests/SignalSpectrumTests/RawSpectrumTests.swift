import Foundation
import Signals
import Testing

@testable import SignalSpectrum

/// Windowed amplitudes read bin by bin from FFTW's output agree with ``Spectrum``; peaks and noise bands.
@Suite struct RawSpectrumTests {
    /// Runs `body` on the raw spectrum of `samples`.
    static func withSpectrum<R>(_ samples: [Float], rate: Double = 1000, _ body: (RawSpectrum) -> R) throws -> R {
        try RealFFT.shared.transform(Float.self, size: samples.count) { work in
            samples.withUnsafeBufferPointer { p in
                if let base = p.baseAddress { work.input.update(from: base, count: p.count) }
            }
            work.execute()
            return body(RawSpectrum(output: UnsafePointer(work.output), frameCount: samples.count, sampleRate: rate))
        }
    }

    @Test(
        "amplitude(k, window) equals Spectrum's bins for every window, even and odd lengths", arguments: [1000, 1001])
    func matchesSpectrum(count: Int) throws {
        let samples = try Sum {
            Sine(amplitude: 1, frequency: 123.4)
            Sine(amplitude: 0.1, frequency: 7)
            Constant(0.3)
        }
        .render(sampleRate: 1000, frameCount: count, options: RenderOptions(parallelism: .serial)).samples
        for window in Window.allCases {
            let reference = try Spectrum(samples: samples, sampleRate: 1000, window: window)
            let ours = try Self.withSpectrum(samples) { s in (0..<s.binCount).map { s.amplitude($0, window: window) } }
            #expect(ours.count == reference.count)
            for k in 0..<reference.count {
                #expect(abs(ours[k] - reference.amplitude(at: k)) < 1e-9, "\(window) bin \(k)")
            }
        }
    }

    @Test(
        "the largest peak: a −40 dB tone in noise, measured through the flat-top window; without candidates, the strongest bin"
    )
    func peak() throws {
        let samples = try Sum {
            Sine(amplitude: 0.01, frequency: 211.7)
            Noise(amplitude: 1e-3, seed: 5)
        }
        .render(sampleRate: 1000, frameCount: 1 << 14, options: RenderOptions(parallelism: .serial)).samples
        let found = try Self.withSpectrum(samples) { $0.largestPeak(threshold: 1e-3) }
        #expect(abs(found.frequency - 211.7) < 0.1)
        #expect(abs(found.amplitude - 0.01) < 1e-4)
        let quiet = try Self.withSpectrum(samples) { $0.largestPeak(threshold: 1) }  // no candidate: still measured
        #expect(abs(quiet.amplitude - 0.01) < 1e-4)
    }

    @Test("white noise reads σ in every band; a low-pass colouring does not")
    func bands() throws {
        let white = try Noise(amplitude: 0.5, seed: 8).render(
            sampleRate: 1000, frameCount: 1 << 15, options: RenderOptions(parallelism: .serial)
        ).samples
        let bands = try Self.withSpectrum(white) { $0.bandDeviations(bands: 8) }
        #expect(bands.count == 8)
        #expect(bands.reduce(0) { $0 + $1.bins } == (1 << 14) - 1)
        for band in bands { #expect(abs(band.deviation - 0.5) < 0.5 * 5 / (2 * Double(band.bins).squareRoot())) }
        let smooth = (0..<white.count - 1).map { (white[$0] + white[$0 + 1]) / 2 }
        let coloured = try Self.withSpectrum(Array(smooth)) { $0.bandDeviations(bands: 8) }
        let low = try #require(coloured.first)
        let high = try #require(coloured.last)
        #expect(low.deviation > 2 * high.deviation)
    }
}
