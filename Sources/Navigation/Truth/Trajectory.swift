import Foundation
import Location
import Sensors
import Signals

/// One trajectory, every sensor: a route driven (walked, ridden) by a platform within its limits, a device
/// mounted on it, and the sensors derived from that one truth.
///
/// ```swift
/// let route = Route(speed: 13.9) {
///     Waypoint(latitude: 51.5007, longitude: -0.1246)
///     Waypoint(latitude: 51.5033, longitude: -0.1196)
/// }
/// let drive = try Trajectory(route: route, vehicle: .car, mount: .dashboard,
///                            epoch: "2026-06-01T12:00:00Z",
///                            sensors: TrajectorySensors(imu: IMU(preset: .bmi160, seed: 1)))
/// let s = drive.state(at: 30)      // position, velocity, attitude, specific force, headings, steps
/// ```
/// Or from a spec document: `try Trajectory(json: data)` (`{"trajectory": {...}}`).
///
/// The truth, at any time `t` (``state(at:)``, a pure function of `t`):
/// - the path (``KinematicPath``): straight legs joined by clothoid–arc–clothoid turns within the
///   vehicle's limits, S-curve speed changes, heights on rounded grades; position, velocity and
///   acceleration continuous;
/// - the route's pauses: the vehicle stops at the waypoint (the middle of its turn) for each `pause` and
///   sets off again, at rest in between (speed 0, the gait faded out, the IMU reading gravity and the
///   Earth's rate); ``duration`` counts them;
/// - the gait of a walking or running platform (``Gait``) added to the position, in the local frame;
/// - the platform's attitude: heading along the path's course in the local frame, pitch `atan(grade)`,
///   roll `−atan(v²κ̃ / g)` for a platform that banks (`κ̃` the curvature averaged over ±3 m of path, so
///   the roll rate is continuous); its rate from the exact derivatives of the three angles;
/// - the device's attitude: platform × ``Mount``;
/// - the ideal IMU: `f = a + (2ω_ie + ω_en) × v − g` (local frame, then the device frame) and
///   `ω = ω_nd + C_dn (ω_ie + ω_en)`, with `g` WGS84 normal gravity along the ellipsoid normal; without
///   `earthRotation`, `f = a − g` and `ω = ω_nd`;
/// - the geomagnetic field: WMM2025 at the path's position on a 1 s grid of times, linearly interpolated;
/// - headings: true heading is the azimuth of the device's y axis; when y is within 45° of vertical (a
///   device upright, as on a dashboard), the azimuth of the device's back (−z) instead, which is where an
///   upright phone's camera looks; magnetic heading subtracts the declination.
///
/// Routes passing within 0.1° of latitude of a pole are refused: east, north, course and heading are
/// undefined at a pole and turn without bound near it (the transport rate's `v_E tan φ / R`).
public struct Trajectory: Sendable {
    /// The JSON path of a trajectory.
    public static let path = "$.trajectory"
    /// Spacing of the geomagnetic model's time grid, seconds.
    public static let magneticGridSpacing = 1.0
    /// Largest latitude magnitude a route may reach, degrees.
    public static let maximumLatitude = 89.9

    /// The route (a trip's first leg's: see ``legs``).
    public let route: Route
    /// The platform (a trip's first leg's).
    public let vehicle: Vehicle
    /// How the device sits on the platform (a trip's first leg's).
    public let mount: Mount
    /// Who carries the device (a walk's or a run's step length and variability, sway, tremor, hand and pocket).
    public let person: Person
    /// The start time (ISO 8601 UTC as given).
    public let epoch: String
    /// The start time as seconds since 1970 and as a decimal year (a trip's leg: its own start's).
    public internal(set) var epochSeconds: Double, epochYear: Double
    /// Whether the IMU measures the inertial rate and the Coriolis and transport terms.
    public let earthRotation: Bool
    /// The factor on the vehicle's vibration RMS (1 by default; 0 turns it off).
    public let vibrationScale: Double
    /// Whether a pedestrian takes legs steeper than 1:8 as stairs.
    public let takesStairs: Bool
    /// The sensors derived from the truth.
    public let sensors: TrajectorySensors
    /// The kinematic path (a trip's first leg's).
    public let path: KinematicPath
    /// The GPX file the route was read from (`{"gpx": …}` in a spec), as resolved, or `nil`.
    public internal(set) var gpxFile: String?
    let ascent: AscentProfile
    let smoother: HeadingSmoother
    /// A pedestrian's sway and tremor while resting (`nil`: a vehicle with wheels, or a mount that keeps still).
    let standing: StandingMotion?
    /// How the person moves the device relative to the platform while walking, running or pedalling (`nil`
    /// when it is rigid on it).
    let body: BodyModel?
    /// The mount's rotation on the person's side (a watch on the right wrist is the left one's mirror image).
    let mountQuaternion: Quaternion
    /// A trip's legs, built, each at its start (empty for one route: see ``init(trip:person:epoch:earthRotation:vibration:sensors:)``).
    var stages: [Stage] = []
    /// The rests between a trip's legs: stage `i + 1`'s handover from stage `i` (see ``Transfer``).
    var transfers: [Transfer] = []

