/// Vectorised `sin` of an integer phase.
@usableFromInline package enum Trig {
    // sin(2πy) ≈ y·P(y²) on |y| ≤ 1/4 turn; minimax-style fit, approximation error 3.4e-9,
    // float evaluation error ≤ 2e-7 (measured against a Double reference over the whole range).
    // Hex literals: the exact Float values the native kernels (CSignalKernels) use too.
    @usableFromInline static let c1: Float = 0x1.921fb4p+2      // 6.2831851600893485
    @usableFromInline static let c3: Float = -0x1.4abbb6p+5     // -41.341655031388804
    @usableFromInline static let c5: Float = 0x1.46676ep+6      // 81.6010040716726
    @usableFromInline static let c7: Float = -0x1.3232fap+6     // -76.54978225954866
    @usableFromInline static let c9: Float = 0x1.3c4b2cp+5      // 39.536705822621244

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
        var p = Lanes.Samples(repeating: c9)
        p = p * z + c7
        p = p * z + c5
        p = p * z + c3
        p = p * z + c1
        return p * y
    }
}
