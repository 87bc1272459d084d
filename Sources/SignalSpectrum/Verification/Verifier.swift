import Foundation
import Signals

/// Checks a rendered or recorded buffer against the spectrum its signal must have.
///
/// Per channel, from one FFT of the whole channel windowed two ways (Hann for frequencies, noise and
/// bands; flat-top for amplitudes, DC and spurious peaks), it checks:
/// - every line at least ``Tolerances/lineFloor`` of the reference level (the strongest
///   ``Tolerances/maximumLines``): its amplitude (flat-top, signal units) and frequency (Hann with
///   Gaussian interpolation, Hz); lines whose neighbours leak too much into them through the window
///   are expected but not checked one by one;
/// - the DC level;
/// - each chirp's band: the RMS level of the Hann spectrum in the swept band (± the chirp's spread);
/// - the noise: its deviation from the mean Hann density outside every line, band and DC (each
///   excluded as far as its window leakage exceeds 1 % of the noise density), or, when
///   no noise is expected, that it stays below ``Tolerances/noiseFloor``), and its flatness over
///   ``Tolerances/flatnessBands`` sub-bands;
/// - spurious peaks: the largest local maximum of the flat-top spectrum away from every expected
///   line, band and DC must stay below ``Tolerances/spurious`` of the reference level (and
///   ``Tolerances/spuriousNoiseMargin`` times the rms noise per bin).
///
/// Each tolerance is the relative tolerance plus `sigmas` standard errors of the measurement under
/// the expected noise plus the worst-case window leakage of the other expected lines, so a correct
/// signal passes, and a wrong one (1 % amplitude, one bin of frequency, 2 % offset, a missing
/// component, an extra tone at −40 dB, noise × 1.2) fails.
///
/// ```swift
/// let signal = Sum { Sine(amplitude: 1, frequency: 50); Noise(amplitude: 0.01, seed: 1) }
/// let buffer = try signal.render(sampleRate: 1000, frameCount: 1 << 16)
/// let report = try Verifier.verify(buffer, against: try signal.expectedSpectrum(sampleRate: 1000))
/// report.passed   // true
/// ```
///
/// - Complexity: One N-point FFT per channel, O(N log N), plus O(N) passes and O(lines · neighbours);
///   no allocation per bin. Thread-safe (FFTW plans are shared, see ``RealFFT``).
public enum Verifier {
    /// Verifies every channel of `buffer` against `expected`.
    /// - Parameters:
    ///   - buffer: Rendered or recorded samples, at least 16 frames.
    ///   - expected: The expectation, derived for `buffer.sampleRate`.
    ///   - tolerances: How close is close enough (default: ``Tolerances``'s defaults).
    ///   - fft: The FFT owner (plans cached there).
    /// - Returns: The report of every check.
    /// - Throws: ``SpectrumError`` for a sample-rate or channel-count mismatch, too few or non-finite samples.
    public static func verify(_ buffer: SampleBuffer, against expected: ExpectedSpectrum,
                              tolerances: Tolerances = Tolerances(), fft: RealFFT = .shared) throws(SpectrumError) -> VerificationReport {
        guard abs(buffer.sampleRate - expected.sampleRate) <= 1e-9 * expected.sampleRate else {
            throw SpectrumError(.sampleRateMismatch, context: "sampleRate",
                                "the buffer is sampled at \(buffer.sampleRate) Hz but the expected spectrum was derived for \(expected.sampleRate) Hz")
        }
        guard buffer.channelCount == expected.channelCount else {
            throw SpectrumError(.channelMismatch, context: "channels",
                                "the buffer has \(buffer.channelCount) channel(s) but the signal has \(expected.channelCount)")
        }
        var checks: [VerificationCheck] = []
        for c in 0 ..< buffer.channelCount {
            let analysis = try SpectralAnalysis(spectraOf: buffer, channel: c, fft: fft)
            checks += Verifier.checks(analysis, channel: c, expected: expected.channels[c], tolerances: tolerances)
        }
        return VerificationReport(checks: checks)
    }

