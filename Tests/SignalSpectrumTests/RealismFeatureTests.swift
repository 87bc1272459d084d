import Foundation
import Testing

@testable import SignalSpectrum

/// The tolerance table: each tolerance is z·√2·σ of its row, as its documentation derives it.
@Suite struct RealismFeatureTests {
    @Test("every tolerance is 3.384·√2·σ rounded to 2 decimals", arguments: RealismFeature.allCases)
    func toleranceFollowsSpread(feature: RealismFeature) {
        let spread = feature.spread
        for (sigma, channel) in [
            (spread.magnitude, RealismChannel(.linearAcceleration)),
            (spread.axis, RealismChannel(.linearAcceleration, axis: .x)),
        ] {
            let derived = (RealismFeature.quantile * 2.0.squareRoot() * sigma * 100).rounded() / 100
            #expect(abs(feature.tolerance(for: channel) - derived) < 1e-12, "\(feature) \(channel)")
        }
    }

    @Test("the quantile is the 1-% two-sided normal quantile for the 14 decisive rows: 1 − Φ(3.384) = 0.01 / 28")
    func quantile() {
        // 1 − Φ(z) = ½·erfc(z/√2).
        let upper = 0.5 * erfc(RealismFeature.quantile / 2.0.squareRoot())
        #expect(abs(upper / (0.01 / 28) - 1) < 0.001)
        // The check can fail: the quantile for 50 rows (3.719) is another.
        #expect(abs(0.5 * erfc(3.719 / 2.0.squareRoot()) / (0.01 / 28) - 1) > 0.1)
    }

    @Test("the rotation rate has the linear acceleration's tolerances; the step rate is compared by difference")
    func columns() {
        for feature in RealismFeature.allCases {
            #expect(
                feature.tolerance(for: RealismChannel(.rotationRate))
                    == feature.tolerance(for: RealismChannel(.linearAcceleration)))
            #expect(
                feature.tolerance(for: RealismChannel(.rotationRate, axis: .z))
                    == feature.tolerance(for: RealismChannel(.linearAcceleration, axis: .z)))
        }
        #expect(RealismFeature.stepRate.comparesDifference)
        #expect(!RealismFeature.rms.comparesDifference)
    }

    @Test(
        "names and units: linearAcceleration.rms in m/s², rotationRate.z.dominantFrequency in Hz, ratios without a unit"
    )
    func names() {
        #expect(
            RealismComparison.Row(
                channel: RealismChannel(.linearAcceleration), feature: .rms, a: 1, b: 1, deviation: 0, tolerance: 1,
                similar: true
            ).name
                == "linearAcceleration.rms")
        #expect(RealismFeature.rms.unit(on: RealismChannel(.linearAcceleration)) == "m/s²")
        #expect(RealismFeature.rms.unit(on: RealismChannel(.rotationRate, axis: .x)) == "rad/s")
        #expect(RealismFeature.dominantFrequency.unit(on: RealismChannel(.rotationRate, axis: .z)) == "Hz")
        #expect(RealismFeature.kurtosis.unit(on: RealismChannel(.linearAcceleration)).isEmpty)
        #expect(
            RealismChannel.all.map(\.description) == [
                "linearAcceleration", "rotationRate", "linearAcceleration.x", "linearAcceleration.y",
                "linearAcceleration.z", "rotationRate.x", "rotationRate.y", "rotationRate.z",
            ])
    }
}
