import Signals

/// A frequency-stability deviation of the Allan family, as allantools (`allantools.adev`, `oadev`, `mdev`,
/// `tdev`, `hdev`, `ohdev`, `totdev`) and Stable32 compute it, at the averaging times of a τ grid, from
/// frequency (rate) or phase data.
///
/// The data become phase `x[0..<P]` with sample interval `τ₀ = 1/fs` (s): phase data as given; frequency
/// data `y[0..<N]` (their mean removed) integrated to `x[0] = 0`, `x[i+1] = x[i] + y[i]·τ₀` (`P = N + 1`).
/// With `τ = m·τ₀` (NIST SP 1065 equation numbers):
/// - ADEV (7): `σ² = Σ (x[i+2m] − 2x[i+m] + x[i])² / (2τ²n)` over `i = 0, m, 2m, …` (`n` terms);
/// - OADEV (11): the same sum over every `i < P − 2m`;
/// - MDEV (14): `σ² = Σⱼ (Σᵢ₌ⱼ^{j+m−1} x[i+2m] − 2x[i+m] + x[i])² / (2m²τ²n)`, `j < n = P − 3m + 1`;
/// - TDEV (15): `τ·MDEV/√3` (seconds of phase for phase data in seconds);
/// - HDEV (18): `σ² = Σ (x[i+3m] − 3x[i+2m] + 3x[i+m] − x[i])² / (6τ²n)` over `i = 0, m, 2m, …`;
/// - OHDEV (20): the same sum over every `i < P − 3m`;
/// - TOTDEV (25): OADEV's terms centred on `x[1] … x[P−2]` of the series extended by reflection at both
///   ends (`x[−j] = 2x[0] − x[j]`, `x[P−1+j] = 2x[P−1] − x[P−1−j]`), over `2τ²(P − 2)`, without bias correction.
///
/// A point is kept when its sum has at least two terms (allantools' `remove_small_ns`), and `m < P`.
/// The unit of a deviation is the frequency data's (a gyroscope's rad/s), or the phase data's per second
/// (TDEV: the phase data's). The existing ``AllanDeviation`` is OADEV at ``TauGrid/octave``.
///
/// ```swift
/// let mdev = try StabilityDeviation(.mdev, samples: gyro.channel(3), sampleRate: 100, taus: .decade)
/// mdev.taus          // [0.01, 0.02, 0.04, 0.1, …] s
/// ```
/// Computed in `Double` throughout (a `Float` input widens exactly), so it agrees with allantools on
/// float64 data to about 10⁻¹² relative, and keeps a clock's `100 s + 10⁻⁹ s` phase or a `10⁻³ + 10⁻¹²`
/// frequency (`Tests/Python/test_allan.py`).
/// - Complexity: O(P) time per τ (MDEV's inner sums are updated in O(1) a step) and
///   8P bytes (none for phase data given as `[Double]`): O(P log P) on the octave and decade grids, O(P²) on ``TauGrid/all`` (which is refused above
///   ``maximumAllSampleCount`` samples).
public struct StabilityDeviation: Sendable, Hashable {
    /// Which deviation.
    public enum Statistic: String, Sendable, Hashable, CaseIterable {
        /// Allan deviation (non-overlapping).
        case adev
        /// Overlapping Allan deviation.
        case oadev
        /// Modified Allan deviation.
        case mdev
        /// Time deviation, `τ·MDEV/√3`.
        case tdev
        /// Hadamard deviation (non-overlapping).
        case hdev
        /// Overlapping Hadamard deviation.
        case ohdev
        /// Total deviation (no bias correction).
        case totdev
    }

    /// The averaging factors `m` (τ = m/fs), as allantools' `tau_generator` makes them; each kept while
    /// `m < P` and its sum has at least two terms.
    public enum TauGrid: String, Sendable, Hashable, CaseIterable {
        /// `m = 1, 2, 4, 8, …`, up to `2^⌊log₂ P⌋`.
        case octave
        /// `m = 1, 2, 4, 10, 20, 40, 100, …` (Stable32's spacing), up to `4·10^⌊log₁₀ P⌋`.
        case decade
        /// Every `m = 1, 2, 3, …, P`.
        case all
    }

