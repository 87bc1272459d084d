import Foundation
import Signals

/// The checks of one channel (see ``Verifier``): the fit, then the spectrum of its residual.
struct ChannelVerifier {
    let channel: Int
    let expected: ExpectedChannel
    let sampleRate: Double
    let startIndex: Int
    let tolerances: Tolerances

    /// Runs the fit and the spectral checks on `samples`.
    func run(
        _ samples: UnsafeBufferPointer<Float>, fft: RealFFT
    ) throws(SignalError)
        -> (checks: [VerificationCheck], unchecked: [UncheckedComponent])
    {
        let n = samples.count
        let result = try fft.transform(Float.self, size: n) {
            work -> Result<([VerificationCheck], [UncheckedComponent]), SignalError> in
            var fit = ModelFit(
                channel: expected, sampleRate: sampleRate, start: startIndex, frameCount: n,
                tolerances: tolerances)
            do throws(SignalError) {
                try fit.run(samples, residual: work.input, fft: fft)
            } catch {
                return .failure(error)
            }
            work.execute()
            let spectrum = RawSpectrum(output: UnsafePointer(work.output), frameCount: n, sampleRate: sampleRate)
            var checks = fitChecks(fit)
            checks += spectralChecks(spectrum, fit: fit)
            return .success((checks, unchecked(fit)))
        }
        return try result.get()
    }

    // MARK: Fit

    /// DC, each fitted component's amplitude, phase and frequency, and the residual's RMS.
    func fitChecks(_ fit: ModelFit) -> [VerificationCheck] {
        let t = tolerances
        let n = Double(fit.frameCount)
        let reference = expected.reference
        var checks: [VerificationCheck] = []
        // DC: the acceptance margin `dc × reference` plus the fit's allowance for the DC parameter,
        // `sigmas·σ·√(G⁻¹)₀₀ + E·√(N·(G⁻¹)₀₀)` (≈ `sigmas·σ/√N + E` when no line overlaps DC).
        checks.append(
            VerificationCheck(
                channel: channel, kind: .dc, frequency: nil, expected: expected.dc,
                measured: fit.measuredDC,
                tolerance: t.dc * reference + fit.allowance(varianceFactor: fit.dcVarianceFactor),
                method: .fit, detail: "DC level, fitted with every component"))
        for m in fit.measurements {
            let c = m.component
            let a = c.amplitude
            let measuredAmplitude = (m.measured.re * m.measured.re + m.measured.im * m.measured.im).squareRoot()
            // The allowance of a measured coordinate: `sigmas·σ·√λ + E·√(N·λ)`, λ the largest eigenvalue
            // of the component's 2 × 2 block of (ΦᵀΦ)⁻¹ (2/N for a line no other component overlaps).
            let allowance = fit.allowance(varianceFactor: m.varianceFactor)
            let name: String
            switch c.kind {
            case .line(_, let f, _): name = "the \(VerificationReport.number(f)) Hz line of \(c.source)"
            case .chirp(_, let model):
                name =
                    "the chirp \(c.source) (\(VerificationReport.number(model.startFrequency)) → \(VerificationReport.number(model.endFrequency)) Hz in \(VerificationReport.number(model.duration)) s)"
            }
            checks.append(
                VerificationCheck(
                    channel: channel, kind: .amplitude, frequency: c.frequency, expected: a,
                    measured: measuredAmplitude, tolerance: t.amplitude * a + allowance,
                    method: .fit, detail: "amplitude of \(name)"))
            // Phase: an error δ perpendicular to the phasor turns it by δ/a radians.
            let expectedPhase = SpectralLine.wrapped(atan2(c.expected.im, c.expected.re) + Double.pi / 2)
            let turn = SpectralLine.wrapped(atan2(m.measured.im, m.measured.re) - atan2(c.expected.im, c.expected.re))
            checks.append(
                VerificationCheck(
                    channel: channel, kind: .phase, frequency: c.frequency, expected: expectedPhase,
                    measured: expectedPhase + turn, tolerance: t.phase + allowance / a,
                    method: .fit, detail: "phase at t = 0 (as a sine) of \(name)"))
            // Frequency: the Gauss–Newton step Δf = ⟨r, d⟩/⟨d, d⟩·fs/2π has standard error σ/√⟨d,d⟩ and a
            // deterministic bound E·√N/√⟨d,d⟩ (Cauchy–Schwarz), in Hz after × fs/2π; plus the margin in bins
            // of this record, `frequencyBins · fs/N`. ⟨d, d⟩ is taken for a line of the expected amplitude:
            // a missing line (no phasor to measure) must fail here too, not earn an allowance ∝ 1/|measured|.
            if let offset = m.frequencyOffset, let f = c.frequency, m.expectedFrequencyDenominator > 0 {
                let perRoot = sampleRate / (2 * Double.pi) / m.expectedFrequencyDenominator.squareRoot()
                let tolerance =
                    t.frequencyBins * sampleRate / n + (t.sigmas * fit.sigma + fit.errorBound * n.squareRoot())
                    * perRoot
                checks.append(
                    VerificationCheck(
                        channel: channel, kind: .frequency, frequency: f, expected: f,
                        measured: f + offset, tolerance: tolerance, method: .fit,
                        detail: "frequency of \(name)"))
            }
        }
        checks.append(noiseCheck(fit))
        return checks
    }

