import Foundation

/// The geometric sum `S(ν) = Σₙ e^{2πiνn}` over the samples `n = start ..< start + count` of a record,
/// in closed form: `e^{iπν(2·start + count − 1)} · sin(πν·count) / sin(πν)` (`count` where `ν` is a
/// whole number of turns).
///
/// The inner products of the fit's regressors are such sums (`cos a·cos b = ½[cos(a − b) + cos(a + b)]`),
/// so the normal matrix of `K` lines costs `O(K²)` evaluations instead of `O(N·K²)` products.
/// Every angle is reduced modulo one turn in double-double (``TurnRate/turns(at:)``) before its sine
/// or cosine is taken, so the sum is accurate to about `10⁻¹⁵·count` for any record position.
enum DirichletSum {
    /// `S(ν)` for the record `start ..< start + count`, as `(re, im)`.
    static func sum(_ rate: TurnRate, start: Int, count: Int) -> (re: Double, im: Double) {
        let nu = rate.reduced
        let n = Double(count)
        let magnitude: Double
        let s = sin(Double.pi * nu.value)
        if abs(nu.value) < 1e-300 || abs(s) < 1e-300 {
            magnitude = n
        } else {
            // sin(πν·count) with ν·count reduced modulo 2: 2·frac(ν/2 · count).
            let x = 2 * nu.half.turns(at: count)
            magnitude = sin(Double.pi * x) / s
        }
        // Phase: πν(2·start + count − 1) = 2π·[ν·start + (ν/2)·(count − 1)] (no overflow for start < 2⁶²).
        let angle = nu.turns(at: start) + nu.half.turns(at: count - 1)
        let p = TurnRate.phasor(turns: angle)
        return (magnitude * p.re, magnitude * p.im)
    }
}
