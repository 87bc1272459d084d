import Foundation
import Signals
import Testing

/// `signals play` end to end. Every run uses a high `--speed` (or a few points) so it takes milliseconds;
/// the checks are on content, order, count and shape, never on timing.
@Suite struct PlayCommandTests {
    /// The JSON objects of the output, one per line; every line must be a whole object.
    static func objects(_ r: Executables.Result) throws -> [[String: Any]] {
        #expect(!r.text.isEmpty, "no output: \(r.stderr)")
        #expect(r.text.hasSuffix("\n"), "the last line is cut: \(r.text.suffix(200))")
        return try r.text.split(separator: "\n").map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        }
    }

    static func vector(_ object: [String: Any], _ key: String) -> [Double]? {
        guard let v = object[key] as? [String: Any], Set(v.keys) == ["x", "y", "z"] else { return nil }
        return ["x", "y", "z"].compactMap { (v[$0] as? NSNumber)?.doubleValue }
    }

    static func number(_ object: [String: Any], _ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }

    @Test("a one-channel spec: round(rate·duration) lines {timestamp, value} at t = k/rate, values as rendered")
    func scalar() throws {
        let text = #"{"sine": {"amplitude": 2, "frequency": 1, "phase": 0.2, "offset": 0.5}}"#
        let spec = try Executables.temporaryFile("sine.json", contents: text)
        let r = try Executables.runSucceeding(
            "signals", ["play", spec.path, "--rate", "100", "--duration", "0.5", "--speed", "1000"])
        let lines = try Self.objects(r)
        #expect(lines.count == 50)
        let expected = try AnySignal(json: Data(text.utf8)).render(sampleRate: 100, duration: 0.5)
        for (k, line) in lines.enumerated() {
            #expect(Set(line.keys) == ["timestamp", "value"])
            #expect(Self.number(line, "timestamp") == Double(k) / 100)
            #expect(Self.number(line, "value").map(Float.init) == expected.samples[k])
        }
        #expect(r.stderr.isEmpty)
    }

    @Test("an axes spec: {timestamp, x, y, z}; the efficient policy plays the same points")
    func axes() throws {
        let spec = try Executables.temporaryFile(
            "axes.json", contents: #"{"axes": {"x": {"sine": {"frequency": 3}}, "z": {"constant": {"value": -1}}}}"#)
        for policy in ["precise", "efficient"] {
            let r = try Executables.runSucceeding(
                "signals",
                ["play", spec.path, "--rate", "20", "--duration", "1", "--speed", "1000", "--policy", policy])
            let lines = try Self.objects(r)
            #expect(lines.count == 20)
            let expected = try Axes(x: Sine(frequency: 3), y: Constant(0), z: Constant(-1)).render(
                sampleRate: 20, duration: 1)
            for (k, line) in lines.enumerated() {
                #expect(Set(line.keys) == ["timestamp", "x", "y", "z"])
                #expect(Self.number(line, "x").map(Float.init) == expected[frame: k, channel: 0])
                #expect(Self.number(line, "y") == 0)
                #expect(Self.number(line, "z") == -1)
            }
        }
    }

    @Test("a motion spec: {timestamp, userAcceleration, gravity, rotationRate}; omitted parts are zero")
    func motion() throws {
        let ua =
            #"{"axes": {"x": {"sine": {"amplitude": 2, "frequency": 1, "phase": 0.2, "offset": 0.5}}, "z": {"noise": {"amplitude": 0.02, "seed": 1}}}}"#
        let spec = try Executables.temporaryFile(
            "motion.json",
            contents:
                #"{"motion": {"userAcceleration": \#(ua), "gravity": {"axes": {"z": {"constant": {"value": -1}}}}}}"#)
        let r = try Executables.runSucceeding(
            "signals", ["play", spec.path, "--rate", "50", "--duration", "1", "--speed", "1000", "--stats"])
        let lines = try Self.objects(r)
        #expect(lines.count == 50)
        let expected = try AnySignal(json: Data(ua.utf8)).render(sampleRate: 50, duration: 1)
        for (k, line) in lines.enumerated() {
            #expect(Set(line.keys) == ["timestamp", "userAcceleration", "gravity", "rotationRate"])
            #expect(Self.number(line, "timestamp") == Double(k) / 50)
            let a = try #require(Self.vector(line, "userAcceleration"))
            #expect(
                a.map(Float.init) == [
                    expected[frame: k, channel: 0], expected[frame: k, channel: 1], expected[frame: k, channel: 2],
                ])
            #expect(Self.vector(line, "gravity") == [0, 0, -1])
            #expect(Self.vector(line, "rotationRate") == [0, 0, 0])
        }
        #expect(r.stderr.contains("finished: delivered 50, skipped 0, lateness p50 "))
        #expect(r.stderr.contains(" p99 "))
        #expect(r.stderr.contains(" max "))
        #expect(r.stderr.contains("passes 1"))
    }

    @Test("the shipped shake motion spec plays")
    func shakeExample() throws {
        let r = try Executables.runSucceeding(
            "signals",
            ["play", "Examples/specs/shake-motion.json", "--rate", "100", "--duration", "0.2", "--speed", "1000"])
        #expect(try Self.objects(r).count == 20)
    }

    @Test("the shipped point files play their 100 points, the CSV and the JSON Lines file alike")
    func shippedPointFiles() throws {
        let csv = try Executables.run("signals", ["play", "Examples/points/walk.csv", "--speed", "1000"])
        let jsonl = try Executables.run("signals", ["play", "Examples/points/walk.jsonl", "--speed", "1000"])
        #expect(csv.status == 0, "\(csv.stderr) \(jsonl.stderr)")
        #expect(jsonl.status == 0, "\(csv.stderr) \(jsonl.stderr)")
        #expect(try Self.objects(csv).count == 100)
        #expect(csv.stdout == jsonl.stdout)
    }

    @Test(
        "point files (CSV, JSON Lines, JSON array) play every point, in order, as motion objects",
        arguments: [
            ("points.csv", "timestamp,x,y,z\n0,1,2,3\n0.01,4,5,6\n0.02,7,8,9\n"),
            (
                "points.jsonl",
                "{\"timestamp\": 0, \"x\": 1, \"y\": 2, \"z\": 3}\n{\"timestamp\": 0.01, \"userAcceleration\": {\"x\": 4, \"y\": 5, \"z\": 6}}\n{\"timestamp\": 0.02, \"x\": 7, \"y\": 8, \"z\": 9}\n"
            ),
            (
                "points.json",
                "[{\"timestamp\": 0, \"x\": 1, \"y\": 2, \"z\": 3},\n {\"timestamp\": 0.01, \"x\": 4, \"y\": 5, \"z\": 6},\n {\"timestamp\": 0.02, \"x\": 7, \"y\": 8, \"z\": 9}]"
            ),
            (
                "lines.json",
                "{\"timestamp\": 0, \"x\": 1, \"y\": 2, \"z\": 3}\n{\"timestamp\": 0.01, \"x\": 4, \"y\": 5, \"z\": 6}\n{\"timestamp\": 0.02, \"x\": 7, \"y\": 8, \"z\": 9}\n"
            ),
        ])
    func pointFiles(name: String, contents: String) throws {
        let file = try Executables.temporaryFile(name, contents: contents)
        let r = try Executables.runSucceeding("signals", ["play", file.path, "--speed", "100"])
        let lines = try Self.objects(r)
        #expect(lines.map { Self.number($0, "timestamp") } == [0, 0.01, 0.02])
        #expect(lines.map { Self.vector($0, "userAcceleration") } == [[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        #expect(
            lines.allSatisfy {
                Self.vector($0, "gravity") == [0, 0, 0] && Self.vector($0, "rotationRate") == [0, 0, 0]
            })
    }

    @Test("Ctrl-C (SIGINT) stops a looping playback cleanly: whole lines, statistics, exit 0")
    func interrupt() throws {
        let file = try Executables.temporaryFile("loop.csv", contents: "timestamp,x,y,z\n0,1,0,0\n0.001,2,0,0\n")
        let (process, out, err) = try Executables.start(
            "signals", ["play", file.path, "--loop", "--speed", "10", "--stats"])
        var received = Data()
        while received.filter({ $0 == 0x0A }).count < 5 {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        process.interrupt()
        received.append(out.fileHandleForReading.readDataToEndOfFile())
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n")
        #expect(lines.count >= 5)
        for (k, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Self.vector(object, "userAcceleration")?.first == Double(k % 2 + 1))
        }
        #expect(stderr.hasPrefix("stopped: delivered \(lines.count), skipped 0, lateness p50 "))
    }

    @Test(
        "bad input exits 2 with a clear error on stderr and nothing on stdout",
        arguments: [
            ("bad.json", #"{"sine": {"amplitdue": 2, "frequency": 1}}"#, [String](), "amplitdue"),
            ("bad.json", #"{"sine": {"frequency": 80}}"#, [], "Nyquist"),
            ("bad.json", #"{"motion": {"gravty": {"axes": {}}}}"#, [], "$.motion.gravty"),
            (
                "bad.json", #"{"motion": {"gravity": {"axes": {"z": {"sine": {"frequency": 80}}}}}}"#, [],
                "$.motion.gravity.axes.z.sine.frequency"
            ),
            ("two.json", #"{"channels": [{"sine": {"frequency": 1}}, {"constant": {"value": 1}}]}"#, [], "2 channels"),
            ("ok.json", #"{"sine": {"frequency": 1}}"#, ["--speed", "0"], "--speed"),
            ("ok.json", #"{"sine": {"frequency": 1}}"#, ["--rate=-5"], "sample rate"),
            ("ok.json", #"{"sine": {"frequency": 1}}"#, ["--policy", "fast"], "policy"),
            (
                "back.csv", "timestamp,x,y,z\n0,0,0,0\n1,0,0,0\n0.5,0,0,0\n", [],
                ":4: point 2: timestamp: timestamp 0.5 s is before"
            ),
            ("nan.csv", "timestamp,x,y,z\n0,nan,0,0\n", [], ":2: point 0: x: column 'x' must be a finite number"),
            ("header.csv", "time,x,y,z\n0,0,0,0\n", [], "unknown column 'time'"),
            (
                "broken.jsonl", "{\"timestamp\": 0}\n{\"timestamp\": \n", [],
                ":2: point 1: timestamp: column 15: not valid JSON: unexpected end of input"
            ),
            ("broken.json", "[{\"timestamp\": 0}, ", [], "unexpected end of file"),
            ("empty.txt", "hello", [], "cannot tell the format"),
        ])
    func badInput(name: String, contents: String, flags: [String], message: String) throws {
        let file = try Executables.temporaryFile(name, contents: contents)
        let r = try Executables.runFailing(
            "signals", ["play", file.path, "--rate", "100", "--duration", "0.05"] + flags)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.hasPrefix("error: "))
    }

    @Test("a missing file exits 2")
    func missing() throws {
        for name in ["/nonexistent/spec.json", "/nonexistent/points.csv"] {
            let r = try Executables.runFailing("signals", ["play", name])
            #expect(r.stderr.hasPrefix("error: "), "\(r.stderr)")
        }
    }
}

/// The playback examples build and run (at a high speed).
@Suite struct PlaybackExampleTests {
    @Test("PredefinedPoints plays a hundred points 0.1 s apart, in order")
    func predefined() throws {
        let lines = try Executables.runSucceeding("PredefinedPoints", ["1000"]).lines
        #expect(lines.count == 101)
        #expect(lines.first == "t = 0.0 s  userAcceleration.x = 0.0 g")
        #expect(lines[99] == "t = 9.9 s  userAcceleration.x = 0.99 g")
        #expect(lines.last?.hasPrefix("finished: delivered 100, skipped 0") == true)
    }

    @Test("SineMotion plays 2·sin(2π·t + 0.2) + 0.5 on all three axes at 10 Hz")
    func sine() throws {
        let lines = try Executables.runSucceeding("SineMotion", ["1000"]).lines
        try #require(lines.count == 31)  // not #expect: lines[3] below would trap the whole test run
        let expected = try Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5).render(sampleRate: 10, duration: 3)
        let v = Double(expected.samples[3])
        #expect(lines[3] == "t = 0.3 s  userAcceleration = (\(v), \(v), \(v)) g")
        #expect(lines.last?.hasPrefix("finished: delivered 30") == true)
    }

    @Test("ShakeMotion plays the shake spec at 100 Hz")
    func shake() throws {
        let lines = try Executables.runSucceeding("ShakeMotion", ["1000"]).lines
        #expect(lines.count == 21)
        #expect(lines.last?.hasPrefix("finished: delivered 200") == true)
    }
}
