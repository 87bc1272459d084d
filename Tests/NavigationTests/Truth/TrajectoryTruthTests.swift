import Foundation
import Location
import Signals
import Testing

@testable import Navigation

@Suite struct TrajectoryTruthTests {
    let car = try! Trajectory(
        route: TruthChecks.carRoute(), vehicle: .car, mount: .dashboard, epoch: "2026-06-01T12:00:00Z")
    let walk = try! Trajectory(
        route: TruthChecks.walkRoute(), vehicle: .walk, mount: .handheld, epoch: "2026-06-01T12:00:00Z")
    let bike = try! Trajectory(
        route: TruthChecks.carRoute(), vehicle: .bike, mount: .flat, epoch: "2026-06-01T12:00:00Z")

    @Test func positionVelocityAndAccelerationAreConsistent() {
        for (trajectory, bound) in [(car, 2e-5), (walk, 2e-5), (bike, 2e-5)] {
            let times = TruthChecks.times(trajectory.duration, step: trajectory.duration / 397)
            let f = { trajectory.state(at: $0) }
            // ±0.1 ms: a step's impacts change the acceleration within 10 ms, so ±1 ms differences of the
            // position would measure their jerk (5e-5 m/s on the walk), not a mismatch.
            let dv = TruthChecks.velocityMismatch(f, times: times, epsilon: 1e-4)
            let da = TruthChecks.accelerationMismatch(f, times: times)
            #expect(dv < bound, "velocity vs position: \(dv) m/s")
            #expect(da < 1e-4, "acceleration vs velocity: \(da) m/s²")
        }
    }

    @Test func attitudeAndRotationRateAreConsistent() {
        for trajectory in [car, walk, bike] {
            let times = TruthChecks.times(trajectory.duration, step: trajectory.duration / 397)
            let dw = TruthChecks.rotationMismatch({ trajectory.state(at: $0) }, times: times)
            #expect(dw < 1e-6, "rotation rate vs attitude: \(dw) rad/s")
        }
    }

    @Test func theIdealIMUFollowsTheNavigationEquations() {
        for trajectory in [car, walk, bike] {
            let times = TruthChecks.times(trajectory.duration, step: trajectory.duration / 397)
            let f = { trajectory.state(at: $0) }
            #expect(TruthChecks.specificForceMismatch(f, times: times, earthRotation: true) < 1e-12 * 100)
            #expect(TruthChecks.angularRateMismatch(f, times: times) < 1e-15 * 100)
        }
    }

    @Test func theChecksFailOnACorruptedTruth() {
        let times = TruthChecks.times(car.duration, step: car.duration / 97)
        // A rotation rate with its sign flipped, a velocity 1 % fast, an acceleration without the frame's turn,
        // a specific force without Coriolis.
        let flipped: TruthChecks.States = { t in
            var s = car.state(at: t)
            s.rotationRate = -s.rotationRate
            return s
        }
        let fast: TruthChecks.States = { t in
            var s = car.state(at: t)
            s.velocity *= 1.01
            return s
        }
        let noCoriolis: TruthChecks.States = { t in
            var s = car.state(at: t)
            let w = 2 * EarthRotation.earthRate(latitude: s.latitude)
            let c = SIMD3(
                w.y * s.velocity.z - w.z * s.velocity.y, w.z * s.velocity.x - w.x * s.velocity.z,
                w.x * s.velocity.y - w.y * s.velocity.x)
            let d = s.attitude.inverseRotate((c.x, c.y, c.z))
            s.specificForce -= SIMD3(d.x, d.y, d.z)
            return s
        }
        #expect(TruthChecks.rotationMismatch(flipped, times: times) > 0.01)
        #expect(TruthChecks.velocityMismatch(fast, times: times) > 0.01)
        #expect(TruthChecks.specificForceMismatch(noCoriolis, times: times, earthRotation: true) > 1e-3)
        #expect(TruthChecks.accelerationMismatch(fast, times: times) > 1e-3)
    }

    @Test func aDeviceAtRestReadsNormalGravityAndTheEarthsRate() {
        let level = Route(speed: 5) {
            Waypoint(latitude: 51.5007, longitude: -0.1246, altitude: 10)
            Waypoint(latitude: 51.5033, longitude: -0.1196, altitude: 10)
        }
        let s = try! Trajectory(route: level, vehicle: .bike).state(at: -5)
        let gamma = NormalGravity.magnitude(latitude: 51.5007, height: 10)
        #expect(abs(s.specificForce.z - gamma) < 1e-9)
        #expect(abs(s.specificForce.x) < 1e-9 && abs(s.specificForce.y) < 1e-9)
        let rate = (s.angularRate * s.angularRate).sum().squareRoot()
        #expect(abs(rate - EarthRotation.rate) < 1e-15)
        // Face up: z is up, so the gyroscope's z reads the vertical component ω sin φ.
        #expect(abs(s.angularRate.z - EarthRotation.rate * sin(51.5007 * .pi / 180)) < 1e-15)
        #expect((s.rotationRate * s.rotationRate).sum() == 0)
    }

