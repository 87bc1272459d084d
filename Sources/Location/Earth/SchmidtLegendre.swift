/// Schmidt semi-normalised associated Legendre functions `Pₙᵐ(cos θ)` and their derivatives with respect to
/// the colatitude `θ`, the basis of geomagnetic spherical-harmonic models.
///
/// `Pₙᵐ = √(2 (n − m)! / (n + m)!) Pₙ,ₘ` for `m > 0` and `Pₙ⁰ = Pₙ` (no Condon–Shortley phase). The recursion
/// is the standard one: `P₀⁰ = 1`, `P₁¹ = sin θ`,
/// `Pₙⁿ = √((2n − 1) / 2n) sin θ Pₙ₋₁ⁿ⁻¹` for n ≥ 2, and for m < n
/// `Pₙᵐ = ((2n − 1) cos θ Pₙ₋₁ᵐ − √((n − 1)² − m²) Pₙ₋₂ᵐ) / √(n² − m²)`;
/// the derivatives follow by differentiating each step, so nothing divides by `sin θ` and the poles are
/// regular. The square-root factors are computed once, at `init`. Stable for the degrees used here
/// (relative error about 10⁻¹⁵ at degree 12).
struct SchmidtLegendre: Sendable {
    /// Maximum degree.
    let degree: Int
    /// Per `k = n (n + 1) / 2 + m`, m < n: `(2n − 1) / √(n² − m²)` and `√((n − 1)² − m²) / √(n² − m²)`;
    /// per k with m = n ≥ 2: `√((2n − 1) / 2n)` in `first`.
    let first, second: [Double]

    /// The factors up to `degree` (≥ 1).
    init(degree: Int) {
        precondition(degree >= 1, "degree must be at least 1")
        self.degree = degree
        let count = (degree + 1) * (degree + 2) / 2
        var first = [Double](repeating: 0, count: count)
        var second = first
        for n in 2...max(degree, 2) where n <= degree {
            let row = n * (n + 1) / 2
            for m in 0..<n {
                let scale = 1 / Double(n * n - m * m).squareRoot()
                first[row + m] = Double(2 * n - 1) * scale
                second[row + m] = m <= n - 2 ? Double((n - 1) * (n - 1) - m * m).squareRoot() * scale : 0
            }
            first[row + n] = (Double(2 * n - 1) / Double(2 * n)).squareRoot()
        }
        self.first = first
        self.second = second
    }

    /// Fills `p[k]` and `dp[k]`, `k = n (n + 1) / 2 + m`, for `0 ≤ m ≤ n ≤ degree`.
    /// - Parameters:
    ///   - cosTheta: `cos θ` (the sine of the geocentric latitude).
    ///   - sinTheta: `sin θ` (≥ 0).
    ///   - p: Room for `(degree + 1) (degree + 2) / 2` values of `Pₙᵐ`.
    ///   - dp: The same room for `dPₙᵐ/dθ`.
    func fill(
        cosTheta x: Double, sinTheta s: Double,
        p: UnsafeMutableBufferPointer<Double>, dp: UnsafeMutableBufferPointer<Double>
    ) {
        p[0] = 1
        dp[0] = 0
        p[1] = x  // P₁⁰
        dp[1] = -s
        p[2] = s  // P₁¹
        dp[2] = x
        guard degree >= 2 else { return }
        let degree = degree
        first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                for n in 2...degree {
                    let row = n * (n + 1) / 2
                    let previous = (n - 1) * n / 2
                    let before = (n - 2) * (n - 1) / 2
                    for m in 0..<n {
                        let a = first[row + m]
                        var value = a * x * p[previous + m]
                        var slope = a * (x * dp[previous + m] - s * p[previous + m])
                        if m <= n - 2 {
                            let b = second[row + m]
                            value -= b * p[before + m]
                            slope -= b * dp[before + m]
                        }
                        p[row + m] = value
                        dp[row + m] = slope
                    }
                    let d = first[row + n]
                    p[row + n] = d * s * p[previous + n - 1]
                    dp[row + n] = d * (s * dp[previous + n - 1] + x * p[previous + n - 1])
                }
            }
        }
    }
}
