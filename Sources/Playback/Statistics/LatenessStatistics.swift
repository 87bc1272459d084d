/// How late a run delivered its points: the time from each point's deadline to the moment its handler
/// was called (or it was handed to the async consumer), and how many points were skipped.
///
/// ```swift
/// let summary = try await runner.run(points) { _ in }
/// print(summary.statistics)   // delivered 3000, skipped 0, lateness p50 2.1 µs, p99 41.0 µs, max 180.3 µs, ...
/// ```
public struct LatenessStatistics: Sendable, Hashable, CustomStringConvertible {
    /// Points delivered.
    public var delivered: Int
    /// Points skipped by ``LatePolicy/skipToPresent``.
    public var skipped: Int
    /// Median lateness.
    public var p50: Duration
    /// 99th-percentile lateness.
    public var p99: Duration
    /// Largest lateness.
    public var max: Duration
    /// Mean lateness.
    public var mean: Duration
    /// Lateness of the last delivered point against its absolute deadline `t0 + timestamp / speed`: as
    /// deadlines are never accumulated, it does not grow with the length of the run (no drift).
    public var finalDrift: Duration

    /// Creates statistics.
    /// - Parameters:
    ///   - delivered: Points delivered.
    ///   - skipped: Points skipped.
    ///   - p50: Median lateness.
    ///   - p99: 99th-percentile lateness.
    ///   - max: Largest lateness.
    ///   - mean: Mean lateness.
    ///   - finalDrift: Lateness of the last delivered point.
    public init(
        delivered: Int = 0, skipped: Int = 0, p50: Duration = .zero, p99: Duration = .zero,
        max: Duration = .zero, mean: Duration = .zero, finalDrift: Duration = .zero
    ) {
        self.delivered = delivered
        self.skipped = skipped
        self.p50 = p50
        self.p99 = p99
        self.max = max
        self.mean = mean
        self.finalDrift = finalDrift
    }

    /// `delivered N, skipped N, lateness p50 … µs, p99 … µs, max … µs, mean … µs`.
    public var description: String {
        "delivered \(delivered), skipped \(skipped), lateness p50 \(LatenessStatistics.formatted(p50)), p99 \(LatenessStatistics.formatted(p99)), max \(LatenessStatistics.formatted(max)), mean \(LatenessStatistics.formatted(mean)), final drift \(LatenessStatistics.formatted(finalDrift))"
    }

    /// A duration in microseconds (`Double`), for tables and benchmarks.
    ///
    /// ```swift
    /// LatenessStatistics.microseconds(summary.statistics.p99)   // 41.0
    /// ```
    /// - Parameter d: A duration.
    /// - Returns: The duration in µs.
    public static func microseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) * 1e-12
    }

    /// A duration as microseconds with one decimal: `12.3 µs`.
    static func formatted(_ d: Duration) -> String {
        let tenths = (Double(d.nanoseconds) / 100).rounded()
        let whole = Int64(tenths) / 10
        let fraction = abs(Int64(tenths) % 10)
        return "\(whole).\(fraction) µs"
    }
}
