/// One comparison of a measured quantity with its expected value.
///
/// Encodes as `{"channel": 0, "kind": "amplitude", "frequency": 10, "expected": 1.2734,
/// "measured": 1.2733, "tolerance": 0.0064, "passed": true}` (`frequency` is `null` where it does not
/// apply). Amplitudes, DC levels and noise deviations are in signal units (not dB), frequencies in Hz.
public struct VerificationCheck: Sendable, Hashable, Codable {
    /// What is checked.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A line's amplitude (signal units).
        case amplitude
        /// A line's frequency (Hz).
        case frequency
        /// The DC level (signal units).
        case dc
        /// The noise standard deviation, from the mean Welch density outside lines (signal units).
        case noise
        /// The worst sub-band's noise deviation (signal units): the density must be flat.
        case noiseFlatness
        /// The RMS level in a chirp's swept band (signal units).
        case band
        /// The largest unexpected peak (signal units; expected 0, it must stay below the tolerance).
        case spurious
    }

    /// Channel index (0-based).
    public var channel: Int
    /// What is checked.
    public var kind: Kind
    /// Frequency the check is about (Hz), or `nil` (DC, noise level).
    public var frequency: Double?
    /// Expected value (signal units, or Hz for ``Kind/frequency``).
    public var expected: Double
    /// Measured value (same unit).
    public var measured: Double
    /// Largest accepted `|measured − expected|` (same unit; for ``Kind/spurious`` the threshold).
    public var tolerance: Double
    /// Whether the check passed.
    public var passed: Bool
    /// Where the expectation comes from (JSON path, harmonic); not encoded.
    public var detail: String

    /// Creates a check; `passed` is `|measured − expected| ≤ tolerance` (both finite).
    /// - Parameters:
    ///   - channel: Channel index.
    ///   - kind: What is checked.
    ///   - frequency: Frequency in Hz, or `nil`.
    ///   - expected: Expected value.
    ///   - measured: Measured value.
    ///   - tolerance: Accepted deviation.
    ///   - detail: Human-readable origin of the expectation.
    public init(channel: Int, kind: Kind, frequency: Double?, expected: Double, measured: Double,
                tolerance: Double, detail: String = "") {
        self.channel = channel
        self.kind = kind
        self.frequency = frequency
        self.expected = expected
        self.measured = measured
        self.tolerance = tolerance
        self.passed = measured.isFinite && abs(measured - expected) <= tolerance
        self.detail = detail
    }

    enum CodingKeys: String, CodingKey {
        case channel, kind, frequency, expected, measured, tolerance, passed
    }

    /// Decodes a check (``detail`` is empty).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        channel = try c.decode(Int.self, forKey: .channel)
        kind = try c.decode(Kind.self, forKey: .kind)
        frequency = try c.decodeIfPresent(Double.self, forKey: .frequency)
        expected = try c.decode(Double.self, forKey: .expected)
        measured = try c.decode(Double.self, forKey: .measured)
        tolerance = try c.decode(Double.self, forKey: .tolerance)
        passed = try c.decode(Bool.self, forKey: .passed)
        detail = ""
    }

    /// Encodes every key, `frequency` as `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(channel, forKey: .channel)
        try c.encode(kind, forKey: .kind)
        try c.encode(frequency, forKey: .frequency)
        try c.encode(expected, forKey: .expected)
        try c.encode(measured, forKey: .measured)
        try c.encode(tolerance, forKey: .tolerance)
        try c.encode(passed, forKey: .passed)
    }
}
