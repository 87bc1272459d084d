import Foundation
import Location
import Sensors
import Signals

extension Trajectory {
    /// The truth at time `t`, seconds from the start (at rest at the first waypoint before 0 and at the last
    /// after ``duration``).
    ///
    /// A pure function of `t`: the same in any order, bit-identical. Cost: one path sample (see
    /// `KinematicPath.state(at:)`), the attitude and IMU terms, a geoid lookup, and two WMM2025 syntheses for
    /// the magnetic grid (about 2.5 µs; block rendering shares the grid between samples).
    /// - Parameter t: Seconds from the start.
    public func state(at t: Double) -> TrajectoryState {
        let k = (t / Self.magneticGridSpacing).rounded(.down)
        return state(at: t, magnetic: (magneticNode(k), magneticNode(k + 1), k))
    }

    /// The geomagnetic field (east, north, up, µT) at grid time `k · magneticGridSpacing`, at the path's
    /// position then (the gait's few centimetres are ignored: the field changes by picotesla over them).
    func magneticNode(_ k: Double) -> SIMD3<Double> {
        let t = k * Self.magneticGridSpacing
        let p = path.sample(at: t)
        let year = GeomagneticModel.decimalYear(secondsSince1970: epochSeconds + t)
        // The position and the year were checked when the trajectory was built; a year past 2030.0 (a render
        // long after the arrival) uses the model's end of validity.
        let wmm = GeomagneticModel.wmm2025
        let y = min(max(year, wmm.validity.lowerBound), wmm.validity.upperBound)
        guard let field = try? wmm.field(latitude: p.latitude * 180 / .pi, longitude: p.longitude * 180 / .pi,
                                         height: p.height, decimalYear: y) else { return SIMD3(repeating: .nan) }
        return SIMD3(field.east, field.north, -field.down) / 1_000
    }

