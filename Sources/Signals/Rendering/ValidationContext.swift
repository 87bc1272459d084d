/// Where and how a signal is being validated: the sample rate, the aliasing policy, the JSON path of
/// the signal in its tree (for errors) and the gain that the combinators above it apply.
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
    /// The product of the scale factors above this signal (1 at the root), multiplied from the root down
    /// as the render composes them (``Affine/gain``); finite and at most ``SignalLimits/largestSample``
    /// in magnitude (see ``scaled(by:)``). A signal whose kernel works with a multiple of its amplitude
    /// (a slope) checks that multiple times this gain against ``SignalLimits/largestSample``.
    public let gain: Double

    /// Creates a context for a render at `sampleRate`.
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - allowAliasing: Accept frequencies at or above Nyquist.
    ///   - path: JSON path of the root (default `$`).
    /// - Throws: `SignalError` (`invalidRender`) when the rate is not a finite number in ``SignalLimits/sampleRates``.
    public init(sampleRate: Double, allowAliasing: Bool = false, path: String = "$") throws(SignalError) {
        try SignalLimits.checkSampleRate(sampleRate)
        self.sampleRate = sampleRate
        self.allowAliasing = allowAliasing
        self.path = path
        gain = 1
    }

    private init(sampleRate: Double, allowAliasing: Bool, checkedPath path: String, gain: Double) {
        self.sampleRate = sampleRate
        self.allowAliasing = allowAliasing
        self.path = path
        self.gain = gain
    }

    /// The context of a child: `path + component` (`".sine"`, `"[2]"`, `".signal"`).
    /// - Parameter component: The path component to append, with its leading `.` or `[`.
    public func appending(_ component: String) -> ValidationContext {
        ValidationContext(
            sampleRate: sampleRate, allowAliasing: allowAliasing, checkedPath: path + component, gain: gain)
    }

    /// The context of the signal under a scale factor (``Signal/scaled(by:)``): ``gain`` times `factor`.
    ///
    /// The render multiplies the factors from the root down, so a product can overflow even when every
    /// node's samples are bounded (`1e200 × 1e200` above a zero renders `inf × 0 = NaN`); the product is
    /// therefore checked here, in the same order, against ``SignalLimits/largestSample``.
    /// Call it on the scaled node's own context (the error names that node), then append `".signal"`;
    /// validate the signal under it first when it throws, so that a deeper node's own problem is named.
    /// - Parameter factor: The scale factor (finite: check it first).
    /// - Throws: `SignalError` (`outOfRange`, at this context's path) when `|gain × factor|` exceeds
    ///   ``SignalLimits/largestSample``.
    public func scaled(by factor: Double) throws(SignalError) -> ValidationContext {
        let product = gain * factor
        guard product.magnitude <= SignalLimits.largestSample else {
            throw error(
                .outOfRange,
                "the scale factors from the root to here multiply to \(product), beyond the largest a Float holds (\(SignalLimits.largestSample)); the render applies them as one gain"
            )
        }
        return ValidationContext(sampleRate: sampleRate, allowAliasing: allowAliasing, checkedPath: path, gain: product)
    }

    /// Validates a `scaled` node at this context (the node's own): checks `factor`, then the signal under it
    /// (at `.signal`) with ``gain`` times `factor`; when that product overflows, the signal's own problems
    /// are reported first (they name a deeper node), then the product.
    /// - Parameters:
    ///   - factor: The scale factor (dimensionless).
    ///   - signal: Validates the signal in the context it is given and returns its sample bound (signal units).
    /// - Returns: `|factor| ·` the signal's bound (`nil` when that is unknown).
    /// - Throws: `SignalError` from the factor, the signal or the bound.
    package func validateScaled(
        by factor: Double, _ signal: (ValidationContext) throws(SignalError) -> Double?
    ) throws(SignalError) -> Double? {
        try requireFinite("by", factor)
        let child: ValidationContext
        do {
            child = try scaled(by: factor).appending(".signal")
        } catch {
            _ = try signal(appending(".signal"))
            throw error
        }
        let inner = try signal(child)
        return try checkBound(inner.map { abs(factor) * $0 })
    }

    /// Validates an `offset` node at this context (the node's own): checks `amount`, then the signal under
    /// it (at `.signal`).
    /// - Parameters:
    ///   - amount: The constant added (signal units).
    ///   - signal: Validates the signal in the context it is given and returns its sample bound (signal units).
    /// - Returns: The signal's bound plus `|amount|` (`nil` when that is unknown).
    /// - Throws: `SignalError` from the amount, the signal or the bound.
    package func validateOffset(
        by amount: Double, _ signal: (ValidationContext) throws(SignalError) -> Double?
    ) throws(SignalError) -> Double? {
        try requireFinite("by", amount)
        let inner = try signal(appending(".signal"))
        return try checkBound(inner.map { $0 + abs(amount) })
    }

    /// Throws unless `multiple` (a multiple of an amplitude that a kernel works with, such as a
    /// triangle's slope 4·amplitude) times ``gain`` is at most ``SignalLimits/largestSample``.
    /// - Parameters:
    ///   - name: The parameter's name (for the path and message).
    ///   - value: The parameter's value.
    ///   - multiple: What the kernel computes from it, in signal units (`4 * abs(amplitude)`).
    ///   - what: How the message names `multiple` (`"4 × amplitude (the slope)"`).
    /// - Throws: `SignalError` (`outOfRange`).
    public func requireKernelRange(
        _ name: String, _ value: Double, multiple: Double, _ what: String
    ) throws(SignalError) {
        let scaled = multiple * gain.magnitude
        guard scaled <= SignalLimits.largestSample else {
            throw error(
                .outOfRange, field: name,
                "\(name) \(value) is too large: the kernel computes \(what) times the gain above it (\(gain)), \(scaled), beyond the largest Float (\(SignalLimits.largestSample))"
            )
        }
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
    /// - Throws: `SignalError` (`nonFinite`).
    public func requireFinite(_ name: String, _ value: Double) throws(SignalError) {
        guard value.isFinite else {
            throw error(.nonFinite, field: name, "\(name) must be a finite number, got \(value)")
        }
    }

    /// Checks a sample bound against ``SignalLimits/largestSample`` and returns it.
    /// - Parameter bound: The largest `|sample|` a node can produce (signal units), or `nil` when unknown.
    /// - Returns: `bound`.
    /// - Throws: `SignalError` (`outOfRange`) when samples could overflow `Float`.
    @discardableResult
    public func checkBound(_ bound: Double?) throws(SignalError) -> Double? {
        guard let bound else { return nil }
        guard bound.isFinite, bound <= SignalLimits.largestSample else {
            throw error(
                .outOfRange,
                "samples can reach \(bound.isFinite ? "\(bound)" : "infinity") (signal units), beyond the largest a Float holds (\(SignalLimits.largestSample)); they would render as inf or NaN"
            )
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
    public static let sampleRates: ClosedRange<Double> = 1e-6...1e10

    /// The largest magnitude a sample may reach, in signal units: the largest finite `Float`
    /// (3.4028235e38) less 1 ppm for the rounding of each term in `Float` (sums add their own
    /// accumulation error to their bound: `roundedSum(_:terms:)`).
    public static let largestSample = Double(Float.greatestFiniteMagnitude) * (1 - 1e-6)

    /// Largest `frequency / sampleRate` (turns per sample) accepted with aliasing allowed: 2³².
    /// Beyond it a `Double` quotient no longer carries the fraction of a turn to 2⁻⁶⁴.
    public static let largestTurnsPerSample = 0x1p32

    /// Largest `|phase|` in radians: 2²⁰ (about 1.05 × 10⁶). Beyond it a `Double` no longer locates
    /// the phase within a turn to 10⁻¹⁰ rad.
    public static let largestPhase = 0x1p20

    /// Largest sample index rendered: 2⁶².
    public static let largestIndex = 1 << 62

    /// The bound of a sum of `terms` terms whose bounds add up to `total`, allowing for the rounding of
    /// its accumulation in `Float`: each term is rounded (gain, product, bias: 3 roundings) and each of
    /// the `terms − 1` additions rounds the partial sum, which is at most `total`, so the rendered sum
    /// is within `(terms + 3) · 2⁻²⁴ · total` of the exact one (first order in 2⁻²⁴; the 1 ppm margin of
    /// ``largestSample`` covers the rest). Without it, a constant of 3.4028048e38 plus a hundred of
    /// 1.52e31, which add up to less than ``largestSample``, renders as `inf`.
    /// - Parameters:
    ///   - total: The sum of the terms' bounds (signal units).
    ///   - terms: The number of terms.
    /// - Returns: `total` widened by the rounding.
    package static func roundedSum(_ total: Double, terms: Int) -> Double {
        total * (1 + Double(terms + 3) * 0x1p-24)
    }

    /// Checks a sample rate.
    /// - Throws: `SignalError` (`invalidRender`, path `rate`).
    static func checkSampleRate(_ sampleRate: Double) throws(SignalError) {
        guard sampleRate.isFinite, sampleRates.contains(sampleRate) else {
            throw SignalError(
                .invalidRender,
                "sample rate must be a finite number of Hz from \(sampleRates.lowerBound) to \(sampleRates.upperBound), got \(sampleRate)",
                field: "rate")
        }
    }
}
