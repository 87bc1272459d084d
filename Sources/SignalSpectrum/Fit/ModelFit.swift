import Foundation

/// The time-domain least-squares fit of one channel: the samples against the exact expected waveform,
/// with the amplitude and phase of every significant line and chirp, and the DC level, left free.
///
/// This generalises the IEEE Std 1057 / 1241 three-parameter sine fit (known frequency; unknown
/// amplitude, phase and offset) to every expected component at once. Writing the samples as
/// `x = m + Φ·δ + noise`, with `m` the expected waveform (``ModelTerm``s, every harmonic included) and
/// `Φ` the regressors `1, cos 2πνₖn, sin 2πνₖn, cos 2πθ_c(n), sin 2πθ_c(n)`, the fit solves the normal
/// equations `(ΦᵀΦ)·δ = Φᵀ(x − m)` in Double. `δ` is each component's deviation from its expected value:
/// measured = expected + δ. The regressors are not orthogonal on a finite record, which is what lets the
/// fit separate lines closer than a window's main lobe (near DC, near Nyquist, a short record): the
/// normal matrix accounts for their overlap exactly (``DirichletSum``).
///
/// Cost: the expected waveform is synthesised once, O(N·terms); the projections `Φᵀ(x − m)` of every line
/// are one fold of the samples modulo the lines' common period `Q` plus a `Q`-point FFT when they have
/// one (``LineGrid``), else O(N·K) vectorised phasor recurrences; the normal matrix is closed-form,
/// O(K²), and its factorisation O(K³) for `K ≤` ``Tolerances/maximumLines`` lines. A second pass forms the
/// residual `x − m − Φ·δ` in place (the caller's FFT input), for the spectral checks.
struct ModelFit {
    /// A fitted component.
    struct Component {
        enum Kind {
            /// A line at `rate` turns per sample; at Nyquist only its cosine regressor exists.
            case line(rate: TurnRate, frequency: Double, nyquist: Bool)
            /// The chirp term at `term` (index into the channel's terms).
            case chirp(term: Int, model: ChirpModel)
        }
        var kind: Kind
        /// The expected complex amplitude `c` (the component is `Re(c·e^{2πiθ(n)})`).
        var expected: (re: Double, im: Double)
        var source: String
        /// Parameter index of its cosine regressor.
        var cosine: Int = 0
        /// Parameter index of its sine regressor (nil at Nyquist).
        var sine: Int?

        var amplitude: Double { (expected.re * expected.re + expected.im * expected.im).squareRoot() }
        var isChirp: Bool { if case .chirp = kind { true } else { false } }
        var frequency: Double? { if case .line(_, let f, _) = kind { f } else { nil } }
    }

    /// A component the record cannot separate from its neighbours.
    struct Unresolved {
        var component: Component
        /// Frequencies (Hz) of the components it overlaps, nearest first (empty: DC or the record's length).
        var neighbours: [Double]
        /// Why.
        var reason: String
        /// Samples a record would need for it to be checked, or nil when no length is known to suffice.
        var requiredFrames: Int?
    }

    /// What the fit measured about a component.
    struct Measurement {
        var component: Component
        /// Measured complex amplitude (expected + δ).
        var measured: (re: Double, im: Double)
        /// Largest eigenvalue of the component's `2 × 2` block of `(ΦᵀΦ)⁻¹` (1/samples²·…): a measured
        /// coordinate's variance is `σ²·λ` under white noise σ.
        var varianceFactor: Double
        /// Frequency offset measured by one Gauss–Newton step (Hz), with its `Σ(∂model/∂f)²` denominator
        /// (signal units²·s²), or nil when not measured (chirps, lines within 2 bins of DC or Nyquist).
        var frequencyOffset: Double?
        var frequencyDenominator: Double = 0
        /// `Σ(∂model/∂f)²` for a line of the *expected* amplitude: what the frequency's precision is
        /// judged by, so that a line that is missing (measured amplitude ≈ 0) cannot pass with an
        /// allowance as large as its own absence makes it.
        var expectedFrequencyDenominator: Double = 0
    }

    // Inputs.
    let channel: ExpectedChannel
    let sampleRate: Double
    let start: Int
    let frameCount: Int
    let tolerances: Tolerances
    /// White-noise deviation expected in the samples (signal units).
    let sigma: Double
    /// Bound on the deterministic per-sample error of a correct render (signal units), see ``errorBound(_:)``.
    let errorBound: Double