    @Test func withoutEarthRotationTheIMUReadsTheLocalFrame() throws {
        let flat = try Trajectory(route: TruthChecks.carRoute(), vehicle: .car, earthRotation: false)
        for t in stride(from: 0.0, to: flat.duration, by: 7.3) {
            let s = flat.state(at: t)
            #expect(s.angularRate == s.rotationRate)
        }
        let f: TruthChecks.States = { flat.state(at: $0) }
        #expect(
            TruthChecks.specificForceMismatch(
                f, times: TruthChecks.times(flat.duration, step: 3.1), earthRotation: false) < 1e-10)
    }

    @Test func headingIsTheCourseForAPhoneWhoseTopPointsForward() {
        for trajectory in [car, bike] {  // dashboard (upright: the back looks forward) and flat
            for t in stride(from: 1.0, to: trajectory.duration - 1, by: 2.7) {
                let s = trajectory.state(at: t)
                var d = abs(s.trueHeading - s.course)
                d = min(d, 360 - d)
                // A bike's lean tilts the phone's top sideways only when it rolls; its y axis stays level.
                #expect(d < 1e-9, "t \(t): heading \(s.trueHeading), course \(s.course)")
            }
        }
    }

    @Test func magneticHeadingSubtractsTheDeclination() throws {
        let s = car.state(at: 30)
        let year = GeomagneticModel.decimalYear(secondsSince1970: car.epochSeconds + 30)
        let field = try GeomagneticModel.wmm2025.field(
            latitude: s.latitude, longitude: s.longitude, height: s.altitude,
            decimalYear: year)
        #expect(abs(s.declination - field.declination) < 1e-4)
        var d = abs(Trajectory.wrapDegrees(s.trueHeading - field.declination) - s.magneticHeading)
        d = min(d, 360 - d)
        #expect(d < 1e-4)
    }

    @Test func theMagneticGridStaysWithinATenthOfANanotesla() throws {
        var worst = 0.0
        for t in stride(from: 0.13, to: car.duration, by: 1.37) {
            let s = car.state(at: t)
            let year = GeomagneticModel.decimalYear(secondsSince1970: car.epochSeconds + t)
            let field = try GeomagneticModel.wmm2025.field(
                latitude: s.latitude, longitude: s.longitude,
                height: s.altitude, decimalYear: year)
            let enu = s.attitude.rotate((s.magneticField.x, s.magneticField.y, s.magneticField.z))
            let d = SIMD3(enu.x, enu.y, enu.z) * 1000 - SIMD3(field.east, field.north, -field.down)
            worst = max(worst, (d * d).sum().squareRoot())
        }
        #expect(worst < 0.1, "grid interpolation error \(worst) nT")
    }

    @Test func theGeoidOnTheGridStaysWithinACentimetre() throws {
        // A fast car crossing the 1° grid's cells: London to 20 km north-east at 30 m/s.
        let route = Route(speed: 30) {
            Waypoint(latitude: 51.95, longitude: -0.05)
            Waypoint(latitude: 52.05, longitude: 0.05)
            Waypoint(latitude: 52.10, longitude: -0.10)
        }
        let t = try Trajectory(route: route, vehicle: .car)
        var worst = 0.0
        for time in stride(from: 0.37, to: t.duration, by: 0.93) {
            let s = t.state(at: time)
            let direct = s.altitude - (try Geoid.egm96.height(latitude: s.latitude, longitude: s.longitude))
            worst = max(worst, abs(direct - s.altitudeAboveMeanSeaLevel))
        }
        #expect(worst < 0.01, "geoid on the grid vs direct: \(worst) m")
        #expect(worst > 0, "the grid interpolates: it is not the direct lookup")
    }

    @Test func aWalkTakesStepsAtItsCadenceAndACarTakesNone() {
        // The stride phase is the distance over two step lengths plus three slow modulations (3 % of cadence
        // variation): the steps stay within a step or two of distance / step length, and the cadence within
        // a few per cent of speed / step length.
        let L = Gait.walk.stepLength
        let end = walk.state(at: walk.duration + 1)
        #expect(abs(Double(end.steps) - end.distance / L) < 2.5, "\(end.steps) steps over \(end.distance) m")
        #expect(end.steps > 100)
        var cadences: [Double] = []
        for k in 1..<40 {
            let s = walk.state(at: walk.duration * Double(k) / 40)
            guard s.speed > 1.3 else { continue }
            #expect(abs(s.cadence / (s.speed / L) - 1) < 0.1, "cadence \(s.cadence) at \(s.speed) m/s")
            cadences.append(s.cadence / (s.speed / L))
        }
        // It varies (a real cadence varies by a few per cent from stride to stride), by about 3 % RMS.
        let mean = cadences.reduce(0, +) / Double(cadences.count)
        let rms = (cadences.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(cadences.count)).squareRoot()
        #expect(cadences.count > 20)
        #expect(rms > 0.01 && rms < 0.06, "cadence variation \(rms)")
        #expect(car.state(at: car.duration / 2).steps == 0)
    }

    @Test func floorsCountEveryThreeMetresClimbedAndDescended() throws {
        let route = Route(speed: 1.4) {
            Waypoint(latitude: 51.5, longitude: -0.12, altitude: 0)
            Waypoint(latitude: 51.5005, longitude: -0.12, altitude: 10)
            Waypoint(latitude: 51.5010, longitude: -0.12, altitude: 3)
        }
        let t = try Trajectory(route: route, vehicle: .walk)
        let end = t.state(at: t.duration + 1)
        // Rounded corners pass above a crest: the climb is a little over 10 m and the descent over 7 m.
        #expect(end.floorsAscended == 3)
        #expect(end.floorsDescended == 2)
        #expect(t.state(at: -1).floorsAscended == 0)
    }
}

