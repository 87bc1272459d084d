import Foundation
import Location
import Sensors
import Signals
import Testing

@testable import Navigation

/// Stairs: a walk's leg steeper than 1:8 is a flight of 17-cm steps at a slower cadence, the body upright;
/// the altitude, the barometer and the pedometer's floors follow.
@Suite struct StairsTests {
    static let epoch = "2026-06-01T08:30:00Z"

    /// 22 m flat, up 3.4 m over 5.6 m (grade 0.61, 20 steps), 28 m flat, down again, 28 m flat.
    static func route(rise: Double = 3.4) -> Route {
        Route(speed: 1.4) {
            Waypoint(latitude: 51.5007, longitude: -0.1246, altitude: 10)
            Waypoint(latitude: 51.5009, longitude: -0.1246, altitude: 10)
            Waypoint(latitude: 51.50095, longitude: -0.1246, altitude: 10 + rise)
            Waypoint(latitude: 51.5012, longitude: -0.1246, altitude: 10 + rise)
            Waypoint(latitude: 51.50125, longitude: -0.1246, altitude: 10)
            Waypoint(latitude: 51.5015, longitude: -0.1246, altitude: 10)
        }
    }

    static func walk(_ route: Route = route(), mount: Mount = .handheld, stairs: Bool = true) throws -> Trajectory {
        try Trajectory(route: route, vehicle: .walk, mount: mount, epoch: epoch, stairs: stairs)
    }

    /// The times the truth's altitude first passes `fraction` of the way up the flight and down again.
    static func flight(_ t: Trajectory) -> (up: ClosedRange<Double>, down: ClosedRange<Double>) {
        let heights = t.path.heights
        func time(_ station: Double) -> Double { t.path.profile.time(atStation: station) }
        let s = heights.stations
        return (time(s[1] + 1.5)...time(s[2] - 1.5), time(s[3] + 1.5)...time(s[4] - 1.5))
    }

    @Test("on the flight: the stairs' cadence and speed, 17-cm steps, one floor up and one down")
    func flightOfStairs() throws {
        let t = try Self.walk()
        let (up, down) = Self.flight(t)
        for (range, cadence) in [(up, StairProfile.ascentCadence), (down, StairProfile.descentCadence)] {
            for time in stride(from: range.lowerBound, through: range.upperBound, by: 0.5) {
                let s = t.state(at: time)
                // The walk's 3 % cadence variation.
                #expect(abs(s.cadence / cadence - 1) < 0.1, "cadence \(s.cadence) at \(time) s")
                #expect(abs(s.speed - cadence * StairProfile.rise / 0.607) < 0.03, "speed \(s.speed) at \(time) s")
            }
        }
        // Steps over the whole flight: a step per 17 cm of height.
        let heights = t.path.heights
        let (bottom, top) = (
            t.state(at: t.path.profile.time(atStation: heights.stations[1])),
            t.state(at: t.path.profile.time(atStation: heights.stations[2]))
        )
        let steps = Double(top.steps - bottom.steps)
        #expect(abs(steps - 3.4 / StairProfile.rise) <= 1.5, "\(steps) steps up 3.4 m")
        let end = t.state(at: t.duration + 1)
        #expect(end.floorsAscended == 1 && end.floorsDescended == 1)
        #expect(t.state(at: up.lowerBound).floorsAscended == 0)
        // The failing case: the same route without stairs walks the steep legs at 1.4 m/s and the walk's cadence.
        let ramp = try Self.walk(stairs: false)
        let middle = ramp.state(at: Self.flight(ramp).up.lowerBound + 0.5)
        #expect(abs(middle.speed - 1.4) < 1e-6)
        #expect(abs(middle.cadence / (1.4 / Gait.walk.stepLength) - 1) < 0.1)
    }

    @Test("a 1:10 ramp is not stairs: the walk's speed and cadence")
    func rampIsNotStairs() throws {
        let gentle = Route(speed: 1.4) {
            Waypoint(latitude: 51.5007, longitude: -0.1246, altitude: 10)
            Waypoint(latitude: 51.5012, longitude: -0.1246, altitude: 15.5)
        }
        let t = try Self.walk(gentle)
        #expect(t.body?.stairs == nil)
        let s = t.state(at: t.duration / 2)
        #expect(abs(s.speed - 1.4) < 1e-6)
        #expect(abs(s.cadence / (1.4 / Gait.walk.stepLength) - 1) < 0.1)
    }

