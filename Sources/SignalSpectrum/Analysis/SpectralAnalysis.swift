import Foundation
import Signals

/// A spectral line as measured: its frequency (sub-bin), amplitude and nearest bin.
public struct Tone: Sendable, Hashable {
    /// Frequency (Hz), interpolated between bins.
    public var frequency: Double
    /// One-sided peak amplitude (signal units), read through the flat-top window and corrected for
    /// the window's (≤ 0.0021 dB) scalloping at the measured frequency.
    public var amplitude: Double
    /// The bin the peak was found in.
    public var bin: Int

    /// Creates a tone.
    /// - Parameters:
    ///   - frequency: Frequency in Hz.
    ///   - amplitude: One-sided peak amplitude in signal units.
    ///   - bin: Bin index of the peak.
    public init(frequency: Double, amplitude: Double, bin: Int) {
        self.frequency = frequency
        self.amplitude = amplitude
        self.bin = bin
    }
}

/// Everything measured about one channel: its Hann spectrum (for frequencies), its flat-top
/// spectrum (for amplitudes and DC), both from one FFT, and its Welch density (for noise).
///
/// Measures: ``tone(near:searchBins:)`` (frequency and amplitude of a line),
/// ``harmonics(of:count:)``, ``totalHarmonicDistortion(fundamental:harmonics:)``,
/// ``signalToNoiseRatio(fundamental:harmonics:)``, ``spuriousFreeDynamicRange(fundamental:)``,
/// ``dc`` and ``noiseDensity(excluding:)``.
///
/// Frequencies are interpolated from the Hann spectrum by Gaussian interpolation (a parabola through
/// the logarithms of the three bins around the peak): for a lone tone the error is below 0.017 bin
/// anywhere between bins (bias of the method; noise adds `≈ σ_bin / A` bins).
///
/// ```swift
/// let buffer = try Sine(amplitude: 1, frequency: 123.4).render(sampleRate: 1000, frameCount: 1 << 14)
/// let analysis = try SpectralAnalysis(buffer)
/// analysis.tone(near: 123)!      // Tone(frequency: 123.40, amplitude: 1.0000, ...)
/// ```
public struct SpectralAnalysis: Sendable, Hashable {
    /// The Hann-windowed spectrum (frequency estimation).
    public let hann: Spectrum
    /// The flat-top-windowed spectrum (amplitudes, DC).
    public let flatTop: Spectrum
    /// The Welch density (noise).
    public let density: PowerSpectralDensity

    /// Analyses single-precision samples.
    /// - Parameters:
    ///   - samples: The channel's samples (≥ 16, finite).
    ///   - sampleRate: Samples per second (Hz).
    ///   - segmentLength: Welch segment length (default ``PowerSpectralDensity/defaultSegmentLength(frameCount:)``).
    ///   - fft: The FFT owner.
    /// - Throws: `SignalError` for too few or non-finite samples.
    /// - Complexity: One N-point FFT and `≈ 2N/L` L-point FFTs.
    public init(
        samples: [Float], sampleRate: Double, segmentLength: Int? = nil,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        try self.init(array: samples, sampleRate: sampleRate, segmentLength: segmentLength, fft: fft)
    }

    /// Analyses double-precision samples (reference waveforms).
    /// - Throws: `SignalError` for too few or non-finite samples.
    public init(
        samples: [Double], sampleRate: Double, segmentLength: Int? = nil,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        try self.init(array: samples, sampleRate: sampleRate, segmentLength: segmentLength, fft: fft)
    }

    /// Analyses one channel of a buffer.
    /// - Throws: `SignalError` for a bad channel, too few or non-finite samples.
    public init(
        _ buffer: SampleBuffer, channel: Int = 0, segmentLength: Int? = nil,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        self = try buffer.withChannel(channel) { p throws(SignalError) in
            try SpectralAnalysis(p, sampleRate: buffer.sampleRate, segmentLength: segmentLength, fft: fft)
        }
    }

    /// Analyses `Float` or `Double` samples (the public initialisers of either precision).
    init<T: FFTWScalar>(array samples: [T], sampleRate: Double, segmentLength: Int?, fft: RealFFT) throws(SignalError) {
        self = try samples.withUnsafeBufferPointer { p throws(SignalError) in
            try SpectralAnalysis(p, sampleRate: sampleRate, segmentLength: segmentLength, fft: fft)
        }
    }

