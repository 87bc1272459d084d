import Foundation
import Testing

/// Nothing a user gave is lost: every command that writes refuses, before writing anything, an output
/// that is one of its inputs (by name, through a symbolic or hard link, or as redirected standard output),
/// a read-only file, an empty path and an extension that names another format; readers and analyses
/// refuse sizes they cannot hold before allocating.
@Suite struct OutputSafetyTests {
    static func example(_ path: String) -> String { Executables.packageRoot.appendingPathComponent(path).path }

    /// A copy of an example file in a fresh temporary file (so that a failing test never touches Examples/).
    static func copy(_ example: String, as name: String) throws -> URL {
        let url = try Executables.temporaryFile(name)
        try FileManager.default.copyItem(at: Executables.packageRoot.appendingPathComponent(example), to: url)
        return url
    }

    static let sine = #"{"sine": {"frequency": 5}}"#
    static let render = ["--rate", "100", "--duration", "0.1"]

    /// Runs `signals` with standard output appended to `path`.
    func run(_ arguments: [String], appendingTo path: String) throws -> (status: Int32, stderr: String) {
        try Executables.runSignals(arguments, stdoutTo: path, appending: true)
    }

    // MARK: Outputs onto inputs

    @Test("render -o onto its own spec is refused and the spec is kept; another file is written")
    func renderOntoSpec() throws {
        let spec = try Executables.temporaryFile("spec.json", contents: Self.sine)
        let r = try Executables.runFailing(
            "signals", ["render", spec.path] + Self.render + ["--format", "csv", "-o", spec.path])
        #expect(
            r.stderr
                == "error: cannot write to \(spec.path): it is the input \(spec.path); write the output to another file\n"
        )
        #expect(try String(contentsOf: spec, encoding: .utf8) == Self.sine)
        let out = try Executables.temporaryFile("out.csv")
        try Executables.runSucceeding(
            "signals", ["render", spec.path] + Self.render + ["--format", "csv", "-o", out.path])
    }

    @Test("import -o onto one of its recordings is refused and the recording is kept")
    func importOntoRecording() throws {
        let accelerometer = try Self.copy("Examples/recordings/phyphox/Accelerometer.csv", as: "Accelerometer.csv")
        let before = try Data(contentsOf: accelerometer)
        let r = try Executables.runFailing(
            "signals",
            [
                "import", accelerometer.path, Self.example("Examples/recordings/phyphox/Gyroscope.csv"),
                "--rate", "100", "-o", accelerometer.path,
            ])
        #expect(r.stderr.contains("it is the input \(accelerometer.path)"), "\(r.stderr)")
        #expect(try Data(contentsOf: accelerometer) == before)
    }

    /// phyphox's device sheet of an Android phone (`meta/device.csv`), as phyphox writes it.
    static let deviceSheet =
        "\"property\",\"value\"\n\"version\",\"1.2.0\"\n\"deviceModel\",\"Pixel 7\"\n\"deviceBrand\",\"google\"\n"

    /// A copy of an export's folder in a fresh folder: Sensor Logger's (Accelerometer, Gravity, Gyroscope,
    /// Metadata) or phyphox's (Accelerometer, Gyroscope and meta/device.csv).
    static func exportFolder(_ app: String) throws -> URL {
        let dir = try Executables.temporaryFile("\(app)-export")
        let examples = Executables.packageRoot.appendingPathComponent("Examples/recordings/\(app)")
        try FileManager.default.copyItem(at: examples, to: dir)
        if app == "phyphox" {
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent("meta"), withIntermediateDirectories: true)
            try Data(deviceSheet.utf8).write(to: dir.appendingPathComponent("meta/device.csv"))
        }
        return dir
    }

    @Test(
        "import DIR -o onto a file of the export's folder is refused, exit 2, naming the file and the folder; nothing is changed",
        arguments: [
            ("sensor-logger", "Accelerometer.csv"), ("sensor-logger", "Metadata.csv"),
            ("sensor-logger", "Gyroscope.csv"),
            ("phyphox", "Accelerometer.csv"), ("phyphox", "Gyroscope.csv"), ("phyphox", "meta/device.csv"),
        ])
    func importFolderOntoItsFile(app: String, name: String) throws {
        let dir = try Self.exportFolder(app)
        let before = try directoryContents(dir)
        let target = dir.appendingPathComponent(name).path
        let r = try Executables.runFailing("signals", ["import", dir.path, "--rate", "100", "-o", target])
        #expect(
            r.stderr
                == "error: cannot write to \(target): it is the input \(target), which the command reads from the folder \(dir.path); write the output to another file\n"
        )
        #expect(try directoryContents(dir) == before)
    }

    @Test("import DIR -o through a link to a file of the folder is refused as that file")
    func importFolderThroughLink() throws {
        let dir = try Self.exportFolder("sensor-logger")
        let before = try directoryContents(dir)
        let link = try Executables.temporaryFile("link.csv")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: dir.appendingPathComponent("Metadata.csv").path)
        let r = try Executables.runFailing("signals", ["import", dir.path, "--rate", "100", "-o", link.path])
        #expect(
            r.stderr.contains(
                "cannot write to \(link.path): it is the same file as the input \(dir.path)/Metadata.csv"),
            "\(r.stderr)")
        #expect(try directoryContents(dir) == before)
    }

    @Test("import of phyphox files listed one by one: -o onto the meta/device.csv it reads beside them is refused")
    func importListedOntoDeviceSheet() throws {
        let dir = try Self.exportFolder("phyphox")
        let before = try directoryContents(dir)
        let sheet = dir.appendingPathComponent("meta/device.csv").path
        let r = try Executables.runFailing(
            "signals",
            [
                "import", dir.appendingPathComponent("Accelerometer.csv").path,
                dir.appendingPathComponent("Gyroscope.csv").path, "--rate", "100", "-o", sheet,
            ])
        #expect(r.stderr.contains("cannot write to \(sheet): it is the input \(sheet)"), "\(r.stderr)")
        #expect(try directoryContents(dir) == before)
    }

    @Test(
        "import DIR -o a new file in the folder is written; the next import of DIR reads it, so -o onto it is then refused"
    )
    func importFolderNewFile() throws {
        let dir = try Self.exportFolder("sensor-logger")
        let points = dir.appendingPathComponent("points.csv").path
        try Executables.runSucceeding("signals", ["import", dir.path, "--rate", "100", "-o", points])
        let written = try Data(contentsOf: URL(fileURLWithPath: points))
        #expect(String(decoding: written.prefix(26), as: UTF8.self) == "timestamp,userAcceleration")
        let again = try Executables.runFailing("signals", ["import", dir.path, "--rate", "100", "-o", points])
        #expect(
            again.stderr.contains(
                "cannot write to \(points): it is the input \(points), which the command reads from the folder"),
            "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: points)) == written)
    }

    @Test(
        "plot, allan --plot and route export --gpx onto their input are refused",
        arguments: [
            ("Examples/routes/walk.json", "walk.json", ["plot", "INPUT", "-o", "INPUT"]),
            ("Examples/points/walk.csv", "walk.csv", ["allan", "INPUT", "--plot", "INPUT"]),
            ("Examples/points/walk.csv", "walk.csv", ["allan", "INPUT", "--fit-spec", "INPUT"]),
            ("Examples/routes/walk.gpx", "walk.gpx", ["route", "export", "INPUT", "--gpx", "INPUT"]),
            (
                "Examples/specs/sine.json", "sine.json",
                [
                    "plot", "Examples/specs/sine.json", "--rate", "100", "--duration", "1", "--input", "INPUT", "-o",
                    "INPUT",
                ]
            ),
        ])
    func ontoInput(example: String, name: String, arguments: [String]) throws {
        let input = try Self.copy(example, as: name)
        let before = try Data(contentsOf: input)
        let r = try Executables.runFailing("signals", arguments.map { $0 == "INPUT" ? input.path : $0 })
        #expect(r.stderr.contains("cannot write to \(input.path): it is the input"), "\(r.stderr)")
        #expect(try Data(contentsOf: input) == before)
    }

    @Test("a symbolic link and a hard link to the input are the input", arguments: [true, false])
    func links(symbolic: Bool) throws {
        let spec = try Executables.temporaryFile("spec.json", contents: Self.sine)
        let link = try Executables.temporaryFile("link.json")
        if symbolic {
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: spec.path)
        } else {
            try FileManager.default.linkItem(at: spec, to: link)
        }
        let r = try Executables.runFailing(
            "signals", ["render", spec.path] + Self.render + ["--format", "csv", "-o", link.path])
        #expect(
            r.stderr.contains("cannot write to \(link.path): it is the same file as the input \(spec.path)"),
            "\(r.stderr)")
        #expect(try String(contentsOf: spec, encoding: .utf8) == Self.sine)
    }

    /// Renders the sine spec (from a file of its own) to CSV with `-o out`: it must succeed and `out` must
    /// then hold the CSV.
    static func expectRendered(to out: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let spec = try Executables.temporaryFile("spec.json", contents: sine)
        try Executables.runSucceeding(
            "signals", ["render", spec.path] + render + ["--format", "csv", "-o", out.path],
            sourceLocation: sourceLocation
        )
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("t,value\n"), sourceLocation: sourceLocation)
    }

    @Test("a copy of the input is another file: written")
    func copyIsAnotherFile() throws {
        try Self.expectRendered(to: try Executables.temporaryFile("copy.csv", contents: Self.sine))
    }

    @Test(
        "standard output appended onto the input is refused for play, verify and render",
        arguments: [
            ["play", "INPUT", "--speed", "1000"], ["verify", "INPUT", "--rate", "100", "--duration", "10"],
            ["render", "INPUT", "--rate", "100", "--duration", "0.1", "--format", "csv"],
        ])
    func stdoutOntoInput(arguments: [String]) throws {
        let input = try Executables.temporaryFile(
            arguments[0] == "play" ? "walk.csv" : "sine.json",
            contents: arguments[0] == "play" ? "timestamp,x,y,z\n0,1,0,0\n0.01,2,0,0\n" : Self.sine)
        let before = try Data(contentsOf: input)
        let r = try run(arguments.map { $0 == "INPUT" ? input.path : $0 }, appendingTo: input.path)
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "error: standard output is the input \(input.path) (redirected onto it); redirect the output to another file\n"
        )
        #expect(try Data(contentsOf: input) == before)
    }

    @Test("standard output appended to another file is written")
    func stdoutOntoAnotherFile() throws {
        let log = try Executables.temporaryFile("log.jsonl", contents: "")
        let r = try run(["play", Self.example("Examples/points/walk.csv"), "--speed", "1000"], appendingTo: log.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8).split(separator: "\n").count == 100)
    }

    @Test("allan --plot and --fit-spec naming one file are refused")
    func twoOutputsOneFile() throws {
        let out = try Executables.temporaryFile("both.json")
        let r = try Executables.runFailing(
            "signals", ["allan", Self.example("Examples/points/walk.csv"), "--plot", out.path, "--fit-spec", out.path])
        #expect(r.stderr.contains("--plot and --fit-spec name the same file"), "\(r.stderr)")
    }

    // MARK: Files the user may not write

    /// Run as root too: a file with no write bit for anyone is read-only for everyone (the decision for
    /// other owners and groups is tested with made-up stat fields in PlaybackTests' FileIdentityTests).
    @Test(
        "a read-only output (chmod 444) is refused and kept, for every command that writes",
        arguments: [
            ("out.csv", ["render", "SPEC", "--rate", "100", "--duration", "0.1", "--format", "csv", "-o", "OUT"]),
            ("out.svg", ["plot", "SPEC", "--rate", "100", "--duration", "1", "-o", "OUT"]),
            ("out.gpx", ["route", "export", "Examples/routes/walk.json", "--gpx", "OUT"]),
            ("out.svg", ["allan", "Examples/points/walk.csv", "--plot", "OUT"]),
        ])
    func readOnly(name: String, arguments: [String]) throws {
        let spec = try Executables.temporaryFile("spec.json", contents: Self.sine)
        let out = try Executables.temporaryFile(name, contents: "old\n")
        #expect(chmod(out.path, 0o444) == 0)
        let r = try Executables.runFailing(
            "signals", arguments.map { $0 == "SPEC" ? spec.path : $0 == "OUT" ? out.path : $0 })
        #expect(r.stderr.contains("cannot write to \(out.path): the file is read-only (mode 0444)"), "\(r.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old\n")
    }

    @Test("a writable output (chmod 644) is replaced")
    func writable() throws {
        let out = try Executables.temporaryFile("out.csv", contents: "old\n")
        #expect(chmod(out.path, 0o644) == 0)
        try Self.expectRendered(to: out)
    }

    @Test(
        "an empty output path is refused with its flag named",
        arguments: [
            (["render", "SPEC", "--rate", "100", "--duration", "0.1", "--format", "csv", "-o", ""], "-o"),
            (["route", "export", "Examples/routes/walk.json", "--gpx", ""], "--gpx"),
            (["allan", "Examples/points/walk.csv", "--plot", ""], "--plot"),
        ])
    func emptyPath(arguments: [String], option: String) throws {
        let spec = try Executables.temporaryFile("spec.json", contents: Self.sine)
        let r = try Executables.runFailing("signals", arguments.map { $0 == "SPEC" ? spec.path : $0 })
        #expect(r.stderr == "error: \(option) '' names no file; give a file name, or - for standard output\n")
    }

    // MARK: The format follows the extension

    @Test("import -o o.npy writes a real .npy: float64, (points, 9)")
    func importNPY() throws {
        let out = try Executables.temporaryFile("o.npy")
        try Executables.runSucceeding(
            "signals",
            [
                "import", Self.example("Examples/recordings/phyphox/Accelerometer.csv"),
                Self.example("Examples/recordings/phyphox/Gyroscope.csv"), "--rate", "100", "-o", out.path,
            ])
        let data = try Data(contentsOf: out)
        #expect(data.prefix(6) == Data([0x93] + Array("NUMPY".utf8)))
        let headerLength = Int(data[8]) | Int(data[9]) << 8
        let header = String(decoding: data[10..<10 + headerLength], as: UTF8.self)
        #expect(header.contains("'descr': '<f8'"), "\(header)")
        let shape = try #require(header.firstRange(of: "'shape': (")).upperBound
        let rows = try #require(Int(header[shape...].prefix { $0.isNumber }))
        #expect(header.contains("'shape': (\(rows), 9)"), "\(header)")
        #expect(data.count == 10 + headerLength + rows * 9 * 8)
    }

    @Test("import -o with an extension it does not write is refused, naming the formats")
    func importUnknownExtension() throws {
        let out = try Executables.temporaryFile("o.txt")
        let r = try Executables.runFailing(
            "signals",
            [
                "import", Self.example("Examples/recordings/phyphox/Accelerometer.csv"),
                Self.example("Examples/recordings/phyphox/Gyroscope.csv"), "--rate", "100", "-o", out.path,
            ])
        #expect(
            r.stderr.contains("import writes a point file (.csv, .jsonl or .json) or a NumPy array (.npy), not .txt"),
            "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(
        "render: the extension chooses the format; a contradicting --format or an unknown extension is refused",
        arguments: [
            ("x.npy", ["--format", "csv"], "names a .npy file but --format is csv"),
            ("x.txt", ["--format", "csv"], "render writes csv, npy, f32 or mcap, not .txt"),
            ("x.svg", [String](), "render writes csv, npy, f32 or mcap, not .svg"),
            ("x", [String](), "missing --format csv, npy, f32 or mcap"),
            ("x.mcap", [String](), "MCAP output (--format mcap, -o FILE.mcap) takes trajectory specs"),
        ])
    func renderExtension(name: String, flags: [String], words: String) throws {
        let spec = try Executables.temporaryFile("spec.json", contents: Self.sine)
        let out = try Executables.temporaryFile(name)
        let r = try Executables.runFailing("signals", ["render", spec.path] + Self.render + flags + ["-o", out.path])
        #expect(r.stderr.contains(words), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(
        "render -o x.npy without --format writes .npy; an agreeing --format is fine",
        arguments: [[String](), ["--format", "npy"]])
    func renderByExtension(flags: [String]) throws {
        let spec = try Executables.temporaryFile("spec.json", contents: Self.sine)
        let out = try Executables.temporaryFile("x.npy")
        try Executables.runSucceeding("signals", ["render", spec.path] + Self.render + flags + ["-o", out.path])
        #expect(try Data(contentsOf: out).prefix(6) == Data([0x93] + Array("NUMPY".utf8)))
    }

    @Test("render to standard output still needs --format")
    func renderStdoutNeedsFormat() throws {
        let spec = try Executables.temporaryFile("spec.json", contents: Self.sine)
        let r = try Executables.runFailing("signals", ["render", spec.path] + Self.render)
        #expect(
            r.stderr
                == "error: missing --format csv, npy, f32 or mcap: standard output has no extension to choose it by\n")
    }

    @Test(
        "plot, allan --plot, --fit-spec and route export --gpx refuse another format's extension",
        arguments: [
            (
                ["plot", "Examples/specs/sine.json", "--rate", "100", "--duration", "1", "-o", "OUT"], "x.png",
                "-o OUT: this writes an SVG plot, not a .png file; name the file .svg"
            ),
            (
                ["allan", "Examples/points/walk.csv", "--plot", "OUT"], "x.csv",
                "--plot OUT: this writes an SVG plot, not a .csv file"
            ),
            (
                ["allan", "Examples/points/walk.csv", "--fit-spec", "OUT"], "x.svg",
                "--fit-spec OUT: this writes an IMU spec (JSON), not a .svg file"
            ),
            (
                ["route", "export", "Examples/routes/walk.json", "--gpx", "OUT"], "x.json",
                "--gpx OUT: this writes a GPX file, not a .json file"
            ),
        ])
    func otherExtensions(arguments: [String], name: String, words: String) throws {
        let out = try Executables.temporaryFile(name)
        let r = try Executables.runFailing("signals", arguments.map { $0 == "OUT" ? out.path : $0 })
        #expect(r.stderr.contains(words.replacingOccurrences(of: "OUT", with: out.path)), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    // MARK: Sizes refused before allocating

    @Test("allan of a spec refuses 10⁹ samples up front, naming the bound")
    func allanTooLong() throws {
        let spec = try Executables.temporaryFile("spec.json", contents: Self.sine)
        let r = try Executables.runFailing("signals", ["allan", spec.path, "--rate", "10000", "--duration", "100000"])
        #expect(
            r.stderr.contains("asks for 1000000000 samples per channel; allan analyses at most 100000000"),
            "\(r.stderr)")
    }

    @Test("allan of a spec within the bound is analysed")
    func allanWithinBound() throws {
        let r = try Executables.runSucceeding(
            "signals",
            [
                "allan", Self.example("Examples/specs/imu/kalibr-example.json"), "--rate", "100", "--duration", "60",
                "--channel", "gyroscope.x",
            ])
        #expect(r.text.hasPrefix("gyroscope.x"))
    }

    // MARK: Channels

    @Test("--channel '' is refused, naming the channels", arguments: ["", " ", "gyroscope.x,"])
    func emptyChannel(value: String) throws {
        let r = try Executables.runFailing(
            "signals", ["allan", Self.example("Examples/points/walk.csv"), "--channel", value])
        #expect(
            r.stderr.contains(
                "holds an empty channel name; the channels are accelerometer.x, accelerometer.y, accelerometer.z, gyroscope.x, gyroscope.y, gyroscope.z"
            ), "\(r.stderr)")
    }

    // MARK: GPX through the CLI

    @Test("GPX entity declarations are refused in words with the file and line")
    func gpxEntities() throws {
        let gpx = try Executables.temporaryFile(
            "lol.gpx",
            contents: """
                <?xml version="1.0"?>
                <!DOCTYPE gpx [
                 <!ENTITY lol "lol">
                 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
                ]>
                <gpx><wpt lat="1" lon="2"><name>&lol1;</name></wpt></gpx>
                """)
        let r = try Executables.runFailing("signals", ["route", "export", gpx.path, "--simctl", "--speed", "1"])
        #expect(
            r.stderr.hasPrefix("error: \(gpx.path):3: XML error: the file declares the entity 'lol'"), "\(r.stderr)")
    }
}
