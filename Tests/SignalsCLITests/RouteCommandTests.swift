import Foundation
import Location
import Testing

/// Routes through the `signals` tool end to end: render, play, plot and `route export`, from route specs,
/// GPX files and specs that hold a motion and a route.
@Suite struct RouteCommandTests {
    /// The example walk (Examples/routes/walk.json): three waypoints, a pause and a GNSS error model.
    static let walk =
        (try? String(
            contentsOf: Executables.packageRoot.appendingPathComponent("Examples/routes/walk.json"),
            encoding: .utf8)) ?? "(Examples/routes/walk.json is missing)"
    static let columns = "t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy"

    static func route() throws -> Route { try Route(json: Data(walk.utf8)) }

    @Test("render csv: the issue's columns, one row per sample, every value as the library computes it")
    func renderCSV() throws {
        let lines = try Executables.runOnSpec(
            "render", spec: "walk.json", contents: Self.walk, ["--rate", "1", "--duration", "600", "--format", "csv"]
        ).result.lines
        #expect(lines.first.map(String.init) == Self.columns)
        #expect(lines.count == 601)
        let expected = try Self.route().render(sampleRate: 1, duration: 600)
        for (k, line) in lines.dropFirst().enumerated() {
            let v = line.split(separator: ",").compactMap { Double($0) }
            let p = expected[k]
            #expect(
                v == [
                    Double(k), p.latitude, p.longitude, p.altitude, p.speed, p.course, p.horizontalAccuracy,
                    p.verticalAccuracy,
                ])
        }
    }

    @Test("render npy: float64, shape (frames, 7), the columns after t; f32 is refused")
    func renderNPY() throws {
        let spec = try Executables.temporaryFile("walk.json", contents: Self.walk)
        let out = try Executables.temporaryFile("walk.npy")
        try Executables.runSucceeding(
            "signals",
            [
                "render", spec.path, "--rate", "10", "--duration", "30", "--start", "100",
                "--format", "npy", "-o", out.path,
            ])
        let data = try Data(contentsOf: out)
        let headerLength = Int(data[8]) | Int(data[9]) << 8
        let header = String(decoding: data[10..<10 + headerLength], as: UTF8.self)
        #expect(header.contains("'descr': '<f8'"))
        #expect(header.contains("'shape': (300, 7)"))
        #expect((10 + headerLength) % 64 == 0)
        let values = data.dropFirst(10 + headerLength).withUnsafeBytes { raw in
            (0..<raw.count / 8).map {
                Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
            }
        }
        let expected = try Self.route().render(sampleRate: 10, duration: 30, start: 100)
        #expect(
            values
                == expected.flatMap {
                    [
                        $0.latitude, $0.longitude, $0.altitude, $0.speed, $0.course, $0.horizontalAccuracy,
                        $0.verticalAccuracy,
                    ]
                })
        let f32 = try Executables.runFailing(
            "signals", ["render", spec.path, "--rate", "1", "--duration", "1", "--format", "f32"])
        #expect(f32.stderr.contains("render a route as csv, or npy (float64)"))
        #expect(f32.stdout.isEmpty)
    }

    @Test("without --rate and --duration a route renders one pass at 1 Hz, ending on its arrival")
    func renderDefaults() throws {
        let spec = try Executables.temporaryFile("walk.json", contents: Self.walk)
        let r = try Executables.runSucceeding("signals", ["render", spec.path, "--format", "csv"])
        let pass = try Self.route().timeline().passDuration
        #expect(r.text.split(separator: "\n").count == 1 + Int((pass + 1).rounded()))
        let signal = try Executables.temporaryFile("sine.json", contents: #"{"sine": {"frequency": 1}}"#)
        let missing = try Executables.runFailing("signals", ["render", signal.path, "--format", "csv"])
        #expect(missing.stderr.contains("missing --rate"))
    }

    static let gpx = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test"><trk><trkseg>
          <trkpt lat="47.3769" lon="8.5417"><ele>408</ele><time>2024-05-01T09:30:00Z</time></trkpt>
          <trkpt lat="47.3779" lon="8.5427"><ele>410</ele><time>2024-05-01T09:31:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    @Test("GPX in: a track with times renders and plays at its times; one without needs --speed")
    func gpxInput() throws {
        let track = try Executables.temporaryFile("run.gpx", contents: Self.gpx)
        let r = try Executables.runSucceeding(
            "signals", ["render", track.path, "--rate", "1", "--duration", "61", "--format", "csv"])
        let last = r.text.split(separator: "\n").last?.split(separator: ",").compactMap { Double($0) } ?? []
        #expect(last.prefix(4) == [60, 47.3779, 8.5427, 410])
        let plain = try Executables.temporaryFile(
            "plain.gpx", contents: "<gpx><rte><rtept lat=\"1\" lon=\"1\"/><rtept lat=\"1\" lon=\"1.001\"/></rte></gpx>")
        let noSpeed = try Executables.runFailing("signals", ["render", plain.path, "--format", "csv"])
        #expect(noSpeed.stderr.contains("no times"))
        #expect(noSpeed.stderr.contains("--speed"))
        let withSpeed = try Executables.runSucceeding(
            "signals", ["play", plain.path, "--route-speed", "2", "--rate", "1", "--duration", "3", "--speed", "1000"])
        #expect(withSpeed.text.split(separator: "\n").count == 3)
        // A speed for a file with times ignores them, and a note says so (a file's times that cannot be
        // followed are played at its speed only with --route-speed).
        let timedWithSpeed = try Executables.runSucceeding(
            "signals", ["render", track.path, "--speed", "2", "--rate", "1", "--duration", "3", "--format", "csv"])
        #expect(
            timedWithSpeed.stderr.contains("run.gpx: ignored the <time> of 2 points; moving at 2.0 m/s"),
            "\(timedWithSpeed.stderr)")
        #expect(timedWithSpeed.stderr.hasPrefix("note: "))
        let spec = try Executables.temporaryFile("walk.json", contents: Self.walk)
        let specWithSpeed = try Executables.runFailing(
            "signals", ["render", spec.path, "--speed", "2", "--format", "csv"])
        #expect(specWithSpeed.stderr.contains("--speed 2.0 is for GPX files without times"))
    }

    @Test("bad GPX and bad route specs: exit 2, the file, the line or the JSON path, nothing on stdout")
    func badInput() throws {
        let broken = try Executables.temporaryFile(
            "broken.gpx", contents: "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n</trkseg></trk></gpx>")
        let xml = try Executables.runFailing("signals", ["render", broken.path, "--format", "csv"])
        #expect(xml.stderr.contains("broken.gpx:4: malformed XML"))
        #expect(xml.stdout.isEmpty)
        let backwards = try Executables.temporaryFile(
            "back.gpx",
            contents: """
                <gpx><trk><trkseg>
                <trkpt lat="1" lon="1"><time>2024-01-01T00:00:10Z</time></trkpt>
                <trkpt lat="1" lon="1.001"><time>2024-01-01T00:00:09Z</time></trkpt>
                </trkseg></trk></gpx>
                """)
        let times = try Executables.runFailing("signals", ["play", backwards.path])
        #expect(times.stderr.contains("back.gpx:3:"))
        #expect(times.stderr.contains("times must increase"))
        for (text, words) in [
            (
                #"{"route": {"speed": 3, "waypoints": [{"latitude": 91, "longitude": 0}]}}"#,
                "$.route.waypoints[0].latitude: latitude 91.0 is outside"
            ),
            (#"{"route": {"speed": 3, "waypoints": []}}"#, "$.route.waypoints: a route needs at least one waypoint"),
            (
                #"{"route": {"speed": 0, "waypoints": [{"latitude": 0, "longitude": 0}, {"latitude": 0, "longitude": 1}]}}"#,
                "$.route.speed: speed must be > 0"
            ),
            (
                #"{"route": {"speed": 3, "waypoints": [{"latitude": 0, "longitude": 0}]}, "sine": {}}"#,
                "$.sine: unknown field 'sine' beside 'route'"
            ),
        ] {
            let spec = try Executables.temporaryFile("bad.json", contents: text)
            for command in [
                ["render", spec.path, "--format", "csv"], ["play", spec.path], ["plot", spec.path, "-o", "/dev/null"],
                ["route", "export", spec.path, "--simctl"],
            ] {
                let r = try Executables.run("signals", command)
                #expect(r.status == 2, "\(command): \(r.stderr)")
                #expect(r.stderr.contains(words), "\(command): \(r.stderr)")
                #expect(r.stdout.isEmpty)
            }
        }
        let spec = try Executables.temporaryFile("walk.json", contents: Self.walk)
        let verify = try Executables.runFailing("signals", ["verify", spec.path, "--rate", "1", "--duration", "1"])
        #expect(verify.stderr.contains("this is a route, not a signal"))
    }

    @Test("play: one {timestamp, location} line per fix, as rendered")
    func play() throws {
        let lines = try Executables.play("walk.json", contents: Self.walk, rate: 2, duration: 5).lines
        let expected = try Self.route().render(sampleRate: 2, duration: 5)
        for (k, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["timestamp", "location"])
            let location = try #require(object["location"] as? [String: Any])
            #expect(Set(location.keys) == Set(LocationPoint.locationFields))
            #expect(try String(line) == expected[k].jsonLine)
        }
    }

    static let phone = #"""
        {"motion": {"userAcceleration": {"axes": {"z": {"sine": {"amplitude": 0.3, "frequency": 1.8}}}}},
         "route": {"speed": 1.4, "waypoints": [{"latitude": 48.8584, "longitude": 2.2945}, {"latitude": 48.8606, "longitude": 2.2977}]}}
        """#

    @Test("a motion and a route: play carries the motion parts and location; render has the 9 + 7 columns")
    func motionAndRoute() throws {
        let (spec, lines) = try Executables.play("phone.json", contents: Self.phone, rate: 10, duration: 1)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(Set(first.keys) == ["timestamp", "userAcceleration", "gravity", "rotationRate", "location"])
        let csv = try Executables.runSucceeding(
            "signals", ["render", spec.path, "--rate", "10", "--duration", "1", "--format", "csv"])
        let header = csv.text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            header
                == "t,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy"
        )
        #expect(csv.text.split(separator: "\n").count == 11)
        let aliasing = try Executables.runFailing("signals", ["play", spec.path, "--rate", "2", "--duration", "1"])
        #expect(aliasing.stderr.contains("$.motion.userAcceleration.axes.z.sine.frequency"))
    }

    @Test("plot: an SVG with the path in local metres, the waypoints, speed and accuracy panels")
    func plot() throws {
        let (spec, out, svg) = try Executables.plot("walk", contents: Self.walk)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n"))
        for words in [
            "path in local metres", "east (m)", "north (m)", "speed over time", "horizontalAccuracy",
            "1 · pause 20 s", "waypoint 2: 51.5081, -0.0759", "reported fix",
        ] {
            #expect(svg.contains(words), "\(words)")
        }
        let input = try Executables.runFailing("signals", ["plot", spec.path, "-o", out.path, "--input", spec.path])
        #expect(input.stderr.contains("--input is for signal recordings"))
    }

    @Test("route export: --gpx writes Xcode's waypoints that read back as the same route; --simctl prints the command")
    func export() throws {
        let spec = try Executables.temporaryFile("walk.json", contents: Self.walk)
        let out = try Executables.temporaryFile("walk.gpx")
        let r = try Executables.runSucceeding(
            "signals", ["route", "export", spec.path, "--gpx", out.path, "--interval", "5", "--simctl"])
        #expect(
            r.text
                == "xcrun simctl location booted start --speed=1.503 51.5007,-0.1246 51.5033,-0.1196 51.5081,-0.0759\n")
        #expect(r.stderr.contains("note: simctl cannot pause"))
        let back = try Route(gpx: Data(contentsOf: out), file: out.path).timeline()
        let original = try Self.route().timeline()
        for k in 0...2370 {
            let p = original.location(at: Double(k))
            let q = back.location(at: Double(k))
            #expect(abs(p.latitude - q.latitude) < 1e-7)
            #expect(abs(p.longitude - q.longitude) < 1e-7)
        }
        let none = try Executables.run("signals", ["route", "export", spec.path])
        #expect(none.status != 0)
        #expect(none.stderr.contains("give --gpx FILE, --simctl, or both"))
        let signal = try Executables.temporaryFile("sine.json", contents: #"{"sine": {"frequency": 1}}"#)
        let notRoute = try Executables.runFailing("signals", ["route", "export", signal.path, "--simctl"])
        #expect(notRoute.stderr.contains("not a route"))
        let interval = try Executables.runFailing(
            "signals", ["route", "export", spec.path, "--gpx", out.path, "--interval", "0"])
        #expect(interval.stderr.contains("interval must be"))
    }
}

@Suite struct LocationWalkExampleTests {
    @Test("the LocationWalk example plays 30 fixes of the issue's route, each a few metres from the truth")
    func example() throws {
        let r = try Executables.runSucceeding("LocationWalk", ["10000"])
        let fixes = r.text.split(separator: "\n").filter { $0.hasPrefix("t = ") }
        #expect(fixes.count == 30)
        #expect(r.text.hasPrefix("one pass: "))
        let offsets = fixes.compactMap { line in
            line.split(separator: "(").last.flatMap { Double($0.split(separator: " ")[0]) }
        }
        #expect(offsets.count == 30)
        #expect(offsets.allSatisfy { $0 > 0 && $0 < 20 })
    }
}
