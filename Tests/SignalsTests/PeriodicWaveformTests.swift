import Foundation
import Testing

@testable import Signals

/// ``WaveParameters`` and ``PeriodicWaveform``: one set of numbers, read and written the same way on
/// every periodic wave, and the same JSON fields.
@Suite struct PeriodicWaveformTests {
    static let parameters = WaveParameters(amplitude: 2, frequency: 3, phase: 0.25, offset: -0.5)

    /// `W(amplitude:frequency:phase:offset:)` and `W(parameters)` build the same wave, whose fields read back.
    static func check<W: PeriodicWaveform & Equatable>(_ make: (WaveParameters) -> W, _ labelled: W) {
        let wave = make(parameters)
        #expect(wave == labelled)
        #expect(wave.parameters == parameters)
        #expect(wave.amplitude == 2)
        #expect(wave.frequency == 3)
        #expect(wave.phase == 0.25)
        #expect(wave.offset == -0.5)
    }

    @Test("the labelled initialiser and init(_:) agree, and the fields read back, on every periodic wave")
    func initialisers() {
        Self.check(Sine.init, Sine(amplitude: 2, frequency: 3, phase: 0.25, offset: -0.5))
        Self.check(Sawtooth.init, Sawtooth(amplitude: 2, frequency: 3, phase: 0.25, offset: -0.5))
        Self.check(Triangle.init, Triangle(amplitude: 2, frequency: 3, phase: 0.25, offset: -0.5))
        Self.check(Square.init, Square(amplitude: 2, frequency: 3, phase: 0.25, offset: -0.5))
    }

    @Test("the labelled initialiser's defaults: amplitude 1, phase 0, offset 0 (and a square's duty cycle 0.5)")
    func defaults() {
        #expect(Sine(frequency: 5).parameters == WaveParameters(amplitude: 1, frequency: 5, phase: 0, offset: 0))
        #expect(Triangle(frequency: 5).parameters == WaveParameters(frequency: 5))
        #expect(Square(frequency: 5).dutyCycle == 0.5)
        #expect(Square(WaveParameters(frequency: 5)).dutyCycle == 0.5)
        #expect(Square(WaveParameters(frequency: 5), dutyCycle: 0.25).dutyCycle == 0.25)
    }

    @Test("writing a field on the wave writes its parameters")
    func writes() {
        var wave = Sawtooth(frequency: 1)
        wave.amplitude = 4
        wave.frequency = 8
        wave.phase = -1
        wave.offset = 0.5
        #expect(wave.parameters == WaveParameters(amplitude: 4, frequency: 8, phase: -1, offset: 0.5))
        #expect(wave.offset(by: 1).amount == 1)
    }

    @Test("every periodic wave writes its parameters under the same JSON keys, in order")
    func jsonKeys() throws {
        let nodes: [(String, SignalNode)] = [
            ("sine", .sine(Sine(Self.parameters))), ("sawtooth", .sawtooth(Sawtooth(Self.parameters))),
            ("triangle", .triangle(Triangle(Self.parameters))), ("square", .square(Square(Self.parameters))),
        ]
        for (name, node) in nodes {
            let text = String(decoding: node.json(pretty: false), as: UTF8.self)
            let fields = #""amplitude":2.0,"frequency":3.0,"phase":0.25,"offset":-0.5"#
            let expected =
                name == "square" ? "{\"\(name)\":{\(fields),\"dutyCycle\":0.5}}" : "{\"\(name)\":{\(fields)}}"
            #expect(text == expected)
            #expect(try SignalNode.decode(json: Data(text.utf8)) == node)
        }
    }
}
