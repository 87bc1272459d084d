import Foundation
import Signals
import Testing

@testable import Location

/// GPX in (tracks, routes, Xcode's waypoints) and out (Xcode-compatible waypoints with times).
@Suite struct RouteGPXTests {
    static let track = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="1" lon="1"><name>a point of interest, ignored beside a track</name></wpt>
          <trk><name>run</name>
            <trkseg>
              <trkpt lat="47.3769" lon="8.5417"><ele>408</ele><time>2024-05-01T09:30:00Z</time></trkpt>
              <trkpt lat="47.3779" lon="8.5427"><ele>410.5</ele><time>2024-05-01T09:31:00Z</time></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="47.3789" lon="8.5437"><ele>412</ele><time>2024-05-01T11:32:30.5+02:00</time></trkpt>
            </trkseg>
          </trk>
        </gpx>
        """

    @Test("a track: points of every segment in order, <ele> as altitude, times from the file (zones honoured)")
    func track() throws {
        let route = try Route(gpx: Data(Self.track.utf8))
        #expect(route.waypoints.map(\.latitude) == [47.3769, 47.3779, 47.3789])
        #expect(route.waypoints.map(\.altitude) == [408, 410.5, 412])
        #expect(route.waypoints.map(\.time) == [0, 60, 150.5])
        #expect(route.startDate == Date(timeIntervalSince1970: 1_714_555_800))
        #expect(route.speed == nil)
        #expect(route.isTimed)
        let t = try route.timeline()
        #expect(t.passDuration == 150.5)
        #expect(t.location(at: 60).latitude == 47.3779)
    }

    @Test("a route without times moves at the given speed; Xcode's <wpt> files with times are timed routes")
    func routeAndWaypoints() throws {
        let rte = """
            <gpx version="1.1"><rte><rtept lat="10" lon="20"/><rtept lat="10.001" lon="20"></rtept></rte></gpx>
            """
        let route = try Route(gpx: Data(rte.utf8), speed: 1.4)
        #expect(route.speed == 1.4)
        #expect(!route.isTimed)
        #expect(route.waypoints.count == 2)
        let xcode = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="Xcode">
                <wpt lat="37.331705" lon="-122.030237"><name>Cupertino</name><time>2014-09-24T14:55:37Z</time></wpt>
                <wpt lat="37.331705" lon="-122.029237"><time>2014-09-24T14:55:47Z</time></wpt>
            </gpx>
            """
        let wpt = try Route(gpx: Data(xcode.utf8))
        #expect(wpt.waypoints.map(\.time) == [0, 10])
        #expect(wpt.waypoints[1].longitude == -122.029237)
    }

    /// (GPX text, line, code, words the message must contain).
    static let bad: [(String, Int?, SignalError.Code, String)] = [
        (
            "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n</trkseg></trk></gpx>", 4, .malformed,
            "malformed XML: an end tag that does not match"
        ),
        (
            "<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-01-01T00:00:10Z</time></trkpt>\n<trkpt lat=\"1\" lon=\"2.001\"><time>2024-01-01T00:00:10Z</time></trkpt>\n</trkseg></trk></gpx>",
            3, .invalidTime, "is not after the previous point's 2024-01-01T00:00:10Z (line 2)"
        ),
        (
            "<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-01-01T00:00:10Z</time></trkpt>\n<trkpt lat=\"1\" lon=\"2.001\"><time>2024-01-01T00:00:05Z</time></trkpt>\n</trkseg></trk></gpx>",
            3, .invalidTime, "times must increase"
        ),
        ("<gpx>\n\n<wpt lat=\"91\" lon=\"0\"/></gpx>", 3, .outOfRange, "lat=\"91\" is outside −90 … 90"),
        ("<gpx>\n<wpt lat=\"NaN\" lon=\"0\"/></gpx>", 2, .malformed, "is not a number"),
        ("<gpx>\n<rte><rtept lat=\"1\"/></rte></gpx>", 2, .missingField, "no 'lon' attribute"),
        ("<gpx>\n<wpt lat=\"1\" lon=\"1\"><time>yesterday</time></wpt></gpx>", 2, .malformed, "not an ISO 8601"),
        ("<gpx>\n<wpt lat=\"1\" lon=\"1\"><ele>high</ele></wpt></gpx>", 2, .malformed, "not a number of metres"),
        ("<kml><Placemark/></kml>", 1, .unreadable, "not a GPX file"),
        ("<gpx version=\"1.1\"><metadata/></gpx>", nil, .unreadable, "no points"),
        (
            "<gpx>\n<wpt lat=\"1\" lon=\"1\"><time>2024-01-01T00:00:00Z</time></wpt>\n<wpt lat=\"1\" lon=\"2\"/></gpx>",
            3, .invalidTime,
            "has no <time> but the first point (line 2) has one"
        ),
        (
            "<gpx><rte><rtept lat=\"1\" lon=\"1\"/><rtept lat=\"1\" lon=\"2\"/></rte></gpx>", nil, .missingField,
            "no times"
        ),
        ("", 1, .unreadable, "no <gpx> element"),
        ("<gpx><wpt lat=\"1\" lon=\"1\"/>", 1, .malformed, "ends before its elements are closed"),
    ]

    @Test("bad GPX: a clear error naming the file and line", arguments: bad.indices)
    func badFile(_ i: Int) {
        let (text, line, code, words) = Self.bad[i]
        do {
            _ = try Route(gpx: Data(text.utf8), file: "bad.gpx")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.line == line, "\(error)")
            #expect(error.file == "bad.gpx")
            #expect(error.description.contains(words), "\(error)")
            if let line { #expect(error.description.hasPrefix("bad.gpx:\(line): "), "\(error)") }
        }
    }

    @Test("a speed for a file with times ignores the times, with a note (see RealGPXFilesTests)")
    func speedWithTimes() throws {
        var notes: [String] = []
        let route = try Route(gpx: Data(Self.track.utf8), speed: 2, file: "run.gpx", notes: &notes)
        #expect(notes == ["run.gpx: ignored the <time> of 3 points; moving at 2.0 m/s"])
        #expect(!route.isTimed)
        #expect(route.speed == 2)
    }

    @Test("round trip in, out, in: every waypoint comes back at its time, and every position within 1e-7°")
    func roundTrip() throws {
        let first = try Route(gpx: Data(Self.track.utf8))
        let text = try first.gpx(interval: 7)
        let second = try Route(gpx: Data(text.utf8))
        #expect(second.startDate == first.startDate)
        let a = try first.timeline()
        let b = try second.timeline()
        #expect(abs(a.passDuration - b.passDuration) < 1e-3)
        for w in first.waypoints {
            #expect(
                second.waypoints.contains {
                    abs($0.latitude - w.latitude) < 1e-9 && abs($0.longitude - w.longitude) < 1e-9 && $0.time == w.time
                })
        }
        for k in 0...1505 {
            let p = a.location(at: Double(k) / 10)
            let q = b.location(at: Double(k) / 10)
            #expect(abs(p.latitude - q.latitude) < 1e-7)
            #expect(abs(p.longitude - q.longitude) < 1e-7)
            #expect(abs(p.altitude - q.altitude) < 1e-3)
        }
        // And once more: out of the second, in again, unchanged.
        #expect(try Route(gpx: Data(second.gpx(interval: 7).utf8)) == second)
    }

    @Test("round trip of a route moved at speeds, with pauses, across the antimeridian")
    func roundTripSpeeds() throws {
        let route = Route(speed: 250) {
            Waypoint(latitude: -16.5, longitude: 179.99, pause: 10)
            Waypoint(latitude: -16.6, longitude: -179.95, altitude: 12, pause: 5)
            Waypoint(latitude: -16.7, longitude: -179.90, speed: 100)
        }
        let a = try route.timeline()
        let b = try Route(gpx: Data(route.gpx(interval: 2.5).utf8)).timeline()
        #expect(abs(a.passDuration - b.passDuration) < 1e-3)
        for k in 0...Int(a.passDuration * 4) {
            let p = a.location(at: Double(k) / 4)
            let q = b.location(at: Double(k) / 4)
            #expect(abs(p.latitude - q.latitude) < 1e-7, "\(k)")
            #expect(abs(angleDifference(p.longitude, q.longitude)) < 1e-7, "\(k)")
        }
    }

    @Test(
        "GPX out: Xcode's form, one <wpt> per interval plus waypoint arrivals and departures, times from the start date"
    )
    func output() throws {
        let route = Route(speed: 1) {
            Waypoint(latitude: 0, longitude: 0)
            Waypoint(latitude: 0, longitude: 0.00002, pause: 1.5)  // 2.2 m: arrives at 2.226 s
        }
        let text = try route.gpx(interval: 1, start: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(
            text.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"SignalRunner\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
            ))
        #expect(text.hasSuffix("</gpx>\n"))
        let times = text.components(separatedBy: "<time>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(
            times == [
                "2023-11-14T22:13:20Z", "2023-11-14T22:13:21Z", "2023-11-14T22:13:22Z", "2023-11-14T22:13:22.22639Z",
                "2023-11-14T22:13:23Z", "2023-11-14T22:13:23.72639Z",
            ])
        #expect(
            text.contains(
                "<wpt lat=\"0\" lon=\"0\">\n        <ele>0</ele>\n        <time>2023-11-14T22:13:20Z</time>\n    </wpt>"
            ))
        #expect(text.contains("lon=\"0.00002\""))
        #expect(#expect(throws: SignalError.self) { try route.gpx(interval: 0) }?.code == .outOfRange)
        #expect(#expect(throws: SignalError.self) { try route.gpx(interval: 1e-9) }?.code == .outOfRange)
        #expect(
            #expect(throws: SignalError.self) { try route.gpx(start: Date(timeIntervalSince1970: 1e15)) }?.code
                == .outOfRange)
    }
}

