/// Vectorised `log` and `sqrt` for `Float` lanes: `log` is written with operations that stay in vector
/// registers; `sqrt` is the correctly rounded IEEE square root (the native kernels use `vsqrtps`, which
/// rounds the same way, so both paths agree bit for bit).
@usableFromInline package enum VectorMath {
    /// `ln(x)` for 16 positive, normal `x` (Cephes `logf`: relative error ≤ 2 ulp).
    @inlinable @inline(__always)
    package static func log(_ x: Lanes.Samples) -> Lanes.Samples {
        let bits = unsafeBitCast(x, to: Lanes.Words.self)
        var e = Lanes.Ints(truncatingIfNeeded: bits &>> 23) &- 126
        var m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F00_0000, to: Lanes.Samples.self)   // [0.5, 1)
        let small = m .< 0x1.6a09e6p-1
        e = e.replacing(with: e &- 1, where: small)
        m = (m + m.replacing(with: 0, where: .!small)) - 1
        let z = m * m
        var y = Lanes.Samples(repeating: 0x1.204376p-4)
        y = y * m - 0x1.d7a37p-4
        y = y * m + 0x1.de4a34p-4
        y = y * m - 0x1.fcba9ep-4
        y = y * m + 0x1.23d37ep-3
        y = y * m - 0x1.555ca0p-3
        y = y * m + 0x1.999d58p-3
        y = y * m - 0x1.fffff8p-3
        y = y * m + 0x1.555554p-2
        y = y * m * z
        let fe = Lanes.Samples(e)
        y = y + fe * -0x1.bd0106p-13
        y = y - z * 0.5
        return m + y + fe * 0x1.63p-1
    }

    /// `sqrt(x)` for 16 `x ≥ 0`, correctly rounded (IEEE 754), so it equals the native kernels'
    /// `vsqrtps` bit for bit.
    @inlinable @inline(__always)
    package static func sqrt(_ x: Lanes.Samples) -> Lanes.Samples {
        x.squareRoot()
    }
}