    @Test("upright on stairs: the hand-held phone tilts by at most 11°, where the stairs rise 31°")
    func upright() throws {
        let t = try Self.walk(mount: .flat)
        let flat = try Self.walk(mount: .flat, stairs: false)
        let (up, _) = Self.flight(t)
        func tilt(_ s: TrajectoryState) -> Double {
            // The angle of the device's z axis (flat on the platform) from the vertical.
            let z = s.attitude.rotate((0, 0, 1))
            return acos(min(1, z.z)) * 180 / .pi
        }
        let onStairs = tilt(t.state(at: (up.lowerBound + up.upperBound) / 2))
        #expect(onStairs > 3 && onStairs < 11.4, "tilt \(onStairs)°")
        // The failing case: a platform pitched with the ground (the vehicle without a gait, on the same legs).
        let cart = try Trajectory(route: Self.route(), vehicle: .car, mount: .flat, epoch: Self.epoch)
        let (cartUp, _) = Self.flight(cart)
        #expect(tilt(cart.state(at: (cartUp.lowerBound + cartUp.upperBound) / 2)) > 30)
        // Off the stairs the two agree.
        #expect(abs(tilt(t.state(at: 5)) - tilt(flat.state(at: 5))) < 1e-9)
    }

    @Test("the truth stays exact through the stairs: continuity at every corner, the strapdown follows, chunks agree")
    func exact() throws {
        let t = try Self.walk()
        let f: TruthChecks.States = { t.state(at: $0) }
        let times = stride(from: 1.0, through: t.duration - 1, by: 0.37).map { $0 }
        // Central differences over ±1 ms on the steep legs' gait: 3.2e-5 m/s (5.2e-5 on the same legs walked as
        // ramps); rotation 1.2e-7 rad/s; the specific force at the rounding.
        #expect(TruthChecks.velocityMismatch(f, times: times) < 1e-4)
        #expect(TruthChecks.rotationMismatch(f, times: times) < 1e-6)
        #expect(TruthChecks.specificForceMismatch(f, times: times, earthRotation: true) < 1e-8)
        // At 800 Hz: the four speed changes into and out of the flights (jerk kinks under the gait's
        // harmonics) leave 2.2e-3 m at 400 Hz, the same without the stairs' rise per step; at 800 Hz they
        // leave 3.5e-4 m, 4.1e-7 m and 4.6e-6 m/s (bounds about 3× those).
        let e = StrapdownTests.run(t, checkpoints: [60], rate: 800)
        try #require(e.count == 1)
        StrapdownTests.check(
            e[0], StrapdownTests.Bounds(horizontal: 1.1e-3, vertical: 1.5e-6, velocity: 1.5e-5), "stairs")
        // Chunks: the IMU across the flight in one block and in two, bit for bit.
        var sensors = TrajectorySensors()
        sensors.imu = IMU(preset: .bmi160, seed: 5)
        let withIMU = try Trajectory(
            route: Self.route(), vehicle: .walk, mount: .pocket, epoch: Self.epoch, sensors: sensors)
        let stream = TrajectorySeries(kind: .imu, rate: 100)
        let whole = try withIMU.render(stream, samples: 1500..<3500)
        let parts = try withIMU.render(stream, samples: 1500..<2222) + withIMU.render(stream, samples: 2222..<3500)
        #expect(whole == parts)
        // The failing case: the stairs' rise per step left out of the velocity (a truth whose position and
        // velocity disagree).
        let (up, _) = Self.flight(t)
        let broken: TruthChecks.States = { time in
            var s = t.state(at: time)
            if up.contains(time) { s.velocity.z = s.speed * 0.607 }
            return s
        }
        #expect(TruthChecks.velocityMismatch(broken, times: times) > 0.05)
    }

    @Test("the barometer reads the climb: about 12 Pa per metre less at the top")
    func barometer() throws {
        var sensors = TrajectorySensors()
        sensors.barometer = try BarometerModel(sampleRate: 25, seed: 3)
        sensors.barometerRate = 25
        let t = try Trajectory(
            route: Self.route(), vehicle: .walk, mount: .handheld, epoch: Self.epoch, sensors: sensors)
        let stream = TrajectorySeries(kind: .barometer, rate: 25)
        let heights = t.path.heights
        func pressure(at time: Double) throws -> Double {
            let n = Int(time * 25)
            let rows = try t.render(stream, samples: n - 25..<n + 25)
            let width = 1 + stream.columns.count
            let values = stride(from: 1, to: rows.count, by: width).map { rows[$0] }
            return values.reduce(0, +) / Double(values.count)
        }
        let bottom = try pressure(at: t.path.profile.time(atStation: heights.stations[1]) - 2)
        let top = try pressure(at: t.path.profile.time(atStation: heights.stations[2]) + 3)
        let drop = bottom - top
        #expect(drop > 3.4 * 10 && drop < 3.4 * 14, "\(drop) Pa over 3.4 m")
    }

    @Test("a GPX track's route is not taken as stairs (its heights jump by metres between close points)")
    func gpx() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Data/gpxpy")
        let spec =
            #"{"trajectory": {"route": {"gpx": "around-visnjan-with-car.gpx"}, "vehicle": "walk", "epoch": "2026-01-01T00:00:00Z"}}"#
        let t = try Trajectory(json: Data(spec.utf8), baseDirectory: dir)
        #expect(!t.takesStairs)
        #expect(t.body?.stairs == nil)
        // The failing case: a route of waypoints takes stairs.
        #expect(try Self.walk().takesStairs)
    }
}