    /// What the samples are.
    public enum DataType: String, Sendable, Hashable, CaseIterable {
        /// Frequency or rate data (a gyroscope's rad/s, fractional frequency): integrated to phase.
        case frequency
        /// Phase (time-error) data, used as given.
        case phase
    }

    /// The deviation computed.
    public let statistic: Statistic
    /// What the input samples were.
    public let dataType: DataType
    /// Samples per second of the input (Hz).
    public let sampleRate: Double
    /// Number of input samples.
    public let sampleCount: Int
    /// Averaging factors `m`, ascending.
    public let averagingFactors: [Int]
    /// Averaging times `τ = m/fs` (s), ascending.
    public let taus: [Double]
    /// The deviation at each `τ` (see the units above).
    public let deviations: [Double]
    /// Number of terms in each sum (allantools' `ns`).
    public let termCounts: [Int]

    /// The most samples the ``TauGrid/all`` grid analyses: 10⁵ (its cost grows as the square).
    public static let maximumAllSampleCount = 100_000

    /// Computes the deviation of `samples`.
    /// - Parameters:
    ///   - statistic: Which deviation.
    ///   - samples: Frequency or phase data (at least 4 samples, all finite and within
    ///     ±`AllanDeviation.largestMagnitude`; at most
    ///     `AllanDeviation.maximumSampleCount`).
    ///   - sampleRate: Samples per second (Hz), finite and > 0.
    ///   - dataType: What the samples are (default frequency).
    ///   - taus: The τ grid (default octave).
    /// - Throws: `SignalError` `.tooShort`, `.outOfRange`, `.invalidArgument` for too few or too many samples,
    ///   a bad rate, a non-finite sample, the `all` grid on more than ``maximumAllSampleCount`` samples, or
    ///   no τ with two terms.
    public init<C: Collection>(
        _ statistic: Statistic, samples: C, sampleRate: Double, dataType: DataType = .frequency,
        taus: TauGrid = .octave
    ) throws(SignalError) where C.Element: BinaryFloatingPoint {
        guard samples.count <= AllanDeviation.maximumSampleCount else {
            throw SignalError(
                .invalidArgument,
                "\(samples.count) samples are more than the deviations analyse (at most \(AllanDeviation.maximumSampleCount))"
            )
        }
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw SignalError(.invalidArgument, "the sample rate must be a finite number of Hz > 0, got \(sampleRate)")
        }
        guard samples.count >= 4 else {
            throw SignalError(.tooShort, "the \(statistic.rawValue) needs at least 4 samples, got \(samples.count)")
        }
        if taus == .all, samples.count > StabilityDeviation.maximumAllSampleCount {
            throw SignalError(
                .invalidArgument,
                "the 'all' τ grid costs O(N²): it analyses at most \(StabilityDeviation.maximumAllSampleCount) samples, got \(samples.count); use the octave or decade grid"
            )
        }
        // Float64 data as they are (no copy); anything else widened exactly.
        let data: [Double] = samples as? [Double] ?? samples.map { Double($0) }
        for (i, d) in data.enumerated() where !(abs(d) <= AllanDeviation.largestMagnitude) {
            throw SignalError(
                .outOfRange,
                d.isFinite
                    ? "sample \(i) is \(d), beyond ±1e15 (AllanDeviation.largestMagnitude): the squared differences of such samples overflow"
                    : "sample \(i) is not finite (\(d))")
        }
        let x = dataType == .phase ? data : StabilityDeviation.phase(frequency: data, sampleRate: sampleRate)
        let p = x.count
        var ms: [Int] = []
        var ts: [Double] = []
        var devs: [Double] = []
        var counts: [Int] = []
        // Unchecked reads in the O(P) loops: every index is bounded by the guards in each function.
        x.withUnsafeBufferPointer { x in
            for m in StabilityDeviation.factors(taus, count: p) {
                let (dev, n): (Double, Int)
                let tau = Double(m) / sampleRate
                switch statistic {
                case .adev: (dev, n) = StabilityDeviation.allan(x, m: m, stride: m, tau: tau)
                case .oadev: (dev, n) = StabilityDeviation.allan(x, m: m, stride: 1, tau: tau)
                case .mdev: (dev, n) = StabilityDeviation.modified(x, m: m, tau: tau)
                case .tdev:
                    let (md, count) = StabilityDeviation.modified(x, m: m, tau: tau)
                    (dev, n) = (tau * md / 3.0.squareRoot(), count)
                case .hdev: (dev, n) = StabilityDeviation.hadamard(x, m: m, stride: m, tau: tau)
                case .ohdev: (dev, n) = StabilityDeviation.hadamard(x, m: m, stride: 1, tau: tau)
                case .totdev: (dev, n) = StabilityDeviation.total(x, m: m, tau: tau)
                }
                guard n > 1 else { continue }
                ms.append(m)
                ts.append(tau)
                devs.append(dev)
                counts.append(n)
            }
        }
        guard !ms.isEmpty else {
            throw SignalError(
                .tooShort,
                "\(samples.count) samples give no τ with two terms for the \(statistic.rawValue); record more")
        }
        self.statistic = statistic
        self.dataType = dataType
        self.sampleRate = sampleRate
        self.sampleCount = samples.count
        averagingFactors = ms
        self.taus = ts
        deviations = devs
        termCounts = counts
    }

    /// Computes the deviation of one channel of a recording, in float64 as the file holds it.
    /// - Throws: `SignalError` as the initialiser; `.invalidArgument` for a channel out of range.
    public init(
        _ statistic: Statistic, _ recording: ChannelRecording, channel: Int, dataType: DataType = .frequency,
        taus: TauGrid = .octave
    ) throws(SignalError) {
        guard channel >= 0 && channel < recording.channels.count else {
            throw SignalError(.invalidArgument, "channel \(channel) is outside 0 ..< \(recording.channels.count)")
        }
        try self.init(
            statistic, samples: recording.channels[channel], sampleRate: recording.sampleRate, dataType: dataType,
            taus: taus)
    }

    /// Computes the deviation of one channel of a rendered or recorded buffer.
    /// - Throws: `SignalError` as the initialiser; `.invalidArgument` for a channel out of range.
    public init(
        _ statistic: Statistic, _ buffer: SampleBuffer, channel: Int, dataType: DataType = .frequency,
        taus: TauGrid = .octave
    ) throws(SignalError) {
        guard channel >= 0 && channel < buffer.channelCount else {
            throw SignalError(.invalidArgument, "channel \(channel) is outside 0 ..< \(buffer.channelCount)")
        }
        try self.init(
            statistic, samples: buffer.channel(channel), sampleRate: buffer.sampleRate, dataType: dataType, taus: taus)
    }

    /// Frequency to phase as allantools' `frequency2phase`: the mean removed, a (compensated) running sum
    /// times `1/fs`, a leading 0.
    static func phase(frequency y: [Double], sampleRate: Double) -> [Double] {
        let mean = y.reduce(0, +) / Double(y.count)
        let dt = 1 / sampleRate
        var x = [Double](repeating: 0, count: y.count + 1)
        var acc = 0.0
        var carry = 0.0
        for i in 0..<y.count {
            let term = (y[i] - mean) - carry
            let next = acc + term
            carry = (next - acc) - term
            acc = next
            x[i + 1] = acc * dt
        }
        return x
    }

    /// The averaging factors of a grid for `count` phase points (`m < count`, ascending, unique).
    static func factors(_ grid: TauGrid, count p: Int) -> [Int] {
        var ms: [Int] = []
        switch grid {
        case .all:
            ms = Array(1..<p)
        case .octave:
            var m = 1
            while m < p {
                ms.append(m)
                guard m <= Int.max / 2 else { break }
                m *= 2
            }
        case .decade:
            var decade = 1
            outer: while true {
                for k in [1, 2, 4] {
                    let m = k * decade
                    guard m < p else { break outer }
                    ms.append(m)
                }
                guard decade <= Int.max / 40 else { break }
                decade *= 10
            }
        }
        return ms
    }

    /// ADEV (`stride == m`) and OADEV (`stride == 1`): the deviation and its number of terms.
    static func allan(_ x: UnsafeBufferPointer<Double>, m: Int, stride: Int, tau: Double) -> (Double, Int) {
        differences(x, m: m, order: 2, stride: stride, tau: tau) { i in
            x[i + 2 * m] - 2 * x[i + m] + x[i]
        } variance: {
            $0 / (2 * Double($1))
        }
    }

    /// HDEV (`stride == m`) and OHDEV (`stride == 1`).
    static func hadamard(_ x: UnsafeBufferPointer<Double>, m: Int, stride: Int, tau: Double) -> (Double, Int) {
        differences(x, m: m, order: 3, stride: stride, tau: tau) { i in
            x[i + 3 * m] - 3 * x[i + 2 * m] + 3 * x[i + m] - x[i]
        } variance: {
            $0 / 6 / Double($1)
        }
    }

    /// The deviation `√variance(Σ d², n) / τ` of the `order`-th phase differences `d = difference(i)`
    /// (spanning `order · m` samples) at `i = 0, stride, 2·stride, …`, and the number `n` of terms; (0, 0)
    /// when the data span fewer than `order · m + 1` samples.
    @inline(__always)
    static func differences(
        _ x: UnsafeBufferPointer<Double>, m: Int, order: Int, stride: Int, tau: Double,
        _ difference: (Int) -> Double, variance: (Double, Int) -> Double
    ) -> (Double, Int) {
        let last = x.count - 1 - order * m
        guard last >= 0 else { return (0, 0) }
        var s = 0.0
        var n = 0
        var i = 0
        while i <= last {
            let d = difference(i)
            s += d * d
            n += 1
            i += stride
        }
        return (variance(s, n).squareRoot() / tau, n)
    }

    /// MDEV: the inner sums `vⱼ` updated by `x[j+3m] − 3x[j+2m] + 3x[j+m] − x[j]` (compensated).
    static func modified(_ x: UnsafeBufferPointer<Double>, m: Int, tau: Double) -> (Double, Int) {
        let p = x.count
        guard p - 3 * m >= 1 else { return (0, 0) }
        var v = 0.0
        for i in 0..<m { v += x[i + 2 * m] - 2 * x[i + m] + x[i] }
        var s = v * v
        var carry = 0.0
        for j in 0..<p - 3 * m {
            let step = (x[j + 3 * m] - 3 * x[j + 2 * m] + 3 * x[j + m] - x[j]) - carry
            let next = v + step
            carry = (next - v) - step
            v = next
            s += v * v
        }
        let n = p - 3 * m + 1
        let md = Double(m)
        return ((s / (2 * md * md * tau * tau * Double(n))).squareRoot(), n)
    }

    /// TOTDEV: second differences centred on `x[1] … x[P−2]` of the series extended by reflection at both
    /// ends, `x[−j] = 2x[0] − x[j]` and `x[P−1+j] = 2x[P−1] − x[P−1−j]`, read in place (the extension is
    /// never stored: it would be 16 bytes a sample more).
    static func total(_ x: UnsafeBufferPointer<Double>, m: Int, tau: Double) -> (Double, Int) {
        let p = x.count
        let n = p - 2
        guard n >= 1, m < p else { return (0, 0) }
        let first = x[0]
        let last = x[p - 1]
        /// The extended series at index `j`, `−(P−2) ≤ j ≤ 2P−3`.
        @inline(__always) func r(_ j: Int) -> Double {
            j < 0 ? 2 * first - x[-j] : (j < p ? x[j] : 2 * last - x[2 * (p - 1) - j])
        }
        var s = 0.0
        for i in 1...n {
            let d = r(i - m) - 2 * x[i] + r(i + m)
            s += d * d
        }
        return ((s / (2 * tau * tau * Double(n))).squareRoot(), n)
    }
}
