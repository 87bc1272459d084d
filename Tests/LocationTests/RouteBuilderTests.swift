import Foundation
import Testing

@testable import Location

@Suite struct RouteBuilderTests {
    @Test("the issue's DSL: speed per route, pause and speed per waypoint")
    func issueExample() {
        let route = Route(speed: 3.0) {  // m/s between waypoints unless a leg says otherwise
            Waypoint(latitude: 51.5007, longitude: -0.1246)
            Waypoint(latitude: 51.5033, longitude: -0.1196, pause: 20)  // stand still 20 s on arrival
            Waypoint(latitude: 51.5081, longitude: -0.0759, speed: 1.4)
        }
        #expect(route.speed == 3)
        #expect(route.waypoints.count == 3)
        #expect(!route.loops)
        #expect(route.error == nil)
        #expect(route.waypoints[1].pause == 20)
        #expect(route.waypoints[2].speed == 1.4)
        #expect(route.waypoints[0].altitude == 0)
        #expect(!route.isTimed)
    }

    @Test("for, if, if/else and arrays compose")
    func controlFlow() {
        let extra = true
        let route = Route(speed: 1, loop: true) {
            for i in 0..<3 { Waypoint(latitude: Double(i) / 1000, longitude: 0) }
            if extra { Waypoint(latitude: 0.01, longitude: 0) }
            if !extra { Waypoint(latitude: 9, longitude: 9) } else { Waypoint(latitude: 0.02, longitude: 0) }
            [Waypoint(latitude: 0.03, longitude: 0, time: 5)]
        }
        #expect(route.waypoints.map(\.latitude) == [0, 0.001, 0.002, 0.01, 0.02, 0.03])
        #expect(route.loops)
        #expect(route.waypoints[5].time == 5)
    }
}
