import Foundation
import Location
import Sensors
import Signals

extension Trajectory {
    /// One leg of a trip: a route travelled on one vehicle with the device on one mount (a walk with the
    /// phone in the pocket, then a drive with it on the dashboard).
    ///
    /// A leg begins where the leg before it arrived: its route's first waypoint is that arrival when it lies
    /// within ``jointTolerance`` of it (its coordinates are then the arrival's, its `pause` the wait before
    /// the leg sets off), and otherwise the arrival is put before it.
    public struct Leg: Sendable, Hashable {
        /// The route (see ``Trajectory/init(route:vehicle:mount:person:epoch:earthRotation:vibration:sensors:stairs:)``).
        public var route: Route
        /// The platform on this leg.
        public var vehicle: Vehicle
        /// How the device sits on the platform on this leg.
        public var mount: Mount
        /// Seconds at rest between the leg before's arrival and this leg's start, in which the device turns
        /// from the one mount to the other (the phone taken out of the pocket and put in the holder): at
        /// least this long, to the next whole second of the trip. ``transferRange``; the first leg's is not used.
        public var transfer: Double
        /// Whether a walk or a run on this leg takes legs steeper than 1:8 as stairs (see
        /// ``Trajectory/takesStairs``; `false` for a GPX track's route).
        public var stairs: Bool

        /// A leg.
        /// - Parameters:
        ///   - route: Its waypoints (see the type's description for the first).
        ///   - vehicle: The platform.
        ///   - mount: The device's mount.
        ///   - transfer: Seconds at rest before it, ``Trajectory/transferRange`` (default
        ///     ``Trajectory/defaultTransfer``).
        ///   - stairs: Whether a pedestrian takes steep legs as stairs (default `true`).
        public init(
            route: Route, vehicle: Vehicle, mount: Mount, transfer: Double = Trajectory.defaultTransfer,
            stairs: Bool = true
        ) {
            self.route = route
            self.vehicle = vehicle
            self.mount = mount
            self.transfer = transfer
            self.stairs = stairs
        }
    }

    /// The seconds a leg's transfer may last: 1 s (a hand moves a phone from a pocket to a holder in about
    /// that) to a day.
    public static let transferRange: ClosedRange<Double> = 1...86_400
    /// The default transfer between two legs, seconds.
    public static let defaultTransfer = 5.0
    /// How near a leg's first waypoint must be to the leg before's arrival to be taken as it, metres.
    public static let jointTolerance = 1.0

    /// What a leg's counts start from: the trip's time at the leg's start, and the steps, distance, ascent
    /// and descent of the legs before it.
    struct StateOffset: Sendable {
        var time = 0.0, steps = 0, distance = 0.0, ascent = 0.0, descent = 0.0
        static let zero = StateOffset()
    }

    /// A trip's leg, built: its trajectory (no sensors; its epoch is its own start's), its start and its
    /// counts' offset.
    struct Stage: Sendable {
        var leg: Trajectory
        let start: Double
        let offset: StateOffset
        let transfer: Double
        /// The trip's time of the leg's arrival, seconds.
        var end: Double { start + leg.path.duration }
    }

    /// A handover between two legs, at rest at their joint: the arrival's truth and the next start's (both
    /// still, the gait and the sway faded out), between which the device turns.
    struct Transfer: Sendable {
        let from: TrajectoryState, to: TrajectoryState
        /// The turn from `from.attitude` to `to.attitude`: its axis in the device frame (unit) and angle, rad.
        let axis: SIMD3<Double>, angle: Double
    }

    /// The legs of the trajectory: a trip's, or its one route's (with the default transfer, unused).
    public var legs: [Leg] {
        stages.isEmpty
            ? [Leg(route: route, vehicle: vehicle, mount: mount, stairs: takesStairs)]
            : stages.map {
                Leg(
                    route: $0.leg.route, vehicle: $0.leg.vehicle, mount: $0.leg.mount, transfer: $0.transfer,
                    stairs: $0.leg.takesStairs)
            }
    }

    /// The trip's time each leg starts at, seconds (`[0]` for one route).
    public var legStarts: [Double] { stages.isEmpty ? [0] : stages.map(\.start) }

    /// The GPX files the routes were read from, as resolved (every leg's, in order).
    public var gpxFiles: [String] {
        stages.isEmpty ? (gpxFile.map { [$0] } ?? []) : stages.compactMap(\.leg.gpxFile)
    }