    // Results.
    private(set) var measurements: [Measurement] = []
    private(set) var unresolved: [Unresolved] = []
    /// Lines and chirps not fitted one by one (weaker than the floor, or beyond the line budget or the
    /// record's degrees of freedom): they stay in the model at their expected values and are checked
    /// jointly by the residual.
    private(set) var jointLines = 0
    private(set) var jointChirps = 0
    /// Weak lines the record cannot separate from stronger neighbours (below ``Tolerances/unresolvedFloor``
    /// of the reference level): left in the model and checked jointly with those neighbours and by the
    /// residual. Their number, the largest amplitude (signal units), and the record (samples) that would
    /// separate that one.
    private(set) var overlapLines = 0
    private(set) var overlapLargest = 0.0
    private(set) var overlapRequiredFrames: Int?
    /// The level below which a line is not fitted one by one (signal units).
    private(set) var floor = 0.0
    /// DC: measured, and `(ΦᵀΦ)⁻¹` at DC.
    private(set) var measuredDC = 0.0
    private(set) var dcVarianceFactor = 0.0
    /// Σ residual² after the fit (signal units²) and the number of free parameters fitted.
    private(set) var residualSumOfSquares = 0.0
    private(set) var parameterCount = 1
    /// Whether the projections used the common-period fold (``LineGrid``).
    private(set) var usedGrid = false

    /// The deterministic error bound `E` (signal units) of a correct render of `channel`, per sample:
    /// - each term's kernel error, `κ·|gain|` (``ModelTerm/kernelError``; 4·10⁻⁷ for a hand-written line);
    /// - the Float roundings: each Float sum, product or conversion of the render is within 2⁻²⁴ of its
    ///   magnitude, at most `M = Σ|gain| + |dc| + Σ|mean| + 6σ`, once per term and noise source plus twice
    ///   (the final store and the level conversion): `(terms + 2)·2⁻²⁴·M`;
    /// - the residual's own Float store in the first pass, `2⁻²³·M`, and the Double synthesis, `10⁻¹²·M`.
    static func errorBound(_ channel: ExpectedChannel) -> Double {
        let sigma = channel.noiseDeviation
        var kernel = 0.0, magnitude = abs(channel.dc) + 6 * sigma
        var count = channel.noise.count + 2
        if let terms = channel.terms {
            for term in terms {
                kernel += term.kernelError * abs(term.gain)
                magnitude += abs(term.gain) + abs(term.mean)
                count += 1
            }
        } else {
            for line in channel.lines {
                kernel += 4e-7 * line.amplitude
                magnitude += line.amplitude
                count += 1
            }
        }
        return kernel + (Double(count) * 0x1p-24 + 0x1p-23 + 1e-12) * magnitude
    }

    init(channel: ExpectedChannel, sampleRate: Double, start: Int, frameCount: Int, tolerances: Tolerances) {
        self.channel = channel
        self.sampleRate = sampleRate
        self.start = start
        self.frameCount = frameCount
        self.tolerances = tolerances
        sigma = channel.noiseDeviation
        errorBound = ModelFit.errorBound(channel)
    }

    /// The allowance (signal units) of a measured coordinate with variance factor `lambda`: `sigmas`
    /// standard errors of the noise, `σ·√λ`, plus the worst case of the deterministic error `E` projected
    /// on it, `E·√(N·λ)` (Cauchy–Schwarz: `|wᵀ(ΦᵀΦ)⁻¹Φᵀe| ≤ √(wᵀ(ΦᵀΦ)⁻¹w)·‖e‖` and `‖e‖ ≤ √N·E`).
    func allowance(varianceFactor lambda: Double, frames: Int? = nil) -> Double {
        let n = Double(frames ?? frameCount)
        return tolerances.sigmas * sigma * lambda.squareRoot() + errorBound * (n * lambda).squareRoot()
    }

