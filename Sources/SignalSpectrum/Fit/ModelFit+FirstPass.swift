import Signals

extension ModelFit {
    /// The per-block buffers both passes share (Double, `width` values each, with room for the phasor
    /// lanes' overrun), allocated once per fit; the caller deallocates them.
    struct Scratch {
        let block: Int
        let width: Int
        /// The expected waveform (first pass) or the correction `Φ·δ` (second pass).
        let model: UnsafeMutablePointer<Double>
        /// The residual of the block.
        let r: UnsafeMutablePointer<Double>
        /// Phasor scratch.
        let re: UnsafeMutablePointer<Double>
        let im: UnsafeMutablePointer<Double>
        /// Each chirp term's phasors, `width` values a chirp.
        let chirpRe: UnsafeMutablePointer<Double>
        let chirpIm: UnsafeMutablePointer<Double>
        /// Whether each line keeps its own phasors (`lineRe`, `lineIm`, `width` values a line): when lines
        /// meet chirps or when the second pass needs them (no grid).
        let keepLines: Bool
        let lineRe: UnsafeMutablePointer<Double>
        let lineIm: UnsafeMutablePointer<Double>

        init(chirps: Int, lines: Int, keepLines: Bool) {
            block = Phasors.blockSize
            width = block + Phasors.lanes
            model = .allocate(capacity: width)
            r = .allocate(capacity: width)
            re = .allocate(capacity: width)
            im = .allocate(capacity: width)
            chirpRe = .allocate(capacity: width * max(chirps, 1))
            chirpIm = .allocate(capacity: width * max(chirps, 1))
            self.keepLines = keepLines
            lineRe = .allocate(capacity: keepLines ? width * max(lines, 1) : 1)
            lineIm = .allocate(capacity: keepLines ? width * max(lines, 1) : 1)
        }

        /// The phasors of the chirp in `slot` (its place in `chirpRe`, `chirpIm`).
        func chirp(_ slot: Int) -> (re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>) {
            (chirpRe + slot * width, chirpIm + slot * width)
        }

        /// The phasors of the line in `slot` (its place in `lineRe`, `lineIm`; only when `keepLines`).
        func line(_ slot: Int) -> (re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>) {
            (lineRe + slot * width, lineIm + slot * width)
        }

        func deallocate() {
            model.deallocate()
            r.deallocate()
            re.deallocate()
            im.deallocate()
            chirpRe.deallocate()
            chirpIm.deallocate()
            lineRe.deallocate()
            lineIm.deallocate()
        }
    }

