import Foundation
import Location
import Sensors
import Signals

extension Trajectory {
    /// The truth at time `t`, seconds from the start (at rest at the first waypoint before 0 and at the last
    /// after ``duration``).
    ///
    /// A pure function of `t`: the same in any order, bit-identical. Cost: one path sample (see
    /// `KinematicPath.state(at:)`), the attitude and IMU terms, and two nodes of the 1 s grid (a WMM2025
    /// synthesis and a geoid lookup each, about 2.5 µs; block rendering shares the grid between samples).
    /// - Parameter t: Seconds from the start.
    public func state(at t: Double) -> TrajectoryState {
        let k = (t / Self.magneticGridSpacing).rounded(.down)
        return state(at: t, magnetic: (magneticNode(k), magneticNode(k + 1), k))
    }

    /// What the trajectory's 1 s time grid holds at one node: the geomagnetic field (east, north, up, µT),
    /// its declination (degrees) and the EGM96 geoid height (m) at the path's position then (the gait's few
    /// centimetres are ignored: the field changes by picotesla and the geoid by micrometres over them).
    struct GridNode: Sendable {
        var field: SIMD3<Double>, declination: Double, geoid: Double
        static let zero = GridNode(field: .zero, declination: 0, geoid: 0)
    }

    /// The grid node at time `k · magneticGridSpacing` (a trip's: its leg's then, or the leg's arrival's
    /// during the transfer after it; legs start on whole seconds, so their grids are the trip's).
    func magneticNode(_ k: Double) -> GridNode {
        guard stages.isEmpty else {
            let stage = stages[stageIndex(at: k * Self.magneticGridSpacing)]
            return stage.leg.magneticNode(k - stage.start / Self.magneticGridSpacing)
        }
        let t = k * Self.magneticGridSpacing
        let p = path.sample(at: t)
        let year = GeomagneticModel.decimalYear(secondsSince1970: epochSeconds + t)
        // The position and the year were checked when the trajectory was built; a year past 2030.0 (a render
        // long after the arrival) uses the model's end of validity.
        let wmm = GeomagneticModel.wmm2025
        let y = min(max(year, wmm.validity.lowerBound), wmm.validity.upperBound)
        let latitude = p.latitude * 180 / .pi
        let longitude = Self.wrapLongitude(p.longitude * 180 / .pi)
        let geoid = (try? Geoid.egm96.height(latitude: latitude, longitude: longitude)) ?? .nan
        guard let field = try? wmm.field(latitude: latitude, longitude: longitude, height: p.height, decimalYear: y)
        else {
            return GridNode(field: SIMD3(repeating: .nan), declination: .nan, geoid: geoid)
        }
        return GridNode(
            field: SIMD3(field.east, field.north, -field.down) / 1_000,
            declination: field.declination,
            geoid: geoid
        )
    }

    /// The truth at `t` with the magnetic grid nodes around it.
    ///
    /// Trigonometry is spent only where an angle is an output: `sin φ`, `cos φ`, `sin λ`, `cos λ` come from the
    /// path's ellipsoid point and serve the radii, normal gravity, the Earth and transport rates; the attitude's
    /// half-angle quaternions come from the course's direction cosines, `cos θ = 1/√(1 + grade²)` and
    /// `cos r = 1/√(1 + (v²κ/g)²)` by square roots; `atan2` gives the course and the true heading
    /// (degrees, output columns); the declination and the geoid height are interpolated on the grid.
    /// With `imu` false, the ideal IMU is left out (zero specific force and angular rate); with `course`
    /// false, the course (0; no stream reads it); every other field is the full state's, bit for bit.
    func state(
        at t: Double,
        magnetic: (GridNode, GridNode, Double),
        imu: Bool = true,
        course wantsCourse: Bool = true
    ) -> TrajectoryState {
        var hints = SearchHints()
        return state(at: t, magnetic: magnetic, imu: imu, course: wantsCourse, hints: &hints)
    }

