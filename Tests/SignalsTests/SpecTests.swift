import Foundation
import SignalRunnerTesting
import Testing

@testable import Signals

@Suite struct SpecTests {
    func decode(_ json: String) throws(SignalError) -> SignalNode { try SignalNode.decode(json: Data(json.utf8)) }

    func error(_ json: String, rate: Double = 1000) -> SignalError? {
        do {
            let node = try decode(json)
            try node.validate(sampleRate: rate)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "every node round-trips through JSON",
        arguments: [
            SignalNode.sine(Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)),
            .square(Square(amplitude: 0.5, frequency: 5, dutyCycle: 0.25)),
            .sawtooth(Sawtooth(frequency: 3)), .triangle(Triangle(amplitude: 4, frequency: 0.5, phase: 1, offset: -1)),
            .chirp(Chirp(startFrequency: 1, endFrequency: 50, duration: 10)),
            .noise(Noise(amplitude: 0.01, distribution: .uniform, seed: 42)), .constant(Constant(1)),
            .sum([.constant(Constant(1)), .sine(Sine(frequency: 2))]), .sum([]),
            .scaled(by: 9.81, .sine(Sine(frequency: 1))), .offset(by: 1, .noise(Noise())),
            .axes(x: .sine(Sine(frequency: 1)), y: .constant(Constant(0)), z: .noise(Noise(seed: 1))),
            .channels([
                .constant(Constant(1)),
                .axes(x: .constant(Constant(0)), y: .constant(Constant(0)), z: .constant(Constant(2))),
            ]),
        ])
    func roundTrip(node: SignalNode) throws {
        let data = try JSONEncoder().encode(node)
        #expect(try SignalNode.decode(json: data) == node)
        #expect(try SignalNode.decode(json: node.json()) == node)
    }

