import Foundation

/// A route on the WGS84 ellipsoid: waypoints joined by geodesics, travelled at a speed per leg (or on a
/// timetable), with optional pauses, acceleration limits, looping and GNSS-like measurement error.
///
/// ```swift
/// let walk = Route(speed: 3.0) {                      // m/s between waypoints unless a leg says otherwise
///     Waypoint(latitude: 51.5007, longitude: -0.1246)
///     Waypoint(latitude: 51.5033, longitude: -0.1196, pause: 20)   // stand still 20 s on arrival
///     Waypoint(latitude: 51.5081, longitude: -0.0759, speed: 1.4)
/// }
/// let points = try walk.render(sampleRate: 1, duration: 600)   // [LocationPoint], one per second
/// ```
/// In a spec: `{"route": {"speed": 3, "waypoints": [...], "error": {"sigma": 3, "correlationTime": 60}}}`.
///
/// A route is a plain value; it is checked when it is rendered, played or turned into a ``RouteTimeline``
/// (``timeline()``), and every problem is reported with the JSON path the same route would have as a spec
/// (`$.route.waypoints[2].latitude`).
///
/// Timing: the route starts at the first waypoint at t = 0, waits there for that waypoint's `pause`, then
/// travels each leg at the leg's speed (the arriving waypoint's `speed`, else the route's) and stands still
/// for each waypoint's `pause` on arrival. With an `acceleration` limit, speed changes at that rate
/// (m/s²): the route starts from rest, slows down before each pause and the end, and changes speed between
/// legs without stopping. A looping route goes back to the first waypoint and starts again (from rest
/// when it has an acceleration limit). A non-looping route stays at its last waypoint after arriving.
public struct Route: Sendable, Hashable {
    /// The waypoints, in order (at least one).
    public var waypoints: [Waypoint]
    /// Speed of every leg whose arriving waypoint has none (m/s, > 0).
    public var speed: Double?
    /// Largest acceleration and deceleration (m/s², > 0); `nil` changes speed instantly.
    public var acceleration: Double?
    /// Go back to the first waypoint after the last, and start again.
    public var loops: Bool
    /// The measurement error of reported positions; `nil` reports the truth.
    public var error: GNSSErrorModel?
    /// The wall-clock time of t = 0, when known (a GPX file's first timestamp); GPX export writes times from it.
    public var startDate: Date?

    /// Creates a route from a list of waypoints.
    /// - Parameters:
    ///   - speed: m/s along every leg whose arriving waypoint has no speed.
    ///   - acceleration: Largest acceleration and deceleration in m/s²; `nil` (default) for instant changes.
    ///   - loop: Go back to the first waypoint and start again (default `false`).
    ///   - error: GNSS-like measurement error; `nil` (default) reports the truth.
    ///   - waypoints: The waypoints (at least one, checked when the route is used).
    public init(
        speed: Double? = nil, acceleration: Double? = nil, loop: Bool = false, error: GNSSErrorModel? = nil,
        waypoints: [Waypoint]
    ) {
        self.waypoints = waypoints
        self.speed = speed
        self.acceleration = acceleration
        loops = loop
        self.error = error
    }

    /// Creates a route from waypoints listed in a closure.
    /// - Parameters:
    ///   - speed: m/s along every leg whose arriving waypoint has no speed.
    ///   - acceleration: Largest acceleration and deceleration in m/s²; `nil` (default) for instant changes.
    ///   - loop: Go back to the first waypoint and start again (default `false`).
    ///   - error: GNSS-like measurement error; `nil` (default) reports the truth.
    ///   - content: The waypoints, in order.
    public init(
        speed: Double? = nil, acceleration: Double? = nil, loop: Bool = false, error: GNSSErrorModel? = nil,
        @RouteBuilder _ content: () -> [Waypoint]
    ) {
        self.init(speed: speed, acceleration: acceleration, loop: loop, error: error, waypoints: content())
    }

    /// Whether the waypoints carry times (a timed route).
    public var isTimed: Bool { waypoints.first?.time != nil }
}
