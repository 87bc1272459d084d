import Foundation
import Signals

/// Checks a rendered or recorded buffer against what its signal must contain, and never passes what it
/// did not check.
///
/// Per channel, two methods:
/// - **fit** — a least-squares fit of the exact expected waveform to the samples (`ModelFit` in the
///   source; the IEEE Std 1057/1241 three-parameter sine fit generalised to every component): the
///   amplitude and phase of every line and chirp at least ``Tolerances/lineFloor`` of the reference level
///   (the strongest ``Tolerances/maximumLines`` lines) and the DC level are free, every other line stays
///   in the model at its expected value. It checks each fitted component's **amplitude** and **phase**,
///   each line's **frequency** (one Gauss–Newton step), the **DC** level, and the residual's RMS against
///   the expected **noise** σ (0 for a noiseless signal): that last check covers every component jointly,
///   the weak lines too, down to the Float rounding of the samples.
/// - **spectrum** — the FFT of the residual: the largest peak anywhere (**spurious**), and the noise
///   density in sub-bands (**noiseFlatness**). No mask is needed: the expected components are gone.
///
/// A component the record cannot separate (two lines closer than about one over its duration, a line
/// that close to DC or Nyquist, more components than samples) is not dropped: the report lists it in
/// ``VerificationReport/unchecked`` with the reason and the record length that would check it, and
/// does not pass.
///
/// Every tolerance is an acceptance margin from ``Tolerances`` plus allowances derived from the record:
/// `sigmas` standard errors of the measurement under the expected noise (from the fit's normal matrix,
/// so it grows when neighbours overlap), and the worst-case projection of the engine's documented
/// per-sample error (kernel error and Float rounding, see `ModelFit.errorBound(_:)` in the source).
///
/// ```swift
/// let signal = Sum { Sine(amplitude: 1, frequency: 50); Noise(amplitude: 0.01, seed: 1) }
/// let buffer = try signal.render(sampleRate: 1000, frameCount: 1 << 16)
/// let report = try Verifier.verify(buffer, against: try signal.expectedSpectrum(sampleRate: 1000))
/// report.passed   // true
/// ```
///
/// - Complexity: Per channel, one synthesis of the expected waveform, O(N·terms); the fit's projections
///   in O(N + Q log Q) when the lines share a period of `Q` samples (else O(N·K)); its normal equations in
///   O(K³) for `K` fitted lines; one N-point FFT of the residual. Memory: besides the buffer, one FFT
///   workspace of about 8 bytes per frame (reused), and O(K² + Q) for the fit; at most
///   ``maximumFrameCount`` frames per channel. Thread-safe (FFTW plans are shared, see ``RealFFT``).
public enum Verifier {
    /// The largest number of frames per channel the verifier analyses: 2²⁸ (268 435 456, about 75 hours at
    /// 1 kHz). The analysis holds about 8 bytes per frame besides the samples (2 GiB at the limit).
    public static let maximumFrameCount = 1 << 28