    /// Analyses samples; with `welch: false` the Welch pass is skipped and ``density`` is empty
    /// (the ``Verifier`` measures noise on the full-length Hann spectrum instead).
    init<T: FFTWScalar>(
        _ samples: UnsafeBufferPointer<T>, sampleRate: Double, segmentLength: Int?,
        welch: Bool = true, fft: RealFFT
    ) throws(SignalError) {
        let spectra = try Spectrum.spectra(samples, sampleRate: sampleRate, windows: [.hann, .flatTop], fft: fft)
        hann = spectra[0]
        flatTop = spectra[1]
        density =
            welch
            ? try PowerSpectralDensity.welch(samples, sampleRate: sampleRate, segmentLength: segmentLength, fft: fft)
            : PowerSpectralDensity(
                sampleRate: sampleRate, segmentLength: 0, segmentCount: 0, window: .hann, density: [])
    }

    /// Samples per second (Hz).
    public var sampleRate: Double { flatTop.sampleRate }
    /// Number of samples analysed.
    public var frameCount: Int { flatTop.frameCount }
    /// Bin spacing of the full-length spectra (Hz).
    public var binWidth: Double { flatTop.binWidth }
    /// Signed DC level (signal units), from the flat-top spectrum (lines ≥ 7 bins away leak < −144 dB).
    public var dc: Double { flatTop.dc }

    /// The peak's position in bins (fractional) near `frequency`: the largest Hann bin within
    /// `±searchBins` of it, refined by Gaussian interpolation.
    /// - Parameters:
    ///   - frequency: Where to look (Hz).
    ///   - searchBins: Half-width of the search (bins).
    /// - Returns: The position in bins, or `nil` when `frequency` is outside `0 ... sampleRate/2`.
    public func peakPosition(near frequency: Double, searchBins: Int = 3) -> Double? {
        let nu = frequency / binWidth
        guard nu >= -0.5 && nu <= Double(hann.count) - 0.5 else { return nil }
        let center = hann.nearestBin(to: frequency)
        let lo = max(0, center - searchBins)
        let hi = min(hann.count - 1, center + searchBins)
        var best = center
        var bestValue = -1.0
        for k in lo...hi {
            let v = hann.amplitude(at: k)
            if v > bestValue {
                best = k
                bestValue = v
            }
        }
        return Double(best) + interpolatedOffset(at: best)
    }

    /// Gaussian interpolation at bin `k` of the Hann spectrum: the vertex of the parabola through
    /// `ln|X[k−1]|, ln|X[k]|, ln|X[k+1]|`, in bins from `k` (within ±0.5; 0 at DC and Nyquist, where
    /// the spectrum is symmetric).
    public func interpolatedOffset(at k: Int) -> Double {
        guard k > 0 && k < hann.count - 1 else { return 0 }
        let a = hann.amplitude(at: k - 1)
        let b = hann.amplitude(at: k)
        let c = hann.amplitude(at: k + 1)
        guard a > 0 && b > 0 && c > 0 else { return 0 }
        let la = log(a)
        let lb = log(b)
        let lc = log(c)
        let denominator = la - 2 * lb + lc
        guard denominator < 0 else { return 0 }
        return min(max(0.5 * (la - lc) / denominator, -0.5), 0.5)
    }

    /// The flat-top amplitude of a line at bin position `position` (fractional bins): the largest
    /// flat-top bin within ±1 of it, divided by the window's response at that distance (signal units).
    public func amplitude(atPosition position: Double) -> Double {
        let center = Spectrum.clampedBin(position, count: flatTop.count)
        var best = center
        var bestValue = -1.0
        for k in max(0, center - 1)...min(flatTop.count - 1, center + 1) {
            let v = flatTop.amplitude(at: k)
            if v > bestValue {
                best = k
                bestValue = v
            }
        }
        let offset = position.isFinite ? min(max(Double(best) - position, -1.5), 1.5) : 0
        return bestValue / Window.flatTop.response(atOffset: offset, length: frameCount)
    }

    /// The line near `frequency`: Hann-interpolated frequency, flat-top amplitude.
    /// - Parameters:
    ///   - frequency: Where to look (Hz).
    ///   - searchBins: Half-width of the search (bins).
    /// - Returns: The tone, or `nil` when `frequency` is outside `0 ... sampleRate/2`.
    public func tone(near frequency: Double, searchBins: Int = 3) -> Tone? {
        guard let position = peakPosition(near: frequency, searchBins: searchBins) else { return nil }
        let bin = Spectrum.clampedBin(position, count: flatTop.count)
        return Tone(frequency: position * binWidth, amplitude: amplitude(atPosition: position), bin: bin)
    }

