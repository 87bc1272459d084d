import Foundation
import SignalSpectrum
import Signals
import Testing

/// One channel's checks: what each row checks, the weak lines' joint check, hand-written expectations.
@Suite struct ChannelVerifierTests {
    @Test("every row names its method and what it checked; the noise row counts the lines checked jointly")
    func rows() throws {
        let square = Square(amplitude: 1, frequency: 10)
        let report = try Fixture.verify(
            Fixture.render(square), against: square, tolerances: Tolerances(maximumLines: 10))
        #expect(report.passed, report.summary)
        let noise = try #require(report.check(.noise))
        #expect(noise.method == .fit)
        #expect(noise.detail.contains("10 lines"))
        #expect(noise.detail.contains("15 weaker lines checked here jointly"))
        #expect(report.checks.filter { $0.kind == .amplitude }.count == 10)
        #expect(
            report.checks.filter { $0.kind == .amplitude }.allSatisfy {
                $0.detail.hasPrefix("amplitude of the ") && $0.detail.contains("$.square")
            })
        #expect(try #require(report.check(.spurious)).detail.contains("residual's spectrum"))
    }

    @Test(
        "lines not fitted one by one are still checked: a square without its weakest harmonics fails the residual check"
    )
    func weakLinesChecked() throws {
        let square = Square(amplitude: 1, frequency: 10)
        let expected = try ExpectedSpectrum(square, sampleRate: 1000).channels[0]
        // The square's own sampled lines up to 300 Hz, exact in amplitude and phase; those above (each
        // below 4.3 % of the fundamental) missing.
        let imitation = Sum {
            for line in expected.lines where line.frequency <= 300 {
                Sine(amplitude: line.amplitude, frequency: line.frequency, phase: line.phase)
            }
            Constant(expected.dc)
        }
        let report = try Fixture.verify(
            Fixture.render(imitation), against: square, tolerances: Tolerances(maximumLines: 10))
        #expect(!report.passed)
        #expect(Fixture.failed(report, .amplitude).isEmpty, report.summary)
        #expect(Fixture.failed(report, .phase).isEmpty, report.summary)
        #expect(Fixture.failed(report, .noise).count == 1, report.summary)
    }

    @Test(
        "a hand-written expectation is modelled from its lines and DC; a hand-written sweep band is reported unchecked")
    func handWritten() throws {
        let buffer = try Fixture.render(Sine(amplitude: 2, frequency: 50, offset: 0.5))
        let lines = try ExpectedSpectrum(Sine(amplitude: 2, frequency: 50, offset: 0.5), sampleRate: 1000).channels[0]
            .lines
        let hand = ExpectedSpectrum(sampleRate: 1000, channels: [ExpectedChannel(dc: 0.5, lines: lines)])
        #expect(try Verifier.verify(buffer, against: hand).passed)
        let wrong = ExpectedSpectrum(
            sampleRate: 1000,
            channels: [
                ExpectedChannel(
                    dc: 0.5,
                    lines: lines.map {
                        SpectralLine(frequency: $0.frequency, real: $0.real * 1.02, imaginary: $0.imaginary * 1.02)
                    })
            ])
        #expect(try Verifier.verify(buffer, against: wrong).verdict == .failed)
        let band = ExpectedSpectrum(
            sampleRate: 1000,
            channels: [
                ExpectedChannel(
                    dc: 0.5, lines: lines,
                    sweeps: [SweepBand(lowFrequency: 10, highFrequency: 20, amplitude: 1, sweepRate: 1, source: "hand")]
                )
            ])
        let report = try Verifier.verify(buffer, against: band)
        #expect(report.verdict == .incomplete, report.summary)
        #expect(report.unchecked.map(\.component) == [.sweep], report.summary)
    }
}
