import Foundation
import Signals
import Testing

@testable import Playback

@Suite struct PointFileTests {
    static let full = MotionPoint(
        timestamp: 0.1, userAcceleration: Acceleration(x: 1, y: 2, z: 3),
        gravity: Acceleration(x: 0, y: 0, z: -1), rotationRate: RotationRate(x: 0.5, y: 0, z: -0.5))

    @Test("a JSON array: full points, absent parts zero, the short x/y/z form")
    func jsonArray() throws {
        let text = """
            [
              {"timestamp": 0, "x": 1, "y": 0, "z": 0},
              {"timestamp": 0.1, "userAcceleration": {"x": 1, "y": 2, "z": 3}, "gravity": {"x": 0, "y": 0, "z": -1},
               "rotationRate": {"x": 0.5, "y": 0, "z": -0.5}},
              {"timestamp": 0.1}
            ]
            """
        let points = try PointFile.decode(Data(text.utf8), format: .json)
        #expect(
            points == [
                MotionPoint(timestamp: 0, userAcceleration: Acceleration(x: 1, y: 0, z: 0)), Self.full,
                MotionPoint(timestamp: 0.1),
            ])
        #expect(try PointFile.decode(Data("[]".utf8), format: .json).isEmpty)
        #expect(
            try PointFile.decode(Data(#"[{"timestamp": 1, "gravity": {"x": 0, "y": 0, "z": -1}}]"#.utf8), format: .json)
                .count == 1)
    }

    @Test("JSON Lines, blank lines skipped, CRLF accepted")
    func jsonLines() throws {
        let text =
            "{\"timestamp\": 0}\r\n\n{\"timestamp\": 0.1, \"userAcceleration\": {\"x\": 1, \"y\": 2, \"z\": 3}, \"gravity\": {\"x\": 0, \"y\": 0, \"z\": -1}, \"rotationRate\": {\"x\": 0.5, \"y\": 0, \"z\": -0.5}}\n"
        #expect(try PointFile.decode(Data(text.utf8), format: .jsonLines) == [MotionPoint(timestamp: 0), Self.full])
    }

