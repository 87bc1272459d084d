import Foundation
import Testing

@testable import SignalSpectrum

/// Phasor blocks by vectorised recurrences agree with cos/sin of the exact phase.
@Suite struct PhasorsTests {
    /// Buffers of blockSize + 8 values.
    static func buffers() -> (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) {
        let re = UnsafeMutablePointer<Double>.allocate(capacity: Phasors.blockSize + Phasors.lanes)
        let im = UnsafeMutablePointer<Double>.allocate(capacity: Phasors.blockSize + Phasors.lanes)
        return (re, im)
    }

    @Test(
        "a linear phase: every count from 0 to a full block, any start, within 1e-13",
        arguments: [0, 1, 7, 8, 9, 100, 1023, 1024])
    func linear(count: Int) {
        let (re, im) = Self.buffers()
        defer {
            re.deallocate()
            im.deallocate()
        }
        for rate in [
            TurnRate(frequency: 123.4, sampleRate: 1000), TurnRate(numerator: 1, denominator: 2), TurnRate(high: 1e-9),
        ] {
            for start in [0, 17, (1 << 40) + 3] {
                Phasors.fill(rate: rate, start: start, count: count, re: re, im: im)
                for i in 0..<count {
                    let p = TurnRate.phasor(turns: rate.turns(at: start + i))
                    #expect(abs(re[i] - p.re) < 1e-13, "i = \(i)")
                    #expect(abs(im[i] - p.im) < 1e-13, "i = \(i)")
                }
            }
        }
    }

    @Test("an integer (engine) phase: phase0 + i·increment, wrapping")
    func integerPhase() {
        let (re, im) = Self.buffers()
        defer {
            re.deallocate()
            im.deallocate()
        }
        let increment: UInt64 = 0x1234_5678_9ABC_DEF1
        let phase0: UInt64 = 0xFFFF_FFFF_FFFF_FF00
        Phasors.fill(phase0: phase0, increment: increment, count: 1024, re: re, im: im)
        for i in [0, 1, 8, 511, 1023] {
            let t = Double(phase0 &+ increment &* UInt64(i)) * 0x1p-64
            let p = TurnRate.phasor(turns: t)
            #expect(abs(re[i] - p.re) < 1e-13)
            #expect(abs(im[i] - p.im) < 1e-13)
        }
    }
}
