import Foundation
import Testing

@testable import Signals

/// A signal written outside the module: it asks only for rendering.
struct Ramp: Signal {
    var slope: Double  // signal units per second

    func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        try context.requireFinite("slope", slope)
        return nil  // unbounded: the bound is unknown
    }

    func render(into block: RenderBlock, _ transform: Affine) {
        block.store(transform) { out in
            for i in out.indices { out[i] = Float(slope * block.time(ofFrame: i)) }
        }
    }
}

/// A three-channel signal of its own, writing each channel.
struct Triple: Signal {
    var channelCount: Int { 3 }
    func validate(_ context: ValidationContext) throws(SignalError) -> Double? { 3 }
    func render(into block: RenderBlock, _ transform: Affine) {
        for c in 0..<3 {
            block.store(channel: c, transform) { out in out.initialize(repeating: Float(c + 1)) }
        }
    }
}

@Suite struct SpecLayerTests {
    static let rate = 100.0

    func roundTrip<S: SpecRepresentable>(_ signal: S) throws {
        let data = try JSONEncoder().encode(signal)
        let again = try JSONDecoder().decode(S.self, from: data)
        #expect(again == signal, "\(String(decoding: data, as: UTF8.self))")
        #expect(try S(node: SignalNode.decode(json: signal.node.json())) == signal)
        let a = try signal.render(sampleRate: Self.rate, frameCount: 64)
        let b = try again.render(sampleRate: Self.rate, frameCount: 64)
        #expect(a.samples == b.samples)
    }

    @Test("the issue's builder type decodes its own encoding: a loop, then a term")
    func loopThenTerm() throws {
        let s = Sum {
            for k in 1...3 { Sine(amplitude: Double(k), frequency: Double(k)) }
            Sine(amplitude: 9, frequency: 9)
        }
        try roundTrip(s)
    }

    @Test("loops, optionals and conditionals in every position decode back", arguments: [true, false])
    func everyPosition(flag: Bool) throws {
        try roundTrip(
            Sum {
                if flag { Constant(1) }
                for k in 0..<(flag ? 2 : 0) { Sine(frequency: Double(k + 1)) }
                if flag { Square(frequency: 2) } else { Square(frequency: 3) }
            })
        try roundTrip(
            Sum {
                Sine(frequency: 1)
                for k in 1...2 {
                    Sine(frequency: Double(k))
                    Constant(Double(k))
                }
                if !flag { Triangle(frequency: 4) }
                for _ in 0..<0 { Noise(seed: 1) }
                Constant(2)
            })
        try roundTrip(
            Sum {
                if flag { Sine(frequency: 1) } else { Constant(5) }
                if flag { Sine(frequency: 2) } else { Sine(frequency: 3) }
                for k in 1...2 { for j in 1...2 { Constant(Double(k * j)) } }
            })
        try roundTrip(Sum { for k in 1...3 { Constant(Double(k)) } })
        try roundTrip(Sum { if flag { Constant(1) } })
        try roundTrip(Sum { Sine(frequency: 1) })
        try roundTrip(Sum {})
        try roundTrip(Sine(frequency: 1).scaled(by: 2) + Sum { for k in 1...2 { Constant(Double(k)) } })
        try roundTrip(
            Axes(
                x: Sum { for k in 1...2 { Sine(frequency: Double(k)) } }, y: Constant(0),
                z: Sine(frequency: 1).offset(by: 1)))
    }

    @Test("a signal of your own renders in blocks, mixes into a sum and is validated")
    func customSignal() throws {
        let mix = Sum {
            Sine(amplitude: 2, frequency: 5)
            Ramp(slope: 3)
        }.scaled(by: 0.5).offset(by: 1)
        let buffer = try mix.render(sampleRate: Self.rate, frameCount: 200)
        let sine = try Sine(amplitude: 2, frequency: 5).render(sampleRate: Self.rate, frameCount: 200)
        for i in 0..<200 {
            let expected = 0.5 * (Double(sine.samples[i]) + 3 * Double(i) / Self.rate) + 1
            #expect(abs(Double(buffer.samples[i]) - expected) < 1e-5)
        }
        // Chunked renders give the same samples.
        var pieces: [Float] = []
        for block in try mix.blocks(sampleRate: Self.rate, duration: 2, blockFrames: 7) { pieces += block.samples }
        #expect(pieces == buffer.samples)
        // Validation reaches the custom signal, with a path inside the sum.
        let bad = #expect(throws: SignalError.self) {
            _ = try Sum {
                Sine(frequency: 1)
                Ramp(slope: .nan)
            }.render(sampleRate: Self.rate, frameCount: 1)
        }
        #expect(bad?.path == "$.sum[1].slope")
        // A scalar custom signal in a three-channel sum is broadcast; a three-channel one fills each channel.
        let axes = try Sum {
            Triple()
            Ramp(slope: 100)
        }.render(sampleRate: Self.rate, frameCount: 3)
        #expect(axes.channelCount == 3)
        #expect(Array(axes.channel(0)) == [1, 2, 3])
        #expect(Array(axes.channel(2)) == [3, 4, 5])
    }

    @Test("motion is a node: decoded in one place, with paths under $.motion")
    func motionNode() throws {
        let node = try SignalNode.decode(
            json: Data(#"{"motion": {"gravity": {"axes": {"z": {"constant": {"value": -1}}}}}}"#.utf8))
        #expect(node.channelCount == 9)
        let b = try AnySignal(node: node).render(sampleRate: 10, frameCount: 2)
        #expect(Array(b.channel(5)) == [-1, -1])
        #expect(Array(b.channel(0)) == [0, 0])
        let e = #expect(throws: SignalError.self) {
            let n = try SignalNode.decode(
                json: Data(#"{"motion": {"gravity": {"axes": {"z": {"sine": {"frequency": 80}}}}}}"#.utf8))
            try n.validate(sampleRate: 100)
        }
        #expect(e?.path == "$.motion.gravity.axes.z.sine.frequency")
        let two = #expect(throws: SignalError.self) {
            _ = try SignalNode.decode(json: Data(#"{"motion": {}, "extra": 1}"#.utf8))
        }
        #expect(two?.path == "$.extra")
    }

    @Test(
        "null values, duplicate keys and trailing commas in specs are refused",
        arguments: [
            (#"{"sine": {"frequency": null}}"#, "$.sine.frequency"),
            (#"{"sine": {"frequency": 10, "frequency": 20}}"#, "$.sine"),
            (#"{"sum": [{"constant": {"value": 1}},]}"#, "$.sum"),
            (#"{"sine": null}"#, "$.sine"),
            (#"{"noise": {"seed": -1}}"#, "$.noise.seed"),
            (#"{"noise": {"seed": 1.5}}"#, "$.noise.seed"),
            (#"{"noise": {"distribution": "gausian"}}"#, "$.noise.distribution"),
        ])
    func strict(json: String, path: String) {
        let e = #expect(throws: SignalError.self) { _ = try SignalNode.decode(json: Data(json.utf8)) }
        #expect(e?.path == path, "\(e?.description ?? "")")
    }

    @Test("errors quote at most about 100 characters of the input")
    func shortMessages() {
        let key = String(repeating: "k", count: 1_000_000)
        let e = #expect(throws: SignalError.self) {
            _ = try SignalNode.decode(json: Data(#"{"sine": {"\#(key)": 1}}"#.utf8))
        }
        #expect((e?.description.count ?? .max) < 400)
        let node = #expect(throws: SignalError.self) { _ = try SignalNode.decode(json: Data(#"{"\#(key)": 1}"#.utf8)) }
        #expect((node?.description.count ?? .max) < 600)
    }
}