    /// Derives the expected spectrum of `signal` at the buffer's rate and verifies the buffer against it.
    /// - Throws: ``SpectrumError`` (`.invalidSignal` for a signal invalid at that rate, and as
    ///   the other `verify`).
    public static func verify<S: SpecRepresentable>(_ buffer: SampleBuffer, against signal: S, allowAliasing: Bool = false,
                                         tolerances: Tolerances = Tolerances(), fft: RealFFT = .shared) throws(SpectrumError) -> VerificationReport {
        let expected = try ExpectedSpectrum(signal.node, sampleRate: buffer.sampleRate, allowAliasing: allowAliasing, fft: fft)
        return try verify(buffer, against: expected, tolerances: tolerances, fft: fft)
    }

    /// The checks of one analysed channel.
    /// - Parameters:
    ///   - analysis: The channel's spectra.
    ///   - channel: Its index (for the report).
    ///   - expected: What it must contain.
    ///   - tolerances: How close is close enough.
    /// - Returns: DC, line, band, noise and spurious checks, in that order.
    public static func checks(_ analysis: SpectralAnalysis, channel: Int, expected: ExpectedChannel,
                              tolerances t: Tolerances) -> [VerificationCheck] {
        ChannelVerifier(analysis: analysis, channel: channel, expected: expected, tolerances: t).run()
    }
}

/// The checks of one channel (see ``Verifier``).
struct ChannelVerifier {
    let analysis: SpectralAnalysis
    let channel: Int
    let expected: ExpectedChannel
    let t: Tolerances
    let fs: Double
    let n: Int
    let binWidth: Double
    let reference: Double
    /// Noise deviation for statistical allowances, listed noise and unlisted harmonics (signal units).
    let noiseLevel: Double
    /// RMS magnitude of a noise-only bin, flat-top and Hann (signal units).
    let rmsFlatTop: Double
    let rmsHann: Double
    /// Absolute floor for float rounding and kernel approximations (signal units).
    let floatFloor: Double

    init(analysis: SpectralAnalysis, channel: Int, expected: ExpectedChannel, tolerances: Tolerances) {
        self.analysis = analysis
        self.channel = channel
        self.expected = expected
        self.t = tolerances
        fs = analysis.sampleRate
        n = analysis.frameCount
        binWidth = analysis.binWidth
        reference = expected.reference
        noiseLevel = (expected.noiseVariance + expected.residualVariance).squareRoot()
        rmsFlatTop = 2 * noiseLevel * (Window.flatTop.equivalentNoiseBandwidth / Double(n)).squareRoot()
        rmsHann = 2 * noiseLevel * (Window.hann.equivalentNoiseBandwidth / Double(n)).squareRoot()
        floatFloor = 1e-6 * max(reference, abs(expected.dc))
    }

    func run() -> [VerificationCheck] {
        var checks = [dcCheck()]
        checks += lineChecks()
        checks += bandChecks()
        checks += noiseChecks()
        checks.append(spuriousCheck())
        return checks
    }

    // MARK: Window leakage bounds

    /// Flat-top response `distance` bins from a tone (worst case over the bin the tone is read in).
    func flatTopLeak(_ distance: Double) -> Double {
        let d = max(abs(distance) - 1, 0)
        return d >= Double(Window.flatTop.mainLobeHalfWidth) ? 1e-7 : Window.flatTop.response(atOffset: d, length: n)
    }

    /// Hann response bound `distance` bins from a tone: `1/(π·d·(d² − 1))` beyond the main lobe.
    static func hannLeak(_ distance: Double) -> Double {
        let d = max(abs(distance) - 1, 0)
        return d < 2 ? 1 : 1 / (Double.pi * d * (d * d - 1))
    }

