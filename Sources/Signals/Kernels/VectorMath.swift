import CSignalKernels

/// Vectorised `log` and `sqrt` for `Float` lanes: `log` is written with operations that stay in vector
/// registers; `sqrt` is the correctly rounded IEEE square root (the native kernels use `vsqrtps`, which
/// rounds the same way, so both paths agree bit for bit).
@usableFromInline package enum VectorMath {
    /// `ln(x)` for 16 positive, normal `x` (Cephes `logf`: relative error ≤ 2 ulp). The constants
    /// `SR_LOG_*` are written once, in CSignalKernels.h, for this kernel and the native ones.
    @inlinable @inline(__always)
    package static func log(_ x: Lanes.Samples) -> Lanes.Samples {
        let bits = unsafeBitCast(x, to: Lanes.Words.self)
        var e = Lanes.Ints(truncatingIfNeeded: bits &>> 23) &- 126
        var m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F00_0000, to: Lanes.Samples.self)  // [0.5, 1)
        let small = m .< SR_LOG_SQRTHF
        e = e.replacing(with: e &- 1, where: small)
        m = (m + m.replacing(with: 0, where: .!small)) - 1
        let z = m * m
        var y = Lanes.Samples(repeating: SR_LOG_P0)
        y = y * m + SR_LOG_P1
        y = y * m + SR_LOG_P2
        y = y * m + SR_LOG_P3
        y = y * m + SR_LOG_P4
        y = y * m + SR_LOG_P5
        y = y * m + SR_LOG_P6
        y = y * m + SR_LOG_P7
        y = y * m + SR_LOG_P8
        y = y * m * z
        let fe = Lanes.Samples(e)
        y = y + fe * SR_LOG_LN2_LO
        y = y - z * 0.5
        return m + y + fe * SR_LOG_LN2_HI
    }

    /// `sqrt(x)` for 16 `x ≥ 0`, correctly rounded (IEEE 754), so it equals the native kernels'
    /// `vsqrtps` bit for bit.
    @inlinable @inline(__always)
    package static func sqrt(_ x: Lanes.Samples) -> Lanes.Samples {
        x.squareRoot()
    }
}
