import Foundation

extension KinematicPath {
    /// The path's state at time `t`, seconds from the start: at rest at the first waypoint before 0, at rest
    /// at the last after ``duration``.
    ///
    /// A pure function of `t` (random access, any order, bit-identical). Cost: a binary search over the speed
    /// profile's phases and one over the path's pieces, a clothoid series (≤ 40 terms) inside a clothoid, and
    /// an exact plane → geodetic conversion (an ECEF → geodetic iteration, ≤ 12 steps).
    /// - Parameter t: Time, seconds.
    /// - Returns: Position, velocity, acceleration, course and curvature.
    public func state(at t: Double) -> KinematicState {
        let motion = profile.state(at: t)
        let s = min(max(motion.station, 0), length)
        let i = Self.index(pieceStations, s)
        let piece = pieces[i]
        let l = min(max(s - pieceStations[i], 0), piece.length)
        let point = piece.point(l)
        let psi = piece.heading(l)
        let kappa = piece.curvature(l)
        let tangent = SIMD2(cos(psi), sin(psi)), normal = SIMD2(-sin(psi), cos(psi))
        let v = motion.speed, a = motion.acceleration
        let horizontalVelocity = v * tangent
        let horizontalAcceleration = a * tangent + v * v * kappa * normal
        let h = heights.evaluate(s)
        let geodetic = plane.unproject(point)
        let velocity = SIMD3(horizontalVelocity.x, horizontalVelocity.y, h.grade * v)
        let acceleration = SIMD3(horizontalAcceleration.x, horizontalAcceleration.y, h.curvature * v * v + h.grade * a)
        let local = Self.local(plane: plane, latitude: geodetic.latitude, longitude: geodetic.longitude,
                               height: h.height, velocity: velocity, acceleration: acceleration)
        var course = (Double.pi / 2 - psi).truncatingRemainder(dividingBy: 2 * .pi)
        if course < 0 { course += 2 * .pi }
        return KinematicState(time: t, station: s, east: point.x, north: point.y,
                              latitude: geodetic.latitude * 180 / .pi, longitude: geodetic.longitude * 180 / .pi,
                              altitude: h.height,
                              velocity: velocity, acceleration: acceleration,
                              localVelocity: local.velocity, localAcceleration: local.acceleration,
                              speed: v, longitudinalAcceleration: a, longitudinalJerk: motion.jerk,
                              course: course, curvature: kappa)
    }
}