    /// The other sources within `reach` bins of `frequency` (other lines, their images at −f and
    /// fs − f, the line's own images, and DC as a line of amplitude `2|dc|`), as (distance in bins, amplitude).
    func neighbours(of index: Int?, at frequency: Double, reach: Double) -> [(distance: Double, amplitude: Double)] {
        var out: [(Double, Double)] = []
        let lines = expected.lines
        let position = frequency / binWidth
        func consider(_ f: Double, _ a: Double) {
            let d = abs(f / binWidth - position)
            if d <= reach && a > 0 { out.append((d, a)) }
        }
        // Lines are sorted: walk outwards from the insertion point.
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lines[mid].frequency < frequency { lo = mid + 1 } else { hi = mid }
        }
        var j = lo
        while j < lines.count && (lines[j].frequency - frequency) / binWidth <= reach {
            if j != index { consider(lines[j].frequency, lines[j].amplitude) }
            j += 1
        }
        j = lo - 1
        while j >= 0 && (frequency - lines[j].frequency) / binWidth <= reach {
            if j != index { consider(lines[j].frequency, lines[j].amplitude) }
            j -= 1
        }
        // Images below 0 Hz and above Nyquist, of lines near the edges (including the line itself).
        if position <= reach || (fs / 2 - frequency) / binWidth <= reach {
            for line in lines where line.frequency / binWidth <= 2 * reach || (fs / 2 - line.frequency) / binWidth <= 2 * reach {
                consider(-line.frequency, line.amplitude)
                consider(fs - line.frequency, line.amplitude)
            }
        }
        consider(0, 2 * abs(expected.dc))
        return out
    }

    /// Whether `frequency` lies in a chirp's band (with margin).
    func inSweep(_ frequency: Double) -> Bool {
        expected.sweeps.contains { frequency >= $0.lowFrequency - sweepMargin($0) && frequency <= $0.highFrequency + sweepMargin($0) }
    }

    /// Spread of a chirp's spectrum beyond its band (Hz): Fresnel ripple `3·√rate` plus 10 bins.
    func sweepMargin(_ sweep: SweepBand) -> Double {
        3 * sweep.sweepRate.squareRoot() + 10 * binWidth
    }

    // MARK: Checks

    func dcCheck() -> VerificationCheck {
        var leak = 0.0
        for (d, a) in neighbours(of: nil, at: 0, reach: 10) where a != 2 * abs(expected.dc) || d != 0 {
            leak += a * flatTopLeak(d)
        }
        for sweep in expected.sweeps where sweep.lowFrequency - sweepMargin(sweep) <= 10 * binWidth {
            leak += sweep.amplitude
        }
        let tolerance = t.dc * reference + t.sigmas * noiseLevel * (Window.flatTop.equivalentNoiseBandwidth / Double(n)).squareRoot()
            + leak + floatFloor
        return VerificationCheck(channel: channel, kind: .dc, frequency: nil, expected: expected.dc,
                                 measured: analysis.dc, tolerance: tolerance, detail: "DC level")
    }

    func lineChecks() -> [VerificationCheck] {
        let lines = expected.lines
        let floor = max(t.lineFloor * reference, 10 * rmsFlatTop)
        var chosen = lines.indices.filter { lines[$0].amplitude >= floor && !inSweep(lines[$0].frequency) }
        if chosen.count > t.maximumLines {
            chosen.sort { lines[$0].amplitude > lines[$1].amplitude }
            chosen = Array(chosen.prefix(t.maximumLines)).sorted()
        }
        var checks: [VerificationCheck] = []
        for i in chosen {
            let line = lines[i]
            let a = line.amplitude
            var leakFlatTop = 0.0, leakHann = 0.0
            for (d, amplitude) in neighbours(of: i, at: line.frequency, reach: 40) {
                if d <= 9 { leakFlatTop += amplitude * flatTopLeak(d) }
                leakHann += amplitude * ChannelVerifier.hannLeak(d)
            }
            guard leakFlatTop <= 0.2 * a,
                  let tone = analysis.tone(near: line.frequency, searchBins: 2) else { continue }
            let amplitudeTolerance = t.amplitude * a + t.sigmas * rmsFlatTop / 2.0.squareRoot() + leakFlatTop + floatFloor
            checks.append(VerificationCheck(channel: channel, kind: .amplitude, frequency: line.frequency, expected: a,
                                            measured: tone.amplitude, tolerance: amplitudeTolerance, detail: line.source))
            let edge = min(line.frequency, fs / 2 - line.frequency) / binWidth
            if leakHann <= 0.05 * a && a >= 20 * rmsHann && edge >= 2 {
                let bins = t.frequencyBins + t.sigmas * rmsHann / a + 2 * leakHann / a
                checks.append(VerificationCheck(channel: channel, kind: .frequency, frequency: line.frequency,
                                                expected: line.frequency, measured: tone.frequency,
                                                tolerance: bins * binWidth, detail: line.source))
            }
        }
        return checks
    }

    // MARK: Noise and bands, on the full-length Hann spectrum

    /// Density of Hann bin `k` (signal units²/Hz) is `|bin k|² · densityScale`: `N / (2·fs·ENBW)`.
    var densityScale: Double { Double(n) / (2 * fs * Window.hann.equivalentNoiseBandwidth) }

    /// `F` of the standard error `√(F/M)` of a mean over `M` Hann bins (adjacent bins are correlated).
    static let hannCorrelation = PowerSpectralDensity.correlationFactor(segmentLength: 512, segmentCount: 1)

    /// Half-width (bins) around a source of amplitude `a` beyond which its Hann leakage is below 1 %
    /// of `floorDensity`: `a²·R(d)²·densityScale ≤ 0.01·floor` with `R(d) ≤ 1/(π(d − 1)³)`.
    func exclusion(amplitude a: Double, floorDensity: Double) -> Int {
        guard a > 0 else { return 0 }
        let r = a * (densityScale / (0.01 * floorDensity)).squareRoot()
        let d = r <= 1 ? 0 : Foundation.cbrt(r / Double.pi)
        return max(3, Int(min(d, 1e9).rounded(.up)) + 2)
    }

    /// The density level the exclusions protect: the expected noise, or the noise floor where none is expected.
    var floorDensity: Double {
        max(expected.noiseDensity(sampleRate: fs), 2 * pow(t.noiseFloor * reference, 2) / fs, 1e-300)
    }

    /// Excluded bin intervals (sorted, possibly overlapping): DC, Nyquist, every line and band with
    /// the reach of its leakage.
    func exclusions() -> [(Int, Int)] {
        let floor = floorDensity
        let count = analysis.hann.count
        var out: [(Int, Int)] = [(0, exclusion(amplitude: 2 * abs(expected.dc), floorDensity: floor)), (count - 1, count - 1)]
        for line in expected.lines {
            let k = Int((line.frequency / binWidth).rounded())
            let e = exclusion(amplitude: line.amplitude, floorDensity: floor)
            out.append((k - e, k + e))
        }
        for sweep in expected.sweeps {
            let margin = sweepMargin(sweep)
            let e = exclusion(amplitude: sweep.amplitude, floorDensity: floor)
            out.append((Int(((sweep.lowFrequency - margin) / binWidth).rounded(.down)) - e,
                        Int(((sweep.highFrequency + margin) / binWidth).rounded(.up)) + e))
        }
        out.sort { $0.0 < $1.0 }
        return out
    }

    /// Calls `body` for every bin in `range` outside `excluded` (sorted by start).
    static func forEachBin(in range: Range<Int>, outside excluded: [(Int, Int)], _ body: (Int) -> Void) {
        var next = range.lowerBound, index = 0
        while next < range.upperBound {
            while index < excluded.count && excluded[index].1 < next { index += 1 }
            var end = range.upperBound
            if index < excluded.count {
                if excluded[index].0 <= next { next = excluded[index].1 + 1; continue }
                end = min(end, excluded[index].0)
            }
            for k in next ..< end { body(k) }
            next = end
        }
    }

    func noiseChecks() -> [VerificationCheck] {
        let spectrum = analysis.hann
        let excluded = exclusions()
        let scale = densityScale
        var used = 0
        var sum = 0.0
        spectrum.real.withUnsafeBufferPointer { re in
            spectrum.imaginary.withUnsafeBufferPointer { im in
                ChannelVerifier.forEachBin(in: 0 ..< spectrum.count, outside: excluded) { k in
                    sum += re[k] * re[k] + im[k] * im[k]
                    used += 1
                }
            }
        }
        guard used >= 16 else { return [] }
        let toDeviation = { (power: Double, bins: Int) in (power / Double(bins) * scale * self.fs / 2).squareRoot() }
        let sigma = expected.noiseDeviation
        let residual = expected.residualVariance.squareRoot()
        let measured = toDeviation(sum, used)
        let standardError = { (bins: Int) in (ChannelVerifier.hannCorrelation / Double(bins)).squareRoot() }
        guard sigma > 0 else {
            return [VerificationCheck(channel: channel, kind: .noise, frequency: nil, expected: 0, measured: measured,
                                      tolerance: t.noiseFloor * reference + residual + floatFloor,
                                      detail: "noise floor (no noise expected; \(used) bins)")]
        }
        var checks = [VerificationCheck(channel: channel, kind: .noise, frequency: nil, expected: sigma, measured: measured,
                                        tolerance: sigma * (t.noise + t.sigmas * standardError(used) / 2) + residual + floatFloor,
                                        detail: "noise deviation (\(used) bins)")]
        // Flatness: the usable bins in equal-count sub-bands.
        let bands = max(1, min(t.flatnessBands, used / 16))
        var bandPower = [Double](repeating: 0, count: bands), bandBins = [Int](repeating: 0, count: bands)
        var bandFrequency = [Double](repeating: 0, count: bands)
        var index = 0
        spectrum.real.withUnsafeBufferPointer { re in
            spectrum.imaginary.withUnsafeBufferPointer { im in
                ChannelVerifier.forEachBin(in: 0 ..< spectrum.count, outside: excluded) { k in
                    let b = min(index * bands / used, bands - 1)
                    bandPower[b] += re[k] * re[k] + im[k] * im[k]
                    bandBins[b] += 1
                    bandFrequency[b] += Double(k) * binWidth
                    index += 1
                }
            }
        }
        var worst: VerificationCheck?, worstRatio = -1.0
        for b in 0 ..< bands where bandBins[b] > 0 {
            let deviation = toDeviation(bandPower[b], bandBins[b])
            let tolerance = sigma * (t.flatness + t.sigmas * standardError(bandBins[b]) / 2) + residual + floatFloor
            let ratio = abs(deviation - sigma) / tolerance
            if ratio > worstRatio {
                worstRatio = ratio
                worst = VerificationCheck(channel: channel, kind: .noiseFlatness, frequency: bandFrequency[b] / Double(bandBins[b]),
                                          expected: sigma, measured: deviation, tolerance: tolerance,
                                          detail: "worst of \(bands) noise sub-bands")
            }
        }
        if let worst { checks.append(worst) }
        return checks
    }

    func bandChecks() -> [VerificationCheck] {
        let spectrum = analysis.hann
        let count = spectrum.count
        let density = expected.noiseDensity(sampleRate: fs)
        let enbw = Window.hann.equivalentNoiseBandwidth
        var checks: [VerificationCheck] = []
        for sweep in expected.sweeps {
            let margin = sweepMargin(sweep)
            let dcReach = expected.dc == 0 ? 1 : exclusion(amplitude: 2 * abs(expected.dc), floorDensity: max(floorDensity, 1e-9 * sweep.power / (fs / 2))) + 1
            let lo = max(dcReach, Int(((sweep.lowFrequency - margin) / binWidth).rounded(.down)))
            let hi = min(count - 2, Int(((sweep.highFrequency + margin) / binWidth).rounded(.up)))
            guard lo <= hi else { continue }
            // Power in bins lo...hi: Σ|bin|² / (2·ENBW) (a tone of amplitude a gives a²/2).
            var power = 0.0
            for k in lo ... hi { power += spectrum.amplitude(at: k) * spectrum.amplitude(at: k) }
            power /= 2 * enbw
            let bandLow = Double(lo) * binWidth, bandHigh = Double(hi) * binWidth
            var expectedPower = density * Double(hi - lo + 1) * binWidth
            for other in expected.sweeps {
                let width = other.highFrequency - other.lowFrequency
                let covered = width <= 0 ? ((other.lowFrequency >= bandLow && other.lowFrequency <= bandHigh) ? 1 : 0)
                    : max(0, min(other.highFrequency, bandHigh) - max(other.lowFrequency, bandLow)) / width
                expectedPower += other.power * covered
            }
            for line in expected.lines where line.frequency >= bandLow && line.frequency <= bandHigh {
                expectedPower += line.power(sampleRate: fs)
            }
            let rms = expectedPower.squareRoot()
            let noiseSpread = density * Double(hi - lo + 1) * binWidth * t.sigmas
                * (ChannelVerifier.hannCorrelation / Double(hi - lo + 1)).squareRoot()
            let tolerance = t.band * rms + noiseSpread / (2 * max(rms, 1e-300)) + expected.residualVariance.squareRoot() + floatFloor
            checks.append(VerificationCheck(channel: channel, kind: .band, frequency: (sweep.lowFrequency + sweep.highFrequency) / 2,
                                            expected: rms, measured: power.squareRoot(), tolerance: tolerance,
                                            detail: "\(sweep.source) RMS in \(String(format: "%.4g", bandLow))...\(String(format: "%.4g", bandHigh)) Hz"))
        }
        return checks
    }

    func spuriousCheck() -> VerificationCheck {
        let spectrum = analysis.flatTop
        let count = spectrum.count
        let threshold = max(t.spurious * reference, t.spuriousNoiseMargin * rmsFlatTop, 10 * floatFloor)
        // Masked intervals (bins): DC, every line that could reach the threshold, every band.
        let lobe = Window.flatTop.mainLobeHalfWidth + 2
        var masks: [(Int, Int)] = [(0, lobe + (expected.dc != 0 ? 1 : 0))]
        for line in expected.lines where line.amplitude >= 0.1 * threshold {
            let k = Int((line.frequency / binWidth).rounded())
            let width = line.amplitude * 1e-7 > 0.1 * threshold ? 4 * lobe : lobe
            masks.append((k - width, k + width))
        }
        for sweep in expected.sweeps {
            let margin = sweepMargin(sweep)
            masks.append((Int(((sweep.lowFrequency - margin) / binWidth).rounded(.down)) - lobe,
                          Int(((sweep.highFrequency + margin) / binWidth).rounded(.up)) + lobe))
        }
        masks.sort { $0.0 < $1.0 }
        var largest = 0.0, where_: Int?
        var next = 0, maskIndex = 0
        spectrum.real.withUnsafeBufferPointer { re in
            spectrum.imaginary.withUnsafeBufferPointer { im in
                func power(_ k: Int) -> Double { re[k] * re[k] + im[k] * im[k] }
                while next < count {
                    // Skip masked ranges.
                    while maskIndex < masks.count && masks[maskIndex].1 < next { maskIndex += 1 }
                    var end = count
                    if maskIndex < masks.count {
                        if masks[maskIndex].0 <= next { next = masks[maskIndex].1 + 1; continue }
                        end = masks[maskIndex].0
                    }
                    for k in next ..< end {
                        let p = power(k)
                        if p > largest && (k == 0 || p >= power(k - 1)) && (k + 1 >= count || p >= power(k + 1)) {
                            largest = p
                            where_ = k
                        }
                    }
                    next = end
                }
            }
        }
        let measured = largest.squareRoot()
        return VerificationCheck(channel: channel, kind: .spurious, frequency: where_.map { Double($0) * binWidth },
                                 expected: 0, measured: measured, tolerance: threshold,
                                 detail: "largest unexpected peak (threshold \(String(format: "%.1f", 20 * log10(threshold / reference))) dB re reference)")
    }
}