    /// ``state(at:magnetic:imu:)`` with search hints (see `SearchHints`; the result does not depend on them).
    @inline(__always)
    func state(
        at t: Double,
        magnetic: (GridNode, GridNode, Double),
        imu: Bool,
        course wantsCourse: Bool,
        hints: inout SearchHints
    ) -> TrajectoryState {
        guard stages.isEmpty else {
            return tripState(at: t, magnetic: magnetic, imu: imu, course: wantsCourse, hints: &hints)
        }
        return legState(at: t, magnetic: magnetic, imu: imu, course: wantsCourse, hints: &hints, offset: .zero)
    }

    /// The truth of one route (a trip's leg at its own time `t`, the counts carried from the legs before it
    /// by `offset`). Inlined into its callers (the render's loop above all), as the one function it was.
    @inline(__always)
    func legState(
        at t: Double,
        magnetic: (GridNode, GridNode, Double),
        imu: Bool,
        course wantsCourse: Bool,
        hints: inout SearchHints,
        offset: StateOffset
    ) -> TrajectoryState {
        let p = path.sample(at: t, hints: &hints)
        let v = p.speed
        let a = p.acceleration
        // Course in the local frame and its rate, from the path's local velocity (exact); at rest, the local
        // direction of the path's tangent.
        let vl = p.localVelocity
        let al = p.localAcceleration
        let vh2 = vl.x * vl.x + vl.y * vl.y
        let psi: Double
        let psiDot: Double
        let sinPsi: Double
        let cosPsi: Double
        if vh2 > 1e-18 {
            let vh = vh2.squareRoot()
            psi = wantsCourse ? atan2(vl.x, vl.y) : 0
            (sinPsi, cosPsi) = (vl.x / vh, vl.y / vh)
            psiDot = (vl.y * al.x - vl.x * al.y) / vh2
        } else {
            let tangent = SIMD3(cos(p.planeHeading), sin(p.planeHeading), p.grade)
            let d = KinematicPath.local(
                plane: path.plane,
                latitude: p.latitude,
                longitude: p.longitude,
                height: p.height,
                velocity: tangent,
                acceleration: .zero
            ).velocity
            let dh = (d.x * d.x + d.y * d.y).squareRoot()
            psi = atan2(d.x, d.y)
            (sinPsi, cosPsi) = dh > 0 ? (d.x / dh, d.y / dh) : (sin(psi), cos(psi))
            psiDot = -v * p.curvature
        }
        // The person: the device's offset from the path's point and its body part's turn (BodyModel), in the
        // platform's axes, carried into the local frame along the heading averaged over ±1 step (β,
        // counter-clockwise from east; C², see HeadingSmoother), so that it carries no jump in acceleration
        // through the joints of a turn: with right R = (sin β, −cos β, 0) and forward F = (cos β, sin β, 0),
        // Ṙ = β̇F and Ḟ = −β̇R.
        var position = SIMD3<Double>(0, 0, 0)
        var gaitVelocity = SIMD3<Double>(0, 0, 0)
        var gaitAcceleration = SIMD3<Double>(0, 0, 0)
        var steps = 0
        var cadence = 0.0
        var carriage: BodyModel.Motion?
        if let body {
            let L = body.stepLength
            let station = p.station
            // Faded in over the first stride and out over the last, and out and in again around each pause.
            var (ramp, ramp1, ramp2) = Self.fade(station, length: path.length, width: 2 * L)
            if !path.stops.isEmpty {
                (ramp, ramp1, ramp2) = Self.fade((ramp, ramp1, ramp2), station, stops: path.stops, width: 2 * L)
            }
            let m = body.motion(station: station, speed: v, acceleration: a, fade: (ramp, ramp1, ramp2))
            steps = m.steps
            cadence = m.cadence
            let (beta, beta1, beta2) = smoother.smoothed(station, halfWidth: L)
            let bd = beta1 * v
            let bdd = beta2 * v * v + beta1 * a
            let (sb, cb) = (sin(beta), cos(beta))
            let right = SIMD3(sb, -cb, 0)
            let forward = SIMD3(cb, sb, 0)
            let up = SIMD3<Double>(0, 0, 1)
            let (o, od, odd) = (m.offset, m.velocity, m.acceleration)
            position = o.x * right + o.y * forward + o.z * up
            gaitVelocity = (od.x - bd * o.y) * right + (od.y + bd * o.x) * forward + od.z * up
            gaitAcceleration =
                (odd.x - 2 * bd * od.y - bdd * o.y - bd * bd * o.x) * right
                + (odd.y + 2 * bd * od.x + bdd * o.x - bd * bd * o.y) * forward + odd.z * up
            carriage = m
        }
        // Standing: sway (and a hand's tremor) while resting, in the local frame and as a small tilt.
        var tilt = (angle: SIMD2<Double>.zero, rate: SIMD2<Double>.zero)
        if let standing, let window = path.rest(containing: t) {
            let (offset, turn) = standing.motion(at: t, window: window)
            position += offset.0
            gaitVelocity += offset.1
            gaitAcceleration += offset.2
            tilt = (turn.0, turn.1)
        }
        let pathRadii = p.radii
        var phi = p.latitude
        var lambda = p.longitude
        var h = p.height
        var sinPhi = p.sinLatitude
        var cosPhi = p.cosLatitude
        var radii = pathRadii
        var velocity = vl
        var acceleration = al
        // A gait always has a body model (and so does a pocket that pedals).
        if body != nil {
            phi += position.y / (pathRadii.meridian + p.height)
            lambda += position.x / ((pathRadii.primeVertical + p.height) * p.cosLatitude)
            h += position.z
            (sinPhi, cosPhi) = (sin(phi), cos(phi))
            radii = RadiiOfCurvature(sinLatitude: sinPhi)
            // The frame's turn carries the offset: d/dt(C o) = C (ȯ + ω_en × o).
            let transportPath = EarthRotation.transportRate(
                sinLatitude: sinPhi,
                cosLatitude: cosPhi,
                radii: radii,
                height: h,
                velocity: vl
            )
            velocity = vl + gaitVelocity + Self.cross(transportPath, position)
            acceleration = al + gaitAcceleration + Self.cross(transportPath, gaitVelocity)
        }
        let latitude = phi * 180 / .pi

        // Attitude: heading ψ (clockwise), pitch θ about x, roll r about y (right side down positive); each
        // quaternion from its half angle's cosine and sine.
        // A pedestrian stays upright on steep ground and stairs: the body's pitch follows the grade up to
        // `uprightGrade` and then levels off (see `uprightPitch`).
        var grade = p.grade
        var gradeSlope = 1.0
        if body != nil && vehicle.gait != nil { (grade, gradeSlope) = Self.uprightPitch(grade) }
        let thetaDot = gradeSlope * p.gradeRate * v / (1 + grade * grade)
        let cosTheta = 1 / (1 + grade * grade).squareRoot()
        var cosRoll = 1.0
        var sinRoll = 0.0
        var rollDot = 0.0
        if vehicle.banks {
            let g = IMU.standardGravity
            // The lean follows the curvature averaged over ±3 m (C¹, so the roll rate is continuous where the
            // path's clothoids meet its arcs): the rider leans into a curve a moment before it.
            let (_, kappa, kappaRate) = smoother.smoothed(p.station, halfWidth: Self.bankWindow)
            let lateral = v * v * kappa
            let lateralDot = 2 * v * a * kappa + v * v * v * kappaRate
            let x = lateral / g
            cosRoll = 1 / (1 + x * x).squareRoot()
            sinRoll = -x * cosRoll
            rollDot = -(lateralDot / g) / (1 + x * x)
        }
        let yaw = Self.halfAngle(cos: cosPsi, sin: sinPsi)
        let pitch = Self.halfAngle(cos: cosTheta, sin: grade * cosTheta)
        let rollHalf = Self.halfAngle(cos: cosRoll, sin: sinRoll)
        let qYaw = Quaternion(w: yaw.cos, x: 0, y: 0, z: -yaw.sin)
        let qPitch = Quaternion(w: pitch.cos, x: pitch.sin, y: 0, z: 0)
        let qRoll = Quaternion(w: rollHalf.cos, x: 0, y: rollHalf.sin, z: 0)
        let pitchRoll = qPitch * qRoll
        let platform = qYaw * pitchRoll
        // The body part's turn relative to the platform, Rx(pitch) Ry(roll), then the mount.
        var carried = mountQuaternion
        var bodyTurn:
            (
                matrix: (Double, Double, Double, Double, Double, Double, Double, Double, Double),
                rate: SIMD3<Double>
            )?
        if let turn = carriage, turn.pitch != 0 || turn.roll != 0 || turn.pitchRate != 0 || turn.rollRate != 0 {
            let (hp, hr) = (turn.pitch / 2, turn.roll / 2)
            let qb = Quaternion(w: cos(hp), x: sin(hp), y: 0, z: 0) * Quaternion(w: cos(hr), x: 0, y: sin(hr), z: 0)
            carried = qb * mountQuaternion
            // The body part's angular velocity in its own frame: Ry(roll)ᵀ (pitch′ x) + roll′ y.
            let (sr, cr) = (sin(turn.roll), cos(turn.roll))
            bodyTurn = (qb.matrix, SIMD3(turn.pitchRate * cr, turn.rollRate, turn.pitchRate * sr))
        }
        var attitude = platform * carried
        // The standing tilt turns the device about its own x, then y axis: S = Rx(α) Ry(β), rate Ryᵀ α̇x + β̇y.
        var tiltTurn: (turn: Quaternion, sinY: Double, cosY: Double)?
        if tilt.angle != .zero || tilt.rate != .zero {
            let (sy, cy) = (sin(tilt.angle.y), cos(tilt.angle.y))
            let ax = Self.halfAngle(cos: cos(tilt.angle.x), sin: sin(tilt.angle.x))
            let ay = Self.halfAngle(cos: cy, sin: sy)
            let turn = Quaternion(w: ax.cos, x: ax.sin, y: 0, z: 0) * Quaternion(w: ay.cos, x: 0, y: ay.sin, z: 0)
            attitude = attitude * turn
            tiltTurn = (turn, sy, cy)
        }
        let m = attitude.matrix
        /// `R(q)ᵀ v`: a local-frame vector in the device frame.
        @inline(__always) func toDevice(_ v: SIMD3<Double>) -> SIMD3<Double> { Self.inverseRotate(m, v) }
        // ω (platform relative to the local frame) in the platform frame: Rᵣᵀ Rθᵀ ψ̇ + Rᵣᵀ θ̇ + ṙ.
        let w1 = Self.inverseRotate(pitchRoll.matrix, SIMD3(0, 0, -psiDot))
        let w2 = Self.inverseRotate(qRoll.matrix, SIMD3(thetaDot, 0, 0))
        let wPlatform = SIMD3(w1.x + w2.x, w1.y + w2.y + rollDot, w1.z + w2.z)
        // ω_device = Mᵀ (R_bᵀ ω_platform + ω_body).
        var wCarried = wPlatform
        if let bodyTurn { wCarried = Self.inverseRotate(bodyTurn.matrix, wPlatform) + bodyTurn.rate }
        var rotationRate = Self.inverseRotate(mountQuaternion.matrix, wCarried)
        if let (turn, sy, cy) = tiltTurn {
            // Ry(β)ᵀ (α̇, 0, 0) + (0, β̇, 0).
            rotationRate =
                Self.inverseRotate(turn.matrix, rotationRate) + SIMD3(cy * tilt.rate.x, tilt.rate.y, sy * tilt.rate.x)
        }

        // The ideal IMU.
        var f = SIMD3<Double>(0, 0, 0)
        var rate = SIMD3<Double>(0, 0, 0)
        if imu {
            let gamma = NormalGravity.magnitude(sinLatitude: sinPhi, height: h)
            var force = acceleration + SIMD3(0, 0, gamma)
            rate = rotationRate
            if earthRotation {
                let earth = EarthRotation.earthRate(sinLatitude: sinPhi, cosLatitude: cosPhi)
                let transport = EarthRotation.transportRate(
                    sinLatitude: sinPhi,
                    cosLatitude: cosPhi,
                    radii: radii,
                    height: h,
                    velocity: velocity
                )
                force += Self.cross(2 * earth + transport, velocity)
                rate += toDevice(earth + transport)
            }
            f = toDevice(force)
        }

        // The magnetic field, its declination and the geoid, interpolated in time on the grid; the field then
        // in the device frame.
        let (b, declination, geoid) = Self.interpolate(magnetic, at: t)
        let bd = toDevice(b)
        let heading = Self.heading(matrix: m)
        let magneticHeading = Self.wrapDegrees(heading - declination)
        var course = wantsCourse ? psi * 180 / .pi : 0
        if course < 0 { course += 360 }
        let longitude = Self.wrapLongitude(lambda * 180 / .pi)
        let msl = h - geoid
        let totals = ascent.totals(at: p.station, height: p.height, hint: &hints.ascent)
        return TrajectoryState(
            time: t + offset.time,
            latitude: latitude,
            longitude: longitude,
            altitude: h,
            altitudeAboveMeanSeaLevel: msl,
            velocity: velocity,
            acceleration: acceleration,
            attitude: attitude,
            rotationRate: rotationRate,
            specificForce: f,
            angularRate: rate,
            magneticField: bd,
            trueHeading: heading,
            magneticHeading: magneticHeading,
            declination: declination,
            speed: v,
            course: course,
            distance: p.station + offset.distance,
            steps: steps + offset.steps,
            cadence: cadence,
            floorsAscended: Int(((totals.ascent + offset.ascent) / 3).rounded(.down)),
            floorsDescended: Int(((totals.descent + offset.descent) / 3).rounded(.down))
        )
    }

