import Foundation

/// A point a ``Route`` passes through: where it is, how fast the route travels the leg that arrives here,
/// and how long it stands still on arrival.
///
/// ```swift
/// Waypoint(latitude: 51.5033, longitude: -0.1196, pause: 20)    // stand still 20 s on arrival
/// Waypoint(latitude: 51.5081, longitude: -0.0759, speed: 1.4)   // walk the leg to here at 1.4 m/s
/// Waypoint(latitude: 51.5081, longitude: -0.0759, time: 600)    // be here 600 s after the start
/// ```
/// In a spec: `{"latitude": 51.5033, "longitude": -0.1196, "pause": 20}` (also `altitude`, `speed`, `time`).
///
/// The first waypoint's `pause` is a wait before setting off; its `speed` is the speed of the leg that
/// closes a looping route. A route gives either every waypoint a `time` (a timed route, as a GPX track
/// with timestamps) or none.
public struct Waypoint: Sendable, Hashable {
    /// Degrees north, −90 … 90.
    public var latitude: Double
    /// Degrees east, −180 … 180.
    public var longitude: Double
    /// Metres above the WGS84 ellipsoid, −12,000 … 100,000 (default 0).
    public var altitude: Double
    /// Seconds to stand still on arrival (≥ 0, default 0).
    public var pause: TimeInterval
    /// Speed of the leg arriving here (m/s, > 0); `nil` uses the route's speed.
    public var speed: Double?
    /// Seconds from the start of the route at which the route is here (timed routes); `nil` otherwise.
    public var time: TimeInterval?

    /// A waypoint of a route moved at speeds.
    /// - Parameters:
    ///   - latitude: Degrees north, −90 … 90.
    ///   - longitude: Degrees east, −180 … 180.
    ///   - altitude: Metres above the ellipsoid (default 0).
    ///   - pause: Seconds to stand still on arrival (default 0).
    ///   - speed: m/s along the leg arriving here; `nil` (default) uses the route's speed.
    public init(
        latitude: Double, longitude: Double, altitude: Double = 0, pause: TimeInterval = 0, speed: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.pause = pause
        self.speed = speed
        time = nil
    }

    /// A waypoint of a timed route: the route is here at `time`, moving at constant speed along each leg.
    /// - Parameters:
    ///   - latitude: Degrees north, −90 … 90.
    ///   - longitude: Degrees east, −180 … 180.
    ///   - altitude: Metres above the ellipsoid (default 0).
    ///   - time: Seconds from the start of the route (≥ 0, increasing from waypoint to waypoint).
    public init(latitude: Double, longitude: Double, altitude: Double = 0, time: TimeInterval) {
        self.init(latitude: latitude, longitude: longitude, altitude: altitude)
        self.time = time
    }

    /// The waypoint's position.
    public var coordinate: GeoCoordinate { GeoCoordinate(latitude: latitude, longitude: longitude) }
}
