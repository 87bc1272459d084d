import SignalSpectrum
import Signals
import Testing

@Suite struct TolerancesTests {
    @Test("tighter tolerances turn a pass into a fail; looser ones the reverse")
    func tolerancesMatter() throws {
        let spec = Sine(amplitude: 1, frequency: 50)
        let buffer = try Fixture.render(Sine(amplitude: 1.003, frequency: 50))
        #expect(try Fixture.verify(buffer, against: spec).passed)
        #expect(try !Fixture.verify(buffer, against: spec, tolerances: Tolerances(amplitude: 0.001)).passed)
        let off = try Fixture.render(Sine(amplitude: 1.02, frequency: 50))
        #expect(try Fixture.verify(off, against: spec, tolerances: Tolerances(amplitude: 0.03)).passed)
        #expect(Tolerances().amplitude == 0.005 && Tolerances().sigmas == 5)
    }
}
