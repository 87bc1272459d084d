import Foundation

/// The kinematic truth of a ``KinematicPath`` at one instant.
///
/// ``velocity``, ``acceleration`` and ``course`` are in the tangent plane at the route's first waypoint (east,
/// north; vertical: the time derivatives of the height above the ellipsoid); ``localVelocity``,
/// ``localAcceleration`` and ``localCourse`` are the same motion in the local east-north-up frame at the
/// point, the frame `truth.csv` uses. ``latitude``, ``longitude`` and ``altitude`` are the exact geodetic
/// position of the plane point (see ``KinematicPath``).
///
/// ```swift
/// let s = path.state(at: 12.5)
/// print(s.latitude, s.longitude, s.localVelocity, s.localCourse * 180 / .pi)
/// ```
public struct KinematicState: Sendable, Hashable {
    /// Seconds from the start of the path.
    public var time: Double
    /// Distance travelled along the path (horizontal arc length), metres.
    public var station: Double
    /// East and north of the first waypoint in its tangent plane, metres.
    public var east: Double, north: Double
    /// Geodetic latitude and longitude, degrees (WGS84).
    public var latitude: Double, longitude: Double
    /// Height above the WGS84 ellipsoid, metres.
    public var altitude: Double
    /// Velocity (east, north, up), m/s.
    public var velocity: SIMD3<Double>
    /// Acceleration (east, north, up), the time derivative of ``velocity``, m/s².
    public var acceleration: SIMD3<Double>
    /// Velocity (east, north, up) in the local frame at the point, m/s: the plane's velocity turned by the
    /// meridian convergence and the tilt between the two frames (0.6 mrad at 5 km east at 51° N).
    public var localVelocity: SIMD3<Double>
    /// The time derivative of ``localVelocity``'s components, m/s² (the frame's turn included).
    public var localAcceleration: SIMD3<Double>
    /// Horizontal speed along the path, m/s.
    public var speed: Double
    /// Rate of change of ``speed`` (the longitudinal acceleration), m/s².
    public var longitudinalAcceleration: Double
    /// Rate of change of ``longitudinalAcceleration`` (longitudinal jerk), m/s³.
    public var longitudinalJerk: Double
    /// Course: the direction of travel in the plane, radians clockwise from the plane's north, 0 ..< 2π.
    public var course: Double
    /// Signed curvature of the horizontal path, 1/m (positive turning left).
    public var curvature: Double

    /// Course over ground in the local frame, radians clockwise from true north, 0 ..< 2π.
    public var localCourse: Double {
        let c = atan2(localVelocity.x, localVelocity.y)
        return c < 0 ? c + 2 * .pi : c
    }

    /// Lateral (centripetal) acceleration `v²κ`, m/s², positive to the left.
    public var lateralAcceleration: Double { speed * speed * curvature }
    /// Yaw rate `vκ`, rad/s, positive turning left (counter-clockwise seen from above).
    public var yawRate: Double { speed * curvature }
}
