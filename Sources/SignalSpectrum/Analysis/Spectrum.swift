import Foundation
import Signals

/// The one-sided amplitude spectrum of one channel through one ``Window``, in signal units.
///
/// Bin `k` (frequency `k · sampleRate / frameCount` Hz, `k = 0 ... N/2`) holds the complex windowed
/// DFT scaled so that its magnitude is the amplitude of a tone centred on that bin:
/// `|bin k| = 2·|X_w[k]| / (N·a₀)` (`1/(N·a₀)` at DC and at Nyquist), and `real[0]` is the signed DC
/// level. A tone of amplitude `A` between bins reads `A · window.response(atOffset:length:)` in its
/// nearest bin: within 0.0021 dB of `A` with ``Window/flatTop``.
///
/// ```swift
/// let buffer = try Sine(amplitude: 2, frequency: 50).render(sampleRate: 1000, frameCount: 4096)
/// let spectrum = try Spectrum(buffer, window: .flatTop)
/// spectrum.amplitude(at: spectrum.nearestBin(to: 50))   // 2.000 (± 0.0021 dB)
/// ```
public struct Spectrum: Sendable, Hashable {
    /// Samples per second of the analysed data (Hz).
    public let sampleRate: Double
    /// Number of samples transformed (`N`).
    public let frameCount: Int
    /// The window applied.
    public let window: Window
    /// Real parts of the normalised bins `0 ... N/2` (signal units; `real[0]` is the DC level).
    public let real: [Double]
    /// Imaginary parts of the normalised bins `0 ... N/2` (signal units).
    public let imaginary: [Double]

    /// Smallest number of samples a spectrum is taken of.
    public static let minimumFrameCount = 16
}

// The initialisers from samples live in an extension so that the memberwise
// `init(sampleRate:frameCount:window:real:imaginary:)` stays synthesised.
extension Spectrum {
    /// The spectrum of single-precision samples (the rendered or recorded data).
    /// - Parameters:
    ///   - samples: The channel's samples, at least ``minimumFrameCount``, all finite.
    ///   - sampleRate: Samples per second (Hz), > 0.
    ///   - window: The window (default ``Window/flatTop``, for amplitudes).
    ///   - fft: The FFT owner (plans are cached there).
    /// - Throws: `SignalError` for too few samples, a non-finite sample or a bad rate.
    /// - Complexity: One O(N log N) FFT plus O(N · window terms).
    public init(
        samples: [Float], sampleRate: Double, window: Window = .flatTop,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        try self.init(array: samples, sampleRate: sampleRate, window: window, fft: fft)
    }

    /// The spectrum of double-precision samples (reference waveforms).
    /// - Parameters:
    ///   - samples: The samples, at least ``minimumFrameCount``, all finite.
    ///   - sampleRate: Samples per second (Hz), > 0.
    ///   - window: The window (default ``Window/flatTop``).
    ///   - fft: The FFT owner.
    /// - Throws: `SignalError` for too few samples, a non-finite sample or a bad rate.
    public init(
        samples: [Double], sampleRate: Double, window: Window = .flatTop,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        try self.init(array: samples, sampleRate: sampleRate, window: window, fft: fft)
    }

    /// The spectrum of one channel of a buffer.
    /// - Parameters:
    ///   - buffer: Rendered or recorded samples.
    ///   - channel: Channel index, `0 ..< buffer.channelCount`.
    ///   - window: The window (default ``Window/flatTop``).
    ///   - fft: The FFT owner.
    /// - Throws: `SignalError` for a bad channel, too few samples or a non-finite sample.
    public init(
        _ buffer: SampleBuffer, channel: Int = 0, window: Window = .flatTop,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        self = try buffer.withChannel(channel) { p throws(SignalError) in
            try Spectrum.spectra(p, sampleRate: buffer.sampleRate, windows: [window], fft: fft)[0]
        }
    }

    /// The spectrum of `Float` or `Double` samples (the public initialisers of either precision).
    init<T: FFTWScalar>(array samples: [T], sampleRate: Double, window: Window, fft: RealFFT) throws(SignalError) {
        self = try samples.withUnsafeBufferPointer { p throws(SignalError) in
            try Spectrum.spectra(p, sampleRate: sampleRate, windows: [window], fft: fft)[0]
        }
    }

    /// Number of bins (`N/2 + 1`).
    public var count: Int { real.count }

    /// Bin spacing, `sampleRate / frameCount` (Hz): the frequency resolution.
    public var binWidth: Double { sampleRate / Double(frameCount) }

    /// Frequency of bin `k` (Hz).
    public func frequency(ofBin k: Int) -> Double { Double(k) * binWidth }

    /// The bin nearest `frequency` (Hz), clamped to `0 ..< count` (0 for NaN).
    public func nearestBin(to frequency: Double) -> Int {
        Spectrum.clampedBin(frequency / binWidth, count: count)
    }

    /// `position` rounded to a bin and clamped to `0 ..< count` in Double before the conversion, so no
    /// value (NaN, ±∞, 1e300) can trap: NaN and anything below 0 give 0.
    static func clampedBin(_ position: Double, count: Int) -> Int {
        let last = Double(max(count - 1, 0))
        guard position > 0 else { return 0 }
        return position >= last ? max(count - 1, 0) : Int(position.rounded())
    }

