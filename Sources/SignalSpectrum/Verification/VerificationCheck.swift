import InternalUtilities

/// One comparison of a measured quantity with its expected value.
///
/// Encodes as `{"channel": 0, "kind": "amplitude", "frequency": 10, "expected": 1.2734,
/// "measured": 1.2733, "tolerance": 0.0064, "passed": true, "method": "fit"}` (`frequency` is `null`
/// where it does not apply). Amplitudes, DC levels and noise deviations are in signal units (not dB),
/// frequencies in Hz, phases in radians.
public struct VerificationCheck: Sendable, Hashable, Codable {
    /// What is checked.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A line's (or a chirp's) amplitude (signal units).
        case amplitude
        /// A line's (or a chirp's) phase at `t = 0` as a sine (radians: the component is
        /// `amplitude · sin(2πf·t + phase)`); `measured` is unwrapped to lie within π of `expected`.
        case phase
        /// A line's frequency (Hz).
        case frequency
        /// The DC level (signal units).
        case dc
        /// The noise standard deviation: the RMS of the fit's residual (signal units; expected 0 when the
        /// signal has no noise).
        case noise
        /// The worst sub-band's noise deviation in the residual's spectrum (signal units): the noise must be white.
        case noiseFlatness
        /// The largest peak of the residual's spectrum (signal units; expected 0, it must stay below the tolerance).
        case spurious
    }

    /// How a check was measured.
    public enum Method: String, Sendable, Hashable, Codable, CaseIterable {
        /// From the residual's spectrum (FFT).
        case spectrum
        /// From the time-domain least-squares fit of the expected model.
        case fit
    }

    /// Channel index (0-based).
    public var channel: Int
    /// What is checked.
    public var kind: Kind
    /// Frequency the check is about (Hz), or `nil` (DC, noise level, a chirp).
    public var frequency: Double?
    /// Expected value (signal units, Hz for ``Kind/frequency``, radians for ``Kind/phase``).
    public var expected: Double
    /// Measured value (same unit).
    public var measured: Double
    /// Largest accepted `|measured − expected|` (same unit; for ``Kind/spurious`` the threshold).
    public var tolerance: Double
    /// Whether the check passed.
    public var passed: Bool
    /// How it was measured.
    public var method: Method
    /// What was checked, in words (the component's JSON path and harmonic, the method); not encoded.
    public var detail: String

    /// Creates a check; `passed` is `|measured − expected| ≤ tolerance` (both finite).
    /// - Parameters:
    ///   - channel: Channel index.
    ///   - kind: What is checked.
    ///   - frequency: Frequency in Hz, or `nil`.
    ///   - expected: Expected value.
    ///   - measured: Measured value.
    ///   - tolerance: Accepted deviation.
    ///   - method: How it was measured (default ``Method/spectrum``).
    ///   - detail: What was checked, in words.
    public init(
        channel: Int, kind: Kind, frequency: Double?, expected: Double, measured: Double,
        tolerance: Double, method: Method = .spectrum, detail: String = ""
    ) {
        self.channel = channel
        self.kind = kind
        self.frequency = frequency
        self.expected = expected
        self.measured = measured
        self.tolerance = tolerance
        self.passed = measured.isFinite && tolerance.isFinite && abs(measured - expected) <= tolerance
        self.method = method
        self.detail = detail
    }

    enum CodingKeys: String, CodingKey {
        case channel, kind, frequency, expected, measured, tolerance, passed, method
    }

    /// Decodes a check (``detail`` is empty; a missing `method` reads as ``Method/spectrum``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        channel = try c.decode(Int.self, forKey: .channel)
        kind = try c.decode(Kind.self, forKey: .kind)
        frequency = try c.decodeIfPresent(Double.self, forKey: .frequency)
        expected = try c.decode(Double.self, forKey: .expected)
        measured = try c.decode(Double.self, forKey: .measured)
        tolerance = try c.decode(Double.self, forKey: .tolerance)
        passed = try c.decode(Bool.self, forKey: .passed)
        method = try c.decodeIfPresent(Method.self, forKey: .method) ?? .spectrum
        detail = ""
    }

    /// Encodes every key, `frequency` as `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        try encoder.encodeFields(
            keyedBy: CodingKeys.self,
            [
                .channel: channel, .kind: kind, .frequency: frequency, .expected: expected, .measured: measured,
                .tolerance: tolerance, .passed: passed, .method: method,
            ])
    }
}
