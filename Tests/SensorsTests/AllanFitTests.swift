import Foundation
import Signals
import Testing

@testable import Sensors

@Suite struct AllanFitTests {
    /// The IMU: Kalibr terms, still and face up.
    static let imu = IMU(
        accelerometer: SensorModel(noiseDensity: 0.002, randomWalk: 0.0003),
        gyroscope: SensorModel(noiseDensity: 0.0002, randomWalk: 2e-5), seed: 7,
        accelerometerUnit: .metersPerSecondSquared)

    static func fits(_ imu: IMU, seconds: Double) throws -> (accelerometer: AllanFit, gyroscope: AllanFit) {
        let b = try imu.render(sampleRate: 100, duration: seconds)
        var curves: [AllanDeviation] = []
        for c in 0..<6 { curves.append(try AllanDeviation(b, channel: c)) }
        return (try AllanFit(pooling: Array(curves[0..<3])), try AllanFit(pooling: Array(curves[3..<6])))
    }

    @Test("a 1-hour, 100 Hz static IMU gives N back within 5 % and K within 15 % (axes pooled per sensor)")
    func oneHour() throws {
        let (a, g) = try Self.fits(Self.imu, seconds: 3600)
        #expect(abs(a.noiseDensity.value / 0.002 - 1) < 0.05)
        #expect(abs(g.noiseDensity.value / 0.0002 - 1) < 0.05)
        #expect(abs(a.randomWalk.value / 0.0003 - 1) < 0.15)
        #expect(abs(g.randomWalk.value / 2e-5 - 1) < 0.15)
        // The true N lies in its 95 % interval.
        #expect(a.noiseDensity.lower <= 0.002)
        #expect(0.002 <= a.noiseDensity.upper)
        #expect(g.noiseDensity.lower <= 0.0002)
        #expect(0.0002 <= g.noiseDensity.upper)
        // No flicker floor in this model: B is the valley where the lines cross, an upper bound.
        #expect(g.biasInstability.value > 0)
        #expect(g.biasInstabilityTau > 1)
    }

    @Test("a random walk 50 % larger is not within 15 % of the original (the check can fail)")
    func wrongRandomWalkFails() throws {
        var imu = Self.imu
        imu.gyroscope.randomWalk *= 1.5
        let (_, g) = try Self.fits(imu, seconds: 3600)
        #expect(abs(g.randomWalk.value / 2e-5 - 1) > 0.15)
        #expect(abs(g.randomWalk.value / 3e-5 - 1) < 0.15)
    }

    /// Flicker-like noise: Gauss–Markov processes with correlation times a decade apart and equal
    /// variance, whose Allan deviations add up to a nearly flat floor (a standard 1/f approximation).
    static func flicker(count: Int, sampleRate: Double, sigma: Double, seed: UInt64) -> [Double] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func uniform() -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return (Double(state >> 11) + 0.5) * 0x1p-53
        }
        var y = [Double](repeating: 0, count: count)
        for tau in [0.3, 3.0, 30.0, 300.0] {
            let phi = exp(-1 / (tau * sampleRate))
            let drive = sigma * (1 - phi * phi).squareRoot()
            var x = 0.0
            for i in 0..<count {
                let normal = (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
                x = phi * x + drive * normal
                y[i] += x
            }
        }
        return y
    }

    @Test("a flat floor is kept as a floor term, and B is the minimum / 0.664")
    func floorDetected() throws {
        let fs = 20.0
        let y = Self.flicker(count: 72_000, sampleRate: fs, sigma: 1e-3, seed: 5)
        let adev = try AllanDeviation(samples: y, sampleRate: fs)
        let fit = try AllanFit(adev)
        #expect(fit.floor != nil)
        // The minimum over the points averaged over at least 9 windows.
        let minimum =
            adev.taus.indices.filter { Double(adev.sampleCount) / (adev.taus[$0] * fs) >= 9 }.map {
                adev.deviations[$0]
            }.min() ?? 0
        #expect(abs(fit.biasInstability.value * AllanFit.flickerFloor - minimum) < 1e-12)
        #expect(fit.biasInstability.lower < fit.biasInstability.value)
        #expect(fit.biasInstability.value < fit.biasInstability.upper)
    }

    @Test("white noise and a random walk alone need no floor term")
    func noFloorWithoutFlicker() throws {
        let b = try Self.imu.render(sampleRate: 100, duration: 600)
        let fit = try AllanFit(try AllanDeviation(b, channel: 3))
        #expect(fit.floor == nil)
    }

    @Test("too short a recording for the fit is refused")
    func tooShort() throws {
        let adev = try AllanDeviation(samples: (0..<40).map { Double($0 % 3) }, sampleRate: 100)
        #expect(#expect(throws: SignalError.self) { try AllanFit(adev) }?.code == .tooShort)
    }
}
