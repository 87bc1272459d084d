import Foundation

/// One location fix, shaped like Core Location's `CLLocation`: the point the `Runner` plays from a
/// `Route` or a file, and the value a simulated location manager hands to app code (the one location
/// type of the package).
///
/// ```swift
/// let fix = LocationPoint(timestamp: 12, latitude: 51.5007, longitude: -0.1246, speed: 1.4, course: 45)
/// ```
/// In JSON (`signals play`): `{"timestamp": 12, "location": {"latitude": 51.5007, "longitude": -0.1246,
/// "altitude": 0, "horizontalAccuracy": 4.53, "verticalAccuracy": 4.47, "speed": 1.4, "course": 45}}`, with
/// `"speedAccuracy"` (m/s) and `"courseAccuracy"` (degrees) after `course` when they are known (not −1).
public struct LocationPoint: Timestamped, Sendable, Hashable {
    /// Seconds from the start of the run.
    public var timestamp: TimeInterval
    /// Degrees north, −90 … 90 (WGS84).
    public var latitude: Double
    /// Degrees east, −180 … 180 (WGS84).
    public var longitude: Double
    /// Metres above the WGS84 ellipsoid.
    public var altitude: Double
    /// Radius of the 68 % circle of the position error (metres); 0 for the truth. Core Location's
    /// negative "invalid" value is never produced.
    public var horizontalAccuracy: Double
    /// Half-width of the 68 % interval of the altitude error (metres); 0 for the truth.
    public var verticalAccuracy: Double
    /// Ground speed (m/s): ≥ 0 from a route; negative when unknown, as Core Location reports it.
    public var speed: Double
    /// Direction of travel in degrees clockwise from true north, 0 ..< 360; −1 when unknown (standing still),
    /// as Core Location reports it.
    public var course: Double
    /// One standard deviation of the ``speed`` error (m/s), as `CLLocation.speedAccuracy`; −1 when unknown
    /// (a route's fixes, which carry no velocity error model, and Core Location's "invalid").
    public var speedAccuracy: Double
    /// The ``course`` error (degrees), as `CLLocation.courseAccuracy`; −1 when unknown (standing still, or
    /// a route's fixes). A trajectory's GNSS fix gives `atan2(velocitySigma, speed)` in degrees.
    public var courseAccuracy: Double

    /// Creates a fix.
    /// - Parameters:
    ///   - timestamp: Seconds from the start of the run.
    ///   - latitude: Degrees north.
    ///   - longitude: Degrees east.
    ///   - altitude: Metres above the ellipsoid (default 0).
    ///   - horizontalAccuracy: 68 % radius of the position error in metres (default 0).
    ///   - verticalAccuracy: 68 % half-width of the altitude error in metres (default 0).
    ///   - speed: m/s (default 0).
    ///   - course: Degrees clockwise from north, or −1 when unknown (default −1).
    ///   - speedAccuracy: One standard deviation of the speed error in m/s, or −1 when unknown (default −1).
    ///   - courseAccuracy: The course error in degrees, or −1 when unknown (default −1).
    public init(
        timestamp: TimeInterval, latitude: Double, longitude: Double, altitude: Double = 0,
        horizontalAccuracy: Double = 0, verticalAccuracy: Double = 0, speed: Double = 0, course: Double = -1,
        speedAccuracy: Double = -1, courseAccuracy: Double = -1
    ) {
        self.timestamp = timestamp
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.speedAccuracy = speedAccuracy
        self.courseAccuracy = courseAccuracy
    }
}
