import Signals

/// The overlapping Allan deviation of a rate signal (a gyroscope's rad/s, an accelerometer's g or m/s²),
/// as `allantools.oadev(y, rate=fs, data_type="freq", taus="octave")` defines it.
///
/// With the samples `y[0..<N]` (their mean removed, which does not change the result) integrated to
/// `x[0] = 0`, `x[i+1] = x[i] + y[i]/fs` (`P = N + 1` values), for each averaging factor `m = 1, 2, 4, …`
/// with at least two terms (`P − 2m ≥ 2`):
///
/// ```
/// σ²(τ = m/fs) = Σᵢ (x[i+2m] − 2x[i+m] + x[i])² / (2 τ² (P − 2m)),   i = 0 ..< P − 2m
/// ```
///
/// NIST SP 1065 eq. (11). The unit is the signal's; `τ` is in seconds.
///
/// ```swift
/// let gyro = try IMU(gyroscope: SensorModel(noiseDensity: 2e-4, randomWalk: 2e-5)).render(sampleRate: 100, duration: 600)
/// let adev = try AllanDeviation(gyro, channel: 3)
/// adev.deviations[0]   // ≈ 2e-4 · √100 = 2e-3 rad/s at τ = 0.01 s
/// ```
/// Computed in `Double` throughout (a `Float` input widens exactly), so it agrees with allantools on
/// float64 data to about 10⁻¹² relative (`Tests/Python/test_allan.py`).
/// - Complexity: O(N log N) time (one pass over the cumulative sums per octave) and 8N bytes; 10⁷
///   samples take about 0.1 s on one core (see the bench).
public struct AllanDeviation: Sendable, Hashable {
    /// Samples per second of the input (Hz).
    public let sampleRate: Double
    /// Number of input samples `N`.
    public let sampleCount: Int
    /// Averaging times `τ = m/fs` (s), ascending.
    public let taus: [Double]
    /// Overlapping Allan deviation at each `τ` (signal units).
    public let deviations: [Double]
    /// Number of terms in each sum (`P − 2m`).
    public let termCounts: [Int]

    /// The most samples analysed: 10⁸ (about 28 hours at 1 kHz). The analysis holds the samples and their
    /// integral as `Double` (8 bytes a sample for the integral when the samples are `[Double]` already, as a
    /// ``ChannelRecording``'s are; 16 otherwise); readers and renders check it before they allocate (and
    /// ``ChannelRecording/maximumValueCount`` bounds the channels they hold together).
    public static let maximumSampleCount = 100_000_000

    /// The largest sample magnitude analysed: 10¹⁵ (of any unit). Within it, at any rate the engine takes
    /// (10⁻⁶ … 10¹⁰ Hz) and up to ``maximumSampleCount`` samples, the phase, its second differences and
    /// their sums of squares stay far inside a `Double`'s range, so every deviation is finite.
    public static let largestMagnitude = 1e15

    /// Computes the deviation of `samples` at `sampleRate`.
    /// - Parameters:
    ///   - samples: The rate signal (at least 4 samples, all finite and within ±``largestMagnitude``).
    ///   - sampleRate: Samples per second (Hz), finite and > 0.
    /// - Throws: `SignalError` (`tooShort`, `outOfRange`, `invalidArgument`) for fewer than 4 samples,
    ///   more than ``maximumSampleCount``, a bad rate, a non-finite sample or one beyond ``largestMagnitude``.
    @inlinable
    public init<C: Collection>(samples: C, sampleRate: Double) throws(SignalError)
    where C.Element: BinaryFloatingPoint {
        guard samples.count <= AllanDeviation.maximumSampleCount else {
            throw SignalError(
                .invalidArgument,
                "\(samples.count) samples are more than the Allan deviation analyses (at most \(AllanDeviation.maximumSampleCount), 16 bytes each)"
            )
        }
        if let doubles = samples as? [Double] {
            // Float64 data as it is: no copy, no narrowing.
            try self.init(doubles: doubles, sampleRate: sampleRate)
            return
        }
        var y: [Double] = []
        y.reserveCapacity(samples.count)
        for v in samples { y.append(Double(v)) }
        try self.init(doubles: y, sampleRate: sampleRate)
    }