    /// The residual's RMS. With noise σ expected it is `σ·√((N − P)/N)` (P fitted parameters absorb P of
    /// the N degrees of freedom), known to `1/√(2(N − P))` relative for Gaussian noise (a sample variance
    /// of N − P squares; uniform noise spreads less), plus the acceptance margin `noise × σ` and the
    /// deterministic bound E (`‖P⊥(n + e)‖ ≤ ‖P⊥n‖ + ‖e‖`, `‖e‖ ≤ √N·E`). With none expected, it must stay
    /// below `noiseFloor × reference + E`: the Float rounding and kernel error of a correct render.
    func noiseCheck(_ fit: ModelFit) -> VerificationCheck {
        let t = tolerances
        let n = Double(fit.frameCount)
        let dof = max(n - Double(fit.parameterCount), 1)
        let measured = (fit.residualSumOfSquares / n).squareRoot()
        let lines = fit.measurements.filter { !$0.component.isChirp }.count
        let chirps = fit.measurements.count - lines
        var what = "RMS of the residual after fitting DC, \(lines) line\(lines == 1 ? "" : "s")"
        if chirps > 0 { what += " and \(chirps) chirp\(chirps == 1 ? "" : "s")" }
        if fit.jointLines + fit.jointChirps > 0 {
            what += "; \(fit.jointLines) weaker line\(fit.jointLines == 1 ? "" : "s")"
            if fit.jointChirps > 0 { what += " and \(fit.jointChirps) chirp\(fit.jointChirps == 1 ? "" : "s")" }
            what += " checked here jointly at their expected values"
        }
        if fit.overlapLines > 0 {
            let share = 100 * fit.overlapLargest / max(expected.reference, .leastNormalMagnitude)
            what +=
                "; \(fit.overlapLines) line\(fit.overlapLines == 1 ? "" : "s") (up to \(String(format: "%.2g", share)) % of the reference) that this record cannot separate from \(fit.overlapLines == 1 ? "its" : "their") neighbours checked jointly with them"
            if let frames = fit.overlapRequiredFrames {
                what +=
                    " (a record of at least \(VerificationReport.number(Double(frames) / sampleRate)) s separates the strongest)"
            }
        }
        guard fit.sigma > 0 else {
            return VerificationCheck(
                channel: channel, kind: .noise, frequency: nil, expected: 0, measured: measured,
                tolerance: t.noiseFloor * expected.reference + fit.errorBound, method: .fit,
                detail: what + " (no noise expected: Float rounding and kernel error only)")
        }
        let expectedRMS = fit.sigma * (dof / n).squareRoot()
        let tolerance = t.noise * fit.sigma + t.sigmas * expectedRMS / (2 * dof).squareRoot() + fit.errorBound
        return VerificationCheck(
            channel: channel, kind: .noise, frequency: nil, expected: expectedRMS, measured: measured,
            tolerance: tolerance, method: .fit, detail: what + " (the expected noise)")
    }

    // MARK: Spectrum of the residual

