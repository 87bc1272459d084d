import Foundation
import Signals
import Testing

@Suite struct RenderCommandTests {
    static let wave =
        #"{"sum": [{"sine": {"amplitude": 2, "frequency": 1, "phase": 0.2, "offset": 0.5}}, {"square": {"amplitude": 0.5, "frequency": 5}}]}"#

    @Test("csv: header t,value, one line per frame, values as the library renders them")
    func csv() throws {
        let lines = try Executables.runOnSpec(
            "render", spec: "wave.json", contents: Self.wave,
            ["--rate", "1000", "--duration", "0.5", "--format", "csv"]
        ).result.lines
        #expect(lines.first == "t,value")
        #expect(lines.count == 501)
        let expected = try AnySignal(json: Data(Self.wave.utf8)).render(sampleRate: 1000, duration: 0.5)
        for (i, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: ",")
            #expect(Double(fields[0]) == Double(i) / 1000)
            #expect(Float(fields[1]) == expected.samples[i])
        }
    }

    @Test("npy: NumPy v1.0 header, little-endian float32, shape (frames, 3) for axes, 64-byte aligned data")
    func npy() throws {
        let spec = try Executables.temporaryFile(
            "axes.json", contents: #"{"axes": {"x": {"sine": {"frequency": 3}}, "z": {"noise": {"seed": 4}}}}"#)
        let out = try Executables.temporaryFile("axes.npy")
        try Executables.runSucceeding(
            "signals", ["render", spec.path, "--rate", "100", "--duration", "2", "--format", "npy", "-o", out.path])
        let data = try Data(contentsOf: out)
        #expect(Array(data.prefix(8)) == [0x93] + Array("NUMPY".utf8) + [1, 0])
        let headerLength = Int(data[8]) | Int(data[9]) << 8
        let header = String(decoding: data[10..<10 + headerLength], as: UTF8.self)
        #expect((10 + headerLength) % 64 == 0)
        #expect(header.contains("'descr': '<f4'"))
        #expect(header.contains("'fortran_order': False"))
        #expect(header.contains("'shape': (200, 3)"))
        #expect(header.hasSuffix("\n"))
        let payload = data.dropFirst(10 + headerLength)
        #expect(payload.count == 200 * 3 * 4)
        let expected = try AnySignal(json: Data(try Data(contentsOf: spec))).render(sampleRate: 100, duration: 2)
        let floats = payload.withUnsafeBytes { raw in
            (0..<600).map {
                Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
            }
        }
        #expect(floats == expected.interleaved())
    }

    @Test("npy for one channel has shape (frames,)")
    func npyScalar() throws {
        let spec = try Executables.temporaryFile("one.json", contents: #"{"constant": {"value": 1.5}}"#)
        let r = try Executables.runFailing(
            "signals", ["render", spec.path, "--rate", "10", "--duration", "1", "--format", "npy"], status: 0)
        #expect(r.text.contains("'shape': (10,)"))
        #expect(r.stdout.count % 64 == 40)  // 64-aligned header + 10 × 4 bytes
    }

    @Test("f32 is raw interleaved float32; --start renders from round(start·rate) exactly")
    func f32Start() throws {
        let spec = try Executables.temporaryFile("sine.json", contents: #"{"sine": {"frequency": 7, "phase": 0.3}}"#)
        let r = try Executables.runFailing(
            "signals",
            ["render", spec.path, "--rate", "1000", "--duration", "1", "--start", "1000000", "--format", "f32"],
            status: 0)
        #expect(r.stdout.count == 4000)
        let expected = try Sine(frequency: 7, phase: 0.3).render(
            sampleRate: 1000, startIndex: 1_000_000_000, frameCount: 1000)
        let floats = r.stdout.withUnsafeBytes { raw in
            (0..<1000).map { Float(bitPattern: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        }
        #expect(floats == expected.samples)
        let csv = try Executables.run(
            "signals",
            ["render", spec.path, "--rate", "1000", "--duration", "0.002", "--start", "1000000", "--format", "csv"])
        #expect(csv.text.split(separator: "\n").dropFirst().first?.hasPrefix("1000000.0,") == true)
    }

    @Test("a spec on standard input")
    func stdin() throws {
        let r = try Executables.run(
            "signals", ["render", "-", "--rate", "4", "--duration", "1", "--format", "csv"],
            input: Data(#"{"triangle": {"frequency": 1}}"#.utf8))
        #expect(r.text == "t,value\n0.0,-1.0\n0.25,0.0\n0.5,1.0\n0.75,0.0\n")
    }

    @Test(
        "bad input exits 2 with a clear error on stderr and no output",
        arguments: [
            (#"{"sine": {"amplitdue": 2, "frequency": 1}}"#, ["--rate", "1000", "--duration", "1"], "amplitdue"),
            (#"{"sinus": {"frequency": 1}}"#, ["--rate", "1000", "--duration", "1"], "unknown signal node"),
            (
                #"{"square": {"amplitude": 1}}"#, ["--rate", "1000", "--duration", "1"],
                "missing required field 'frequency'"
            ),
            (#"{"sine": {"frequency": 600}}"#, ["--rate", "1000", "--duration", "1"], "Nyquist frequency 500.0 Hz"),
            (#"{"square": {"frequency": 1, "dutyCycle": 1}}"#, ["--rate", "1000", "--duration", "1"], "dutyCycle"),
            (#"{"sine": {"frequency": 1}}"#, ["--rate", "0", "--duration", "1"], "sample rate"),
            (#"{"sine": {"frequency": 1}}"#, ["--rate", "1000", "--duration", "-1"], "duration"),
            (#"{"sine": {"frequency": 1}}"#, ["--rate", "1000", "--duration", "nan"], "duration"),
            (#"{"sine": {"frequency": 1}}"#, ["--rate", "fast", "--duration", "1"], "rate"),
            (#"{"sine": {"frequency": 1"#, ["--rate", "1000", "--duration", "1"], "not valid JSON"),
            (#"{"sine": {"frequency": 1}}"#, ["--rate", "1000", "--duration", "1", "--format", "wav"], "wav"),
        ])
    func badInput(spec: String, flags: [String], mention: String) throws {
        let file = try Executables.temporaryFile("bad.json", contents: spec)
        var args = ["render", file.path] + flags
        if !flags.contains("--format") { args += ["--format", "csv"] }
        let r = try Executables.runFailing("signals", args)
        #expect(r.stderr.contains("error:"))
        #expect(r.stderr.contains(mention), "stderr: \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("a missing spec file and an unwritable output are errors")
    func files() throws {
        let missing = try Executables.runFailing(
            "signals", ["render", "/nonexistent/spec.json", "--rate", "10", "--duration", "1", "--format", "csv"])
        #expect(missing.stderr.contains("no such file"))
        let spec = try Executables.temporaryFile("ok.json", contents: #"{"constant": {"value": 1}}"#)
        let unwritable = try Executables.runFailing(
            "signals",
            [
                "render", spec.path, "--rate", "10", "--duration", "1", "--format", "csv", "-o",
                "/nonexistent/dir/out.csv",
            ])
        #expect(unwritable.stderr.contains("/nonexistent/dir/out.csv"))
    }

    @Test("--allow-aliasing renders a frequency above Nyquist")
    func aliasing() throws {
        let spec = try Executables.temporaryFile("alias.json", contents: #"{"sine": {"frequency": 600}}"#)
        let r = try Executables.runFailing(
            "signals",
            ["render", spec.path, "--rate", "1000", "--duration", "0.01", "--format", "csv", "--allow-aliasing"],
            status: 0)
        #expect(r.text.split(separator: "\n").count == 11)
    }

    @Test("the DSL tour example from the README builds and runs")
    func tour() throws {
        let r = try Executables.runSucceeding("SignalTour", [])
        #expect(r.text.contains("JSON round trip renders the same samples: true"))
        #expect(r.text.contains("streamed 60000 frames"))
        // 1 s at 1 kHz with a 5-sample pulse every 250 samples: 4 pulses, 20 samples.
        #expect(r.text.contains("custom pulse train in a sum: 20 pulse samples, chunked identically: true"))
    }
}

@Suite struct RenderMotionSpecTests {
    @Test("a motion spec renders nine channels: user acceleration, gravity, rotation rate")
    func motion() throws {
        let lines = try Executables.runSucceeding(
            "signals",
            ["render", "Examples/specs/shake-motion.json", "--rate", "100", "--duration", "0.1", "--format", "csv"]
        ).lines
        #expect(lines.count == 11)
        #expect(
            lines.first
                == "t,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z"
        )
        let bad = try Executables.temporaryFile("bad-motion.json", contents: #"{"motion": {"gravty": {"axes": {}}}}"#)
        let e = try Executables.runFailing(
            "signals", ["render", bad.path, "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(e.stderr.contains("gravty"))
        #expect(e.stdout.isEmpty)
    }
}

@Suite struct RenderPlayRoundTripTests {
    /// `signals render SPEC --rate RATE --duration DURATION --format csv -o FILE`, expected to succeed: the file.
    static func renderCSV(
        _ spec: String, rate: String, duration: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> URL {
        let csv = try Executables.temporaryFile(
            URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent + ".csv")
        try Executables.runSucceeding(
            "signals",
            [
                "render", spec, "--rate", rate, "--duration", duration, "--format", "csv",
                "-o", csv.path,
            ], sourceLocation: sourceLocation)
        return csv
    }

    @Test("a motion spec rendered to CSV plays back as a point file: the same points as playing the spec")
    func roundTrip() throws {
        let csv = try Self.renderCSV("Examples/specs/shake-motion.json", rate: "100", duration: "0.5")
        let fromFile = try Executables.run("signals", ["play", csv.path, "--speed", "1000"])
        let fromSpec = try Executables.run(
            "signals",
            [
                "play", "Examples/specs/shake-motion.json", "--rate", "100", "--duration", "0.5",
                "--speed", "1000",
            ])
        #expect(fromFile.status == 0, "\(fromFile.stderr) \(fromSpec.stderr)")
        #expect(fromSpec.status == 0, "\(fromFile.stderr) \(fromSpec.stderr)")
        struct Point: Decodable, Equatable {
            struct V: Decodable, Equatable { var x, y, z: Double }
            var timestamp: Double
            var userAcceleration, gravity, rotationRate: V
        }
        func points(_ r: Executables.Result) throws -> [Point] {
            try r.text.split(separator: "\n").map { try JSONDecoder().decode(Point.self, from: Data($0.utf8)) }
        }
        let a = try points(fromFile)
        let b = try points(fromSpec)
        #expect(a.count == 50)
        #expect(a == b)
    }

    @Test("an axes render (t,x,y,z) plays back as user acceleration")
    func axesRoundTrip() throws {
        let csv = try Self.renderCSV("Examples/specs/shake-axes.json", rate: "50", duration: "0.2")
        let played = try Executables.runSucceeding("signals", ["play", csv.path, "--speed", "1000"])
        #expect(played.text.split(separator: "\n").count == 10)
    }
}
