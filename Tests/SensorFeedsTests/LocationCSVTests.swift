import Formats
import Foundation
import Location
import Playback
import Signals
import Testing

@testable import SensorFeeds

/// `SimulatedLocationManager(source: .file(url))` reading the CSV `signals render` writes for a route.
@Suite struct LocationCSVTests {
    /// A walk with a GNSS error model, so that every column carries a value of its own.
    static let walk = #"""
        {"route": {"speed": 3, "waypoints": [
            {"latitude": 51.5007, "longitude": -0.1246},
            {"latitude": 51.5012, "longitude": -0.1238, "pause": 4},
            {"latitude": 51.5020, "longitude": -0.1230, "speed": 1.4}],
          "error": {"sigma": 3, "correlationTime": 60, "seed": 1}}}
        """#
    /// The header `signals render` writes for a route (RouteOutput.columns after `t`).
    static let header = "t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy"

    /// The fixes of the walk, as `signals render --rate 2 --duration 60` computes them.
    static func fixes() throws -> [LocationPoint] {
        try Route(json: Data(walk.utf8)).render(sampleRate: 2, duration: 60)
    }

    /// CSV as `signals render` writes it: `t`, then each value in Swift's description, `\n` after each row.
    static func renderCSV(_ points: [LocationPoint], lineEnd: String = "\n") -> String {
        var text = header + lineEnd
        for p in points {
            text += "\(p.timestamp)"
            for v in [p.latitude, p.longitude, p.altitude, p.speed, p.course, p.horizontalAccuracy, p.verticalAccuracy]
            { text += ",\(v)" }
            text += lineEnd
        }
        return text
    }

    static func temporary(_ name: String, _ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Every update of a file source, played on an instant clock.
    static func play(_ url: URL, distanceFilter: Double = locationDistanceFilterNone) async throws -> [LocationPoint] {
        let manager = SimulatedLocationManager(source: .file(url), clock: ManualClock(autoAdvance: true))
        manager.distanceFilter = distanceFilter
        manager.updateBufferLimit = 100_000
        var fixes: [LocationPoint] = []
        for try await fix in manager.locationUpdates() { fixes.append(fix) }
        return fixes
    }

    static func csvError(_ text: String) -> SignalError? {
        do {
            _ = try LocationCSV.points(Data(text.utf8), file: "walk.csv")
            return nil
        } catch {
            return error
        }
    }

    @Test("a rendered route read back: every fix, every field and time bit for bit, as the route renders it")
    func roundTrip() async throws {
        let fixes = try Self.fixes()
        #expect(fixes.count == 120)
        #expect(fixes.contains { $0.course == -1 })  // the pause: course unknown
        #expect(fixes.contains { $0.course > 0 })
        let url = try Self.temporary("walk.csv", Self.renderCSV(fixes))
        defer { try? FileManager.default.removeItem(at: url) }
        let played = try await Self.play(url)
        #expect(played == fixes)
        // Positions to 1e-9 degrees at least (Swift's description round-trips: they are equal).
        for (a, b) in zip(played, fixes) {
            #expect(abs(a.coordinate.latitude - b.latitude) <= 1e-9)
            #expect(abs(a.coordinate.longitude - b.longitude) <= 1e-9)
        }
        #expect(played.map(\.timestamp) == (0..<120).map { Double($0) / 2 })
    }

    @Test("speedAccuracy and courseAccuracy columns are read when present, and −1 when absent")
    func velocityAccuracyColumns() throws {
        let with = try #require(
            try LocationCSV.points(
                Data("t,latitude,longitude,speed,course,speedAccuracy,courseAccuracy\n0,1,2,1.5,90,0.1,3.8\n".utf8),
                file: "a.csv"
            ).first)
        #expect(with.speedAccuracy == 0.1)
        #expect(with.courseAccuracy == 3.8)
        let without = try #require(
            try LocationCSV.points(Data("t,latitude,longitude,speed,course\n0,1,2,1.5,90\n".utf8), file: "a.csv").first)
        #expect(without.speedAccuracy == -1)
        #expect(without.courseAccuracy == -1)
        // A typo of the new columns is refused like any location column's.
        let typo = try #require(Self.csvError("t,latitude,longitude,speedAcuracy\n0,1,2,0.1\n"))
        #expect(typo.code == .unknownField)
        #expect(typo.description.contains("speedAccuracy"), "\(typo)")
    }

    @Test("distanceFilter drops the same fixes from a CSV file as from the same fixes in JSON Lines")
    func distanceFilterAsJSONLines() async throws {
        let fixes = try Self.fixes()
        let csv = try Self.temporary("walk.csv", Self.renderCSV(fixes))
        let jsonl = try Self.temporary("walk.jsonl", fixes.map { try $0.jsonLine }.joined(separator: "\n") + "\n")
        defer {
            try? FileManager.default.removeItem(at: csv)
            try? FileManager.default.removeItem(at: jsonl)
        }
        let allCSV = try await Self.play(csv)
        let allJSONLines = try await Self.play(jsonl)
        #expect(allCSV == allJSONLines)
        #expect(allCSV.count == fixes.count)
        for filter in [5.0, 12, 40] {
            let fromCSV = try await Self.play(csv, distanceFilter: filter)
            let fromJSONLines = try await Self.play(jsonl, distanceFilter: filter)
            #expect(fromCSV == fromJSONLines)
            #expect(fromCSV.count > 1, "filter \(filter) m kept \(fromCSV.count) of \(fixes.count)")
            #expect(fromCSV.count < fixes.count, "filter \(filter) m kept \(fromCSV.count) of \(fixes.count)")
            for (a, b) in zip(fromCSV, fromCSV.dropFirst()) { #expect(b.distance(from: a) >= filter) }
        }
    }

    @Test("a motion-and-route render: the motion columns are ignored; columns are found by name in any order")
    func columnsByName() throws {
        let motion =
            "t,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z,"
            + "latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy\n"
            + "0.0,0.1,0.0,0.0,0.0,0.0,-1.0,0.0,0.0,0.0,51.5,-0.12,10.0,1.4,90.0,3.0,4.5\n"
            + "0.1,0.2,0.0,0.0,0.0,0.0,-1.0,0.0,0.0,0.0,51.50001,-0.12,10.0,1.4,90.0,3.0,4.5\n"
        let points = try LocationCSV.points(Data(motion.utf8), file: "phone.csv")
        #expect(
            points == [
                LocationPoint(
                    timestamp: 0, latitude: 51.5, longitude: -0.12, altitude: 10, horizontalAccuracy: 3,
                    verticalAccuracy: 4.5, speed: 1.4, course: 90),
                LocationPoint(
                    timestamp: 0.1, latitude: 51.50001, longitude: -0.12, altitude: 10, horizontalAccuracy: 3,
                    verticalAccuracy: 4.5, speed: 1.4, course: 90),
            ])
        // Every column name `signals render` writes for a motion, an attitude or an IMU is ignored, never taken for a typo.
        let others = [
            "value", "x", "y", "z", "c0", "c12", "attitude.w", "attitude.x", "attitude.y", "attitude.z",
            "accelerometer.x", "accelerometer.y", "accelerometer.z", "gyroscope.x", "gyroscope.y", "gyroscope.z",
        ]
        let wide = try LocationCSV.points(
            Data(
                ("t,latitude,longitude," + others.joined(separator: ",") + "\n0,1,2"
                    + String(repeating: ",0.5", count: others.count) + "\n").utf8), file: "wide.csv")
        #expect(wide == [LocationPoint(timestamp: 0, latitude: 1, longitude: 2)])
        // Reordered, `timestamp` for `t`, an extra column; absent columns default as in a JSON Lines fix.
        let reordered = try LocationCSV.points(
            Data("longitude,note,timestamp,latitude,speed\n2.5,x,7,-3.25,1\n".utf8), file: "r.csv")
        #expect(
            reordered == [
                LocationPoint(
                    timestamp: 7, latitude: -3.25, longitude: 2.5, altitude: 0, horizontalAccuracy: 0,
                    verticalAccuracy: 0, speed: 1, course: -1)
            ])
        // Negative speed, course and accuracy are Core Location's "unknown/invalid" markers: kept as written.
        let invalid = try LocationCSV.points(
            Data("t,latitude,longitude,speed,course,horizontalAccuracy\n0,1,2,-1,-1,-1\n".utf8), file: "i.csv")
        #expect(invalid.first?.speed == -1)
        #expect(invalid.first?.course == -1)
        #expect(invalid.first?.horizontalAccuracy == -1)
        // The edges of the ranges are fixes.
        let edges = try LocationCSV.points(Data("t,latitude,longitude\n0,90,180\n0,-90,-180\n".utf8), file: "e.csv")
        #expect(edges.map(\.latitude) == [90, -90])
        #expect(edges.map(\.longitude) == [180, -180])
    }

    @Test("\\r\\n line ends, a byte order mark, blank lines and quoted cells read the same; CSV is told by its header")
    func lineEndsAndDetection() async throws {
        let fixes = try Array(Self.fixes().prefix(10))
        let crlf =
            "\u{FEFF}\r\n"
            + Self.renderCSV(fixes, lineEnd: "\r\n").replacingOccurrences(of: "\r\n0.5,", with: "\r\n\r\n0.5,")
        #expect(try LocationCSV.points(Data(crlf.utf8), file: "w.csv") == fixes)
        #expect(
            try LocationCSV.points(Data("\"t\",\"latitude\",\"longitude\"\n\"1\",\"2\",\"3\"\n".utf8), file: "q.csv")
                == [LocationPoint(timestamp: 1, latitude: 2, longitude: 3)])
        // Without the .csv extension: told by the header line, played the same.
        for name in ["walk.txt", "walk"] {
            let url = try Self.temporary(name, crlf)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(try await Self.play(url) == fixes, "\(name)")
        }
        // Told as every reader of the package tells files (InputKind): the extension, then the content.
        func kind(_ name: String, _ text: String) -> LocationSource.FileKind {
            LocationSource.kind(URL(fileURLWithPath: "/tmp/" + name), Data(text.utf8))
        }
        #expect(kind("fixes", "\n  \ntimestamp,latitude,longitude\n") == .csv)
        #expect(kind("fixes", "t,x,y,z\n") == .csv)  // a CSV, refused later for its columns
        #expect(kind("fixes", "{\"timestamp\":0,\"location\":{\"latitude\":1,\"longitude\":2}}\n") == .jsonLines)
        #expect(kind("fixes.txt", "<?xml version=\"1.0\"?><gpx></gpx>") == .gpx)
        #expect(kind("fixes.csv", "<gpx></gpx>") == .csv)  // the extension wins
        #expect(kind("fixes.gpx", "t,latitude,longitude\n") == .gpx)
        #expect(kind("fixes", "") == .jsonLines)  // nothing to tell: its reader says the file is empty
        // A header with a motion's columns only, not named .csv: a clear error, not a JSON one.
        let motion = try Self.temporary("motion.txt", "timestamp,x,y,z\n0,0,0,1\n")
        defer { try? FileManager.default.removeItem(at: motion) }
        let error = await #expect(throws: SignalError.self) { try await Self.play(motion) }
        #expect(
            error?.description
                == "\(motion.lastPathComponent):1: the CSV header has no 'latitude' column; a location CSV has the header \(Self.header) (time, latitude and longitude required)"
        )
    }

    @Test("JSON Lines with \\r\\n line ends read as with \\n")
    func jsonLinesCRLF() throws {
        let fixes = try Array(Self.fixes().prefix(5))
        let text = try fixes.map { try $0.jsonLine }.joined(separator: "\r\n") + "\r\n"
        #expect(try LocationSource.jsonLinesPoints(Data(text.utf8), file: "w.jsonl") == fixes)
    }

    @Test(
        "every bad input is a SignalError naming the file, the line and the column",
        arguments: [
            ("t,latitude,longitude\n0,1,2\n1,abc,2\n", "walk.csv:3: column 'latitude': 'abc' is not a number"),
            ("t,latitude,longitude\n0,1,1.5.2\n", "walk.csv:2: column 'longitude': '1.5.2' is not a number"),
            ("t,latitude,longitude\n0, ,2\n", "walk.csv:2: column 'latitude': the cell is empty; expected a number"),
            (
                "t,latitude,longitude,altitude\n0,1,2,\n",
                "walk.csv:2: column 'altitude': the cell is empty; expected a number"
            ),
            ("t,latitude,longitude\n0,nan,2\n", "walk.csv:2: column 'latitude': 'nan' is not a finite number"),
            ("t,latitude,longitude\n-inf,1,2\n", "walk.csv:2: column 't': '-inf' is not a finite number"),
            (
                "t,latitude,longitude,speed\n0,1,2,1e400\n",
                "walk.csv:2: column 'speed': '1e400' is beyond the range of a Double (not finite)"
            ),
            (
                "t,latitude,longitude\n0,1,2\n1,90.5,2\n",
                "walk.csv:3: column 'latitude': '90.5' is not within -90 ... 90 degrees"
            ),
            (
                "t,latitude,longitude\n0,-91,2\n",
                "walk.csv:2: column 'latitude': '-91' is not within -90 ... 90 degrees"
            ),
            (
                "t,latitude,longitude\n0,1,-180.000001\n",
                "walk.csv:2: column 'longitude': '-180.000001' is not within -180 ... 180 degrees"
            ),
            ("t,latitude,longitude\n0,1,2\n1,1\n", "walk.csv:3: expected 3 cells as in the header (line 1), found 2"),
            ("t,latitude,longitude\n0,1,2,3\n", "walk.csv:2: expected 3 cells as in the header (line 1), found 4"),
            (
                "t,latitude,longitude\n1,1,2\n0.5,1,2\n",
                "walk.csv:3: column 't': time 0.5 s is before the previous row's, 1.0 s; times must not decrease"
            ),
            ("t,longitude\n0,2\n", "walk.csv:1: the CSV header has no 'latitude' column"),
            ("timestamp,latitude,altitude\n0,2,3\n", "walk.csv:1: the CSV header has no 'longitude' column"),
            ("latitude,longitude\n1,2\n", "walk.csv:1: the CSV header has no time column ('t' or 'timestamp')"),
            ("t,latitude,longitude\n", "walk.csv: the CSV has a header (line 1) but no rows of fixes"),
            ("\n\nt,latitude,longitude\r\n\r\n", "walk.csv: the CSV has a header (line 3) but no rows of fixes"),
            (
                "",
                "walk.csv: the file is empty; expected a CSV header such as 't,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy'"
            ),
            ("t,latitude,latitude,longitude\n", "walk.csv:1: column 'latitude' appears twice in the CSV header"),
            (
                "t,latitude,longitude,timestamp\n",
                "walk.csv:1: column 'timestamp' appears twice in the CSV header (as 't': t and timestamp are the same column)"
            ),
            (
                "t,latitude,longitude,altitdue\n0,1,2,3\n",
                "walk.csv:1: unknown column 'altitdue' in the CSV header (did you mean 'altitude'?)"
            ),
            (
                "t,Latitude,longitude\n0,1,2\n",
                "walk.csv:1: unknown column 'Latitude' in the CSV header (did you mean 'latitude'?)"
            ),
            ("t,latitude,longitude\n0,\"1,2\n", "walk.csv:2: a quoted field is not closed"),
        ])
    func badInput(text: String, message: String) throws {
        let error = try #require(Self.csvError(text))
        #expect(error.file == "walk.csv")
        #expect(error.description.hasPrefix(message), "\(error)")
    }

    @Test("a long cell or column name is quoted cut to 100 (60) characters")
    func longCells() throws {
        let cell = String(repeating: "x", count: 5000)
        let error = try #require(Self.csvError("t,latitude,longitude\n0,\(cell),2\n"))
        #expect(
            error.description.hasPrefix(
                "walk.csv:2: column 'latitude': '\(String(repeating: "x", count: 99))…' is not a number"),
            "\(error.message)")
        #expect(error.message.count < 200)
        let name = String(repeating: "y", count: 5000)
        let header = try #require(Self.csvError("t,longitude,\(name)\n"))
        #expect(header.message.contains("no 'latitude' column"))
        #expect(header.message.count < 300)
        // A long unknown column is ignored (no typo search over it), as any other column.
        #expect(try LocationCSV.points(Data("t,latitude,longitude,\(name)\n0,1,2,3\n".utf8), file: "w.csv").count == 1)
    }

    @Test("a bad CSV reaches didFailWithError, ends the updates and delivers no fix")
    func managerError() throws {
        let url = try Self.temporary("walk.csv", "t,latitude,longitude\n0,1,2\n1,1,200\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let manager = SimulatedLocationManager(source: .file(url), clock: ManualClock(autoAdvance: true))
        let delegate = Fixes.started(on: manager, until: 1)
        #expect(delegate.wait())
        let error = try #require(delegate.errors.first as? SignalError)
        #expect(error.code == .outOfRange)
        #expect(
            error.description
                == "\(url.lastPathComponent):3: column 'longitude': '200' is not within -180 ... 180 degrees")
        #expect(delegate.locations.isEmpty)
    }

    @Test("a file over 64 MiB is refused with its size, not read whole")
    func sizeLimit() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString)-big.csv")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(LocationCSV.header.utf8)))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(LocationSource.fileSizeLimit + 1))  // sparse: no disk used
        try handle.close()
        let error = #expect(throws: SignalError.self) { try LocationSource.fileData(url) }
        #expect(error?.code == .tooLarge)
        #expect(
            error?.description
                == "\(url.path): \(LocationSource.fileSizeLimit + 1) bytes is more than \(LocationSource.fileSizeLimit) bytes (64 MiB), the most a location file may hold: it is read whole before the first fix"
        )
        // At the limit it is read (and then refused for its content: the NUL bytes of the sparse file are no number).
        let shorter = try FileHandle(forWritingTo: url)
        try shorter.truncate(atOffset: UInt64(LocationSource.fileSizeLimit))
        try shorter.close()
        let data = try LocationSource.fileData(url)
        #expect(data.count == LocationSource.fileSizeLimit)
        #expect(#expect(throws: SignalError.self) { try LocationSource.filePoints(data, url: url) }?.code == .malformed)
    }
}
