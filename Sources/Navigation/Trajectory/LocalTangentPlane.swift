import Foundation
import Location

/// The horizontal plane tangent to the WGS84 ellipsoid at an origin, with east-north axes, and its exact
/// orthographic map to and from the ellipsoid: a point of the ellipsoid maps to the east and north
/// components of its east-north-up offset from the origin (geodetic → ECEF → ENU, exact), and a plane point
/// maps back to the point of the ellipsoid directly above or below it along the origin's up axis.
///
/// Both directions are exact (round trip within 1e-9 m for points within 100 km), so waypoints land exactly
/// on themselves. The map is not conformal: plane distances are shorter than distances on the ellipsoid by
/// about `s³ / (6 R²)` at a distance `s` from the origin (0.5 mm at 5 km, 3.3 cm at 20 km), and the plane's
/// north differs from the local north by the meridian convergence, about `(s/R) sin φ` east of the origin
/// (0.6 mrad, 0.035°, at 5 km and 51° N).
struct LocalTangentPlane: Sendable, Hashable {
    /// Geodetic latitude and longitude of the origin, radians.
    let latitude: Double, longitude: Double
    /// The origin's ECEF position, metres (on the ellipsoid, height 0).
    let origin: SIMD3<Double>
    /// The origin's east, north and up unit vectors in ECEF.
    let east: SIMD3<Double>, north: SIMD3<Double>, up: SIMD3<Double>
    /// `(cos, sin)` of the origin's latitude and of its longitude.
    let latitudeDirection: SIMD2<Double>, longitudeDirection: SIMD2<Double>

    /// The plane tangent at a geodetic latitude and longitude (degrees).
    init(latitude: Double, longitude: Double) {
        self.latitude = latitude * .pi / 180
        self.longitude = longitude * .pi / 180
        let (sp, cp) = (sin(self.latitude), cos(self.latitude))
        let (sl, cl) = (sin(self.longitude), cos(self.longitude))
        origin = Self.ecef(latitude: self.latitude, longitude: self.longitude, height: 0)
        east = SIMD3(-sl, cl, 0)
        north = SIMD3(-sp * cl, -sp * sl, cp)
        up = SIMD3(cp * cl, cp * sl, sp)
        latitudeDirection = SIMD2(cp, sp)
        longitudeDirection = SIMD2(cl, sl)
    }

    /// ECEF position of a geodetic point (radians, metres).
    static func ecef(latitude: Double, longitude: Double, height: Double) -> SIMD3<Double> {
        let e2 = WGS84.eccentricitySquared
        let sp = sin(latitude)
        let n = WGS84.semiMajorAxis / (1 - e2 * sp * sp).squareRoot()
        return SIMD3(
            (n + height) * cos(latitude) * cos(longitude), (n + height) * cos(latitude) * sin(longitude),
            (n * (1 - e2) + height) * sp)
    }

    /// Geodetic latitude, longitude (radians) and height (metres) of an ECEF position, by fixed-point
    /// iteration on the latitude to convergence (below 1e-14 rad, sub-micrometre, for heights within
    /// ±100 km of the ellipsoid).
    static func geodetic(_ x: SIMD3<Double>) -> (latitude: Double, longitude: Double, height: Double) {
        let e2 = WGS84.eccentricitySquared
        let a = WGS84.semiMajorAxis
        let p = (x.x * x.x + x.y * x.y).squareRoot()
        var phi = atan2(x.z, p * (1 - e2))
        var height = 0.0
        for _ in 0..<12 {
            let sp = sin(phi)
            let n = a / (1 - e2 * sp * sp).squareRoot()
            height = abs(phi) < .pi / 4 ? p / cos(phi) - n : x.z / sp - n * (1 - e2)
            let next = atan2(x.z, p * (1 - e2 * n / (n + height)))
            if abs(next - phi) < 1e-15 {
                phi = next
                break
            }
            phi = next
        }
        let sp = sin(phi)
        let n = a / (1 - e2 * sp * sp).squareRoot()
        height = abs(phi) < .pi / 4 ? p / cos(phi) - n : x.z / sp - n * (1 - e2)
        return (phi, atan2(x.y, x.x), height)
    }

    /// The plane point (east, north, metres) of a point of the ellipsoid (degrees).
    func project(latitude: Double, longitude: Double) -> SIMD2<Double> {
        let d = Self.ecef(latitude: latitude * .pi / 180, longitude: longitude * .pi / 180, height: 0) - origin
        return SIMD2((d * east).sum(), (d * north).sum())
    }

