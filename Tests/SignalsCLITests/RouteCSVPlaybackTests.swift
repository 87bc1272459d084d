import Foundation
import Location
import Playback
import SensorFeeds
import Testing

/// `signals render ROUTE --format csv -o walk.csv`, then `SimulatedLocationManager(source: .file(walk.csv))`
/// in an app's tests: the manager plays the fixes the tool wrote.
@Suite struct RouteCSVPlaybackTests {
    /// Every update of a file source, played on an instant clock.
    static func play(_ url: URL, distanceFilter: Double = locationDistanceFilterNone) async throws -> [LocationPoint] {
        let manager = SimulatedLocationManager(source: .file(url), clock: ManualClock(autoAdvance: true))
        manager.distanceFilter = distanceFilter
        manager.updateBufferLimit = 100_000
        var fixes: [LocationPoint] = []
        for try await fix in manager.locationUpdates() { fixes.append(fix) }
        return fixes
    }

    @Test(
        "render csv -o, then the manager: the route's fixes and times, bit for bit; distanceFilter as for signals play's lines"
    )
    func renderedRoutePlays() async throws {
        let spec = try Executables.temporaryFile("walk.json", contents: RouteCommandTests.walk)
        let csv = try Executables.temporaryFile("walk.csv")
        try Executables.runSucceeding(
            "signals", ["render", spec.path, "--rate", "2", "--duration", "120", "--format", "csv", "-o", csv.path])
        let header = try String(decoding: Data(contentsOf: csv), as: UTF8.self).prefix { $0 != "\n" }
        #expect(header == RouteCommandTests.columns)

        let expected = try RouteCommandTests.route().render(sampleRate: 2, duration: 120)
        let played = try await Self.play(csv)
        #expect(played.count == 240)
        #expect(played == expected)
        for (a, b) in zip(played, expected) {
            #expect(abs(a.coordinate.latitude - b.latitude) <= 1e-9)
            #expect(abs(a.coordinate.longitude - b.longitude) <= 1e-9)
        }
        #expect(played.map(\.timestamp) == (0..<240).map { Double($0) / 2 })

        // The same route as `signals play` prints it (JSON Lines): the same fixes, and the same ones kept by a distance filter.
        let lines = try Executables.runSucceeding(
            "signals", ["play", spec.path, "--rate", "2", "--duration", "120", "--speed", "1000"])
        let jsonl = try Executables.temporaryFile("walk.jsonl")
        try lines.stdout.write(to: jsonl)
        #expect(try await Self.play(jsonl) == played)
        for filter in [10.0, 50] {
            let fromCSV = try await Self.play(csv, distanceFilter: filter)
            let fromLines = try await Self.play(jsonl, distanceFilter: filter)
            #expect(fromCSV == fromLines)
            #expect(fromCSV.count > 1, "\(filter) m kept \(fromCSV.count)")
            #expect(fromCSV.count < played.count, "\(filter) m kept \(fromCSV.count)")
        }
    }

    @Test("a motion-and-route render: the manager reads the route's columns and ignores the motion's")
    func motionAndRoute() async throws {
        let spec = try Executables.temporaryFile("phone.json", contents: RouteCommandTests.phone)
        let csv = try Executables.temporaryFile("phone.csv")
        try Executables.runSucceeding(
            "signals", ["render", spec.path, "--rate", "10", "--duration", "5", "--format", "csv", "-o", csv.path])
        let route = try Route(
            json: Data(
                #"{"route": {"speed": 1.4, "waypoints": [{"latitude": 48.8584, "longitude": 2.2945}, {"latitude": 48.8606, "longitude": 2.2977}]}}"#
                    .utf8))
        let expected = try route.render(sampleRate: 10, duration: 5)
        let played = try await Self.play(csv)
        #expect(played.count == 50)
        #expect(played == expected)
    }
}
