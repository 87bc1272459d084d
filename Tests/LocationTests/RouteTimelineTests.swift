import Foundation
import Testing

@testable import Location

/// Timing and geometry of routes: where the route is at each sample, exactly.
@Suite struct RouteTimelineTests {
    let g = Geodesic.wgs84

    /// A square of about 111 m a side near the equator, walked anticlockwise from its south-west corner.
    static let square = [(0.0, 0.0), (0.0, 0.001), (0.001, 0.001), (0.001, 0.0)]

    @Test("a closed square returns to its start: looping back at the end of each pass, or ending on the start")
    func closedSquare() throws {
        let loop = try Route(speed: 2, loop: true) {
            for (lat, lon) in Self.square { Waypoint(latitude: lat, longitude: lon) }
        }.timeline()
        let corners = (Self.square + [Self.square[0]]).map { GeoCoordinate(latitude: $0.0, longitude: $0.1) }
        let perimeter = zip(corners, corners.dropFirst()).map { g.inverse(from: $0, to: $1).distance }.reduce(0, +)
        #expect(abs(loop.passLength - perimeter) < 1e-9)
        #expect(abs(loop.passDuration - loop.passLength / 2) < 1e-9)
        for pass in 0..<3 {
            let p = loop.location(at: Double(pass) * loop.passDuration)
            #expect(metres(0, 0, p.latitude, p.longitude) < 1e-9, "pass \(pass)")
        }
        let justBefore = loop.location(at: loop.passDuration - 0.5)  // 1 m before the start, coming from the north
        #expect(abs(g.inverse(from: corners[0], to: justBefore.coordinate).distance - 1) < 1e-9)
        #expect(abs(justBefore.course - 180) < 1e-6)

        let closed = try Route(speed: 2) {
            for (lat, lon) in Self.square + [(0.0, 0.0)] { Waypoint(latitude: lat, longitude: lon) }
        }.timeline()
        let end = closed.location(at: closed.passDuration)
        #expect(end.latitude == 0)
        #expect(end.longitude == 0)
        #expect(end.speed == 0)
        #expect(end.course == -1)
        let later = closed.location(at: closed.passDuration + 1000)
        #expect(later.latitude == 0)
        #expect(later.longitude == 0)
    }

