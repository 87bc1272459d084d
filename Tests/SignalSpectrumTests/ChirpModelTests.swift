import Foundation
import Signals
import Testing

@testable import SignalSpectrum

/// The chirp's phase law, evaluated in double-double, agrees with the engine's 128-bit render.
@Suite struct ChirpModelTests {
    static let cases: [(String, Chirp)] = [
        ("up-sweep ending inside the record", Chirp(amplitude: 1, startFrequency: 20, endFrequency: 200, duration: 2)),
        (
            "down-sweep with phase",
            Chirp(amplitude: 0.7, startFrequency: 300, endFrequency: 100, duration: 3.3, phase: 1.2)
        ),
        ("longer than the record", Chirp(amplitude: 2, startFrequency: 1, endFrequency: 50, duration: 100)),
        (
            "duration 1e-40: a steady tone from sample 1",
            Chirp(amplitude: 1, startFrequency: 10, endFrequency: 50, duration: 1e-40)
        ),
        ("zero sweep", Chirp(amplitude: 1, startFrequency: 42, endFrequency: 42, duration: 1)),
    ]

    @Test(
        "model = render within E, across the end of the sweep, from sample 0 and from a later start",
        arguments: 0..<cases.count)
    func agrees(_ index: Int) throws {
        let (name, chirp) = Self.cases[index]
        for start in [0, 1999, 50_000] {
            let (deviation, bound) = try ModelSupport.deviation(chirp, start: start, count: 5000)
            #expect(deviation <= bound, "\(name) from \(start): \(deviation) > \(bound)")
        }
    }

    @Test("an aliased chirp (allowAliasing) is modelled too")
    func aliased() throws {
        let (deviation, bound) = try ModelSupport.deviation(
            Chirp(amplitude: 1, startFrequency: 400, endFrequency: 900, duration: 2),
            count: 4000, allowAliasing: true)
        #expect(deviation <= bound)
    }

    @Test("the sweep's last sample and the steady phase: range-checked for a tiny duration")
    func limits() {
        let tiny = ChirpModel(Chirp(startFrequency: 10, endFrequency: 50, duration: 1e-40), sampleRate: 1000)
        #expect(tiny.lastSweep == 0)
        let t = tiny.turns(at: 1)
        let expected = Double(tiny.steadyBase &+ tiny.steadyIncrement) * 0x1p-64
        #expect(t == expected)
        let long = ChirpModel(Chirp(startFrequency: 10, endFrequency: 50, duration: 10), sampleRate: 1000)
        #expect(long.lastSweep == 10_000)
        // turns(n) = α·n + β·n² during the sweep: at n = 1000, 10·1 + 2·1 = 12 turns → 0.
        #expect(min(long.turns(at: 1000), 1 - long.turns(at: 1000)) < 1e-12)
    }
}