    /// The first `count` harmonics `k·fundamental`, `k = 1 ... count` (at most the number of bins), each folded into
    /// `0 ... sampleRate/2` as sampling aliases it, measured with ``tone(near:searchBins:)``
    /// (search ±1 bin).
    public func harmonics(of fundamental: Double, count: Int) -> [Tone] {
        // More harmonics than bins cannot be told apart: the count is capped at the number of bins.
        (1...min(max(count, 1), hann.count)).compactMap { k in
            tone(near: SpectralLine.fold(Double(k) * fundamental, sampleRate: sampleRate), searchBins: 1)
        }
    }

    /// Total harmonic distortion: `√(Σₖ₌₂ Aₖ²) / A₁` over harmonics 2 ... `harmonics` (a ratio;
    /// `20·log10` for dB). A square of duty 0.5 has 0.483 (its continuous series), a sine 0.
    public func totalHarmonicDistortion(fundamental: Double, harmonics: Int = 10) -> Double {
        let tones = self.harmonics(of: fundamental, count: harmonics)
        guard let first = tones.first, first.amplitude > 0 else { return .infinity }
        let rest = tones.dropFirst().reduce(0) { $0 + $1.amplitude * $1.amplitude }
        return rest.squareRoot() / first.amplitude
    }

    /// Spurious-free dynamic range (dB): the fundamental's amplitude over the largest other peak of
    /// the flat-top spectrum, outside the fundamental's and DC's main lobes (±7 bins).
    public func spuriousFreeDynamicRange(fundamental: Double) -> Double {
        guard let main = tone(near: fundamental) else { return 0 }
        let lobe = Window.flatTop.mainLobeHalfWidth
        var largest = 0.0
        for k in (lobe + 1)..<flatTop.count where abs(k - main.bin) > lobe {
            let v = flatTop.amplitude(at: k)
            if v > largest && v >= flatTop.amplitude(at: k - 1)
                && (k + 1 >= flatTop.count || v >= flatTop.amplitude(at: k + 1))
            {
                largest = v
            }
        }
        return 20 * log10(main.amplitude / max(largest, .leastNormalMagnitude))
    }

    /// Mean noise density (units²/Hz) of the Welch spectrum outside ±16 Welch bins of DC and of each
    /// of `frequencies` (Hz).
    public func noiseDensity(excluding frequencies: [Double]) -> Double {
        density.meanDensity(bins: noiseBins(excluding: frequencies))
    }

    /// Signal-to-noise ratio (dB): the fundamental's power `A₁²/2` over the noise power, which is
    /// the mean density outside DC, the fundamental and its first `harmonics` harmonics, times the
    /// band `sampleRate / 2`.
    public func signalToNoiseRatio(fundamental: Double, harmonics: Int = 10) -> Double {
        guard let main = tone(near: fundamental) else { return -.infinity }
        let lines = (1...min(max(harmonics, 1), hann.count)).map {
            SpectralLine.fold(Double($0) * fundamental, sampleRate: sampleRate)
        }
        let noise = noiseDensity(excluding: lines) * sampleRate / 2
        return 10 * log10(main.amplitude * main.amplitude / 2 / max(noise, .leastNormalMagnitude))
    }

    /// Welch bins (excluding the Nyquist bin) farther than 16 bins from DC and from each frequency
    /// (the Hann leakage of a line 16 bins away is below −80 dB).
    func noiseBins(excluding frequencies: [Double]) -> [Int] {
        let count = density.density.count
        var keep = [Bool](repeating: true, count: count)
        for f in [0] + frequencies where f.isFinite {
            // Clamped in Double before the conversion: a frequency far outside the spectrum excludes nothing.
            let position = min(max((f / density.binWidth).rounded(), -17), Double(count + 16))
            let k = Int(position)
            let lo = max(0, k - 16)
            let hi = min(count - 1, k + 16)
            guard lo <= hi else { continue }
            for j in lo...hi { keep[j] = false }
        }
        keep[count - 1] = false
        return (0..<count).filter { keep[$0] }
    }
}
