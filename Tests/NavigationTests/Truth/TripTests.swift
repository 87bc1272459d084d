import Foundation
import Location
import Sensors
import Signals
import Testing

@testable import Navigation

/// Trips: legs on different vehicles and mounts, joined by transfers in which the device turns at rest.
@Suite struct TripTests {
    static let epoch = "2026-06-01T12:00:00Z"

    /// A walk of about 110 m with the phone in the hand, then a drive of about 330 m with it on the dashboard.
    static func legs(transfer: Double = 5) -> [Trajectory.Leg] {
        [
            Trajectory.Leg(
                route: Route(speed: 1.4) {
                    Waypoint(latitude: 51.5007, longitude: -0.1246, altitude: 10)
                    Waypoint(latitude: 51.5015, longitude: -0.1240, altitude: 11)
                    Waypoint(latitude: 51.5016, longitude: -0.1232, altitude: 11)
                },
                vehicle: .walk, mount: .handheld),
            Trajectory.Leg(
                route: Route(speed: 10) {
                    Waypoint(latitude: 51.5035, longitude: -0.1232, altitude: 12)
                    Waypoint(latitude: 51.5035, longitude: -0.1200, altitude: 12)
                },
                vehicle: .car, mount: .dashboard, transfer: transfer),
        ]
    }

    static func trip(transfer: Double = 5) throws -> Trajectory {
        try Trajectory(trip: legs(transfer: transfer), epoch: epoch)
    }

    @Test("the legs one after the other: the second starts at the first whole second after the transfer")
    func timeline() throws {
        let trip = try Self.trip()
        let walk = try Trajectory(route: Self.legs()[0].route, vehicle: .walk, mount: .handheld, epoch: Self.epoch)
        #expect(trip.legs.count == 2)
        let starts = trip.legStarts
        #expect(starts[0] == 0)
        #expect(starts[1] == (walk.duration + 5).rounded(.up))
        // The second leg begins at the first's arrival: the route gained it as its first waypoint.
        #expect(trip.stages[1].leg.route.waypoints.count == 3)
        #expect(trip.stages[1].leg.route.waypoints[0].coordinate == Self.legs()[0].route.waypoints[2].coordinate)
        #expect(trip.duration > starts[1] + 30)
        #expect(abs(trip.length - (walk.path.length + trip.stages[1].leg.path.length)) < 1e-9)
        // Its truth is the walk's until the walk arrives.
        for t in [0.0, 10.3, 40, walk.duration] {
            #expect(trip.state(at: t) == walk.state(at: t), "t \(t)")
        }
        // The activity rule follows the legs; the transfer is at rest.
        #expect(trip.movingActivity(at: 10) == .walking)
        #expect(trip.movingActivity(at: starts[1] + 1) == .automotive)
        #expect(trip.state(at: starts[1] - 1).speed == 0)
        #expect(trip.movingActivity(at: starts[1] - 1).activity(speed: 0) == .stationary)
    }

    @Test("steps, distance and the waypoints' stay carry on across the legs")
    func counts() throws {
        let trip = try Self.trip()
        let arrival = trip.state(at: trip.stages[0].end)
        #expect(arrival.steps > 100)
        let end = trip.state(at: trip.duration + 10)
        #expect(end.steps == arrival.steps)
        #expect(abs(end.distance - trip.length) < 1e-6)
        var last = trip.state(at: 0)
        for t in stride(from: 0.5, through: trip.duration, by: 0.5) {
            let s = trip.state(at: t)
            #expect(s.steps >= last.steps && s.distance >= last.distance - 1e-9, "t \(t)")
            last = s
        }
    }