    /// Runs the fit on `samples` and leaves the residual in `residual` (Float, `frameCount` values).
    mutating func run(_ samples: UnsafeBufferPointer<Float>, residual: UnsafeMutablePointer<Float>,
                      fft: RealFFT) throws(SpectrumError) {
        let n = frameCount
        guard let base = samples.baseAddress, samples.count == n, n > 0 else {
            throw SpectrumError(.tooShort, context: "samples", "the fit needs the \(n) samples of the record, got \(samples.count)")
        }
        let terms = channel.terms ?? []
        let handLines = channel.terms == nil ? channel.lines : []
        let constant = channel.dc - terms.reduce(0) { $0 + $1.mean }
        let chirpTerms = terms.indices.compactMap { i -> (Int, ChirpModel)? in
            if case .chirp(let model, _) = terms[i].shape { (i, model) } else { nil }
        }

        // 1. Components to fit: lines and chirps at least `floor`, the strongest `maximumLines` lines.
        // The floor is the lineFloor fraction of the reference, or twice the allowance of a lone line in
        // this record (an amplitude measured on orthogonal regressors has λ = 2/N): a line weaker than
        // that could be missing and still pass its own check, so it is checked jointly by the residual.
        let lone = allowance(varianceFactor: 2 / Double(n))
        floor = max(tolerances.lineFloor * channel.reference, 2 * lone)
        var candidates: [Component] = []
        for (i, model) in chirpTerms {
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
        jointLines = channel.lines.count - lineOrder.count
        if lineOrder.count > tolerances.maximumLines {
            jointLines += lineOrder.count - max(tolerances.maximumLines, 0)
            lineOrder = Array(lineOrder.prefix(max(tolerances.maximumLines, 0)))
        }
        for i in lineOrder {
            let line = channel.lines[i]
            let atNyquist = line.frequency >= nyquist
            candidates.append(Component(kind: .line(rate: TurnRate(frequency: line.frequency, sampleRate: sampleRate),
                                                    frequency: line.frequency, nyquist: atNyquist),
                                        expected: (line.real, atNyquist ? 0 : line.imaginary), source: line.source))
        }
        // Degrees of freedom: a record of N samples determines at most N parameters, and with noise
        // expected, max(8, N/8) of them are kept for the residual that measures it. The weakest components
        // beyond cannot be separated from the others (their regressors are combinations of the rest). A
        // noiseless record of exactly one period of a periodic waveform fits every line of it.
        func parameters(_ list: [Component]) -> Int {
            1 + list.reduce(0) { $0 + (($1.isChirp || !isNyquist($1)) ? 2 : 1) }
        }
        let spare = sigma > 0 ? max(8, n / 8) : 0
        let wanted = parameters(candidates)
        var overflow: [Component] = []
        while parameters(candidates) > n - spare, !candidates.isEmpty {
            overflow.append(candidates.removeLast())   // lines follow the chirps, strongest first
        }
        let capacity = sigma > 0 ? max(wanted + 8, Int((Double(wanted) * 8 / 7).rounded(.up))) : wanted
        for c in overflow {
            separationFailed(c, reason: "the record's \(n) samples determine at most \(n - spare) parameters, fewer than the \(wanted) of every significant component",
                             neighbours: [], requiredFrames: capacity)
        }
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
        let parameterTotal = p

        // 2. Common period of the lines, when folding is cheaper than per-line recurrences.
        let lineIndices = candidates.indices.filter { !candidates[$0].isChirp }
        // Folded lines: every rate is in (0, 1/2] turn per sample.
        let rates = lineIndices.map { k -> TurnRate in
            if case .line(let rate, _, _) = candidates[k].kind { return rate }
            return TurnRate(high: 0)
        }
        var grid: LineGrid?
        if !rates.isEmpty, let g = LineGrid(rates: rates, frames: n, limit: min(1 << 24, max(4096, 4 * n))) {
            let q = Double(g.period), k = Double(rates.count), nd = Double(n)
            let gridCost = nd + 5 * q * log2(max(q, 2)) + q * k
            let directCost = 3 * nd * k
            if gridCost < directCost { grid = g }
        }
        usedGrid = grid != nil
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
        let termGenerators = terms.map(\.generator)
        let handRates = handLines.map { TurnRate(frequency: $0.frequency, sampleRate: sampleRate) }
        let handGenerators = handRates.map { Phasors.Generator(rate: $0) }

        // 3. First pass: synthesise the model, form r₀ = x − m, project r₀ on every regressor.
        var normal = NormalEquations(size: parameterTotal)
        var projection = [Double](repeating: 0, count: parameterTotal)
        let block = Phasors.blockSize, width = block + Phasors.lanes
        let model = UnsafeMutablePointer<Double>.allocate(capacity: width)
        let r = UnsafeMutablePointer<Double>.allocate(capacity: width)
        let re = UnsafeMutablePointer<Double>.allocate(capacity: width)
        let im = UnsafeMutablePointer<Double>.allocate(capacity: width)
        let chirpRe = UnsafeMutablePointer<Double>.allocate(capacity: width * max(chirpTerms.count, 1))
        let chirpIm = UnsafeMutablePointer<Double>.allocate(capacity: width * max(chirpTerms.count, 1))
        // Per-line phasors are kept per block when lines meet chirps or when the second pass needs them.
        let keepLines = grid == nil || !chirpTerms.isEmpty
        let lineRe = UnsafeMutablePointer<Double>.allocate(capacity: keepLines ? width * max(lineIndices.count, 1) : 1)
        let lineIm = UnsafeMutablePointer<Double>.allocate(capacity: keepLines ? width * max(lineIndices.count, 1) : 1)
        let period = grid?.period ?? 1
        let fold = UnsafeMutablePointer<Double>.allocate(capacity: period)
        fold.initialize(repeating: 0, count: period)
        defer {
            model.deallocate(); r.deallocate(); re.deallocate(); im.deallocate()
            chirpRe.deallocate(); chirpIm.deallocate(); lineRe.deallocate(); lineIm.deallocate(); fold.deallocate()
        }
        // Position of each chirp term among chirpTerms, and the fitted chirps' candidate indices.
        let chirpSlot = Dictionary(uniqueKeysWithValues: chirpTerms.enumerated().map { ($1.0, $0) })
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
                let ur = chirpRe + slot * width, ui = chirpIm + slot * width
                chirp.fill(start: index, count: count, re: ur, im: ui)
                if let g = terms[termIndex].chirpPhasor {
                    BlockMath.addCombination(model, g.re, ur, -g.im, ui, count: count)
                }
            }
            projection[0] += BlockMath.residual(base + offset, minus: model, into: r,
                                                store: residual + offset, count: count)
            if let grid {
                var j = index % grid.period, i = 0
                while i < count {
                    let run = min(count - i, grid.period - j)
                    BlockMath.accumulate(fold + j, r + i, count: run)
                    i += run
                    j += run
                    if j == grid.period { j = 0 }
                }
            }
            if keepLines {
                for (slot, k) in lineIndices.enumerated() {
                    let zr = lineRe + slot * width, zi = lineIm + slot * width
                    lineGenerators[k].fill(anchor: regressorRate[k].turns(at: index), count: count, re: zr, im: zi)
                    if grid == nil {
                        let (sc, ss) = BlockMath.dots(r, zr, zi, count: count)
                        projection[candidates[k].cosine] += sc
                        if let s = candidates[k].sine { projection[s] += ss }
                    }
                }
            }
            for k in fittedChirps {
                guard case .chirp(let termIndex, _) = candidates[k].kind, let slot = chirpSlot[termIndex] else { continue }
                let ur = chirpRe + slot * width, ui = chirpIm + slot * width
                let c = candidates[k].cosine, s = candidates[k].sine ?? c
                let (pc, ps) = BlockMath.dots(r, ur, ui, count: count)
                let (cc, cs) = BlockMath.dots(ur, ur, ui, count: count)
                let (css, _) = BlockMath.dots(ui, ui, ui, count: count)
                var dc = 0.0, ds = 0.0
                for i in 0 ..< count { dc += ur[i]; ds += ui[i] }
                projection[c] += pc
                projection[s] += ps
                addGram(c, c, cc); addGram(s, s, css); addGram(c, s, cs)
                addGram(0, c, dc); addGram(0, s, ds)
                // Against every line and every other fitted chirp (numeric: no closed form).
                for (slot2, l) in lineIndices.enumerated() {
                    let zr = lineRe + slot2 * width, zi = lineIm + slot2 * width
                    let (a, e) = BlockMath.dots(ur, zr, zi, count: count)
                    let (f, b) = BlockMath.dots(ui, zr, zi, count: count)
                    let lc = candidates[l].cosine
                    addGram(c, lc, a); addGram(s, lc, f)
                    if let ls = candidates[l].sine { addGram(s, ls, b); addGram(c, ls, e) }
                }
                for k2 in fittedChirps where k2 > k {
                    guard case .chirp(let t2, _) = candidates[k2].kind, let slot2 = chirpSlot[t2] else { continue }
                    let vr = chirpRe + slot2 * width, vi = chirpIm + slot2 * width
                    let (a, e) = BlockMath.dots(ur, vr, vi, count: count)
                    let (f, b) = BlockMath.dots(ui, vr, vi, count: count)
                    let c2 = candidates[k2].cosine, s2 = candidates[k2].sine ?? c2
                    addGram(c, c2, a); addGram(s, s2, b); addGram(c, s2, e); addGram(s, c2, f)
                }
            }
            offset += count
        }
        // A NaN or infinite sample makes the sum non-finite: name the first one.
        if !projection[0].isFinite, let bad = samples.firstIndex(where: { !$0.isFinite }) {
            throw SpectrumError(.nonFinite, context: "samples", "sample \(bad) is \(samples[bad]), not a finite number")
        }
        if let grid, grid.period > 1 {
            let bins = try fft.forward(Array(UnsafeBufferPointer(start: fold, count: grid.period)))
            for (j, k) in lineIndices.enumerated() {
                let m = grid.harmonics[j]
                projection[candidates[k].cosine] = bins.real[m]
                if let s = candidates[k].sine { projection[s] = -bins.imaginary[m] }
            }
        }

