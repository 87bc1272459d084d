import Signals

/// The largest windowed amplitude of a channel's spectrum in each of a fixed number of equal groups of
/// bins (one value per bin when there are few), from one FFT without keeping the spectrum: what a plot
/// of a long record draws, in memory independent of the record's length (besides the FFT workspace).
///
/// ```swift
/// let envelope = try SpectrumEnvelope(buffer, channel: 0, groups: 750)
/// envelope.points.count   // ≤ 1500: one per bin, or one per group of bins
/// ```
package struct SpectrumEnvelope: Sendable {
    /// Samples per second (Hz).
    package let sampleRate: Double
    /// Samples transformed `N`.
    package let frameCount: Int
    /// Bins `N/2 + 1`.
    package let binCount: Int
    /// The window applied.
    package let window: Window
    /// Whether ``points`` holds every bin (else one point per group).
    package let perBin: Bool
    /// Per bin (``perBin``) or per group: the bin with the largest amplitude and that amplitude (signal units).
    package let points: [Point]

    /// A bin and its amplitude.
    package struct Point: Sendable, Hashable {
        /// Bin index.
        package var bin: Int
        /// Amplitude through the window (signal units).
        package var amplitude: Double
    }

    /// Bin spacing (Hz).
    package var binWidth: Double { sampleRate / Double(frameCount) }

    /// The envelope of channel `channel` of `buffer` through `window`, over `groups` groups of bins (every
    /// bin when there are at most `2·groups`).
    /// - Throws: `SignalError` for a bad channel, too few (< 16) or too many (> ``Verifier/maximumFrameCount``)
    ///   frames, a non-finite sample or `groups < 1`.
    package init(
        _ buffer: SampleBuffer, channel: Int, window: Window = .flatTop, groups: Int,
        fft: RealFFT = .shared
    ) throws(SignalError) {
        guard groups >= 1 && groups <= 1 << 20 else {
            throw SignalError(.invalidArgument, "groups must be 1 ... 2^20, got \(groups)", field: "groups")
        }
        let n = buffer.frameCount
        guard n >= Spectrum.minimumFrameCount else {
            throw SignalError(
                .tooShort, "\(n) samples are too few for a spectrum; at least \(Spectrum.minimumFrameCount) are needed",
                field: "samples")
        }
        guard n <= Verifier.maximumFrameCount else {
            throw SignalError(
                .tooLarge,
                "\(n) samples per channel are more than a spectrum is taken of (\(Verifier.maximumFrameCount))",
                field: "samples")
        }
        let rate = buffer.sampleRate
        let points = try buffer.withChannel(channel) { samples throws(SignalError) -> [Point] in
            if let bad = samples.firstIndex(where: { !$0.isFinite }) {
                throw SignalError(
                    .nonFinite, "sample \(bad) of channel \(channel) is \(samples[bad]), not a finite number",
                    field: "samples")
            }
            return try fft.transform(Float.self, size: n) { work in
                if let base = samples.baseAddress { work.input.update(from: base, count: n) }
                work.execute()
                let spectrum = RawSpectrum(output: UnsafePointer(work.output), frameCount: n, sampleRate: rate)
                let count = spectrum.binCount
                if count <= 2 * groups {
                    return (0..<count).map { Point(bin: $0, amplitude: spectrum.amplitude($0, window: window)) }
                }
                var out: [Point] = []
                out.reserveCapacity(groups)
                for g in 0..<groups {
                    let a = g * count / groups
                    let b = max(a + 1, (g + 1) * count / groups)
                    var best = Point(bin: a, amplitude: -1)
                    for k in a..<b {
                        let v = spectrum.amplitude(k, window: window)
                        if v > best.amplitude { best = Point(bin: k, amplitude: v) }
                    }
                    out.append(best)
                }
                return out
            }
        }
        sampleRate = rate
        frameCount = n
        binCount = n / 2 + 1
        self.window = window
        perBin = binCount <= 2 * groups
        self.points = points
    }
}
