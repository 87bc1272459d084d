import Testing

@testable import Playback

@Suite struct LatenessHistogramTests {
    @Test("nearest-rank percentiles are recorded values; max and mean exact; empty is zero")
    func percentiles() {
        var h = LatenessHistogram()
        #expect(h.percentile(0.5) == .zero)
        #expect(h.max == .zero)
        #expect(h.count == 0)
        for v in 1...100 { h.record(.microseconds(v)) }
        #expect(h.count == 100)
        #expect(h.max == .microseconds(100))
        #expect(h.mean == .nanoseconds(50_500))
        let p50 = h.percentile(0.5)
        let p99 = h.percentile(0.99)
        // Within 1/64 above the exact nearest-rank values (50 µs, 99 µs), never below.
        #expect(p50 >= .microseconds(50))
        #expect(p50 <= .nanoseconds(50_000 + 50_000 / 64))
        #expect(p99 >= .microseconds(99))
        #expect(p99 <= .nanoseconds(99_000 + 99_000 / 64))
        #expect(h.percentile(1) == .microseconds(100))
        #expect(h.percentile(0) == .microseconds(1))
    }

    @Test("small values are exact; negative counts as zero; huge values saturate but max stays exact")
    func edges() {
        var h = LatenessHistogram()
        h.record(nanoseconds: -5)
        h.record(nanoseconds: 7)
        h.record(nanoseconds: 127)
        #expect(h.percentile(0.34) == .nanoseconds(7))
        #expect(h.percentile(0.2) == .zero)
        h.record(.seconds(3_000_000))
        #expect(h.max == .seconds(3_000_000))
        let s = h.statistics(skipped: 4)
        #expect(s.delivered == 4)
        #expect(s.skipped == 4)
        #expect(s.max == .seconds(3_000_000))
    }

    @Test("statistics print in µs; microseconds(_:) converts for benchmarks")
    func formatting() {
        let s = LatenessStatistics(
            delivered: 3, skipped: 1, p50: .nanoseconds(12_340), p99: .microseconds(41),
            max: .microseconds(180), mean: .microseconds(4), finalDrift: .nanoseconds(900))
        #expect(
            s.description
                == "delivered 3, skipped 1, lateness p50 12.3 µs, p99 41.0 µs, max 180.0 µs, mean 4.0 µs, final drift 0.9 µs"
        )
        #expect(LatenessStatistics.microseconds(.nanoseconds(12_340)) == 12.34)
        #expect(LatenessStatistics.microseconds(.seconds(2)) == 2_000_000)
    }
}
