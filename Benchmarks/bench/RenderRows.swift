import Foundation
import Signals

/// A signal to render and its per-sample baseline: the closure-per-sample loop of the original Runner.
struct RenderCase {
    var name: String
    var signal: AnySignal
    var render: (UnsafeMutablePointer<Float>, Int, Int) -> Void  // (out, startIndex, count), one core
    var baseline: (Double) -> Double  // value at t seconds
}

/// Renders with the static type (what users of the DSL get).
func staticRenderer<S: Signal>(_ s: S, sampleRate: Double) -> (UnsafeMutablePointer<Float>, Int, Int) -> Void {
    { out, start, count in
        let request = try! RenderRequest(sampleRate: sampleRate, startIndex: start, frameCount: count)
        s.renderFrames(
            into: out, channelStride: count, channelCount: s.channelCount, frames: 0..<count,
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
    let sum = Sum {
        sine
        square
        Noise(amplitude: 0.01, seed: 42)
    }
    func frac(_ x: Double) -> Double { x - x.rounded(.down) }
    return [
        RenderCase(
            name: "sine", signal: AnySignal(sine), render: staticRenderer(sine, sampleRate: sampleRate),
            baseline: { t in 2 * sin(2 * .pi * 1 * t + 0.2) + 0.5 }),
        RenderCase(
            name: "square", signal: AnySignal(square), render: staticRenderer(square, sampleRate: sampleRate),
            baseline: { t in frac(5 * t) < 0.5 ? 0.5 : -0.5 }),
        RenderCase(
            name: "sawtooth", signal: AnySignal(saw), render: staticRenderer(saw, sampleRate: sampleRate),
            baseline: { t in 2 * frac(3 * t) - 1 }),
        RenderCase(
            name: "triangle", signal: AnySignal(tri), render: staticRenderer(tri, sampleRate: sampleRate),
            baseline: { t in 1 - 4 * abs(frac(3 * t) - 0.5) }),
        RenderCase(
            name: "chirp", signal: AnySignal(chirp), render: staticRenderer(chirp, sampleRate: sampleRate),
            baseline: { t in sin(2 * .pi * (1 * t + 49 * t * t / 20)) }),
        RenderCase(
            name: "noise.uniform", signal: AnySignal(uniform), render: staticRenderer(uniform, sampleRate: sampleRate),
            baseline: { _ in 2 * rng.uniform() - 1 }),
        RenderCase(
            name: "noise.gaussian", signal: AnySignal(gaussian),
            render: staticRenderer(gaussian, sampleRate: sampleRate),
            baseline: { _ in (-2 * log(1 - rng.uniform())).squareRoot() * cos(2 * .pi * rng.uniform()) }),
        RenderCase(
            name: "sum(sine, square, noise)", signal: AnySignal(sum),
            render: staticRenderer(sum, sampleRate: sampleRate),
            baseline: { t in
                2 * sin(2 * .pi * t + 0.2) + 0.5 + (frac(5 * t) < 0.5 ? 0.5 : -0.5)
                    + 0.01 * (-2 * log(1 - rng.uniform())).squareRoot() * cos(2 * .pi * rng.uniform())
            }),
    ]
}

/// The per-sample loop the original Runner's signal functions amount to: a closure call and Foundation
/// `sin` per sample, time from the index.
@inline(never)
func baselineLoop(_ f: (Double) -> Double, into out: UnsafeMutablePointer<Float>, start: Int, count: Int) {
    for i in 0..<count { out[i] = Float(f(Double(start + i) / sampleRate)) }
}

/// The rendering rows: each waveform for an in-cache 2^16-sample block beside the per-sample baseline, and
/// for a long render (2^24 samples, quick: 2^20) on one core and on all cores (with the output compared).
func renderRows(quick: Bool, wanted: (String) -> Bool) -> [Row] {
    var rows: [Row] = []
    let small = 1 << 16
    let large = quick ? 1 << 20 : 1 << 24
    let reps = quick ? 5 : 15
    let longReps = quick ? 3 : 5
    let out = floats(small)
    let base = floats(small)
    let long = floats(large)
    let baselineBlockName = "per-sample closure + Foundation sin"
    for c in renderCases() {
        let blockName = "\(c.name) [2^16 block, 1 core]"
        if wanted(blockName) {
            // Repeat the in-cache block enough times per timing for a stable figure.
            let inner = 16
            let (t, b) = interleaved(
                repetitions: reps,
                {
                    for k in 0..<inner { c.render(out, k * small, small) }
                    blackHole(out[small / 2])
                },
                baseline: {
                    baselineLoop(c.baseline, into: base, start: 0, count: small)
                    blackHole(base[small / 2])
                })
            let value = Double(small * inner) / t.median / 1e6
            let baseValue = Double(small) / b.median / 1e6
            rows.append(
                Row(
                    name: blockName, unit: "Msamples/s", value: value, baseline: baselineBlockName,
                    baselineValue: baseValue, ratio: value / baseValue,
                    spread: spreadText(Double(small * inner) / t.max / 1e6, Double(small * inner) / t.min / 1e6)))
        }
        let oneName = "\(c.name) [2^\(quick ? 20 : 24) long, 1 core]"
        let allName = "\(c.name) [2^\(quick ? 20 : 24) long, all cores]"
        if wanted(oneName) || wanted(allName) {
            rows += longRenderRows(
                c.signal, into: long, frames: large, repetitions: longReps, unit: "Msamples/s",
                names: (oneName, allName))
        }
    }
    rows += storeCeilingRows(long: long, count: large, quick: quick, wanted: wanted)
    rows += nativeKernelRows(quick: quick, wanted: wanted)
    return rows
}

/// One kernel called directly on a block: `(out, count, startIndex)`.
struct KernelCase {
    var name: String
    var run: (UnsafeMutablePointer<Float>, Int, Int) -> Void
}

/// The kernels that have native (C, AVX2 / AVX-512) builds, called directly as `Signal.render` calls them.
func kernelCases() -> [KernelCase] {
    let increment = Phase.increment(frequency: 50, sampleRate: sampleRate)
    let uniformKey = CounterHash.keys(seed: 1, stream: 1, high: 0)
    let radiusKey = CounterHash.keys(seed: 1, stream: 2, high: 0)
    let angleKey = CounterHash.keys(seed: 1, stream: 3, high: 0)
    return [
        KernelCase(name: "sine") { out, count, start in
            Sine.kernel(
                out, count: count, phase0: increment &* UInt64(start), increment: increment, gain: 2, bias: 0.5,
                accumulate: false)
        },
        KernelCase(name: "square") { out, count, start in
            Square.kernel(
                out, count: count, phase0: increment &* UInt64(start), increment: increment,
                threshold: 1 << 31, high: 0.5, low: -0.5, accumulate: false)
        },
        KernelCase(name: "sawtooth") { out, count, start in
            Sawtooth.kernel(
                out, count: count, phase0: increment &* UInt64(start), increment: increment, gain: 2,
                bias: 0, accumulate: false)
        },
        KernelCase(name: "triangle") { out, count, start in
            Triangle.kernel(
                out, count: count, phase0: increment &* UInt64(start), increment: increment, gain: -4,
                bias: 1, accumulate: false)
        },
        KernelCase(name: "noise.uniform") { out, count, start in
            Noise.uniformKernel(
                out, count: count, first: UInt32(truncatingIfNeeded: start), key: uniformKey, gain: 1,
                bias: 0, accumulate: false)
        },
        KernelCase(name: "noise.gaussian") { out, count, start in
            Noise.gaussianKernel(
                out, count: count, firstPair: UInt32(truncatingIfNeeded: start / 2), oddStart: false,
                radiusKey: radiusKey, angleKey: angleKey, gain: 1, bias: 0, accumulate: false)
        },
    ]
}

/// What the C kernels buy: each kernel at each native level this CPU has (AVX2, AVX-512) against the
/// portable Swift kernel (SSE2, Swift's default x86-64 target) on the same in-cache 2^16-sample blocks,
/// one core, interleaved. Without a native level, one row per kernel says so.
func nativeKernelRows(quick: Bool, wanted: (String) -> Bool) -> [Row] {
    let small = 1 << 16
    let inner = 16
    let reps = quick ? 5 : 15
    let out = floats(small)
    let levels = NativeKernels.availableLevels.filter { $0 != NativeKernels.portable }
    let portableName = "\(NativeKernels.name(of: NativeKernels.portable)) kernel"
    var rows: [Row] = []
    for c in kernelCases() {
        func blocks() {
            for k in 0..<inner { c.run(out, small, k * small) }
            blackHole(out[small / 2])
        }
        if levels.isEmpty {
            let name = "native kernel: \(c.name), none on this CPU [2^16 block, 1 core]"
            guard wanted(name) else { continue }
            let (t, _) = interleaved(repetitions: reps, { NativeKernels.withLevel(0, blocks) }, baseline: {})
            let value = Double(small * inner) / t.median / 1e6
            rows.append(
                Row(
                    name: name, unit: "Msamples/s", value: value, baseline: nil, baselineValue: nil, ratio: nil,
                    spread: "portable Swift only: no AVX2 on this CPU"))
            continue
        }
        for level in levels {
            let name = "native kernel: \(c.name), \(NativeKernels.name(of: level)) [2^16 block, 1 core]"
            guard wanted(name) else { continue }
            let (t, b) = interleaved(
                repetitions: reps, { NativeKernels.withLevel(level, blocks) },
                baseline: { NativeKernels.withLevel(NativeKernels.portable, blocks) })
            let value = Double(small * inner) / t.median / 1e6
            let baseValue = Double(small * inner) / b.median / 1e6
            rows.append(
                Row(
                    name: name, unit: "Msamples/s", value: value, baseline: portableName,
                    baselineValue: baseValue, ratio: value / baseValue,
                    spread: spreadText(Double(small * inner) / t.max / 1e6, Double(small * inner) / t.min / 1e6)))
        }
    }
    return rows
}

/// The machine's store ceiling for the long renders: filling the same 2^24 floats (`memset`-like, the
/// cheapest possible "render"), on one core and on all cores. A render that reaches this figure is
/// bound by memory bandwidth, not by its kernel, and more cores cannot make it faster.
func storeCeilingRows(long: UnsafeMutablePointer<Float>, count: Int, quick: Bool, wanted: (String) -> Bool) -> [Row] {
    let oneName = "store ceiling: fill 2^\(quick ? 20 : 24) floats, 1 core"
    let allName = "store ceiling: fill 2^\(quick ? 20 : 24) floats, all cores"
    guard wanted(oneName) || wanted(allName) else { return [] }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let address = UInt(bitPattern: long)
    func fill(_ threads: Int) {
        let per = count / threads
        DispatchQueue.concurrentPerform(iterations: threads) { k in
            let p = UnsafeMutablePointer<Float>(bitPattern: address)! + k * per
            p.update(repeating: Float(k), count: k == threads - 1 ? count - k * per : per)
        }
    }
    let (t1, tn) = interleaved(repetitions: quick ? 3 : 5, { fill(1) }, baseline: { fill(cores) })
    let one = Double(count) / t1.median / 1e6
    let all = Double(count) / tn.median / 1e6
    var rows: [Row] = []
    if wanted(oneName) {
        rows.append(
            Row(
                name: oneName, unit: "Msamples/s", value: one, baseline: nil, baselineValue: nil, ratio: nil,
                spread: "\(formatted(Double(count) * 4 / t1.median / 1e9, digits: 1)) GB/s"))
    }
    if wanted(allName) {
        rows.append(
            Row(
                name: allName, unit: "Msamples/s", value: all, baseline: "same fill on 1 core", baselineValue: one,
                ratio: all / one, spread: "\(formatted(Double(count) * 4 / tn.median / 1e9, digits: 1)) GB/s"))
    }
    return rows
}

/// A long render on one core and on all cores, interleaved: two rows (frames per second, in millions),
/// the second with the first as its baseline and, in its spread, whether both outputs are bit-identical.
func longRenderRows<S: Signal>(
    _ signal: S, into out: UnsafeMutablePointer<Float>, frames: Int, repetitions: Int,
    unit: String, names: (one: String, all: String)
) -> [Row] {
    let channels = signal.channelCount
    let request = try! RenderRequest(sampleRate: sampleRate, startIndex: 0, frameCount: frames)
    func render(_ parallelism: RenderOptions.Parallelism) {
        signal.renderFrames(
            into: out, channelStride: frames, channelCount: channels, frames: 0..<frames,
            request: request, options: RenderOptions(parallelism: parallelism))
    }
    render(.serial)
    let serialCopy = Array(UnsafeBufferPointer(start: out, count: frames * channels))
    let (t1, tn) = interleaved(repetitions: repetitions, { render(.serial) }, baseline: { render(.automatic) })
    let identical = serialCopy.elementsEqual(UnsafeBufferPointer(start: out, count: frames * channels))
    let one = Double(frames) / t1.median / 1e6
    let all = Double(frames) / tn.median / 1e6
    return [
        Row(
            name: names.one, unit: unit, value: one, baseline: nil, baselineValue: nil, ratio: nil,
            spread: spreadText(Double(frames) / t1.max / 1e6, Double(frames) / t1.min / 1e6)),
        Row(
            name: names.all, unit: unit, value: all, baseline: "same render on 1 core", baselineValue: one,
            ratio: all / one,
            spread: identical ? "bit-identical to 1 core" : "DIFFERS FROM 1 CORE"),
    ]
}
