import Foundation

extension ModelFit {
    /// The expected waveform `m` as the two passes synthesise it, block by block.
    struct Waveform {
        /// The channel's terms (empty when its lines are hand-written).
        let terms: [ModelTerm]
        /// Hand-written lines (only when the channel has no terms).
        let handLines: [SpectralLine]
        /// The DC level less the terms' means (their kernels add them back).
        let constant: Double
        /// The chirp terms: index into `terms`, and the chirp.
        let chirpTerms: [(Int, ChirpModel)]
        /// Position of each chirp term (by its index into `terms`) among `chirpTerms`.
        let chirpSlot: [Int: Int]
        /// Phasor generators (lane offsets and steps, computed once): one per term (nil for a term that has
        /// none), one per hand-written line.
        let termGenerators: [Phasors.Generator?]
        let handRates: [TurnRate]
        let handGenerators: [Phasors.Generator]

        init(channel: ExpectedChannel, sampleRate: Double) {
            let terms = channel.terms ?? []
            self.terms = terms
            handLines = channel.terms == nil ? channel.lines : []
            constant = channel.dc - terms.reduce(0) { $0 + $1.mean }
            let chirpTerms = terms.indices.compactMap { i -> (Int, ChirpModel)? in
                if case .chirp(let model, _) = terms[i].shape { (i, model) } else { nil }
            }
            self.chirpTerms = chirpTerms
            chirpSlot = Dictionary(uniqueKeysWithValues: chirpTerms.enumerated().map { ($1.0, $0) })
            termGenerators = terms.map(\.generator)
            handRates = handLines.map { TurnRate(frequency: $0.frequency, sampleRate: sampleRate) }
            handGenerators = handRates.map { Phasors.Generator(rate: $0) }
        }
    }

    /// The components chosen by ``selectComponents(_:)``, and those the record has no room for.
    struct Selection {
        /// Chirps, then lines strongest first, each with its parameter indices (0 is DC).
        var candidates: [Component]
        /// The number of parameters, DC included.
        var parameterTotal: Int
        /// The level below which a line is not fitted one by one (signal units).
        var floor: Double
        /// Lines and chirps left in the model at their expected values (weaker than `floor`, or beyond the
        /// line budget).
        var jointLines: Int
        var jointChirps: Int
        /// Components beyond the record's degrees of freedom, weakest last, with why and the record
        /// (samples) that would have room for every significant component.
        var overflow: [Component]
        var overflowReason: String
        var overflowRequiredFrames: Int
    }

    /// The regressors of the fitted components: the candidates, and the rates their lines use.
    struct Layout {
        var candidates: [Component]
        var parameterTotal: Int
        /// Candidate indices of the lines (the rest are chirps).
        var lineIndices: [Int]
        /// The lines' common period, when folding is cheaper than per-line recurrences.
        var grid: LineGrid?
        /// The rate of each candidate's regressors (exactly `m/Q` on the grid; unused for chirps).
        var regressorRate: [TurnRate]
        /// A phasor generator per candidate, at its regressor rate.
        var lineGenerators: [Phasors.Generator]
    }

