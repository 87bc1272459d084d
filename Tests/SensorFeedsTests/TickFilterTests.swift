import Testing

@testable import SensorFeeds

@Suite struct TickFilterTests {
    @Test("1 kHz at 50 Hz keeps samples 0, 20, 40, … exactly (floor(t · rate) alone would take 581, not 580)")
    func exactTicks() {
        var filter = TickFilter(rate: 50)
        let kept = (0..<2000).filter { filter.keep(Double($0) / 1000) }
        #expect(kept == Array(stride(from: 0, to: 2000, by: 20)))
        // The failing case the tolerance is for: 580 / 1000 · 50 is just under 29.
        #expect((Double(580) / 1000 * 50).rounded(.down) == 28)
    }

    @Test("a stream that starts between ticks keeps its first point, then the first at or after each tick")
    func offGrid() {
        var filter = TickFilter(rate: 10)
        let times = [0.37, 0.38, 0.4, 0.45, 0.51, 0.6, 0.61]
        #expect(times.filter { filter.keep($0) } == [0.37, 0.4, 0.51, 0.6])
    }

    @Test("no rate keeps every point; a repeated or older timestamp is not kept twice at a rate")
    func edges() {
        var all = TickFilter(rate: nil)
        #expect([1.0, 1.0, 0.5].allSatisfy { all.keep($0) })
        var rated = TickFilter(rate: 1)
        #expect([1.0, 1.0, 0.5, 2.0].map { rated.keep($0) } == [true, false, false, true])
    }
}
