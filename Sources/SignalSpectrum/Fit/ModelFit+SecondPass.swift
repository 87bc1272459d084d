import Signals

extension ModelFit {
    /// What the second pass measured: the residual's sum of squares, and the projections of the
    /// frequency steps.
    struct SecondPass {
        /// Σ residual² after the fit (signal units²).
        var sumSquares: Double
        /// The lines (candidate indices) whose frequency is stepped: fitted, at least 2 bins from DC and
        /// Nyquist.
        var frequencyLines: Set<Int>
        /// Each such line's `P₁ = Σ (n − n_c)·r[n]·e^{−2πiνn}`.
        var frequencyProjection: [Int: (re: Double, im: Double)]
        /// Within 10 bins of DC or Nyquist, `Σ(∂model/∂f)²` summed exactly, per line.
        var edgeDenominator: [Int: Double]
    }

    /// Step 7 of the fit, the second pass: the residual `x − m − Φ·δ` in place (`residual`, Float), its
    /// sum of squares, and for each line the projection `Σ (n − n_c)·r[n]·e^{−2πiνn}` of its frequency
    /// step (folded onto the grid's period and read from one FFT, or per line). On the grid the
    /// correction `Φ·δ` is periodic: one table of `Q` values when `Q ≤ N`.
    func secondPass(
        residual: UnsafeMutablePointer<Float>, fft: RealFFT, waveform: Waveform, layout: Layout,
        solution: Solution, excluded: Set<Int>, scratch: Scratch
    ) throws(SignalError) -> SecondPass {
        let n = frameCount
        let chirpSlot = waveform.chirpSlot
        let candidates = layout.candidates
        let lineIndices = layout.lineIndices
        let grid = layout.grid
        let regressorRate = layout.regressorRate
        let lineGenerators = layout.lineGenerators
        let delta = solution.delta
        let fitted = solution.fitted
        let block = scratch.block
        let keepLines = scratch.keepLines
        let model = scratch.model
        let r = scratch.r
        let re = scratch.re
        let im = scratch.im
        let period = grid?.period ?? 1
        let center = Double(start) + Double(n - 1) / 2
        /// Candidate `k`'s fitted steps `δ` of its cosine and sine regressors (0 for a line without a sine).
        func coefficients(_ k: Int) -> (cosine: Double, sine: Double) {
            (delta[candidates[k].cosine], candidates[k].sine.map { delta[$0] } ?? 0)
        }
        let fittedLines = lineIndices.filter { !excluded.contains($0) }
        let frequencyLines = Set(
            fittedLines.filter { k in
                guard case .line(let rate, _, let atNyquist) = candidates[k].kind, !atNyquist else { return false }
                let bins = abs(rate.reduced.value) * Double(n)
                return bins >= 2 && (0.5 - abs(rate.reduced.value)) * Double(n) >= 2
            })
        let nearEdge = Set(
            frequencyLines.filter { k in
                guard case .line(let rate, _, _) = candidates[k].kind else { return false }
                let bins = abs(rate.reduced.value) * Double(n)
                return bins < 10 || (0.5 - abs(rate.reduced.value)) * Double(n) < 10
            })
        // On the grid, the correction is periodic: one table of Q values when Q ≤ N.
        var table: UnsafeMutablePointer<Double>?
        defer { table?.deallocate() }
        if let grid, grid.period <= n {
            let t = UnsafeMutablePointer<Double>.allocate(capacity: grid.period + Phasors.lanes)
            t.initialize(repeating: delta[0], count: grid.period + Phasors.lanes)
            var j0 = 0
            while j0 < grid.period {
                let count = min(block, grid.period - j0)
                for k in fittedLines {
                    lineGenerators[k].fill(anchor: regressorRate[k].turns(at: j0), count: count, re: re, im: im)
                    let (dc, ds) = coefficients(k)
                    BlockMath.addCombination(t + j0, dc, re, ds, im, count: count)
                }
                j0 += count
            }
            table = t
        }
        let fold1 = UnsafeMutablePointer<Double>.allocate(capacity: period)
        fold1.initialize(repeating: 0, count: period)
        defer { fold1.deallocate() }
        var measuredPhasor = [Int: (re: Double, im: Double)]()
        for m in measurements {
            if let k = candidates.indices.first(where: { candidates[$0].cosine == m.component.cosine }) {
                measuredPhasor[k] = m.measured
            }
        }
        var frequencyProjection = [Int: (re: Double, im: Double)]()
        var edgeDenominator = [Int: Double]()
        var sumSquares = 0.0
        let slots = Dictionary(uniqueKeysWithValues: lineIndices.enumerated().map { ($1, $0) })
        // Where line k's phasors go: its own buffer when kept (direct projections need them after the
        // residual is formed), else the shared scratch.
        func buffers(_ k: Int) -> (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) {
            keepLines ? scratch.line(slots[k] ?? 0) : (re, im)
        }
        var offset = 0
        while offset < n {
            let count = min(block, n - offset)
            let index = start + offset
            // The correction Φ·δ: DC, lines (from the periodic table on the grid), chirps. Without chirps the
            // table's runs are subtracted directly.
            let chirpsFitted = fitted.contains { candidates[$0].isChirp }
            if let table, let grid, !chirpsFitted {
                grid.forEachRun(from: index, count: count) { i, j, run in
                    sumSquares += BlockMath.correct(residual + offset + i, minus: table + j, into: r + i, count: run)
                }
            } else {
                if let table, let grid {
                    grid.forEachRun(from: index, count: count) { i, j, run in
                        BlockMath.copy(model + i, table + j, count: run)
                    }
                } else {
                    BlockMath.fill(model, delta[0], count: count)
                    for k in fittedLines {
                        let (zr, zi) = buffers(k)
                        lineGenerators[k].fill(anchor: regressorRate[k].turns(at: index), count: count, re: zr, im: zi)
                        let (dc, ds) = coefficients(k)
                        BlockMath.addCombination(model, dc, zr, ds, zi, count: count)
                    }
                }
                for k in fitted where candidates[k].isChirp {
                    guard case .chirp(let termIndex, let chirp) = candidates[k].kind, let slot = chirpSlot[termIndex]
                    else { continue }
                    let (ur, ui) = scratch.chirp(slot)
                    chirp.fill(start: index, count: count, re: ur, im: ui)
                    let (dc, ds) = coefficients(k)
                    BlockMath.addCombination(model, dc, ur, ds, ui, count: count)
                }
                sumSquares += BlockMath.correct(residual + offset, minus: model, into: r, count: count)
            }
            // The frequency steps' projections: folded on the grid, else per line.
            if let grid, !frequencyLines.isEmpty {
                grid.forEachRun(from: index, count: count) { i, j, run in
                    BlockMath.accumulateWeighted(fold1 + j, r + i, base: Double(index + i) - center, count: run)
                }
            }
            for k in frequencyLines where grid == nil || nearEdge.contains(k) {
                var (zr, zi) = buffers(k)
                if grid != nil {
                    // Not filled above: the grid's correction came from the table.
                    (zr, zi) = (re, im)
                    lineGenerators[k].fill(anchor: regressorRate[k].turns(at: index), count: count, re: zr, im: zi)
                }
                let m = measuredPhasor[k] ?? candidates[k].expected
                let (pr, pi, den) = BlockMath.frequencySums(r, zr, zi, base: Double(index) - center, c: m, count: count)
                if grid == nil {
                    let old = frequencyProjection[k] ?? (0, 0)
                    frequencyProjection[k] = (old.re + pr, old.im + pi)
                }
                if nearEdge.contains(k) { edgeDenominator[k, default: 0] += den }
            }
            offset += count
        }
        if let grid, !frequencyLines.isEmpty, grid.period > 1 {
            let bins = try fft.forward(Array(UnsafeBufferPointer(start: fold1, count: grid.period)))
            for (j, k) in lineIndices.enumerated() where frequencyLines.contains(k) {
                frequencyProjection[k] = (bins.real[grid.harmonics[j]], bins.imaginary[grid.harmonics[j]])
            }
        }
        return SecondPass(
            sumSquares: sumSquares, frequencyLines: frequencyLines, frequencyProjection: frequencyProjection,
            edgeDenominator: edgeDenominator)
    }
}
