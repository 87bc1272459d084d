import Foundation
import Signals
import Testing

@testable import SignalSpectrum

/// The least-squares fit: what it measures, what it separates, what it cannot.
@Suite struct ModelFitTests {
    /// Runs the fit on one channel of a buffer.
    static func fit(
        _ buffer: SampleBuffer, _ expected: ExpectedChannel, tolerances: Tolerances = Tolerances()
    ) throws -> ModelFit {
        var fit = ModelFit(
            channel: expected, sampleRate: buffer.sampleRate, start: buffer.startIndex,
            frameCount: buffer.frameCount, tolerances: tolerances)
        let residual = UnsafeMutablePointer<Float>.allocate(capacity: buffer.frameCount)
        defer { residual.deallocate() }
        try buffer.samples.withUnsafeBufferPointer { p in
            try fit.run(UnsafeBufferPointer(rebasing: p[0..<buffer.frameCount]), residual: residual, fft: .shared)
        }
        return fit
    }

    static func render<S: SpecRepresentable>(
        _ signal: S, frames: Int, start: Int = 0, rate: Double = 1000
    ) throws -> SampleBuffer {
        try signal.render(
            RenderRequest(sampleRate: rate, startIndex: start, frameCount: frames),
            options: RenderOptions(parallelism: .serial))
    }

    @Test("E: kernel error 4e-7·|A| per term plus (terms + 2)·2⁻²⁴ + 2⁻²³ + 1e-12 times the magnitude bound")
    func errorBound() throws {
        let channel = try ExpectedSpectrum(Sine(amplitude: 2, frequency: 5, offset: 0.5), sampleRate: 1000).channels[0]
        let magnitude = 2 + 0.5
        let expected = 4e-7 * 2 + (3 * 0x1p-24 + 0x1p-23 + 1e-12) * magnitude
        #expect(abs(ModelFit.errorBound(channel) - expected) < 1e-18)
    }

    @Test("a correct render: every deviation at the rounding level, the projections folded on the common period")
    func correct() throws {
        let signal = Sum {
            Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
            Square(amplitude: 0.5, frequency: 5)
        }
        let expected = try ExpectedSpectrum(signal, sampleRate: 1000).channels[0]
        let fit = try Self.fit(try Self.render(signal, frames: 20_000), expected)
        #expect(fit.usedGrid)
        #expect(fit.unresolved.isEmpty)
        #expect(fit.measurements.count == expected.lines.count)
        for m in fit.measurements {
            let d =
                ((m.measured.re - m.component.expected.re) * (m.measured.re - m.component.expected.re)
                + (m.measured.im - m.component.expected.im) * (m.measured.im - m.component.expected.im)).squareRoot()
            #expect(d < 1e-6, "\(m.component.source)")
            #expect(abs(m.frequencyOffset ?? 0) < 1e-6)
        }
        #expect(abs(fit.measuredDC - expected.dc) < 1e-6)
        #expect((fit.residualSumOfSquares / 20_000).squareRoot() < fit.errorBound)
    }

    @Test("without a common period the lines are projected one by one, with the same result")
    func direct() throws {
        let signal = Sum {
            Sine(amplitude: 1, frequency: 10 * 2.0.squareRoot(), phase: 0.7)
            Sine(amplitude: 0.3, frequency: 100 * 3.0.squareRoot())
        }
        let expected = try ExpectedSpectrum(signal, sampleRate: 1000).channels[0]
        let fit = try Self.fit(try Self.render(signal, frames: 30_000, start: 777), expected)
        #expect(!fit.usedGrid)
        #expect(fit.measurements.count == 2)
        for m in fit.measurements {
            #expect(abs(m.measured.re - m.component.expected.re) < 1e-6)
            #expect(abs(m.measured.im - m.component.expected.im) < 1e-6)
        }
    }

