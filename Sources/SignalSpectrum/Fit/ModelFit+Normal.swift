extension ModelFit {
    /// What ``solve(_:factor:excluded:projection:)`` measured: the deviations `δ` of every parameter, DC's,
    /// and a measurement per component fitted.
    struct Solution {
        var delta: [Double]
        var parameterCount: Int
        var measuredDC: Double
        var dcVarianceFactor: Double
        /// Candidate indices of the components fitted (those the record separates).
        var fitted: [Int]
        var measurements: [Measurement]
    }

    /// Step 4 of the fit: the normal matrix `ΦᵀΦ`, closed forms for DC and the lines (``DirichletSum``),
    /// plus the chirps' entries the first pass summed numerically (`chirpGram`).
    func normalMatrix(_ layout: Layout, chirpGram: [Double]) -> NormalEquations {
        let n = frameCount
        let candidates = layout.candidates
        let parameterTotal = layout.parameterTotal
        let lineIndices = layout.lineIndices
        let regressorRate = layout.regressorRate
        var normal = NormalEquations(size: parameterTotal)
        normal[0, 0] = Double(n)
        for k in lineIndices {
            let nu = regressorRate[k]
            let c = candidates[k].cosine
            let s = candidates[k].sine
            let dcSum = DirichletSum.sum(nu, start: start, count: n)
            normal[0, c] = dcSum.re
            if let s { normal[0, s] = dcSum.im }
            for k2 in lineIndices where k2 >= k {
                let mu = regressorRate[k2]
                let minus = DirichletSum.sum(nu - mu, start: start, count: n)
                let plus = DirichletSum.sum(nu + mu, start: start, count: n)
                let c2 = candidates[k2].cosine
                let s2 = candidates[k2].sine
                normal[c, c2] = (minus.re + plus.re) / 2
                if let s, let s2 { normal[s, s2] = (minus.re - plus.re) / 2 }
                if let s2 { normal[c, s2] = (plus.im - minus.im) / 2 }
                // ⟨sin ν, cos μ⟩ = ½ Im[S(ν + μ) + S(ν − μ)].
                if let s, k2 != k { normal[s, c2] = (plus.im + minus.im) / 2 }
            }
        }
        for i in 0..<(chirpGram.isEmpty ? 0 : parameterTotal) {
            for j in 0..<parameterTotal where chirpGram[i * parameterTotal + j] != 0 {
                normal[i, j] = normal[i, j] + chirpGram[i * parameterTotal + j]
            }
        }
        return normal
    }

    /// Step 6 of the fit: solves the normal equations for the deviations `δ` of the accepted parameters,
    /// and measures each component the record separates: measured = expected + δ, with the variance
    /// factor of its `2 × 2` block of `(ΦᵀΦ)⁻¹`.
    func solve(_ layout: Layout, factor: NormalEquations.Factor, excluded: Set<Int>, projection: [Double]) -> Solution {
        let candidates = layout.candidates
        let delta = factor.solve(projection)
        let fitted = candidates.indices.filter { !excluded.contains($0) }
        var measurements: [Measurement] = []
        for k in fitted {
            let c = candidates[k]
            let dr = delta[c.cosine]
            let di = c.sine.map { -delta[$0] } ?? 0  // contribution δc·cos + δs·sin = Re((δc − iδs)e^{iθ})
            measurements.append(
                Measurement(
                    component: c, measured: (c.expected.re + dr, c.expected.im + di),
                    varianceFactor: factor.blockVariance(c.cosine, c.sine)))
        }
        return Solution(
            delta: delta, parameterCount: factor.accepted.count, measuredDC: channel.dc + delta[0],
            dcVarianceFactor: factor.covariance(0, 0), fitted: fitted, measurements: measurements)
    }
}