    /// The grade up to which a pedestrian's body pitches with the ground, 0.1; beyond it the pitch's tangent
    /// levels off towards 0.2 (11°): a person leans a little into a steep climb or a stair, never as
    /// much as the ground.
    static let uprightGrade = 0.1

    /// The tangent of a pedestrian's pitch on `grade` and its derivative with respect to the grade: the
    /// grade itself up to ``uprightGrade`` `a`, then `a + (c − a) tanh((|x| − a)/(c − a))` with `c = 0.2`
    /// (value, slope and curvature continuous at `a`).
    static func uprightPitch(_ x: Double) -> (Double, Double) {
        let a = uprightGrade
        guard abs(x) > a else { return (x, 1) }
        let c = 0.2
        let t = tanh((abs(x) - a) / (c - a))
        return ((x > 0 ? 1 : -1) * (a + (c - a) * t), 1 - t * t)
    }

    /// The grid's field (east, north, up, µT), declination (degrees, the short way round) and geoid height (m)
    /// at `t`, linearly between the nodes around it.
    @inline(__always)
    static func interpolate(
        _ magnetic: (GridNode, GridNode, Double), at t: Double
    ) -> (field: SIMD3<Double>, declination: Double, geoid: Double) {
        let (n0, n1, k) = magnetic
        let u = t / magneticGridSpacing - k
        var turn = n1.declination - n0.declination
        if abs(turn) > 180 { turn -= 360 * (turn / 360).rounded() }
        return (
            n0.field + (n1.field - n0.field) * u, n0.declination + turn * u, n0.geoid + (n1.geoid - n0.geoid) * u
        )
    }

