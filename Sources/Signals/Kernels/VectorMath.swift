/// Vectorised `log` and `sqrt` for `Float` lanes, written with operations that stay in vector
/// registers (the standard library's `SIMD.squareRoot()` and `pointwiseMax` run lane by lane).
public enum VectorMath {
    /// `ln(x)` for 16 positive, normal `x` (Cephes `logf`: relative error ≤ 2 ulp).
    @inlinable @inline(__always)
    public static func log(_ x: Lanes.Samples) -> Lanes.Samples {
        let bits = unsafeBitCast(x, to: Lanes.Words.self)
        var e = Lanes.Ints(truncatingIfNeeded: bits &>> 23) &- 126
        var m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F00_0000, to: Lanes.Samples.self)   // [0.5, 1)
        let small = m .< 0.707106781186547524
        e = e.replacing(with: e &- 1, where: small)
        m = (m + m.replacing(with: 0, where: .!small)) - 1
        let z = m * m
        var y = Lanes.Samples(repeating: 7.0376836292e-2)
        y = y * m - 1.1514610310e-1
        y = y * m + 1.1676998740e-1
        y = y * m - 1.2420140846e-1
        y = y * m + 1.4249322787e-1
        y = y * m - 1.6668057665e-1
        y = y * m + 2.0000714765e-1
        y = y * m - 2.4999993993e-1
        y = y * m + 3.3333331174e-1
        y = y * m * z
        let fe = Lanes.Samples(e)
        y = y + fe * -2.12194440e-4
        y = y - z * 0.5
        return m + y + fe * 0.693359375
    }

    /// `sqrt(x)` for 16 `x ≥ 0` (relative error ≤ 3e-7; exactly 0 for `x < 1e-30`), by three Newton
    /// steps on the reciprocal square root from a bit-level first guess.
    @inlinable @inline(__always)
    public static func sqrt(_ x: Lanes.Samples) -> Lanes.Samples {
        let tiny = x .< 1e-30
        let v = x.replacing(with: 1, where: tiny)
        let bits = unsafeBitCast(v, to: Lanes.Words.self)
        var y = unsafeBitCast(0x5F37_5A86 &- (bits &>> 1), to: Lanes.Samples.self)
        let half = v * 0.5
        y = y * (1.5 - half * y * y)
        y = y * (1.5 - half * y * y)
        y = y * (1.5 - half * y * y)
        return (v * y).replacing(with: 0, where: tiny)
    }
}
