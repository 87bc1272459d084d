import Foundation

/// A gyroscope's bias measured while the device keeps still, in the manner of the gyroscope offset
/// correction of Madgwick's *Fusion* library (x-io Technologies, `FusionBias`): when every axis of the
/// corrected reading stays within ``threshold`` for ``period`` seconds the device is taken to be still, and
/// from then on each reading pulls the estimate towards itself through a first-order low-pass.
///
/// ```swift
/// var still = StationaryBiasEstimator()
/// for s in samples {                                   // 100 Hz, seconds on one timeline
///     let rate = still.update(gyroscope: s.gyroscope, timestamp: s.time)   // rad/s, bias removed
/// }
/// still.bias                                           // rad/s, device frame
/// ```
///
/// ## What it adds to *Fusion*
/// - **Acquisition.** *Fusion* compares the reading minus its offset with the threshold, so a device whose
///   bias is larger than the threshold never looks still: a BMI160's turn-on bias has a 3 °/s standard
///   deviation per axis, *Fusion*'s threshold. So until a first still period has been measured
///   (``hasEstimate`` false) a sample counts as still when every axis lies within ``threshold`` of the mean
///   of the run it continues and within ``acquisitionLimit`` of zero: a steady reading, whatever the
///   bias. After ``period`` seconds of such a run the estimate is the run's mean.
/// - **Growing memory.** From then on each still sample after the first ``period`` seconds of a still run
///   moves the estimate by `k = max(1/n, 2π·f_c·dt)` of its misfit, `n` the number of samples averaged,
///   this one included: the mean of every still sample (the least-squares estimate of a constant bias) until the
///   memory reaches the low-pass's, `1/(2π·f_c)` seconds (8 s), then *Fusion*'s low-pass, which follows a
///   drifting bias.
///
/// ## Constants
/// - ``defaultThreshold`` 3 °/s, ``defaultPeriod`` 3 s and ``defaultCutoffFrequency`` 0.02 Hz are *Fusion*'s
///   published defaults (`fusionBiasDefaultSettings` and `CUTOFF_FREQUENCY` in `Fusion/FusionBias.c`).
/// - ``defaultAcquisitionLimit`` 0.3 rad/s is this type's: 5.7 times a BMI160's turn-on bias standard deviation
///   (0.052 rad/s per axis), so a still device is found whatever its turn-on bias, and below the
///   0.5–2 rad/s a hand-held phone turns at while its holder walks (2–4 rad/s in a pocket).
///
/// ## Limits
/// A steady turn slower than the threshold (or, before the first estimate, any steady turn slower than
/// ``acquisitionLimit``) cannot be told from a bias by a gyroscope alone and is learnt as one, as by
/// *Fusion*; a magnetometer-aided filter (Madgwick's ζ, ``MadgwickFilter/biasGain``) pulls such an error back.
/// Noise averages down: with white noise of `σ = N·√fs` per sample (density `N`, rate `fs`), `n` samples
/// leave `N·√(fs/n)` rad/s and the low-pass `N·√(π·f_c)` (a BMI160's 1.2·10⁻⁴ rad/s/√Hz: 3·10⁻⁵ rad/s).
///
/// The estimate is a pure function of the samples fed, in order. Complexity: O(1) per sample, no allocation.
public struct StationaryBiasEstimator: Sendable, Hashable {
    /// *Fusion*'s stationary threshold, 3 °/s in rad/s.
    public static let defaultThreshold = 3 * Double.pi / 180
    /// *Fusion*'s stationary period, seconds.
    public static let defaultPeriod = 3.0
    /// *Fusion*'s low-pass cutoff frequency, Hz (a time constant of 8 s).
    public static let defaultCutoffFrequency = 0.02
    /// The largest reading, per axis, a first still period may hold (rad/s).
    public static let defaultAcquisitionLimit = 0.3

    /// Per-axis band of a still reading around the estimate (around the run's mean before the first
    /// estimate), rad/s.
    public let threshold: Double
    /// Seconds a still run lasts before its samples update the estimate.
    public let period: Double
    /// Cutoff of the low-pass the estimate follows once its memory is long, Hz.
    public let cutoffFrequency: Double
    /// Per-axis bound on the readings of the first still period, rad/s.
    public let acquisitionLimit: Double

    /// The bias estimate (rad/s, device frame): zero until the first still period, unless set. Setting it
    /// (as *Fusion*'s `FusionBiasSetOffset`, or from a filter's own estimate) keeps the sample count.
    public var bias: SIMD3<Double>
    /// Whether the latest sample was still and ``period`` into its run: it updated the estimate.
    public private(set) var isStationary = false
    /// The number of still samples the estimate has averaged (0 before the first still period; it stops
    /// counting once the low-pass takes over).
    public private(set) var sampleCount = 0

    /// Whether a still period has been measured.
    public var hasEstimate: Bool { sampleCount > 0 }

