import Foundation
import Signals

/// A one-sided power spectral density by Welch's method: Hann-windowed segments of
/// ``segmentLength`` samples overlapping by half, periodograms averaged.
///
/// `density[k]` (units²/Hz, bins `0 ... L/2` at `k · sampleRate / L` Hz) is
/// `c · mean_s |X_s[k]|² / (sampleRate · Σw²)` with `c = 2` except at DC and Nyquist (`c = 1`), so
/// white noise of standard deviation `σ` reads `2σ²/sampleRate` in every bin, and the sum of the
/// density times ``binWidth`` is the signal's variance (Parseval).
///
/// The estimate of each bin is a mean of ``segmentCount`` exponential variables (χ² with 2 degrees
/// of freedom per segment for Gaussian noise), correlated between overlapping segments and adjacent
/// bins; ``relativeStandardError(binCount:)`` gives the resulting spread of a mean over bins.
///
/// ```swift
/// let noise = try Noise(amplitude: 0.1, seed: 7).render(sampleRate: 1000, frameCount: 1 << 16)
/// let psd = try PowerSpectralDensity(noise)
/// psd.density[100]   // ≈ 2 · 0.1² / 1000 = 2e-5 units²/Hz
/// ```
public struct PowerSpectralDensity: Sendable, Hashable {
    /// Samples per second of the analysed data (Hz).
    public let sampleRate: Double
    /// Samples per segment `L` (a power of two).
    public let segmentLength: Int
    /// Number of segments averaged `K` (hop `L/2`; a tail shorter than a hop is not used).
    public let segmentCount: Int
    /// The segment window (``Window/hann``).
    public let window: Window
    /// One-sided density, bins `0 ... L/2` (signal units² per Hz).
    public let density: [Double]
}

// The initialisers from samples live in an extension so that the memberwise
// `init(sampleRate:segmentLength:segmentCount:window:density:)` stays synthesised.
extension PowerSpectralDensity {

    /// Creates the density of single-precision samples.
    /// - Parameters:
    ///   - samples: The channel's samples, at least `segmentLength`, all finite.
    ///   - sampleRate: Samples per second (Hz), > 0.
    ///   - segmentLength: Samples per segment, a power of two ≥ 16 and ≤ `samples.count`
    ///     (default ``defaultSegmentLength(frameCount:)``).
    ///   - fft: The FFT owner.
    /// - Throws: `SignalError` for too few samples, a bad segment length or a non-finite sample.
    /// - Complexity: O(N log L).
    public init(
        samples: [Float], sampleRate: Double, segmentLength: Int? = nil,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        self = try PowerSpectralDensity.welch(samples, sampleRate: sampleRate, segmentLength: segmentLength, fft: fft)
    }

    /// Creates the density of double-precision samples (reference waveforms).
    /// - Parameters:
    ///   - samples: The samples, at least `segmentLength`, all finite.
    ///   - sampleRate: Samples per second (Hz), > 0.
    ///   - segmentLength: A power of two ≥ 16 and ≤ `samples.count` (default ``defaultSegmentLength(frameCount:)``).
    ///   - fft: The FFT owner.
    /// - Throws: `SignalError` for too few samples, a bad segment length or a non-finite sample.
    public init(
        samples: [Double], sampleRate: Double, segmentLength: Int? = nil,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        self = try PowerSpectralDensity.welch(samples, sampleRate: sampleRate, segmentLength: segmentLength, fft: fft)
    }

    /// Creates the density of one channel of a buffer.
    /// - Throws: `SignalError` for a bad channel, too few samples or a non-finite sample.
    public init(
        _ buffer: SampleBuffer, channel: Int = 0, segmentLength: Int? = nil,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        self = try buffer.withChannel(channel) { p throws(SignalError) in
            try PowerSpectralDensity.welch(p, sampleRate: buffer.sampleRate, segmentLength: segmentLength, fft: fft)
        }
    }

    /// The default segment length for `frameCount` samples: the largest power of two ≤ N/16,
    /// clamped to 64 ... 4096 (at least 31 segments up to 2^16 samples, a resolution of
    /// `sampleRate / 4096` beyond).
    public static func defaultSegmentLength(frameCount: Int) -> Int {
        var length = 64
        while length <= frameCount / 32 && length < 4096 { length *= 2 }
        return min(length, largestPowerOfTwo(atMost: frameCount))
    }

    /// Bin spacing `sampleRate / segmentLength` (Hz).
    public var binWidth: Double { sampleRate / Double(segmentLength) }

    /// Frequency of bin `k` (Hz).
    public func frequency(ofBin k: Int) -> Double { Double(k) * binWidth }

    /// The standard deviation of white noise whose density is `density` (signal units):
    /// `σ = √(density · sampleRate / 2)`.
    public func deviation(forDensity density: Double) -> Double {
        (max(density, 0) * sampleRate / 2).squareRoot()
    }

