/// A common period of a set of line frequencies: every rate `νₖ` is `mₖ/Q` turns per sample to within a
/// negligible phase error over the record, so each line is harmonic `mₖ` of a `Q`-sample period.
///
/// Then the projections of `N` samples onto every line at once are one pass folding the samples modulo
/// `Q` (`y[j] = Σ_{n ≡ j} x[n]`) and one `Q`-point FFT: `Σₙ x[n]·e^{−2πimₖn/Q} = Y[mₖ]`, O(N + Q log Q)
/// instead of O(N·K). "Round" frequencies (1 Hz and a 5 Hz square's harmonics at 1 kHz: `Q = 1000`)
/// always have one.
struct LineGrid: Sendable, Hashable {
    /// The common period `Q` (samples).
    let period: Int
    /// The harmonic number `mₖ` of each line (`0 < mₖ ≤ Q/2`).
    let harmonics: [Int]

    /// Splits samples `index ..< index + count` where they wrap around the period: `body(i, j, run)` for
    /// each piece, `i` its offset from `index`, `j` its position in the period (`(index + i) mod Q`).
    @inline(__always)
    func forEachRun(from index: Int, count: Int, _ body: (_ i: Int, _ j: Int, _ run: Int) -> Void) {
        var j = index % period
        var i = 0
        while i < count {
            let run = min(count - i, period - j)
            body(i, j, run)
            i += run
            j += run
            if j == period { j = 0 }
        }
    }

    /// The largest phase error (turns, over the whole record) accepted when a rate is replaced by `m/Q`.
    static let phaseTolerance = 1e-9

    /// The common period of `rates` (each in `(0, 1/2]` turn per sample) for a record of `frames` samples,
    /// or nil when none is at most `limit`.
    ///
    /// Each rate's period is the denominator of the first convergent `p/q` of its continued fraction
    /// with `|ν − p/q|·frames ≤` ``phaseTolerance`` (convergents are the best approximations, so this is
    /// the smallest such `q`); `Q` is their least common multiple.
    init?(rates: [TurnRate], frames: Int, limit: Int) {
        var q = 1
        var periods: [(p: Int, q: Int)] = []
        for rate in rates {
            guard let f = LineGrid.fraction(rate, frames: frames, limit: limit) else { return nil }
            let g = LineGrid.gcd(q, f.q)
            let (lcm, overflow) = (q / g).multipliedReportingOverflow(by: f.q)
            guard !overflow, lcm <= limit else { return nil }
            q = lcm
            periods.append(f)
        }
        period = q
        harmonics = periods.map { $0.p * (q / $0.q) }
    }

    /// The smallest `p/q` (`q ≤ limit`) within the phase tolerance of `rate`, by continued fractions.
    static func fraction(_ rate: TurnRate, frames: Int, limit: Int) -> (p: Int, q: Int)? {
        let nu = rate.value
        guard nu.isFinite, nu >= 0, nu <= 1 else { return nil }
        let n = Double(max(frames, 1))
        var x = nu
        var h1 = 1
        var h2 = 0
        var k1 = 0
        var k2 = 1  // convergents h/k
        for _ in 0..<64 {
            let a = x.rounded(.down)
            guard a < Double(Int.max / 4) else { return nil }
            let ai = Int(a)
            let (ah, o1) = ai.multipliedReportingOverflow(by: h1)
            let (ak, o2) = ai.multipliedReportingOverflow(by: k1)
            guard !o1, !o2 else { return nil }
            let h = ah + h2
            let k = ak + k2
            guard k <= limit else { return nil }
            // |ν·k − h| exactly: the product's error by fused multiply-add, plus the rate's remainder.
            let hd = Double(h)
            let kd = Double(k)
            let product = rate.high * kd
            let productError = (-product).addingProduct(rate.high, kd)
            let err = abs((product - hd) + productError + rate.low * kd)
            if err / kd * n <= phaseTolerance, k > 0 { return (h, k) }
            let frac = x - a
            guard frac > 1e-300 else { return nil }
            x = 1 / frac
            h2 = h1
            h1 = h
            k2 = k1
            k1 = k
        }
        return nil
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var a = a
        var b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