    /// The default epoch: WMM2025's, 2025-01-01T00:00:00Z.
    public static let defaultEpoch = "2025-01-01T00:00:00Z"

    /// Time from the start (at rest) to the arrival (at rest), seconds, every waypoint's pause included (a
    /// trip's: its last leg's arrival, every transfer included).
    public var duration: Double { stages.last.map { $0.start + $0.leg.path.duration } ?? path.duration }

    /// The horizontal distance along the path from the start to the arrival, metres (a trip's: every leg's).
    public var length: Double { stages.last.map { $0.offset.distance + $0.leg.path.length } ?? path.length }

    /// Builds a trajectory.
    /// - Parameters:
    ///   - route: The waypoints (at least two; pauses in seconds, no times or loops); speeds as a route's.
    ///   - vehicle: The platform (default ``Vehicle/car``).
    ///   - mount: The device's mount (default ``Mount/flat``).
    ///   - person: Who carries it (default ``Person/init()``: the gait as fitted to real recordings).
    ///   - epoch: ISO 8601 UTC time of the start, within WMM2025's validity (2025.0 … 2030.0, the trajectory's
    ///     end included).
    ///   - earthRotation: Inertial IMU readings (default `true`).
    ///   - vibration: Factor on the vehicle's vibration, 0 … 100 (default 1).
    ///   - sensors: The sensors to derive (default none: the truth alone).
    ///   - stairs: Whether a walk or a run takes a leg steeper than 1:8 (``rampGrade``, up to
    ///     ``steepestStairs``) as stairs: 17-cm steps at a slower cadence, the route's speed lowered to it
    ///     there (default `true`; a GPX track's route does not: a recorded track's heights jump by metres
    ///     between close points).
    /// - Throws: `SignalError` with the JSON path: the route (see ``KinematicPath``), a route reaching
    ///   beyond ±89.9° latitude, an epoch that is not ISO 8601 or outside WMM2025 (`$.trajectory.epoch`),
    ///   a vibration factor out of range, an IMU error term outside its range (`IMU/validate(path:)`, at
    ///   `$.trajectory.sensors.imu.TERM`).
    public init(
        route: Route, vehicle: Vehicle = .car, mount: Mount = .flat, person: Person = Person(),
        epoch: String = Trajectory.defaultEpoch, earthRotation: Bool = true, vibration: Double = 1,
        sensors: TrajectorySensors = TrajectorySensors(), stairs: Bool = true
    )
        throws(SignalError)
    {
        // A pedestrian slows down on stairs (see StairProfile).
        let path = try KinematicPath(
            route: vehicle.gait != nil && stairs ? Self.stairSpeeds(route) : route, limits: vehicle.limits)
        try ParameterCheck(path: Self.path).check(vibration, "vibration", unit: "", in: 0...100)
        try sensors.imu?.validate(path: TrajectorySensors.imuPath)
        let (seconds, year) = try Self.checkEpoch(epoch, duration: path.duration)
        try Self.checkPoles(path)
        if let gait = vehicle.gait { try Self.checkGait(gait, person: person, path: path) }
        self.route = route
        self.vehicle = vehicle
        self.mount = mount
        self.person = person
        self.epoch = epoch
        epochSeconds = seconds
        epochYear = year
        self.earthRotation = earthRotation
        vibrationScale = vibration
        self.sensors = sensors
        self.path = path
        ascent = AscentProfile(path.heights)
        smoother = HeadingSmoother(path)
        standing = vehicle.gait == nil ? nil : StandingMotion(mount: mount, person: person)
        body = BodyModel(
            gait: vehicle.gait, person: person, mount: mount, pedals: vehicle.banks && vehicle.gait == nil,
            heights: stairs ? path.heights : nil)
        takesStairs = stairs
        mountQuaternion = mount.quaternion(on: person.hand)
        gpxFile = nil
    }

    /// Checks `epoch` (ISO 8601 UTC) and that WMM2025 covers it and `duration` seconds after it.
    /// - Returns: The epoch as seconds since 1970 and as a decimal year.
    static func checkEpoch(_ epoch: String, duration: Double) throws(SignalError) -> (Double, Double) {
        guard let seconds = ISO8601Time.parse(epoch), seconds.isFinite else {
            throw SignalError(
                .malformed, path: "\(Self.path).epoch",
                "epoch \"\(SignalError.quoted(epoch, limit: 40))\" is not an ISO 8601 UTC time such as 2026-06-01T12:00:00Z"
            )
        }
        let year = GeomagneticModel.decimalYear(secondsSince1970: seconds)
        let endYear = GeomagneticModel.decimalYear(secondsSince1970: seconds + duration)
        let wmm = GeomagneticModel.wmm2025
        guard wmm.validity.contains(year), wmm.validity.contains(endYear) else {
            throw SignalError(
                .outOfRange, path: "\(Self.path).epoch",
                "epoch \(epoch) (\(String(format: "%.3f", year))) is outside \(wmm.name)'s validity, \(wmm.validity.lowerBound) ... \(wmm.validity.upperBound) (the trajectory lasts \(String(format: "%.1f", duration)) s); the magnetometer and the magnetic heading need the model"
            )
        }
        return (seconds, year)
    }

