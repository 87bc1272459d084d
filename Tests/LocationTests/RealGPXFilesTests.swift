import Foundation
import Signals
import Testing

@testable import Location

/// Real GPX files from other projects (Data/georust, Data/GPXParser.js, and ../NavigationTests/Data/gpxpy),
/// read as their authors meant: each point's altitude at its time, empty `<ele/>`, times that cannot be followed.
@Suite struct RealGPXFilesTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data")

    static func file(_ path: String) throws -> Data {
        try Data(contentsOf: data.appendingPathComponent(path))
    }

    @Test("georust wikipedia_example.gpx: a track that stands still keeps each point's altitude at its time")
    func standingStillClimbs() throws {
        let route = try Route(gpx: Self.file("georust/wikipedia_example.gpx"), file: "wikipedia_example.gpx")
        #expect(route.waypoints.map(\.altitude) == [4.46, 4.94, 6.87])
        #expect(route.waypoints.map(\.time) == [0, 5, 8])
        let timeline = try route.timeline()
        // The file: 4.46 m at 18:37:26, 4.94 m at :31, 6.87 m at :34; in between, linear in time.
        #expect(timeline.location(at: 0).altitude == 4.46)
        #expect(abs(timeline.location(at: 5).altitude - 4.94) < 1e-12)
        #expect(abs(timeline.location(at: 8).altitude - 6.87) < 1e-12)
        #expect(abs(timeline.location(at: 2.5).altitude - 4.70) < 1e-12)
        #expect(abs(timeline.location(at: 6.5).altitude - (4.94 + 1.93 / 2)) < 1e-12)
        #expect(timeline.location(at: 100).altitude == 6.87)
        // It never moves.
        #expect(timeline.location(at: 3).latitude == 47.644548)
        #expect(timeline.location(at: 3).speed == 0)
    }

    @Test("georust wahoo_example.gpx: an empty <ele/> is a point without altitude, not an error")
    func emptyElevation() throws {
        let route = try Route(gpx: Self.file("georust/wahoo_example.gpx"), file: "wahoo_example.gpx")
        #expect(route.waypoints.count == 3)
        #expect(route.waypoints.map(\.altitude) == [0, 0, 0])
        #expect(route.waypoints.map(\.time) == [0, 1, 2])
        #expect(route.startDate == ISO8601Time.parse("2022-04-24T20:54:33Z").map { Date(timeIntervalSince1970: $0) })
        #expect(route.waypoints[0].latitude == 45.454350)
        #expect(route.waypoints[0].longitude == -121.933136)
    }

    @Test("an <ele> that holds only spaces is no altitude either; one that holds a word is still refused")
    func elevationText() throws {
        let blank =
            "<gpx><wpt lat=\"1\" lon=\"1\"><ele>  </ele></wpt><wpt lat=\"1\" lon=\"1.001\"><ele>7</ele></wpt></gpx>"
        #expect(try Route(gpx: Data(blank.utf8), speed: 1).waypoints.map(\.altitude) == [0, 7])
        let word = "<gpx>\n<wpt lat=\"1\" lon=\"1\"><ele>n/a</ele></wpt></gpx>"
        let error = #expect(throws: SignalError.self) { try Route(gpx: Data(word.utf8), speed: 1, file: "w.gpx") }
        #expect(error?.code == .malformed)
        #expect(error?.line == 2)
    }

    static let mojstrovka = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../NavigationTests/Data/gpxpy/Mojstrovka.gpx")

    @Test("gpxpy Mojstrovka.gpx (times that go back): refused naming the point and line, with the way in")
    func timesGoBackRefused() throws {
        let data = try Data(contentsOf: Self.mojstrovka)
        let error = #expect(throws: SignalError.self) { try Route(gpx: data, file: "Mojstrovka.gpx") }
        #expect(error?.code == .invalidTime)
        #expect(error?.file == "Mojstrovka.gpx")
        #expect(error?.line == 16)
        #expect(
            error?.message.contains("of point 2 is not after the previous point's") == true,
            "\(String(describing: error))")
        #expect(error?.message.contains("give a speed to ignore them") == true)
    }

    @Test("gpxpy Mojstrovka.gpx with a speed: its times are ignored, the route moves at the speed, and a note says so")
    func timesIgnoredForSpeed() throws {
        let data = try Data(contentsOf: Self.mojstrovka)
        var notes: [String] = []
        let route = try Route(gpx: data, speed: 1.4, file: "Mojstrovka.gpx", notes: &notes)
        #expect(notes == ["Mojstrovka.gpx: ignored the <time> of 184 points; moving at 1.4 m/s"])
        #expect(route.waypoints.count == 184)
        #expect(!route.isTimed)
        #expect(route.speed == 1.4)
        #expect(route.startDate == nil)
        #expect(route.waypoints.allSatisfy { $0.time == nil })
        let timeline = try route.timeline()
        #expect(abs(timeline.passLength / timeline.passDuration - 1.4) < 1e-9)
    }

    @Test("times on some points only: refused naming the point, or ignored with a speed")
    func someTimes() throws {
        let text = """
            <gpx><trk><trkseg>
            <trkpt lat="1" lon="1"><time>2024-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="1" lon="1.001"></trkpt>
            <trkpt lat="1" lon="1.002"><time>2024-01-01T00:02:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let error = #expect(throws: SignalError.self) { try Route(gpx: Data(text.utf8), file: "some.gpx") }
        #expect(error?.line == 3)
        #expect(
            error?.message.contains(
                "give every point a time or none, or give a speed to ignore the times (2 of 3 points have one)")
                == true,
            "\(String(describing: error))")
        var notes: [String] = []
        let route = try Route(gpx: Data(text.utf8), speed: 2, file: "some.gpx", notes: &notes)
        #expect(notes == ["some.gpx: ignored the <time> of 2 points; moving at 2.0 m/s"])
        #expect(route.waypoints.count == 3)
        #expect(route.speed == 2)
    }

    @Test("a file without times and a speed: no note (nothing was ignored)")
    func noTimesNoNote() throws {
        var notes: [String] = []
        let rte = "<gpx><rte><rtept lat=\"10\" lon=\"20\"/><rtept lat=\"10.001\" lon=\"20\"/></rte></gpx>"
        _ = try Route(gpx: Data(rte.utf8), speed: 1.4, file: "r.gpx", notes: &notes)
        #expect(notes.isEmpty)
    }

    @Test(
        "GPXParser.js test.xml (every point at one instant): refused at the track's second point, line 57, with the way in"
    )
    func gpxParserSameTimeRefused() throws {
        let error = #expect(throws: SignalError.self) {
            try Route(gpx: Self.file("GPXParser.js/test.xml"), file: "test.xml")
        }
        #expect(error?.code == .invalidTime)
        #expect(error?.file == "test.xml")
        #expect(error?.line == 57)
        #expect(
            error?.message.contains(
                "<time> 2020-02-02T07:54:30Z of point 2 is not after the previous point's 2020-02-02T07:54:30Z (line 53)"
            ) == true,
            "\(String(describing: error))")
        #expect(error?.message.contains("give a speed to ignore them") == true)
    }

    @Test(
        "GPXParser.js test.xml with a speed: the track's 205 points (not the route's, nor the 2 waypoints), their <ele>, a note"
    )
    func gpxParserWithSpeed() throws {
        var notes: [String] = []
        let route = try Route(gpx: Self.file("GPXParser.js/test.xml"), speed: 1.4, file: "test.xml", notes: &notes)
        #expect(notes == ["test.xml: ignored the <time> of 205 points; moving at 1.4 m/s"])
        #expect(route.waypoints.count == 205)
        #expect(!route.isTimed)
        // <trkpt lat="47.2278526991611" lon="-1.5521714646550901"><ele>12.36</ele> (line 53)
        let first = try #require(route.waypoints.first)
        #expect(first.latitude == 47.2278526991611)
        #expect(first.longitude == -1.5521714646550901)
        #expect(first.altitude == 12.36)
        // <trkpt lat="47.24726758529114" lon="-1.5037400726690622"><ele>13.96</ele> (line 870)
        let last = try #require(route.waypoints.last)
        #expect(last.latitude == 47.24726758529114)
        #expect(last.longitude == -1.5037400726690622)
        #expect(last.altitude == 13.96)
        #expect(route.waypoints[1].altitude == 7.08)
        let timeline = try route.timeline()
        #expect(abs(timeline.passLength / timeline.passDuration - 1.4) < 1e-9)
    }
}
