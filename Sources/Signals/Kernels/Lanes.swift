/// The vector types and the shared store step of every kernel.
///
/// Kernels compute `Lanes.width` (16) samples at a time in `SIMD16<Float>` and finish with ``store(_:to:at:count:_:)``,
/// which applies the gain, bias and accumulate mode of an ``Affine`` map and writes only the lanes that
/// fall inside the block. The tail uses the same vector code as the body, so a sample's value never
/// depends on where a block boundary falls.
@usableFromInline package enum Lanes {
    /// Number of samples per vector.
    @usableFromInline package static let width = Samples.scalarCount
    /// One vector of samples.
    @usableFromInline package typealias Samples = SIMD16<Float>
    /// One vector of phases or hash values.
    @usableFromInline package typealias Words = SIMD16<UInt32>
    /// One vector of signed integers.
    @usableFromInline package typealias Ints = SIMD16<Int32>

    /// `[0, 0, 1, 1, ..., width/2 − 1, width/2 − 1]`: the pair index of each lane (Box–Muller pairs).
    @usableFromInline package static let pairRamp: Words = {
        var r = Words()
        for k in 0..<Words.scalarCount { r[k] = UInt32(k / 2) }
        return r
    }()

    /// `[2^30, 0, 2^30, 0, ...]`: a quarter turn on even lanes turns sine into cosine.
    @usableFromInline package static let cosineQuarter: Words = {
        var r = Words()
        for k in stride(from: 0, to: Words.scalarCount, by: 2) { r[k] = 1 << 30 }
        return r
    }()

    /// `[0, 1, ..., width − 1]`.
    @usableFromInline package static let ramp: Words = {
        var r = Words()
        for k in 0..<Words.scalarCount { r[k] = UInt32(k) }
        return r
    }()

    /// Writes `value * gain + bias` (or adds it, when `accumulate`) to `out[i ..< i + min(16, count - i)]`.
    @inlinable @inline(__always)
    package static func store(
        _ value: Samples, to out: UnsafeMutablePointer<Float>, at i: Int, count: Int,
        gain: Float, bias: Float, accumulate: Bool
    ) {
        var v = value * gain + bias
        if i + width <= count {
            let p = UnsafeMutableRawPointer(out + i)
            if accumulate { v += UnsafeRawPointer(p).loadUnaligned(as: Samples.self) }
            p.storeBytes(of: v, as: Samples.self)
        } else {
            for k in 0..<(count - i) {
                if accumulate { out[i + k] += v[k] } else { out[i + k] = v[k] }
            }
        }
    }

    /// Writes a constant to `count` samples (or adds it, when `accumulate`).
    @inlinable
    package static func fill(_ out: UnsafeMutablePointer<Float>, count: Int, value: Float, accumulate: Bool) {
        let v = Samples(repeating: value)
        var i = 0
        while i < count {
            store(v, to: out, at: i, count: count, gain: 1, bias: 0, accumulate: accumulate)
            i &+= width
        }
    }
}

/// A bank of 16 numerically controlled oscillators, lane `k` at phase `phase0 + k · increment`,
/// each advancing by `16 · increment` per step, kept as exact 64-bit phases split in 32-bit halves
/// (so that the arithmetic stays in 32-bit vector lanes).
@usableFromInline package struct PhaseLanes {
    /// High 32 bits of each lane's phase (the part the waveforms read).
    @usableFromInline package var high: Lanes.Words
    /// Low 32 bits of each lane's phase.
    @usableFromInline package var low: Lanes.Words
    @usableFromInline let stepHigh: Lanes.Words
    @usableFromInline let stepLow: Lanes.Words

    /// Lane `k` starts at `phase0 &+ k &* increment`.
    @inlinable
    package init(phase0: UInt64, increment: UInt64) {
        var h = Lanes.Words()
        var l = Lanes.Words()
        for k in 0..<Lanes.width {
            let p = phase0 &+ increment &* UInt64(k)
            h[k] = UInt32(truncatingIfNeeded: p >> 32)
            l[k] = UInt32(truncatingIfNeeded: p)
        }
        high = h
        low = l
        let step = increment &* UInt64(Lanes.width)
        stepHigh = Lanes.Words(repeating: UInt32(truncatingIfNeeded: step >> 32))
        stepLow = Lanes.Words(repeating: UInt32(truncatingIfNeeded: step))
    }

    /// Advances every lane by `16 · increment` (exact, modulo one turn).
    @inlinable @inline(__always)
    package mutating func advance() {
        let newLow = low &+ stepLow
        let carry = newLow .< low
        high = high &+ stepHigh
        high = high.replacing(with: high &+ 1, where: carry)
        low = newLow
    }
}

extension PhaseLanes {
    /// The portable phase kernel: `out[i] (+)= gain · shape(phase_i) + bias` for `i < count`, 16 lanes at
    /// a time, `shape` reading the top 32 bits of each sample's phase `phase0 &+ i &* increment`.
    @inlinable @inline(__always)
    package static func render(
        _ out: UnsafeMutablePointer<Float>, count: Int, phase0: UInt64, increment: UInt64,
        gain: Float, bias: Float, accumulate: Bool,
        _ shape: (Lanes.Words) -> Lanes.Samples
    ) {
        var lanes = PhaseLanes(phase0: phase0, increment: increment)
        var i = 0
        while i < count {
            Lanes.store(
                shape(lanes.high), to: out, at: i, count: count,
                gain: gain, bias: bias, accumulate: accumulate)
            lanes.advance()
            i &+= Lanes.width
        }
    }
}
