import Foundation
import Signals
import Testing
@testable import Playback

@Suite struct SignalPointsTests {
    @Test("a scalar signal plays as ScalarPoints, axes as AxesPoints, frame by frame as rendered",
          arguments: [1, 7, 2048])
    func frames(blockFrames: Int) async throws {
        var options = RenderOptions()
        options.blockFrames = blockFrames
        let sine = Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
        let expected = try sine.render(sampleRate: 50, duration: 1)
        let runner = Runner(clock: ManualClock(autoAdvance: true))
        let seen = Recorder<ScalarPoint>()
        _ = try await runner.run(try sine.points(sampleRate: 50, duration: 1, as: ScalarPoint.self, options: options)) { seen.append($0) }
        #expect(seen.values.map(\.value) == expected.samples.map(Double.init))
        #expect(seen.values.map(\.timestamp) == (0 ..< 50).map { Double($0) / 50 })

        let axes = Axes(x: Sine(frequency: 3), y: Constant(1), z: Noise(amplitude: 0.1, seed: 3))
        let rendered = try axes.render(sampleRate: 40, duration: 0.5, start: 2)
        let points = Recorder<AxesPoint>()
        _ = try await runner.run(try axes.points(sampleRate: 40, duration: 0.5, start: 2, as: AxesPoint.self, options: options)) { points.append($0) }
        #expect(points.count == 20)
        for (i, p) in points.values.enumerated() {
            #expect(p.timestamp == rendered.timestamp(of: i))
            #expect(p.x == Double(rendered[frame: i, channel: 0]) && p.y == 1 && p.z == Double(rendered[frame: i, channel: 2]))
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
        let mismatch = #expect(throws: PlaybackError.self) { try BufferPoints(buffer, as: AxesPoint.self) }
        #expect(mismatch?.code == .channelMismatch)
        let signalMismatch = #expect(throws: PlaybackError.self) {
            try Sine(frequency: 1).points(sampleRate: 10, duration: 1, as: MotionPoint.self)
        }
        #expect(signalMismatch?.code == .channelMismatch)
        #expect(throws: SignalError.self) { try Sine(frequency: 1).points(sampleRate: 10, duration: 0, as: ScalarPoint.self) }
    }
}
