import Foundation
import Signals

/// A point as the original Runner's signal functions returned it: nine values per call.
struct BaselineMotion {
    var ax, ay, az, gx, gy, gz, rx, ry, rz: Double
}

/// The `motion` rows: a 9-channel motion signal (user acceleration, gravity, rotation rate), frames per
/// second, for an in-cache block (2^13 frames = 73,728 samples) and a long render (2^20 frames, quick:
/// 2^17), on one core and on all cores, beside a per-frame closure that computes the same nine values with
/// Foundation `sin` (the original Runner's signal function).
func motionRows<S: Signal>(_ motion: S, quick: Bool, wanted: (String) -> Bool) -> [Row] {
    var rows: [Row] = []
    let rng = BaselineRandom()
    func frac(_ x: Double) -> Double { x - x.rounded(.down) }
    func gauss() -> Double { (-2 * log(1 - rng.uniform())).squareRoot() * cos(2 * .pi * rng.uniform()) }
    let function: (Double) -> BaselineMotion = { t in
        BaselineMotion(
            ax: 2 * sin(2 * .pi * t + 0.2) + 0.5, ay: 0, az: 0.02 * gauss(),
            gx: 0, gy: 0, gz: -1,
            rx: frac(0.5 * t) < 0.5 ? 0.1 : -0.1, ry: 0.2 - 0.8 * abs(frac(2 * t) - 0.5),
            rz: 0.01 * (2 * rng.uniform() - 1))
    }
    let channels = motion.channelCount
    let blockFrames = 1 << 13
    let longFrames = quick ? 1 << 17 : 1 << 20
    let reps = quick ? 5 : 15
    let out = floats(blockFrames * channels)
    let base = floats(blockFrames * channels)
    let blockName = "motion [9 ch, 2^13-frame block, 1 core]"
    if wanted(blockName) {
        let inner = 16
        let (t, b) = interleaved(
            repetitions: reps,
            {
                for k in 0..<inner {
                    let request = try! RenderRequest(
                        sampleRate: sampleRate, startIndex: k * blockFrames, frameCount: blockFrames)
                    motion.renderFrames(
                        into: out, channelStride: blockFrames, channelCount: channels, frames: 0..<blockFrames,
                        request: request, options: RenderOptions(parallelism: .serial))
                }
                blackHole(out[blockFrames / 2])
            },
            baseline: {
                baselineMotionLoop(function, into: base, frames: blockFrames)
                blackHole(base[blockFrames / 2])
            })
        let value = Double(blockFrames * inner) / t.median / 1e6
        let baseValue = Double(blockFrames) / b.median / 1e6
        rows.append(
            Row(
                name: blockName, unit: "Mframes/s", value: value,
                baseline: "per-frame closure + Foundation sin", baselineValue: baseValue, ratio: value / baseValue,
                spread: spreadText(Double(blockFrames * inner) / t.max / 1e6, Double(blockFrames * inner) / t.min / 1e6)
            ))
    }
    let oneName = "motion [9 ch, 2^\(quick ? 17 : 20) frames long, 1 core]"
    let allName = "motion [9 ch, 2^\(quick ? 17 : 20) frames long, all cores]"
    if wanted(oneName) || wanted(allName) {
        let long = floats(longFrames * channels)
        defer { long.deallocate() }
        rows += longRenderRows(
            motion, into: long, frames: longFrames, repetitions: quick ? 3 : 5, unit: "Mframes/s",
            names: (oneName, allName))
    }
    return rows
}

/// The original's per-frame loop: one closure call per frame, nine values stored channel by channel.
@inline(never)
func baselineMotionLoop(_ f: (Double) -> BaselineMotion, into out: UnsafeMutablePointer<Float>, frames: Int) {
    for i in 0..<frames {
        let p = f(Double(i) / sampleRate)
        out[i] = Float(p.ax)
        out[frames + i] = Float(p.ay)
        out[2 * frames + i] = Float(p.az)
        out[3 * frames + i] = Float(p.gx)
        out[4 * frames + i] = Float(p.gy)
        out[5 * frames + i] = Float(p.gz)
        out[6 * frames + i] = Float(p.rx)
        out[7 * frames + i] = Float(p.ry)
        out[8 * frames + i] = Float(p.rz)
    }
}
