import Foundation
import Signals

/// A signal to render and its per-sample baseline: the closure-per-sample loop of the original Runner.
struct RenderCase {
    var name: String
    var signal: AnySignal
    var render: (UnsafeMutablePointer<Float>, Int, Int) -> Void        // (out, startIndex, count), one core
    var baseline: (Double) -> Double                                     // value at t seconds
}

/// Renders with the static type (what users of the DSL get).
func staticRenderer<S: Signal>(_ s: S, sampleRate: Double) -> (UnsafeMutablePointer<Float>, Int, Int) -> Void {
    { out, start, count in
        let request = try! RenderRequest(sampleRate: sampleRate, startIndex: start, frameCount: count)
        s.renderFrames(into: out, channelStride: count, channelCount: s.channelCount, frames: 0 ..< count,
                       request: request, options: RenderOptions(parallelism: .serial))
    }
}

/// A SplitMix64 generator for the noise baselines (seeded, per-sample call through a closure).
final class BaselineRandom: @unchecked Sendable {
    var state: UInt64 = 42
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    func uniform() -> Double { Double(next() >> 11) * 0x1p-53 }
}

let sampleRate = 1000.0

func renderCases() -> [RenderCase] {
    let rng = BaselineRandom()
    let sine = Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
    let square = Square(amplitude: 0.5, frequency: 5)
    let saw = Sawtooth(amplitude: 1, frequency: 3)
    let tri = Triangle(amplitude: 1, frequency: 3)
    let chirp = Chirp(startFrequency: 1, endFrequency: 50, duration: 10)
    let uniform = Noise(amplitude: 1, distribution: .uniform, seed: 1)
    let gaussian = Noise(amplitude: 1, distribution: .gaussian, seed: 1)
    let sum = Sum { sine; square; Noise(amplitude: 0.01, seed: 42) }
    func frac(_ x: Double) -> Double { x - x.rounded(.down) }
    return [
        RenderCase(name: "sine", signal: AnySignal(sine), render: staticRenderer(sine, sampleRate: sampleRate),
                   baseline: { t in 2 * sin(2 * .pi * 1 * t + 0.2) + 0.5 }),
        RenderCase(name: "square", signal: AnySignal(square), render: staticRenderer(square, sampleRate: sampleRate),
                   baseline: { t in frac(5 * t) < 0.5 ? 0.5 : -0.5 }),
        RenderCase(name: "sawtooth", signal: AnySignal(saw), render: staticRenderer(saw, sampleRate: sampleRate),
                   baseline: { t in 2 * frac(3 * t) - 1 }),
        RenderCase(name: "triangle", signal: AnySignal(tri), render: staticRenderer(tri, sampleRate: sampleRate),
                   baseline: { t in 1 - 4 * abs(frac(3 * t) - 0.5) }),
        RenderCase(name: "chirp", signal: AnySignal(chirp), render: staticRenderer(chirp, sampleRate: sampleRate),
                   baseline: { t in sin(2 * .pi * (1 * t + 49 * t * t / 20)) }),
        RenderCase(name: "noise.uniform", signal: AnySignal(uniform), render: staticRenderer(uniform, sampleRate: sampleRate),
                   baseline: { _ in 2 * rng.uniform() - 1 }),
        RenderCase(name: "noise.gaussian", signal: AnySignal(gaussian), render: staticRenderer(gaussian, sampleRate: sampleRate),
                   baseline: { _ in (-2 * log(1 - rng.uniform())).squareRoot() * cos(2 * .pi * rng.uniform()) }),
        RenderCase(name: "sum(sine, square, noise)", signal: AnySignal(sum), render: staticRenderer(sum, sampleRate: sampleRate),
                   baseline: { t in 2 * sin(2 * .pi * t + 0.2) + 0.5 + (frac(5 * t) < 0.5 ? 0.5 : -0.5)
                       + 0.01 * (-2 * log(1 - rng.uniform())).squareRoot() * cos(2 * .pi * rng.uniform()) }),
    ]
}

/// The per-sample loop the original Runner's signal functions amount to: a closure call and Foundation
/// `sin` per sample, time from the index.
@inline(never)
func baselineLoop(_ f: (Double) -> Double, into out: UnsafeMutablePointer<Float>, start: Int, count: Int) {
    for i in 0 ..< count { out[i] = Float(f(Double(start + i) / sampleRate)) }
}
