import Foundation
import Signals
import Testing

@testable import SignalSpectrum

/// The sampled-waveform derivation: when the samples repeat, and the two ways of computing the lines.
@Suite struct PeriodicLinesTests {
    @Test(
        "the period of the phase sequence: 100 samples for 10 Hz at 1 kHz, 8 for 125 Hz, none for 10√2 Hz",
        arguments: [(10.0, 100), (125, 8), (7, 1000), (0, 1), (12.5, 80)])
    func period(_ pair: (Double, Int)) {
        #expect(PeriodicLines.period(Phase.increment(frequency: pair.0, sampleRate: 1000)) == pair.1)
    }

    @Test("an irrational ratio has no period")
    func noPeriod() {
        #expect(PeriodicLines.period(Phase.increment(frequency: 10 * 2.0.squareRoot(), sampleRate: 1000)) == nil)
    }

    @Test(
        "the continuous coefficients: |Z_k| = 4|sin(πkD)|/(πk) (square), 2/(πk) (sawtooth), 8/(π²k²) at odd k (triangle)",
        arguments: 1...9)
    func coefficients(k: Int) {
        func magnitude(_ c: (re: Double, im: Double)) -> Double { (c.re * c.re + c.im * c.im).squareRoot() }
        let kd = Double(k)
        let square = PeriodicLines.Shape(square: Square(frequency: 1, dutyCycle: 0.3))
        let squareBound: Double = 4 * abs(sin(Double.pi * kd * 0.3)) / (Double.pi * kd)
        #expect(abs(magnitude(square.coefficient(k)) - squareBound) < 1e-9)
        #expect(abs(magnitude(PeriodicLines.Shape.sawtooth.coefficient(k)) - 2 / (Double.pi * kd)) < 1e-12)
        let triangleBound: Double = k % 2 == 1 ? 8 / (Double.pi * Double.pi * kd * kd) : 0
        #expect(abs(magnitude(PeriodicLines.Shape.triangle.coefficient(k)) - triangleBound) < 1e-12)
    }

    @Test("for a long period the exact DFT and the continuous series agree on the low harmonics")
    func exactAgreesWithSeries() throws {
        // 7 Hz at 1 kHz: q = 1000; the fundamental differs from 4/π by the aliases, O((π/q)²).
        let (_, lines, _) = try PeriodicLines.lines(
            .init(square: Square(frequency: 7)), amplitude: 1, frequency: 7,
            phase: 0, sampleRate: 1000, source: "", fft: .shared)
        let fundamental = try #require(lines.first { abs($0.frequency - 7) < 1e-9 })
        #expect(abs(fundamental.amplitude - 4 / Double.pi) < 1e-4)
    }
}