    @Test("speed: the distance from the start is speed · t at every sample of a leg, and the course is the azimuth")
    func speedTiming() throws {
        let a = GeoCoordinate(latitude: 51.5007, longitude: -0.1246)
        let b = GeoCoordinate(latitude: 51.5081, longitude: -0.0759)
        let t = try Route(speed: 3) {
            Waypoint(latitude: a.latitude, longitude: a.longitude)
            Waypoint(latitude: b.latitude, longitude: b.longitude)
        }.timeline()
        let leg = g.inverse(from: a, to: b)
        #expect(abs(t.passDuration - leg.distance / 3) < 1e-9)
        for k in 0..<Int(t.passDuration) {
            let p = t.location(at: Double(k))
            let r = g.inverse(from: a, to: p.coordinate)
            #expect(abs(r.distance - 3 * Double(k)) < 1e-6, "sample \(k)")
            #expect(p.speed == 3)
            let azimuth = g.inverse(from: p.coordinate, to: b).initialAzimuth
            if k < Int(t.passDuration) - 1 { #expect(abs(angleDifference(p.course, azimuth)) < 1e-6) }
            #expect(p.course >= 0)
            #expect(p.course < 360)
        }
    }

    @Test("pause: at the waypoint exactly from arrival to departure, to the sample; per-leg speeds")
    func pauseTiming() throws {
        let w0 = Waypoint(latitude: 51.5007, longitude: -0.1246)
        let w1 = Waypoint(latitude: 51.5033, longitude: -0.1196, pause: 20)
        let w2 = Waypoint(latitude: 51.5081, longitude: -0.0759, speed: 1.4)
        let t = try Route(speed: 3) {
            w0
            w1
            w2
        }.timeline()
        let leg1 = g.inverse(from: w0.coordinate, to: w1.coordinate).distance
        let leg2 = g.inverse(from: w1.coordinate, to: w2.coordinate).distance
        let arrival = leg1 / 3
        let departure = arrival + 20
        #expect(t.waypointTimes[1].arrival == arrival)
        #expect(t.waypointTimes[1].departure == departure)
        #expect(abs(t.passDuration - (departure + leg2 / 1.4)) < 1e-9)
        let rate = 10.0
        for k in 0...Int(t.passDuration * rate) {
            let time = Double(k) / rate
            let p = t.location(at: time)
            let atWaypoint = p.latitude == w1.latitude && p.longitude == w1.longitude
            if time >= arrival && time < departure {
                #expect(atWaypoint, "sample \(k) at \(time) s should be paused")
                #expect(p.speed == 0, "sample \(k) at \(time) s should be paused")
                #expect(p.course == -1, "sample \(k) at \(time) s should be paused")
            } else if time < arrival {
                #expect(!atWaypoint, "sample \(k)")
                #expect(p.speed == 3, "sample \(k)")
            } else if time < t.passDuration {
                #expect(p.speed == 1.4, "sample \(k)")
                let r = g.inverse(from: w1.coordinate, to: p.coordinate).distance
                #expect(abs(r - 1.4 * (time - departure)) < 1e-6)
            }
        }
    }

    @Test("the first waypoint's pause is a wait before setting off")
    func initialPause() throws {
        let t = try Route(speed: 1) {
            Waypoint(latitude: 10, longitude: 10, pause: 5)
            Waypoint(latitude: 10.0001, longitude: 10)
        }.timeline()
        #expect(t.location(at: 4.99).latitude == 10)
        #expect(t.location(at: 4.99).speed == 0)
        #expect(t.location(at: 6).speed == 1)
        #expect(t.waypointTimes[0] == (0, 5))
    }

    @Test(
        "acceleration: from rest at the limit, cruise, and to rest; speed continuous between legs of different speeds")
    func acceleration() throws {
        let t = try Route(speed: 4, acceleration: 0.5) {
            Waypoint(latitude: 0, longitude: 0)
            Waypoint(latitude: 0, longitude: 0.003)  // ≈ 334 m at up to 4 m/s
            Waypoint(latitude: 0, longitude: 0.004, speed: 2)  // ≈ 111 m at up to 2 m/s, then stop
        }.timeline()
        // Speed 0 at the start and the end; 1 s in, 0.5 m/s and 0.25 m travelled.
        #expect(t.location(at: 0).speed == 0)
        #expect(abs(t.location(at: 1).speed - 0.5) < 1e-12)
        let p1 = t.location(at: 1)
        #expect(
            abs(g.inverse(from: GeoCoordinate(latitude: 0, longitude: 0), to: p1.coordinate).distance - 0.25) < 1e-9)
        #expect(abs(t.location(at: 8).speed - 4) < 1e-12)  // reached after 8 s
        // At the first waypoint the speed is the slower leg's (2 m/s), reached by braking before it.
        let arrival = t.waypointTimes[1].arrival
        #expect(abs(t.location(at: arrival).speed - 2) < 1e-9)
        #expect(abs(t.location(at: arrival - 2).speed - 3) < 1e-9)
        #expect(t.location(at: t.passDuration).speed == 0)
        // Speed never jumps by more than the limit allows between samples 0.1 s apart.
        var previous = 0.0
        for k in 1...Int(t.passDuration * 10) {
            let v = t.location(at: Double(k) / 10).speed
            #expect(abs(v - previous) <= 0.05 + 1e-9, "sample \(k)")
            previous = v
        }
    }

    @Test("a short leg with acceleration never reaches its cruise speed: a triangle profile")
    func triangleProfile() throws {
        let t = try Route(speed: 10, acceleration: 1) {
            Waypoint(latitude: 0, longitude: 0)
            Waypoint(latitude: 0, longitude: 0.0001)  // ≈ 11.1 m: peak √(a·L) ≈ 3.3 m/s
        }.timeline()
        let length = t.passLength
        #expect(abs(t.passDuration - 2 * length.squareRoot()) < 1e-9)
        #expect(abs(t.location(at: t.passDuration / 2).speed - length.squareRoot()) < 1e-9)
    }

