import Foundation

/// A rate in turns per sample kept as an unevaluated sum `high + low` (a double-double), so that the
/// phase of any sample `n < 2⁶²` is exact to about `10⁻¹⁶` turn.
///
/// A plain `Double` rate `ν` drifts by `n·ν·2⁻⁵³` turn at sample `n`: 2·10⁻⁸ turn at `n = 2²⁸`, the size
/// of a Float rounding. With the remainder kept in `low`, ``turns(at:)`` reduces `ν·n` modulo one turn
/// with exact products (fused multiply-add), so the fit's regressors are the expected lines to within
/// `10⁻¹⁶` turn at every sample.
///
/// ```swift
/// TurnRate(frequency: 1, sampleRate: 1000).turns(at: 1500)   // 0.5 (1.5 turns, reduced)
/// ```
struct TurnRate: Sendable, Hashable {
    /// The leading part (turns per sample).
    var high: Double
    /// The remainder (turns per sample), `|low| ≤ ulp(high)/2` after normalisation.
    var low: Double

    /// Creates a rate from its parts (normalised so that `high` holds the rounded sum).
    init(high: Double, low: Double = 0) {
        let s = high + low
        self.high = s
        self.low = low - (s - high)
    }

    /// `frequency / sampleRate` turns per sample, the division's remainder (exact by fused
    /// multiply-add) kept in ``low``.
    init(frequency: Double, sampleRate: Double) {
        let q = frequency / sampleRate
        self.init(high: q, low: frequency.addingProduct(-q, sampleRate) / sampleRate)
    }

    /// The rate `numerator / denominator` (a harmonic of a common period).
    init(numerator: Int, denominator: Int) {
        let n = Double(numerator)
        let d = Double(denominator)
        let q = n / d
        self.init(high: q, low: n.addingProduct(-q, d) / d)
    }

    /// The rate as a single `Double` (turns per sample).
    var value: Double { high + low }

    /// Sum of two rates (two-sum of the leading parts, remainders added).
    static func + (a: TurnRate, b: TurnRate) -> TurnRate {
        let s = a.high + b.high
        let bb = s - a.high
        let e = (a.high - (s - bb)) + (b.high - bb)
        return TurnRate(high: s, low: e + a.low + b.low)
    }

    /// Difference of two rates.
    static func - (a: TurnRate, b: TurnRate) -> TurnRate { a + TurnRate(high: -b.high, low: -b.low) }

    /// This rate reduced modulo one turn to `(−1/2, 1/2]` (the alias a sampled phasor shows).
    var reduced: TurnRate {
        let whole = high.rounded()
        var r = TurnRate(high: high - whole, low: low)
        if r.value <= -0.5 { r = r + TurnRate(high: 1) }
        if r.value > 0.5 { r = r - TurnRate(high: 1) }
        return r
    }

    /// Half this rate (exact).
    var half: TurnRate { TurnRate(high: high / 2, low: low / 2) }

    /// `ν·n` modulo one turn, in `[0, 1)`, for any integer `n` (negative too).
    ///
    /// `n` is split into `h·2³² + l` (both exact in Double); each product `high·part` is split into
    /// its rounded value and its exact error by fused multiply-add, and every piece is reduced modulo
    /// one before summing, so the error is a few `10⁻¹⁷` turn whatever the size of `ν·n`.
    func turns(at n: Int) -> Double {
        let h = Double(n >> 32) * 0x1p32
        let l = Double(n & 0xFFFF_FFFF)
        let p1 = high * l
        let p2 = high * h
        let e1 = (-p1).addingProduct(high, l)
        let e2 = (-p2).addingProduct(high, h)
        let sum =
            TurnRate.fraction(p1) + TurnRate.fraction(p2) + TurnRate.fraction(e1) + TurnRate.fraction(e2)
            + TurnRate.fraction(low * l) + TurnRate.fraction(low * h)
        return TurnRate.fraction(sum)
    }

    /// `x − ⌊x⌋`, in `[0, 1)` (exact for every finite Double).
    @inline(__always)
    static func fraction(_ x: Double) -> Double {
        let f = x - x.rounded(.down)
        return f < 1 ? f : 0
    }

    /// `(cos 2πt, sin 2πt)` with `t` reduced to `[−1/2, 1/2)` first, so the argument is at most π.
    @inline(__always)
    static func phasor(turns t: Double) -> (re: Double, im: Double) {
        let r = t - t.rounded()
        let angle = 2 * Double.pi * r
        return (cos(angle), sin(angle))
    }
}
