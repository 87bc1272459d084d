import Testing

@testable import SignalSpectrum

/// The common period of line frequencies, by continued fractions.
@Suite struct LineGridTests {
    @Test("1 Hz and the 5 Hz square's harmonics at 1 kHz share a 1000-sample period")
    func roundFrequencies() throws {
        let rates =
            [TurnRate(frequency: 1, sampleRate: 1000)]
            + stride(from: 5.0, through: 495, by: 10).map {
                TurnRate(frequency: $0, sampleRate: 1000)
            }
        let grid = try #require(LineGrid(rates: rates, frames: 1 << 20, limit: 1 << 24))
        #expect(grid.period == 1000)
        #expect(grid.harmonics[0] == 1)
        #expect(grid.harmonics[1] == 5)
        #expect(grid.harmonics.last == 495)
    }

    @Test("an irrational ratio, or a period above the limit, has no grid")
    func none() {
        #expect(
            LineGrid(
                rates: [TurnRate(frequency: 10 * 2.0.squareRoot(), sampleRate: 1000)], frames: 1 << 16, limit: 1 << 24)
                == nil)
        #expect(LineGrid(rates: [TurnRate(numerator: 1, denominator: 4999)], frames: 1000, limit: 4096) == nil)
        #expect(LineGrid(rates: [TurnRate(numerator: 1, denominator: 4999)], frames: 1000, limit: 5000)?.period == 4999)
    }

    @Test(
        "the tolerance scales with the record: a rate off by 1e-12 turn per sample is on the grid for 100 samples, not for 10^6"
    )
    func tolerance() {
        let rate = TurnRate(high: 0.25 + 1e-12)
        #expect(LineGrid(rates: [rate], frames: 100, limit: 1 << 20)?.period == 4)
        #expect(LineGrid(rates: [rate], frames: 1_000_000, limit: 1 << 20)?.period != 4)
    }
}