    @Test("a timed route is where its times say, moving at constant speed between them")
    func timed() throws {
        let t = try Route {
            Waypoint(latitude: 45, longitude: 7, altitude: 100, time: 10)
            Waypoint(latitude: 45.001, longitude: 7, altitude: 200, time: 110)
            Waypoint(latitude: 45.001, longitude: 7, altitude: 200, time: 130)  // standing still for 20 s
            Waypoint(latitude: 45.001, longitude: 7.001, altitude: 150, time: 160)
        }.timeline()
        #expect(t.passDuration == 160)
        #expect(t.location(at: 5).latitude == 45)
        #expect(t.location(at: 5).speed == 0)
        let mid = t.location(at: 60)
        #expect(abs(mid.altitude - 150) < 1e-9)
        let leg = g.inverse(
            from: GeoCoordinate(latitude: 45, longitude: 7), to: GeoCoordinate(latitude: 45.001, longitude: 7)
        ).distance
        #expect(abs(mid.speed - leg / 100) < 1e-12)
        #expect(
            abs(g.inverse(from: GeoCoordinate(latitude: 45, longitude: 7), to: mid.coordinate).distance - leg / 2)
                < 1e-6)
        let still = t.location(at: 120)
        #expect(still.speed == 0)
        #expect(still.course == -1)
        #expect(still.latitude == 45.001)
        #expect(t.location(at: 160).longitude == 7.001)
    }

    @Test("across the antimeridian and over the pole: positions stay on the geodesic, longitudes in −180 … 180")
    func antimeridianAndPole() throws {
        let t = try Route(speed: 250) {
            Waypoint(latitude: 10, longitude: 179.5)
            Waypoint(latitude: -10, longitude: -179.5)
            Waypoint(latitude: 89, longitude: 0)
            Waypoint(latitude: 89, longitude: 180)
        }.timeline()
        let first = g.line(
            from: GeoCoordinate(latitude: 10, longitude: 179.5), to: GeoCoordinate(latitude: -10, longitude: -179.5))
        for k in 0...100 {
            let time = Double(k) / 100 * t.waypointTimes[1].arrival
            let p = t.location(at: time)
            #expect(p.longitude >= -180)
            #expect(p.longitude <= 180)
            let q = first.position(distance: 250 * time)
            #expect(metres(p.latitude, p.longitude, q.latitude, q.longitude) < 1e-9)
        }
        let overPole = t.location(at: (t.waypointTimes[2].arrival + t.passDuration) / 2)
        #expect(abs(overPole.latitude - 90) < 1e-9)
    }

    @Test("a position depends on its time only: the same in any order, and a looping route repeats exactly")
    func orderIndependent() throws {
        let t = try Route(speed: 1.5, acceleration: 0.3, loop: true) {
            Waypoint(latitude: 48.85, longitude: 2.35, pause: 3)
            Waypoint(latitude: 48.851, longitude: 2.351, pause: 2)
            Waypoint(latitude: 48.852, longitude: 2.349, speed: 0.8)
        }.timeline()
        let times = (0..<500).map { Double($0) * 0.7 }
        let forward = times.map { t.location(at: $0) }
        let backward = times.reversed().map { t.location(at: $0) }.reversed()
        #expect(Array(forward) == Array(backward))
        let p = t.location(at: 12.25)
        let q = t.location(at: 12.25 + 3 * t.passDuration)
        #expect(metres(p.latitude, p.longitude, q.latitude, q.longitude) < 1e-6)
    }

    @Test("a single waypoint is a route that stands still")
    func singlePoint() throws {
        let t = try Route { Waypoint(latitude: -33.86, longitude: 151.21, altitude: 5) }.timeline()
        let p = t.location(at: 1000)
        #expect(p.latitude == -33.86)
        #expect(p.longitude == 151.21)
        #expect(p.altitude == 5)
        #expect(p.speed == 0)
        #expect(p.course == -1)
        #expect(t.passDuration == 0)
    }
}
