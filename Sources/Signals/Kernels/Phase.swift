/// Integer phase arithmetic of the numerically controlled oscillators.
///
/// A phase is a `UInt64` fraction of one turn: `2^64` is a full turn (2π radians). The phase of sample
/// `n` is `phase0 &+ increment &* n`, computed from the integer index, so there is no accumulated error
/// at any time stamp: the only error is the rounding of `increment` (less than 2^-64 turn per sample,
/// 5.5e-11 turn after 10^9 samples).
@usableFromInline package enum Phase {
    /// One turn as a `Double` (2^64).
    package static let turn: Double = 0x1p64

    /// `frequency / sampleRate` turns per sample as a 64-bit fixed-point increment, rounded up.
    ///
    /// The quotient is taken in double-double precision (the remainder by fused multiply-add), so the
    /// increment is exact to its last bit for any `0 ≤ frequency < sampleRate`. Rounding up (not to
    /// nearest) makes every phase `increment · n` at or just after its exact value, never before it: a
    /// sample that falls exactly on a period boundary (`n / sampleRate = k / frequency`, e.g. sample 100 of
    /// 10 Hz at 1 kHz) is at phase 0 of the new period, so a square, sawtooth or triangle takes the level
    /// its definition gives there (a sawtooth's `−A`), not the one a hair before the jump.
    @inlinable
    package static func increment(frequency: Double, sampleRate: Double) -> UInt64 {
        let q = frequency / sampleRate
        let remainder = frequency.addingProduct(-q, sampleRate)  // f − q·fs, exact by FMA
        return fixed64(q, correction: remainder / sampleRate, rounding: .up)
    }

    /// Converts `turns + correction` (turns) to a 64-bit phase, modulo one turn, rounded by `rounding`
    /// (to nearest by default). Total: any finite inputs, no trap, no loop (see ``Fixed128/init(turns:correction:)``).
    @inlinable
    package static func fixed64(
        _ turns: Double, correction: Double = 0,
        rounding: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) -> UInt64 {
        Fixed128(turns: turns, correction: correction).rounded64(rounding)
    }

    /// The phase of `radians` (any finite value) as a 64-bit turn fraction.
    @inlinable
    package static func fromRadians(_ radians: Double) -> UInt64 {
        fixed64(radians / (2 * Double.pi))
    }
}
