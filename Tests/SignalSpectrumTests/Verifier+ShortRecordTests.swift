import Foundation
import SignalSpectrum
import Signals
import Testing

/// Every waveform and sum, rendered, passes at lengths down to one period of its lowest
/// frequency (16 samples at least), and at a few longer ones.
@Suite struct VerifierShortRecordTests {
    static let rate = 1000.0

    /// Signals and the samples in one period of their lowest frequency.
    static let cases: [(String, AnySignal, Int)] = [
        ("sine 37.25 Hz", AnySignal(Sine(amplitude: 2, frequency: 37.25, phase: 1, offset: -0.5)), 27),
        ("sine 1 Hz", AnySignal(Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)), 1000),
        ("sine near Nyquist, 499 Hz", AnySignal(Sine(frequency: 499)), 16),
        ("square 10 Hz", AnySignal(Square(amplitude: 1, frequency: 10)), 100),
        ("square duty 0.25", AnySignal(Square(amplitude: 0.5, frequency: 10, offset: 0.2, dutyCycle: 0.25)), 100),
        ("square duty 0.1, 20 Hz", AnySignal(Square(amplitude: 1, frequency: 20, dutyCycle: 0.1)), 50),
        ("square on the jumps, 62.5 Hz", AnySignal(Square(amplitude: 1, frequency: 62.5)), 16),
        ("square, irrational frequency", AnySignal(Square(amplitude: 1, frequency: 10 * 2.0.squareRoot())), 71),
        ("sawtooth 7 Hz", AnySignal(Sawtooth(amplitude: 1.5, frequency: 7, phase: 0.4)), 143),
        ("triangle 13 Hz", AnySignal(Triangle(amplitude: 3, frequency: 13, offset: 1)), 77),
        ("chirp 5 → 50 Hz", AnySignal(Chirp(amplitude: 1, startFrequency: 5, endFrequency: 50, duration: 1)), 200),
        ("gaussian noise", AnySignal(Noise(amplitude: 0.3, seed: 9)), 16),
        ("uniform noise", AnySignal(Noise(amplitude: 0.3, distribution: .uniform, seed: 9)), 16),
        ("constant", AnySignal(Constant(-2)), 16),
        (
            "sum: sine 3 Hz + square 10 Hz",
            AnySignal(
                Sum {
                    Sine(frequency: 3)
                    Square(amplitude: 0.2, frequency: 10)
                }), 334
        ),
        ("sum with noise", Fixture.sumWithNoise, 125),
        ("scaled sum", Fixture.scaledSum, 50),
        ("chirp, tone and noise", Fixture.chirpWithToneAndNoise(duration: 0.5), 100),
    ]

    @Test("passes at one period, 1.5, 3 and 10 periods", arguments: 0..<cases.count)
    func passes(_ index: Int) throws {
        let (name, signal, period) = Self.cases[index]
        for frames in [max(16, period), max(16, period * 3 / 2), period * 3, period * 10] {
            let buffer = try Fixture.render(signal, frames: frames)
            let report = try Fixture.verify(buffer, against: signal)
            #expect(report.passed, "\(name), \(frames) samples\n\(report.table)")
        }
    }

    @Test("the start index is part of the expectation: a render from sample 12345 passes against its own position")
    func startIndex() throws {
        let signal = Sum {
            Sine(amplitude: 1, frequency: 13.7, phase: 0.4)
            Square(amplitude: 0.3, frequency: 4)
        }
        let buffer = try signal.render(
            RenderRequest(sampleRate: 1000, startIndex: 12_345, frameCount: 3000),
            options: RenderOptions(parallelism: .serial))
        #expect(try Fixture.verify(buffer, against: signal).passed)
    }
}
