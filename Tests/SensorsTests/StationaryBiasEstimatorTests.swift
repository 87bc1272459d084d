import Foundation
import Testing

@testable import Sensors

/// The gyroscope bias measured while the device keeps still (Madgwick's *Fusion* offset correction).
@Suite struct StationaryBiasEstimatorTests {
    /// Feeds `seconds` of `reading(t)` at 100 Hz from `start`; returns the estimator.
    static func feed(
        _ estimator: inout StationaryBiasEstimator, seconds: Double, start: Double = 0,
        _ reading: (Double) -> SIMD3<Double>
    ) {
        for k in 0..<Int((seconds * 100).rounded()) {
            let t = start + Double(k) / 100
            _ = estimator.update(gyroscope: reading(t), timestamp: t)
        }
    }

    /// Deterministic white noise of standard deviation `sigma` (a linear congruential generator mapped to a sum of
    /// twelve uniforms, so the test needs no random source).
    struct Noise {
        var state: UInt64
        mutating func next(_ sigma: Double) -> Double {
            var sum = 0.0
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                sum += Double(state >> 11) / Double(1 << 53)
            }
            return (sum - 6) * sigma
        }
    }

    @Test("a still device with a turn-on bias larger than Fusion's threshold: the estimate is the bias after 3 s")
    func acquiresLargeBias() {
        let bias = SIMD3(0.08, -0.06, 0.1)  // 4.6, 3.4 and 5.7 °/s: above the 3 °/s threshold
        var estimator = StationaryBiasEstimator()
        var noise = Noise(state: 1)
        Self.feed(&estimator, seconds: 2.9) { _ in bias + SIMD3(noise.next(0.002), noise.next(0.002), noise.next(0.002))
        }
        #expect(!estimator.hasEstimate)
        #expect(estimator.bias == .zero)
        Self.feed(&estimator, seconds: 0.2, start: 2.9) { _ in
            bias + SIMD3(noise.next(0.002), noise.next(0.002), noise.next(0.002))
        }
        #expect(estimator.hasEstimate)
        #expect(estimator.isStationary)
        // 300 samples of σ 0.002: the mean is within 4σ/√300 ≈ 5e-4 rad/s.
        let error = estimator.bias - bias
        #expect(max(abs(error.x), abs(error.y), abs(error.z)) < 5e-4, "error \(error)")
    }

    @Test("then it follows a drifting bias through the 0.02 Hz low-pass, and the corrected reading is ω − b")
    func followsDrift() {
        var estimator = StationaryBiasEstimator()
        // 10 s at 0.01 rad/s, then a step to 0.015 rad/s held for 60 s: the low-pass (τ = 8 s) follows.
        Self.feed(&estimator, seconds: 10) { _ in SIMD3(0, 0, 0.01) }
        #expect(abs(estimator.bias.z - 0.01) < 1e-12)
        Self.feed(&estimator, seconds: 60, start: 10) { _ in SIMD3(0, 0, 0.015) }
        #expect(abs(estimator.bias.z - 0.015) < 1e-4, "bias \(estimator.bias.z)")
        let corrected = estimator.update(gyroscope: SIMD3(0.1, 0, 0.015), timestamp: 70)
        #expect(abs(corrected.x - (0.1 - estimator.bias.x)) < 1e-15)
    }

    @Test(
        "the failing case: a device that keeps turning (a walk's 0.5–4 rad/s, or a steady 0.5 rad/s) gives no estimate")
    func movingGivesNone() {
        var swinging = StationaryBiasEstimator()
        Self.feed(&swinging, seconds: 30) { t in SIMD3(2 * sin(2 * .pi * 0.9 * t), 0.5 * cos(2 * .pi * 1.8 * t), 0.05) }
        #expect(!swinging.hasEstimate)
        #expect(swinging.bias == .zero)
        var turning = StationaryBiasEstimator()
        Self.feed(&turning, seconds: 30) { _ in SIMD3(0, 0, 0.5) }
        #expect(!turning.hasEstimate)
        // A steady turn below the acquisition limit cannot be told from a bias by a gyroscope: it is learnt.
        var slow = StationaryBiasEstimator()
        Self.feed(&slow, seconds: 5) { _ in SIMD3(0, 0, 0.2) }
        #expect(slow.hasEstimate)
        #expect(abs(slow.bias.z - 0.2) < 1e-12)
    }

    @Test("a still run broken before 3 s restarts: 2 s still, a turn, 2 s still again give no estimate")
    func brokenRunRestarts() {
        var estimator = StationaryBiasEstimator()
        Self.feed(&estimator, seconds: 2) { _ in SIMD3(0, 0, 0.01) }
        _ = estimator.update(gyroscope: SIMD3(0, 0, 0.2), timestamp: 2)
        Self.feed(&estimator, seconds: 2, start: 2.01) { _ in SIMD3(0, 0, 0.01) }
        #expect(!estimator.hasEstimate)
        Self.feed(&estimator, seconds: 1.1, start: 4.01) { _ in SIMD3(0, 0, 0.01) }
        #expect(estimator.hasEstimate)
    }

    @Test("non-finite readings and repeated or backward timestamps change nothing")
    func hostileSamples() {
        var estimator = StationaryBiasEstimator()
        Self.feed(&estimator, seconds: 4) { _ in SIMD3(0, 0, 0.01) }
        let before = estimator
        _ = estimator.update(gyroscope: SIMD3(0, 0, 0.02), timestamp: 3.99)
        _ = estimator.update(gyroscope: SIMD3(0, 0, 0.02), timestamp: 1)
        #expect(estimator == before)
        _ = estimator.update(gyroscope: SIMD3(.nan, 0, 0), timestamp: 4)
        #expect(estimator.bias == before.bias)
        #expect(!estimator.isStationary)
        _ = estimator.update(gyroscope: SIMD3(.infinity, 0, 0), timestamp: 4.01)
        #expect(estimator.bias == before.bias)
    }
}

