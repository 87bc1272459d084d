import Location
import Sensors
import Signals

/// One part of a trajectory written with ``TrajectoryBuilder``: the route or a sensor.
public enum TrajectoryComponent: Sendable {
    /// The route.
    case route(Route)
    /// The IMU's error model (at the render rate).
    case imu(IMU)
    /// The magnetometer, at its `sampleRate`.
    case magnetometer(MagnetometerModel)
    /// The barometer, at its `sampleRate`.
    case barometer(BarometerModel)
    /// The GNSS receiver.
    case gnss(GNSSReceiver)
}

/// Builds a ``Trajectory`` from a closure: one route and any of the sensors, with `if`, `switch` and `for`.
///
/// ```swift
/// let walk = try Trajectory(vehicle: .walk, mount: .handheld, epoch: "2026-06-01T08:30:00Z") {
///     Route(speed: 1.4) {
///         Waypoint(latitude: 51.5007, longitude: -0.1246)
///         Waypoint(latitude: 51.5016, longitude: -0.1240)
///     }
///     IMU(preset: .bmi160, seed: 7)
///     try MagnetometerModel(sampleRate: 50, noiseDensity: 0.1, seed: 8)
///     try GNSSReceiver(error: GNSSErrorModel(sigma: 2.5, correlationTime: 30, seed: 10))
/// }
/// ```
@resultBuilder
public enum TrajectoryBuilder {
    /// The route.
    public static func buildExpression(_ route: Route) -> [TrajectoryComponent] { [.route(route)] }
    /// The IMU.
    public static func buildExpression(_ imu: IMU) -> [TrajectoryComponent] { [.imu(imu)] }
    /// The magnetometer.
    public static func buildExpression(_ m: MagnetometerModel) -> [TrajectoryComponent] { [.magnetometer(m)] }
    /// The barometer.
    public static func buildExpression(_ b: BarometerModel) -> [TrajectoryComponent] { [.barometer(b)] }
    /// The GNSS receiver.
    public static func buildExpression(_ g: GNSSReceiver) -> [TrajectoryComponent] { [.gnss(g)] }
    /// The parts of the block, in order.
    public static func buildBlock(_ parts: [TrajectoryComponent]...) -> [TrajectoryComponent] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [TrajectoryComponent]?) -> [TrajectoryComponent] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [TrajectoryComponent]) -> [TrajectoryComponent] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [TrajectoryComponent]) -> [TrajectoryComponent] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[TrajectoryComponent]]) -> [TrajectoryComponent] { parts.flatMap { $0 } }
}

extension Trajectory {
    /// A trajectory written with ``TrajectoryBuilder``: exactly one route, at most one of each sensor (the
    /// magnetometer and the barometer at their `sampleRate`, the IMU at the render rate).
    /// - Parameters:
    ///   - vehicle: The platform (default car).
    ///   - mount: The device's mount (default flat).
    ///   - person: Who carries it (default ``Person/init()``).
    ///   - epoch: ISO 8601 UTC start time, within WMM2025's validity.
    ///   - earthRotation: Inertial IMU readings (default `true`).
    ///   - vibration: Factor on the vehicle's vibration (default 1).
    ///   - parts: The route and the sensors.
    /// - Throws: `SignalError`: `.missingField` at `$.trajectory.route` without a route, `.duplicateField` at
    ///   the part given twice, or any error of
    ///   ``init(route:vehicle:mount:person:epoch:earthRotation:vibration:sensors:stairs:)``.
    public init(
        vehicle: Vehicle = .car, mount: Mount = .flat, person: Person = Person(),
        epoch: String = Trajectory.defaultEpoch, earthRotation: Bool = true, vibration: Double = 1,
        @TrajectoryBuilder _ parts: () throws -> [TrajectoryComponent]
    ) throws {
        var route: Route?
        var sensors = TrajectorySensors()
        func duplicate(_ name: String) -> SignalError {
            SignalError(
                .duplicateField, path: name == "route" ? "\(Self.path).route" : "\(Self.path).sensors.\(name)",
                "a trajectory has one \(name); it was given twice")
        }
        for part in try parts() {
            switch part {
            case .route(let r):
                guard route == nil else { throw duplicate("route") }
                route = r
            case .imu(let i):
                guard sensors.imu == nil else { throw duplicate("imu") }
                sensors.imu = i
            case .magnetometer(let m):
                guard sensors.magnetometer == nil else { throw duplicate("magnetometer") }
                sensors.magnetometer = m
                sensors.magnetometerRate = m.sampleRate
            case .barometer(let b):
                guard sensors.barometer == nil else { throw duplicate("barometer") }
                sensors.barometer = b
                sensors.barometerRate = b.sampleRate
            case .gnss(let g):
                guard sensors.gnss == nil else { throw duplicate("gnss") }
                sensors.gnss = g
            }
        }
        guard let route else {
            throw SignalError(
                .missingField, path: "\(Self.path).route", "a trajectory needs a route (a Route in the builder)")
        }
        try self.init(
            route: route, vehicle: vehicle, mount: mount, person: person, epoch: epoch,
            earthRotation: earthRotation, vibration: vibration, sensors: sensors)
    }
}
