/// The step rate of a gait signal, read from its autocorrelation: what a pedometer's cadence is.
///
/// Of the peaks of the normalised unbiased autocorrelation `r(L)` of the mean-free signal at lags
/// 0.25–1.6 s, the highest is taken (lag L, refined by a parabola through its neighbours). It is a
/// stride (two steps) when L ≥ 0.8 s, or when L < 0.8 s and another peak of at least r(L)/2 lies at
/// 0.42–0.58·L, unless that would make more than ``highestRate`` steps a second; otherwise it is a
/// step. No gait is reported (rate 0) when the signal's standard deviation is under
/// ``staticDeviation`` (standing, a device on a table) or r(L) is under ``minimumCorrelation``.
///
/// This is the step rate of `features.py` of the real recordings it is calibrated on, with two changes,
/// both found on them. A rectified signal (the magnitude of a linear acceleration recorded alone: a
/// step's up and down both count) has a peak at half a step: a hand-held walk at 1.76 steps/s read as a
/// stride gave 3.5 steps/s, and since no person walks or runs faster than ``highestRate``, that reading
/// is refused. And `features.py`'s threshold 0.25 let a car drive count steps (0.29), where every one of
/// 88 real walks and runs reaches 0.41 or more on ``RealismComparison``'s gait signal: ``minimumCorrelation``
/// is 0.35, between the two.
///
/// ```swift
/// let rate = StepRate(signal, rate: 100)     // signal: a walk's acceleration magnitude, 100 Hz
/// rate.stepsPerSecond                        // 1.8
/// ```
public struct StepRate: Sendable, Hashable {
    /// How the chosen autocorrelation lag was read.
    public enum Reading: String, Sendable, Hashable {
        /// A lag of one stride: the step rate is 2/L.
        case stride
        /// A lag of one step: the step rate is 1/L.
        case step
        /// The signal is too still to carry a gait.
        case still
        /// No autocorrelation peak is strong enough.
        case aperiodic
    }

    /// Steps per second (Hz); 0 when no gait was found.
    public let stepsPerSecond: Double
    /// How the lag was read.
    public let reading: Reading
    /// The autocorrelation at the chosen lag (`nil` for a still signal or no peak).
    public let correlation: Double?
    /// The chosen lag (s), refined between samples; `nil` without a gait.
    public let lag: Double?

    /// The signal's standard deviation under which no gait is looked for: 0.3 in its unit (m/s² for the
    /// linear acceleration, the threshold of `features.py`; rad/s for the rotation rate).
    public static let staticDeviation = 0.3
    /// The least autocorrelation that counts as a gait: 0.35 (real walks and runs: 0.41 and more; a watch
    /// in a car, at a desk, washing up: 0.29 and less).
    public static let minimumCorrelation = 0.35
    /// The highest step rate read from a stride: 3.3 steps/s (200 steps a minute, a sprinter's cadence).
    public static let highestRate = 3.3
    /// The lags searched (s).
    public static let lags: ClosedRange<Double> = 0.25...1.6

    /// Measures the step rate of `signal`.
    /// - Parameters:
    ///   - signal: A gait signal on a uniform grid (its mean is removed here).
    ///   - rate: The grid's rate (Hz).
    /// - Complexity: O(signal.count · 1.6 · rate).
    public init(_ signal: [Double], rate: Double) {
        let n = signal.count
        let mean = signal.reduce(0, +) / Double(max(1, n))
        let x = signal.map { $0 - mean }
        let variance = x.reduce(0) { $0 + $1 * $1 } / Double(max(1, n))
        let first = Int((StepRate.lags.lowerBound * rate).rounded(.down))
        let last = Int((StepRate.lags.upperBound * rate).rounded(.down))
        guard variance.squareRoot() >= StepRate.staticDeviation, n > last + 2 else {
            self.init(0, .still, nil, nil)
            return
        }
        // r(L) = Σ x[i]·x[i+L] / (n − L), divided by r(0); lags 0 … last + 1.
        var r = [Double](repeating: 0, count: last + 2)
        x.withUnsafeBufferPointer { x in
            for lag in 0..<r.count {
                var sum = 0.0
                for i in 0..<n - lag { sum += x[i] * x[i + lag] }
                r[lag] = sum / Double(n - lag)
            }
        }
        let r0 = r[0]
        r = r.map { $0 / r0 }
        let peaks = StepRate.peaks(r).filter { $0 >= first && $0 <= last }
        guard let best = peaks.max(by: { r[$0] < r[$1] || (r[$0] == r[$1] && $0 > $1) }) else {
            self.init(0, .aperiodic, nil, nil)
            return
        }
        let value = r[best]
        guard value >= StepRate.minimumCorrelation else {
            self.init(0, .aperiodic, value, nil)
            return
        }
        // A parabola through the peak and its neighbours places it between samples.
        let (y0, y1, y2) = (r[best - 1], r[best], r[best + 1])
        let curvature = y0 - 2 * y1 + y2
        let lag = (Double(best) + (curvature != 0 ? 0.5 * (y0 - y2) / curvature : 0)) / rate
        if lag >= 0.8 {
            self.init(2 / lag, .stride, value, lag)
            return
        }
        let halfway = peaks.contains {
            Double($0) >= 0.42 * Double(best) && Double($0) <= 0.58 * Double(best) && r[$0] >= 0.5 * value
        }
        if halfway && 2 / lag <= StepRate.highestRate {
            self.init(2 / lag, .stride, value, lag)
        } else {
            self.init(1 / lag, .step, value, lag)
        }
    }

    private init(_ stepsPerSecond: Double, _ reading: Reading, _ correlation: Double?, _ lag: Double?) {
        self.stepsPerSecond = stepsPerSecond
        self.reading = reading
        self.correlation = correlation
        self.lag = lag
    }

    /// The local maxima of `y` (not its ends), as `scipy.signal.find_peaks` finds them: a sample higher
    /// than its left neighbour and than the first different sample to its right; a flat top counts once,
    /// at its middle (the left one of two middles).
    static func peaks(_ y: [Double]) -> [Int] {
        var out: [Int] = []
        var i = 1
        while i < y.count - 1 {
            if y[i - 1] < y[i] {
                var ahead = i + 1
                while ahead < y.count - 1 && y[ahead] == y[i] { ahead += 1 }
                if y[ahead] < y[i] {
                    out.append((i + ahead - 1) / 2)
                    i = ahead
                    continue
                }
            }
            i += 1
        }
        return out
    }
}
