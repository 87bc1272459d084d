import Foundation
import Testing

@testable import Signals

@Suite struct CombinatorTests {
    static let fs = 1000.0
    static let n = 4096

    func render<S: Signal>(_ s: S) throws -> [Float] { try s.render(sampleRate: Self.fs, frameCount: Self.n).samples }

    /// Two expectations, so a failure says whether the lengths or the samples differ.
    func expectClose(
        _ a: [Float], _ b: [Double], tolerance: Double = 1e-5, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(a.count == b.count, sourceLocation: sourceLocation)
        #expect(Reference.maxError(a, b) <= tolerance, sourceLocation: sourceLocation)
    }

    @Test("Sum adds its terms sample by sample")
    func sum() throws {
        let s = Sum {
            Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
            Square(amplitude: 0.5, frequency: 5)
            Constant(1)
        }
        let sine = try render(Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5))
        let square = try render(Square(amplitude: 0.5, frequency: 5))
        expectClose(try render(s), (0..<Self.n).map { Double(sine[$0]) + Double(square[$0]) + 1 })
    }

    @Test("scaled(by:) and offset(by:) transform the whole tree; operators mean the same")
    func scaleOffset() throws {
        let base = Sum {
            Sine(frequency: 3)
            Triangle(amplitude: 0.5, frequency: 7, offset: 0.25)
        }
        let raw = try render(base)
        let expected = raw.map { Double($0) * 9.81 + 2 }
        expectClose(try render(base.scaled(by: 9.81).offset(by: 2)), expected, tolerance: 1e-4)
        expectClose(try render(9.81 * base + 2), expected, tolerance: 1e-4)
        expectClose(try render(base * 9.81 - -2), expected, tolerance: 1e-4)
        expectClose(try render(-base), raw.map { -Double($0) })
        // offset inside scale is scaled too: (x + 1)·3
        expectClose(try render(base.offset(by: 1).scaled(by: 3)), raw.map { (Double($0) + 1) * 3 }, tolerance: 1e-5)
        let pair = Sine(frequency: 3) + Constant(1)
        expectClose(try render(pair), try render(Sine(frequency: 3)).map { Double($0) + 1 })
    }

    @Test("the builder's if/else, optional and for loop", arguments: [true, false])
    func builderControlFlow(flag: Bool) throws {
        let s = Sum {
            Constant(1)
            if flag { Constant(10) } else { Constant(100) }
            if !flag { Constant(1000) }
            for k in 1...3 { Constant(Double(k)) }
        }
        let expected = 1 + (flag ? 10 : 100) + (flag ? 0 : 1000) + 6.0
        #expect(try render(s) == [Float](repeating: Float(expected), count: Self.n))
        // One term per line of the block: the optional is an empty sum when not taken, the loop a nested sum.
        let c = { (v: Double) in SignalNode.constant(Constant(v)) }
        #expect(s.node == .sum([c(1), c(flag ? 10 : 100), flag ? .sum([]) : c(1000), .sum([c(1), c(2), c(3)])]))
    }

    @Test("an empty sum and an empty loop are zero")
    func empty() throws {
        #expect(try render(Sum {}) == [Float](repeating: 0, count: Self.n))
        let none = Sum { for _ in 0..<0 { Sine(frequency: 1) } }
        #expect(try render(none.offset(by: 2)) == [Float](repeating: 2, count: Self.n))
    }

    @Test("Axes renders one scalar signal per channel; a scalar in a 3-channel sum goes to every axis")
    func axes() throws {
        let a = Axes(x: Sine(frequency: 2), y: Constant(-1), z: Square(frequency: 4))
        let b = try a.render(sampleRate: Self.fs, frameCount: Self.n)
        #expect(b.channelCount == 3)
        #expect(Array(b.channel(0)) == (try render(Sine(frequency: 2))))
        #expect(Array(b.channel(1)) == [Float](repeating: -1, count: Self.n))
        #expect(Array(b.channel(2)) == (try render(Square(frequency: 4))))
        let shifted = try Sum {
            a
            Constant(1)
        }.render(sampleRate: Self.fs, frameCount: Self.n)
        #expect(Array(shifted.channel(1)) == [Float](repeating: 0, count: Self.n))
        expectClose(Array(shifted.channel(0)), b.channel(0).map { Double($0) + 1 })
    }

    @Test("AnySignal renders every tree bit for bit like the static types")
    func erased() throws {
        let s = Sum {
            Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
            Square(amplitude: 0.5, frequency: 5, dutyCycle: 0.3)
            Noise(amplitude: 0.01, seed: 42)
            Chirp(startFrequency: 1, endFrequency: 20, duration: 2)
            Sawtooth(frequency: 2).offset(by: 1)
        }.scaled(by: 9.81)
        #expect(try render(AnySignal(s)) == (try render(s)))
        let axes = Axes(x: Triangle(frequency: 1), y: Noise(distribution: .uniform, seed: 3), z: Constant(2)).scaled(
            by: 2)
        #expect(
            try AnySignal(axes).render(sampleRate: 100, frameCount: 999)
                == (try axes.render(sampleRate: 100, frameCount: 999)))
    }

    @Test("channels stacks the channels of its parts")
    func channels() throws {
        let node = SignalNode.channels([Axes(x: Constant(1), y: Constant(2), z: Constant(3)).node, Constant(4).node])
        let b = try AnySignal(node: node).render(sampleRate: 10, frameCount: 5)
        #expect(b.channelCount == 4)
        for c in 0..<4 { #expect(Array(b.channel(c)) == [Float](repeating: Float(c + 1), count: 5)) }
    }
}
