import Foundation
import Signals
import Testing

@testable import Sensors

@Suite struct AllanDeviationTests {
    /// `allantools.oadev(y, rate=50, data_type="freq", taus="octave")` (allantools 2024.06) for
    /// y[i] = sin(0.37 i) + 0.01 i + ((7919 i) mod 101)/101, i < 1000.
    static let reference: [(tau: Double, adev: Double, n: Int)] = [
        (0.02, 0.39376656830513707, 999), (0.04, 0.39689777721715463, 997), (0.08, 0.6307010594969316, 993),
        (0.16, 0.6846841523899853, 985), (0.32, 0.12433823308202749, 969), (0.64, 0.22742795737260463, 937),
        (1.28, 0.4544842030216241, 873), (2.56, 0.9061807268871032, 745), (5.12, 1.8101497867693404, 489),
    ]

    static func fixture() -> [Double] {
        (0..<1000).map { (i: Int) -> Double in
            let x = Double(i)
            let wrap = Double((i * 7919) % 101) / 101
            return sin(0.37 * x) + 0.01 * x + wrap
        }
    }

    @Test("matches allantools.oadev (octave taus, frequency data) to 1e-12")
    func matchesAllantools() throws {
        let y = Self.fixture()
        let adev = try AllanDeviation(samples: y, sampleRate: 50)
        #expect(adev.taus.count == Self.reference.count)
        for (i, r) in Self.reference.enumerated() {
            #expect(abs(adev.taus[i] - r.tau) < 1e-15)
            #expect(abs(adev.deviations[i] / r.adev - 1) < 1e-12)
            #expect(adev.termCounts[i] == r.n)
        }
    }

    @Test("a changed sample changes the curve (the comparison can fail)")
    func changedSampleDiffers() throws {
        var y = Self.fixture()
        y[500] += 0.1
        let adev = try AllanDeviation(samples: y, sampleRate: 50)
        #expect(abs(adev.deviations[0] / Self.reference[0].adev - 1) > 1e-6)
    }

    @Test("white noise: σ at τ0 and slope −1/2")
    func whiteNoise() throws {
        let b = try Noise(amplitude: 0.5, seed: 3).render(sampleRate: 100, frameCount: 200_000)
        let adev = try AllanDeviation(b, channel: 0)
        #expect(abs(adev.deviations[0] / 0.5 - 1) < 0.01)
        // σ(τ)·√τ constant: N = σ/√fs.
        for i in 0..<8 {
            #expect(abs(adev.deviations[i] * adev.taus[i].squareRoot() / (0.5 / 10) - 1) < 0.05)
        }
    }

    @Test("bad inputs throw clear errors")
    func badInputs() {
        #expect(
            #expect(throws: SignalError.self) { try AllanDeviation(samples: [1.0, 2, 3], sampleRate: 10) }?.code
                == .tooShort)
        #expect(
            #expect(throws: SignalError.self) { try AllanDeviation(samples: [1.0, 2, .nan, 4, 5], sampleRate: 10) }?
                .code == .outOfRange)
        #expect(
            #expect(throws: SignalError.self) { try AllanDeviation(samples: [1.0, 2, 3, 4, 5], sampleRate: 0) }?.code
                == .invalidArgument)
        do {
            _ = try AllanDeviation(samples: [1.0, 2, .infinity, 4, 5], sampleRate: 10)
        } catch {
            #expect(error.description.contains("sample 2"))
        }
    }
}