    /// The most steps per second a gait may reach, 6 (sprinters reach about 5; 6 keeps the run preset's
    /// 1.15 m steps valid up to its 6 m/s, 5.2 steps/s).
    public static let maximumCadence = 6.0
    /// The largest heel strike a gait may reach at its fastest cadence, m/s² (50 g: a shank's hardest
    /// landings are about 20 g; beyond, the render is no person's).
    public static let maximumImpact = 50 * IMU.standardGravity

    /// Refuses a gait that no person walks: more than ``maximumCadence`` steps per second at the route's
    /// fastest, or heel strikes beyond ``maximumImpact`` there (the waveforms' accelerations grow with the
    /// square of the cadence over ``Gait/referenceCadence``).
    static func checkGait(_ gait: Gait, person: Person, path: KinematicPath) throws(SignalError) {
        let step = person.stepLength ?? gait.stepLength
        let field = person.stepLength != nil ? "\(Person.path).stepLength" : "\(Gait.path).stepLength"
        let fastest = path.profile.phases.map(\.v0).max() ?? 0
        let cadence = fastest / step
        guard cadence <= maximumCadence else {
            throw SignalError(
                .outOfRange, path: field,
                "steps of \(step) m at \(String(format: "%.3g", fastest)) m/s (the route's fastest) are \(String(format: "%.3g", cadence)) steps/s; a gait takes at most \(Int(maximumCadence)): give longer steps or a lower speed"
            )
        }
        let ratio = cadence / gait.referenceCadence
        let impact = gait.impact * person.impact * ratio * ratio
        guard impact <= maximumImpact else {
            throw SignalError(
                .outOfRange, path: "\(Gait.path).impact",
                "heel strikes of \(gait.impact * person.impact) m/s² at \(gait.referenceCadence) steps/s reach \(String(format: "%.4g", impact)) m/s² at the route's \(String(format: "%.3g", cadence)) steps/s; a person's stay below \(String(format: "%.4g", maximumImpact)) m/s² (50 g)"
            )
        }
    }

    /// Refuses a path that reaches beyond ``maximumLatitude`` (checked at every piece's ends and 64 points
    /// inside each curved piece; straight pieces are chords, whose latitude extreme inside is checked exactly).
    static func checkPoles(_ path: KinematicPath) throws(SignalError) {
        let limit = maximumLatitude * .pi / 180
        func check(_ point: SIMD2<Double>) throws(SignalError) {
            let phi = path.plane.unproject(point).latitude
            guard abs(phi) <= limit else {
                throw SignalError(
                    .outOfRange, path: KinematicPath.path,
                    "the route reaches latitude \(String(format: "%.4f", phi * 180 / .pi))°; a trajectory stays within ±\(maximumLatitude)°: at a pole east, north, course and heading are undefined, and near it they turn without bound"
                )
            }
        }
        for piece in path.pieces {
            let curved = piece.startCurvature != 0 || piece.endCurvature != 0
            let n = curved ? 64 : 1
            for k in 0...n { try check(piece.point(piece.length * Double(k) / Double(n))) }
            if !curved {
                // A chord's highest latitude: the point nearest the pole's projection, when inside the chord.
                let pole = path.plane.latitude >= 0 ? 1.0 : -1.0
                let poleECEF = SIMD3(0, 0, pole * WGS84.semiMinorAxis) - path.plane.origin
                let q = SIMD2((poleECEF * path.plane.east).sum(), (poleECEF * path.plane.north).sum())
                let d = piece.end - piece.start
                let u = ((q - piece.start) * d).sum() / max((d * d).sum(), 1e-300)
                if u > 0, u < 1 { try check(piece.start + u * d) }
            }
        }
    }
}

extension Trajectory: Hashable {
    /// The inputs a trajectory is built from (the path and the rest follow from them), listed once for
    /// ``==(_:_:)`` and ``hash(into:)``.
    private var inputs: [AnyHashable] {
        [route, vehicle, mount, person, epoch, earthRotation, vibrationScale, sensors, legs, takesStairs]
    }

    /// Trajectories are equal when built from equal inputs (the path follows from them).
    public static func == (a: Trajectory, b: Trajectory) -> Bool { a.inputs == b.inputs }

    /// Hashes the inputs.
    public func hash(into hasher: inout Hasher) { hasher.combine(inputs) }
}
