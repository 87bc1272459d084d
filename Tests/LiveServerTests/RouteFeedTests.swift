import Formats
import Foundation
import Hummingbird
import HummingbirdTesting
import InternalUtilities
import Location
import Playback
import SignalRunnerTesting
import Signals
import Specs
import Testing

@testable import LiveServer

/// Routes on the timeline: a route, or a motion and a route, sampled at the global sample index.
@Suite(.timeLimit(.minutes(5))) struct RouteFeedTests {
    static let walk =
        #"{"route": {"speed": 3, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5033, "longitude": -0.1196}], "error": {"sigma": 3, "correlationTime": 60, "seed": 1}}}"#
    static let phoneWalk =
        #"{"motion": {"userAcceleration": {"axes": {"z": {"sine": {"amplitude": 0.3, "frequency": 1.8}}}}, "gravity": {"axes": {"z": {"constant": {"value": -1}}}}}, "route": {"speed": 1.4, "waypoints": [{"latitude": 48.8584, "longitude": 2.2945}, {"latitude": 48.8606, "longitude": 2.2977}]}}"#

    /// The route's fix at sample `index` and `rate`, from an independent sampler.
    static func fix(_ spec: String, rate: Double, index: Int) throws -> LocationPoint {
        guard let route = try SpecDocument.decode(json: Data(spec.utf8)).route else {
            throw TestingError.failure("no route")
        }
        var point = try RouteSampler(route.timeline(), sampleRate: rate).sample(at: index).measured
        point.timestamp = Double(index) / rate
        return point
    }

    @Test(
        "a route: each point is its fix at the global sample index, as signals play prints it; /data serves the location"
    )
    func route() async throws {
        let f = try await ManualFeed.started(Self.walk, through: 20, rate: 10)
        let lines = await f.lines(from: 0, through: 20)
        #expect(lines.map(\.index) == Array(0...20))
        for (index, line) in lines {
            #expect(try line == Self.fix(Self.walk, rate: 10, index: index).jsonLine)
        }
        let data = try object(String(buffer: try #require(f.feed.dataBody())))
        let fix = try Self.fix(Self.walk, rate: 10, index: 20)
        #expect(data["location"] as? [String: Double] == ["latitude": fix.latitude, "longitude": fix.longitude])
        #expect(xyz(data["accelerometer"]) == [0, 0, 0])
        f.feed.close()
    }

    @Test("a motion and a route: the motion line with the location beside it; a spec switch keeps the global index")
    func motionAndRoute() async throws {
        let (f, lines) = try await ManualFeed.switched(from: TestSpecs.shake, to: Self.phoneWalk, at: 5)
        let document = try SpecDocument.decode(json: Data(Self.phoneWalk.utf8))
        let motion = try #require(
            { if case .motionAndRoute(let motion, _) = document { motion } else { nil } }(),
            "the phone-walk spec no longer decodes as motion and a route: \(document)")
        let rendered = try motion.render(sampleRate: 100, startIndex: 0, frameCount: 10)
        for (index, line) in lines {
            guard index >= 5 else {
                #expect(line == (try expectedLine(TestSpecs.shake, rate: 100, index: index)))
                continue
            }
            let s = (0..<9).map { Double(rendered[frame: index, channel: $0]) }
            let m = MotionPoint(
                timestamp: Double(index) / 100, userAcceleration: Acceleration(x: s[0], y: s[1], z: s[2]),
                gravity: Acceleration(x: s[3], y: s[4], z: s[5]), rotationRate: RotationRate(x: s[6], y: s[7], z: s[8]))
            let expected = try MotionLocationPoint(
                motion: m, location: try Self.fix(Self.phoneWalk, rate: 100, index: index)
            ).jsonLine()
            #expect(line == expected, "index \(index)")
        }
        f.feed.close()
    }

    @Test("a held location replaces the route's position from the next sample; a new route ends the hold")
    func heldLocation() async throws {
        let f = try ManualFeed(Self.walk, rate: 10)
        try await f.start()
        f.feed.hold(accelerometer: nil, location: GeoCoordinate(latitude: 10, longitude: 20))
        try await f.advance(points: 1)
        let held = try object(String(buffer: try #require(f.feed.latest).json))
        #expect((held["location"] as? [String: Any])?["latitude"] as? Double == 10)
        #expect(
            try object(String(buffer: try #require(f.feed.dataBody())))["location"] as? [String: Double] == [
                "latitude": 10, "longitude": 20,
            ])
        try await f.switchSpec(to: Self.walk, thenAdvance: 1)
        #expect(
            try String(buffer: #require(f.feed.latest).json) == Self.fix(Self.walk, rate: 10, index: 2).jsonLine)
        f.feed.close()
    }

    @Test("GET /v1/spec returns a route spec as it was given; PUT refuses a bad route with its path")
    func specRoutes() async throws {
        let f = try ManualFeed(Self.walk, rate: 10)
        try await f.start()
        try await f.test { client in
            let spec = try await client.execute(uri: "/v1/spec", method: .get)
            #expect(spec.status == .ok)
            #expect(try JSONValue.parse(Data(buffer: spec.body)) == (try JSONValue.parse(Data(Self.walk.utf8))))
            let bad = try await client.send(
                .put, "/v1/spec", json: #"{"route": {"speed": 3, "waypoints": [{"latitude": 95, "longitude": 0}]}}"#)
            #expect(bad.status == .badRequest)
            #expect(try bad.error().path?.hasPrefix("$.route.waypoints[0]") == true, "\(bad.text)")
            let extra = try await client.send(
                .put, "/v1/spec",
                json: #"{"route": {"speed": 3, "waypoints": [{"latitude": 1, "longitude": 0}]}, "sine": {}}"#)
            #expect(extra.status == .badRequest)
            #expect(try extra.error().path == "$.sine")
        }
        f.feed.close()
    }
}
