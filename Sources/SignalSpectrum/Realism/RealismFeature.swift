import Foundation

/// A feature ``RealismComparison`` compares, with its tolerance: how far apart two real recordings of
/// one activity and placement may lie.
///
/// Two values `a`, `b` agree when `|ln(a / b)| ≤ tolerance` (``stepRate``: `|a − b| ≤ tolerance`, in
/// steps/s, because 0 means no gait). The tolerances come from real recordings (the derivation is in
/// the article *Comparing recordings*; `Tools/Realism/realism_reference.py` repeats it): within each of
/// ten categories of one activity and placement (walking with a phone in the hand, in a front or back
/// trouser pocket, in an armband, a neck pouch, a purse or a bag, swinging in the hand, with a watch;
/// running with a watch), the first and the last 20.5 s of 40 recordings from three projects scatter
/// around their category's mean with a pooled standard deviation σ (of the logarithm; of steps/s for
/// the step rate). Two recordings of one category then differ by `√2·σ` typically, and the tolerance is
/// `z·√2·σ` with z = 3.384, the two-sided normal quantile that leaves a 1 % chance that any of the 14
/// decisive rows of a report (7 features of each magnitude) fails on a pair of one activity. Of the
/// pairs of one activity and placement with one of 25 held-out recordings, 212 of 215 come out
/// similar; of 957 pairs of different activities (walking, running, still, in a car), none does.
///
/// | feature | magnitude σ | magnitude tolerance | axis σ | axis tolerance |
/// | --- | --- | --- | --- | --- |
/// | ``rms`` | 0.2995 | 1.43 (× 4.2) | 0.3388 | 1.62 (× 5.1) |
/// | ``kurtosis`` | 0.3491 | 1.67 (× 5.3) | 0.3224 | 1.54 (× 4.7) |
/// | ``crestFactor`` | 0.2039 | 0.98 (× 2.7) | 0.2176 | 1.04 (× 2.8) |
/// | ``dominantFrequency`` | 0.3772 | 1.81 (× 6.1) | 0.2725 | 1.30 (× 3.7) |
/// | ``harmonicRatio`` | 0.2453 | 1.17 (× 3.2) | 0.4128 | 1.98 (× 7.2) |
/// | ``shareAbove5Hz`` | 0.3381 | 1.62 (× 5.1) | 0.5595 | 2.68 (× 15) |
/// | ``stepRate`` | 0.1084 steps/s | 0.52 steps/s | – | – |
///
/// The wide ones say what real recordings of one activity do: people, phones and pockets differ by a
/// factor of several in RMS, and a walk's dominant frequency is its stride, its step or twice its step
/// depending on where the device sits. What tells activities apart is the step rate and, between
/// moving and still, the RMS (a factor of 30 and more). The rotation rate has the linear
/// acceleration's tolerances: no two real recordings of one activity with a gyroscope were available
/// to measure its own. The axes' rows are reported, not decisive (see ``RealismComparison``).
///
/// ```swift
/// RealismFeature.kurtosis.tolerance(for: RealismChannel(.linearAcceleration))   // 1.67
/// ```
public enum RealismFeature: String, Sendable, Hashable, CaseIterable {
    /// ``SignalFeatures/rms``.
    case rms
    /// ``SignalFeatures/kurtosis``.
    case kurtosis
    /// ``SignalFeatures/crestFactor``.
    case crestFactor
    /// ``SignalFeatures/dominantFrequency``.
    case dominantFrequency
    /// ``SignalFeatures/harmonicRatio``.
    case harmonicRatio
    /// ``SignalFeatures/shareAbove5Hz``.
    case shareAbove5Hz
    /// ``SignalFeatures/stepRate``: measured on the magnitudes only (an axis that swings once a stride,
    /// as a running watch's, reads half the cadence).
    case stepRate

    /// Whether two values are compared by their difference (the step rate) rather than their ratio.
    public var comparesDifference: Bool { self == .stepRate }

    /// The tolerance on `|ln(a / b)|` (on `|a − b|` in steps/s for ``stepRate``) for `channel`: the
    /// magnitudes' or the axes' column of the table above.
    public func tolerance(for channel: RealismChannel) -> Double {
        channel.axis == nil ? table.tolerance : table.axisTolerance
    }

    /// σ of the table above (of ln, or of steps/s for the step rate): the magnitudes', the axes'.
    public var spread: (magnitude: Double, axis: Double) { (table.sigma, table.axisSigma) }

    /// The normal quantile of the tolerances `z·√2·σ`: a 1 % chance, two-sided, for any of the 14
    /// decisive rows.
    public static let quantile = 3.384

    /// The row of the table above; the step rate's axis column repeats its magnitude one (unused: the
    /// axes have no step rate).
    private var table: (sigma: Double, tolerance: Double, axisSigma: Double, axisTolerance: Double) {
        switch self {
        case .rms: (0.2995, 1.43, 0.3388, 1.62)
        case .kurtosis: (0.3491, 1.67, 0.3224, 1.54)
        case .crestFactor: (0.2039, 0.98, 0.2176, 1.04)
        case .dominantFrequency: (0.3772, 1.81, 0.2725, 1.30)
        case .harmonicRatio: (0.2453, 1.17, 0.4128, 1.98)
        case .shareAbove5Hz: (0.3381, 1.62, 0.5595, 2.68)
        case .stepRate: (0.1084, 0.52, 0.1084, 0.52)
        }
    }

    /// The feature's unit on `channel`: the channel's unit for ``rms``, Hz for the frequencies, `""` for
    /// the ratios.
    public func unit(on channel: RealismChannel) -> String {
        switch self {
        case .rms: channel.quantity.unit
        case .dominantFrequency, .stepRate: "Hz"
        case .kurtosis, .crestFactor, .harmonicRatio, .shareAbove5Hz: ""
        }
    }

    /// The feature's value in `features`.
    func value(in features: SignalFeatures) -> Double? {
        switch self {
        case .rms: features.rms
        case .kurtosis: features.kurtosis
        case .crestFactor: features.crestFactor
        case .dominantFrequency: features.dominantFrequency
        case .harmonicRatio: features.harmonicRatio
        case .shareAbove5Hz: features.shareAbove5Hz
        case .stepRate: features.stepRate
        }
    }
}