        // 4. The normal matrix: closed forms for DC and lines, the numeric sums for chirps.
        normal[0, 0] = Double(n)
        for k in lineIndices {
            let nu = regressorRate[k]
            let c = candidates[k].cosine, s = candidates[k].sine
            let dcSum = DirichletSum.sum(nu, start: start, count: n)
            normal[0, c] = dcSum.re
            if let s { normal[0, s] = dcSum.im }
            for k2 in lineIndices where k2 >= k {
                let mu = regressorRate[k2]
                let minus = DirichletSum.sum(nu - mu, start: start, count: n)
                let plus = DirichletSum.sum(nu + mu, start: start, count: n)
                let c2 = candidates[k2].cosine, s2 = candidates[k2].sine
                normal[c, c2] = (minus.re + plus.re) / 2
                if let s, let s2 { normal[s, s2] = (minus.re - plus.re) / 2 }
                if let s2 { normal[c, s2] = (plus.im - minus.im) / 2 }
                // ⟨sin ν, cos μ⟩ = ½ Im[S(ν + μ) + S(ν − μ)].
                if let s, k2 != k { normal[s, c2] = (plus.im + minus.im) / 2 }
            }
        }
        for i in 0 ..< (chirpGram.isEmpty ? 0 : parameterTotal) {
            for j in 0 ..< parameterTotal where chirpGram[i * parameterTotal + j] != 0 {
                normal[i, j] = normal[i, j] + chirpGram[i * parameterTotal + j]
            }
        }

