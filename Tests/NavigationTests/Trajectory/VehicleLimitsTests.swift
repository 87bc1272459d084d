import Signals
import Testing

@testable import Navigation

@Suite("VehicleLimits")
struct VehicleLimitsTests {
    /// Limits with one field replaced.
    static func make(_ field: String, _ value: Double) throws(SignalError) -> VehicleLimits {
        try VehicleLimits(
            maximumSpeed: field == "maximumSpeed" ? value : 10,
            longitudinalAcceleration: field == "longitudinalAcceleration" ? value : 2,
            lateralAcceleration: field == "lateralAcceleration" ? value : 3,
            yawRate: field == "yawRate" ? value : 0.5, jerk: field == "jerk" ? value : 1)
    }

    @Test(
        "Invalid limits throw at their JSON path",
        arguments: [
            ("maximumSpeed", 0.0, SignalError.Code.outOfRange), ("maximumSpeed", .nan, .nonFinite),
            ("maximumSpeed", 400, .outOfRange), ("longitudinalAcceleration", -1, .outOfRange),
            ("longitudinalAcceleration", .infinity, .nonFinite), ("lateralAcceleration", 0, .outOfRange),
            ("lateralAcceleration", .nan, .nonFinite), ("yawRate", 0, .outOfRange), ("yawRate", 25, .outOfRange),
            ("jerk", 0, .outOfRange), ("jerk", -.infinity, .nonFinite),
        ])
    func invalid(field: String, value: Double, code: SignalError.Code) {
        let error = #expect(throws: SignalError.self) { try Self.make(field, value) }
        #expect(error?.code == code)
        #expect(error?.path == "$.trajectory.vehicle.\(field)")
        #expect(error?.message.contains(field) == true)
    }

    @Test(
        "Valid neighbours are accepted (the checks can pass)",
        arguments: [
            ("maximumSpeed", 0.01), ("maximumSpeed", 340.0), ("longitudinalAcceleration", 100), ("yawRate", 20),
            ("jerk", 0.001),
        ])
    func valid(field: String, value: Double) throws {
        _ = try Self.make(field, value)
    }

    @Test("Every preset passes the checks", arguments: [VehicleLimits.walk, .run, .bike, .car])
    func presets(limits: VehicleLimits) throws {
        let checked = try VehicleLimits(
            maximumSpeed: limits.maximumSpeed,
            longitudinalAcceleration: limits.longitudinalAcceleration,
            lateralAcceleration: limits.lateralAcceleration, yawRate: limits.yawRate,
            jerk: limits.jerk)
        #expect(checked == limits)
    }

    @Test("Presets are ordered by speed: walk < run < bike < car")
    func presetOrder() {
        #expect(VehicleLimits.walk.maximumSpeed < VehicleLimits.run.maximumSpeed)
        #expect(VehicleLimits.run.maximumSpeed < VehicleLimits.bike.maximumSpeed)
        #expect(VehicleLimits.bike.maximumSpeed < VehicleLimits.car.maximumSpeed)
    }
}
