import Foundation

/// The stepping of an ``IntegratedAttitude`` (fourth-order Magnus, see there), over rotation-rate
/// samples rendered by the engine.
package enum AttitudeIntegrator {
    /// One step `q_k → q_{k+1}`.
    /// - Parameters:
    ///   - q: The attitude at sample `k`.
    ///   - previous: ω at `k − 1`, or `nil` at `k = 0`.
    ///   - w0: ω at `k`.
    ///   - w1: ω at `k + 1`.
    ///   - w2: ω at `k + 2`.
    ///   - h: `1 / sampleRate` (s).
    @inlinable @inline(__always)
    package static func step(
        _ q: Quaternion, _ previous: SIMD3<Double>?, _ w0: SIMD3<Double>, _ w1: SIMD3<Double>,
        _ w2: SIMD3<Double>, h: Double
    ) -> Quaternion {
        let mid: SIMD3<Double>
        if let wm = previous {
            mid = (9 * (w0 + w1) - wm - w2) * (1.0 / 16)
        } else {
            mid = (3 * w0 + 6 * w1 - w2) * (1.0 / 8)
        }
        let cross = SIMD3(w0.y * w1.z - w0.z * w1.y, w0.z * w1.x - w0.x * w1.z, w0.x * w1.y - w0.y * w1.x)
        let sigma = (h / 6) * (w0 + 4 * mid + w1) + (h * h / 12) * cross
        return (q * Quaternion(rotationVectorX: sigma.x, y: sigma.y, z: sigma.z)).normalized
    }

    /// ω at `index` of a planar three-channel buffer whose first frame is sample `first`.
    @inlinable @inline(__always)
    static func omega(_ base: UnsafePointer<Float>, stride: Int, first: Int, _ index: Int) -> SIMD3<Double> {
        let i = index - first
        return SIMD3(Double(base[i]), Double(base[stride + i]), Double(base[2 * stride + i]))
    }

    /// Steps `q` from sample `from` to sample `to` (≥ `from`), rendering the rate in chunks and
    /// remembering the checkpoints it passes.
    static func advance(
        _ attitude: IntegratedAttitude, _ q: Quaternion, from: Int, to: Int, sampleRate: Double
    ) -> Quaternion {
        guard to > from else { return q }
        let chunk = AttitudeCheckpoints.spacing
        let h = 1 / sampleRate
        var q = q
        var k = from
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * (chunk + 3)) { buffer in
            guard let base = buffer.baseAddress else { return }
            while k < to {
                let steps = min(chunk, to - k)
                // ω over [k − 1, k + steps + 2) ∩ [0, ∞).
                let first = max(0, k - 1)
                let count = k + steps + 2 - first
                let block = RenderBlock(
                    base: base, channelStride: count, channelCount: 3, frameCount: count,
                    startIndex: first, sampleRate: sampleRate)
                AnySignal.render(attitude.rotationRate, into: block, .identity)
                let w = UnsafePointer(base)
                for j in k..<k + steps {
                    let previous: SIMD3<Double>? = j == 0 ? nil : omega(w, stride: count, first: first, j - 1)
                    q = step(
                        q, previous, omega(w, stride: count, first: first, j),
                        omega(w, stride: count, first: first, j + 1),
                        omega(w, stride: count, first: first, j + 2), h: h)
                    if (j + 1) % chunk == 0 { attitude.checkpoints.recordCheckpoint(j + 1, q, sampleRate: sampleRate) }
                }
                k += steps
            }
        }
        return q
    }

    /// The attitude at sample `n` (from the nearest remembered state).
    static func state(_ attitude: IntegratedAttitude, at n: Int, sampleRate: Double) -> Quaternion {
        let (index, q) = attitude.checkpoints.start(at: n, sampleRate: sampleRate, initial: attitude.initial.quaternion)
        return advance(attitude, q, from: index, to: n, sampleRate: sampleRate)
    }
}
