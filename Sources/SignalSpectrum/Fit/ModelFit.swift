import Foundation
import Signals

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
        var kernel = 0.0
        var magnitude = abs(channel.dc) + 6 * sigma
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
    ///
    /// The steps, one method each: ``selectComponents(_:)``, ``layOut(_:parameterTotal:)``,
    /// ``firstPass(_:residual:fft:waveform:layout:scratch:)``, ``normalMatrix(_:chirpGram:)``,
    /// ``separate(_:normal:)``, ``solve(_:factor:excluded:projection:)``,
    /// ``secondPass(residual:fft:waveform:layout:solution:excluded:scratch:)`` and
    /// ``stepFrequencies(_:candidates:pass:frames:sampleRate:)``.
    mutating func run(
        _ samples: UnsafeBufferPointer<Float>, residual: UnsafeMutablePointer<Float>,
        fft: RealFFT
    ) throws(SignalError) {
        let n = frameCount
        guard samples.baseAddress != nil, samples.count == n, n > 0 else {
            throw SignalError(
                .tooShort, "the fit needs the \(n) samples of the record, got \(samples.count)", field: "samples")
        }
        let waveform = Waveform(channel: channel, sampleRate: sampleRate)

        // 1. The components to fit one by one; those the record has no room for are filed.
        let selection = selectComponents(waveform)
        floor = selection.floor
        jointChirps += selection.jointChirps
        jointLines = selection.jointLines
        for c in selection.overflow {
            separationFailed(
                c, reason: selection.overflowReason, neighbours: [], requiredFrames: selection.overflowRequiredFrames)
        }

        // 2. The lines' regressor rates, on their common period when folding is cheaper.
        let layout = layOut(selection.candidates, parameterTotal: selection.parameterTotal)
        usedGrid = layout.grid != nil

        // 3. First pass: synthesise the model, form r₀ = x − m, project r₀ on every regressor.
        let scratch = Scratch(
            chirps: waveform.chirpTerms.count, lines: layout.lineIndices.count,
            keepLines: layout.grid == nil || !waveform.chirpTerms.isEmpty)
        defer { scratch.deallocate() }
        let (projection, chirpGram) = try firstPass(
            samples, residual: residual, fft: fft, waveform: waveform,
            layout: layout, scratch: scratch)

        // 4. The normal matrix: closed forms for DC and lines, the numeric sums for chirps.
        let normal = normalMatrix(layout, chirpGram: chirpGram)

        // 5. Which components the record separates (the others are filed).
        let (factor, excluded) = separate(layout, normal: normal)

        // 6. Solve for the deviations of the accepted parameters.
        let solution = solve(layout, factor: factor, excluded: excluded, projection: projection)
        parameterCount = solution.parameterCount
        measuredDC = solution.measuredDC
        dcVarianceFactor = solution.dcVarianceFactor
        measurements.append(contentsOf: solution.measurements)

        // 7. Second pass: the residual x − m − Φ·δ in place, its sum of squares, the frequency steps' projections.
        let pass = try secondPass(
            residual: residual, fft: fft, waveform: waveform, layout: layout, solution: solution,
            excluded: excluded, scratch: scratch)
        residualSumOfSquares = pass.sumSquares

        // 8. A Gauss–Newton step for each line's frequency.
        Self.stepFrequencies(
            &measurements, candidates: layout.candidates, pass: pass, frames: n, sampleRate: sampleRate)
    }

    /// Files a component the record cannot separate: unchecked when significant (at least
    /// ``Tolerances/unresolvedFloor`` of the reference level), else checked jointly with its neighbours.
    mutating func separationFailed(_ c: Component, reason: String, neighbours: [Double], requiredFrames: Int?) {
        if c.amplitude >= tolerances.unresolvedFloor * channel.reference {
            unresolved.append(
                Unresolved(component: c, neighbours: neighbours, reason: reason, requiredFrames: requiredFrames))
        } else {
            if c.isChirp { jointChirps += 1 } else { overlapLines += 1 }
            if c.amplitude > overlapLargest {
                overlapLargest = c.amplitude
                overlapRequiredFrames = requiredFrames
            }
        }
    }
}
