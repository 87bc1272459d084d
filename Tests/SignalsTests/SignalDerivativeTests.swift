import Foundation
import Testing

@testable import Signals

@Suite struct SignalDerivativeTests {
    /// The rendered derivative against central differences of the rendered signal.
    static func check(_ node: SignalNode, sampleRate fs: Double = 2000, seconds: Double = 2, tolerance: Double) throws {
        let d = try SignalDerivative(of: node, path: "$")
        let frames = Int(fs * seconds)
        let signal = try AnySignal(node: node).render(sampleRate: fs, frameCount: frames)
        var rate = [Float](repeating: 0, count: frames)
        var scratch = [Float](repeating: 0, count: frames)
        rate.withUnsafeMutableBufferPointer { r in
            scratch.withUnsafeMutableBufferPointer { s in
                let block = RenderBlock(
                    base: r.baseAddress!, channelStride: frames, channelCount: 1, frameCount: frames,
                    startIndex: 0, sampleRate: fs)
                d.render(into: block, scratch: s.baseAddress!)
            }
        }
        var worst = 0.0
        for i in 1..<frames - 1 {
            let numeric = (Double(signal[frame: i + 1]) - Double(signal[frame: i - 1])) * fs / 2
            worst = max(worst, abs(numeric - Double(rate[i])))
        }
        #expect(worst < tolerance, "\(node.kind): \(worst)")
    }

    @Test("sine, chirp, sums, scalings and offsets: exact derivatives")
    func smooth() throws {
        try Self.check(.sine(Sine(amplitude: 0.5, frequency: 3, phase: 0.7)), tolerance: 3e-3)
        try Self.check(
            .offset(
                by: 2, .scaled(by: -1.5, .sum([.sine(Sine(amplitude: 0.2, frequency: 5)), .constant(Constant(1))]))),
            tolerance: 3e-3)
        try Self.check(
            .chirp(Chirp(amplitude: 0.3, startFrequency: 1, endFrequency: 8, duration: 1, phase: 0.4)), tolerance: 5e-3)
    }

    @Test("a triangle's derivative is ±4Af (a square), away from its corners")
    func triangle() throws {
        let d = try SignalDerivative(of: .triangle(Triangle(amplitude: 0.5, frequency: 2)), path: "$")
        #expect(d.terms == [.scaled(by: 1, .square(Square(amplitude: 4, frequency: 2, phase: 0, dutyCycle: 0.5)))])
    }

    @Test("a wrong derivative fails the check (the check can fail)")
    func wrongFails() throws {
        let node = SignalNode.sine(Sine(amplitude: 0.5, frequency: 3))
        let signal = try AnySignal(node: node).render(sampleRate: 2000, frameCount: 100)
        let wrong = try AnySignal(node: .sine(Sine(amplitude: 2 * .pi * 3 * 0.5, frequency: 3))).render(
            sampleRate: 2000, frameCount: 100)
        let numeric = (Double(signal[frame: 11]) - Double(signal[frame: 9])) * 1000
        #expect(abs(numeric - Double(wrong[frame: 10])) > 0.1)
    }

    @Test("zero amplitude or frequency makes jumps and noise harmless")
    func degenerate() throws {
        #expect(try SignalDerivative(of: .square(Square(amplitude: 0, frequency: 2)), path: "$").isZero)
        #expect(try SignalDerivative(of: .sawtooth(Sawtooth(amplitude: 1, frequency: 0)), path: "$").isZero)
        #expect(try SignalDerivative(of: .noise(Noise(amplitude: 0)), path: "$").isZero)
        #expect(
            #expect(throws: SignalError.self) {
                try SignalDerivative(of: .sawtooth(Sawtooth(amplitude: 1, frequency: 1)), path: "$")
            }?.code == .outOfRange)
    }
}