    /// Timestamp of the first sample of the current still run, or `nil` outside one.
    private var runStart: Double?
    /// Sum and count of the current run's readings, before the first estimate.
    private var runSum = SIMD3<Double>.zero
    private var runCount = 0
    private var lastTime: Double?

    /// An estimator with *Fusion*'s settings by default.
    /// - Parameters:
    ///   - threshold: Per-axis stillness band, rad/s (> 0).
    ///   - period: Seconds of stillness before the estimate moves (≥ 0).
    ///   - cutoffFrequency: Low-pass cutoff, Hz (> 0).
    ///   - acquisitionLimit: Per-axis bound on a first still period's readings, rad/s (> 0).
    ///   - bias: A starting estimate, rad/s (a stored calibration; zero by default).
    /// - Precondition: every setting finite and in its range (a programmer's choice, not user input).
    public init(
        threshold: Double = defaultThreshold, period: Double = defaultPeriod,
        cutoffFrequency: Double = defaultCutoffFrequency, acquisitionLimit: Double = defaultAcquisitionLimit,
        bias: SIMD3<Double> = .zero
    ) {
        precondition(
            threshold.isFinite && threshold > 0, "StationaryBiasEstimator: threshold must be > 0, got \(threshold)")
        precondition(period.isFinite && period >= 0, "StationaryBiasEstimator: period must be >= 0, got \(period)")
        precondition(
            cutoffFrequency.isFinite && cutoffFrequency > 0,
            "StationaryBiasEstimator: cutoffFrequency must be > 0, got \(cutoffFrequency)")
        precondition(
            acquisitionLimit.isFinite && acquisitionLimit > 0,
            "StationaryBiasEstimator: acquisitionLimit must be > 0, got \(acquisitionLimit)")
        self.threshold = threshold
        self.period = period
        self.cutoffFrequency = cutoffFrequency
        self.acquisitionLimit = acquisitionLimit
        self.bias = bias
    }

    /// Feeds one reading and returns it with the bias removed, `gyroscope − bias` (rad/s).
    ///
    /// A sample whose timestamp is not after the previous one's changes nothing.
    /// - Parameters:
    ///   - gyroscope: The gyroscope's reading, rad/s, device frame.
    ///   - timestamp: Seconds on the samples' timeline.
    /// - Returns: The reading minus the (updated) bias, rad/s.
    public mutating func update(gyroscope: SIMD3<Double>, timestamp: Double) -> SIMD3<Double> {
        if let lastTime, !(timestamp > lastTime) { return gyroscope - bias }
        let dt = lastTime.map { timestamp - $0 } ?? 0
        lastTime = timestamp
        isStationary = false
        guard gyroscope.x.isFinite, gyroscope.y.isFinite, gyroscope.z.isFinite else {
            runStart = nil
            return gyroscope - bias
        }
        if hasEstimate {
            guard Self.within(gyroscope - bias, threshold) else {
                runStart = nil
                return gyroscope - bias
            }
        } else {
            let reference = runCount > 0 ? runSum / Double(runCount) : gyroscope
            guard Self.within(gyroscope - reference, threshold) else {
                // This reading may start the next run.
                startRun(gyroscope, at: timestamp)
                return gyroscope - bias
            }
            guard runStart != nil else {
                startRun(gyroscope, at: timestamp)
                return gyroscope - bias
            }
            runSum += gyroscope
            runCount += 1
        }
        guard let start = runStart else {
            runStart = timestamp
            return gyroscope - bias
        }
        // A tolerance of a nanosecond keeps a period that is a whole number of samples from losing one to rounding.
        guard timestamp - start >= period - 1e-9 else { return gyroscope - bias }
        isStationary = true
        if hasEstimate {
            let lowPass = min(1, 2 * Double.pi * cutoffFrequency * dt)
            let step = max(1 / Double(sampleCount + 1), lowPass)
            bias += step * (gyroscope - bias)
            // Beyond the low-pass's memory the count no longer matters: it stops there, far from overflow.
            if 1 / Double(sampleCount + 1) > lowPass { sampleCount += 1 }
        } else {
            bias = runSum / Double(runCount)
            sampleCount = runCount
            runSum = .zero
            runCount = 0
        }
        return gyroscope - bias
    }

    /// Starts a run before the first estimate with `gyroscope` when it is within the acquisition limit.
    private mutating func startRun(_ gyroscope: SIMD3<Double>, at timestamp: Double) {
        if Self.within(gyroscope, acquisitionLimit) {
            runStart = timestamp
            runSum = gyroscope
            runCount = 1
        } else {
            runStart = nil
            runSum = .zero
            runCount = 0
        }
    }

    /// Whether every axis of `v` is within `bound` of zero.
    static func within(_ v: SIMD3<Double>, _ bound: Double) -> Bool {
        abs(v.x) <= bound && abs(v.y) <= bound && abs(v.z) <= bound
    }
}