    /// The truth at `t` with the magnetic grid nodes around it.
    func state(at t: Double, magnetic: (SIMD3<Double>, SIMD3<Double>, Double)) -> TrajectoryState {
        let p = path.sample(at: t)
        let v = p.speed, a = p.acceleration
        // Course in the local frame and its rate, from the path's local velocity (exact); at rest, the local
        // direction of the path's tangent.
        let vl = p.localVelocity, al = p.localAcceleration
        let vh2 = vl.x * vl.x + vl.y * vl.y
        var psi: Double, psiDot: Double
        if vh2 > 1e-18 {
            psi = atan2(vl.x, vl.y)
            psiDot = (vl.y * al.x - vl.x * al.y) / vh2
        } else {
            let tangent = SIMD3(cos(p.planeHeading), sin(p.planeHeading), p.grade)
            let d = KinematicPath.local(plane: path.plane, latitude: p.latitude, longitude: p.longitude, height: p.height,
                                        velocity: tangent, acceleration: .zero).velocity
            psi = atan2(d.x, d.y)
            psiDot = -v * p.curvature
        }
        // Gait: bounce up and sway to the right, in the local frame.
        var position = SIMD3<Double>(0, 0, 0), gaitVelocity = SIMD3<Double>(0, 0, 0), gaitAcceleration = SIMD3<Double>(0, 0, 0)
        var steps = 0, cadence = 0.0
        if let gait = vehicle.gait {
            let L = gait.stepLength, station = p.station
            steps = Int((station / L).rounded(.down))
            cadence = v / L
            // Offsets as functions of the station s (so their time derivatives, g′v and g″v² + g′a, are as
            // continuous as the speed and acceleration), faded in over the first stride and out over the last.
            let (ramp, ramp1, ramp2) = Self.fade(station, length: path.length, width: 2 * L)
            func oscillation(_ amplitude: Double, _ cycles: Double) -> (Double, Double, Double) {
                let k = 2 * .pi * cycles / L
                let (sn, cs) = (sin(k * station), cos(k * station))
                let g = amplitude * ramp * sn
                let gs = amplitude * (ramp1 * sn + ramp * k * cs)
                let gss = amplitude * (ramp2 * sn + 2 * ramp1 * k * cs - ramp * k * k * sn)
                return (g, gs * v, gss * v * v + gs * a)
            }
            let z = oscillation(gait.bounce, 1), y = oscillation(gait.sway, 0.5)
            // Sideways: to the right of the heading averaged over ±1 step (C², see HeadingSmoother), as a
            // plane heading β (counter-clockwise from east): right = (sin β, −cos β).
            let (beta, beta1, beta2) = smoother.smoothed(station, halfWidth: L)
            let betaDot = beta1 * v, betaDDot = beta2 * v * v + beta1 * a
            let (sb, cb) = (sin(beta), cos(beta))
            let right = SIMD3(sb, -cb, 0), rightDot = betaDot * SIMD3(cb, sb, 0)
            let rightDDot = betaDDot * SIMD3(cb, sb, 0) - betaDot * betaDot * right
            let up = SIMD3<Double>(0, 0, 1)
            position = y.0 * right + z.0 * up
            gaitVelocity = y.1 * right + y.0 * rightDot + z.1 * up
            gaitAcceleration = y.2 * right + 2 * y.1 * rightDot + y.0 * rightDDot + z.2 * up
        }
        let radii = RadiiOfCurvature(latitude: p.latitude * 180 / .pi)
        let phi = p.latitude + position.y / (radii.meridian + p.height)
        let lambda = p.longitude + position.x / ((radii.primeVertical + p.height) * cos(p.latitude))
        let h = p.height + position.z
        let latitude = phi * 180 / .pi
        // The frame's turn carries the offset: d/dt(C o) = C (ȯ + ω_en × o).
        let transportPath = EarthRotation.transportRate(latitude: latitude, height: h, velocity: vl)
        let velocity = vl + gaitVelocity + Self.cross(transportPath, position)
        let acceleration = al + gaitAcceleration + Self.cross(transportPath, gaitVelocity)

        // Attitude: heading ψ (clockwise), pitch θ about x, roll r about y (right side down positive).
        let grade = p.grade
        let theta = atan(grade), thetaDot = p.gradeRate * v / (1 + grade * grade)
        var roll = 0.0, rollDot = 0.0
        if vehicle.banks {
            let g = IMU.standardGravity
            // The lean follows the curvature averaged over ±3 m (C¹, so the roll rate is continuous where the
            // path's clothoids meet its arcs): the rider leans into a curve a moment before it.
            let (_, kappa, kappaRate) = smoother.smoothed(p.station, halfWidth: Self.bankWindow)
            let lateral = v * v * kappa, lateralDot = 2 * v * a * kappa + v * v * v * kappaRate
            roll = -atan(lateral / g)
            rollDot = -(lateralDot / g) / (1 + (lateral / g) * (lateral / g))
        }
        let qYaw = Quaternion(axis: (0, 0, 1), angle: -psi)
        let qPitch = Quaternion(axis: (1, 0, 0), angle: theta), qRoll = Quaternion(axis: (0, 1, 0), angle: roll)
        let pitchRoll = qPitch * qRoll
        let platform = qYaw * pitchRoll
        let attitude = platform * mount.quaternion
        // ω (platform relative to the local frame) in the platform frame: Rᵣᵀ Rθᵀ ψ̇ + Rᵣᵀ θ̇ + ṙ.
        let w1 = pitchRoll.inverseRotate((0, 0, -psiDot)), w2 = qRoll.inverseRotate((thetaDot, 0, 0))
        let wPlatform = (w1.x + w2.x, w1.y + w2.y + rollDot, w1.z + w2.z)
        let wd = mount.quaternion.inverseRotate(wPlatform)
        let rotationRate = SIMD3(wd.x, wd.y, wd.z)

        // The ideal IMU.
        let gamma = NormalGravity.magnitude(latitude: latitude, height: h)
        var force = acceleration + SIMD3(0, 0, gamma)
        var rate = rotationRate
        if earthRotation {
            let earth = EarthRotation.earthRate(latitude: latitude)
            let transport = EarthRotation.transportRate(latitude: latitude, height: h, velocity: velocity)
            force += Self.cross(2 * earth + transport, velocity)
            let w = attitude.inverseRotate(((earth + transport).x, (earth + transport).y, (earth + transport).z))
            rate += SIMD3(w.x, w.y, w.z)
        }
        let f = attitude.inverseRotate((force.x, force.y, force.z))

        // The magnetic field, interpolated in time, then in the device frame.
        let (b0, b1, k) = magnetic
        let u = t / Self.magneticGridSpacing - k
        let b = b0 + (b1 - b0) * u
        let bd = attitude.inverseRotate((b.x, b.y, b.z))
        let declination = atan2(b.x, b.y) * 180 / .pi
        let heading = Self.heading(attitude)
        let magneticHeading = Self.wrapDegrees(heading - declination)
        var course = psi * 180 / .pi
        if course < 0 { course += 360 }
        let msl = h - ((try? Geoid.egm96.height(latitude: latitude, longitude: lambda * 180 / .pi)) ?? .nan)
        let totals = ascent.totals(at: p.station, height: p.height)
        return TrajectoryState(time: t, latitude: latitude, longitude: Self.wrapLongitude(lambda * 180 / .pi), altitude: h,
                               altitudeAboveMeanSeaLevel: msl, velocity: velocity, acceleration: acceleration,
                               attitude: attitude, rotationRate: rotationRate, specificForce: SIMD3(f.x, f.y, f.z),
                               angularRate: rate, magneticField: SIMD3(bd.x, bd.y, bd.z), trueHeading: heading,
                               magneticHeading: magneticHeading, declination: declination, speed: v, course: course,
                               distance: p.station, steps: steps, cadence: cadence,
                               floorsAscended: Int((totals.ascent / 3).rounded(.down)),
                               floorsDescended: Int((totals.descent / 3).rounded(.down)))
    }

    /// Half-width of the arc-length window over which a banking platform's lean averages the curvature, m.
    static let bankWindow = 3.0

    /// The true heading of an attitude, degrees 0 ..< 360: the azimuth of the device's y axis, or of its
    /// back (−z) when y is within 45° of vertical.
    public static func heading(_ attitude: Quaternion) -> Double {
        let y = attitude.rotate((0, 1, 0))
        let d: (x: Double, y: Double, z: Double)
        if abs(y.z) <= 0.5.squareRoot() {
            d = y
        } else {
            let z = attitude.rotate((0, 0, 1))
            d = (-z.x, -z.y, -z.z)
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
        let a = step(s / width), b = step((length - s) / width)
        let w = 1 / width
        // d/ds of b(x(s)) with x = (L − s)/w is −b′/w.
        return (a.0 * b.0, a.1 * w * b.0 - a.0 * b.1 * w, a.2 * w * w * b.0 - 2 * a.1 * b.1 * w * w + a.0 * b.2 * w * w)
    }

    /// An angle in degrees wrapped to 0 ..< 360.
    static func wrapDegrees(_ x: Double) -> Double {
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
