import CSignalKernels

/// Vectorised `sin` of an integer phase.
@usableFromInline package enum Trig {
    // sin(2πy) ≈ y·P(y²) on |y| ≤ 1/4 turn: minimax-style fit, approximation error 3.4e-9, float
    // evaluation error ≤ 2e-7 (measured against a Double reference over the whole range). The
    // coefficients SR_SIN_C1 ... SR_SIN_C9 are written once, in CSignalKernels.h, for this kernel
    // and the native ones.

    /// `sin(2π · phase / 2^32)` for 16 phases given as 32-bit turn fractions.
    ///
    /// Error bound: |error| ≤ 4e-7 (phase quantisation 1.5e-8 turn, conversion 9.4e-8 rad,
    /// polynomial 3.4e-9, float evaluation 2e-7).
    @inlinable @inline(__always)
    package static func sinTurns(_ phase: Lanes.Words) -> Lanes.Samples {
        // Signed turn fraction in [-1/2, 1/2), then fold into [-1/4, 1/4] with sin(π − x) = sin(x),
        // exactly in integers: u ↦ Int32.min − u (wrapping) maps (1/4, 1/2) to (0, 1/4) and
        // [-1/2, -1/4) to (-1/4, 0].
        var u = Lanes.Ints(truncatingIfNeeded: phase)
        let quarter = Lanes.Ints(repeating: 1 << 30)
        let outside = (u .> quarter) .| (u .< 0 &- quarter)
        u = u.replacing(with: Lanes.Ints(repeating: Int32.min) &- u, where: outside)
        let y = Lanes.Samples(u) * Float(0x1p-32)
        let z = y * y
        var p = Lanes.Samples(repeating: SR_SIN_C9)
        p = p * z + SR_SIN_C7
        p = p * z + SR_SIN_C5
        p = p * z + SR_SIN_C3
        p = p * z + SR_SIN_C1
        return p * y
    }
}
