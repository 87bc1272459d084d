import Signals

/// A simple step counter: peaks of the smoothed acceleration magnitude.
///
/// From the accelerometer reading `a = userAcceleration + gravity` (g), it smooths `|a|` with a centred
/// moving average of ``smoothing`` seconds and counts the local maxima that rise more than
/// ``threshold`` standard deviations above the mean and lie at least ``minimumInterval`` after the
/// previous counted one. Good enough to count the steps of a steady walk or run; not a pedometer for
/// every phone placement.
///
/// ```swift
/// let walk = try MotionPreset.walking(cadence: 1.8).render(sampleRate: 100, duration: 60)
/// StepCounter().count(walk)   // 108
/// ```
public struct StepCounter: Sendable, Hashable {
    /// Width of the moving average (s).
    public var smoothing: Double
    /// Peaks must exceed the mean by this many standard deviations.
    public var threshold: Double
    /// Shortest time between two steps (s).
    public var minimumInterval: Double
    /// Least rise of a step's peak above the mean (g), so that sensor noise is no step.
    public var minimumRise: Double

    /// Creates a counter.
    /// - Parameters:
    ///   - smoothing: Moving-average width (s), default 0.15.
    ///   - threshold: Standard deviations above the mean, default 0.5.
    ///   - minimumInterval: Shortest step (s), default 0.25 (4 steps/s).
    ///   - minimumRise: Least rise of a peak above the mean (g), default 0.05.
    public init(
        smoothing: Double = 0.15, threshold: Double = 0.5, minimumInterval: Double = 0.25, minimumRise: Double = 0.05
    ) {
        self.smoothing = smoothing
        self.threshold = threshold
        self.minimumInterval = minimumInterval
        self.minimumRise = minimumRise
    }

    /// Counts the steps in an accelerometer magnitude sampled at `sampleRate`.
    /// - Parameters:
    ///   - magnitude: `|userAcceleration + gravity|` (g) per sample.
    ///   - sampleRate: Samples per second (Hz).
    /// - Returns: The number of steps.
    public func count(magnitude: [Double], sampleRate: Double) -> Int {
        let n = magnitude.count
        guard n >= 3, sampleRate > 0, sampleRate.isFinite else { return 0 }
        let half = max(0, Int((smoothing * sampleRate / 2).rounded()))
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + magnitude[i] }
        let smooth = (0..<n).map { i -> Double in
            let lo = max(0, i - half)
            let hi = min(n, i + half + 1)
            return (prefix[hi] - prefix[lo]) / Double(hi - lo)
        }
        let mean = smooth.reduce(0, +) / Double(n)
        let sd = (smooth.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n)).squareRoot()
        let level = mean + max(threshold * sd, minimumRise)
        let gap = max(1, Int((minimumInterval * sampleRate).rounded()))
        var steps = 0
        var last = -gap
        for i in 1..<n - 1
        where smooth[i] > level && smooth[i] >= smooth[i - 1] && smooth[i] > smooth[i + 1] && i - last >= gap {
            steps += 1
            last = i
        }
        return steps
    }

    /// Counts the steps in a rendered motion (9 or 13 channels: `|userAcceleration + gravity|`) or IMU
    /// (6 channels: `|accelerometer|`, in g, or in m/s² when its mean is above 4, then divided by 9.80665).
    /// - Parameter buffer: The render.
    /// - Returns: The number of steps (0 for other channel counts).
    public func count(_ buffer: SampleBuffer) -> Int {
        let magnitude: [Double]
        switch buffer.channelCount {
        case 9, 13:
            magnitude = (0..<buffer.frameCount).map { i in
                let x = Double(buffer[frame: i, channel: 0]) + Double(buffer[frame: i, channel: 3])
                let y = Double(buffer[frame: i, channel: 1]) + Double(buffer[frame: i, channel: 4])
                let z = Double(buffer[frame: i, channel: 2]) + Double(buffer[frame: i, channel: 5])
                return (x * x + y * y + z * z).squareRoot()
            }
        case 6:
            let raw = (0..<buffer.frameCount).map { i in
                let x = Double(buffer[frame: i, channel: 0])
                let y = Double(buffer[frame: i, channel: 1])
                let z = Double(buffer[frame: i, channel: 2])
                return (x * x + y * y + z * z).squareRoot()
            }
            let mean = raw.reduce(0, +) / Double(max(1, raw.count))
            magnitude = mean > 4 ? raw.map { $0 / IMU.standardGravity } : raw
        default:
            return 0
        }
        return count(magnitude: magnitude, sampleRate: buffer.sampleRate)
    }
}