    /// Step 3 of the fit, the first pass: synthesises the model `m` block by block, forms `r₀ = x − m`
    /// (stored in `residual` as Float), and projects `r₀` on every regressor: DC and the chirps directly,
    /// the lines folded onto the grid's period and read from one FFT, or by phasor recurrences without
    /// a grid. The chirps' entries of the normal matrix have no closed form: they are summed here
    /// (`chirpGram`, `parameterTotal²` values, empty without chirps).
    ///
    /// - Throws: `.nonFinite`, naming the first sample that is NaN or infinite.
    func firstPass(
        _ samples: UnsafeBufferPointer<Float>, residual: UnsafeMutablePointer<Float>, fft: RealFFT,
        waveform: Waveform, layout: Layout, scratch: Scratch
    ) throws(SignalError)
        -> (projection: [Double], chirpGram: [Double])
    {
        let n = frameCount
        let base = samples.baseAddress!  // run(_:residual:fft:) checked it: n > 0 samples
        let terms = waveform.terms
        let handLines = waveform.handLines
        let constant = waveform.constant
        let chirpTerms = waveform.chirpTerms
        let chirpSlot = waveform.chirpSlot
        let termGenerators = waveform.termGenerators
        let handRates = waveform.handRates
        let handGenerators = waveform.handGenerators
        let candidates = layout.candidates
        let parameterTotal = layout.parameterTotal
        let lineIndices = layout.lineIndices
        let grid = layout.grid
        let regressorRate = layout.regressorRate
        let lineGenerators = layout.lineGenerators
        let block = scratch.block
        let keepLines = scratch.keepLines
        let model = scratch.model
        let r = scratch.r
        let re = scratch.re
        let im = scratch.im

        var projection = [Double](repeating: 0, count: parameterTotal)
        let period = grid?.period ?? 1
        let fold = UnsafeMutablePointer<Double>.allocate(capacity: period)
        fold.initialize(repeating: 0, count: period)
        defer { fold.deallocate() }
        // The fitted chirps' candidate indices.
        let fittedChirps = candidates.indices.filter { candidates[$0].isChirp }
        // The chirps' entries of the normal matrix, summed numerically (allocated only when there are chirps).
        var chirpGram = [Double](repeating: 0, count: fittedChirps.isEmpty ? 0 : parameterTotal * parameterTotal)
        func addGram(_ i: Int, _ j: Int, _ v: Double) { chirpGram[i * parameterTotal + j] += v }

        var offset = 0
        while offset < n {
            let count = min(block, n - offset)
            let index = start + offset
            BlockMath.fill(model, constant, count: count)
            for (t, term) in terms.enumerated() {
                term.add(into: model, start: index, count: count, re: re, im: im, generator: termGenerators[t])
            }
            for (h, line) in handLines.enumerated() {
                handGenerators[h].fill(anchor: handRates[h].turns(at: index), count: count, re: re, im: im)
                BlockMath.addCombination(model, line.real, re, -line.imaginary, im, count: count)
            }
            for (slot, (termIndex, chirp)) in chirpTerms.enumerated() {
                let (ur, ui) = scratch.chirp(slot)
                chirp.fill(start: index, count: count, re: ur, im: ui)
                if let g = terms[termIndex].chirpPhasor {
                    BlockMath.addCombination(model, g.re, ur, -g.im, ui, count: count)
                }
            }
            projection[0] += BlockMath.residual(
                base + offset, minus: model, into: r,
                store: residual + offset, count: count)
            if let grid {
                grid.forEachRun(from: index, count: count) { i, j, run in
                    BlockMath.accumulate(fold + j, r + i, count: run)
                }
            }
            if keepLines {
                for (slot, k) in lineIndices.enumerated() {
                    let (zr, zi) = scratch.line(slot)
                    lineGenerators[k].fill(anchor: regressorRate[k].turns(at: index), count: count, re: zr, im: zi)
                    if grid == nil {
                        let (sc, ss) = BlockMath.dots(r, zr, zi, count: count)
                        projection[candidates[k].cosine] += sc
                        if let s = candidates[k].sine { projection[s] += ss }
                    }
                }
            }
            for k in fittedChirps {
                guard case .chirp(let termIndex, _) = candidates[k].kind, let slot = chirpSlot[termIndex] else {
                    continue
                }
                let (ur, ui) = scratch.chirp(slot)
                let c = candidates[k].cosine
                let s = candidates[k].sine ?? c
                let (pc, ps) = BlockMath.dots(r, ur, ui, count: count)
                let (cc, cs) = BlockMath.dots(ur, ur, ui, count: count)
                let (css, _) = BlockMath.dots(ui, ui, ui, count: count)
                var dc = 0.0
                var ds = 0.0
                for i in 0..<count {
                    dc += ur[i]
                    ds += ui[i]
                }
                projection[c] += pc
                projection[s] += ps
                addGram(c, c, cc)
                addGram(s, s, css)
                addGram(c, s, cs)
                addGram(0, c, dc)
                addGram(0, s, ds)
                // Against every line and every other fitted chirp (numeric: no closed form).
                for (slot2, l) in lineIndices.enumerated() {
                    let (zr, zi) = scratch.line(slot2)
                    let (a, e) = BlockMath.dots(ur, zr, zi, count: count)
                    let (f, b) = BlockMath.dots(ui, zr, zi, count: count)
                    let lc = candidates[l].cosine
                    addGram(c, lc, a)
                    addGram(s, lc, f)
                    if let ls = candidates[l].sine {
                        addGram(s, ls, b)
                        addGram(c, ls, e)
                    }
                }
                for k2 in fittedChirps where k2 > k {
                    guard case .chirp(let t2, _) = candidates[k2].kind, let slot2 = chirpSlot[t2] else { continue }
                    let (vr, vi) = scratch.chirp(slot2)
                    let (a, e) = BlockMath.dots(ur, vr, vi, count: count)
                    let (f, b) = BlockMath.dots(ui, vr, vi, count: count)
                    let c2 = candidates[k2].cosine
                    let s2 = candidates[k2].sine ?? c2
                    addGram(c, c2, a)
                    addGram(s, s2, b)
                    addGram(c, s2, e)
                    addGram(s, c2, f)
                }
            }
            offset += count
        }
        // A NaN or infinite sample makes the sum non-finite: name the first one.
        if !projection[0].isFinite, let bad = samples.firstIndex(where: { !$0.isFinite }) {
            throw SignalError(.nonFinite, "sample \(bad) is \(samples[bad]), not a finite number", field: "samples")
        }
        if let grid, grid.period > 1 {
            let bins = try fft.forward(Array(UnsafeBufferPointer(start: fold, count: grid.period)))
            for (j, k) in lineIndices.enumerated() {
                let m = grid.harmonics[j]
                projection[candidates[k].cosine] = bins.real[m]
                if let s = candidates[k].sine { projection[s] = -bins.imaginary[m] }
            }
        }
        return (projection, chirpGram)
    }
}
