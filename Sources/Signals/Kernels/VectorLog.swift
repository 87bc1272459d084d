/// Vectorised natural logarithm for `Float` lanes (Cephes `logf`: relative error ≤ 2 ulp for
/// positive normal inputs).
public enum VectorLog {
    /// `ln(x)` for 16 positive, normal `x`.
    @inlinable @inline(__always)
    public static func log(_ x: Lanes.Samples) -> Lanes.Samples {
        let bits = unsafeBitCast(x, to: SIMD16<UInt32>.self)
        var e = SIMD16<Int32>(truncatingIfNeeded: bits &>> 23) &- 126
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
}
