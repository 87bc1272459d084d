import Foundation
import Testing
@testable import Signals

/// The native (AVX2 / AVX-512) kernels must give the portable Swift kernels' samples bit for bit.
@Suite struct NativeKernelTests {
    static let signals: [AnySignal] = [
        AnySignal(Sine(amplitude: 2, frequency: 1.7, phase: 0.2, offset: 0.5)),
        AnySignal(Sine(amplitude: 1e-3, frequency: 499.9, phase: -3)),
        AnySignal(Square(amplitude: 0.5, frequency: 5, phase: 1, offset: -0.1, dutyCycle: 0.3)),
        AnySignal(Sawtooth(amplitude: 3, frequency: 7.3, phase: 2, offset: 1)),
        AnySignal(Triangle(amplitude: 3, frequency: 7.3, phase: 2, offset: 1)),
        AnySignal(Noise(amplitude: 2, distribution: .uniform, seed: 9)),
        AnySignal(Noise(amplitude: 0.7, distribution: .gaussian, seed: 10)),
        AnySignal(Chirp(startFrequency: 1, endFrequency: 300, duration: 2)),
        AnySignal(Sum { Sine(frequency: 3); Noise(seed: 1); Square(frequency: 2) }.scaled(by: 9.81).offset(by: 1)),
    ]

    @Test("every native path equals the portable kernels bit for bit", arguments: signals)
    func identical(signal: AnySignal) throws {
        let serial = RenderOptions(parallelism: .serial, blockFrames: 1000)
        let levels = [0, 2, 3].filter { $0 <= NativeKernels.level }
        let renders = try levels.map { level in
            try NativeKernels.withLevel(level) {
                try signal.render(sampleRate: 1000, startIndex: 123_456_789, frameCount: 70_001, options: serial)
            }
        }
        for (level, render) in zip(levels, renders).dropFirst() {
            #expect(render == renders[0], "level \(level) differs from the portable kernels")
        }
    }

    @Test("the portable kernels are really used when the native ones are capped")
    func capWorks() {
        let native = NativeKernels.level
        #expect(NativeKernels.withLevel(0) { NativeKernels.level } == 0)
        #expect(NativeKernels.level == native)
    }

    @Test("native kernels write exactly count samples and accumulate", arguments: [0, 1, 7, 8, 9, 15, 16, 17, 100])
    func lengths(count: Int) {
        for level in [0, 2, 3] where level <= NativeKernels.level {
            var out = [Float](repeating: 1, count: count + 1)
            NativeKernels.withLevel(level) {
                out.withUnsafeMutableBufferPointer { p in
                    Sine.kernel(p.baseAddress!, count: count, phase0: 1 << 62, increment: 0, gain: 2, bias: 0.5, accumulate: true)
                }
            }
            #expect(out.prefix(count).allSatisfy { $0 == 3.5 }, "level \(level)")   // 1 + 2·sin(π/2) + 0.5
            #expect(out[count] == 1)
        }
    }
}
