import Foundation
import Location
import Playback
@testable import SensorFeeds
import Testing

@Suite struct RemotePointTests {
    @Test("a motion line, a location line and a walk line as signals play prints them")
    func lines() throws {
        let m = try RemotePoint(line: #"{"timestamp":0.5,"userAcceleration":{"x":0.1,"y":0.0,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.0,"y":0.25,"z":0.0}}"#)
        #expect(m.timestamp == 0.5)
        #expect(m.location == nil)
        #expect(m.motion == MotionPoint(timestamp: 0.5, userAcceleration: Acceleration(x: 0.1, y: 0, z: 0),
                                        gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0, y: 0.25, z: 0)))
        let fix = LocationPoint(timestamp: 2, latitude: 51.5, longitude: -0.12, altitude: 10, horizontalAccuracy: 4,
                                verticalAccuracy: 6, speed: 1.4, course: 45)
        let l = try RemotePoint(line: fix.jsonLine)
        #expect(l.motion == nil)
        #expect(l.location == fix)
        let walk = MotionLocationPoint(motion: MotionPoint(timestamp: 2, gravity: Acceleration(x: 0, y: 0, z: -1)), location: fix)
        let w = try RemotePoint(line: walk.jsonLine(precision: .double))
        #expect(w.motion == walk.motion)
        #expect(w.location == fix)
    }

    @Test("a trajectory's line: the motion and the fix read past its heading, field, pressure, altitude and pedometer")
    func trajectoryLine() throws {
        // As `signals play Examples/trajectories/car.json` prints its first point (abridged numbers).
        let line = #"{"timestamp":0.0,"userAcceleration":{"x":0.0,"y":-0.001,"z":-0.0005},"gravity":{"x":0.0,"y":-1.0,"z":0.0},"rotationRate":{"x":0.0,"y":0.05,"z":0.1},"attitude":{"w":0.64,"x":0.64,"y":-0.3,"z":-0.3},"location":{"latitude":51.5007,"longitude":-0.1245,"altitude":-1.3,"horizontalAccuracy":4.5,"verticalAccuracy":4.5,"speed":0.0,"course":-1.0},"heading":{"trueHeading":50.2,"magneticHeading":49.0,"headingAccuracy":0.0},"magneticField":{"x":-14.8,"y":-45.1,"z":-12.8},"pressure":101878.2,"altitude":-45.9,"pedometer":{"steps":0,"distance":0.0,"cadence":0.0,"floorsAscended":0,"floorsDescended":0}}"#
        let p = try RemotePoint(line: line)
        #expect(p.motion?.gravity.y == -1 && p.motion?.rotationRate.z == 0.1 && p.motion?.attitude?.w == 0.64)
        #expect(p.location?.latitude == 51.5007 && p.location?.horizontalAccuracy == 4.5)
        // A rider that is neither an object nor a number, or an unknown key, is still refused.
        #expect(throws: SensorFeedsError.self) { try RemotePoint(line: #"{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1},"pressure":"high"}"#) }
        #expect(throws: SensorFeedsError.self) { try RemotePoint(line: #"{"timestamp":0,"gravity":{"x":0,"y":0,"z":-1},"compass":1}"#) }
    }

    @Test("/data bodies: the original server's shape (accelerometer as gravity) and the full one (motion)")
    func dataBodies() throws {
        let original = try RemotePoint(data: #"{"accelerometer": {"x": 0.1, "y": -0.2, "z": -0.97}}"#, fallbackTimestamp: 3)
        #expect(original.timestamp == 3)
        #expect(original.motion == MotionPoint(timestamp: 3, gravity: Acceleration(x: 0.1, y: -0.2, z: -0.97)))
        let full = try RemotePoint(data: #"{"accelerometer":{"x":0.5,"y":0.0,"z":-1.0},"timestamp":1.5,"motion":{"timestamp":1.5,"userAcceleration":{"x":0.5,"y":0.0,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{"x":0.0,"y":0.0,"z":0.0}},"location":{"latitude":48.85,"longitude":2.29}}"#, fallbackTimestamp: 0)
        #expect(full.motion?.userAcceleration.x == 0.5)
        #expect(full.motion?.gravity.z == -1)
        #expect(full.location?.latitude == 48.85)
        #expect(full.location?.longitude == 2.29)
        #expect(full.location?.course == -1)
    }

    @Test("bad JSON is an error naming the path", arguments: [
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
    func truncated() {
        #expect(throws: SensorFeedsError.self) { try RemotePoint(line: #"{"timestamp":0,"gra"#) }
        #expect(throws: SensorFeedsError.self) { try RemotePoint(data: #"{"acceleration": {"x": 0, "y": 0, "z": 0}}"#, fallbackTimestamp: 0) }
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
        for text in ["https://127.0.0.1:8080", "wss://127.0.0.1", "file:///tmp/x", "http:///path", "ws://127.0.0.1:70000"] {
            let url = try #require(URL(string: text))
            let error = try #require(throws: SensorFeedsError.self, "\(text)") { try ServerAddress(url) }
            #expect(error.code == .invalidURL, "\(text)")
            #expect(!error.isTransient, "\(text)")
        }
    }
}