    /// Relative standard error of the mean density over `binCount` bins of a noise-only spectrum.
    ///
    /// `√(F / (K · M))`, where `K` is ``segmentCount``, `M` the number of bins and
    /// `F = Σ_s Σ_d (1 − |s|/K)·|C(s, d)|²` sums the squared correlations between the periodograms of
    /// segments `s` hops apart at bins `d` apart, `C(s, d) = Σ w[n]·w[n + sL/2]·e^{−2πidn/L} / Σw²`
    /// (F ≈ 2.2 for Hann at 50 % overlap). Exact for contiguous bins of Gaussian noise when
    /// `M ≫ 1`; conservative for scattered bins.
    public func relativeStandardError(binCount: Int) -> Double {
        guard binCount > 0 else { return .infinity }
        return
            (PowerSpectralDensity.correlationFactor(segmentLength: segmentLength, segmentCount: segmentCount)
            / (Double(segmentCount) * Double(binCount))).squareRoot()
    }

    /// Mean density over the given bins (units²/Hz), 0 for none.
    public func meanDensity<S: Sequence<Int>>(bins: S) -> Double {
        var sum = 0.0
        var n = 0
        for k in bins {
            sum += density[k]
            n += 1
        }
        return n == 0 ? 0 : sum / Double(n)
    }
}

extension PowerSpectralDensity {
    static func largestPowerOfTwo(atMost n: Int) -> Int {
        var p = 1
        while p <= n / 2 { p *= 2 }  // no overflow, even for Int.max
        return p
    }

    /// The density of `Float` or `Double` samples (the public initialisers of either precision).
    static func welch<T: FFTWScalar>(
        _ samples: [T], sampleRate: Double, segmentLength: Int?, fft: RealFFT
    ) throws(SignalError) -> PowerSpectralDensity {
        try samples.withUnsafeBufferPointer { p throws(SignalError) in
            try welch(p, sampleRate: sampleRate, segmentLength: segmentLength, fft: fft)
        }
    }

    static func welch<T: FFTWScalar>(
        _ samples: UnsafeBufferPointer<T>, sampleRate: Double, segmentLength: Int?,
        fft: RealFFT
    ) throws(SignalError) -> PowerSpectralDensity {
        guard sampleRate.isFinite && sampleRate > 0 else {
            throw SignalError(
                .invalidArgument, "sample rate must be a positive number of Hz, got \(sampleRate)", field: "sampleRate")
        }
        let n = samples.count
        guard n >= Spectrum.minimumFrameCount else {
            throw SignalError(
                .tooShort, "\(n) samples are too few for a density; at least \(Spectrum.minimumFrameCount) are needed",
                field: "samples")
        }
        let length = segmentLength ?? defaultSegmentLength(frameCount: n)
        guard length >= 16, length <= n, length & (length - 1) == 0 else {
            throw SignalError(
                .invalidArgument, "segment length must be a power of two from 16 to the \(n) samples, got \(length)",
                field: "segmentLength")
        }
        if let bad = samples.firstIndex(where: { !$0.isFinite }) {
            throw SignalError(.nonFinite, "sample \(bad) is \(samples[bad]), not a finite number", field: "samples")
        }
        let hop = length / 2
        let segments = (n - length) / hop + 1
        let w = Window.hann.values(count: length).map { T($0) }
        let power = w.reduce(0.0) { $0 + Double($1) * Double($1) }
        let bins = length / 2 + 1
        var sum = [Double](repeating: 0, count: bins)
        try fft.transform(T.self, size: length) { work in
            w.withUnsafeBufferPointer { wp in
                sum.withUnsafeMutableBufferPointer { acc in
                    for s in 0..<segments {
                        let base = samples.baseAddress! + s * hop
                        for i in 0..<length { work.input[i] = base[i] * wp[i] }
                        work.execute()
                        for k in 0..<bins {
                            let re = Double(work.output[2 * k])
                            let im = Double(work.output[2 * k + 1])
                            acc[k] += re * re + im * im
                        }
                    }
                }
            }
        }
        let scale = 1 / (Double(segments) * sampleRate * power)
        for k in 0..<bins { sum[k] *= (k == 0 || k == bins - 1) ? scale : 2 * scale }
        return PowerSpectralDensity(
            sampleRate: sampleRate, segmentLength: length, segmentCount: segments,
            window: .hann, density: sum)
    }

    /// `F` of ``relativeStandardError(binCount:)`` for Hann segments at 50 % overlap.
    /// The correlations depend on the window's shape, not its length: computed at `min(L, 512)`.
    static func correlationFactor(segmentLength: Int, segmentCount k: Int) -> Double {
        let l = min(segmentLength, 512)
        let w = Window.hann.values(count: l)
        let power = w.reduce(0) { $0 + $1 * $1 }
        var factor = 0.0
        for s in -1...1 {
            let weight = s == 0 ? 1 : max(0, 1 - 1 / Double(k))
            guard weight > 0 else { continue }
            let shift = abs(s) * l / 2
            for d in -6...6 {
                var re = 0.0
                var im = 0.0
                for n in 0..<(l - shift) {
                    let v = w[n] * w[n + shift]
                    let angle = -2 * Double.pi * Double((d * n) % l) / Double(l)
                    re += v * cos(angle)
                    im += v * sin(angle)
                }
                factor += weight * (re * re + im * im) / (power * power)
            }
        }
        return factor
    }
}