    /// Half-width of the arc-length window over which a banking platform's lean averages the curvature, m.
    static let bankWindow = 3.0

    /// `R(q)ᵀ v` from `R(q)` (`Quaternion.matrix`), as `Quaternion.inverseRotate`.
    @inline(__always)
    static func inverseRotate(
        _ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double),
        _ v: SIMD3<Double>
    ) -> SIMD3<Double> {
        SIMD3(m.0 * v.x + m.3 * v.y + m.6 * v.z, m.1 * v.x + m.4 * v.y + m.7 * v.z, m.2 * v.x + m.5 * v.y + m.8 * v.z)
    }

    /// `(cos(α/2), sin(α/2))` of an angle `α` in (−π, π] given by `cos α` and `sin α`, by square roots, each
    /// in its cancellation-free form (`cos(α/2) ≥ 0`, as `Quaternion(axis:angle:)` gives for such an angle).
    @inline(__always)
    static func halfAngle(cos c: Double, sin s: Double) -> (cos: Double, sin: Double) {
        if c >= 0 {
            let ch = ((1 + c) / 2).squareRoot()
            return (ch, s / (2 * ch))
        }
        let sh = ((1 - c) / 2).squareRoot()
        let signed = s < 0 ? -sh : sh
        return (s / (2 * signed), signed)
    }

    /// The true heading of an attitude, degrees 0 ..< 360: the azimuth of the device's y axis, or of its
    /// back (−z) when y is within 45° of vertical.
    public static func heading(_ attitude: Quaternion) -> Double {
        heading(matrix: attitude.matrix)
    }

    /// ``heading(_:)`` from the attitude's rotation matrix (row-major, `Quaternion.matrix`).
    @inline(__always)
    static func heading(matrix m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) -> Double {
        // Columns 1 and 2 of R are the device's y and z axes in the local frame.
        let d: (x: Double, y: Double)
        if abs(m.7) <= 0.5.squareRoot() {
            d = (m.1, m.4)
        } else {
            d = (-m.2, -m.5)
        }
        return wrapDegrees(atan2(d.x, d.y) * 180 / .pi)
    }

    /// The gait's fade at station `s` of a path `length` long, over `width` metres at each end, and its first
    /// and second derivatives along the path: the product of two quintic smoothsteps (C², so the gait's
    /// acceleration is continuous).
    static func fade(_ s: Double, length: Double, width: Double) -> (Double, Double, Double) {
        func step(_ x: Double) -> (Double, Double, Double) {
            guard x > 0 else { return (0, 0, 0) }
            guard x < 1 else { return (1, 0, 0) }
            let x2 = x * x
            return (x2 * x * (10 - 15 * x + 6 * x2), 30 * x2 * (1 - x) * (1 - x), 60 * x * (1 - x) * (1 - 2 * x))
        }
        let a = step(s / width)
        let b = step((length - s) / width)
        let w = 1 / width
        // d/ds of b(x(s)) with x = (L − s)/w is −b′/w.
        return (a.0 * b.0, a.1 * w * b.0 - a.0 * b.1 * w, a.2 * w * w * b.0 - 2 * a.1 * b.1 * w * w + a.0 * b.2 * w * w)
    }

    /// `fade` (a factor of the station and its first and second derivatives along the path) times the fade
    /// out and in again around each of `stops` (stations, m, increasing): the quintic smoothstep of
    /// `|s − stop| / width`, 0 at the stop with its first two derivatives, 1 from `width` metres away (so the
    /// product stays C²). Only the stops within `width` of `s` count (a binary search, then a walk out to them).
    static func fade(
        _ fade: (Double, Double, Double),
        _ s: Double,
        stops: [Double],
        width: Double
    )
        -> (Double, Double, Double)
    {
        var (f, f1, f2) = fade
        let w = 1 / width
        func include(_ stop: Double) {
            let x = abs(s - stop) * w
            guard x < 1 else { return }
            let x2 = x * x
            let sign: Double = s >= stop ? 1 : -1
            let g = x2 * x * (10 - 15 * x + 6 * x2)
            let g1 = sign * 30 * x2 * (1 - x) * (1 - x) * w
            let g2 = 60 * x * (1 - x) * (1 - 2 * x) * w * w
            (f, f1, f2) = (f * g, f1 * g + f * g1, f2 * g + 2 * f1 * g1 + f * g2)
        }
        var below = KinematicPath.index(stops, s)
        var above = below + 1
        if stops[below] > s {
            above = below
            below = -1
        }
        while below >= 0, s - stops[below] < width {
            include(stops[below])
            below -= 1
        }
        while above < stops.count, stops[above] - s < width {
            include(stops[above])
            above += 1
        }
        return (f, f1, f2)
    }

    /// An angle in degrees wrapped to 0 ..< 360.
    static func wrapDegrees(_ x: Double) -> Double {
        // The common cases without the remainder (the same result: fmod is exact and the identity there).
        if x >= 0, x < 360 { return x }
        if x < 0, x > -360 {
            let r = x + 360
            return r >= 360 ? 0 : r
        }
        var r = x.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        return r >= 360 ? 0 : r
    }

    /// A longitude in degrees wrapped to −180 ..< 180... kept as is within ±180.
    static func wrapLongitude(_ x: Double) -> Double {
        x > 180 ? x - 360 : (x < -180 ? x + 360 : x)
    }

    /// `a × b`.
    @inline(__always)
    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}

extension SIMD3 where Scalar == Double {
    /// The components of a tuple vector.
    init(_ t: (x: Double, y: Double, z: Double)) { self.init(t.x, t.y, t.z) }
}