        // 5. Which components the record separates: reject numerically dependent regressors, then any
        // whose allowance exceeds half its amplitude (it could be missing, or half as strong, and pass).
        // A significant one (at least `unresolvedFloor` of the reference) is unchecked, and so are the
        // components strongly correlated with it; a weaker one is checked jointly with its neighbours.
        // Repeat without them.
        var excluded = Set<Int>()      // candidate indices
        func strongestFirst(_ excluded: Set<Int>) -> [Int] {
            candidates.indices.filter { !excluded.contains($0) }
                .sorted { (candidates[$0].isChirp ? 1 : 0, candidates[$0].amplitude) > (candidates[$1].isChirp ? 1 : 0, candidates[$1].amplitude) }
        }
        func order(_ components: [Int]) -> [Int] {
            [0] + components.flatMap { [candidates[$0].cosine] + (candidates[$0].sine.map { [$0] } ?? []) }
        }
        let significant = tolerances.unresolvedFloor * channel.reference
        var factor = normal.factor(order: order(strongestFirst(excluded)))
        for _ in 0 ..< 8 {
            let byStrength = strongestFirst(excluded)
            var flagged = Set<Int>()
            let owner = ownerTable(candidates, parameterTotal)
            for j in factor.rejected {
                guard let k = owner[j] else { continue }
                flagged.insert(k)
                guard candidates[k].amplitude >= significant else { continue }
                // Components with a regressor close to a significant rejected one cannot be told from it either.
                for k2 in byStrength where k2 != k {
                    let params = [candidates[k2].cosine] + (candidates[k2].sine.map { [$0] } ?? [])
                    if params.contains(where: { abs(NormalEquations.Factor.correlation(normal, factor.scale, $0, j)) >= 0.5 }) {
                        flagged.insert(k2)
                    }
                }
            }
            if flagged.isEmpty {
                for k in byStrength {
                    let lambda = factor.blockVariance(candidates[k].cosine, candidates[k].sine)
                    if allowance(varianceFactor: lambda) > candidates[k].amplitude / 2 { flagged.insert(k) }
                }
            }
            let new = flagged.subtracting(excluded)
            if new.isEmpty { break }
            for k in new.sorted() {
                let (text, neighbours, chirp) = neighbourDescription(k, candidates, normal, factor.scale)
                // Only lines among lines have a closed-form normal matrix for a longer record; a chirp's overlap
                // with a line (its steady tone after the sweep) does not shrink with the length.
                let significantHere = candidates[k].amplitude >= significant
                let required = candidates[k].isChirp || chirp || (!significantHere && candidates[k].amplitude < overlapLargest)
                    ? nil : requiredFrames(k, candidates, regressorRate)
                separationFailed(candidates[k], reason: text, neighbours: neighbours, requiredFrames: required)
            }
            excluded.formUnion(new)
            factor = normal.factor(order: order(strongestFirst(excluded)))
        }

