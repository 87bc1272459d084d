import Signals

/// The kinematic limits of a platform: how fast it goes, how hard it speeds up, brakes and turns, and how
/// quickly its acceleration may change. A ``KinematicPath`` is built so that it never exceeds them.
///
/// ```swift
/// let scooter = try VehicleLimits(maximumSpeed: 7, longitudinalAcceleration: 1.5,
///                                 lateralAcceleration: 2, yawRate: 1, jerk: 2)
/// let car = VehicleLimits.car        // 36.1 m/s, 2.5 m/s², 3 m/s², 0.5 rad/s, 1.5 m/s³
/// ```
///
/// The jerk limit bounds two rates separately: the rate of change of the acceleration along the path
/// (longitudinal jerk, S-curve speed changes) and the rate of change of the lateral acceleration `v²κ`
/// (the clothoids that enter and leave every turn). The rotation of an existing lateral acceleration in a
/// steady turn (magnitude `a_lat · ω`) is part of turning and is not limited by it.
public struct VehicleLimits: Sendable, Hashable {
    /// The JSON path of a vehicle's limits.
    public static let path = "$.trajectory.vehicle"
    /// The maximum speeds allowed, m/s (up to 340 m/s).
    public static let speeds: ClosedRange<Double> = 0.01...340
    /// The accelerations allowed (longitudinal and lateral), m/s².
    public static let accelerations: ClosedRange<Double> = 0.001...100
    /// The yaw rates allowed, rad/s.
    public static let yawRates: ClosedRange<Double> = 0.001...20
    /// The jerks allowed, m/s³.
    public static let jerks: ClosedRange<Double> = 0.001...1_000

    /// Largest speed along the path, m/s; a leg asking for more is driven at this speed.
    public let maximumSpeed: Double
    /// Largest acceleration and deceleration along the path, m/s².
    public let longitudinalAcceleration: Double
    /// Largest lateral (centripetal) acceleration `v²κ` in a turn, m/s².
    public let lateralAcceleration: Double
    /// Largest rate of turn `v κ`, rad/s.
    public let yawRate: Double
    /// Largest longitudinal jerk and largest rate of change of the lateral acceleration, m/s³.
    public let jerk: Double

    /// Creates a vehicle's limits, checking each.
    /// - Parameters:
    ///   - maximumSpeed: m/s, within ``speeds``.
    ///   - longitudinalAcceleration: m/s², within ``accelerations``.
    ///   - lateralAcceleration: m/s², within ``accelerations``.
    ///   - yawRate: rad/s, within ``yawRates``.
    ///   - jerk: m/s³, within ``jerks``.
    /// - Throws: `SignalError` `.nonFinite` or `.outOfRange` at `$.trajectory.vehicle.maximumSpeed`,
    ///   `.longitudinalAcceleration`, `.lateralAcceleration`, `.yawRate` or `.jerk`.
    public init(
        maximumSpeed: Double, longitudinalAcceleration: Double, lateralAcceleration: Double,
        yawRate: Double, jerk: Double
    ) throws(SignalError) {
        let check = ParameterCheck(path: Self.path)
        try check.check(maximumSpeed, "maximumSpeed", unit: "m/s", in: Self.speeds)
        try check.check(longitudinalAcceleration, "longitudinalAcceleration", unit: "m/s^2", in: Self.accelerations)
        try check.check(lateralAcceleration, "lateralAcceleration", unit: "m/s^2", in: Self.accelerations)
        try check.check(yawRate, "yawRate", unit: "rad/s", in: Self.yawRates)
        try check.check(jerk, "jerk", unit: "m/s^3", in: Self.jerks)
        self.init(
            validatedSpeed: maximumSpeed, longitudinal: longitudinalAcceleration,
            lateral: lateralAcceleration, yawRate: yawRate, jerk: jerk)
    }

    /// Limits known to be valid (the presets).
    init(validatedSpeed: Double, longitudinal: Double, lateral: Double, yawRate: Double, jerk: Double) {
        maximumSpeed = validatedSpeed
        longitudinalAcceleration = longitudinal
        lateralAcceleration = lateral
        self.yawRate = yawRate
        self.jerk = jerk
    }
}
