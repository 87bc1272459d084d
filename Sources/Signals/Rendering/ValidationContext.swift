/// Where and how a signal is being validated: the sample rate, the aliasing policy and the JSON path
/// of the signal in its tree (for errors).
///
/// ```swift
/// func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
///     try context.requireFinite("amplitude", amplitude)
///     return abs(amplitude)
/// }
/// ```
public struct ValidationContext: Sendable, Hashable {
    /// Samples per second (Hz), in ``SignalLimits/sampleRates``.
    public let sampleRate: Double
    /// Accept frequencies at or above Nyquist (`sampleRate / 2`).
    public let allowAliasing: Bool
    /// JSON path of the signal being validated (`$.sum[1].sine`).
    public let path: String

    /// Creates a context for a render at `sampleRate`.
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - allowAliasing: Accept frequencies at or above Nyquist.
    ///   - path: JSON path of the root (default `$`).
    /// - Throws: ``SignalError`` (`invalidRender`) when the rate is not a finite number in ``SignalLimits/sampleRates``.
    public init(sampleRate: Double, allowAliasing: Bool = false, path: String = "$") throws(SignalError) {
        try SignalLimits.checkSampleRate(sampleRate)
        self.sampleRate = sampleRate
        self.allowAliasing = allowAliasing
        self.path = path
    }

    private init(sampleRate: Double, allowAliasing: Bool, checkedPath path: String) {
        self.sampleRate = sampleRate
        self.allowAliasing = allowAliasing
        self.path = path
    }

    /// The context of a child: `path + component` (`".sine"`, `"[2]"`, `".signal"`).
    /// - Parameter component: The path component to append, with its leading `.` or `[`.
    public func appending(_ component: String) -> ValidationContext {
        ValidationContext(sampleRate: sampleRate, allowAliasing: allowAliasing, checkedPath: path + component)
    }

    /// An error located at `path.field` (or at `path` when `field` is `nil`).
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - field: The parameter at fault, if any.
    ///   - message: Explanation naming the value and the limit.
    public func error(_ code: SignalError.Code, field: String? = nil, _ message: String) -> SignalError {
        SignalError(code, path: field.map { "\(path).\($0)" } ?? path, message)
    }

    /// Throws unless `value` is finite.
    /// - Parameters:
    ///   - name: The parameter's name (for the path and message).
    ///   - value: Its value.
    /// - Throws: ``SignalError`` (`nonFinite`).
    public func requireFinite(_ name: String, _ value: Double) throws(SignalError) {
        guard value.isFinite else {
            throw error(.nonFinite, field: name, "\(name) must be a finite number, got \(value)")
        }
    }

    /// Checks a sample bound against ``SignalLimits/largestSample`` and returns it.
    /// - Parameter bound: The largest `|sample|` a node can produce (signal units), or `nil` when unknown.
    /// - Returns: `bound`.
    /// - Throws: ``SignalError`` (`outOfRange`) when samples could overflow `Float`.
    @discardableResult
    public func checkBound(_ bound: Double?) throws(SignalError) -> Double? {
        guard let bound else { return nil }
        guard bound.isFinite, bound <= SignalLimits.largestSample else {
            throw error(.outOfRange,
                        "samples can reach \(bound.isFinite ? "\(bound)" : "infinity") (signal units), beyond the largest a Float holds (\(SignalLimits.largestSample)); they would render as inf or NaN")
        }
        return bound
    }
}

/// The ranges every render is checked against, so that no arithmetic path can overflow, trap or spin.
///
/// Each limit is far beyond any physical use; inputs outside are refused up front with an error that
/// names the limit, never rendered wrong.
public enum SignalLimits {
    /// Sample rates the engine renders: 10⁻⁶ Hz (one sample per 11.6 days) to 10¹⁰ Hz.
    public static let sampleRates: ClosedRange<Double> = 1e-6 ... 1e10

    /// The largest magnitude a sample may reach, in signal units: the largest finite `Float`
    /// (3.4028235e38) less 1 ppm for the rounding of sums accumulated in `Float`.
    public static let largestSample = Double(Float.greatestFiniteMagnitude) * (1 - 1e-6)

    /// Largest `frequency / sampleRate` (turns per sample) accepted with aliasing allowed: 2³².
    /// Beyond it a `Double` quotient no longer carries the fraction of a turn to 2⁻⁶⁴.
    public static let largestTurnsPerSample = 0x1p32

    /// Largest `|phase|` in radians: 2²⁰ (about 1.05 × 10⁶). Beyond it a `Double` no longer locates
    /// the phase within a turn to 10⁻¹⁰ rad.
    public static let largestPhase = 0x1p20

    /// Largest sample index rendered: 2⁶².
    public static let largestIndex = 1 << 62

    /// Checks a sample rate.
    /// - Throws: ``SignalError`` (`invalidRender`, path `rate`).
    static func checkSampleRate(_ sampleRate: Double) throws(SignalError) {
        guard sampleRate.isFinite, sampleRates.contains(sampleRate) else {
            throw SignalError(.invalidRender, path: "rate",
                              "sample rate must be a finite number of Hz from \(sampleRates.lowerBound) to \(sampleRates.upperBound), got \(sampleRate)")
        }
    }
}