        // 6. Solve for the deviations of the accepted parameters.
        let delta = factor.solve(projection)
        parameterCount = factor.accepted.count
        measuredDC = channel.dc + delta[0]
        dcVarianceFactor = factor.covariance(0, 0)
        let fitted = candidates.indices.filter { !excluded.contains($0) }
        for k in fitted {
            let c = candidates[k]
            let dr = delta[c.cosine], di = c.sine.map { -delta[$0] } ?? 0   // contribution δc·cos + δs·sin = Re((δc − iδs)e^{iθ})
            measurements.append(Measurement(component: c, measured: (c.expected.re + dr, c.expected.im + di),
                                            varianceFactor: factor.blockVariance(c.cosine, c.sine)))
        }

        // 7. Second pass: the residual x − m − Φ·δ in place, its sum of squares, and for each line the
        // projection Σ (n − n_c)·r[n]·e^{−2πiνn} of the frequency step.
        let center = Double(start) + Double(n - 1) / 2
        let fittedLines = lineIndices.filter { !excluded.contains($0) }
        let frequencyLines = Set(fittedLines.filter { k in
            guard case .line(let rate, _, let atNyquist) = candidates[k].kind, !atNyquist else { return false }
            let bins = abs(rate.reduced.value) * Double(n)
            return bins >= 2 && (0.5 - abs(rate.reduced.value)) * Double(n) >= 2
        })
        let nearEdge = Set(frequencyLines.filter { k in
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
                    let dc = delta[candidates[k].cosine], ds = candidates[k].sine.map { delta[$0] } ?? 0
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
        for m in measurements { if let k = candidates.indices.first(where: { candidates[$0].cosine == m.component.cosine }) { measuredPhasor[k] = m.measured } }
        var frequencyProjection = [Int: (re: Double, im: Double)]()
        var edgeDenominator = [Int: Double]()
        var sumSquares = 0.0
        let slots = Dictionary(uniqueKeysWithValues: lineIndices.enumerated().map { ($1, $0) })
        // Where line k's phasors go: its own buffer when kept (direct projections need them after the
        // residual is formed), else the shared scratch.
        func buffers(_ k: Int) -> (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) {
            keepLines ? (lineRe + (slots[k] ?? 0) * width, lineIm + (slots[k] ?? 0) * width) : (re, im)
        }
        offset = 0
        while offset < n {
            let count = min(block, n - offset)
            let index = start + offset
            // The correction Φ·δ: DC, lines (from the periodic table on the grid), chirps. Without chirps the
            // table's runs are subtracted directly.
            let chirpsFitted = fitted.contains { candidates[$0].isChirp }
            if let table, let grid, !chirpsFitted {
                var j = index % grid.period, i = 0
                while i < count {
                    let run = min(count - i, grid.period - j)
                    sumSquares += BlockMath.correct(residual + offset + i, minus: table + j, into: r + i, count: run)
                    i += run
                    j += run
                    if j == grid.period { j = 0 }
                }
            } else {
                if let table, let grid {
                    var j = index % grid.period, i = 0
                    while i < count {
                        let run = min(count - i, grid.period - j)
                        BlockMath.copy(model + i, table + j, count: run)
                        i += run
                        j += run
                        if j == grid.period { j = 0 }
                    }
                } else {
                    BlockMath.fill(model, delta[0], count: count)
                    for k in fittedLines {
                        let (zr, zi) = buffers(k)
                        lineGenerators[k].fill(anchor: regressorRate[k].turns(at: index), count: count, re: zr, im: zi)
                        let dc = delta[candidates[k].cosine], ds = candidates[k].sine.map { delta[$0] } ?? 0
                        BlockMath.addCombination(model, dc, zr, ds, zi, count: count)
                    }
                }
                for k in fitted where candidates[k].isChirp {
                    guard case .chirp(let termIndex, let chirp) = candidates[k].kind, let slot = chirpSlot[termIndex] else { continue }
                    let ur = chirpRe + slot * width, ui = chirpIm + slot * width
                    chirp.fill(start: index, count: count, re: ur, im: ui)
                    let dc = delta[candidates[k].cosine], ds = candidates[k].sine.map { delta[$0] } ?? 0
                    BlockMath.addCombination(model, dc, ur, ds, ui, count: count)
                }
                sumSquares += BlockMath.correct(residual + offset, minus: model, into: r, count: count)
            }
            // The frequency steps' projections: folded on the grid, else per line.
            if let grid, !frequencyLines.isEmpty {
                var j = index % grid.period, i = 0
                while i < count {
                    let run = min(count - i, grid.period - j)
                    BlockMath.accumulateWeighted(fold1 + j, r + i, base: Double(index + i) - center, count: run)
                    i += run
                    j += run
                    if j == grid.period { j = 0 }
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
        residualSumOfSquares = sumSquares
        if let grid, !frequencyLines.isEmpty, grid.period > 1 {
            let bins = try fft.forward(Array(UnsafeBufferPointer(start: fold1, count: grid.period)))
            for (j, k) in lineIndices.enumerated() where frequencyLines.contains(k) {
                frequencyProjection[k] = (bins.real[grid.harmonics[j]], bins.imaginary[grid.harmonics[j]])
            }
        }
        // Gauss–Newton step for each line's frequency: the model's derivative along ω is
        // d[n] = −(n − n_c)·Im(c·e^{iωn}); Δω = ⟨r, d⟩/⟨d, d⟩ with ⟨r, d⟩ = −Im(c·conj(P₁)) and
        // ⟨d, d⟩ ≈ |c|²·Σ(n − n_c)²/2 = |c|²·N(N² − 1)/24 (summed exactly near DC and Nyquist).
        let nd = Double(n)
        for index in measurements.indices {
            let c = measurements[index].component
            guard let k = candidates.indices.first(where: { candidates[$0].cosine == c.cosine }),
                  frequencyLines.contains(k), let p1 = frequencyProjection[k] else { continue }
            let m = measurements[index].measured
            let magnitude2 = m.re * m.re + m.im * m.im
            let denominator = edgeDenominator[k] ?? magnitude2 * nd * (nd * nd - 1) / 24
            guard denominator > 0 else { continue }
            let numerator = -(m.im * p1.re - m.re * p1.im)
            let deltaOmega = numerator / denominator   // turns·2π per sample
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

    /// Files a component the record cannot separate: unchecked when significant (at least
    /// ``Tolerances/unresolvedFloor`` of the reference level), else checked jointly with its neighbours.
    private mutating func separationFailed(_ c: Component, reason: String, neighbours: [Double], requiredFrames: Int?) {
        if c.amplitude >= tolerances.unresolvedFloor * channel.reference {
            unresolved.append(Unresolved(component: c, neighbours: neighbours, reason: reason, requiredFrames: requiredFrames))
        } else {
            if c.isChirp { jointChirps += 1 } else { overlapLines += 1 }
            if c.amplitude > overlapLargest {
                overlapLargest = c.amplitude
                overlapRequiredFrames = requiredFrames
            }
        }
    }

    private func isNyquist(_ c: Component) -> Bool {
        if case .line(_, _, let atNyquist) = c.kind { atNyquist } else { false }
    }

    private func ownerTable(_ candidates: [Component], _ total: Int) -> [Int: Int] {
        var owner: [Int: Int] = [:]
        for k in candidates.indices {
            owner[candidates[k].cosine] = k
            if let s = candidates[k].sine { owner[s] = k }
        }
        return owner
    }

    /// Why component `k` cannot be separated: the components (and DC) whose regressors are most
    /// correlated with its own.
    private func neighbourDescription(_ k: Int, _ candidates: [Component], _ normal: NormalEquations,
                                      _ scale: [Double]) -> (text: String, neighbours: [Double], chirp: Bool) {
        let own = [candidates[k].cosine] + (candidates[k].sine.map { [$0] } ?? [])
        func correlation(with params: [Int]) -> Double {
            var best = 0.0
            for a in own { for b in params { best = max(best, abs(NormalEquations.Factor.correlation(normal, scale, a, b))) } }
            return best
        }
        var others: [(Double, Component)] = []
        for k2 in candidates.indices where k2 != k {
            let params = [candidates[k2].cosine] + (candidates[k2].sine.map { [$0] } ?? [])
            let c = correlation(with: params)
            if c >= 0.1 { others.append((c, candidates[k2])) }
        }
        others.sort { $0.0 > $1.0 }
        let dc = correlation(with: [0])
        let names = others.prefix(3).map { $0.1.frequency.map { "the \(VerificationReport.hertz($0)) Hz line" } ?? "the chirp \($0.1.source)" }
        var parts = names
        if dc >= 0.1 { parts.append("DC") }
        let duration = VerificationReport.number(Double(frameCount) / sampleRate)
        let what = parts.isEmpty ? "the noise expected" : parts.joined(separator: ", ")
        let text = "cannot be separated from \(what) in this \(duration) s record (the fit's allowance would exceed half its amplitude)"
        return (text, others.prefix(3).compactMap { $0.1.frequency }, others.contains { $0.1.isChirp })
    }

    /// The smallest record (samples, doubling from this one) in which line `k` would pass the separation
    /// test against DC and its four nearest line neighbours (a lower bound when more lines crowd it), or
    /// nil when none up to 2⁶² samples does.
    private func requiredFrames(_ k: Int, _ candidates: [Component], _ rates: [TurnRate]) -> Int? {
        guard case .line = candidates[k].kind else { return nil }
        let nu = rates[k]
        func distance(_ mu: TurnRate) -> Double {
            let a = abs((nu - mu).reduced.value), b = abs((nu + mu).reduced.value)
            return min(a, b)
        }
        let neighbours = candidates.indices.filter { $0 != k && !candidates[$0].isChirp }
            .sorted { distance(rates[$0]) < distance(rates[$1]) }.prefix(4)
        let group = [k] + neighbours
        var frames = frameCount
        for _ in 0 ..< 62 {
            let (next, overflow) = frames.multipliedReportingOverflow(by: 2)
            guard !overflow, next <= 1 << 62 else { return nil }
            frames = next
            // DC, then the group's regressors; the target last.
            var params: [(rate: TurnRate, sine: Bool)] = []
            for g in group.reversed() {
                params.append((rates[g], false))
                if candidates[g].sine != nil { params.append((rates[g], true)) }
            }
            let size = 1 + params.count
            var m = NormalEquations(size: size)
            m[0, 0] = Double(frames)
            for (i, a) in params.enumerated() {
                let s = DirichletSum.sum(a.rate, start: start, count: frames)
                m[0, i + 1] = a.sine ? s.im : s.re
                for (j, b) in params.enumerated() where j >= i {
                    let minus = DirichletSum.sum(a.rate - b.rate, start: start, count: frames)
                    let plus = DirichletSum.sum(a.rate + b.rate, start: start, count: frames)
                    let value: Double
                    switch (a.sine, b.sine) {
                    case (false, false): value = (minus.re + plus.re) / 2
                    case (true, true): value = (minus.re - plus.re) / 2
                    case (false, true): value = (plus.im - minus.im) / 2
                    case (true, false): value = (plus.im + minus.im) / 2
                    }
                    m[i + 1, j + 1] = value
                }
            }
            let f = m.factor(order: Array(0 ..< size))
            let targetCos = size - (candidates[k].sine != nil ? 2 : 1)
            let targetSin: Int? = candidates[k].sine != nil ? size - 1 : nil
            guard !f.rejected.contains(targetCos), targetSin.map({ !f.rejected.contains($0) }) ?? true else { continue }
            let lambda = f.blockVariance(targetCos, targetSin)
            if allowance(varianceFactor: lambda, frames: frames) <= candidates[k].amplitude / 2 { return frames }
        }
        return nil
    }
}
