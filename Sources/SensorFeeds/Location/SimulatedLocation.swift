import Foundation
import Location

/// One location update, shaped like Core Location's `CLLocation`.
///
/// ```swift
/// func locationManager(_ manager: any LocationProviding, didUpdateLocations locations: [SimulatedLocation]) {
///     guard let fix = locations.last else { return }
///     print(fix.coordinate.latitude, fix.coordinate.longitude, fix.horizontalAccuracy, fix.speed)
/// }
/// ```
public struct SimulatedLocation: Sendable, Hashable {
    /// Latitude and longitude in degrees (WGS84).
    public var coordinate: GeoCoordinate
    /// Metres above the WGS84 ellipsoid.
    public var altitude: Double
    /// Radius of the 68 % circle of the position error (metres); 0 for an exact source.
    public var horizontalAccuracy: Double
    /// Half-width of the 68 % interval of the altitude error (metres).
    public var verticalAccuracy: Double
    /// Ground speed (m/s); negative when unknown, as Core Location reports it.
    public var speed: Double
    /// Direction of travel in degrees clockwise from true north; −1 when unknown.
    public var course: Double
    /// Seconds on the source's timeline (a route's `index / rate`, a file's or a server's timestamps);
    /// not a `Date`.
    public var timestamp: TimeInterval

    /// Creates a location.
    /// - Parameters:
    ///   - coordinate: Degrees (WGS84).
    ///   - altitude: Metres above the ellipsoid (default 0).
    ///   - horizontalAccuracy: Metres (default 0).
    ///   - verticalAccuracy: Metres (default 0).
    ///   - speed: m/s (default −1, unknown).
    ///   - course: Degrees from north (default −1, unknown).
    ///   - timestamp: Seconds on the source's timeline.
    public init(coordinate: GeoCoordinate, altitude: Double = 0, horizontalAccuracy: Double = 0, verticalAccuracy: Double = 0,
                speed: Double = -1, course: Double = -1, timestamp: TimeInterval) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
    }

    /// The location a played fix reports.
    /// - Parameter point: A fix from a route, a file or a server.
    public init(_ point: LocationPoint) {
        self.init(coordinate: point.coordinate, altitude: point.altitude, horizontalAccuracy: point.horizontalAccuracy,
                  verticalAccuracy: point.verticalAccuracy, speed: point.speed, course: point.course, timestamp: point.timestamp)
    }

    /// The distance to `other` along the WGS84 geodesic, in metres (as `CLLocation.distance(from:)`),
    /// altitude ignored; accurate to well under a millimetre (Karney's algorithm).
    /// - Parameter other: Another location.
    public func distance(from other: SimulatedLocation) -> Double {
        Geodesic.wgs84.inverse(from: other.coordinate, to: coordinate).distance
    }
}
