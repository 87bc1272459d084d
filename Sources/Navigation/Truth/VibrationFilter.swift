import Foundation
import Sensors

/// A ``Vibration`` sampled at a rate: counter-based white normals through a 63-tap band-pass FIR (a
/// windowed sinc, Hann window), per axis. Sample `n` depends on the normals of samples `n − 62 … n` only,
/// so any block renders alone, bit-identically.
struct VibrationFilter: Sendable {
    /// The filter's taps (empty: no vibration).
    let taps: [Double]
    /// The streams of the three axes' normals.
    let streams: [UInt64]
    /// Number of taps.
    static let length = 63

    /// The filter for `vibration` at `sampleRate`, with the normals of the IMU's `seed`.
    init(_ vibration: Vibration, sampleRate fs: Double, seed: UInt64) {
        streams = (0..<3).map { RandomAccessNoise.streamSeed(seed, stream: 0x300 + UInt64($0)) }
        let low = vibration.band.lowerBound
        let high = min(vibration.band.upperBound, 0.45 * fs)
        guard vibration.rms > 0, high > low else {
            taps = []
            return
        }
        let m = Self.length
        let mid = Double(m - 1) / 2
        var h = (0..<m).map { k -> Double in
            let x = Double(k) - mid
            let ideal =
                x == 0
                ? 2 * (high - low) / fs
                : (sin(2 * .pi * high / fs * x) - sin(2 * .pi * low / fs * x)) / (.pi * x)
            return ideal * (0.5 - 0.5 * cos(2 * .pi * Double(k) / Double(m - 1)))
        }
        // White input of unit variance: the output variance is Σh². Scale to the kept part of the band.
        let kept = (high - low) / (vibration.band.upperBound - vibration.band.lowerBound)
        let energy = h.reduce(0) { $0 + $1 * $1 }
        let gain = vibration.rms * kept.squareRoot() / energy.squareRoot()
        h = h.map { $0 * gain }
        taps = h
    }

    /// The vibration of samples `first ..< first + count`: x, y, z interleaved, m/s² (zeros when off).
    func values(first: Int, count: Int) -> [Double] {
        var out = [Double](repeating: 0, count: 3 * count)
        guard !taps.isEmpty, count > 0 else { return out }
        let m = taps.count
        // Normal of sample n is drawn at index n + m − 1, so every index is ≥ 0.
        // Four outputs at a time, each lane the scalar sum in the same order (bit-identical to it).
        let w = UnsafeMutablePointer<Double>.allocate(capacity: count + m - 1)
        defer { w.deallocate() }
        taps.withUnsafeBufferPointer { t in
            out.withUnsafeMutableBufferPointer { o in
                for axis in 0..<3 {
                    let seed = streams[axis]
                    for j in 0..<count + m - 1 { w[j] = RandomAccessNoise.normal(streamSeed: seed, index: first + j) }
                    let raw = UnsafeRawPointer(w)
                    var i = 0
                    while i + 4 <= count {
                        var sum = SIMD4<Double>(repeating: 0)
                        for k in 0..<m {
                            sum += t[k] * raw.loadUnaligned(fromByteOffset: 8 * (i + m - 1 - k), as: SIMD4<Double>.self)
                        }
                        for lane in 0..<4 { o[3 * (i + lane) + axis] = sum[lane] }
                        i += 4
                    }
                    while i < count {
                        var sum = 0.0
                        for k in 0..<m { sum += t[k] * w[i + m - 1 - k] }
                        o[3 * i + axis] = sum
                        i += 1
                    }
                }
            }
        }
        return out
    }
}
