import Foundation

/// The realism features of one signal: level, shape, spectrum and gait.
///
/// With `x` the signal and `x₀ = x − mean(x)`:
/// - ``rms``: `√mean(x²)` (the signal's unit): for a magnitude, the RMS of the vector;
/// - ``kurtosis``: `mean(x₀⁴) / mean(x₀²)²` (Pearson's: 3 for a normal signal, 1.5 for a sine; impacts
///   raise it);
/// - ``crestFactor``: `max|x₀| / √mean(x₀²)` (√2 for a sine);
/// - ``dominantFrequency``: the frequency of the highest Welch density of `x₀` in 0.3–15 Hz (Hz), to the
///   spectrum's bin width (0.098 Hz);
/// - ``peakRatio``: the highest Welch density in 0.3–15 Hz over the median density there: about 2 for
///   white noise (a device lying still), from 10 for a walk, a drive or a hand that gestures; a spectrum
///   under ``flatPeakRatio`` has no dominant frequency to compare;
/// - ``shareAbove5Hz``: the density summed over 5 Hz < f ≤ band over its sum over 0 < f ≤ band;
/// - ``stepRate``: ``StepRate`` of `x` (steps/s; 0 without a gait);
/// - ``harmonicRatio``: the sum of the amplitudes of the even harmonics of the stride frequency over
///   that of the odd ones (after M. Menz, S. Lord and R. Fitzpatrick, *Acceleration patterns of the
///   head and pelvis when walking on level and irregular surfaces*, Gait & Posture 18, 2003), harmonics
///   1–20 up to the band, each amplitude the square root of the density summed within ±0.15 Hz of it.
///   A symmetric gait repeats every step, so its even harmonics of the stride dominate (ratio > 1); a
///   signal that repeats only every stride, such as a thigh's swing, has a ratio near or under 1.
///
/// Every definition but the harmonic ratio is that of `features.py`, which measured the real recordings
/// the tolerances come from (see ``RealismComparison``).
///
/// ```swift
/// let features = SignalFeatures(magnitude, rate: 100, band: 50, measuresStepRate: true)
/// features.kurtosis        // 4.3
/// ```
public struct SignalFeatures: Sendable, Hashable {
    /// The RMS of the signal (its unit).
    public var rms: Double
    /// Pearson's kurtosis; `nil` for a constant signal.
    public var kurtosis: Double?
    /// Peak over RMS of the mean-free signal; `nil` for a constant signal.
    public var crestFactor: Double?
    /// The frequency of the spectrum's peak in 0.3–15 Hz (Hz); `nil` for a constant signal.
    public var dominantFrequency: Double?
    /// The highest density in the dominant band over its median; `nil` for a constant signal.
    public var peakRatio: Double?
    /// The share of the spectrum's power above 5 Hz (0–1); `nil` for a constant signal.
    public var shareAbove5Hz: Double?
    /// Steps per second (0 when no gait was found); `nil` when not measured.
    public var stepRate: Double?
    /// Even over odd harmonics of the stride; `nil` without a stride frequency or harmonics in the band.
    public var harmonicRatio: Double?
    /// The Welch spectrum of the mean-free signal: ``PowerSpectralDensity`` with Hann segments of
    /// ``segment`` samples overlapping by half (signal unit² / Hz).
    public var spectrum: PowerSpectralDensity

    /// The Welch segment: 1024 samples, 10.24 s on the 100-Hz grid (a resolution of 0.098 Hz), as the
    /// features of the real recordings the tolerances come from.
    public static let segment = 1024

    /// The band of the dominant frequency (Hz).
    public static let dominantBand: ClosedRange<Double> = 0.3...15
    /// The ``peakRatio`` below which a spectrum is flat, with no dominant frequency: 5 (white noise's Welch
    /// spectrum over 20–120 s reads 2–3: the largest of 150 bins of a χ² density with 6–24 degrees of freedom).
    public static let flatPeakRatio = 5.0
    /// The frequency above which ``shareAbove5Hz`` counts power (Hz).
    public static let shareFrequency = 5.0
    /// How many harmonics of the stride the harmonic ratio sums, at most.
    public static let harmonics = 20
    /// Half the width of the band each harmonic's amplitude is summed over (Hz): the Welch window's main
    /// lobe at 10.24-s segments is ±0.2 Hz, and a walk's stride frequency wanders by a few per cent.
    public static let harmonicHalfWidth = 0.15