    /// The computation, on `Double` samples.
    @usableFromInline
    init(doubles y: [Double], sampleRate: Double) throws(SignalError) {
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw SignalError(.invalidArgument, "the sample rate must be a finite number of Hz > 0, got \(sampleRate)")
        }
        let n = y.count
        guard n >= 4 else {
            throw SignalError(.tooShort, "the Allan deviation needs at least 4 samples, got \(n)")
        }
        var sum = 0.0
        for i in 0..<n {
            guard y[i].isFinite else { throw SignalError(.outOfRange, "sample \(i) is not finite (\(y[i]))") }
            guard abs(y[i]) <= AllanDeviation.largestMagnitude else {
                throw SignalError(
                    .outOfRange,
                    "sample \(i) is \(y[i]), beyond ±1e15 (AllanDeviation.largestMagnitude): the squared differences of such samples overflow"
                )
            }
            sum += y[i]
        }
        let mean = sum / Double(n)
        // Phase: x[0] = 0, x[i+1] = x[i] + (y[i] − mean)/fs, with a compensated sum.
        var x = [Double](repeating: 0, count: n + 1)
        let dt = 1 / sampleRate
        var acc = 0.0
        var carry = 0.0
        for i in 0..<n {
            let term = (y[i] - mean) * dt - carry
            let next = acc + term
            carry = (next - acc) - term
            acc = next
            x[i + 1] = acc
        }
        var taus: [Double] = []
        var deviations: [Double] = []
        var counts: [Int] = []
        let p = n + 1
        var m = 1
        x.withUnsafeBufferPointer { xs in
            guard let base = xs.baseAddress else { return }
            while p - 2 * m >= 2 {
                let terms = p - 2 * m
                let s = AllanDeviation.sumOfSquaredSecondDifferences(base, count: terms, m: m)
                let tau = Double(m) * dt
                taus.append(tau)
                deviations.append((s / (2 * Double(terms))).squareRoot() / tau)
                counts.append(terms)
                guard m <= Int.max / 4 else { break }
                m *= 2
            }
        }
        self.sampleRate = sampleRate
        self.sampleCount = n
        self.taus = taus
        self.deviations = deviations
        self.termCounts = counts
    }

    /// Computes the deviation of one channel of a recording, in float64 as the file holds it.
    /// - Throws: `SignalError` as the initialiser; `invalidArgument` for a channel out of range.
    public init(_ recording: ChannelRecording, channel: Int) throws(SignalError) {
        guard channel >= 0 && channel < recording.channels.count else {
            throw SignalError(.invalidArgument, "channel \(channel) is outside 0 ..< \(recording.channels.count)")
        }
        try self.init(doubles: recording.channels[channel], sampleRate: recording.sampleRate)
    }

    /// Computes the deviation of one channel of a rendered or recorded buffer.
    /// - Throws: `SignalError` as the initialiser; `invalidArgument` for a channel out of range.
    public init(_ buffer: SampleBuffer, channel: Int) throws(SignalError) {
        guard channel >= 0 && channel < buffer.channelCount else {
            throw SignalError(.invalidArgument, "channel \(channel) is outside 0 ..< \(buffer.channelCount)")
        }
        try self.init(samples: buffer.channel(channel), sampleRate: buffer.sampleRate)
    }

    /// `Σ (x[i+2m] − 2x[i+m] + x[i])²` for `i < count`, with four independent accumulators.
    static func sumOfSquaredSecondDifferences(_ x: UnsafePointer<Double>, count: Int, m: Int) -> Double {
        var s0 = 0.0
        var s1 = 0.0
        var s2 = 0.0
        var s3 = 0.0
        let a = x
        let b = x + m
        let c = x + 2 * m
        var i = 0
        while i + 4 <= count {
            let d0 = (c[i] - 2 * b[i]) + a[i]
            let d1 = (c[i + 1] - 2 * b[i + 1]) + a[i + 1]
            let d2 = (c[i + 2] - 2 * b[i + 2]) + a[i + 2]
            let d3 = (c[i + 3] - 2 * b[i + 3]) + a[i + 3]
            s0 += d0 * d0
            s1 += d1 * d1
            s2 += d2 * d2
            s3 += d3 * d3
            i += 4
        }
        var s = (s0 + s1) + (s2 + s3)
        while i < count {
            let d = (c[i] - 2 * b[i]) + a[i]
            s += d * d
            i += 1
        }
        return s
    }

    /// The relative standard error of each point, `δ = 1/√(2(N/m − 1))` (IEEE Std 952-1997, Annex C;
    /// conservative for the overlapping estimator).
    public var relativeErrors: [Double] {
        taus.map { tau in
            let m = tau * sampleRate
            return 1 / (2 * max(Double(sampleCount) / m - 1, 1e-12)).squareRoot()
        }
    }
}
