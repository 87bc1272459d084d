import Foundation
import Location
import Navigation
import Playback
import Testing

@testable import Formats
@testable import SensorFeeds

@Suite struct RemotePointTests {
    /// Expects `p`, read from what a server sends of `point`, to carry the point's heading, magnetic field
    /// (µT) and altitude (m).
    static func expectRiders(
        of point: TrajectoryPoint, in p: RemotePoint, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let heading = RemotePoint.Heading(
            trueHeading: point.trueHeading, magneticHeading: point.magneticHeading,
            headingAccuracy: point.headingAccuracy)
        #expect(p.heading == heading, sourceLocation: sourceLocation)
        #expect(p.magneticField == point.magneticField.vector, sourceLocation: sourceLocation)
        #expect(p.altitude == point.altitude, sourceLocation: sourceLocation)
    }

    @Test("a motion line, a location line and a walk line as signals play prints them")
    func lines() throws {
        let m = try RemotePoint(
            line:
                #"{"timestamp":0.5,"userAcceleration":{"x":0.1,"y":0.0,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.0,"y":0.25,"z":0.0}}"#
        )
        #expect(m.timestamp == 0.5)
        #expect(m.location == nil)
        #expect(
            m.motion
                == MotionPoint(
                    timestamp: 0.5, userAcceleration: Acceleration(x: 0.1, y: 0, z: 0),
                    gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0, y: 0.25, z: 0)))
        let fix = LocationPoint(
            timestamp: 2, latitude: 51.5, longitude: -0.12, altitude: 10, horizontalAccuracy: 4,
            verticalAccuracy: 6, speed: 1.4, course: 45)
        let l = try RemotePoint(line: fix.jsonLine)
        #expect(l.motion == nil)
        #expect(l.location == fix)
        let walk = MotionLocationPoint(
            motion: MotionPoint(timestamp: 2, gravity: Acceleration(x: 0, y: 0, z: -1)), location: fix)
        let w = try RemotePoint(line: walk.jsonLine(precision: .double))
        #expect(w.motion == walk.motion)
        #expect(w.location == fix)
    }

    @Test("a trajectory's line: the motion and the fix read past its heading, field, pressure, altitude and pedometer")
    func trajectoryLine() throws {
        // As `signals play Examples/trajectories/car.json` prints its first point (abridged numbers).
        let line =
            #"{"timestamp":0.0,"userAcceleration":{"x":0.0,"y":-0.001,"z":-0.0005},"gravity":{"x":0.0,"y":-1.0,"z":0.0},"rotationRate":{"x":0.0,"y":0.05,"z":0.1},"attitude":{"w":0.64,"x":0.64,"y":-0.3,"z":-0.3},"location":{"latitude":51.5007,"longitude":-0.1245,"altitude":-1.3,"horizontalAccuracy":4.5,"verticalAccuracy":4.5,"speed":0.0,"course":-1.0},"heading":{"trueHeading":50.2,"magneticHeading":49.0,"headingAccuracy":0.0},"magneticField":{"x":-14.8,"y":-45.1,"z":-12.8},"pressure":101878.2,"altitude":-45.9,"pedometer":{"steps":0,"distance":0.0,"cadence":0.0,"floorsAscended":0,"floorsDescended":0}}"#
        let p = try RemotePoint(line: line)
        #expect(p.motion?.gravity.y == -1 && p.motion?.rotationRate.z == 0.1 && p.motion?.attitude?.w == 0.64)
        #expect(p.location?.latitude == 51.5007 && p.location?.horizontalAccuracy == 4.5)
        // A rider that is neither an object nor a number, or an unknown key, is still refused.
        let pressure = try #require(throws: SensorFeedsError.self) {
            try RemotePoint(line: #"{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1},"pressure":"high"}"#)
        }
        #expect(pressure.code == .malformed && pressure.path == "$.pressure", "\(pressure)")
        let compass = try #require(throws: SensorFeedsError.self) {
            try RemotePoint(line: #"{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1},"compass":1}"#)
        }
        #expect(compass.code == .malformed && compass.message.contains("compass"), "\(compass)")
    }

    @Test("every rider key of a trajectory's line is read: heading, magnetic field, pressure, altitude, pedometer")
    func riders() throws {
        let line =
            #"{"timestamp":2.0,"gravity":{"x":0.0,"y":-1.0,"z":0.0},"location":{"latitude":51.5007,"longitude":-0.1245,"altitude":-1.3,"horizontalAccuracy":4.5,"verticalAccuracy":4.5,"speed":1.4,"course":50.0,"speedAccuracy":0.1,"courseAccuracy":4.08},"heading":{"trueHeading":50.2,"magneticHeading":49.0,"headingAccuracy":1.5},"magneticField":{"x":-14.8,"y":-45.1,"z":-12.8},"pressure":101878.2,"altitude":-45.9,"pedometer":{"steps":12,"distance":8.5,"cadence":1.9,"floorsAscended":1,"floorsDescended":2}}"#
        let p = try RemotePoint(line: line)
        #expect(p.heading == RemotePoint.Heading(trueHeading: 50.2, magneticHeading: 49.0, headingAccuracy: 1.5))
        #expect(p.magneticField == SIMD3(-14.8, -45.1, -12.8))
        #expect(p.pressure == 101878.2)
        #expect(p.altitude == -45.9)
        #expect(
            p.pedometer
                == RemotePoint.Pedometer(steps: 12, distance: 8.5, cadence: 1.9, floorsAscended: 1, floorsDescended: 2))
        #expect(p.location?.speedAccuracy == 0.1)
        #expect(p.location?.courseAccuracy == 4.08)
        #expect(p.motion?.gravity.y == -1)
        // The failing case: a motion line has none of them.
        let plain = try RemotePoint(line: #"{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1}}"#)
        #expect(plain.heading == nil)
        #expect(plain.magneticField == nil)
        #expect(plain.pressure == nil)
        #expect(plain.altitude == nil)
        #expect(plain.pedometer == nil)
    }

    @Test("a trajectory's own line (TrajectoryPoint.jsonLine) reads back every rider exactly")
    func trajectoryRoundTrip() throws {
        let walk = try WalkTrajectory.example()
        for point in try walk.points(first: 0, count: 3, rate: 10) {
            let p = try RemotePoint(line: point.jsonLine())
            Self.expectRiders(of: point, in: p)
            #expect(p.pressure == point.pressure)
            #expect(
                p.pedometer
                    == RemotePoint.Pedometer(
                        steps: point.steps, distance: point.distance, cadence: point.cadence,
                        floorsAscended: point.floorsAscended, floorsDescended: point.floorsDescended))
            #expect(p.location == point.location)
        }
    }

    @Test(
        "a malformed rider is refused with its JSON path and what is wrong",
        arguments: [
            (#""heading":"north""#, "$.heading", "must be a JSON object"),
            (
                #""heading":{"trueHeading":1,"magneticHeading":2}"#, "$.heading",
                "missing required field 'headingAccuracy'"
            ),
            (
                #""heading":{"trueHeading":1,"magneticHeading":2,"headingAccuracy":0,"extra":1}"#, "$.heading.extra",
                "unknown field"
            ),
            (
                #""heading":{"trueHeading":360,"magneticHeading":2,"headingAccuracy":0}"#, "$.heading.trueHeading",
                "0 ..< 360"
            ),
            (
                #""heading":{"trueHeading":"1","magneticHeading":2,"headingAccuracy":0}"#, "$.heading.trueHeading",
                "must be a number"
            ),
            (#""magneticField":12"#, "$.magneticField", "must be a JSON object"),
            (#""magneticField":{"x":1,"y":2}"#, "$.magneticField", "missing required field 'z'"),
            (#""pressure":{"value":1}"#, "$.pressure", "must be a number"),
            (#""pressure":-5"#, "$.pressure", "negative"),
            (#""altitude":"high""#, "$.altitude", "must be a number"),
            (
                #""pedometer":{"steps":1.5,"distance":0,"cadence":0,"floorsAscended":0,"floorsDescended":0}"#,
                "$.pedometer.steps", "whole number"
            ),
            (
                #""pedometer":{"steps":1,"distance":-1,"cadence":0,"floorsAscended":0,"floorsDescended":0}"#,
                "$.pedometer.distance", "negative"
            ),
            (
                #""pedometer":{"steps":1,"distance":0,"cadence":0,"floorsAscended":0}"#, "$.pedometer",
                "missing required field 'floorsDescended'"
            ),
            (#""pedometer":[1]"#, "$.pedometer", "must be a JSON object"),
        ])
    func badRider(rider: String, path: String, mention: String) throws {
        let e = try #require(throws: SensorFeedsError.self) {
            try RemotePoint(line: #"{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1},"# + rider + "}")
        }
        #expect(e.code == .malformed)
        #expect(e.path == path, "\(e.path ?? "no path")")
        #expect(e.description.contains(mention), "\(e)")
    }

    @Test("/data bodies: the original server's shape (accelerometer as gravity) and the full one (motion)")
    func dataBodies() throws {
        let original = try RemotePoint(
            data: #"{"accelerometer": {"x": 0.1, "y": -0.2, "z": -0.97}}"#, fallbackTimestamp: 3)
        #expect(original.timestamp == 3)
        #expect(original.motion == MotionPoint(timestamp: 3, gravity: Acceleration(x: 0.1, y: -0.2, z: -0.97)))
        let full = try RemotePoint(
            data:
                #"{"accelerometer":{"x":0.5,"y":0.0,"z":-1.0},"timestamp":1.5,"motion":{"timestamp":1.5,"userAcceleration":{"x":0.5,"y":0.0,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.0,"y":0.0,"z":0.0}},"location":{"latitude":48.85,"longitude":2.29}}"#,
            fallbackTimestamp: 0)
        #expect(full.motion?.userAcceleration.x == 0.5)
        #expect(full.motion?.gravity.z == -1)
        #expect(full.location?.latitude == 48.85)
        #expect(full.location?.longitude == 2.29)
        #expect(full.location?.course == -1)
    }

    @Test(
        "bad JSON is an error naming the path",
        arguments: [
            (#"{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1},"spin":1}"#, "$.spin"),
            (#"{"timestamp":"0"}"#, "$.timestamp"),
            (#"{"gravity":{"x":0,"y":0,"z":-1}}"#, "$.timestamp"),
            (#"{"timestamp":0,"location":{"latitude":91,"longitude":0}}"#, "$.location.latitude"),
            (#"{"timestamp":0,"location":{"latitude":1,"longitude":0,"heading":3}}"#, "$.location.heading"),
            (#"[1,2]"#, "$"),
            (#"{"timestamp":0,"timestamp":1}"#, "$"),
        ])
    func badLines(text: String, path: String) throws {
        let e = try #require(throws: SensorFeedsError.self) { try RemotePoint(line: text) }
        #expect(e.code == .malformed)
        #expect(e.isTransient)
        #expect((e.path ?? "$").hasPrefix(path), "\(e.path ?? "no path")")
    }

    @Test("a truncated line and a /data body with an unknown field are errors")
    func truncated() throws {
        let cut = try #require(throws: SensorFeedsError.self) { try RemotePoint(line: #"{"timestamp":0,"gra"#) }
        #expect(cut.code == .malformed && cut.message.hasSuffix(#"(in '{"timestamp":0,"gra')"#), "\(cut)")
        let unknown = try #require(throws: SensorFeedsError.self) {
            try RemotePoint(data: #"{"acceleration": {"x": 0, "y": 0, "z": 0}}"#, fallbackTimestamp: 0)
        }
        #expect(unknown.code == .malformed && unknown.message.contains("'acceleration'"), "\(unknown)")
    }
}

@Suite struct ServerAddressTests {
    @Test("http URLs: host, port (80 by default), a path prefix, IPv6")
    func addresses() throws {
        let a = try ServerAddress(URL(string: "http://127.0.0.1:8080")!)
        #expect(a.host == "127.0.0.1")
        #expect(a.port == 8080)
        #expect(a.prefix == "")
        #expect(a.hostHeader == "127.0.0.1:8080")
        let b = try ServerAddress(URL(string: "http://example.local/feeds/")!)
        #expect(b.port == 80)
        #expect(b.prefix == "/feeds")
        let c = try ServerAddress(URL(string: "http://[::1]:9000")!)
        #expect(c.host == "::1")
        #expect(c.hostHeader == "[::1]:9000")
        #expect(a.transport == .serverSentEvents)
        let d = try ServerAddress(URL(string: "ws://127.0.0.1:8080")!)
        #expect(d.transport == .webSocket)
        #expect(d.port == 8080)
    }

    @Test("https and wss (no TLS here), another scheme or no host is an invalid URL, not transient")
    func invalid() throws {
        for text in [
            "https://127.0.0.1:8080", "wss://127.0.0.1", "file:///tmp/x", "http:///path", "ws://127.0.0.1:70000",
        ] {
            let url = try #require(URL(string: text))
            let error = try #require(throws: SensorFeedsError.self, "\(text)") { try ServerAddress(url) }
            #expect(error.code == .invalidURL, "\(text)")
            #expect(!error.isTransient, "\(text)")
        }
    }

    @Test("the token given wins over the URL's ?token=; empty is none; the URL's path prefix is kept without its query")
    func sources() throws {
        let url = try #require(URL(string: "ws://127.0.0.1:8080/feeds/?token=from-url"))
        #expect(try ServerAddress(url).token == "from-url")
        #expect(try ServerAddress(url).prefix == "/feeds")
        #expect(try ServerAddress(url, token: "given").token == "given")
        #expect(try ServerAddress(url, token: "").token == "from-url")
        #expect(try ServerAddress(try #require(URL(string: "http://127.0.0.1:8080"))).token == nil)
        #expect(try ServerAddress(try #require(URL(string: "http://127.0.0.1:8080/?token="))).token == nil)
    }

    @Test(
        "a token signals serve never takes is an invalid URL error (the updates end) that does not quote it",
        arguments: ["two words", "line\r\nX-Injected: 1", String(repeating: "a", count: 257), "ünicode"])
    func invalidToken(token: String) throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080"))
        let error = try #require(throws: SensorFeedsError.self) { try ServerAddress(url, token: token) }
        #expect(error.code == .invalidURL)
        #expect(!error.isTransient)
        #expect(error.message.contains("A-Z a-z 0-9 - . _ ~"), "\(error.message)")
        #expect(!error.message.contains(token), "\(error.message)")
    }
}