    /// The point of the ellipsoid (radians) above or below a plane point (east, north, metres) along the
    /// origin's up axis: the root nearest the plane of `|origin + e·east + n·north + u·up|` on the ellipsoid.
    func unproject(_ point: SIMD2<Double>) -> (latitude: Double, longitude: Double) {
        let g = surface(point)
        return (g.latitude, g.longitude)
    }

    /// A point of the ellipsoid: its ECEF position (metres), geodetic latitude and longitude (radians) and
    /// their sines and cosines.
    struct SurfacePoint: Sendable {
        /// ECEF position, metres.
        var ecef: SIMD3<Double>
        /// Geodetic latitude and longitude, radians.
        var latitude: Double, longitude: Double
        /// `sin φ`, `cos φ`, `sin λ`, `cos λ`.
        var sinLatitude: Double, cosLatitude: Double, sinLongitude: Double, cosLongitude: Double
        /// `|W S|`, `W = diag(1, 1, a²/b²)`: the length of the (scaled) ellipsoid normal at the point, metres.
        var normalLength: Double
    }

    /// The point of the ellipsoid above or below a plane point (see ``unproject(_:)``), with its latitude
    /// in closed form: on the ellipsoid (height 0) the normal is `W S`, `W = diag(1, 1, a²/b²)`, so
    /// `tan φ = (a²/b²) z / √(x² + y²)` exactly, and `sin φ`, `cos φ`, `sin λ`, `cos λ` are the normal's and
    /// the point's direction cosines (no iteration, no `sin`/`cos`; two `atan2` for the angles). Agrees with
    /// ``geodetic(_:)`` within 1e-15 rad (`LocalTangentPlaneTests`). The angles are the origin's plus the
    /// small angle between the two directions (`angle(from:to:)`), which needs no `atan2` within about
    /// 200 km of the origin.
    func surface(_ point: SIMD2<Double>) -> SurfacePoint {
        let a2 = WGS84.semiMajorAxis * WGS84.semiMajorAxis
        let b2 = WGS84.semiMinorAxis * WGS84.semiMinorAxis
        let w = SIMD3(1 / a2, 1 / a2, 1 / b2)
        let p = origin + point.x * east + point.y * north
        // (p + u up)ᵀ W (p + u up) = 1: A u² + 2 B u + C = 0, C small near the origin.
        let qa = (up * up * w).sum()
        let qb = (p * up * w).sum()
        let qc = (p * p * w).sum() - 1
        let disc = max(qb * qb - qa * qc, 0).squareRoot()
        // The root nearest zero, in the cancellation-free form.
        let u = qb >= 0 ? -qc / (qb + disc) : -qc / (qb - disc)
        let s = p + u * up
        let rho2 = s.x * s.x + s.y * s.y
        let rho = rho2.squareRoot()
        let nz = s.z * (a2 / b2)
        let norm = (rho2 + nz * nz).squareRoot()  // not from rho: the two roots run side by side
        var longitude = self.longitude + Self.angle(from: longitudeDirection, to: SIMD2(s.x, s.y))
        if longitude > .pi { longitude -= 2 * .pi } else if longitude <= -.pi { longitude += 2 * .pi }
        let inverseNorm = 1 / norm
        let inverseRho = rho > 0 ? 1 / rho : 0
        return SurfacePoint(
            ecef: s, latitude: latitude + Self.angle(from: latitudeDirection, to: SIMD2(rho, nz)),
            longitude: longitude,
            sinLatitude: nz * inverseNorm, cosLatitude: rho * inverseNorm,
            sinLongitude: rho > 0 ? s.y * inverseRho : 0, cosLongitude: rho > 0 ? s.x * inverseRho : 1,
            normalLength: norm)
    }

    /// The angle (radians, −π … π) from the unit direction `u` to the direction of `v` (any length): by the
    /// arctangent series of `tan` of it when it is within atan(1/64) ≈ 0.9° (about 100 km on the ground;
    /// five terms, truncation below 1e-19 of the angle), else `atan2`.
    @inline(__always)
    static func angle(from u: SIMD2<Double>, to v: SIMD2<Double>) -> Double {
        let y = u.x * v.y - u.y * v.x
        let x = u.x * v.x + u.y * v.y
        guard x > 0, abs(y) <= x * (1.0 / 64) else { return atan2(y, x) }
        let t = y / x
        let t2 = t * t
        let t4 = t2 * t2
        // atan t = t − t³ [(1/3 − t²/5) + t⁴ (1/7 − t²/9)] + O(t¹¹/11), in Estrin's order (a short chain).
        let low = 1.0 / 3 - t2 * (1.0 / 5)
        let high = 1.0 / 7 - t2 * (1.0 / 9)
        return t - (t * t2) * (low + t4 * high)
    }
}
