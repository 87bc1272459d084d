/// A 128-bit turn fraction (2^128 is one turn), for phases that grow with the square of the sample
/// index (``Chirp``): wrapping arithmetic, exact modulo one turn.
@frozen @usableFromInline
package struct Fixed128: Sendable, Hashable {
    /// High 64 bits (the 64-bit phase that oscillators read).
    @usableFromInline package var high: UInt64
    /// Low 64 bits.
    @usableFromInline package var low: UInt64

    /// Creates a value from its halves.
    @inlinable
    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// `turns + correction` modulo one turn, for any finite `turns` and `correction` (turns).
    ///
    /// Each part is reduced modulo one turn exactly (the fraction of a `Double` is exact), split into two
    /// 64-bit words exactly (a fraction in [0, 1) has at most 53 significant bits, so `t · 2^64` and its
    /// remainder times 2^64 are exact), and the parts are added with wrapping: no loop, no conversion
    /// that can trap, whatever the magnitude. Non-finite inputs give zero (validation refuses them first).
    @inlinable
    package init(turns: Double, correction: Double = 0) {
        self = Fixed128(exactFraction: turns) &+ Fixed128(exactFraction: correction)
    }

    /// `turns` modulo one turn (exact), negative values wrapping.
    @inlinable
    package init(exactFraction turns: Double) {
        guard turns.isFinite else {
            self.init(high: 0, low: 0)
            return
        }
        if turns < 0 {
            // The two's complement of the magnitude: exact (1 − tiny would round to 1 in a Double).
            self = Fixed128(high: 0, low: 0) &- Fixed128(exactFraction: -turns)
            return
        }
        let t = turns - turns.rounded(.down)  // [0, 1), exact for turns ≥ 0
        let scaled = t * 0x1p64  // exact, < 2^64
        let whole = scaled.rounded(.down)
        let rest = (scaled - whole) * 0x1p64  // exact, < 2^64
        self.init(
            high: whole >= 0x1p64 ? UInt64.max : UInt64(whole),
            low: rest >= 0x1p64 ? UInt64.max : UInt64(rest.rounded(.down)))
    }

    /// The 64-bit turn fraction, rounded as `rule` says (`.up`, `.down` or to nearest).
    @inlinable
    package func rounded64(_ rule: FloatingPointRoundingRule) -> UInt64 {
        switch rule {
        case .up: return low == 0 ? high : high &+ 1
        case .down, .towardZero: return high
        default: return low >= 1 << 63 ? high &+ 1 : high
        }
    }

    /// Zero turns.
    @usableFromInline package static let zero = Fixed128(high: 0, low: 0)

    /// Wrapping sum.
    @inlinable @inline(__always)
    package static func &+ (a: Fixed128, b: Fixed128) -> Fixed128 {
        let (lo, carry) = a.low.addingReportingOverflow(b.low)
        return Fixed128(high: a.high &+ b.high &+ (carry ? 1 : 0), low: lo)
    }

    /// Wrapping difference.
    @inlinable @inline(__always)
    package static func &- (a: Fixed128, b: Fixed128) -> Fixed128 {
        let (lo, borrow) = a.low.subtractingReportingOverflow(b.low)
        return Fixed128(high: a.high &- b.high &- (borrow ? 1 : 0), low: lo)
    }

    /// Wrapping product with an integer (modulo 2^128).
    @inlinable
    package static func &* (a: Fixed128, n: Fixed128) -> Fixed128 {
        let p = a.low.multipliedFullWidth(by: n.low)
        let high = p.high &+ a.high &* n.low &+ a.low &* n.high
        return Fixed128(high: high, low: p.low)
    }

    /// The integer `n` (as a 128-bit two's complement value).
    @inlinable
    package init(integer n: Int) {
        high = n < 0 ? UInt64.max : 0
        low = UInt64(bitPattern: Int64(n))
    }

    /// `n²` as a 128-bit integer.
    @inlinable
    package static func square(_ n: Int) -> Fixed128 {
        let m = n.magnitude
        let p = UInt64(m).multipliedFullWidth(by: UInt64(m))
        return Fixed128(high: p.high, low: p.low)
    }
}