@Suite struct ISO8601TimeTests {
    @Test("XML Schema dateTimes: zones, fractions, no zone (UTC)")
    func parse() {
        #expect(ISO8601Time.parse("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601Time.parse("2024-02-29T12:00:00.25Z") == 1_709_208_000.25)
        #expect(ISO8601Time.parse("2024-02-29T14:00:00+02:00") == 1_709_208_000)
        #expect(ISO8601Time.parse("2024-02-29T07:30:00-0430") == 1_709_208_000)
        #expect(ISO8601Time.parse("2024-02-29T12:00:00") == 1_709_208_000)
        #expect(ISO8601Time.parse("1969-12-31T23:59:59Z") == -1)
        #expect(ISO8601Time.parse("0001-01-01T00:00:00Z") == ISO8601Time.range.lowerBound)
        for bad in [
            "", "10000-01-01T00:00:00Z", "-2024-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "2024-02-30T00:00:00Z",
            "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z",
            "2024-01-01 00:00:00Z", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00ZZ", "2024-1-01T00:00:00Z",
        ] {
            #expect(ISO8601Time.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("formatting to the millisecond, and back")
    func format() {
        #expect(ISO8601Time.format(0) == "1970-01-01T00:00:00Z")
        #expect(ISO8601Time.format(1_709_208_000.25) == "2024-02-29T12:00:00.25Z")
        #expect(ISO8601Time.format(-0.5) == "1969-12-31T23:59:59.5Z")
        for t: Double in [0, 1e9, 1_709_208_000.123, 951_782_400, -86_400 * 366] {
            #expect(abs((ISO8601Time.parse(ISO8601Time.format(t)) ?? .nan) - t) < 5e-7)
        }
    }
}