    /// Verifies every channel of `buffer` against `expected`.
    ///
    /// Frame `i` of the buffer is sample `buffer.startIndex + i` of the signal: the phases the fit expects
    /// are those of the signal's own time axis.
    /// - Parameters:
    ///   - buffer: Rendered or recorded samples, 16 ... ``maximumFrameCount`` frames.
    ///   - expected: The expectation, derived for `buffer.sampleRate`.
    ///   - tolerances: How close is close enough (default: ``Tolerances``'s defaults).
    ///   - fft: The FFT owner (plans cached there).
    /// - Returns: The report of every check and of every component that could not be checked.
    /// - Throws: `SignalError` for a sample-rate or channel-count mismatch, too few, too many or
    ///   non-finite samples, or tolerances out of range.
    public static func verify(
        _ buffer: SampleBuffer, against expected: ExpectedSpectrum,
        tolerances: Tolerances = Tolerances(), fft: RealFFT = .shared
    ) throws(SignalError) -> VerificationReport {
        guard abs(buffer.sampleRate - expected.sampleRate) <= 1e-9 * expected.sampleRate else {
            throw SignalError(
                .sampleRateMismatch,
                "the buffer is sampled at \(buffer.sampleRate) Hz but the expected spectrum was derived for \(expected.sampleRate) Hz",
                field: "sampleRate")
        }
        guard buffer.channelCount == expected.channelCount else {
            throw SignalError(
                .channelMismatch,
                "the buffer has \(buffer.channelCount) channel(s) but the signal has \(expected.channelCount)",
                field: "channels")
        }
        guard buffer.frameCount >= Spectrum.minimumFrameCount else {
            throw SignalError(
                .tooShort,
                "\(buffer.frameCount) samples are too few to verify; at least \(Spectrum.minimumFrameCount) are needed",
                field: "samples")
        }
        guard buffer.frameCount <= maximumFrameCount else {
            throw SignalError(
                .tooLarge,
                "\(buffer.frameCount) samples per channel are more than the verifier analyses (\(maximumFrameCount), about 8 bytes each besides the samples); verify a shorter record",
                field: "samples")
        }
        try validate(tolerances)
        var checks: [VerificationCheck] = []
        var unchecked: [UncheckedComponent] = []
        for c in 0..<buffer.channelCount {
            let result = try buffer.withChannel(c) { samples throws(SignalError) in
                try ChannelVerifier(
                    channel: c, expected: expected.channels[c], sampleRate: buffer.sampleRate,
                    startIndex: buffer.startIndex, tolerances: tolerances
                ).run(samples, fft: fft)
            }
            checks += result.checks
            unchecked += result.unchecked
        }
        return VerificationReport(checks: checks, unchecked: unchecked)
    }

    /// Derives the expected spectrum of `signal` at the buffer's rate and verifies the buffer against it.
    /// - Throws: `SignalError` (the signal's own error for a signal invalid at that rate, and as
    ///   the other `verify`).
    public static func verify<S: SpecRepresentable>(
        _ buffer: SampleBuffer, against signal: S, allowAliasing: Bool = false,
        tolerances: Tolerances = Tolerances(), fft: RealFFT = .shared
    ) throws(SignalError) -> VerificationReport {
        let expected = try ExpectedSpectrum(
            signal.node, sampleRate: buffer.sampleRate, allowAliasing: allowAliasing, fft: fft)
        return try verify(buffer, against: expected, tolerances: tolerances, fft: fft)
    }

    /// Every tolerance finite and non-negative, at least one flatness band, at most 4096 fitted lines
    /// (the fit's normal equations cost O(K³)).
    static func validate(_ t: Tolerances) throws(SignalError) {
        let values: [(String, Double)] = [
            ("amplitude", t.amplitude), ("phase", t.phase), ("frequencyBins", t.frequencyBins), ("dc", t.dc),
            ("noise", t.noise), ("flatness", t.flatness), ("spurious", t.spurious),
            ("spuriousNoiseMargin", t.spuriousNoiseMargin), ("noiseFloor", t.noiseFloor),
            ("lineFloor", t.lineFloor), ("unresolvedFloor", t.unresolvedFloor), ("sigmas", t.sigmas),
        ]
        for (name, value) in values where !(value.isFinite && value >= 0) {
            throw SignalError(
                .invalidArgument, "\(name) must be a finite number ≥ 0, got \(value)", field: "tolerances.\(name)")
        }
        guard t.flatnessBands >= 1 && t.flatnessBands <= 1024 else {
            throw SignalError(
                .invalidArgument, "flatnessBands must be 1 ... 1024, got \(t.flatnessBands)",
                field: "tolerances.flatnessBands")
        }
        guard t.maximumLines >= 0 && t.maximumLines <= 4096 else {
            throw SignalError(
                .invalidArgument, "maximumLines must be 0 ... 4096, got \(t.maximumLines)",
                field: "tolerances.maximumLines")
        }
    }
}