    /// Measures `signal`.
    /// - Parameters:
    ///   - signal: Finite samples on a uniform grid, at least ``segment`` of them.
    ///   - rate: The grid's rate (Hz).
    ///   - band: The highest frequency both recordings of a comparison hold (Hz): the shares and the
    ///     harmonics stop there.
    ///   - measuresStepRate: Whether to measure the step rate (the magnitudes' features do).
    ///   - strideFrequency: The gait's stride frequency (Hz) for the harmonic ratio: half the step rate
    ///     of the recording's linear acceleration; `nil` (default) or 0 without a gait.
    /// - Throws: `SignalError` (`.tooShort` under ``segment`` samples, `.nonFinite` for a sample that is not
    ///   finite): ``RealismRecording`` refuses both before.
    /// - Complexity: O(n log ``segment``) for the spectrum, O(n · 1.6 · rate) for the step rate.
    public init(
        _ signal: [Double], rate: Double, band: Double, measuresStepRate: Bool, strideFrequency: Double? = nil
    ) throws(SignalError) {
        guard signal.count >= SignalFeatures.segment else {
            throw SignalError(
                .tooShort,
                "\(signal.count) samples are too few for the realism features; at least \(SignalFeatures.segment) are needed",
                field: "samples")
        }
        let n = Double(signal.count)
        let mean = signal.reduce(0, +) / n
        let x0 = signal.map { $0 - mean }
        rms = (signal.reduce(0) { $0 + $1 * $1 } / n).squareRoot()
        let variance = x0.reduce(0) { $0 + $1 * $1 } / n
        if variance > 0 {
            kurtosis = x0.reduce(0) { $0 + $1 * $1 * $1 * $1 } / n / (variance * variance)
            crestFactor = (x0.map(abs).max() ?? 0) / variance.squareRoot()
        }
        spectrum = try PowerSpectralDensity(samples: x0, sampleRate: rate, segmentLength: SignalFeatures.segment)
        let power = spectrum.sum(above: 0, upTo: band)
        if power > 0 {
            shareAbove5Hz = spectrum.sum(above: SignalFeatures.shareFrequency, upTo: band) / power
            let dominant = SignalFeatures.dominantBand.lowerBound...min(SignalFeatures.dominantBand.upperBound, band)
            dominantFrequency = spectrum.peak(in: dominant)
            let bins = spectrum.density.indices.filter { dominant.contains(spectrum.frequency(ofBin: $0)) }
                .map { spectrum.density[$0] }.sorted()
            if let top = bins.last, bins.count > 2 {
                let median = bins[bins.count / 2]
                peakRatio = median > 0 ? top / median : .infinity
            }
        }
        stepRate = measuresStepRate ? StepRate(signal, rate: rate).stepsPerSecond : nil
        if let stride = strideFrequency, stride > 0 {
            harmonicRatio = SignalFeatures.harmonicRatio(spectrum, stride: stride, band: band)
        }
    }

    /// Even over odd harmonic amplitudes of `stride` (Hz) in `spectrum`, up to `band`; `nil` when fewer
    /// than two harmonics fit or the odd ones hold nothing.
    static func harmonicRatio(_ spectrum: PowerSpectralDensity, stride: Double, band: Double) -> Double? {
        var even = 0.0
        var odd = 0.0
        var counted = 0
        for h in 1...harmonics {
            let center = Double(h) * stride
            guard center + harmonicHalfWidth <= band else { break }
            let amplitude = spectrum.sum(in: center - harmonicHalfWidth...center + harmonicHalfWidth).squareRoot()
            if h % 2 == 0 { even += amplitude } else { odd += amplitude }
            counted += 1
        }
        guard counted >= 2, odd > 0 else { return nil }
        return even / odd
    }
}
