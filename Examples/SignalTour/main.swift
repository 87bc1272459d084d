// The README's DSL tour, compiled and run by `make test` (see Tests/SignalsCLITests).
import Foundation
import SignalRunner

// A signal is a value: compose it with the result builder and combinators.
let wave = Sum {
    Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
    Square(amplitude: 0.5, frequency: 5)
    Noise(amplitude: 0.01, distribution: .gaussian, seed: 42)
}.scaled(by: 9.81)

// Control flow in the builder: if/else, optionals and loops.
let harmonics = 3
let withDrift = true
let richer = Sum {
    for k in 1...harmonics {
        Sine(amplitude: 1 / Double(k), frequency: 10 * Double(k))
    }
    if withDrift {
        Sawtooth(amplitude: 0.1, frequency: 0.2)
    } else {
        Constant(0)
    }
}

// Operators read naturally: 2·sine + constant offset, sums of two signals.
let shifted = 2 * Sine(frequency: 3) + 0.5
let both = shifted + Triangle(amplitude: 0.25, frequency: 7)

// Per-axis signals render to three channels.
let shake = Axes(
    x: Sine(amplitude: 1.5, frequency: 4),
    y: Chirp(startFrequency: 1, endFrequency: 20, duration: 5),
    z: Noise(amplitude: 0.05, distribution: .uniform, seed: 7)
)

// A waveform of your own: `Signal` asks only for rendering. This one is a train of pulses, `width`
// samples high every `period` samples. It renders through the same block path as the built-in
// signals, mixes into a Sum, and plays through the Runner.
struct PulseTrain: Signal {
    var amplitude: Double
    var period: Int  // samples
    var width: Int  // samples

    func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        try context.requireFinite("amplitude", amplitude)
        guard period > 0, width >= 0, width <= period else {
            throw context.error(
                .outOfRange, field: "width", "need 0 ≤ width ≤ period and period > 0, got \(width) of \(period)")
        }
        return abs(amplitude)  // the largest |sample|
    }

    func render(into block: RenderBlock, _ transform: Affine) {
        block.store(transform) { out in  // one block, never one call per sample
            var phase = block.startIndex % period
            for i in out.indices {
                out[i] = phase < width ? Float(amplitude) : 0
                phase = phase + 1 == period ? 0 : phase + 1
            }
        }
    }
}

let clicks = Sum {
    Sine(amplitude: 0.2, frequency: 1)
    PulseTrain(amplitude: 1, period: 250, width: 5)
}

do {
    let buffer = try wave.render(sampleRate: 1000, duration: 10)
    print(
        "wave: \(buffer.frameCount) frames at \(buffer.sampleRate) Hz, first \(buffer.channel(0).prefix(3).map { $0 })")
    let r = try richer.render(sampleRate: 1000, duration: 1)
    print("richer: max \(r.samples.max() ?? 0)")
    let b = try both.render(sampleRate: 200, duration: 1)
    print("both at t = \(b.timestamp(of: 50)) s: \(b[frame: 50])")
    let axes = try shake.render(sampleRate: 100, duration: 2)
    print("shake: \(axes.channelCount) channels, z[0..2] = \(axes.channel(2).prefix(3).map { $0 })")

    // Specs: every signal is JSON, and JSON loads back as a type-erased AnySignal.
    let json = try JSONEncoder().encode(wave)
    let loaded = try AnySignal(json: json)
    let again = try loaded.render(sampleRate: 1000, duration: 10)
    print("JSON round trip renders the same samples: \(again.samples == buffer.samples)")

    // The custom signal in a sum, rendered in blocks: the same samples however it is chunked.
    let whole = try clicks.render(sampleRate: 1000, duration: 1)
    var pieces: [Float] = []
    for block in try clicks.blocks(sampleRate: 1000, duration: 1, blockFrames: 37) { pieces += block.samples }
    print(
        "custom pulse train in a sum: \(whole.samples.filter { $0 > 0.5 }.count) pulse samples, chunked identically: \(pieces == whole.samples)"
    )

    // Long renders stream in bounded memory.
    var frames = 0
    for block in try wave.blocks(sampleRate: 1000, duration: 60, blockFrames: 8192) { frames += block.frameCount }
    print("streamed \(frames) frames")
} catch {
    print("error: \(error)")
    exit(1)
}
