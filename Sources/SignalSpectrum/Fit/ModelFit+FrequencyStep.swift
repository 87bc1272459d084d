extension ModelFit {
    /// Step 8 of the fit: one Gauss–Newton step for each line's frequency, from the second pass's
    /// projections. The model's derivative along ω is d[n] = −(n − n_c)·Im(c·e^{iωn}); Δω = ⟨r, d⟩/⟨d, d⟩
    /// with ⟨r, d⟩ = −Im(c·conj(P₁)) and ⟨d, d⟩ ≈ |c|²·Σ(n − n_c)²/2 = |c|²·N(N² − 1)/24 (summed exactly
    /// near DC and Nyquist). Sets each stepped line's ``Measurement/frequencyOffset`` and its denominators.
    ///
    /// Static, so that it can update the fit's `measurements` in place.
    static func stepFrequencies(
        _ measurements: inout [Measurement], candidates: [Component], pass: SecondPass,
        frames n: Int, sampleRate: Double
    ) {
        let frequencyLines = pass.frequencyLines
        let frequencyProjection = pass.frequencyProjection
        let edgeDenominator = pass.edgeDenominator
        let nd = Double(n)
        for index in measurements.indices {
            let c = measurements[index].component
            guard let k = candidates.indices.first(where: { candidates[$0].cosine == c.cosine }),
                frequencyLines.contains(k), let p1 = frequencyProjection[k]
            else { continue }
            let m = measurements[index].measured
            let magnitude2 = m.re * m.re + m.im * m.im
            let denominator = edgeDenominator[k] ?? magnitude2 * nd * (nd * nd - 1) / 24
            guard denominator > 0 else { continue }
            let numerator = -(m.im * p1.re - m.re * p1.im)
            let deltaOmega = numerator / denominator  // turns·2π per sample
            measurements[index].frequencyOffset = deltaOmega * sampleRate / (2 * Double.pi)
            measurements[index].frequencyDenominator = denominator
            // The precision a line of the expected amplitude has: the generic sum, or near DC and Nyquist the
            // exact one scaled from the measured phasor while that is within a factor 2 of the expected.
            let e = c.expected
            let expected2 = e.re * e.re + e.im * e.im
            let scaled = edgeDenominator[k].flatMap { den in
                magnitude2 >= expected2 / 4 && magnitude2 <= 4 * expected2 ? den * expected2 / magnitude2 : nil
            }
            measurements[index].expectedFrequencyDenominator = scaled ?? expected2 * nd * (nd * nd - 1) / 24
        }
    }
}
