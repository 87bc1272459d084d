/// A 128-bit turn fraction (2^128 is one turn), for phases that grow with the square of the sample
/// index (``Chirp``): wrapping arithmetic, exact modulo one turn.
@frozen
public struct Fixed128: Sendable, Hashable {
    /// High 64 bits (the 64-bit phase that oscillators read).
    public var high: UInt64
    /// Low 64 bits.
    public var low: UInt64

    /// Creates a value from its halves.
    @inlinable
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// `turns + correction` modulo one turn, exact for the Double `turns` (negative values wrap,
    /// computed as the two's complement of the magnitude so that no bit is lost).
    @inlinable
    public init(turns: Double, correction: Double = 0) {
        if turns < 0 {
            self = Fixed128.zero &- Fixed128(turns: -turns, correction: -correction)
            return
        }
        var t = turns - turns.rounded(.down)           // exact for turns ≥ 0
        if t >= 1 { t = 0 }
        let scaled = t * 0x1p64
        let whole = scaled.rounded(.down)
        var rest = (scaled - whole) + correction * 0x1p64
        var hi = UInt64(whole)
        while rest < 0 { hi &-= 1; rest += 1 }
        while rest >= 1 { hi &+= 1; rest -= 1 }
        let lowDouble = (rest * 0x1p64).rounded(.down)
        high = hi
        low = lowDouble >= 0x1p64 ? UInt64.max : UInt64(lowDouble)
    }

    /// Zero turns.
    public static let zero = Fixed128(high: 0, low: 0)

    /// Wrapping sum.
    @inlinable @inline(__always)
    public static func &+ (a: Fixed128, b: Fixed128) -> Fixed128 {
        let (lo, carry) = a.low.addingReportingOverflow(b.low)
        return Fixed128(high: a.high &+ b.high &+ (carry ? 1 : 0), low: lo)
    }

    /// Wrapping difference.
    @inlinable @inline(__always)
    public static func &- (a: Fixed128, b: Fixed128) -> Fixed128 {
        let (lo, borrow) = a.low.subtractingReportingOverflow(b.low)
        return Fixed128(high: a.high &- b.high &- (borrow ? 1 : 0), low: lo)
    }

    /// Wrapping product with an integer (modulo 2^128).
    @inlinable
    public static func &* (a: Fixed128, n: Fixed128) -> Fixed128 {
        let p = a.low.multipliedFullWidth(by: n.low)
        let high = p.high &+ a.high &* n.low &+ a.low &* n.high
        return Fixed128(high: high, low: p.low)
    }

    /// The integer `n` (as a 128-bit two's complement value).
    @inlinable
    public init(integer n: Int) {
        high = n < 0 ? UInt64.max : 0
        low = UInt64(bitPattern: Int64(n))
    }

    /// `n²` as a 128-bit integer.
    @inlinable
    public static func square(_ n: Int) -> Fixed128 {
        let m = n.magnitude
        let p = UInt64(m).multipliedFullWidth(by: UInt64(m))
        return Fixed128(high: p.high, low: p.low)
    }
}