    /// The largest peak of the residual's spectrum, and (with noise expected) its flatness, from one scan.
    func spectralChecks(_ spectrum: RawSpectrum, fit: ModelFit) -> [VerificationCheck] {
        let t = tolerances
        let n = Double(fit.frameCount)
        let reference = expected.reference
        // Spurious: the threshold is the larger of `spurious × reference`, `spuriousNoiseMargin` times the
        // rms flat-top amplitude of a noise bin (2σ·√(ENBW/N), ENBW = 4.54 bins for HFT144D), and 2E (the
        // largest amplitude any bin can show from a per-sample error bounded by E: |Σe·e^{−iωn}| ≤ N·E).
        let rmsFlatTop = 2 * fit.sigma * (Window.flatTop.equivalentNoiseBandwidth / n).squareRoot()
        let threshold = max(t.spurious * reference, t.spuriousNoiseMargin * rmsFlatTop, 2 * fit.errorBound)
        let used = max(0, spectrum.binCount - 2)
        let bands = max(1, min(t.flatnessBands, used / 16))
        let (peak, deviations) = spectrum.scan(threshold: threshold, bands: fit.sigma > 0 ? bands : 1)
        var checks: [VerificationCheck] = []
        if fit.sigma > 0 {
            // Each band's mean |X|² over B independent bins (white noise: exponential, relative standard
            // error 1/√B; of its square root 1/(2√B)). Fitted lines remove about one bin of noise each from
            // their band: expected σ·√(1 − L/B).
            let lineFrequencies = fit.measurements.compactMap { m -> Double? in
                if case .line(_, let f, let nyquist) = m.component.kind, !nyquist { return f }
                return nil
            }
            var worst: VerificationCheck?
            var worstRatio = -1.0
            for band in deviations {
                let inBand = lineFrequencies.filter {
                    $0 >= band.low - spectrum.binWidth / 2 && $0 <= band.high + spectrum.binWidth / 2
                }.count
                let expectedDeviation = fit.sigma * max(0, 1 - Double(inBand) / Double(band.bins)).squareRoot()
                let tolerance =
                    fit.sigma * (t.flatness + t.sigmas / (2 * Double(band.bins).squareRoot())) + fit.errorBound
                let ratio = abs(band.deviation - expectedDeviation) / tolerance
                if ratio > worstRatio {
                    worstRatio = ratio
                    worst = VerificationCheck(
                        channel: channel, kind: .noiseFlatness, frequency: (band.low + band.high) / 2,
                        expected: expectedDeviation, measured: band.deviation, tolerance: tolerance,
                        method: .spectrum,
                        detail:
                            "noise level of the worst of \(deviations.count) sub-bands of the residual's spectrum (\(VerificationReport.number(band.low))…\(VerificationReport.number(band.high)) Hz)"
                    )
                }
            }
            if let worst { checks.append(worst) }
        }
        let decibels = 20 * log10(threshold / max(reference, .leastNormalMagnitude))
        checks.append(
            VerificationCheck(
                channel: channel, kind: .spurious, frequency: peak.frequency, expected: 0,
                measured: peak.amplitude, tolerance: threshold, method: .spectrum,
                detail:
                    "largest peak of the residual's spectrum (threshold \(String(format: "%.1f", decibels)) dB re the reference level)"
            ))
        return checks
    }

    // MARK: Unchecked

    /// What the fit could not separate, and hand-written sweep bands (no chirp to model).
    func unchecked(_ fit: ModelFit) -> [UncheckedComponent] {
        var out: [UncheckedComponent] = []
        for u in fit.unresolved {
            let c = u.component
            out.append(
                UncheckedComponent(
                    channel: channel, component: c.isChirp ? .chirp : .line, frequency: c.frequency,
                    source: c.source, reason: u.reason,
                    requiredDuration: u.requiredFrames.map { Double($0) / sampleRate }))
        }
        if expected.terms == nil {
            for sweep in expected.sweeps {
                out.append(
                    UncheckedComponent(
                        channel: channel, component: .sweep, frequency: nil, source: sweep.source,
                        reason:
                            "a hand-written sweep band has no chirp phase law to model; derive the expectation from the signal",
                        requiredDuration: nil))
            }
        }
        return out
    }
}