    @Test("CSV: timestamp,x,y,z and the full motion columns in any order, absent columns zero")
    func csv() throws {
        let short = try PointFile.decode(Data("timestamp,x,y,z\n0,1,2,3\n0.1, -1 ,0,1e-3\n".utf8), format: .csv)
        #expect(
            short == [
                MotionPoint(timestamp: 0, userAcceleration: Acceleration(x: 1, y: 2, z: 3)),
                MotionPoint(timestamp: 0.1, userAcceleration: Acceleration(x: -1, y: 0, z: 0.001)),
            ])
        let header =
            "timestamp,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z"
        let full = try PointFile.decode(Data("\(header)\n0.1,1,2,3,0,0,-1,0.5,0,-0.5\n".utf8), format: .csv)
        #expect(full == [Self.full])
        let partial = try PointFile.decode(Data("gravity.z,timestamp\n-1,0\n-1,0.5\n".utf8), format: .csv)
        #expect(
            partial == [
                MotionPoint(timestamp: 0, gravity: Acceleration(x: 0, y: 0, z: -1)),
                MotionPoint(timestamp: 0.5, gravity: Acceleration(x: 0, y: 0, z: -1)),
            ])
    }

    @Test(
        "errors name the line, the point and the field",
        arguments: [
            // (format, contents, code, line, index, field)
            (PointFormat.csv, "timestamp,x,y,z\n0,1,2,3\n0.1,nan,0,0\n", SignalError.Code.nonFinite, 3, 1, "x"),
            (.csv, "timestamp,x,y,z\n0,1,2,3\n0.1,inf,0,0\n", .nonFinite, 3, 1, "x"),
            (.csv, "timestamp,x,y,z\n0.2,1,2,3\n\n0.1,0,0,0\n", .invalidTime, 4, 1, "timestamp"),
            (.csv, "timestamp,x,yy,z\n0,1,2,3\n", .unknownField, 1, nil, "yy"),
            (.csv, "timestamp,x,userAcceleration.x\n0,1,2\n", .duplicateField, 1, nil, "userAcceleration.x"),
            (.csv, "x,y,z\n1,2,3\n", .missingField, 1, nil, "timestamp"),
            (.csv, "timestamp,x,y,z\n0,1,2\n", .malformed, 2, 0, nil),
            (.csv, "timestamp,x,y,z\n0,1,2,3,4\n", .malformed, 2, 0, nil),
            (.csv, "timestamp,x,y,z\n0,1,abc,3\n", .malformed, 2, 0, "y"),
            (.csv, "timestamp,x,y,z\n0,1,,3\n", .malformed, 2, 0, "y"),
            (.csv, "", .malformed, 1, nil, nil),
            (
                .jsonLines, "{\"timestamp\": 0}\n{\"timestamp\": 1}\n{\"timestamp\": 0.5}\n", .invalidTime, 3, 2,
                "timestamp"
            ),
            (.jsonLines, "{\"timestamp\": 0}\n{\"timestamp\": 1,\n", .malformed, 2, 1, nil),
            (.jsonLines, "{\"timestamp\": 0, \"gravity\": {\"x\": 0, \"y\": 0}}\n", .missingField, 1, 0, "gravity"),
            (
                .jsonLines, "{\"timestamp\": 0, \"gravity\": {\"x\": 0, \"y\": 0, \"z\": \"a\"}}\n", .malformed, 1, 0,
                "gravity.z"
            ),
            (.jsonLines, "{\"timestamp\": 0, \"gravty\": {}}\n", .unknownField, 1, 0, "gravty"),
            (.jsonLines, "{\"timestamp\": 1e999}\n", .malformed, 1, 0, "timestamp"),
            (.jsonLines, "{\"x\": 1, \"y\": 2, \"z\": 3}\n", .missingField, 1, 0, nil),
            (
                .jsonLines,
                "{\"timestamp\": 0, \"x\": 1, \"y\": 2, \"z\": 3, \"userAcceleration\": {\"x\": 0, \"y\": 0, \"z\": 0}}\n",
                .malformed, 1, 0, "x"
            ),
            (.json, "[{\"timestamp\": 0},\n {\"timestamp\": -1}]", .invalidTime, 2, 1, "timestamp"),
            (.json, "{\"timestamp\": 0}", .malformed, 1, nil, nil),
            (.json, "[{\"timestamp\": 0},\n 5]", .malformed, 2, 1, nil),
            (.json, "[{\"timestamp\": 0},\n]", .malformed, 2, 1, nil),
            (.json, "[{\"timestamp\": 0},\n{\"timestamp\": 1}", .malformed, 2, 1, nil),
            (.json, "[{\"timestamp\": 0}] x", .malformed, 1, nil, nil),
        ] as [(PointFormat, String, SignalError.Code, Int, Int?, String?)])
    func errors(
        format: PointFormat, text: String, code: SignalError.Code, line: Int, index: Int?, field: String?
    ) throws {
        let error = #expect(throws: SignalError.self) {
            try PointFile.decode(Data(text.utf8), format: format, name: "points")
        }
        #expect(error?.code == code, "\(String(describing: error))")
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.index == index, "\(String(describing: error))")
        #expect(error?.field == field, "\(String(describing: error))")
        #expect(error?.file == "points")
        #expect(error?.description.hasPrefix("points:\(line): ") == true, "\(String(describing: error))")
    }

    @Test("a file is told by its extension or first bytes, streamed, validated and loaded")
    func files() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("playback-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws -> URL {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }
        // 5000 points in a JSON array larger than one 64 KB read.
        let many = (0..<5000).map {
            #"{"timestamp": \#(Double($0) / 1000), "userAcceleration": {"x": \#($0), "y": 0, "z": 0}}"#
        }
        let big = try write("big.json", "[\n" + many.joined(separator: ",\n") + "\n]\n")
        let file = try PointFile(big)
        #expect(file.format == .json)
        #expect(try file.validate() == 5000)
        let loaded = try PointFile.load(big)
        try #require(loaded.count == 5000)
        #expect(loaded[4999].userAcceleration.x == 4999)
        #expect(loaded[4999].timestamp == 4.999)
        #expect(try PointFile(write("a.jsonl", "{\"timestamp\": 0}\n")).format == .jsonLines)
        #expect(try PointFile(write("lines.json", "{\"timestamp\": 0}\n{\"timestamp\": 1}\n")).format == .jsonLines)
        #expect(try PointFile(write("a.csv", "timestamp,x,y,z\n")).format == .csv)
        #expect(try PointFile(write("noext", "timestamp,x,y,z\n0,1,2,3\n")).format == .csv)
        #expect(try PointFile(write("noext2", "  [ ]")).format == .json)
        let unknown = #expect(throws: SignalError.self) { try PointFile(write("mystery.txt", "hello")) }
        #expect(unknown?.code == .unknownFormat)
        let missing = #expect(throws: SignalError.self) {
            try PointFile(path: dir.appendingPathComponent("nope.csv").path)
        }
        #expect(missing?.code == .unreadable)
        let bad = try write("bad.csv", "timestamp,x,y,z\n0,0,0,0\n1,0,0,0\n0.5,0,0,0\n")
        let error = #expect(throws: SignalError.self) { try PointFile(bad).validate() }
        #expect(
            error?.description
                == "\(bad.path):4: point 2: timestamp: timestamp 0.5 s is before the previous point's 1.0 s; timestamps must not decrease"
        )
    }

    @Test("a point file plays every point at its timestamp, and loops from a fresh read")
    func plays() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("playback-\(getpid())-loop.csv")
        try Data("timestamp,x,y,z\n0,1,0,0\n0.5,2,0,0\n".utf8).write(to: url)
        let clock = ManualClock(autoAdvance: true)
        let runner = Runner(clock: clock)
        let seen = Recorder<(Double, Duration)>()
        let summary = try await runner.run(try PointFile(url), options: PlaybackOptions(loop: true)) { p in
            seen.append((p.userAcceleration.x, clock.now.offset))
            if seen.count == 5 { runner.stop() }
        }
        #expect(summary.passes == 3)
        #expect(seen.values.map(\.0) == [1, 2, 1, 2, 1])
        #expect(seen.values.map(\.1) == [.zero, .milliseconds(500), .seconds(1), .milliseconds(1500), .seconds(2)])
    }
}