    @Test("static types encode as spec JSON and decode back, builder types included")
    func staticTypes() throws {
        let wave = Sum {
            Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
            Square(amplitude: 0.5, frequency: 5)
            Noise(amplitude: 0.01, distribution: .gaussian, seed: 42)
        }.scaled(by: 9.81)
        let data = try JSONEncoder().encode(wave)
        let decoded = try JSONDecoder().decode(type(of: wave), from: data)
        #expect(decoded == wave)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""scaled""#))
        #expect(text.contains(#""sum""#))
        #expect(text.contains(#""dutyCycle""#))
        let axes = Axes(
            x: Sine(frequency: 1), y: Constant(0), z: Chirp(startFrequency: 1, endFrequency: 2, duration: 1))
        #expect(try JSONDecoder().decode(type(of: axes), from: JSONEncoder().encode(axes)) == axes)
        let loop = Sum {
            for k in 1...3 { Sine(frequency: Double(k)) }
            Constant(1)
        }
        #expect(try JSONDecoder().decode(type(of: loop), from: JSONEncoder().encode(loop)) == loop)
        // A sum whose terms do not fit the static type is an error, not a silent default.
        let mismatch = #expect(throws: SignalError.self) {
            try JSONDecoder().decode(Sine.self, from: Data(#"{"square": {"frequency": 1}}"#.utf8))
        }
        #expect(mismatch?.message.contains("sine") == true, "\(String(describing: mismatch))")
    }

    @Test("missing fields take the initialisers' defaults")
    func defaults() throws {
        #expect(try decode(#"{"sine": {"frequency": 3}}"#) == .sine(Sine(frequency: 3)))
        #expect(
            try decode(#"{"square": {"frequency": 3}}"#)
                == .square(Square(amplitude: 1, frequency: 3, phase: 0, offset: 0, dutyCycle: 0.5)))
        #expect(try decode(#"{"noise": {}}"#) == .noise(Noise(amplitude: 1, distribution: .gaussian, seed: 0)))
        #expect(
            try decode(#"{"chirp": {"startFrequency": 1, "endFrequency": 50, "duration": 10}}"#)
                == .chirp(Chirp(amplitude: 1, startFrequency: 1, endFrequency: 50, duration: 10)))
        #expect(
            try decode(#"{"axes": {"x": {"constant": {"value": 2}}}}"#)
                == .axes(x: .constant(Constant(2)), y: .constant(Constant(0)), z: .constant(Constant(0))))
    }

    @Test("a misspelt field is an error naming it, with the JSON path and a suggestion")
    func unknownField() {
        let e = error(#"{"sum": [{"constant": {"value": 1}}, {"sine": {"amplitdue": 2, "frequency": 1}}]}"#)
        #expect(e?.code == .unknownField)
        #expect(e?.path == "$.sum[1].sine.amplitdue")
        #expect(e?.message.contains("did you mean 'amplitude'") == true)
    }

    @Test("an unknown node is an error listing the known ones")
    func unknownNode() {
        let e = error(#"{"scaled": {"by": 2, "signal": {"sinus": {"frequency": 1}}}}"#)
        #expect(e?.code == .unknownNode)
        #expect(e?.path == "$.scaled.signal.sinus")
        #expect(e?.message.contains("did you mean 'sine'") == true)
    }

    @Test("a missing required field is named with the JSON path of its node")
    func missingField() {
        let e = error(#"{"axes": {"y": {"square": {"amplitude": 1}}}}"#)
        #expect(e?.code == .missingField)
        #expect(e?.path == "$.axes.y.square")
        #expect(e?.message.contains("'frequency'") == true)
        #expect(error(#"{"constant": {}}"#)?.code == .missingField)
        #expect(error(#"{"scaled": {"by": 2}}"#)?.message.contains("'signal'") == true)
    }

    @Test(
        "malformed JSON, wrong types and ambiguous nodes are errors",
        arguments: [
            "", "{", "[]", "42", #"{"sine": 5}"#, #"{"sine": {"frequency": "fast"}}"#, #"{}"#,
            #"{"sine": {"frequency": 1}, "square": {"frequency": 1}}"#, #"{"sum": {"sine": {}}}"#,
            #"{"noise": {"distribution": "pink"}}"#, #"{"noise": {"seed": -1}}"#, #"{"noise": {"seed": 1.5}}"#,
            #"{"sine": {"frequency": 1e999}}"#,
        ])
    func malformed(json: String) {
        let e = error(json)
        #expect(e != nil)
        #expect(e?.code == .malformed || e?.code == .nonFinite)
    }

    @Test("NaN and infinite parameters are rejected at render time")
    func nonFinite() {
        for s in [
            AnySignal(Sine(amplitude: .nan, frequency: 1)), AnySignal(Square(frequency: .infinity)),
            AnySignal(Constant(-.infinity)), AnySignal(Sine(frequency: 1).scaled(by: .nan)),
            AnySignal(Chirp(startFrequency: 1, endFrequency: 2, duration: .nan)),
        ] {
            #expect(
                #expect(throws: SignalError.self) { try s.render(sampleRate: 100, duration: 1) }?.code == .nonFinite)
            do { _ = try s.render(sampleRate: 100, duration: 1) } catch { #expect(error.code == .nonFinite) }
        }
    }

    @Test("a duty cycle outside (0, 1) is rejected", arguments: [0.0, 1.0, -0.1, 1.5])
    func duty(duty: Double) {
        let e = error(#"{"square": {"frequency": 1, "dutyCycle": \#(duty)}}"#)
        #expect(e?.code == .outOfRange)
        #expect(e?.path == "$.square.dutyCycle")
    }

    @Test("a frequency at or above Nyquist names both numbers; allowAliasing overrides")
    func nyquist() throws {
        let e = error(#"{"sine": {"frequency": 500}}"#, rate: 1000)
        #expect(e?.code == .aliasing)
        #expect(e?.message.contains("500.0 Hz") == true)
        #expect(e?.message.contains("Nyquist frequency 500.0 Hz") == true)
        #expect(error(#"{"sine": {"frequency": 499.9}}"#, rate: 1000) == nil)
        #expect(
            error(#"{"chirp": {"startFrequency": 1, "endFrequency": 600, "duration": 1}}"#)?.path
                == "$.chirp.endFrequency")
        let aliased = try Sine(frequency: 1001).render(
            sampleRate: 1000, frameCount: 100, options: RenderOptions(allowAliasing: true))
        let direct = try Sine(frequency: 1).render(sampleRate: 1000, frameCount: 100)
        for i in 0..<100 { #expect(abs(aliased.samples[i] - direct.samples[i]) < 1e-5) }
    }

    @Test("negative frequencies, noise amplitudes and chirp durations are rejected")
    func ranges() {
        #expect(error(#"{"sine": {"frequency": -1}}"#)?.code == .outOfRange)
        #expect(error(#"{"noise": {"amplitude": -1}}"#)?.code == .outOfRange)
        #expect(
            error(#"{"chirp": {"startFrequency": 1, "endFrequency": 2, "duration": 0}}"#)?.path == "$.chirp.duration")
    }

    @Test("channel counts must combine")
    func channelMismatch() {
        let axes = #"{"axes": {"x": {"constant": {"value": 1}}}}"#
        #expect(
            error(#"{"sum": [\#(axes), {"channels": [\#(axes), {"constant": {"value": 1}}]}]}"#)?.code
                == .channelMismatch)
        #expect(error(#"{"axes": {"x": \#(axes)}}"#)?.path == "$.axes.x")
        #expect(error(#"{"sum": [\#(axes), {"constant": {"value": 1}}]}"#) == nil)
    }

    @Test("every example spec in Examples/specs decodes and validates")
    func exampleSpecs() throws {
        let dir = Examples.url("specs")
        let files = try Examples.jsonFiles(in: "specs")
        #expect(files.count >= 5)
        for file in files where !file.contains("motion") {
            let node = try SignalNode.decode(json: Data(contentsOf: dir.appendingPathComponent(file)))
            try node.validate(sampleRate: 1000)
        }
    }
}
