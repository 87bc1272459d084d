import Foundation
import Signals
import Testing

@testable import Location

@Suite struct SimulatorCommandTests {
    @Test("simctl location start at the route's speed through every waypoint")
    func start() throws {
        let route = Route(speed: 3) {
            Waypoint(latitude: 51.5007, longitude: -0.1246)
            Waypoint(latitude: 51.5033, longitude: -0.1196)
            Waypoint(latitude: -33.8688, longitude: 151.2093)
        }
        let command = try route.simulatorCommand()
        #expect(
            command.commandLine
                == "xcrun simctl location booted start --speed=3 51.5007,-0.1246 51.5033,-0.1196 -33.8688,151.2093")
        #expect(command.notes.isEmpty)
        #expect(try route.simulatorCommand(device: "iPhone 16").commandLine.contains("location 'iPhone 16' start"))
        #expect(#expect(throws: SignalError.self) { try route.simulatorCommand(device: "") }?.code == .outOfRange)
    }

    @Test("what simctl cannot do is said: pauses, leg speeds, loops, times, error; one point is a 'set'")
    func notes() throws {
        let route = Route(speed: 2, loop: true, error: GNSSErrorModel(sigma: 3, correlationTime: 60)) {
            Waypoint(latitude: 0, longitude: 0)
            Waypoint(latitude: 0, longitude: 0.01, pause: 30)
            Waypoint(latitude: 0.01, longitude: 0.01, speed: 1)
        }
        let c = try route.simulatorCommand()
        let t = try route.timeline()
        let average = t.passLength / (t.passDuration - 30)
        #expect(c.arguments[5] == "--speed=\(Route.decimal(average, digits: 3))")
        #expect(c.arguments.last == "0,0")
        #expect(c.arguments.count == 10)
        #expect(c.notes.count == 4)
        #expect(c.notes.contains { $0.contains("pause") })
        #expect(c.notes.contains { $0.contains("loop") })
        let still = try Route { Waypoint(latitude: 48.8584, longitude: 2.2945) }.simulatorCommand(device: "booted")
        #expect(still.commandLine == "xcrun simctl location booted set 48.8584,2.2945")
        let timed = try Route {
            Waypoint(latitude: 0, longitude: 0, time: 0)
            Waypoint(latitude: 0, longitude: 0.001, time: 100)
        }.simulatorCommand()
        try #require(timed.notes.count == 1)
        #expect(timed.notes[0].contains("times"))
    }
}
