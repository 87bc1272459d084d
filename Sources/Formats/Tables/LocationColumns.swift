/// The columns of a GNSS fix in a location CSV, after its time column: a route's render (`signals render
/// ROUTE`, also after the motion columns of a motion + route), a trajectory render's `gnss.csv`, and what
/// `SensorFeeds` reads back. The one list of their names and order:
///
/// ```
/// t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy
/// ```
///
/// Units: degrees (latitude, longitude, course; course −1 when unknown), metres (altitude above the
/// ellipsoid, accuracies), m/s (speed).
package enum LocationColumns {
    /// The column names, in the order they are written.
    package static let names = LocationColumn.names

    /// A fix's values in the order of ``names``.
    /// - Parameters:
    ///   - latitude: Degrees, −90 … 90.
    ///   - longitude: Degrees, −180 … 180.
    ///   - altitude: Metres.
    ///   - speed: m/s.
    ///   - course: Degrees from true north (−1: unknown).
    ///   - horizontalAccuracy: Metres.
    ///   - verticalAccuracy: Metres.
    @inline(__always)
    package static func row(
        latitude: Double, longitude: Double, altitude: Double, speed: Double, course: Double,
        horizontalAccuracy: Double, verticalAccuracy: Double
    ) -> [Double] {
        [latitude, longitude, altitude, speed, course, horizontalAccuracy, verticalAccuracy]
    }
}
