import Foundation
import Location
import Testing

@testable import Navigation

@Suite("LocalTangentPlane")
struct LocalTangentPlaneTests {
    @Test(
        "Geodetic → plane → geodetic is exact to 1e-12° within 100 km",
        arguments: [(51.5007, -0.1246), (-33.86, 151.21), (78.2, 15.6), (0.0, 179.9)])
    func roundTrip(latitude: Double, longitude: Double) {
        let plane = LocalTangentPlane(latitude: latitude, longitude: longitude)
        for (dn, de) in [(0.0, 0.0), (0.01, 0.02), (-0.3, 0.4), (0.6, -0.5)] {
            let p = plane.project(latitude: latitude + dn, longitude: longitude + de)
            let back = plane.unproject(p)
            #expect(abs(back.latitude * 180 / .pi - (latitude + dn)) < 1e-12)
            var dl = back.longitude * 180 / .pi - (longitude + de)
            dl -= 360 * (dl / 360).rounded()
            #expect(abs(dl) < 1e-12)
        }
    }

    @Test(
        "ECEF → geodetic inverts geodetic → ECEF to 1e-14 rad and 1 µm, heights −1 km … 100 km",
        arguments: [-1_000.0, 0, 8_848, 100_000])
    func ecef(height: Double) {
        for latitude in stride(from: -89.5, through: 89.5, by: 11.0) {
            let x = LocalTangentPlane.ecef(latitude: latitude * .pi / 180, longitude: 0.7, height: height)
            let g = LocalTangentPlane.geodetic(x)
            #expect(abs(g.latitude - latitude * .pi / 180) < 1e-14)
            #expect(abs(g.height - height) < 1e-6)
        }
    }

    @Test(
        "Plane distances match Karney geodesics within s³/(6R²) + 1 mm (0.5 mm at 5 km; 3.3 cm at 20 km)",
        arguments: [1_000.0, 5_000, 20_000])
    func distances(distance: Double) throws {
        let plane = LocalTangentPlane(latitude: 51.5, longitude: -0.12)
        let target = GeoCoordinate(
            latitude: 51.5 + distance / 111_250 * 0.6, longitude: -0.12 + distance / 69_400 * 0.8)
        let p = plane.project(latitude: target.latitude, longitude: target.longitude)
        let planar = (p * p).sum().squareRoot()
        let geodesic = Geodesic.wgs84.inverse(from: GeoCoordinate(latitude: 51.5, longitude: -0.12), to: target)
            .distance
        let bound = pow(geodesic, 3) / (6 * 6_371_000 * 6_371_000)
        #expect(planar <= geodesic)
        #expect(geodesic - planar <= bound + 1e-3, "plane \(planar) m, geodesic \(geodesic) m")
        // The failing case: the error is real, not zero, beyond a few kilometres.
        if distance >= 20_000 { #expect(geodesic - planar > 0.01) }
    }
}

@Suite("LocalTangentPlane.surface")
struct LocalTangentPlaneSurfaceTests {
    @Test(
        "The closed-form surface point agrees with the iterative ECEF → geodetic within 1e-15 rad, up to ±89.9°, out to 300 km",
        arguments: [-89.9, -75, -51.5, -20, 0, 0.01, 33.3, 51.5, 66, 80, 89.5, 89.9])
    func agreesWithTheIteration(latitude: Double) {
        let plane = LocalTangentPlane(latitude: latitude, longitude: 179.95)
        for k in 0..<400 {
            // A spiral out to 300 km (across the date line at the origin's longitude; beyond 200 km the
            // angles fall back to atan2).
            let r = 300_000 * Double(k) / 400
            let a = 0.37 * Double(k)
            let g = plane.surface(SIMD2(r * cos(a), r * sin(a)))
            guard abs(g.latitude) <= 89.95 * .pi / 180 else { continue }
            let it = LocalTangentPlane.geodetic(g.ecef)
            #expect(abs(g.latitude - it.latitude) < 1e-15, "latitude at plane point \(k)")
            var dl = g.longitude - it.longitude
            dl -= 2 * .pi * (dl / (2 * .pi)).rounded()
            #expect(abs(dl) < 1e-15, "longitude at plane point \(k)")
            #expect(abs(it.height) < 1e-6, "the point is on the ellipsoid")
            #expect(abs(g.sinLatitude - sin(it.latitude)) < 4.5e-16)
            #expect(abs(g.cosLatitude - cos(it.latitude)) < 4.5e-16)
            #expect(abs(g.sinLongitude - sin(it.longitude)) < 4.5e-16)
            #expect(abs(g.cosLongitude - cos(it.longitude)) < 4.5e-16)
        }
        // The failing case: the geocentric latitude of the same point is off by far more than the bound.
        let x = plane.surface(SIMD2(20_000, 0)).ecef
        let geocentric = atan2(x.z, (x.x * x.x + x.y * x.y).squareRoot())
        if abs(latitude) > 1, abs(latitude) < 89 {
            #expect(abs(geocentric - LocalTangentPlane.geodetic(x).latitude) > 1e-4)
        }
    }
}
