import Foundation
import Signals
import Testing

@testable import Playback

@Suite struct SignalPointsTests {
    @Test(
        "a scalar signal plays as ScalarPoints, axes as AxesPoints, frame by frame as rendered",
        arguments: [1, 7, 2048])
    func frames(blockFrames: Int) async throws {
        var options = RenderOptions()
        options.blockFrames = blockFrames
        let sine = Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
        let expected = try sine.render(sampleRate: 50, duration: 1)
        let runner = Runner(clock: ManualClock(autoAdvance: true))
        let seen = Recorder<ScalarPoint>()
        _ = try await runner.run(try sine.points(sampleRate: 50, duration: 1, as: ScalarPoint.self, options: options)) {
            seen.append($0)
        }
        #expect(seen.values.map(\.value) == expected.samples.map(Double.init))
        #expect(seen.values.map(\.timestamp) == (0..<50).map { Double($0) / 50 })

        let axes = Axes(x: Sine(frequency: 3), y: Constant(1), z: Noise(amplitude: 0.1, seed: 3))
        let rendered = try axes.render(sampleRate: 40, duration: 0.5, start: 2)
        let points = Recorder<AxesPoint>()
        _ = try await runner.run(
            try axes.points(sampleRate: 40, duration: 0.5, start: 2, as: AxesPoint.self, options: options)
        ) { points.append($0) }
        #expect(points.count == 20)
        for (i, p) in points.values.enumerated() {
            #expect(p.timestamp == rendered.timestamp(of: i))
            #expect(p.x == Double(rendered[frame: i, channel: 0]))
            #expect(p.y == 1)
            #expect(p.z == Double(rendered[frame: i, channel: 2]))
        }
    }

    @Test("a rendered buffer plays as it is; channel counts must match the point type")
    func buffer() async throws {
        let buffer = try Sine(frequency: 2).render(sampleRate: 20, duration: 1)
        let runner = Runner(clock: ManualClock(autoAdvance: true))
        let seen = Recorder<ScalarPoint>()
        let source = try BufferPoints(buffer, as: ScalarPoint.self)
        #expect(source.loopPeriod == 1)
        _ = try await runner.run(source) { seen.append($0) }
        #expect(seen.values.map(\.value) == buffer.samples.map(Double.init))
        let mismatch = #expect(throws: SignalError.self) { try BufferPoints(buffer, as: AxesPoint.self) }
        #expect(mismatch?.code == .channelMismatch)
        let signalMismatch = #expect(throws: SignalError.self) {
            try Sine(frequency: 1).points(sampleRate: 10, duration: 1, as: MotionPoint.self)
        }
        #expect(signalMismatch?.code == .channelMismatch)
        #expect(
            #expect(throws: SignalError.self) {
                try Sine(frequency: 1).points(sampleRate: 10, duration: 0, as: ScalarPoint.self)
            }?.code == .invalidRender)
    }

    /// A waveform written outside the engine: a staircase, one step per second.
    struct Staircase: Signal {
        func validate(_ context: ValidationContext) throws(SignalError) -> Double? { 1000 }
        func render(into block: RenderBlock, _ transform: Affine) {
            block.store(transform) { out in
                for i in out.indices { out[i] = Float((block.time(ofFrame: i)).rounded(.down)) }
            }
        }
    }

    @Test("a signal of your own plays through the Runner, alone and mixed into a sum")
    func customSignal() async throws {
        let runner = Runner(clock: ManualClock(autoAdvance: true))
        let seen = Recorder<ScalarPoint>()
        let mix = Sum {
            Staircase()
            Constant(0.5)
        }
        _ = try await runner.run(try mix.points(sampleRate: 4, duration: 3, as: ScalarPoint.self)) { seen.append($0) }
        #expect(seen.values.map(\.value) == [0.5, 0.5, 0.5, 0.5, 1.5, 1.5, 1.5, 1.5, 2.5, 2.5, 2.5, 2.5])
        let axes = Recorder<AxesPoint>()
        _ = try await runner.run(
            try Axes(x: Staircase(), y: Constant(1), z: Staircase().scaled(by: -1))
                .points(sampleRate: 1, duration: 3, start: 5, as: AxesPoint.self)
        ) { axes.append($0) }
        #expect(axes.values.map(\.x) == [5, 6, 7])
        #expect(axes.values.map(\.z) == [-5, -6, -7])
    }
}
