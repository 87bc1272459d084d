/// How close a measured spectrum must be to the expected one.
///
/// Relative tolerances refer to the channel's reference level (``ExpectedChannel/reference``: its
/// strongest line, sweep or noise deviation). Every check also gets a statistical allowance of
/// ``sigmas`` standard errors of the measurement from the expected noise, and the worst-case leakage
/// of neighbouring lines through the window, so that a correct signal passes and the allowance is
/// printed in the report.
///
/// ```swift
/// var tolerances = Tolerances()
/// tolerances.amplitude = 0.002    // 0.2 %
/// ```
public struct Tolerances: Sendable, Hashable {
    /// Line amplitude, relative to the expected amplitude (default 0.005 = 0.5 %; the flat-top
    /// window is accurate to 0.024 %).
    public var amplitude: Double
    /// Line frequency, in bins of the full-length spectrum (default 0.25 bin; interpolation is good to 0.02 bin).
    public var frequencyBins: Double
    /// DC level, relative to the reference level (default 0.005).
    public var dc: Double
    /// Noise deviation, relative (default 0.03 = 3 %).
    public var noise: Double
    /// Noise flatness: deviation of each of ``flatnessBands`` sub-bands, relative (default 0.1).
    public var flatness: Double
    /// Number of sub-bands for the flatness check (default 8).
    public var flatnessBands: Int
    /// RMS level in a chirp's band, relative (default 0.03).
    public var band: Double
    /// A peak outside every expected line, band and DC fails above this fraction of the reference level
    /// (default 1e-3, −60 dB) or ``spuriousNoiseMargin`` times the rms noise per bin, whichever is higher.
    public var spurious: Double
    /// Margin of the spurious threshold over the rms noise amplitude per bin (default 6: a noise bin
    /// exceeds it with probability e⁻³⁶).
    public var spuriousNoiseMargin: Double
    /// Where no noise is expected, the measured noise deviation must stay below this fraction of the
    /// reference level (default 1e-4, −80 dB).
    public var noiseFloor: Double
    /// Lines weaker than this fraction of the reference level are not checked one by one (they are
    /// still expected, so never flagged as spurious). Default 1e-3.
    public var lineFloor: Double
    /// At most this many lines (the strongest) are checked per channel (default 200).
    public var maximumLines: Int
    /// Statistical allowance in standard errors (default 5).
    public var sigmas: Double

    /// Creates tolerances; every parameter has the documented default.
    public init(amplitude: Double = 0.005, frequencyBins: Double = 0.25, dc: Double = 0.005, noise: Double = 0.03,
                flatness: Double = 0.1, flatnessBands: Int = 8, band: Double = 0.03, spurious: Double = 1e-3,
                spuriousNoiseMargin: Double = 6, noiseFloor: Double = 1e-4, lineFloor: Double = 1e-3,
                maximumLines: Int = 200, sigmas: Double = 5) {
        self.amplitude = amplitude
        self.frequencyBins = frequencyBins
        self.dc = dc
        self.noise = noise
        self.flatness = flatness
        self.flatnessBands = flatnessBands
        self.band = band
        self.spurious = spurious
        self.spuriousNoiseMargin = spuriousNoiseMargin
        self.noiseFloor = noiseFloor
        self.lineFloor = lineFloor
        self.maximumLines = maximumLines
        self.sigmas = sigmas
    }
}