    @Test("position, velocity, attitude and the IMU stay continuous and consistent through the transfer")
    func continuity() throws {
        let trip = try Self.trip()
        let f: TruthChecks.States = { trip.state(at: $0) }
        let (end, start) = (trip.stages[0].end, trip.stages[1].start)
        let times = stride(from: end, through: start, by: 0.25).map { $0 } + [start, (end + start) / 2]
        print(
            "trip transfer: velocity \(TruthChecks.velocityMismatch(f, times: times)), acceleration \(TruthChecks.accelerationMismatch(f, times: times)), rotation \(TruthChecks.rotationMismatch(f, times: times)), force \(TruthChecks.specificForceMismatch(f, times: times, earthRotation: true)), rate \(TruthChecks.angularRateMismatch(f, times: times))"
        )
        #expect(TruthChecks.velocityMismatch(f, times: times) < 1e-6)
        // At the walk's arrival and the car's start the jerk steps by 2 m/s³: a central difference over ±10⁻⁴ s
        // reads j·ε/4 = 5e-5 there; inside the transfer the acceleration is the smoothstep's, of the joint's
        // rounding.
        #expect(TruthChecks.accelerationMismatch(f, times: times) < 6e-5)
        #expect(
            TruthChecks.accelerationMismatch(f, times: times.filter { $0 > end + 0.01 && $0 < start - 0.01 }) < 1e-9)
        #expect(TruthChecks.rotationMismatch(f, times: times) < 1e-6)
        #expect(TruthChecks.specificForceMismatch(f, times: times, earthRotation: true) < 1e-9)
        #expect(TruthChecks.angularRateMismatch(f, times: times) < 1e-12)
        // The device turns by the angle between the hand and the dashboard, and its rate is 0 at both ends.
        let a = trip.state(at: end)
        let b = trip.state(at: start)
        let turn = a.attitude.conjugate * b.attitude
        let angle = 2 * atan2((turn.x * turn.x + turn.y * turn.y + turn.z * turn.z).squareRoot(), abs(turn.w))
        #expect(angle > 0.5)
        let middle = trip.state(at: (end + start) / 2)
        #expect((middle.rotationRate * middle.rotationRate).sum().squareRoot() > angle / (start - end))
        for s in [a, b] { #expect((s.rotationRate * s.rotationRate).sum() < 1e-20) }
        // The failing case: a truth that jumps from the hand to the dashboard.
        let jumping: TruthChecks.States = { t in
            var s = trip.state(at: t)
            if t > end, t < start {
                s.attitude = t < (end + start) / 2 ? a.attitude : b.attitude
                s.rotationRate = .zero
            }
            return s
        }
        #expect(TruthChecks.rotationMismatch(jumping, times: times) > 1)
    }

    @Test(
        "the strapdown integration of the trip's ideal IMU follows it from the walk, through the transfer, to the car's arrival"
    )
    func strapdown() throws {
        let trip = try Self.trip()
        let last = Int(trip.duration) + 2
        let e = StrapdownTests.run(trip, checkpoints: [last], rate: StrapdownTests.walkRate)
        try #require(e.count == 1)
        // About 3× the errors measured (the walk's 72 s dominate, as a walk's at 60 s).
        StrapdownTests.check(e[0], StrapdownTests.Bounds(horizontal: 4.5e-4, vertical: 1.5e-3, velocity: 6e-5), "trip")
        #expect(e[0].attitude < 1e-5)
        // The failing case: the gyroscope misses the transfer's turn.
        let (end, start) = (trip.stages[0].end, trip.stages[1].start)
        let missing = StrapdownTests.run(
            trip,
            readings: { t in
                var r = Strapdown.Reading(trip.state(at: t))
                if t > end, t < start { r.angularRate = trip.state(at: end).angularRate }
                return r
            }, checkpoints: [last], rate: StrapdownTests.walkRate)
        #expect(missing[0].attitude > 0.1)
    }

    @Test("a trip's IMU is bit-identical however it is chunked across the legs, and each leg shakes as its vehicle")
    func chunks() throws {
        let sensors = TrajectorySensors(imu: IMU(preset: .bmi160, seed: 3))
        let trip = try Trajectory(trip: Self.legs(), epoch: Self.epoch, sensors: sensors)
        let rate = 100.0
        let stream = TrajectorySeries(kind: .imu, rate: rate)
        let n = Int(trip.duration * rate)
        let whole = try trip.render(stream, samples: 0..<n)
        let cut = Int(trip.stages[1].start * rate) - 37
        let parts = try trip.render(stream, samples: 0..<cut) + trip.render(stream, samples: cut..<n)
        #expect(whole == parts)
        // Each leg shakes as its vehicle: the same trip without vibration reads the same while the walker
        // stands at the walk's end, and differs while the car idles at its arrival (its 27 Hz engine).
        let still = try Trajectory(trip: Self.legs(), epoch: Self.epoch, vibration: 0, sensors: sensors)
        let walkEnd = Int(trip.stages[0].end * rate)
        let carEnd = Int(trip.duration * rate)
        let a = try trip.render(stream, samples: walkEnd - 100..<walkEnd + 100)
        let b = try still.render(stream, samples: walkEnd - 100..<walkEnd + 100)
        #expect(a == b)
        let c = try trip.render(stream, samples: carEnd..<carEnd + 200)
        let d = try still.render(stream, samples: carEnd..<carEnd + 200)
        let difference = zip(c, d).map { abs($0 - $1) }.max() ?? 0
        #expect(difference > 0.003)  // g: the idling engine's 0.04 m/s² RMS
    }

