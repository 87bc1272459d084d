import Signals

/// The truth of a ``Trajectory`` at one instant: where the device is, how it moves and turns, what an
/// ideal IMU and magnetometer read, its headings and the pedometer's counts.
///
/// Frames: positions on the WGS84 ellipsoid; velocity and acceleration in the local east-north-up frame at
/// the position; device-frame vectors in CoreMotion's device axes (x right, y top of the screen, z out of
/// the screen). ``attitude`` rotates device-frame vectors into the local east-north-up frame.
public struct TrajectoryState: Sendable, Hashable {
    /// Seconds from the start of the trajectory.
    public var time: Double
    /// Geodetic latitude and longitude, degrees (WGS84).
    public var latitude: Double, longitude: Double
    /// Height above the WGS84 ellipsoid, metres.
    public var altitude: Double
    /// Height above mean sea level (the EGM96 geoid, 1° grid), metres.
    public var altitudeAboveMeanSeaLevel: Double
    /// Velocity relative to the Earth, (east, north, up) in the local frame, m/s.
    public var velocity: SIMD3<Double>
    /// The time derivative of ``velocity``'s east, north and up components, m/s².
    public var acceleration: SIMD3<Double>
    /// The device's attitude: rotates device-frame vectors into the local east-north-up frame.
    public var attitude: Quaternion
    /// The device's angular velocity relative to the local east-north-up frame, in the device frame, rad/s.
    public var rotationRate: SIMD3<Double>
    /// What an ideal accelerometer reads: the specific force in the device frame, m/s² (physical sign: a
    /// device lying still and face up reads `+γ` on z), with the Coriolis and transport terms when the
    /// trajectory's `earthRotation` is on. No vibration (that is added to the IMU's output).
    public var specificForce: SIMD3<Double>
    /// What an ideal gyroscope reads, in the device frame, rad/s: the inertial rate (``rotationRate`` plus
    /// the Earth's rotation and the transport rate) when `earthRotation` is on, else ``rotationRate``.
    public var angularRate: SIMD3<Double>
    /// The geomagnetic field (WMM2025) in the device frame, µT.
    public var magneticField: SIMD3<Double>
    /// True heading: the azimuth of the device's y axis (the back's, −z, when y is within 45° of vertical),
    /// degrees clockwise from true north, 0 ..< 360.
    public var trueHeading: Double
    /// Magnetic heading: ``trueHeading`` minus the declination, degrees, 0 ..< 360.
    public var magneticHeading: Double
    /// The magnetic declination at the position (east positive), degrees.
    public var declination: Double
    /// Horizontal speed along the path, m/s (without the gait's sway).
    public var speed: Double
    /// Course over ground of the path, degrees clockwise from true north, 0 ..< 360.
    public var course: Double
    /// Horizontal distance along the path from the start, metres.
    public var distance: Double
    /// Steps taken from the start (0 for a platform with no gait).
    public var steps: Int
    /// Step rate, steps per second (0 without a gait).
    public var cadence: Double
    /// Floors climbed and descended from the start, at 3 m of height a floor.
    public var floorsAscended: Int, floorsDescended: Int
}