    @Test("the fit separates lines a window cannot: 0.3/T apart, and 0.2 cycles from DC, noiseless")
    func separates() throws {
        let close = Sum {
            Sine(amplitude: 1, frequency: 10)
            Sine(amplitude: 0.5, frequency: 10.3)
        }  // 1 s record: 0.3 bin
        let fit = try Self.fit(
            try Self.render(close, frames: 1000), try ExpectedSpectrum(close, sampleRate: 1000).channels[0])
        #expect(fit.unresolved.isEmpty)
        #expect(fit.measurements.count == 2)
        let wrong = Sum {
            Sine(amplitude: 1, frequency: 10)
            Sine(amplitude: 0.51, frequency: 10.3)
        }
        let measured = try Self.fit(
            try Self.render(wrong, frames: 1000), try ExpectedSpectrum(close, sampleRate: 1000).channels[0])
        let weak = try #require(measured.measurements.first { abs(($0.component.frequency ?? 0) - 10.3) < 1e-9 })
        #expect(
            abs((weak.measured.re * weak.measured.re + weak.measured.im * weak.measured.im).squareRoot() - 0.51) < 1e-4)
        let slow = Sine(amplitude: 1, frequency: 0.1, offset: 0.3)  // 2 s: 0.2 cycles
        let dc = try Self.fit(
            try Self.render(slow, frames: 2000), try ExpectedSpectrum(slow, sampleRate: 1000).channels[0])
        #expect(dc.unresolved.isEmpty)
        #expect(abs(dc.measuredDC - 0.3) < 1e-4)
    }

    @Test(
        "with noise, two lines 0.005/T apart cannot be separated: both unresolved, with a record length that would separate them"
    )
    func unresolvable() throws {
        let pair = Sum {
            Sine(amplitude: 1, frequency: 10)
            Sine(amplitude: 1, frequency: 10.005)
            Noise(amplitude: 0.05, seed: 4)
        }
        let expected = try ExpectedSpectrum(pair, sampleRate: 1000).channels[0]
        let fit = try Self.fit(try Self.render(pair, frames: 1000), expected)
        #expect(Set(fit.unresolved.compactMap(\.component.frequency)) == [10, 10.005])
        let required = try #require(fit.unresolved.compactMap(\.requiredFrames).max())
        #expect(required > 1000)
        #expect(required <= 1 << 20)
        #expect(fit.unresolved.allSatisfy { $0.reason.contains("cannot be separated") })
        // That length does separate them.
        let long = try Self.fit(try Self.render(pair, frames: required), expected)
        #expect(long.unresolved.isEmpty)
        #expect(long.measurements.count == 2)
    }

    @Test(
        "weak lines (below the floor) and lines beyond the budget stay in the model; beyond the record's degrees of freedom, significant lines are unresolved and weak ones joint"
    )
    func joint() throws {
        let square = Square(amplitude: 1, frequency: 10)  // 25 lines, all ≥ 3 % of the fundamental
        let expected = try ExpectedSpectrum(square, sampleRate: 1000).channels[0]
        let budget = try Self.fit(
            try Self.render(square, frames: 4000), expected, tolerances: Tolerances(maximumLines: 5))
        #expect(budget.measurements.count == 5)
        #expect(budget.jointLines == 20)
        #expect(budget.unresolved.isEmpty)
        #expect((budget.residualSumOfSquares / 4000).squareRoot() < budget.errorBound)
        // 40 samples, less than half a period: at most 40 parameters for 51, and the fundamental is not
        // separated from DC; each unresolved line says how long a record would check it.
        let short = try Self.fit(try Self.render(square, frames: 40), expected)
        #expect(short.parameterCount <= 40)
        #expect(short.overlapLines == 0)
        #expect(short.unresolved.contains { $0.reason.contains("at most 40 parameters") })
        #expect(short.unresolved.contains { $0.component.frequency == 10 && $0.reason.contains("DC") })
        #expect(short.unresolved.allSatisfy { ($0.requiredFrames ?? 0) > 40 })
        // With every line below the unresolved floor, they are all checked jointly instead.
        let lenient = try Self.fit(
            try Self.render(square, frames: 40), expected, tolerances: Tolerances(unresolvedFloor: 2))
        #expect(lenient.unresolved.isEmpty)
        #expect(lenient.overlapLines > 0)
        #expect(lenient.overlapLargest <= expected.reference)
        let floored = try Self.fit(
            try Self.render(square, frames: 4000), expected, tolerances: Tolerances(lineFloor: 0.1))
        #expect(floored.measurements.allSatisfy { $0.component.amplitude >= 0.1 * expected.reference })
        #expect(floored.jointLines == expected.lines.count - floored.measurements.count)
    }

    @Test("a NaN sample throws nonFinite naming it")
    func nonFinite() throws {
        var samples = [Float](repeating: 0, count: 100)
        samples[42] = .nan
        let buffer = SampleBuffer(sampleRate: 1000, channelCount: 1, frameCount: 100, samples: samples)
        do {
            _ = try Self.fit(buffer, ExpectedChannel(dc: 0))
            Issue.record("expected an error")
        } catch let error as SignalError {
            #expect(error.code == .nonFinite)
            #expect(error.message.contains("sample 42"))
        }
    }
}
