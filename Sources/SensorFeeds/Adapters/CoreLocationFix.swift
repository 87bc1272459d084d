import Location

/// The fields of a Core Location fix that `LocationPoint` copies, named as `CLLocation` names
/// them, so that the copy (which altitude, which timestamp) is compiled and tested on Linux; the adapter
/// on Apple platforms only fills it from a `CLLocation`.
package struct CoreLocationFix: Sendable, Hashable {
    /// Degrees (WGS84).
    package var latitude: Double
    /// Degrees (WGS84).
    package var longitude: Double
    /// `CLLocation.altitude`: metres above mean sea level. Not copied: `LocationPoint.altitude` is
    /// ellipsoidal, and the two differ by the geoid height (−107 m to +85 m).
    package var altitude: Double
    /// `CLLocation.ellipsoidalAltitude`: metres above the WGS84 ellipsoid.
    package var ellipsoidalAltitude: Double
    /// Metres (negative: the position is invalid).
    package var horizontalAccuracy: Double
    /// Metres (negative: the altitude is invalid).
    package var verticalAccuracy: Double
    /// m/s (negative: unknown).
    package var speed: Double
    /// Degrees from true north (negative: unknown).
    package var course: Double
    /// `CLLocation.speedAccuracy`: m/s (negative: unknown).
    package var speedAccuracy: Double
    /// `CLLocation.courseAccuracy`: degrees (negative: unknown).
    package var courseAccuracy: Double
    /// `CLLocation.timestamp.timeIntervalSince1970`: seconds since 1970.
    package var timestamp: Double

    /// Creates the fields of a fix.
    package init(
        latitude: Double, longitude: Double, altitude: Double, ellipsoidalAltitude: Double,
        horizontalAccuracy: Double, verticalAccuracy: Double, speed: Double, course: Double,
        speedAccuracy: Double = -1, courseAccuracy: Double = -1, timestamp: Double
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.ellipsoidalAltitude = ellipsoidalAltitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.speedAccuracy = speedAccuracy
        self.courseAccuracy = courseAccuracy
        self.timestamp = timestamp
    }
}

extension LocationPoint {
    /// Copies a Core Location fix: the ellipsoidal altitude (as every source of this module reports it),
    /// never the altitude above mean sea level.
    /// - Parameter fix: The fix's fields.
    package init(_ fix: CoreLocationFix) {
        self.init(
            timestamp: fix.timestamp, latitude: fix.latitude, longitude: fix.longitude,
            altitude: fix.ellipsoidalAltitude, horizontalAccuracy: fix.horizontalAccuracy,
            verticalAccuracy: fix.verticalAccuracy, speed: fix.speed, course: fix.course,
            speedAccuracy: fix.speedAccuracy, courseAccuracy: fix.courseAccuracy)
    }
}