@Suite struct TrajectoryContinuityTests {
    /// The times at which the path crosses each joint between its pieces (bisection on the station).
    static func jointTimes(_ t: Trajectory) -> [Double] {
        t.path.pieceStations.dropFirst().map { s in
            var lo = 0.0
            var hi = t.duration
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if t.path.state(at: mid).station < s { lo = mid } else { hi = mid }
            }
            return (lo + hi) / 2
        }
    }

    @Test("velocity and acceleration are continuous through every joint of every turn, gait included")
    func continuousThroughTurns() throws {
        for vehicle in [Vehicle.walk, .run, .bike, .car] {
            let t = try Trajectory(
                route: vehicle.gait != nil ? TruthChecks.walkRoute() : TruthChecks.carRoute(), vehicle: vehicle,
                mount: .handheld)
            let times = Self.jointTimes(t)
            #expect(times.count >= 4)
            let dv = PathChecks.largestJump({ t.state(at: $0).velocity }, at: times, epsilon: 1e-6)
            let da = PathChecks.largestJump({ t.state(at: $0).acceleration }, at: times, epsilon: 1e-6)
            let dw = PathChecks.largestJump({ t.state(at: $0).rotationRate }, at: times, epsilon: 1e-6)
            #expect(dv < 1e-5, "\(vehicle.name ?? ""): velocity jumps \(dv) m/s")
            #expect(da < 1e-4, "\(vehicle.name ?? ""): acceleration jumps \(da) m/s²")
            #expect(dw < 1e-5, "\(vehicle.name ?? ""): rotation rate jumps \(dw) rad/s")
            // The same check sees the lateral jerk v³σ, which does jump at these joints.
            let jerk = PathChecks.largestJump(
                { s in
                    let a = t.path.state(at: s - 1e-4).lateralAcceleration
                    let b = t.path.state(at: s + 1e-4).lateralAcceleration
                    return SIMD3((b - a) / 2e-4, 0, 0)
                }, at: times, epsilon: 1e-3)
            #expect(jerk > 0.1, "\(vehicle.name ?? ""): lateral jerk jump \(jerk)")
        }
    }

    @Test(
        "velocity, acceleration and rotation rate are continuous into and out of every pause and every joint, gait included"
    )
    func continuousThroughPauses() throws {
        for vehicle in [Vehicle.walk, .run, .bike, .car] {
            let route = TruthChecks.paused(vehicle.gait != nil ? TruthChecks.walkRoute() : TruthChecks.carRoute())
            let t = try Trajectory(route: route, vehicle: vehicle, mount: .handheld)
            let rests = TruthChecks.restTimes(t)
            #expect(rests.count == (vehicle.gait != nil ? 2 : 4))
            let times = Self.jointTimes(t) + rests + t.path.profile.phases.map(\.t0)
            // ±0.1 µs: a run's heel strike changes the acceleration by up to 10⁵ m/s³ (1e-4 m/s² over ±1 µs
            // with no jump at all).
            let e = 1e-7
            let dv = PathChecks.largestJump({ t.state(at: $0).velocity }, at: times, epsilon: e)
            let da = PathChecks.largestJump({ t.state(at: $0).acceleration }, at: times, epsilon: e)
            let dw = PathChecks.largestJump({ t.state(at: $0).rotationRate }, at: times, epsilon: e)
            print(
                "pauses, \(vehicle.name ?? ""): |Δv| \(dv) m/s, |Δa| \(da) m/s², |Δω| \(dw) rad/s over ±0.1 µs at \(times.count) joins"
            )
            #expect(dv < 1e-5, "\(vehicle.name ?? ""): velocity jumps \(dv) m/s")
            #expect(da < 1e-4, "\(vehicle.name ?? ""): acceleration jumps \(da) m/s²")
            #expect(dw < 1e-5, "\(vehicle.name ?? ""): rotation rate jumps \(dw) rad/s")
        }
        // The failing case: a naive pause, the walk without it frozen for 12 s in its first turn, stops dead.
        let plain = try Trajectory(route: TruthChecks.walkRoute(), vehicle: .walk, mount: .handheld)
        let stop = Self.jointTimes(plain)[1]
        let naive: (Double) -> SIMD3<Double> = { t in
            t < stop ? plain.state(at: t).velocity : (t < stop + 12 ? .zero : plain.state(at: t - 12).velocity)
        }
        let jump = PathChecks.largestJump(naive, at: [stop, stop + 12], epsilon: 1e-6)
        #expect(jump > 1, "naive pause: velocity jumps \(jump) m/s")
    }
}
