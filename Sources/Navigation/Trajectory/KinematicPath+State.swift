import Foundation
import Location

/// Everything the trajectory derives its truth from at one instant (internal: ``KinematicState`` is the
/// public face).
struct PathSample: Sendable {
    /// Station (m), speed (m/s), longitudinal acceleration (m/s²) and jerk (m/s³) along the path.
    var station: Double, speed: Double, acceleration: Double, jerk: Double
    /// The plane point (east, north), m; the plane heading (radians from east, counter-clockwise).
    var point: SIMD2<Double>, planeHeading: Double
    /// Curvature (1/m, positive left) and its derivative along the path, `dκ/ds` (1/m²).
    var curvature: Double, curvatureRate: Double
    /// Height above the ellipsoid (m), grade `dh/ds` and its derivative `d²h/ds²` (1/m).
    var height: Double, grade: Double, gradeRate: Double
    /// Geodetic latitude and longitude, radians, and their sines and cosines.
    var latitude: Double, longitude: Double
    var sinLatitude: Double, cosLatitude: Double, sinLongitude: Double, cosLongitude: Double
    /// The radii of curvature at the point.
    var radii: RadiiOfCurvature
    /// Velocity and acceleration in the plane frame (east, north, up), m/s and m/s².
    var planeVelocity: SIMD3<Double>, planeAcceleration: SIMD3<Double>
    /// Velocity and the time derivative of its components in the local east-north-up frame, m/s and m/s².
    var localVelocity: SIMD3<Double>, localAcceleration: SIMD3<Double>
}

extension KinematicPath {
    /// The path's state at time `t`, seconds from the start: at rest at the first waypoint before 0, at rest
    /// at the last after ``duration``.
    ///
    /// A pure function of `t` (random access, any order, bit-identical). Cost: a binary search over the speed
    /// profile's phases and one over the path's pieces, a clothoid series (≤ 40 terms) inside a clothoid, and
    /// an exact plane → geodetic conversion.
    /// - Parameter t: Time, seconds.
    /// - Returns: Position, velocity, acceleration, course and curvature.
    public func state(at t: Double) -> KinematicState {
        let p = sample(at: t)
        var course = (Double.pi / 2 - p.planeHeading).truncatingRemainder(dividingBy: 2 * .pi)
        if course < 0 { course += 2 * .pi }
        return KinematicState(
            time: t, station: p.station, east: p.point.x, north: p.point.y,
            latitude: p.latitude * 180 / .pi, longitude: p.longitude * 180 / .pi,
            altitude: p.height,
            velocity: p.planeVelocity, acceleration: p.planeAcceleration,
            localVelocity: p.localVelocity, localAcceleration: p.localAcceleration,
            speed: p.speed, longitudinalAcceleration: p.acceleration, longitudinalJerk: p.jerk,
            course: course, curvature: p.curvature)
    }

    /// The full sample at time `t` (see ``state(at:)``).
    func sample(at t: Double) -> PathSample {
        var hints = SearchHints()
        return sample(at: t, hints: &hints)
    }

    /// ``sample(at:)`` with search hints (see `SearchHints`; the result does not depend on them).
    func sample(at t: Double, hints: inout SearchHints) -> PathSample {
        let motion = profile.state(at: t, hint: &hints.phase)
        let s = min(max(motion.station, 0), length)
        let i = pieceStations.withUnsafeBufferPointer { stations in
            SearchHints.lastAtOrBelow(s, high: stations.count - 1, hint: &hints.piece) { stations[$0] }
        }
        let piece = pieces[i]
        let l = min(max(s - pieceStations[i], 0), piece.length)
        let (point, psi, tangent) = piece.pointAndTangent(l)
        let kappa = piece.curvature(l)
        let kappaRate = piece.length > 0 ? (piece.endCurvature - piece.startCurvature) / piece.length : 0
        let normal = SIMD2(-tangent.y, tangent.x)
        let v = motion.speed
        let a = motion.acceleration
        let horizontalVelocity = v * tangent
        let horizontalAcceleration = a * tangent + v * v * kappa * normal
        let h = heights.evaluate(s, hint: &hints.height)
        let geodetic = plane.surface(point)
        let velocity = SIMD3(horizontalVelocity.x, horizontalVelocity.y, h.grade * v)
        let acceleration = SIMD3(horizontalAcceleration.x, horizontalAcceleration.y, h.curvature * v * v + h.grade * a)
        let local = Self.local(
            plane: plane, surface: geodetic.ecef, sinLatitude: geodetic.sinLatitude,
            cosLatitude: geodetic.cosLatitude, sinLongitude: geodetic.sinLongitude,
            cosLongitude: geodetic.cosLongitude, normalLength: geodetic.normalLength,
            height: h.height, velocity: velocity,
            acceleration: acceleration)
        return PathSample(
            station: s, speed: v, acceleration: a, jerk: motion.jerk, point: point, planeHeading: psi,
            curvature: kappa, curvatureRate: kappaRate, height: h.height, grade: h.grade,
            gradeRate: h.curvature, latitude: geodetic.latitude, longitude: geodetic.longitude,
            sinLatitude: geodetic.sinLatitude, cosLatitude: geodetic.cosLatitude,
            sinLongitude: geodetic.sinLongitude, cosLongitude: geodetic.cosLongitude, radii: local.radii,
            planeVelocity: velocity, planeAcceleration: acceleration,
            localVelocity: local.velocity, localAcceleration: local.acceleration)
    }
}