/// Madgwick's bias-drift compensation (ζ, eq. 47–49 of his report), which `ahrs` leaves out.
@Suite struct MadgwickBiasGainTests {
    @Test("still with a magnetometer and a 0.02 rad/s bias: ζ learns the bias on every axis")
    func learnsBias() {
        let bias = SIMD3(0.01, -0.015, 0.02)
        var filter = MadgwickFilter(gain: MadgwickFilter.defaultMARGGain, biasGain: 0.03)
        holdStill(&filter, seconds: 60, gyroscope: bias, magnetometer: SIMD3(20, 0, -45))
        let error = filter.gyroscopeBias - bias
        #expect(max(abs(error.x), abs(error.y), abs(error.z)) < 1e-3, "error \(error)")
        #expect(filter.quaternion.angle(to: .identity) < 0.01)
    }

    @Test("without the magnetometer the vertical is unobservable: ζ learns the horizontal bias only")
    func verticalUnobservable() {
        var filter = MadgwickFilter(gain: MadgwickFilter.defaultIMUGain, biasGain: 0.03)
        holdStill(&filter, seconds: 60, gyroscope: SIMD3(0.01, -0.01, 0.02), magnetometer: nil)
        #expect(abs(filter.gyroscopeBias.x - 0.01) < 1e-3)
        #expect(abs(filter.gyroscopeBias.y + 0.01) < 1e-3)
        #expect(abs(filter.gyroscopeBias.z) < 1e-6)
    }

    @Test("the failing case: with ζ 0 (the default, ahrs's filter) nothing is learnt and a set bias is only subtracted")
    func zeroGainLearnsNothing() {
        var filter = MadgwickFilter(gain: MadgwickFilter.defaultMARGGain)
        holdStill(&filter, seconds: 10, gyroscope: SIMD3(0, 0, 0.02), magnetometer: SIMD3(20, 0, -45))
        #expect(filter.gyroscopeBias == .zero)
        // A set bias equal to the reading: the filter integrates nothing and stays where it is.
        var offset = MadgwickFilter(gain: 0)
        offset.gyroscopeBias = SIMD3(0, 0, 0.02)
        offset.update(gyroscope: SIMD3(0, 0, 0.02), accelerometer: SIMD3(0, 0, 9.8), magnetometer: nil, dt: 0.01)
        #expect(offset.quaternion.angle(to: .identity) < 1e-15)
    }
}
