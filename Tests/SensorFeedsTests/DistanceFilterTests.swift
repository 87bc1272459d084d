import Location
import Testing

@testable import SensorFeeds

@Suite struct DistanceFilterTests {
    /// A fix `metres` north of (0, 0) along the meridian (1 m is about 9.04e-6° there).
    func fix(north metres: Double, t: Double = 0) -> LocationPoint {
        let p = Geodesic.wgs84.direct(from: GeoCoordinate(latitude: 0, longitude: 0), azimuth: 0, distance: metres)
        return LocationPoint(timestamp: t, latitude: p.latitude, longitude: p.longitude)
    }

    @Test("the first fix passes; then only those at least the distance from the last one passed")
    func filter() {
        var f = DistanceFilter(distance: 10)
        let passed = [0, 4, 9.99, 10.01, 15, 20.5, 21, 40].map { f.admit(fix(north: $0)) }
        #expect(passed == [true, false, false, true, false, true, false, true])
    }

    @Test("none (−1), zero and NaN pass every fix")
    func none() {
        for d in [locationDistanceFilterNone, 0, .nan] {
            var f = DistanceFilter(distance: d)
            #expect([0, 0, 0.1, 0.1].allSatisfy { f.admit(fix(north: $0)) })
        }
    }

    @Test("distance(from:) is the geodesic distance in metres")
    func distance() {
        #expect(abs(fix(north: 1000).distance(from: fix(north: 0)) - 1000) < 1e-6)
    }
}
