import Foundation
import SignalSpectrum
import Signals
import Testing

/// The verifier passes the right signal and fails each kind of wrong one (issue: 1 % amplitude, one bin
/// of frequency, 2 % offset, a missing component, an extra tone at −40 dB, noise × 1.2).
@Suite struct VerifierTests {
    static let bin = Fixture.rate / Double(Fixture.frames)
    /// The reference: a tone with an offset, over gaussian noise.
    static func spec(
        amplitude: Double = 1, frequency: Double = 123.4, offset: Double = 0.2, noise: Double = 0.01
    ) -> AnySignal {
        AnySignal(
            Sum {
                Sine(amplitude: amplitude, frequency: frequency, phase: 0.3, offset: offset)
                Noise(amplitude: noise, seed: 11)
            })
    }

    @Test(
        "the right signal passes every check; the report lists DC, amplitude, phase, frequency and noise (fit), flatness and spurious (spectrum)"
    )
    func passes() throws {
        let report = try Fixture.verify(Fixture.render(Self.spec()), against: Self.spec())
        #expect(report.passed, report.summary)
        #expect(report.verdict == .passed, report.summary)
        #expect(report.unchecked.isEmpty, report.summary)
        let kinds = Set(report.checks.map(\.kind))
        #expect(kinds == [.dc, .amplitude, .phase, .frequency, .noise, .noiseFlatness, .spurious])
        #expect(
            report.checks.allSatisfy {
                $0.method == ([.noiseFlatness, .spurious].contains($0.kind) ? .spectrum : .fit)
            })
        let amplitude = try #require(report.check(.amplitude, frequency: 123.4))
        #expect(abs(amplitude.measured - 1) < 1e-3)
        #expect(amplitude.tolerance < 0.01)
        let phase = try #require(report.check(.phase, frequency: 123.4))
        #expect(abs(phase.expected - 0.3) < 1e-9)
        #expect(abs(phase.measured - 0.3) < 1e-3)
        // Every row says what it checked.
        #expect(report.checks.allSatisfy { !$0.detail.isEmpty })
    }

    @Test("amplitude 1 % high fails the amplitude check only", arguments: [1.01, 0.99])
    func wrongAmplitude(factor: Double) throws {
        let report = try Fixture.verify(Fixture.render(Self.spec(amplitude: factor)), against: Self.spec())
        #expect(!report.passed)
        #expect(Fixture.failed(report, .amplitude).count == 1, report.summary)
        #expect(Fixture.failed(report, .frequency).isEmpty)
        #expect(Fixture.failed(report, .dc).isEmpty)
    }

    @Test("frequency one bin off fails the frequency check", arguments: [1.0, -1.0])
    func wrongFrequency(bins: Double) throws {
        let report = try Fixture.verify(
            Fixture.render(Self.spec(frequency: 123.4 + bins * Self.bin)), against: Self.spec())
        #expect(!report.passed)
        #expect(Fixture.failed(report, .frequency).count == 1, report.summary)
    }

    @Test("an offset 2 % of the amplitude off fails the DC check")
    func wrongOffset() throws {
        let report = try Fixture.verify(Fixture.render(Self.spec(offset: 0.22)), against: Self.spec())
        #expect(!report.passed)
        #expect(Fixture.failed(report, .dc).count == 1, report.summary)
        #expect(Fixture.failed(report, .amplitude).isEmpty)
    }

    @Test("a missing component fails its lines' checks")
    func missingComponent() throws {
        let full = AnySignal(
            Sum {
                Self.spec()
                Square(amplitude: 0.3, frequency: 7)
            })
        let report = try Fixture.verify(Fixture.render(Self.spec()), against: full)
        #expect(!report.passed)
        #expect(Fixture.failed(report, .amplitude).count >= 5, report.summary)
        // The full signal passes.
        #expect(try Fixture.verify(Fixture.render(full), against: full).passed)
    }

    @Test("an extra tone at −40 dB fails the spurious check", arguments: [211.7, 4.1, 499.0])
    func extraTone(frequency: Double) throws {
        let rendered = Sum {
            Self.spec()
            Sine(amplitude: 0.01, frequency: frequency)
        }
        let report = try Fixture.verify(Fixture.render(rendered), against: Self.spec())
        #expect(!report.passed)
        let spurious = try #require(report.check(.spurious))
        #expect(!spurious.passed, report.summary)
        #expect(abs(try #require(spurious.frequency) - frequency) < 0.1)
        #expect(abs(spurious.measured - 0.01) < 1e-3)
    }

    @Test("noise × 1.2 (and ÷ 1.2) fails the noise level check", arguments: [1.2, 1 / 1.2])
    func wrongNoise(factor: Double) throws {
        let report = try Fixture.verify(Fixture.render(Self.spec(noise: 0.01 * factor)), against: Self.spec())
        #expect(!report.passed)
        #expect(Fixture.failed(report, .noise).count == 1, report.summary)
    }

    @Test("coloured noise of the right variance fails the flatness check, not the level")
    func colouredNoise() throws {
        let white = try Fixture.render(Noise(amplitude: 1, seed: 3)).samples.map(Double.init)
        // y[n] = (x[n] + x[n+1]) / √2: same variance, density ∝ 1 + cos(2πf/fs).
        let coloured = (0..<white.count - 1).map { (white[$0] + white[$0 + 1]) / 2.0.squareRoot() }
        let report = try Fixture.verify(Fixture.buffer(coloured), against: Noise(amplitude: 1, seed: 3))
        #expect(Fixture.failed(report, .noiseFlatness).count == 1, report.summary)
        #expect(Fixture.failed(report, .noise).isEmpty)
    }

    @Test("noise where none is expected fails the noise floor check")
    func unexpectedNoise() throws {
        let clean = Sine(amplitude: 1, frequency: 50)
        let report = try Fixture.verify(
            Fixture.render(
                Sum {
                    clean
                    Noise(amplitude: 1e-3, seed: 2)
                }), against: clean)
        let noise = try #require(report.check(.noise))
        #expect(noise.expected == 0, report.summary)
        #expect(!noise.passed, report.summary)
        #expect(try Fixture.verify(Fixture.render(clean), against: clean).passed)
    }

    @Test("buffer and expectation must agree on rate and channels")
    func mismatches() throws {
        let buffer = try Fixture.render(Sine(frequency: 5))
        #expect(
            #expect(throws: SignalError.self) {
                try Verifier.verify(buffer, against: ExpectedSpectrum(Sine(frequency: 5), sampleRate: 500))
            }?.code == .sampleRateMismatch)
        do {
            _ = try Verifier.verify(
                buffer,
                against: ExpectedSpectrum(Axes(x: Sine(frequency: 5), y: Constant(0), z: Constant(0)), sampleRate: 1000)
            )
            Issue.record("expected a channel mismatch")
        } catch {
            #expect(error.code == .channelMismatch)
        }
        let short = Fixture.buffer([1, 2, 3])
        #expect(
            #expect(throws: SignalError.self) {
                try Verifier.verify(short, against: ExpectedSpectrum(Constant(1), sampleRate: 1000))
            }?.code == .tooShort)
    }

    @Test("the README example compiles and passes")
    func readmeExample() throws {
        let signal = Sum {
            Sine(amplitude: 2, frequency: 50, offset: 0.5)
            Square(amplitude: 0.5, frequency: 5, dutyCycle: 0.25)
            Noise(amplitude: 0.01, seed: 1)
        }
        let buffer = try signal.render(sampleRate: 1000, duration: 30)
        let expected = try ExpectedSpectrum(signal, sampleRate: 1000)
        let report = try Verifier.verify(buffer, against: expected, tolerances: Tolerances())
        #expect(report.passed, report.summary)
        #expect(try signal.expectedSpectrum(sampleRate: 1000) == expected)
    }
}
