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
        #expect(Tolerances().amplitude == 0.005)
        #expect(Tolerances().sigmas == 5)
    }

    @Test("tolerances out of range throw instead of making checks that cannot fail (or cannot pass)")
    func validation() throws {
        let buffer = try Fixture.render(Sine(frequency: 50))
        for bad in [
            Tolerances(amplitude: .nan), Tolerances(phase: -1), Tolerances(sigmas: .infinity),
            Tolerances(flatnessBands: 0), Tolerances(maximumLines: 1_000_000), Tolerances(unresolvedFloor: -0.1),
        ] {
            #expect(
                #expect(throws: SignalError.self) {
                    try Fixture.verify(buffer, against: Sine(frequency: 50), tolerances: bad)
                }?.code == .invalidArgument)
        }
        #expect(Tolerances().phase == 1e-3)
        #expect(Tolerances().noiseFloor == 1e-5)
        #expect(Tolerances().unresolvedFloor == 0.02)
    }

    @Test("the phase margin decides a small phase error")
    func phaseMargin() throws {
        let buffer = try Fixture.render(Sine(frequency: 50, phase: 0.0005))
        #expect(try Fixture.verify(buffer, against: Sine(frequency: 50)).passed)
        #expect(try !Fixture.verify(buffer, against: Sine(frequency: 50), tolerances: Tolerances(phase: 1e-4)).passed)
    }
}