    /// What the platform does while it moves at time `t` (seconds from the start): the vehicle's rule of the
    /// leg that started last at or before `t` (the first leg's before the start). A transfer is at rest, so
    /// the rule gives `stationary` there.
    public func movingActivity(at t: Double) -> MovingActivity {
        stages.isEmpty ? vehicle.movingActivity : stages[stageIndex(at: t)].leg.vehicle.movingActivity
    }

    /// The index of the stage that started last at or before `t` (0 before the first).
    func stageIndex(at t: Double) -> Int {
        var (lo, hi) = (0, stages.count - 1)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if stages[mid].start <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// A trip: legs one after the other, each on its own vehicle and mount, carried by one person with one
    /// set of sensors (whose noise runs on across the legs).
    ///
    /// Between two legs the device rests at their joint for the leg's ``Leg/transfer`` (to the next whole
    /// second of the trip, so the legs share the 1 s magnetic grid) and turns from the arrival's attitude to
    /// the next start's about one axis, the angle following a quintic smoothstep of time: its rate and
    /// acceleration are 0 at both ends, so the attitude, the rotation rate and the specific force stay
    /// continuous and the strapdown integration follows. Steps, distance and floors count on across the legs.
    /// - Parameters:
    ///   - legs: At least one leg.
    ///   - person: Who carries the device on every leg.
    ///   - epoch: ISO 8601 UTC time of the start; WMM2025 must cover the whole trip.
    ///   - earthRotation: Inertial IMU readings (default `true`).
    ///   - vibration: Factor on each vehicle's vibration, 0 … 100 (default 1).
    ///   - sensors: The sensors to derive.
    /// - Throws: `SignalError` at `$.trajectory.trip[i]…` for a leg's route, vehicle or gait, or a transfer
    ///   outside ``transferRange``; `.tooShort` at `$.trajectory.trip` for no legs; the epoch's and the
    ///   sensors' errors as a route's.
    public init(
        trip legs: [Leg], person: Person = Person(), epoch: String = Trajectory.defaultEpoch,
        earthRotation: Bool = true, vibration: Double = 1, sensors: TrajectorySensors = TrajectorySensors()
    ) throws(SignalError) {
        guard let first = legs.first else {
            throw SignalError(.tooShort, path: "\(Self.path).trip", "a trip needs at least one leg")
        }
        func built(_ i: Int, _ route: Route, _ leg: Leg) throws(SignalError) -> Trajectory {
            do {
                return try Trajectory(
                    route: route, vehicle: leg.vehicle, mount: leg.mount, person: person, epoch: epoch,
                    earthRotation: earthRotation, vibration: vibration, stairs: leg.stairs)
            } catch {
                // The leg's own waypoints follow the leg before's arrival when it was put before them.
                throw Self.relocated(
                    error, leg: i, inserted: route.waypoints.count > leg.route.waypoints.count ? 1 : 0)
            }
        }
        var stages: [Stage] = []
        var transfers: [Transfer] = []
        var offset = StateOffset.zero
        for (i, leg) in legs.enumerated() {
            var route = leg.route
            var transfer = 0.0
            // The leg before's state at its arrival: the next leg's counts start from it, and the transfer
            // turns from it.
            var arrival: TrajectoryState?
            if let previous = stages.last {
                transfer = leg.transfer
                try ParameterCheck(path: "\(Self.path).trip[\(i)]").check(
                    transfer, "transfer", unit: "s", in: Self.transferRange)
                // The leg before was built, so its route has at least two waypoints.
                let last = previous.leg.route.waypoints[previous.leg.route.waypoints.count - 1]
                route.waypoints = Self.joined(route.waypoints, after: last)
                guard route.waypoints.count >= 2 else {
                    throw SignalError(
                        .tooShort, path: "\(Self.path).trip[\(i)].route.waypoints",
                        "leg \(i) goes nowhere: its waypoints are only the leg before's arrival (a leg sets off from there); give the waypoints after it"
                    )
                }
                let state = previous.leg.stillState(at: previous.leg.duration, offset: previous.offset)
                arrival = state
                let totals = previous.leg.ascent.totals(
                    at: previous.leg.path.length, height: previous.leg.path.sample(at: previous.leg.duration).height)
                offset = StateOffset(
                    time: (previous.end + transfer).rounded(.up), steps: state.steps,
                    distance: previous.offset.distance + previous.leg.path.length,
                    ascent: previous.offset.ascent + totals.ascent, descent: previous.offset.descent + totals.descent)
            }
            var trajectory = try built(i, route, leg)
            trajectory.epochSeconds += offset.time
            trajectory.epochYear = GeomagneticModel.decimalYear(secondsSince1970: trajectory.epochSeconds)
            let stage = Stage(leg: trajectory, start: offset.time, offset: offset, transfer: transfer)
            if let arrival {
                transfers.append(Self.transfer(from: arrival, to: trajectory.stillState(at: 0, offset: offset)))
            }
            stages.append(stage)
        }
        try self.init(
            route: stages[0].leg.route, vehicle: first.vehicle, mount: first.mount, person: person, epoch: epoch,
            earthRotation: earthRotation, vibration: vibration, sensors: sensors, stairs: first.stairs)
        gpxFile = nil
        guard stages.count > 1 else { return }
        let last = stages[stages.count - 1]
        _ = try Self.checkEpoch(epoch, duration: last.end)
        self.stages = stages
        self.transfers = transfers
    }

    /// A route's waypoints begun at `arrival` (see ``Leg``).
    static func joined(_ waypoints: [Waypoint], after arrival: Waypoint) -> [Waypoint] {
        var joint = arrival
        joint.pause = 0
        joint.speed = nil
        joint.time = nil
        guard var head = waypoints.first else { return [joint] }
        let d = Geodesic.wgs84.inverse(from: arrival.coordinate, to: head.coordinate).distance
        guard d <= jointTolerance else { return [joint] + waypoints }
        head.latitude = arrival.latitude
        head.longitude = arrival.longitude
        head.altitude = arrival.altitude
        return [head] + waypoints.dropFirst()
    }

    /// `error` of a leg's trajectory at the leg's JSON path (`$.trajectory.route…` → `$.trajectory.trip[i].route…`).
    ///
    /// When the leg before's arrival was put before the leg's own waypoints (`inserted` 1), a waypoint's index
    /// is counted in the user's list again, and an error at the arrival itself is said to be there.
    static func relocated(_ error: SignalError, leg i: Int, inserted: Int) -> SignalError {
        guard let path = error.location.path else { return error }
        let waypoints = "\(Self.path).route.waypoints["
        if inserted > 0, path.hasPrefix(waypoints), let close = path.dropFirst(waypoints.count).firstIndex(of: "]"),
            let k = Int(path[path.index(path.startIndex, offsetBy: waypoints.count)..<close])
        {
            let rest = path[path.index(after: close)...]
            let note = "leg \(i) sets off from the leg before's arrival, put before its first waypoint"
            if k < inserted {
                return SignalError(
                    error.code, path: "\(Self.path).trip[\(i)].route.waypoints", "\(error.message) (\(note))")
            }
            return SignalError(
                error.code, path: "\(Self.path).trip[\(i)].route.waypoints[\(k - inserted)]\(rest)",
                "\(error.message) (counted from the arrival: \(note))")
        }
        for key in ["route", "vehicle", "mount"] {
            let prefix = "\(Self.path).\(key)"
            if path == prefix || path.hasPrefix(prefix + ".") || path.hasPrefix(prefix + "[") {
                return SignalError(
                    error.code, path: "\(Self.path).trip[\(i)].\(key)" + path.dropFirst(prefix.count), error.message)
            }
        }
        return error
    }

    /// A leg's truth at `t` with its counts carried by `offset`, without the magnetic grid or the ideal IMU.
    func stillState(at t: Double, offset: StateOffset) -> TrajectoryState {
        var hints = SearchHints()
        return legState(
            at: t, magnetic: (.zero, .zero, 0), imu: false, course: true, hints: &hints, offset: offset)
    }

    /// The turn between two still states.
    static func transfer(from: TrajectoryState, to: TrajectoryState) -> Transfer {
        // q_from⁻¹ q_to, on the short way round.
        var r = from.attitude.conjugate * to.attitude
        if r.w < 0 { r = Quaternion(w: -r.w, x: -r.x, y: -r.y, z: -r.z) }
        let v = SIMD3(r.x, r.y, r.z)
        let s = (v * v).sum().squareRoot()
        guard s > 0 else { return Transfer(from: from, to: to, axis: SIMD3(1, 0, 0), angle: 0) }
        return Transfer(from: from, to: to, axis: v / s, angle: 2 * atan2(s, r.w))
    }

    /// The truth of a trip at `t`: its leg's, or a transfer's between two legs.
    func tripState(
        at t: Double,
        magnetic: (GridNode, GridNode, Double),
        imu: Bool,
        course wantsCourse: Bool,
        hints: inout SearchHints
    ) -> TrajectoryState {
        let j = stageIndex(at: t)
        let stage = stages[j]
        let (n0, n1, k) = magnetic
        if j + 1 < stages.count, t > stage.end {
            return transferState(
                at: t, transfers[j], from: stage.end, to: stages[j + 1].start, magnetic: magnetic, imu: imu)
        }
        return stage.leg.legState(
            at: t - stage.start, magnetic: (n0, n1, k - stage.start / Self.magneticGridSpacing), imu: imu,
            course: wantsCourse, hints: &hints, offset: stage.offset)
    }

    /// The truth during a transfer from `start` to `end` (trip seconds): at rest at the joint, the device
    /// turning about the transfer's axis by `angle · s(u)`, `s` the quintic smoothstep of `u = (t − start) /
    /// (end − start)`; its rate `axis · angle · ṡ` in the device frame (a turn about a fixed axis). The joint's
    /// two ends differ by rounding only; the position moves between them along the same smoothstep.
    func transferState(
        at t: Double, _ transfer: Transfer, from start: Double, to end: Double,
        magnetic: (GridNode, GridNode, Double), imu: Bool
    ) -> TrajectoryState {
        let (a, b) = (transfer.from, transfer.to)
        let width = end - start
        let u = min(max((t - start) / width, 0), 1)
        let u2 = u * u
        let s = u2 * u * (10 - 15 * u + 6 * u2)
        let s1 = 30 * u2 * (1 - u) * (1 - u) / width
        let s2 = 60 * u * (1 - u) * (1 - 2 * u) / (width * width)
        // Position: geodetic coordinates along the smoothstep; velocity and acceleration from its derivatives.
        let dPhi = (b.latitude - a.latitude) * .pi / 180
        var lambdaTurn = b.longitude - a.longitude
        if abs(lambdaTurn) > 180 { lambdaTurn -= 360 * (lambdaTurn / 360).rounded() }
        let dLambda = lambdaTurn * .pi / 180
        let dH = b.altitude - a.altitude
        let phi = a.latitude * .pi / 180 + dPhi * s
        let h = a.altitude + dH * s
        let (sinPhi, cosPhi) = (sin(phi), cos(phi))
        let radii = RadiiOfCurvature(sinLatitude: sinPhi)
        let rate = SIMD3((radii.primeVertical + h) * cosPhi * dLambda, (radii.meridian + h) * dPhi, dH)
        let velocity = rate * s1
        let acceleration = rate * s2
        // Attitude: a turn about one device axis.
        let half = transfer.angle * s / 2
        let turn = Quaternion(
            w: cos(half), x: transfer.axis.x * sin(half), y: transfer.axis.y * sin(half),
            z: transfer.axis.z * sin(half))
        let attitude = a.attitude * turn
        let rotationRate = transfer.axis * (transfer.angle * s1)
        let m = attitude.matrix
        var f = SIMD3<Double>(0, 0, 0)
        var w = SIMD3<Double>(0, 0, 0)
        if imu {
            var force = acceleration + SIMD3(0, 0, NormalGravity.magnitude(sinLatitude: sinPhi, height: h))
            w = rotationRate
            if earthRotation {
                let earth = EarthRotation.earthRate(sinLatitude: sinPhi, cosLatitude: cosPhi)
                let transport = EarthRotation.transportRate(
                    sinLatitude: sinPhi, cosLatitude: cosPhi, radii: radii, height: h, velocity: velocity)
                force += Self.cross(2 * earth + transport, velocity)
                w += Self.inverseRotate(m, earth + transport)
            }
            f = Self.inverseRotate(m, force)
        }
        let (field, declination, geoid) = Self.interpolate(magnetic, at: t)
        let heading = Self.heading(matrix: m)
        return TrajectoryState(
            time: t,
            latitude: phi * 180 / .pi,
            longitude: Self.wrapLongitude(a.longitude + lambdaTurn * s),
            altitude: h,
            altitudeAboveMeanSeaLevel: h - geoid,
            velocity: velocity,
            acceleration: acceleration,
            attitude: attitude,
            rotationRate: rotationRate,
            specificForce: f,
            angularRate: w,
            magneticField: Self.inverseRotate(m, field),
            trueHeading: heading,
            magneticHeading: Self.wrapDegrees(heading - declination),
            declination: declination,
            speed: 0,
            course: a.course,
            distance: b.distance,
            steps: b.steps,
            cadence: 0,
            floorsAscended: b.floorsAscended,
            floorsDescended: b.floorsDescended
        )
    }
}
