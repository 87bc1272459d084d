import Navigation
import Playback
import Signals

/// A heading held by `POST /update`: the true heading and, when given, the magnetic one (degrees
/// clockwise from north, 0 ..< 360).
struct HeldHeading: Sendable, Hashable {
    /// Degrees from true north, 0 ..< 360.
    var trueHeading: Double
    /// Degrees from magnetic north, 0 ..< 360; `nil` to keep the point's declination.
    var magneticHeading: Double?

    /// `degrees` wrapped into 0 ..< 360.
    static func wrapped(_ degrees: Double) -> Double {
        var r = degrees.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        return r < 360 ? r + 0 : 0  // -1e-17 + 360 rounds to 360
    }
}

/// What `POST /update` holds over a trajectory's points: each replaces its part of the point and leaves
/// the rest as the trajectory made it.
struct TrajectoryHolds: Sendable, Hashable {
    /// A held accelerometer (g): the motion becomes gravity = the vector, user acceleration, rotation
    /// rate and attitude gone, as on any other source.
    var accelerometer: Acceleration?
    /// A held heading: `trueHeading` as held; `magneticHeading` as held, or else the held true heading
    /// minus the point's declination (its true minus its magnetic heading). The accuracy and the magnetic
    /// field stay the trajectory's.
    var heading: HeldHeading?
    /// A held barometer reading, pascals (a point without a barometer gains one); the altitude stays
    /// the truth's.
    var pressure: Double?

    /// `point` with the held values.
    func applied(to point: TrajectoryPoint) -> TrajectoryPoint {
        var p = point
        if let a = accelerometer {
            p.motion = MotionPoint(timestamp: point.motion.timestamp, gravity: Acceleration(x: a.x, y: a.y, z: a.z))
        }
        if let heading {
            let declination = point.trueHeading - point.magneticHeading
            p.trueHeading = heading.trueHeading
            p.magneticHeading = heading.magneticHeading ?? HeldHeading.wrapped(heading.trueHeading - declination)
        }
        if let pressure { p.pressure = pressure }
        return p
    }
}