    /// Amplitude in bin `k` (signal units, ≥ 0).
    public func amplitude(at k: Int) -> Double {
        (real[k] * real[k] + imaginary[k] * imaginary[k]).squareRoot()
    }

    /// All amplitudes, bins `0 ... N/2` (signal units).
    public var amplitudes: [Double] { (0..<count).map(amplitude(at:)) }

    /// The signed DC level (signal units): the window-weighted mean of the samples.
    public var dc: Double { real[0] }

    /// Amplitude of bin `k` in dB relative to `reference` (signal units): `20·log10(|bin k| / reference)`.
    public func decibels(at k: Int, reference: Double = 1) -> Double {
        20 * log10(max(amplitude(at: k), .leastNormalMagnitude) / reference)
    }
}

extension Spectrum {
    /// The spectra of finite samples through each of `windows`, from one FFT: the windows are applied
    /// to FFTW's output in place of a copy (no intermediate bin arrays).
    static func spectra<T: FFTWScalar>(
        _ samples: UnsafeBufferPointer<T>, sampleRate: Double, windows: [Window],
        fft: RealFFT
    ) throws(SignalError) -> [Spectrum] {
        guard sampleRate.isFinite && sampleRate > 0 else {
            throw SignalError(
                .invalidArgument, "sample rate must be a positive number of Hz, got \(sampleRate)", field: "sampleRate")
        }
        guard samples.count >= minimumFrameCount else {
            throw SignalError(
                .tooShort,
                "\(samples.count) samples are too few for a spectrum; at least \(minimumFrameCount) are needed",
                field: "samples")
        }
        if let bad = samples.firstIndex(where: { !$0.isFinite }) {
            throw SignalError(.nonFinite, "sample \(bad) is \(samples[bad]), not a finite number", field: "samples")
        }
        return try fft.transform(T.self, size: samples.count) { work in
            if let base = samples.baseAddress { work.input.update(from: base, count: samples.count) }
            work.execute()
            return windows.map {
                windowed(UnsafePointer(work.output), frameCount: samples.count, sampleRate: sampleRate, window: $0)
            }
        }
    }

    /// Applies a cosine-sum window in the frequency domain and normalises to amplitudes:
    /// `X_w[m] = a₀X[m] + Σₖ (aₖ/2)(X[m−k] + X[m+k])`, with `X[−j] = conj X[j]` and
    /// `X[N−j] = conj X[j]` for real data. `output` holds the `N/2 + 1` rectangular bins as
    /// interleaved `re, im` pairs (FFTW's r2c layout).
    static func windowed<T: FFTWScalar>(
        _ output: UnsafePointer<T>, frameCount n: Int, sampleRate: Double, window: Window
    ) -> Spectrum {
        let a = window.coefficients
        let terms = a.count - 1
        let count = n / 2 + 1
        // Normalise: one-sided amplitude 2|X_w|/(N a₀); DC and Nyquist are not doubled.
        let scale = 2 / (Double(n) * a[0])
        let halves = a.map { $0 / 2 * scale }
        let centre = a[0] * scale
        var re = [Double](repeating: 0, count: count)
        var im = [Double](repeating: 0, count: count)
        // X[j] for any integer j, by periodicity and Hermitian symmetry.
        func at(_ j: Int) -> (Double, Double) {
            var m = j % n
            if m < 0 { m += n }
            return m < count
                ? (Double(output[2 * m]), Double(output[2 * m + 1]))
                : (Double(output[2 * (n - m)]), -Double(output[2 * (n - m) + 1]))
        }
        re.withUnsafeMutableBufferPointer { re in
            im.withUnsafeMutableBufferPointer { im in
                let interior = min(terms, count)..<max(min(terms, count), count - terms)
                for m in 0..<count where !interior.contains(m) {
                    var sr = a[0] * scale * Double(output[2 * m])
                    var si = a[0] * scale * Double(output[2 * m + 1])
                    for k in stride(from: 1, through: terms, by: 1) {
                        let lo = at(m - k)
                        let hi = at(m + k)
                        sr += halves[k] * (lo.0 + hi.0)
                        si += halves[k] * (lo.1 + hi.1)
                    }
                    re[m] = sr
                    im[m] = si
                }
                halves.withUnsafeBufferPointer { h in
                    for m in interior {
                        var sr = centre * Double(output[2 * m])
                        var si = centre * Double(output[2 * m + 1])
                        for k in 1..<terms + 1 {
                            sr += h[k] * (Double(output[2 * (m - k)]) + Double(output[2 * (m + k)]))
                            si += h[k] * (Double(output[2 * (m - k) + 1]) + Double(output[2 * (m + k) + 1]))
                        }
                        re[m] = sr
                        im[m] = si
                    }
                }
                // DC and Nyquist are not doubled.
                re[0] /= 2
                im[0] /= 2
                if n.isMultiple(of: 2) && count > 1 {
                    re[count - 1] /= 2
                    im[count - 1] /= 2
                }
            }
        }
        return Spectrum(sampleRate: sampleRate, frameCount: n, window: window, real: re, imaginary: im)
    }
}