    @Test("bad trips get errors at the leg's path")
    func badTrips() throws {
        func error(_ trip: String) -> SignalError? {
            #expect(throws: SignalError.self) {
                try Trajectory(json: Data(#"{"trajectory": {"trip": \#(trip)}}"#.utf8))
            }
        }
        let walk =
            #"{"route": {"speed": 1.4, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5015, "longitude": -0.1240}]}, "vehicle": "walk", "mount": "pocket"}"#
        #expect(error("[]")?.code == .tooShort)
        let nowhere = error(
            #"[\#(walk), {"route": {"speed": 3, "waypoints": [{"latitude": 51.5015, "longitude": -0.1240}]}, "vehicle": "car"}]"#
        )
        #expect(nowhere?.location.path == "$.trajectory.trip[1].route.waypoints")
        #expect(nowhere?.message.contains("goes nowhere") == true)
        #expect(error("{}")?.location.path == "$.trajectory.trip")
        #expect(
            error(#"[\#(walk), {"route": {"speed": 1.4, "waypoints": [{"latitude": 91, "longitude": 0}]}}]"#)?
                .location.path?.hasPrefix("$.trajectory.trip[1].route.waypoints") == true)
        #expect(
            error(
                #"[\#(walk), {"route": {"speed": 9, "waypoints": [{"latitude": 51.51, "longitude": -0.124}]}, "vehicle": "boat"}]"#
            )?
            .location.path == "$.trajectory.trip[1].vehicle")
        #expect(
            error(
                #"[\#(walk), {"route": {"speed": 1.4, "waypoints": [{"latitude": 51.51, "longitude": -0.124}]}, "transfer": 0}]"#
            )?
            .location.path == "$.trajectory.trip[1].transfer")
        #expect(
            error(
                #"[\#(walk), {"route": {"speed": 1.4, "waypoints": [{"latitude": 51.51, "longitude": -0.124}]}, "bus": 1}]"#
            )?
            .location.path == "$.trajectory.trip[1].bus")
        #expect(
            error(
                #"[{"route": {"speed": 1.4, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5015, "longitude": -0.1240}]}, "vehicle": "walk", "mount": {"preset": "wrist", "hand": "right"}}, {"route": {"speed": 1.4, "waypoints": [{"latitude": 51.51, "longitude": -0.124}]}, "vehicle": "walk", "mount": {"preset": "wrist", "hand": "left"}}]"#
            )?.location.path == "$.trajectory.trip[1].mount")
        // A waypoint's index counts the user's list: the arrival put before a leg's waypoints is not counted,
        // and a first waypoint taken as the arrival is.
        let far = error(
            #"[\#(walk), {"route": {"speed": 1.4, "waypoints": [{"latitude": 53.5, "longitude": -0.124}]}}]"#)
        #expect(far?.location.path == "$.trajectory.trip[1].route.waypoints[0]")
        #expect(far?.message.contains("sets off from the leg before's arrival") == true)
        let joined = error(
            #"[\#(walk), {"route": {"speed": 1.4, "waypoints": [{"latitude": 51.5015, "longitude": -0.1240}, {"latitude": 53.5, "longitude": -0.124}]}}]"#
        )
        #expect(joined?.location.path == "$.trajectory.trip[1].route.waypoints[1]")
        #expect(joined?.message.contains("arrival") == false)
        let both = #expect(throws: SignalError.self) {
            try Trajectory(
                json: Data(
                    #"{"trajectory": {"route": {"speed": 1, "waypoints": []}, "trip": [\#(walk)]}}"#.utf8))
        }
        #expect(both?.location.path == "$.trajectory.route")
        // A trip of one leg is that leg's trajectory.
        let one = try Trajectory(json: Data(#"{"trajectory": {"trip": [\#(walk)]}}"#.utf8))
        let plain = try Trajectory(
            json: Data(
                #"{"trajectory": {"route": {"speed": 1.4, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5015, "longitude": -0.1240}]}, "vehicle": "walk", "mount": "pocket"}}"#
                    .utf8))
        #expect(one == plain)
        #expect(one.state(at: 12.5) == plain.state(at: 12.5))
    }

    @Test("a leg's first waypoint within 1 m of the arrival is the joint; farther, the arrival is put before it")
    func joints() throws {
        let arrival = Waypoint(latitude: 51.5, longitude: -0.12, altitude: 30)
        var near = Waypoint(latitude: 51.500005, longitude: -0.12, altitude: 0)
        near.pause = 12
        let far = Waypoint(latitude: 51.5001, longitude: -0.12)
        let joined = Trajectory.joined([near, far], after: arrival)
        #expect(joined.count == 2)
        #expect(joined[0].coordinate == arrival.coordinate && joined[0].altitude == 30 && joined[0].pause == 12)
        let prepended = Trajectory.joined([far], after: arrival)
        #expect(prepended.count == 2 && prepended[0].coordinate == arrival.coordinate && prepended[0].pause == 0)
    }
}
