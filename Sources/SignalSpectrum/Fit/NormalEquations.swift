/// The normal equations `G·x = b` of a linear least-squares fit, solved in Double.
///
/// `G` is scaled to a unit diagonal (`Ĝ = S·G·S`, `S = diag(G)^{-1/2}`: the Jacobi scaling that makes the
/// condition number depend on the regressors' angles only), then factored `Ĝ = L·Lᵀ` (Cholesky) taking
/// the parameters in a given order. A parameter whose pivot (the squared sine of its angle to the span of
/// the ones accepted before it) falls below `pivotFloor` is numerically dependent on them: it is rejected,
/// not divided by, so the factorisation never fails and the caller learns which regressors the record
/// cannot separate. With a pivot floor of `10⁻¹⁰` the condition number of the accepted set stays below
/// about `10¹⁰·P`, so the solution carries at most `10⁻⁶` relative rounding error, and usually far less.
///
/// `(G⁻¹)ᵢⱼ` (``Factor/covariance(_:_:)``) scales the noise into parameter variances: a fit to white
/// noise of deviation σ has `cov(xᵢ, xⱼ) = σ²·(G⁻¹)ᵢⱼ`.
struct NormalEquations {
    /// Number of parameters `P`.
    let size: Int
    /// `G`, row-major `P × P` (kept symmetric by the subscript).
    private(set) var matrix: [Double]

    /// A zero `size × size` system.
    init(size: Int) {
        self.size = size
        matrix = [Double](repeating: 0, count: size * size)
    }

    /// `Gᵢⱼ` (setting it sets `Gⱼᵢ` too).
    subscript(i: Int, j: Int) -> Double {
        get { matrix[i * size + j] }
        set {
            matrix[i * size + j] = newValue
            matrix[j * size + i] = newValue
        }
    }

    /// The factorisation of the accepted parameters.
    struct Factor {
        /// Parameters accepted, in factorisation order.
        let accepted: [Int]
        /// Parameters rejected as dependent (or with a zero regressor).
        let rejected: [Int]
        /// `1/√Gᵢᵢ` per parameter (0 for a zero regressor).
        let scale: [Double]
        /// Position of each parameter in `accepted` (−1 when rejected).
        let position: [Int]
        /// `L` of the scaled accepted submatrix, row-major `m × m`.
        let lower: [Double]
        /// `(L⁻¹)ᵀ`, row-major `m × m` (row `p` is column `p` of `L⁻¹`).
        let inverseTransposed: [Double]

        /// `x` with `G_A·x_A = b_A` on the accepted parameters and 0 on the rejected ones.
        func solve(_ b: [Double]) -> [Double] {
            let m = accepted.count
            var y = [Double](repeating: 0, count: m)
            for p in 0..<m {
                var s = b[accepted[p]] * scale[accepted[p]]
                for q in 0..<p { s -= lower[p * m + q] * y[q] }
                y[p] = s / lower[p * m + p]
            }
            for p in stride(from: m - 1, through: 0, by: -1) {
                var s = y[p]
                for q in (p + 1)..<max(p + 1, m) { s -= lower[q * m + p] * y[q] }
                y[p] = s / lower[p * m + p]
            }
            var x = [Double](repeating: 0, count: scale.count)
            for p in 0..<m { x[accepted[p]] = y[p] * scale[accepted[p]] }
            return x
        }

        /// `(G_A⁻¹)ᵢⱼ` for accepted parameters `i`, `j` (original indices); 0 if either is rejected.
        func covariance(_ i: Int, _ j: Int) -> Double {
            let p = position[i]
            let q = position[j]
            guard p >= 0 && q >= 0 else { return 0 }
            let m = accepted.count
            var s = 0.0
            // Column p of L⁻¹ is zero above row p: start at max(p, q).
            for r in max(p, q)..<m { s += inverseTransposed[p * m + r] * inverseTransposed[q * m + r] }
            return s * scale[i] * scale[j]
        }

        /// Largest eigenvalue of the 2 × 2 block `(G⁻¹)` of parameters `i`, `j` (or `(G⁻¹)ᵢᵢ` when `j` is nil):
        /// the variance factor of the worst direction in that plane.
        func blockVariance(_ i: Int, _ j: Int?) -> Double {
            guard let j else { return covariance(i, i) }
            let a = covariance(i, i)
            let d = covariance(j, j)
            let b = covariance(i, j)
            let mean = (a + d) / 2
            let spread = ((a - d) * (a - d) / 4 + b * b).squareRoot()
            return mean + spread
        }

        /// The scaled matrix entry `Ĝᵢⱼ`, the cosine of the angle between regressors `i` and `j`.
        static func correlation(_ g: NormalEquations, _ scale: [Double], _ i: Int, _ j: Int) -> Double {
            g[i, j] * scale[i] * scale[j]
        }
    }

    /// Factors the parameters in `order` (each index at most once), rejecting those whose pivot is
    /// below `pivotFloor` (relative to the unit diagonal) and those whose regressor is zero.
    /// - Complexity: O(m³) for `m` accepted parameters, plus O(m²) per rejected one.
    func factor(order: [Int], pivotFloor: Double = 1e-10) -> Factor {
        var scale = [Double](repeating: 0, count: size)
        for i in 0..<size where self[i, i] > 0 { scale[i] = 1 / self[i, i].squareRoot() }
        var accepted: [Int] = []
        var rejected: [Int] = []
        var rows: [[Double]] = []  // rows of L, row p has p + 1 entries
        for j in order {
            guard scale[j] > 0 else {
                rejected.append(j)
                continue
            }
            let m = accepted.count
            var row = [Double](repeating: 0, count: m + 1)
            var norm = 0.0
            for p in 0..<m {
                var s = self[j, accepted[p]] * scale[j] * scale[accepted[p]]
                let lp = rows[p]
                for q in 0..<p { s -= lp[q] * row[q] }
                let v = s / lp[p]
                row[p] = v
                norm += v * v
            }
            let pivot = 1 - norm
            guard pivot >= pivotFloor else {
                rejected.append(j)
                continue
            }
            row[m] = pivot.squareRoot()
            rows.append(row)
            accepted.append(j)
        }
        let m = accepted.count
        var lower = [Double](repeating: 0, count: m * m)
        for p in 0..<m { for q in 0...p { lower[p * m + q] = rows[p][q] } }
        // L⁻¹ column by column (forward substitution on unit vectors), stored transposed.
        var inverseTransposed = [Double](repeating: 0, count: m * m)
        for c in 0..<m {
            // Solve L·v = e_c; v is zero above row c.
            inverseTransposed[c * m + c] = 1 / lower[c * m + c]
            for r in (c + 1)..<max(c + 1, m) {
                var s = 0.0
                for q in c..<r { s -= lower[r * m + q] * inverseTransposed[c * m + q] }
                inverseTransposed[c * m + r] = s / lower[r * m + r]
            }
        }
        var position = [Int](repeating: -1, count: size)
        for (p, i) in accepted.enumerated() { position[i] = p }
        return Factor(
            accepted: accepted, rejected: rejected, scale: scale, position: position,
            lower: lower, inverseTransposed: inverseTransposed)
    }
}
