import Foundation
import SignalSpectrum
import Signals
import Testing

/// Wrong signals against the expected ones (a constant, zeros, a phase, amplitude or one-sample time shift,
/// folded harmonics): none may pass.
@Suite struct VerifierWrongSignalTests {
    static func constant(_ value: Float, frames: Int, rate: Double = 1000) -> SampleBuffer {
        SampleBuffer(
            sampleRate: rate, channelCount: 1, frameCount: frames, samples: [Float](repeating: value, count: frames))
    }

    @Test(
        "2 s of the constant 0.5 against sine.json (2·sin(2π·1 Hz·t + 0.2) + 0.5): the 1 Hz line fails; DC tolerance ~0.01, not 3.95"
    )
    func constantAgainstSlowSine() throws {
        let sine = Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
        let report = try Fixture.verify(Self.constant(0.5, frames: 2000), against: sine)
        #expect(report.verdict == .failed, report.summary)
        let amplitude = try #require(report.check(.amplitude, frequency: 1))
        #expect(!amplitude.passed)
        #expect(amplitude.method == .fit)
        #expect(abs(amplitude.measured) < 1e-6)
        let dc = try #require(report.check(.dc))
        #expect(dc.passed, report.summary)
        #expect(dc.tolerance < 0.02, report.summary)
        // A missing line has no frequency to measure: its frequency check fails too, with the tolerance a
        // line of the expected amplitude would have (a fraction of a bin), never one inflated by 1/|measured|.
        let frequency = try #require(report.check(.frequency, frequency: 1))
        #expect(!frequency.passed, report.summary)
        #expect(frequency.tolerance < 1, report.summary)
    }

    @Test(
        "all zeros for 10 s at 1 kHz against a waveform near Nyquist or with aliased harmonics: fails",
        arguments: [
            ("sine 499.9 Hz", AnySignal(Sine(frequency: 499.9))),
            ("square 499.9 Hz", AnySignal(Square(frequency: 499.9))),
            ("square 250.1 Hz", AnySignal(Square(frequency: 250.1))),
            ("sawtooth 333.3333333 Hz", AnySignal(Sawtooth(frequency: 333.3333333))),
        ])
    func zeros(_ testCase: (String, AnySignal)) throws {
        let (name, signal) = testCase
        let report = try Fixture.verify(Self.constant(0, frames: 10_000), against: signal)
        #expect(report.verdict == .failed, "\(name)\n\(report.table)")
        #expect(!report.passed)
    }

    @Test(
        "the right render of a sawtooth at 333.3333333 Hz is not passed either: its harmonics fold within 1e-7 Hz of each other, so they are listed as unchecked with the record length needed"
    )
    func clusteredHarmonics() throws {
        let saw = Sawtooth(frequency: 333.3333333)
        let report = try Fixture.verify(Fixture.render(saw, frames: 10_000), against: saw)
        #expect(report.verdict == .incomplete, report.summary)
        #expect(!report.passed, report.summary)
        #expect(report.failures.isEmpty)
        #expect(!report.unchecked.isEmpty)
        #expect(report.unchecked.allSatisfy { $0.component == .line && ($0.requiredDuration ?? 0) > 10 })
    }

    @Test(
        "a sine with the right amplitude but its phase 0.05 rad off fails the phase check only",
        arguments: [1.0, 50, 123.4])
    func phase(frequency: Double) throws {
        let spec = Sine(amplitude: 1, frequency: frequency, phase: 0.3)
        let report = try Fixture.verify(
            Fixture.render(Sine(amplitude: 1, frequency: frequency, phase: 0.35), frames: 4000), against: spec)
        #expect(report.failures.map(\.kind) == [.phase], report.summary)
        let phase = try #require(report.check(.phase, frequency: frequency))
        #expect(abs(phase.measured - 0.35) < 1e-4)
    }

    @Test("amplitude 1 % high in a 0.5 s record fails, with and without noise", arguments: [0.0, 0.002])
    func shortAmplitude(noise: Double) throws {
        let spec = Sum {
            Sine(amplitude: 1, frequency: 10, offset: 0.1)
            Noise(amplitude: noise, seed: 3)
        }
        let wrong = Sum {
            Sine(amplitude: 1.01, frequency: 10, offset: 0.1)
            Noise(amplitude: noise, seed: 3)
        }
        let report = try Fixture.verify(Fixture.render(wrong, frames: 500), against: spec)
        #expect(report.failures.map(\.kind) == [.amplitude], report.summary)
        #expect(try Fixture.verify(Fixture.render(spec, frames: 500), against: spec).passed)
    }

    @Test(
        "a one-sample time shift fails",
        arguments: [
            ("sine.json, 1 Hz", AnySignal(Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5))),
            ("sine 50 Hz", AnySignal(Sine(frequency: 50))),
            ("square 10 Hz", AnySignal(Square(amplitude: 1, frequency: 10))),
            (
                "sum with noise",
                AnySignal(
                    Sum {
                        Sine(amplitude: 2, frequency: 52.5)
                        Triangle(amplitude: 0.5, frequency: 5)
                        Noise(amplitude: 0.01, seed: 3)
                    })
            ),
        ])
    func shifted(_ testCase: (String, AnySignal)) throws {
        let (name, signal) = testCase
        // Samples 1 ... N presented as samples 0 ... N − 1.
        let late = try signal.render(
            RenderRequest(sampleRate: 1000, startIndex: 1, frameCount: 2000),
            options: RenderOptions(parallelism: .serial))
        let shifted = SampleBuffer(sampleRate: 1000, channelCount: 1, frameCount: 2000, samples: late.samples)
        let report = try Fixture.verify(shifted, against: signal)
        #expect(report.verdict == .failed, "\(name)\n\(report.table)")
        #expect(!Fixture.failed(report, .phase).isEmpty, "\(name)\n\(report.table)")
        // The same samples at their true position pass.
        #expect(try Fixture.verify(late, against: signal).passed, "\(name)")
    }
}
