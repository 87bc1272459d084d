import Foundation
import Signals
import Testing

@testable import SignalSpectrum

/// The exact model of each waveform agrees with the engine's render sample for sample, within the error
/// bound E the fit allows (the engine's documented kernel error and Float rounding).
@Suite struct ModelTermTests {
    static let cases: [(String, AnySignal)] = [
        ("sine", AnySignal(Sine(amplitude: 2, frequency: 37.25, phase: 1, offset: -0.5))),
        ("sine, irrational frequency", AnySignal(Sine(amplitude: 1, frequency: 100 * 2.0.squareRoot()))),
        ("square duty 0.5 (samples on the jumps)", AnySignal(Square(amplitude: 1, frequency: 125))),
        (
            "square duty 0.3, phase",
            AnySignal(Square(amplitude: 0.5, frequency: 7.7, phase: 2, offset: 0.2, dutyCycle: 0.3))
        ),
        ("sawtooth", AnySignal(Sawtooth(amplitude: 1.5, frequency: 7, phase: 0.4))),
        ("sawtooth on the jumps", AnySignal(Sawtooth(amplitude: 1, frequency: 125))),
        ("triangle", AnySignal(Triangle(amplitude: 3, frequency: 13, offset: 1))),
        (
            "scaled sum",
            AnySignal(
                Sum {
                    Sine(frequency: 50)
                    Square(amplitude: 0.2, frequency: 8)
                    Constant(0.1)
                }.scaled(by: -9.81))
        ),
        ("offset", AnySignal(Sawtooth(amplitude: 1, frequency: 20).offset(by: 3))),
    ]

    @Test("model = render within E, from sample 0 and from a far start index", arguments: 0..<cases.count)
    func agrees(_ index: Int) throws {
        let (name, signal) = Self.cases[index]
        for start in [0, 123_456_789] {
            let (deviation, bound) = try ModelSupport.deviation(signal, start: start)
            #expect(deviation <= bound, "\(name) from \(start): \(deviation) > \(bound)")
            #expect(bound < 1e-5, "\(name): the bound \(bound) is loose")
        }
    }

    @Test("a term's mean is its DC (in the channel's dc); the sine's kernel error is 4e-7·|A|, the square's 0")
    func meanAndKernel() throws {
        let square = try #require(
            try ExpectedSpectrum(Square(amplitude: 2, frequency: 10, dutyCycle: 0.25), sampleRate: 1000).channels[0]
                .terms?.first)
        #expect(abs(square.mean - -1) < 1e-12)
        #expect(square.kernelError == 0)
        let sine = try #require(
            try ExpectedSpectrum(Sine(amplitude: 2, frequency: 10), sampleRate: 1000).channels[0].terms?.first)
        #expect(sine.mean == 0)
        #expect(sine.kernelError == 4e-7)
        // Hand-written expectations have no terms; editing a derived channel's lines drops them.
        #expect(ExpectedChannel(dc: 1, lines: []).terms == nil)
        var derived = try ExpectedSpectrum(Sine(frequency: 10), sampleRate: 1000).channels[0]
        #expect(derived.terms != nil)
        derived.lines[0].real *= 2
        #expect(derived.terms == nil)
    }
}
