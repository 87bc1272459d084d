import Foundation
import SignalSpectrum
import Signals
import Testing

/// Every waveform and combinator, rendered by the engine and checked in the frequency domain against
/// the spectrum its description predicts (the verifier used across the suite).
@Suite struct VerifierWaveformTests {
    static let rate = 1000.0

    static let cases: [(String, AnySignal)] = [
        ("sine", AnySignal(Sine(amplitude: 2, frequency: 37.25, phase: 1, offset: -0.5))),
        ("square duty 0.5, 10 Hz", AnySignal(Square(amplitude: 1, frequency: 10))),
        ("square duty 0.25, 10 Hz", AnySignal(Square(amplitude: 0.5, frequency: 10, offset: 0.2, dutyCycle: 0.25))),
        ("square duty 0.5, 125 Hz (samples on the jumps)", AnySignal(Square(amplitude: 1, frequency: 125))),
        ("square, irrational frequency", AnySignal(Square(amplitude: 1, frequency: 10 * 2.0.squareRoot()))),
        ("sawtooth 7 Hz", AnySignal(Sawtooth(amplitude: 1.5, frequency: 7, phase: 0.4))),
        ("triangle 13 Hz", AnySignal(Triangle(amplitude: 3, frequency: 13, offset: 1))),
        ("gaussian noise", AnySignal(Noise(amplitude: 0.3, seed: 9))),
        ("uniform noise", AnySignal(Noise(amplitude: 0.3, distribution: .uniform, seed: 9))),
        ("constant", AnySignal(Constant(-2))),
        ("sum", Fixture.sumWithNoise),
        ("scaled", Fixture.scaledSum),
        ("offset", AnySignal(Sawtooth(amplitude: 1, frequency: 20).offset(by: 3))),
        ("chirp", AnySignal(Chirp(amplitude: 1, startFrequency: 20, endFrequency: 200, duration: 60))),
        ("chirp with noise and a tone", Fixture.chirpWithToneAndNoise(duration: 50)),
    ]

    @Test("each waveform and combinator has the spectrum its description predicts", arguments: 0..<cases.count)
    func waveform(_ index: Int) throws {
        let (name, signal) = Self.cases[index]
        let report = try Fixture.verify(Fixture.render(signal), against: signal)
        #expect(report.passed, "\(name)\n\(report.table)")
        #expect(report.checks.contains { $0.kind == .spurious })
    }

    @Test(
        "a chirp is fitted as one component: its amplitude and phase are checked; a wrong amplitude, a wrong phase or an extra tone fails"
    )
    func chirpFit() throws {
        let chirp = Chirp(amplitude: 1, startFrequency: 20, endFrequency: 200, duration: 60)
        let report = try Fixture.verify(Fixture.render(chirp), against: chirp)
        #expect(report.passed, report.summary)
        let amplitude = try #require(report.check(.amplitude))
        #expect(amplitude.method == .fit, report.summary)
        #expect(amplitude.expected == 1, report.summary)
        #expect(abs(amplitude.measured - 1) < 1e-5, report.summary)
        #expect(report.check(.phase)?.passed == true)
        let weak = try Fixture.verify(
            Fixture.render(Chirp(amplitude: 0.95, startFrequency: 20, endFrequency: 200, duration: 60)), against: chirp)
        #expect(Fixture.failed(weak, .amplitude).count == 1, weak.summary)
        let turned = try Fixture.verify(
            Fixture.render(Chirp(amplitude: 1, startFrequency: 20, endFrequency: 200, duration: 60, phase: 0.05)),
            against: chirp)
        #expect(Fixture.failed(turned, .phase).count == 1, turned.summary)
        #expect(Fixture.failed(turned, .amplitude).isEmpty, turned.summary)
        let tone = try Fixture.verify(
            Fixture.render(
                Sum {
                    chirp
                    Sine(amplitude: 0.02, frequency: 400)
                }), against: chirp)
        #expect(Fixture.failed(tone, .spurious).count == 1, tone.summary)
        // A faster sweep is not the same chirp: the residual keeps what the fit cannot explain.
        let fast = try Fixture.verify(
            Fixture.render(Chirp(amplitude: 1, startFrequency: 20, endFrequency: 210, duration: 60)), against: chirp)
        #expect(!fast.passed, fast.summary)
        #expect(!Fixture.failed(fast, .noise).isEmpty, fast.summary)
    }

    @Test("three axes are checked per channel: a wrong y fails on channel 1 only")
    func axes() throws {
        let spec = Axes(
            x: Sine(frequency: 5), y: Square(amplitude: 0.5, frequency: 10), z: Noise(amplitude: 0.1, seed: 3))
        let report = try Fixture.verify(Fixture.render(spec), against: spec)
        #expect(report.passed, report.summary)
        #expect(Set(report.checks.map(\.channel)) == [0, 1, 2])
        let wrong = Axes(
            x: Sine(frequency: 5), y: Square(amplitude: 0.5, frequency: 10, dutyCycle: 0.45),
            z: Noise(amplitude: 0.1, seed: 3))
        let failed = try Fixture.verify(Fixture.render(wrong), against: spec).failures
        #expect(!failed.isEmpty)
        #expect(failed.allSatisfy { $0.channel == 1 })
    }

    @Test("stacked channels (a motion-like layout) are checked per channel")
    func stackedChannels() throws {
        let node = SignalNode.channels([
            Axes(x: Sine(frequency: 2), y: Constant(0), z: Constant(-1)).node,
            .triangle(Triangle(amplitude: 0.1, frequency: 3)),
        ])
        let spec = AnySignal(node: node)
        let report = try Fixture.verify(Fixture.render(spec), against: spec)
        #expect(report.passed, report.summary)
        #expect(Set(report.checks.map(\.channel)) == [0, 1, 2, 3])
    }

    @Test("a sine-only imitation of a square (its continuous series up to Nyquist) fails harmonic by harmonic")
    func sineImitationOfSquare() throws {
        let square = Square(amplitude: 1, frequency: 10)
        let imitation = Sum {
            for k in stride(from: 1, to: 50, by: 2) {
                Sine(amplitude: 4 / (Double.pi * Double(k)), frequency: 10 * Double(k))
            }
        }
        let report = try Fixture.verify(Fixture.render(imitation), against: square)
        let failures = Fixture.failed(report, .amplitude)
        #expect(failures.count >= 15, report.summary)
        // The low harmonics agree (aliasing matters least there), the high ones do not.
        #expect(report.check(.amplitude, frequency: 10)?.passed == true)
        #expect(report.check(.amplitude, frequency: 490)?.passed == false)
        // The real square passes.
        #expect(try Fixture.verify(Fixture.render(square), against: square).passed)
    }
}
