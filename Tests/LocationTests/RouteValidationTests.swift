import Foundation
import Signals
import Testing

@testable import Location

/// A route built in Swift is checked like a spec, with the same JSON paths.
@Suite struct RouteValidationTests {
    static func error(_ route: Route) -> SignalError? {
        do {
            _ = try route.timeline()
            return nil
        } catch {
            return error
        }
    }

    @Test("a latitude over 90, NaN, an empty list, a zero speed without times: each a clear error")
    func issueCases() {
        let over = Self.error(Route(speed: 3) { Waypoint(latitude: 90.5, longitude: 0) })
        #expect(over?.code == .outOfRange)
        #expect(over?.path == "$.route.waypoints[0].latitude")
        #expect(over?.description == "$.route.waypoints[0].latitude: latitude 90.5 is outside −90 … 90 degrees")
        let nan = Self.error(
            Route(speed: 3) {
                Waypoint(latitude: 0, longitude: 0)
                Waypoint(latitude: .nan, longitude: 0)
            })
        #expect(nan?.code == .nonFinite)
        #expect(nan?.path == "$.route.waypoints[1].latitude")
        let empty = Self.error(Route(speed: 3, waypoints: []))
        #expect(empty?.code == .tooShort)
        #expect(empty?.path == "$.route.waypoints")
        let zero = Self.error(
            Route(speed: 0) {
                Waypoint(latitude: 0, longitude: 0)
                Waypoint(latitude: 0, longitude: 1)
            })
        #expect(zero?.code == .outOfRange)
        #expect(zero?.path == "$.route.speed")
        let zeroLeg = Self.error(
            Route(speed: 1) {
                Waypoint(latitude: 0, longitude: 0)
                Waypoint(latitude: 0, longitude: 1, speed: 0)
            })
        #expect(zeroLeg?.path == "$.route.waypoints[1].speed")
        let noSpeed = Self.error(
            Route {
                Waypoint(latitude: 0, longitude: 0)
                Waypoint(latitude: 0, longitude: 1)
            })
        #expect(noSpeed?.code == .missingField)
    }

    @Test("speeds per leg need no route speed; the first waypoint's speed is for closing a loop only")
    func legSpeeds() {
        #expect(
            Self.error(
                Route {
                    Waypoint(latitude: 0, longitude: 0)
                    Waypoint(latitude: 0, longitude: 0.01, speed: 2)
                }) == nil)
        let first = Self.error(
            Route(speed: 1) {
                Waypoint(latitude: 0, longitude: 0, speed: 5)
                Waypoint(latitude: 0, longitude: 0.01)
            })
        #expect(first?.path == "$.route.waypoints[0].speed")
        let loopWithoutClosingSpeed = Self.error(
            Route(loop: true) {
                Waypoint(latitude: 0, longitude: 0)
                Waypoint(latitude: 0, longitude: 0.01, speed: 2)
            })
        #expect(loopWithoutClosingSpeed?.code == .missingField)
    }

    @Test("timed routes: times everywhere, increasing, without pauses, leg speeds or acceleration")
    func timed() {
        let decreasing = Self.error(
            Route {
                Waypoint(latitude: 0, longitude: 0, time: 10)
                Waypoint(latitude: 0, longitude: 0.01, time: 9)
            })
        #expect(decreasing?.code == .invalidTime)
        #expect(decreasing?.path == "$.route.waypoints[1].time")
        var paused = Route {
            Waypoint(latitude: 0, longitude: 0, time: 0)
            Waypoint(latitude: 0, longitude: 0.01, time: 9)
        }
        paused.waypoints[1].pause = 3
        #expect(Self.error(paused)?.path == "$.route.waypoints[1].pause")
        var accelerated = paused
        accelerated.waypoints[1].pause = 0
        accelerated.acceleration = 1
        #expect(Self.error(accelerated)?.path == "$.route.acceleration")
        var negative = accelerated
        negative.acceleration = nil
        negative.waypoints[0].time = -1
        #expect(Self.error(negative)?.path == "$.route.waypoints[0].time")
        var loop = accelerated
        loop.acceleration = nil
        loop.loops = true
        #expect(Self.error(loop)?.code == .missingField)
        loop.speed = 2
        #expect(Self.error(loop) == nil)
    }

    @Test("ranges: altitude, acceleration, speed limit, and a route that would take too long")
    func ranges() {
        #expect(
            Self.error(Route(speed: 1) { Waypoint(latitude: 0, longitude: 0, altitude: 2e5) })?.path
                == "$.route.waypoints[0].altitude")
        #expect(
            Self.error(Route(speed: 1, acceleration: 0) { Waypoint(latitude: 0, longitude: 0) })?.path
                == "$.route.acceleration")
        #expect(Self.error(Route(speed: 5000) { Waypoint(latitude: 0, longitude: 0) })?.path == "$.route.speed")
        #expect(Self.error(Route(speed: 1) { Waypoint(latitude: 0, longitude: 0, pause: 2e9) })?.path == "$.route")
        #expect(
            Self.error(Route(speed: 1) { Waypoint(latitude: 0, longitude: 0, pause: .infinity) })?.code == .nonFinite)
    }
}
