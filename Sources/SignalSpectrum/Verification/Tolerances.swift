/// How close a measurement must be to its expectation: for each kind, a relative acceptance margin,
/// to which every check adds the allowances derived from the record (its length, the window, the
/// expected noise and the engine's documented rounding; see ``Verifier``).
///
/// Relative tolerances refer to the expected value or to the channel's reference level
/// (``ExpectedChannel/reference``: its strongest line, sweep or noise deviation).
///
/// ```swift
/// var tolerances = Tolerances()
/// tolerances.amplitude = 0.002    // 0.2 %
/// ```
public struct Tolerances: Sendable, Hashable {
    /// Line and chirp amplitude, relative to the expected amplitude (default 0.005 = 0.5 %).
    public var amplitude: Double
    /// Line and chirp phase, radians (default 0.001: a one-sample shift of any line above `fs/6283` fails).
    public var phase: Double
    /// Line frequency, in bins of the record, `sampleRate / frameCount` Hz (default 0.25 bin).
    public var frequencyBins: Double
    /// DC level, relative to the reference level (default 0.005).
    public var dc: Double
    /// Noise deviation, relative (default 0.03 = 3 %).
    public var noise: Double
    /// Noise flatness: deviation of each of ``flatnessBands`` sub-bands, relative (default 0.1).
    public var flatness: Double
    /// Number of sub-bands for the flatness check (default 8).
    public var flatnessBands: Int
    /// A peak of the residual's spectrum fails above this fraction of the reference level (default 1e-3,
    /// −60 dB) or ``spuriousNoiseMargin`` times the rms noise per bin, whichever is higher.
    public var spurious: Double
    /// Margin of the spurious threshold over the rms noise amplitude per bin (default 6: a noise bin
    /// exceeds it with probability e⁻³⁶).
    public var spuriousNoiseMargin: Double
    /// Where no noise is expected, the residual's RMS must stay below this fraction of the reference level
    /// (default 1e-5, −100 dB; a correct render's residual is about 10⁻⁷ of it).
    public var noiseFloor: Double
    /// Lines and chirps weaker than this fraction of the reference level are not fitted one by one; they
    /// stay in the model at their expected values and the residual checks them jointly. Default 1e-3.
    public var lineFloor: Double
    /// At most this many lines (the strongest) are fitted one by one per channel (default 200); the others
    /// stay in the model at their expected values and the residual checks them jointly.
    public var maximumLines: Int
    /// A line or chirp the record cannot separate from its neighbours (closer than about one over the
    /// record's duration, or more components than samples) is reported unchecked when it is at least this
    /// fraction of the reference level (default 0.02, −34 dB); a weaker one stays in the model and is
    /// checked jointly with its neighbours and by the residual (the report counts them). The weak aliased
    /// harmonics of a periodic waveform in a record of one period are such lines.
    public var unresolvedFloor: Double
    /// Statistical allowance in standard errors (default 5).
    public var sigmas: Double

    /// Creates tolerances; every parameter has the documented default.
    public init(
        amplitude: Double = 0.005, phase: Double = 1e-3, frequencyBins: Double = 0.25, dc: Double = 0.005,
        noise: Double = 0.03, flatness: Double = 0.1, flatnessBands: Int = 8, spurious: Double = 1e-3,
        spuriousNoiseMargin: Double = 6, noiseFloor: Double = 1e-5, lineFloor: Double = 1e-3,
        maximumLines: Int = 200, unresolvedFloor: Double = 0.02, sigmas: Double = 5
    ) {
        self.amplitude = amplitude
        self.phase = phase
        self.frequencyBins = frequencyBins
        self.dc = dc
        self.noise = noise
        self.flatness = flatness
        self.flatnessBands = flatnessBands
        self.spurious = spurious
        self.spuriousNoiseMargin = spuriousNoiseMargin
        self.noiseFloor = noiseFloor
        self.lineFloor = lineFloor
        self.maximumLines = maximumLines
        self.unresolvedFloor = unresolvedFloor
        self.sigmas = sigmas
    }
}
