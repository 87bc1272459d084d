import SensorData

extension LocationPoint {
    /// The position.
    public var coordinate: GeoCoordinate { GeoCoordinate(latitude: latitude, longitude: longitude) }

    /// The distance to `other` along the WGS84 geodesic, in metres (as `CLLocation.distance(from:)`),
    /// altitude ignored; accurate to well under a millimetre (Karney's algorithm).
    /// - Parameter other: Another fix.
    public func distance(from other: LocationPoint) -> Double {
        Geodesic.wgs84.inverse(from: other.coordinate, to: coordinate).distance
    }
}
