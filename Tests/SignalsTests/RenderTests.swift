import Foundation
import Testing

@testable import Signals

@Suite struct RenderTests {
    static let wave = Sum {
        Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
        Square(amplitude: 0.5, frequency: 5)
        Noise(amplitude: 0.01, distribution: .gaussian, seed: 42)
        Chirp(startFrequency: 1, endFrequency: 30, duration: 100)
    }.scaled(by: 9.81)

    @Test("the README example renders 10 s at 1 kHz")
    func readme() throws {
        let buffer = try Self.wave.render(sampleRate: 1000, duration: 10)
        #expect(buffer.frameCount == 10_000)
        #expect(buffer.channelCount == 1)
        #expect(buffer.sampleRate == 1000)
        #expect(buffer.timestamp(of: 1234) == 1.234)
    }

    @Test("parallel renders are bit-identical to serial ones, for any thread count", arguments: [2, 3, 7, 16])
    func parallel(threads: Int) throws {
        let n = 300_001
        let serial = try Self.wave.render(sampleRate: 1000, frameCount: n, options: RenderOptions(parallelism: .serial))
        let parallel = try Self.wave.render(
            sampleRate: 1000, frameCount: n, options: RenderOptions(parallelism: .threads(threads)))
        #expect(serial == parallel)
        let automatic = try AnySignal(Self.wave).render(sampleRate: 1000, frameCount: n)
        #expect(serial == automatic)
    }

    @Test("block size does not change a single sample", arguments: [16, 17, 1000, 2048, 65_536])
    func blockSizes(block: Int) throws {
        let reference = try Self.wave.render(sampleRate: 1000, frameCount: 20_000)
        let other = try Self.wave.render(
            sampleRate: 1000, frameCount: 20_000,
            options: RenderOptions(parallelism: .serial, blockFrames: block))
        #expect(reference == other)
    }

    @Test("streamed blocks equal one whole render, synchronously and asynchronously")
    func streaming() async throws {
        let axes = Axes(x: Self.wave, y: Noise(seed: 1), z: Sine(frequency: 3))
        let whole = try axes.render(sampleRate: 1000, duration: 20)
        var joined: [[Float]] = [[], [], []]
        var count = 0
        for block in try axes.blocks(sampleRate: 1000, duration: 20, blockFrames: 3001) {
            #expect(block.startIndex == count)
            #expect(block.frameCount <= 3001)
            for c in 0..<3 { joined[c] += block.channel(c) }
            count += block.frameCount
        }
        #expect(joined.flatMap { $0 } == whole.samples)
        var asyncCount = 0
        for try await block in try axes.blocks(sampleRate: 1000, duration: 20, blockFrames: 4096) {
            asyncCount += block.frameCount
        }
        #expect(asyncCount == 20_000)
    }

    @Test("bad rates, durations and starts are errors, not empty or wrong buffers")
    func badRequests() {
        let s = Sine(frequency: 1)
        for (rate, duration, start) in [
            (0.0, 1.0, 0.0), (-1, 1, 0), (.nan, 1, 0), (.infinity, 1, 0), (1000, 0, 0),
            (1000, -1, 0), (1000, .nan, 0), (1000, 1, -1), (1000, 1, .infinity),
            (1000, 0.0001, 0), (1000, 1e300, 0),
        ] {
            let error = #expect(throws: SignalError.self, "rate \(rate) duration \(duration) start \(start)") {
                try s.render(sampleRate: rate, duration: duration, start: start)
            }
            #expect(error?.code == .invalidRender, "rate \(rate) duration \(duration) start \(start)")
        }
        #expect(
            #expect(throws: SignalError.self) { try s.render(sampleRate: 1000, startIndex: -1, frameCount: 10) }?.code
                == .invalidRender)
        #expect(
            #expect(throws: SignalError.self) { try s.blocks(sampleRate: 1000, duration: 1, blockFrames: 0) }?.code
                == .invalidRender)
    }

    @Test("a whole-buffer render over the memory limit throws tooLarge instead of allocating")
    func tooLarge() throws {
        do {
            _ = try Sine(frequency: 1).render(
                sampleRate: 1000, duration: 1e6, options: RenderOptions(memoryLimit: 1 << 20))
            Issue.record("expected tooLarge")
        } catch {
            #expect(error.code == .tooLarge)
            #expect(error.message.contains("stream"))
        }
        // Days at 48 kHz: over half this machine's memory, refused by default; streaming is fine.
        #expect(
            #expect(throws: SignalError.self) {
                try Sine(frequency: 1).render(sampleRate: 48000, duration: 86_400 * 365)
            }?.code == .tooLarge)
        _ = try Sine(frequency: 1).blocks(sampleRate: 48000, duration: 86_400 * 365)
    }

    @Test("SampleBuffer layout, subscripts and interleaving")
    func sampleBuffer() {
        let b = SampleBuffer(
            sampleRate: 10, startIndex: 5, channelCount: 2, frameCount: 3, samples: [1, 2, 3, 10, 20, 30])
        #expect(Array(b.channel(1)) == [10, 20, 30])
        #expect(b[frame: 2, channel: 1] == 30)
        #expect(b.interleaved() == [1, 10, 2, 20, 3, 30])
        #expect(b.timestamp(of: 0) == 0.5)
        #expect(b.duration == 0.3)
        #expect(b.withUnsafeBufferPointer(channel: 0) { Array($0) } == [1, 2, 3])
    }
}
