import Foundation
import Signals
import Testing

@testable import Playback

@Suite struct MotionSignalTests {
    /// The issue's example, exactly as written.
    static let motion = MotionSignal {
        UserAcceleration(
            x: Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5), y: Constant(0),
            z: Noise(amplitude: 0.02, seed: 1))
        Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
        RotationRate(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))
    }

    @Test("renders nine channels: user acceleration, gravity, rotation rate, each as its own signal renders")
    func nineChannels() throws {
        let buffer = try Self.motion.render(sampleRate: 100, duration: 2)
        #expect(buffer.channelCount == 9)
        #expect(buffer.frameCount == 200)
        let ua = try Axes(
            x: Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5), y: Constant(0),
            z: Noise(amplitude: 0.02, seed: 1)
        ).render(sampleRate: 100, duration: 2)
        let rr = try Square(amplitude: 0.1, frequency: 0.5).render(sampleRate: 100, duration: 2)
        #expect(Array(buffer.samples[0..<600]) == ua.samples)
        #expect(buffer.channel(3).allSatisfy { $0 == 0 })
        #expect(buffer.channel(4).allSatisfy { $0 == 0 })
        #expect(buffer.channel(5).allSatisfy { $0 == -1 })
        #expect(Array(buffer.channel(6)) == rr.samples)
        #expect(buffer.channel(7).allSatisfy { $0 == 0 })
        #expect(buffer.channel(8).allSatisfy { $0 == 0 })
    }

    @Test("omitted parts are zero; a part listed twice is the sum; a constant RotationRate value is a constant part")
    func parts() throws {
        let onlyGravity = MotionSignal { Gravity(x: Constant(0), y: Constant(0), z: Constant(-1)) }
        let b = try onlyGravity.render(sampleRate: 10, duration: 1)
        for c in [0, 1, 2, 3, 4, 6, 7, 8] { #expect(b.channel(c).allSatisfy { $0 == 0 }) }
        #expect(b.channel(5).allSatisfy { $0 == -1 })
        let twice = MotionSignal {
            UserAcceleration(x: Constant(1), y: Constant(0), z: Constant(0))
            UserAcceleration(x: Constant(2), y: Constant(3), z: Constant(0))
            RotationRate(x: 0, y: 0, z: 0.5)
        }
        let t = try twice.render(sampleRate: 10, duration: 1)
        #expect(t.channel(0).allSatisfy { $0 == 3 })
        #expect(t.channel(1).allSatisfy { $0 == 3 })
        #expect(t.channel(8).allSatisfy { $0 == 0.5 })
        let typed = MotionSignal {
            RotationRateSignal(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))
        }
        let erased = MotionSignal {
            RotationRate(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))
        }
        #expect(typed == erased)
    }

    @Test("RotationRate stays a value: x, y, z in rad/s; one made from signals has zero components")
    func rotationRateValue() throws {
        let r = RotationRate(x: 1, y: 2, z: 3)
        #expect(r.x == 1)
        #expect(r.y == 2)
        #expect(r.z == 3)
        #expect(r == RotationRate(x: 1, y: 2, z: 3))
        #expect(r != .zero)
        let json = try JSONEncoder().encode(r)
        #expect(try JSONDecoder().decode(RotationRate.self, from: json) == r)
        let fromSignals = RotationRate(x: Sine(frequency: 1), y: Constant(0), z: Constant(0))
        #expect(fromSignals.x == 0)
        #expect(fromSignals != .zero)
    }

    @Test("plays as MotionPoints at t = k / rate, frame by frame as rendered, across block boundaries")
    func points() async throws {
        var options = RenderOptions()
        options.blockFrames = 16
        let points = try Self.motion.points(sampleRate: 100, duration: 1, options: options)
        #expect(points.loopPeriod == 1)
        let buffer = try Self.motion.render(sampleRate: 100, duration: 1)
        let runner = Runner(clock: ManualClock(autoAdvance: true))
        let seen = Recorder<MotionPoint>()
        _ = try await runner.run(points) { seen.append($0) }
        #expect(seen.count == 100)
        for (k, p) in seen.values.enumerated() {
            #expect(p.timestamp == Double(k) / 100)
            #expect(
                p.userAcceleration
                    == Acceleration(
                        x: Double(buffer[frame: k, channel: 0]), y: Double(buffer[frame: k, channel: 1]),
                        z: Double(buffer[frame: k, channel: 2])))
            #expect(p.gravity.z == -1)
            #expect(p.rotationRate.x == Double(buffer[frame: k, channel: 6]))
        }
    }

    @Test("JSON spec {\"motion\": {...}}: decodes, omitted parts zero, round-trips")
    func json() throws {
        let text =
            #"{"motion": {"userAcceleration": {"axes": {"x": {"sine": {"amplitude": 2, "frequency": 1, "phase": 0.2, "offset": 0.5}}}}, "gravity": {"axes": {"z": {"constant": {"value": -1}}}}}}"#
        let motion = try MotionSignal.decode(json: Data(text.utf8))
        #expect(
            #expect(throws: SignalError.self) {
                try MotionSignal.decode(json: Data(#"{"sine": {"frequency": 1}}"#.utf8))
            }?.code == .malformed)
        #expect(motion.rotationRate == MotionSignal.zeroAxes)
        let b = try motion.render(sampleRate: 10, duration: 1)
        let x = try Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5).render(sampleRate: 10, duration: 1)
        #expect(Array(b.channel(0)) == x.samples)
        #expect(b.channel(5).allSatisfy { $0 == -1 })
        let again = try MotionSignal.decode(json: JSONEncoder().encode(motion))
        #expect(again == motion)
        #expect(try MotionSignal.decode(json: JSONEncoder().encode(Self.motion)) == Self.motion)
        #expect(try MotionSignal(node: Self.motion.node) == Self.motion)
    }

    @Test(
        "JSON errors name the path",
        arguments: [
            (#"{"motion": {"gravty": {"axes": {}}}}"#, "$.motion.gravty", SignalError.Code.unknownField),
            (#"{"motion": {"gravity": {"sine": {"frequency": 1}}}}"#, "$.motion.gravity", .channelMismatch),
            (
                #"{"motion": {"gravity": {"axes": {"z": {"sine": {"frequncy": 1}}}}}}"#, "$.motion.gravity.axes.z.sine",
                .unknownField
            ),
            (#"{"motion": 3}"#, "$.motion", .malformed),
            (#"{"motion": {}, "extra": 1}"#, "$.extra", .unknownField),
            (#"[1, 2]"#, "$", .malformed),
            (#"{"motion": {"#, "$", .malformed),
        ])
    func jsonErrors(text: String, path: String, code: SignalError.Code) throws {
        let error = #expect(throws: SignalError.self) { try MotionSignal.decode(json: Data(text.utf8)) }
        #expect(error?.path?.hasPrefix(path) == true, "\(String(describing: error))")
        #expect(error?.code == code, "\(String(describing: error))")
    }

    @Test("validation names the part: $.motion.gravity...")
    func validation() throws {
        let motion = MotionSignal { Gravity(x: Constant(0), y: Constant(0), z: Sine(frequency: 80)) }
        let error = #expect(throws: SignalError.self) { try motion.points(sampleRate: 100, duration: 1) }
        #expect(error?.path == "$.motion.gravity.axes.z.sine.frequency")
        #expect(error?.code == .aliasing)
    }
}
