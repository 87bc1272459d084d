import Foundation
import Testing

@testable import SignalSpectrum

/// The analysis grid: band limit, gravity removal (the same for every recording) and gravity direction.
@Suite struct RealismSignalsTests {
    /// 30 s at `rate` of `acceleration(t)`.
    static func recording(rate: Double = 100, _ acceleration: (Double) -> SIMD3<Double>) throws -> RealismRecording {
        let times = (0..<Int(30 * rate) + 1).map { Double($0) / rate }
        return try RealismRecording(
            name: "synthetic", times: times, acceleration: times.map(acceleration), rotationRate: nil)
    }

    static func rms(_ x: [Double]) -> Double { (x.reduce(0) { $0 + $1 * $1 } / Double(x.count)).squareRoot() }

    @Test("gravity turning slowly (a 20-s turn) leaves under 0.1 m/s² (1 % of g); a 1.8-Hz bounce passes within 3 %")
    func gravityRemoval() throws {
        let turning = try Self.recording { t in
            let angle = 2 * Double.pi * t / 20
            return SIMD3(9.81 * sin(angle), 0, 9.81 * cos(angle))
        }
        let still = try RealismSignals(turning, band: 50)
        let middle = Array(still.samples(RealismChannel(.linearAcceleration))!.dropFirst(300).dropLast(300))
        #expect(Self.rms(middle) < 0.1)
        let bouncing = try Self.recording { t in SIMD3(0, 0, 9.81 + 2 * sin(2 * Double.pi * 1.8 * t)) }
        let z = Array(
            try RealismSignals(bouncing, band: 50).samples(RealismChannel(.linearAcceleration, axis: .z))!.dropFirst(
                300
            ).dropLast(300))
        #expect(abs(Self.rms(z) - 2 / 2.0.squareRoot()) < 0.03 * 2 / 2.0.squareRoot())
    }

    @Test(
        "the band limit keeps a 5-Hz tone and removes a 20-Hz one when the band is 12.5 Hz; at 50 Hz nothing is removed"
    )
    func bandLimit() throws {
        let x = (0..<3000).map { k -> Double in
            let t = Double(k) / 100
            return sin(2 * Double.pi * 5 * t) + sin(2 * Double.pi * 20 * t)
        }
        let limited = try RealismSignals.lowPass(x, band: 12.5, rate: 100)
        let expected = (0..<3000).map { sin(2 * Double.pi * 5 * Double($0) / 100) }
        let error = zip(limited, expected).dropFirst(200).dropLast(200).map { abs($0 - $1) }.max()!
        #expect(error < 0.02)
        #expect(try RealismSignals.lowPass(x, band: 50, rate: 100) == x)
    }

    @Test("the Hann moving average keeps a constant to the ends and has unit gain")
    func movingAverage() {
        let averaged = RealismSignals.movingAverage([Double](repeating: 4.5, count: 500), halfWidth: 100)
        #expect(averaged.allSatisfy { abs($0 - 4.5) < 1e-12 })
        // A 1-Hz sine is at the window's first zero: nearly nothing of it is taken for gravity.
        let sine = (0..<2000).map { sin(2 * Double.pi * Double($0) / 100) }
        let slow = RealismSignals.movingAverage(sine, halfWidth: 100)
        #expect(slow.dropFirst(200).dropLast(200).map(abs).max()! < 0.01)
    }

    @Test("gravity direction: a device on its side points along x; linear acceleration alone has none")
    func gravityDirection() throws {
        let side = try RealismSignals(try Self.recording { _ in SIMD3(-9.81, 0, 0.2) }, band: 50)
        let direction = try #require(side.gravityDirection)
        #expect(abs(abs(direction.x) - 1) < 1e-3)
        let linear = try RealismSignals(try Self.recording { t in SIMD3(sin(2 * Double.pi * 1.8 * t), 0, 0) }, band: 50)
        #expect(linear.gravityDirection == nil)
    }

    @Test("a 25-Hz recording lands on the 100-Hz grid: 30 s is 3001 samples")
    func grid() throws {
        let signals = try RealismSignals(try Self.recording(rate: 25) { _ in SIMD3(0, 0, 9.81) }, band: 12.5)
        #expect(signals.linear.count == 3001)
    }
}
