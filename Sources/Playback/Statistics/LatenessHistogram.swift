/// A fixed-size histogram of lateness values for percentiles over runs of any length, in constant
/// memory (46 KB) and without allocating after creation.
///
/// Values below 128 ns have a bucket each; above that, each power of two is split into 64 buckets, so
/// a bucket is at most 1/64 of its values wide. Each bucket also keeps the largest value it received,
/// and a percentile reports that value: it is a lateness that really occurred, exact when the values
/// in a bucket are equal and otherwise at most 1.6 % above the exact nearest-rank percentile.
/// Values above 2^50 ns (13 days) are counted in the last bucket; ``max`` stays exact.
///
/// ```swift
/// var histogram = LatenessHistogram()
/// histogram.record(.microseconds(12))
/// histogram.percentile(0.99)   // 12 µs
/// ```
public struct LatenessHistogram: Sendable, Hashable {
    static let exactLimit: Int64 = 128
    static let largest: Int64 = (1 << 50) - 1
    static let bucketCount = 128 + 43 * 64

    private var counts: [Int]
    private var maxima: [Int64]
    /// Number of values recorded.
    public private(set) var count = 0
    private var sum: Double = 0
    private var largestValue: Int64 = 0

    /// An empty histogram.
    public init() {
        counts = [Int](repeating: 0, count: LatenessHistogram.bucketCount)
        maxima = [Int64](repeating: 0, count: LatenessHistogram.bucketCount)
    }

    @inline(__always)
    static func bucket(of value: Int64) -> Int {
        if value < exactLimit { return Int(value) }
        let v = Swift.min(value, largest)
        let exponent = (64 - v.leadingZeroBitCount) - 7
        let mantissa = Int(v >> exponent)
        return 128 + (exponent - 1) * 64 + (mantissa - 64)
    }

    /// Records one lateness in nanoseconds (negative values count as 0).
    @inline(__always)
    public mutating func record(nanoseconds: Int64) {
        let v = Swift.max(0, nanoseconds)
        let b = LatenessHistogram.bucket(of: v)
        counts[b] += 1
        if v > maxima[b] { maxima[b] = v }
        count += 1
        sum += Double(v)
        if v > largestValue { largestValue = v }
    }

    /// Records one lateness (negative values count as 0).
    public mutating func record(_ lateness: Duration) {
        record(nanoseconds: lateness.nanoseconds)
    }

    /// The nearest-rank `p`-quantile: the smallest recorded lateness with at least `⌈p · count⌉` values
    /// at or below it (within 1.6 %, see the type's notes); zero when empty.
    /// - Parameter p: The quantile in `0 ... 1` (0.5 is the median, 0.99 the 99th percentile).
    public func percentile(_ p: Double) -> Duration {
        guard count > 0 else { return .zero }
        let rank = Swift.max(1, Int((Swift.min(Swift.max(p, 0), 1) * Double(count)).rounded(.up)))
        var seen = 0
        for (b, c) in counts.enumerated() where c > 0 {
            seen += c
            if seen >= rank { return .nanoseconds(maxima[b]) }
        }
        return .nanoseconds(largestValue)
    }

    /// The largest lateness recorded (exact).
    public var max: Duration { .nanoseconds(largestValue) }

    /// The mean lateness (exact to Double rounding).
    public var mean: Duration { count == 0 ? .zero : .nanoseconds(Int64((sum / Double(count)).rounded())) }

    /// The summary statistics, with a count of skipped points.
    /// - Parameter skipped: Points skipped by the late policy.
    public func statistics(skipped: Int = 0) -> LatenessStatistics {
        LatenessStatistics(
            delivered: count, skipped: skipped, p50: percentile(0.5), p99: percentile(0.99),
            max: max, mean: mean)
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