    /// Step 1 of the fit: the components to fit one by one, and their parameter indices.
    ///
    /// Lines and chirps at least `floor`, the strongest ``Tolerances/maximumLines`` lines. The floor is
    /// the lineFloor fraction of the reference, or twice the allowance of a lone line in this record (an
    /// amplitude measured on orthogonal regressors has λ = 2/N): a line weaker than that could be
    /// missing and still pass its own check, so it is checked jointly by the residual. Then the record's
    /// degrees of freedom: a record of N samples determines at most N parameters, and with noise
    /// expected, max(8, N/8) of them are kept for the residual that measures it. The weakest components
    /// beyond cannot be separated from the others (their regressors are combinations of the rest). A
    /// noiseless record of exactly one period of a periodic waveform fits every line of it.
    func selectComponents(_ waveform: Waveform) -> Selection {
        let n = frameCount
        let terms = waveform.terms
        let lone = allowance(varianceFactor: 2 / Double(n))
        let floor = max(tolerances.lineFloor * channel.reference, 2 * lone)
        var jointChirps = 0
        var candidates: [Component] = []
        for (i, model) in waveform.chirpTerms {
            guard let c = terms[i].chirpPhasor else { continue }
            if abs(terms[i].gain) >= floor {
                candidates.append(Component(kind: .chirp(term: i, model: model), expected: c, source: terms[i].source))
            } else {
                jointChirps += 1
            }
        }
        let nyquist = sampleRate / 2
        var lineOrder = channel.lines.indices.filter { channel.lines[$0].amplitude >= floor }
        lineOrder.sort { channel.lines[$0].amplitude > channel.lines[$1].amplitude }
        var jointLines = channel.lines.count - lineOrder.count
        if lineOrder.count > tolerances.maximumLines {
            jointLines += lineOrder.count - max(tolerances.maximumLines, 0)
            lineOrder = Array(lineOrder.prefix(max(tolerances.maximumLines, 0)))
        }
        for i in lineOrder {
            let line = channel.lines[i]
            let atNyquist = line.frequency >= nyquist
            candidates.append(
                Component(
                    kind: .line(
                        rate: TurnRate(frequency: line.frequency, sampleRate: sampleRate),
                        frequency: line.frequency, nyquist: atNyquist),
                    expected: (line.real, atNyquist ? 0 : line.imaginary), source: line.source))
        }
        func parameters(_ list: [Component]) -> Int {
            1 + list.reduce(0) { $0 + (($1.isChirp || !isNyquist($1)) ? 2 : 1) }
        }
        let spare = sigma > 0 ? max(8, n / 8) : 0
        let wanted = parameters(candidates)
        var overflow: [Component] = []
        while parameters(candidates) > n - spare, !candidates.isEmpty {
            overflow.append(candidates.removeLast())  // lines follow the chirps, strongest first
        }
        let capacity = sigma > 0 ? max(wanted + 8, Int((Double(wanted) * 8 / 7).rounded(.up))) : wanted
        // Parameter indices: 0 is DC.
        var p = 1
        for k in candidates.indices {
            candidates[k].cosine = p
            p += 1
            if candidates[k].isChirp || !isNyquist(candidates[k]) {
                candidates[k].sine = p
                p += 1
            }
        }
        return Selection(
            candidates: candidates, parameterTotal: p, floor: floor, jointLines: jointLines,
            jointChirps: jointChirps, overflow: overflow,
            overflowReason:
                "the record's \(n) samples determine at most \(n - spare) parameters, fewer than the \(wanted) of every significant component",
            overflowRequiredFrames: capacity)
    }

    /// Step 2 of the fit: the rates of the lines' regressors. When the lines have a common period and
    /// folding the record onto it is cheaper than per-line recurrences (``LineGrid``), each line's rate
    /// is exactly `m/Q`; otherwise its own.
    func layOut(_ candidates: [Component], parameterTotal: Int) -> Layout {
        let n = frameCount
        let lineIndices = candidates.indices.filter { !candidates[$0].isChirp }
        // Folded lines: every rate is in (0, 1/2] turn per sample.
        let rates = lineIndices.map { k -> TurnRate in
            if case .line(let rate, _, _) = candidates[k].kind { return rate }
            return TurnRate(high: 0)
        }
        var grid: LineGrid?
        if !rates.isEmpty, let g = LineGrid(rates: rates, frames: n, limit: min(1 << 24, max(4096, 4 * n))) {
            let q = Double(g.period)
            let k = Double(rates.count)
            let nd = Double(n)
            let gridCost = nd + 5 * q * log2(max(q, 2)) + q * k
            let directCost = 3 * nd * k
            if gridCost < directCost { grid = g }
        }
        // The rates the regressors use: exactly m/Q on the grid.
        var regressorRate = [TurnRate](repeating: TurnRate(high: 0), count: candidates.count)
        for (j, k) in lineIndices.enumerated() {
            if let grid {
                regressorRate[k] = TurnRate(numerator: grid.harmonics[j], denominator: grid.period)
            } else if case .line(let rate, _, _) = candidates[k].kind {
                regressorRate[k] = rate
            }
        }
        // Phasor generators (lane offsets and steps, computed once): one sine and cosine per block each.
        let lineGenerators = regressorRate.map { Phasors.Generator(rate: $0) }
        return Layout(
            candidates: candidates, parameterTotal: parameterTotal, lineIndices: lineIndices, grid: grid,
            regressorRate: regressorRate, lineGenerators: lineGenerators)
    }

    private func isNyquist(_ c: Component) -> Bool {
        if case .line(_, _, let atNyquist) = c.kind { atNyquist } else { false }
    }
}
