import Foundation
import Testing

@testable import Navigation

@Suite("TurnDesign")
struct TurnDesignTests {
    @Test("Sized by the limits: κ = min(a/v², ω/v), clothoids a v / j long", arguments: [5.0, 13.9, 25])
    func sizing(speed: Double) {
        let l = VehicleLimits.car
        let turn = TurnDesign(deflection: 1.5, speed: speed, limits: l)
        let kappa = min(l.lateralAcceleration / (speed * speed), l.yawRate / speed)
        #expect(abs(turn.curvature - kappa) < 1e-15)
        #expect(abs(turn.clothoidLength - kappa * speed * speed * speed / l.jerk) < 1e-9)
        #expect(turn.arcLength > 0)
        #expect(abs(2 * kappa * turn.clothoidLength / 2 + kappa * turn.arcLength - 1.5) < 1e-12)
    }

    @Test(
        "With a nearly unlimited jerk the turn is the circular arc: T = R tan(Δ/2); the clothoids lengthen it",
        arguments: [0.2, 1.0, 2.5])
    func arcLimit(deflection: Double) throws {
        let stiff = try VehicleLimits(
            maximumSpeed: 30, longitudinalAcceleration: 2, lateralAcceleration: 3,
            yawRate: 20, jerk: 1_000)
        let turn = TurnDesign(deflection: deflection, speed: 10, limits: stiff)
        let r = 100.0 / 3
        #expect(abs(turn.tangentLength - r * tan(deflection / 2)) < 0.02 * (1 + tan(deflection / 2)))
        let car = TurnDesign(deflection: deflection, speed: 10, limits: .car)
        #expect(car.tangentLength > r * tan(deflection / 2) + 1)
    }

    @Test("A small deflection is a pure clothoid pair with a peak curvature below the limit")
    func clothoidPair() {
        let turn = TurnDesign(deflection: -0.2, speed: 13.9, limits: .car)
        #expect(turn.arcLength == 0)
        #expect(turn.curvature < 3 / (13.9 * 13.9))
        #expect(abs(turn.curvature * turn.clothoidLength - 0.2) < 1e-12)
    }

    @Test("No deflection, no turn")
    func straight() {
        let turn = TurnDesign(deflection: 0, speed: 10, limits: .car)
        #expect(turn.tangentLength == 0)
        #expect(turn.pieces(at: .zero, entryHeading: 0).isEmpty)
    }
}
