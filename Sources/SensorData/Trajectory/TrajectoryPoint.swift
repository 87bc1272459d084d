import Foundation

/// One point of a played trajectory: what an app's motion, location, heading, magnetometer, altimeter and
/// pedometer would receive at that instant, all from the one truth.
///
/// - ``motion``: gravity and attitude from the truth (the attitude rotates device-frame vectors into the
///   local east-north-up frame, a `xArbitraryZVertical` frame whose x is east); `userAcceleration + gravity`
///   is the accelerometer's reading in g (CoreMotion's sign) and `rotationRate` the gyroscope's, from the
///   IMU when the trajectory has one (errors included), else the ideal readings.
/// - ``location``: a GNSS fix, on the first point at or after each fix's time (not during an outage);
///   `nil` on the points between fixes. Its `speedAccuracy` is the receiver's `velocitySigma` (m/s) and its
///   `courseAccuracy` `atan2(velocitySigma, speed)` in degrees (−1 when the speed is ~0 and the course unknown).
/// - ``magneticField``: the magnetometer's reading (µT, device frame) when it has one, else the true field.
/// - ``pressure``: the barometer's reading (Pa) when it has one.
/// - Headings, the pedometer's counts and ``activity`` are the truth's.
/// A sensor with its own rate holds its latest sample (at or before the point's time).
public struct TrajectoryPoint: MotionCarrying, Sendable, Hashable {
    /// The motion sample (g, rad/s, attitude).
    public var motion: MotionPoint
    /// A new GNSS fix, or `nil` between fixes.
    public var location: LocationPoint?
    /// True heading, degrees 0 ..< 360 (see `Trajectory`).
    public var trueHeading: Double
    /// Magnetic heading, degrees 0 ..< 360.
    public var magneticHeading: Double
    /// The heading's accuracy, degrees: `atan(σ / H)` for a magnetometer's white-noise deviation `σ` and the
    /// horizontal field `H`; 0 without magnetometer noise.
    public var headingAccuracy: Double
    /// The magnetic field in the device frame, µT.
    public var magneticField: MagneticField
    /// Pressure, pascals, when the trajectory has a barometer.
    public var pressure: Double?
    /// Height above mean sea level, metres (truth).
    public var altitude: Double
    /// Steps and distance (m) from the start, floors climbed and descended (truth).
    public var steps: Int, distance: Double, floorsAscended: Int, floorsDescended: Int
    /// Steps per second (truth).
    public var cadence: Double
    /// What the person is doing (truth): changes at the instant the motion does, without a phone's delay.
    public var activity: MotionActivityType

    /// Creates a point (every value as the property of the same name describes it).
    /// - Parameters:
    ///   - motion: The motion sample (g, rad/s, attitude device → east-north-up).
    ///   - location: A new fix, or `nil`.
    ///   - trueHeading: Degrees 0 ..< 360.
    ///   - magneticHeading: Degrees 0 ..< 360.
    ///   - headingAccuracy: Degrees.
    ///   - magneticField: µT, device frame.
    ///   - pressure: Pa, or `nil`.
    ///   - altitude: Metres above mean sea level.
    ///   - steps: Steps from the start.
    ///   - distance: Metres from the start.
    ///   - floorsAscended: Floors climbed (3 m each).
    ///   - floorsDescended: Floors descended (3 m each).
    ///   - cadence: Steps per second.
    ///   - activity: What the person is doing (default `.unknown`).
    public init(
        motion: MotionPoint, location: LocationPoint?, trueHeading: Double, magneticHeading: Double,
        headingAccuracy: Double, magneticField: MagneticField, pressure: Double?, altitude: Double,
        steps: Int, distance: Double, floorsAscended: Int, floorsDescended: Int, cadence: Double,
        activity: MotionActivityType = .unknown
    ) {
        self.motion = motion
        self.location = location
        self.trueHeading = trueHeading
        self.magneticHeading = magneticHeading
        self.headingAccuracy = headingAccuracy
        self.magneticField = magneticField
        self.pressure = pressure
        self.altitude = altitude
        self.steps = steps
        self.distance = distance
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
        self.cadence = cadence
        self.activity = activity
    }

    /// The attitude (device → local east-north-up).
    public var attitude: Quaternion? { motion.attitude }
}
