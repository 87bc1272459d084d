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

    /// Samples processed at once inside a block (keeps every scratch buffer under 128 KiB).
    static let chunk = 2048

    /// The random-walk and Gauss–Markov processes that are on, with the stream of each.
    func bridgedProcesses(sampleRate fs: Double) -> [(channel: Int, process: BridgedProcess)] {
        var list: [(Int, BridgedProcess)] = []
        for (sensor, model) in [accelerometer, gyroscope].enumerated() {
            for axis in 0..<3 {
                if model.randomWalk[axis] > 0 {
                    list.append(
                        (
                            sensor * 3 + axis,
                            BridgedProcess(
                                kind: .randomWalk(stepDeviation: model.randomWalk[axis] / fs.squareRoot()),
                                streamSeed: streamSeed(sensor: sensor, axis: axis, process: 1))
                        ))
                }
                if model.biasInstability[axis] > 0 {
                    list.append(
                        (
                            sensor * 3 + axis,
                            BridgedProcess(
                                kind: .gaussMarkov(
                                    deviation: model.biasInstability[axis],
                                    decay: 1 / (model.biasCorrelationTime[axis] * fs)),
                                streamSeed: streamSeed(sensor: sensor, axis: axis, process: 2))
                        ))
                }
            }
        }
        return list
    }

    /// Renders one block: accelerometer x, y, z and gyroscope x, y, z (see ``IMU``).
    ///
    /// The block is processed in chunks of 2048 samples; the bridges' knot values are drawn once per
    /// block (O(55 + frames/128) draws per process, most of them remembered from the previous block).
    /// With a low-pass, the samples from the first cell's warm-up start to the block's end are processed
    /// once, with two filter states per channel (see `FirstOrderLowPass`).
    public func render(into block: RenderBlock, _ transform: Affine) {
        let truth = AnySignal(node: .motion(motion))
        let motionChannels = motion.renderedChannelCount
        render(into: block, transform) { first, count, fs, out, stride in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: motionChannels * count) { scratch in
                guard let base = scratch.baseAddress else { return }
                truth.render(
                    into: RenderBlock(
                        base: base, channelStride: count, channelCount: motionChannels, frameCount: count,
                        startIndex: first, sampleRate: fs), .identity)
                let g = IMU.standardGravity
                // Specific force (physical sign, m/s²) = −g · (userAcceleration + gravity) in CoreMotion g.
                for axis in 0..<3 {
                    let ua = base + axis * count
                    let gravity = base + (3 + axis) * count
                    let rate = base + (6 + axis) * count
                    let a = out + axis * stride
                    let w = out + (3 + axis) * stride
                    for i in 0..<count {
                        a[i] = -g * (Double(ua[i]) + Double(gravity[i]))
                        w[i] = Double(rate[i])
                    }
                }
            }
        }
    }

    /// The ideal readings of samples `first ..< first + count` at `sampleRate`: specific force (physical
    /// sign, m/s²) into channels 0–2 and angular rate (rad/s) into channels 3–5, channel `c` at `out + c·stride`.
    package typealias TruthRenderer = (
        _ first: Int, _ count: Int, _ sampleRate: Double, _ out: UnsafeMutablePointer<Double>,
        _ stride: Int
    ) -> Void

    /// Renders one block of this IMU's errors on the ideal readings `truth` gives (the trajectory's IMU):
    /// as ``render(into:_:)``, whose motion is one such source.
    package func render(into block: RenderBlock, _ transform: Affine, truth: TruthRenderer) {
        let frames = block.frameCount
        guard frames > 0 else { return }
        let fs = block.sampleRate
        let start = block.startIndex
        let bandwidths = [accelerometer, gyroscope].flatMap { m in (0..<3).map { m.bandwidth[$0] } }
        let warmUp = bandwidths.filter { $0 > 0 }.map { FirstOrderLowPass(bandwidth: $0).warmUp(sampleRate: fs) }.max()
        let cell = warmUp.map { max(1024, 4 * $0) } ?? Int.max
        let first = warmUp.map { max(0, (start / cell) * cell - $0) } ?? start
        let end = start + frames
        let processes = bridgedProcesses(sampleRate: fs)
        let knotOrigin = first / BridgedProcess.knotSpacing
        let knotCount = BridgedProcess.knotCount(first: first, count: end - first)
        let coefficients = bandwidths.map { $0 > 0 ? FirstOrderLowPass(bandwidth: $0).coefficient(sampleRate: fs) : 0 }
        let outputs = (0..<6).map { block.channel($0) }
        let g = IMU.standardGravity
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, processes.count * knotCount) + 6 * IMU.chunk) {
            buffer in
            guard let base = buffer.baseAddress else { return }
            let knots = base
            let values = base + max(1, processes.count * knotCount)
            let bridges = processes.map(\.process)
            let previous = spines.spines(for: bridges)
            var descents: [[BridgedProcess.Interval]] = []
            for (p, process) in bridges.enumerated() {
                descents.append(
                    process.knotValues(
                        knotOrigin, knotOrigin + knotCount - 1, into: knots + p * knotCount,
                        previous: previous[p]))
            }
            spines.remember(descents, for: bridges)
            /// Saturation, quantisation, units and transform for `count` finished samples of channel `c`, in one pass.
            func emit(_ c: Int, _ src: UnsafeMutablePointer<Double>, count: Int, at frame: Int) {
                let model = c < 3 ? accelerometer : gyroscope
                let axis = c % 3
                let range = model.range[axis] > 0 ? model.range[axis] : Double.infinity
                let step = model.resolution[axis]
                let scale = c < 3 && accelerometerUnit == .g ? -1 / g : 1
                let gain = transform.gain * scale
                let bias = transform.bias
                let dst = outputs[c] + frame
                let accumulate = transform.accumulate
                if step > 0 {
                    // Round half to even by adding and subtracting 1.5·2⁵² (exact below 2⁵¹ steps; beyond, the
                    // value is already a whole number of steps to Double precision).
                    let inverse = 1 / step
                    for i in 0..<count {
                        let q = min(range, max(-range, src[i])) * inverse
                        let v = (abs(q) < 0x1p51 ? (q + 0x1.8p52) - 0x1.8p52 : q) * step
                        let f = Float(gain * v + bias)
                        dst[i] = accumulate ? dst[i] + f : f
                    }
                } else {
                    for i in 0..<count {
                        let f = Float(gain * min(range, max(-range, src[i])) + bias)
                        dst[i] = accumulate ? dst[i] + f : f
                    }
                }
            }
            func raw(_ from: Int, _ count: Int) {
                self.raw(
                    first: from, count: count, sampleRate: fs, into: values, stride: IMU.chunk, truth: truth,
                    processes: processes, knots: knots, knotCount: knotCount, knotOrigin: knotOrigin)
            }
            guard warmUp != nil else {
                var n = start
                while n < end {
                    let count = min(IMU.chunk, end - n)
                    raw(n, count)
                    for c in 0..<6 { emit(c, values + c * IMU.chunk, count: count, at: n - start) }
                    n += count
                }
                return
            }
            // With a low-pass, in one pass over [first, end): state A is the filter of the cell being output
            // (it began K samples before that cell), state B warms up the next cell's filter over its last K
            // samples and takes over at the cell boundary. The updates each output sees are exactly those of
            // "start at max(0, jG − K) with the first input, run to the sample".
            let k = warmUp ?? 0
            var a = [Double](repeating: 0, count: 6)
            var b = [Double](repeating: 0, count: 6)
            var m = first
            var aStarted = false
            var bStarted = false
            while m < end {
                let count = min(IMU.chunk, end - m)
                raw(m, count)
                var i = 0
                while i < count {
                    let index = m + i
                    let j = index / cell
                    let nextStart = (j + 1) * cell - k  // where cell j + 1's filter starts
                    let boundary = (j + 1) * cell
                    // Up to the next event: the warm-up start, or the boundary.
                    let stop = min(count, (index < nextStart ? nextStart : boundary) - m)
                    let v = values + i
                    if !aStarted {
                        for c in 0..<6 { a[c] = v[c * IMU.chunk] }
                        aStarted = true
                    }
                    if index >= nextStart {
                        if !bStarted {
                            for c in 0..<6 { b[c] = v[c * IMU.chunk] }
                            bStarted = true
                        }
                        IMU.lowPass(
                            v, stride: IMU.chunk, count: stop - i, states: &b, coefficients: coefficients, write: false)
                    }
                    IMU.lowPass(
                        v, stride: IMU.chunk, count: stop - i, states: &a, coefficients: coefficients, write: true)
                    // Output what the block asks for.
                    let lo = max(index, start)
                    if lo < m + stop {
                        for c in 0..<6 {
                            emit(c, values + c * IMU.chunk + (lo - m), count: m + stop - lo, at: lo - start)
                        }
                    }
                    i = stop
                    if m + i == boundary {
                        a = b
                        bStarted = false
                    }
                }
                m += count
            }
        }
    }

    /// `y = a·y + (1 − a)·v` for six channels at once, in place.
    static func lowPass(
        _ v: UnsafeMutablePointer<Double>, stride: Int, count: Int, states: inout [Double], coefficients: [Double],
        write: Bool
    ) {
        var y0 = states[0]
        var y1 = states[1]
        var y2 = states[2]
        var y3 = states[3]
        var y4 = states[4]
        var y5 = states[5]
        let a0 = coefficients[0]
        let a1 = coefficients[1]
        let a2 = coefficients[2]
        let a3 = coefficients[3]
        let a4 = coefficients[4]
        let a5 = coefficients[5]
        let v0 = v
        let v1 = v + stride
        let v2 = v + 2 * stride
        let v3 = v + 3 * stride
        let v4 = v + 4 * stride
        let v5 = v + 5 * stride
        if write {
            for i in 0..<count {
                y0 = a0 * y0 + (1 - a0) * v0[i]
                v0[i] = y0
                y1 = a1 * y1 + (1 - a1) * v1[i]
                v1[i] = y1
                y2 = a2 * y2 + (1 - a2) * v2[i]
                v2[i] = y2
                y3 = a3 * y3 + (1 - a3) * v3[i]
                v3[i] = y3
                y4 = a4 * y4 + (1 - a4) * v4[i]
                v4[i] = y4
                y5 = a5 * y5 + (1 - a5) * v5[i]
                v5[i] = y5
            }
        } else {
            for i in 0..<count {
                y0 = a0 * y0 + (1 - a0) * v0[i]
                y1 = a1 * y1 + (1 - a1) * v1[i]
                y2 = a2 * y2 + (1 - a2) * v2[i]
                y3 = a3 * y3 + (1 - a3) * v3[i]
                y4 = a4 * y4 + (1 - a4) * v4[i]
                y5 = a5 * y5 + (1 - a5) * v5[i]
            }
        }
        states = [y0, y1, y2, y3, y4, y5]
    }

    /// The sensors' outputs before the low-pass, saturation and quantisation, in SI (physical specific
    /// force in m/s², rate in rad/s), for samples `first ..< first + count` (`count ≤` ``chunk``):
    /// channel `c` at `out + c·stride`. The knot values of the bridged processes come precomputed.
    func raw(
        first: Int, count: Int, sampleRate fs: Double, into out: UnsafeMutablePointer<Double>, stride: Int,
        truth: TruthRenderer, processes: [(channel: Int, process: BridgedProcess)], knots: UnsafePointer<Double>,
        knotCount: Int, knotOrigin: Int
    ) {
        let L = BridgedProcess.knotSpacing
        truth(first, count, fs, out, stride)
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * (count + 2 * L)) { scratch in
            guard let normals = scratch.baseAddress else { return }
            for (sensor, model) in [accelerometer, gyroscope].enumerated() {
                let channels = out + sensor * 3 * stride
                // (I + S)(I + M) u, per sample, in place.
                if model.misaligned || model.scaleFactor != .zero {
                    let m = model.misalignment
                    let s = model.scaleFactor
                    // Row i of (I + S)(I + M): (1 + s_i)·(e_i + m_i).
                    let r0 = (SIMD3(1, 0, 0) + m[0]) * (1 + s.x)
                    let r1 = (SIMD3(0, 1, 0) + m[1]) * (1 + s.y)
                    let r2 = (SIMD3(0, 0, 1) + m[2]) * (1 + s.z)
                    let (m00, m01, m02) = (r0.x, r0.y, r0.z)
                    let (m10, m11, m12) = (r1.x, r1.y, r1.z)
                    let (m20, m21, m22) = (r2.x, r2.y, r2.z)
                    let cx = channels
                    let cy = channels + stride
                    let cz = channels + 2 * stride
                    for i in 0..<count {
                        let ux = cx[i]
                        let uy = cy[i]
                        let uz = cz[i]
                        cx[i] = m00 * ux + m01 * uy + m02 * uz
                        cy[i] = m10 * ux + m11 * uy + m12 * uz
                        cz[i] = m20 * ux + m21 * uy + m22 * uz
                    }
                }
                for axis in 0..<3 {
                    let channel = channels + axis * stride
                    let constant = model.bias[axis] + turnOn(model, sensor: sensor, axis: axis)
                    if constant != 0 { for i in 0..<count { channel[i] += constant } }
                    if model.noiseDensity[axis] > 0 {
                        let sigma = model.noiseDensity[axis] * fs.squareRoot()
                        NormalDraws.fill(
                            normals, count: count, first: first,
                            streamSeed: streamSeed(sensor: sensor, axis: axis, process: 0), sampleRate: fs)
                        for i in 0..<count { channel[i] += sigma * Double(normals[i]) }
                    }
                }
            }
            // The bridged processes, four at a time.
            var p = 0
            while p < processes.count {
                let group = processes[p..<min(p + 4, processes.count)]
                BridgedProcess.add(
                    group.map(\.process), into: group.map { out + $0.channel * stride }, first: first, count: count,
                    sampleRate: fs, scratch: normals,
                    knots: group.indices.map { UnsafePointer(knots + $0 * knotCount) },
                    knotOrigin: knotOrigin)
                p += 4
            }
        }
    }
}
