import Foundation
import Signals

extension IMU {
    /// Stream numbers: `(sensor · 3 + axis) · 4 + process`, process 0 white, 1 random walk,
    /// 2 Gauss–Markov, 3 turn-on bias.
    @inline(__always)
    func streamSeed(sensor: Int, axis: Int, process: Int) -> UInt64 {
        NormalDraws.streamSeed(seed, UInt64((sensor * 3 + axis) * 4 + process))
    }

    /// The turn-on bias of one axis (unit).
    func turnOn(_ model: SensorModel, sensor: Int, axis: Int) -> Double {
        guard model.turnOnBias[axis] > 0 else { return 0 }
        return model.turnOnBias[axis] * NormalDraws.normal(streamSeed(sensor: sensor, axis: axis, process: 3), 0)
    }

    /// Renders one block: accelerometer x, y, z and gyroscope x, y, z (see ``IMU``).
    public func render(into block: RenderBlock, _ transform: Affine) {
        let frames = block.frameCount
        guard frames > 0 else { return }
        let fs = block.sampleRate, start = block.startIndex
        let filtered = accelerometer.filters || gyroscope.filters
        let outputs = (0 ..< 6).map { block.channel($0) }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 6 * frames) { out in
            guard let out = out.baseAddress else { return }
            if !filtered {
                raw(first: start, count: frames, sampleRate: fs, into: out, stride: frames)
            } else {
                // Low-pass from the fixed grid of starts (see FirstOrderLowPass); one window per grid cell.
                let cells = [accelerometer, gyroscope].flatMap { m in (0 ..< 3).map { m.bandwidth[$0] } }
                    .filter { $0 > 0 }.map { FirstOrderLowPass(bandwidth: $0) }
                let warmUp = cells.map { $0.warmUp(sampleRate: fs) }.max() ?? 1
                let cell = max(1024, 4 * warmUp)
                var n = start
                while n < start + frames {
                    let j = n / cell
                    let cellEnd = min(start + frames, (j + 1) * cell)
                    let windowStart = max(0, j * cell - warmUp)
                    let count = cellEnd - windowStart
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: 6 * count) { window in
                        guard let w = window.baseAddress else { return }
                        raw(first: windowStart, count: count, sampleRate: fs, into: w, stride: count)
                        for (sensor, model) in [accelerometer, gyroscope].enumerated() {
                            for axis in 0 ..< 3 {
                                let channel = w + (sensor * 3 + axis) * count
                                if model.bandwidth[axis] > 0 {
                                    let a = FirstOrderLowPass(bandwidth: model.bandwidth[axis]).coefficient(sampleRate: fs)
                                    var y = channel[0]
                                    for i in 0 ..< count {
                                        y = a * y + (1 - a) * channel[i]
                                        channel[i] = y
                                    }
                                }
                                let dst = out + (sensor * 3 + axis) * frames + (n - start)
                                for i in 0 ..< cellEnd - n { dst[i] = channel[n - windowStart + i] }
                            }
                        }
                    }
                    n = cellEnd
                }
            }
            // Saturation, quantisation, units, transform.
            let g = IMU.standardGravity
            for (sensor, model) in [accelerometer, gyroscope].enumerated() {
                let scale = sensor == 0 && accelerometerUnit == .g ? -1 / g : 1
                for axis in 0 ..< 3 {
                    let c = sensor * 3 + axis
                    let src = out + c * frames
                    let range = model.range[axis], step = model.resolution[axis]
                    if range > 0 {
                        for i in 0 ..< frames { src[i] = min(range, max(-range, src[i])) }
                    }
                    if step > 0 {
                        for i in 0 ..< frames { src[i] = (src[i] / step).rounded() * step }
                    }
                    let gain = transform.gain * scale, bias = transform.bias
                    let dst = outputs[c]
                    if transform.accumulate {
                        for i in 0 ..< frames { dst[i] += Float(gain * src[i] + bias) }
                    } else {
                        for i in 0 ..< frames { dst[i] = Float(gain * src[i] + bias) }
                    }
                }
            }
        }
    }

    /// The sensors' outputs before the low-pass, saturation and quantisation, in SI (physical specific
    /// force in m/s², rate in rad/s), for samples `first ..< first + count`: channel `c` at `out + c·stride`.
    func raw(first: Int, count: Int, sampleRate fs: Double, into out: UnsafeMutablePointer<Double>, stride: Int) {
        let motionChannels = motion.renderedChannelCount
        let L = BridgedProcess.knotSpacing
        withUnsafeTemporaryAllocation(of: Float.self, capacity: motionChannels * count + count + 2 * L) { scratch in
            guard let base = scratch.baseAddress else { return }
            let truth = RenderBlock(base: base, channelStride: count, channelCount: motionChannels, frameCount: count,
                                    startIndex: first, sampleRate: fs)
            AnySignal(node: .motion(motion)).render(into: truth, .identity)
            let g = IMU.standardGravity
            // Specific force (physical sign, m/s²) = −g · (userAcceleration + gravity) in CoreMotion g.
            for axis in 0 ..< 3 {
                let ua = base + axis * count, gravity = base + (3 + axis) * count, rate = base + (6 + axis) * count
                let a = out + axis * stride, w = out + (3 + axis) * stride
                for i in 0 ..< count {
                    a[i] = -g * (Double(ua[i]) + Double(gravity[i]))
                    w[i] = Double(rate[i])
                }
            }
            let normals = base + motionChannels * count
            for (sensor, model) in [accelerometer, gyroscope].enumerated() {
                let channels = out + sensor * 3 * stride
                // (I + S)(I + M) u, per sample, in place.
                if model.misaligned || model.scaleFactor != .zero {
                    let m = model.misalignment, s = model.scaleFactor
                    for i in 0 ..< count {
                        let u = SIMD3(channels[i], channels[stride + i], channels[2 * stride + i])
                        let v = u + SIMD3((m[0] * u).sum(), (m[1] * u).sum(), (m[2] * u).sum())
                        let r = v * (1 + s)
                        channels[i] = r.x; channels[stride + i] = r.y; channels[2 * stride + i] = r.z
                    }
                }
                for axis in 0 ..< 3 {
                    let channel = channels + axis * stride
                    let constant = model.bias[axis] + turnOn(model, sensor: sensor, axis: axis)
                    if constant != 0 { for i in 0 ..< count { channel[i] += constant } }
                    if model.noiseDensity[axis] > 0 {
                        let sigma = model.noiseDensity[axis] * fs.squareRoot()
                        NormalDraws.fill(normals, count: count, first: first,
                                         streamSeed: streamSeed(sensor: sensor, axis: axis, process: 0), sampleRate: fs)
                        for i in 0 ..< count { channel[i] += sigma * Double(normals[i]) }
                    }
                    if model.randomWalk[axis] > 0 {
                        BridgedProcess(kind: .randomWalk(stepDeviation: model.randomWalk[axis] / fs.squareRoot()),
                                       streamSeed: streamSeed(sensor: sensor, axis: axis, process: 1))
                            .add(into: channel, first: first, count: count, sampleRate: fs, scratch: normals)
                    }
                    if model.biasInstability[axis] > 0 {
                        BridgedProcess(kind: .gaussMarkov(deviation: model.biasInstability[axis],
                                                          decay: 1 / (model.biasCorrelationTime[axis] * fs)),
                                       streamSeed: streamSeed(sensor: sensor, axis: axis, process: 2))
                            .add(into: channel, first: first, count: count, sampleRate: fs, scratch: normals)
                    }
                }
            }
        }
    }
}
