import Foundation
import Testing

/// What a hostile first hour tried: every case exits with a clear error (status 2) or works, never a
/// crash, a hang, silent garbage, or a clobbered file.
@Suite struct HostileInputTests {
    static let sine = #"{"sine": {"frequency": 5}}"#

    func spec(_ text: String = sine, _ name: String = "s.json") throws -> String {
        try Executables.temporaryFile(name, contents: text).path
    }

    /// Runs `signals` with stdout going to `path` (a file or device).
    func run(_ arguments: [String], stdoutTo path: String) throws -> (status: Int32, stderr: String) {
        try Executables.runSignals(arguments, stdoutTo: path)
    }

    /// The temporary files a render to `out` leaves beside it (`.NAME.partial-XXXXXX`); only this output's,
    /// since other tests render into the same folder at the same time.
    func partials(of out: URL) throws -> [String] {
        let prefix = "." + out.lastPathComponent + ".partial-"
        return try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path).filter {
            $0.hasPrefix(prefix)
        }
    }

    // MARK: Output files

    @Test("-o replaces a regular file atomically and keeps its mode")
    func regularFile() throws {
        let out = try Executables.temporaryFile("keep-mode.csv", contents: "old\n")
        #expect(chmod(out.path, 0o600) == 0)
        try Executables.runSucceeding(
            "signals", ["render", try spec(), "--rate", "100", "--duration", "0.1", "--format", "csv", "-o", out.path])
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("t,value\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try partials(of: out).isEmpty)
    }

    @Test("-o follows a symbolic link instead of replacing it, even a dangling one")
    func symlink() throws {
        let target = try Executables.temporaryFile("target.csv", contents: "old\n")
        let link = try Executables.temporaryFile("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        try Executables.runSucceeding(
            "signals", ["render", try spec(), "--rate", "100", "--duration", "0.1", "--format", "csv", "-o", link.path])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("t,value"))
        let dangling = try Executables.temporaryFile("dangling.csv")
        let missing = try Executables.temporaryFile("not-yet.csv")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: missing.path)
        try Executables.runSucceeding(
            "signals",
            ["render", try spec(), "--rate", "100", "--duration", "0.1", "--format", "csv", "-o", dangling.path])
        #expect(FileManager.default.fileExists(atPath: missing.path))
    }

    @Test("-o writes through a device and never replaces it; /dev/full is an error")
    func devices() throws {
        try Executables.runSucceeding(
            "signals", ["render", try spec(), "--rate", "100", "--duration", "1", "--format", "npy", "-o", "/dev/null"])
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        let full = try Executables.runFailing(
            "signals", ["render", try spec(), "--rate", "100", "--duration", "1", "--format", "npy", "-o", "/dev/full"])
        #expect(full.stderr.contains("cannot write to /dev/full: No space left on device"), "\(full.stderr)")
        let dir = try Executables.run(
            "signals", ["render", try spec(), "--rate", "100", "--duration", "1", "--format", "csv", "-o", "/tmp"])
        #expect(dir.status == 2 && dir.stderr.contains("is a directory"))
        let nowhere = try Executables.run(
            "signals",
            [
                "render", try spec(), "--rate", "100", "--duration", "1", "--format", "csv", "-o",
                "/nonexistent/dir/x.csv",
            ])
        #expect(nowhere.status == 2 && nowhere.stderr.hasPrefix("error: cannot create /nonexistent/dir/x.csv"))
    }

    @Test("-o to a named pipe writes through it")
    func fifoOutput() throws {
        let path = try Executables.temporaryFile("out-fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if let h = FileHandle(forReadingAtPath: path) { received = h.readDataToEndOfFile() }
            done.signal()
        }
        try Executables.runSucceeding(
            "signals", ["render", try spec(), "--rate", "100", "--duration", "0.05", "--format", "csv", "-o", path])
        done.wait()
        #expect(String(decoding: received, as: UTF8.self).split(separator: "\n").count == 6)
    }

    @Test("SIGINT during a render leaves the old file intact and no temporary file")
    func interrupted() throws {
        let out = try Executables.temporaryFile("interrupted.npy", contents: "old contents\n")
        let process = Process()
        process.executableURL = try Executables.url("signals")
        process.arguments = [
            "render", try spec(), "--rate", "1000000", "--duration", "100000", "--format", "npy", "-o", out.path,
        ]
        process.standardError = Pipe()
        try process.run()
        // Wait for the render to be under way (its temporary file exists), then interrupt it. (A bounded
        // wait for another process to reach a state; nothing here depends on how long it takes.)
        var waited = 0
        while try partials(of: out).isEmpty, waited < 60_000 {
            usleep(10_000)
            waited += 10
        }
        #expect(try !partials(of: out).isEmpty, "the render had not made its temporary file within 60 s")
        kill(process.processIdentifier, SIGINT)
        #expect(
            Executables.waitForExit(process, seconds: 60), "signals render did not exit within 60 s of SIGINT (killed)")
        #expect(process.terminationStatus == 130)
        #expect(try String(contentsOf: out, encoding: .utf8) == "old contents\n")
        #expect(try partials(of: out).isEmpty)
    }

    /// The temporary files (`.NAME.partial-XXXXXX`) in `dir`.
    @Test(
        "every terminating signal the CLI handles during render --output-dir leaves no temporary file and exits 128 + its number",
        arguments: [SIGHUP, SIGPIPE, SIGINT, SIGTERM])
    func signalDuringOutputDirectory(_ number: Int32) throws {
        let dir = try Executables.temporaryFile("render-dir")
        let process = Process()
        process.executableURL = try Executables.url("signals")
        // Ten million seconds: the render is still writing when the signal comes.
        process.arguments = [
            "render", Executables.packageRoot.appendingPathComponent("Examples/trajectories/walk.json").path,
            "--rate", "100", "--duration", "10000000", "--output-dir", dir.path,
        ]
        process.standardError = Pipe()
        try process.run()
        // A bounded wait for the other process to be under way (its temporary files exist).
        var waited = 0
        while partialFiles(in: dir).isEmpty, waited < 30_000 {
            usleep(10_000)
            waited += 10
        }
        #expect(!partialFiles(in: dir).isEmpty, "the render never started")
        kill(process.processIdentifier, number)
        #expect(
            Executables.waitForExit(process),
            "still running after signal \(number): is it ignored in this test process?")
        #expect(process.terminationStatus == 128 + number)
        #expect(partialFiles(in: dir).isEmpty)
    }

    @Test("under nohup (SIGHUP ignored) a SIGHUP does not end a render: every line is written, exit 0")
    func nohupKeepsRunning() throws {
        let nohup = "/usr/bin/nohup"
        try #require(FileManager.default.isExecutableFile(atPath: nohup), "no \(nohup) on this machine")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nohup)
        process.arguments = [
            try Executables.url("signals").path, "render", "Examples/specs/sine.json", "--rate", "1000", "--duration",
            "100",
            "--format", "csv",
        ]
        process.currentDirectoryURL = Executables.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line read: the render is running (and, its output unread, soon blocked on the full pipe).
        var head = Data()
        while !head.contains(0x0A), let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
            head += byte
        }
        kill(process.processIdentifier, SIGHUP)
        let rest = out.fileHandleForReading.readDataToEndOfFile()
        #expect(Executables.waitForExit(process))
        #expect(process.terminationStatus == 0)
        #expect((head + rest).split(separator: 0x0A).count == 100_001)
    }

    @Test("standard output closed by its reader (| head -1) ends a render quietly with 141, whichever command writes")
    func closedPipe() throws {
        for arguments in [
            ["render", "Examples/specs/sine.json", "--rate", "1000", "--duration", "1000000", "--format", "csv"],
            ["play", "Examples/specs/sine.json", "--rate", "1000", "--duration", "100"],
        ] {
            let (process, out, err) = try Executables.start("signals", arguments)
            // One line read, then the reader goes away, as `head -1` does.
            var line = Data()
            while !line.contains(0x0A), let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
                line += byte
            }
            try out.fileHandleForReading.close()
            #expect(Executables.waitForExit(process), "\(arguments[0]) did not end on the closed pipe")
            let message = err.fileHandleForReading.readDataToEndOfFile()
            #expect(process.terminationStatus == 141, "\(arguments[0])")
            #expect(String(decoding: message, as: UTF8.self) == "", "\(arguments[0])")
        }
    }

    @Test(
        "a temporary file a killed render left beside its output is removed by the next render of it; one a live process holds stays"
    )
    func stalePartialRemoved() throws {
        let dir = try Executables.temporaryFile("stale-render")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let stale = ".truth.csv.partial-Qw12Er"
        let held = ".imu.csv.partial-Ty34Ui"
        let unrelated = ".notes.txt.partial-Op56As"
        try withTornPartials([stale, held, unrelated], in: dir, held: held) {
            try Executables.runSucceeding(
                "signals",
                [
                    "render", Executables.packageRoot.appendingPathComponent("Examples/trajectories/walk.json").path,
                    "--rate", "100", "--duration", "1", "--output-dir", dir.path,
                ])
            #expect(partialFiles(in: dir) == [held, unrelated].sorted())
        }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("truth.csv").path))
    }

    @Test("an input named like a temporary file of the output is never taken for a stale one")
    func inputNamedLikeAPartial() throws {
        let dir = try Executables.temporaryFile("partial-input")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let spec = dir.appendingPathComponent(".out.csv.partial-Zx98Cv")
        try Data(Self.sine.utf8).write(to: spec)
        try Executables.runSucceeding(
            "signals",
            [
                "render", spec.path, "--rate", "100", "--duration", "0.1", "--format", "csv",
                "-o", dir.appendingPathComponent("out.csv").path,
            ])
        #expect(try String(contentsOf: spec, encoding: .utf8) == Self.sine)
    }

    @Test("a write error on standard output exits 2 with a message, never a crash")
    func stdoutFull() throws {
        let verify = try run(
            ["verify", "Examples/specs/sine.json", "--rate", "1000", "--duration", "2"], stdoutTo: "/dev/full")
        #expect(verify.status == 2, "\(verify.stderr)")
        #expect(verify.stderr.contains("cannot write to standard output: No space left on device"))
        let render = try run(
            ["render", "Examples/specs/sine.json", "--rate", "1000", "--duration", "2", "--format", "csv"],
            stdoutTo: "/dev/full")
        #expect(render.status == 2 && render.stderr.contains("No space left on device"))
        let play = try run(
            ["play", "Examples/specs/sine.json", "--rate", "1000", "--duration", "0.01"], stdoutTo: "/dev/full")
        #expect(play.status == 2 && play.stderr.contains("No space left on device"))
    }

    // MARK: Inputs read once

    @Test("play reads standard input once: one-channel and axes specs, and point files")
    func stdinSpecs() throws {
        let one = try Executables.runSucceeding(
            "signals", ["play", "-", "--rate", "1000", "--duration", "0.005"], input: Data(Self.sine.utf8))
        #expect(one.text.split(separator: "\n").count == 5)
        let axes = try Executables.runSucceeding(
            "signals", ["play", "-", "--rate", "1000", "--duration", "0.003"],
            input: try Data(
                contentsOf: Executables.packageRoot.appendingPathComponent("Examples/specs/shake-axes.json")))
        #expect(axes.text.hasPrefix("{\"timestamp\":0.0,\"x\":"))
        let csv = try Executables.runSucceeding(
            "signals", ["play", "-", "--speed", "1000"], input: Data("timestamp,x,y,z\n0,1,0,0\n0.01,2,0,0\n".utf8))
        #expect(csv.text.split(separator: "\n").count == 2)
    }

    @Test("play of a named pipe (as <(cat walk.csv) gives) plays every point")
    func playFifo() throws {
        let path = try Executables.temporaryFile("walk-fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let text = try Data(contentsOf: Executables.packageRoot.appendingPathComponent("Examples/points/walk.csv"))
        Thread.detachNewThread {
            if let h = FileHandle(forWritingAtPath: path) {
                try? h.write(contentsOf: text)
                try? h.close()
            }
        }
        let r = try Executables.runSucceeding("signals", ["play", path, "--speed", "1000"])
        #expect(r.text.split(separator: "\n").count == 100)
    }

    @Test("/dev/zero and an endless line fail fast with a clear error")
    func endless() throws {
        let zero = try Executables.runFailing("signals", ["play", "/dev/zero"])
        #expect(zero.stderr.contains("/dev/zero"), "\(zero.stderr)")
        var data = Data("timestamp,x,y,z\n".utf8)
        data.append(Data(repeating: UInt8(ascii: "7"), count: 3 << 20))
        let file = try Executables.temporaryFile("one-line.csv")
        try data.write(to: file)
        let line = try Executables.run("signals", ["play", file.path])
        #expect(line.status == 2 && line.stderr.contains("longer than 1048576 bytes"), "\(line.stderr)")
    }

    // MARK: Schedules refused before playing

    @Test(
        "a wait of years is refused before any output (--max-wait)",
        arguments: [
            ("timestamp,x,y,z\n0,0,0,0\n1000000000,0,0,0\n", [String]()),
            ("timestamp,x,y,z\n0,0,0,0\n0.01,0,0,0\n", ["--speed", "1e-300"]),
            ("timestamp,x,y,z\n0,0,0,0\n10,0,0,0\n", ["--max-wait", "5"]),
        ])
    func maxWait(text: String, flags: [String]) throws {
        let file = try Executables.temporaryFile("gap.csv", contents: text)
        let r = try Executables.runFailing("signals", ["play", file.path] + flags)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("--max-wait"), "\(r.stderr)")
    }

    @Test("looping one point is refused before any output")
    func loopOnePoint() throws {
        let file = try Executables.temporaryFile("one.csv", contents: "timestamp,x,y,z\n0,1,0,0\n")
        let r = try Executables.run("signals", ["play", file.path, "--loop"])
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(r.stderr.contains("cannot loop"), "\(r.stderr)")
    }

    // MARK: Clear errors

    @Test("numbers after a flag are values: --rate -1000 names the range", arguments: ["render", "verify", "play"])
    func negativeRate(command: String) throws {
        var args = [command, try spec(), "--rate", "-1000", "--duration", "1"]
        if command == "render" { args += ["--format", "csv"] }
        let r = try Executables.runFailing("signals", args)
        #expect(r.stderr.contains("sample rate must be a finite number of Hz from 1e-06"), "\(r.stderr)")
        #expect(!r.stderr.contains("Missing value"))
    }

    @Test("messages name the file and the JSON path, never internal names, and quote at most ~100 characters")
    func clearMessages() throws {
        let motion = try spec(#"{"motion": {"gravity": {"axes": {"z": {"sine": {"frequency": 80}}}}}}"#, "motion.json")
        let m = try Executables.run(
            "signals", ["render", motion, "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(m.stderr.hasPrefix("error: \(motion): $.motion.gravity.axes.z.sine.frequency: "), "\(m.stderr)")
        let big = try spec(#"{"sine": {"frequency": 1e400}}"#, "big.json")
        let b = try Executables.run("signals", ["render", big, "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(
            b.stderr.contains("too large for a Double") && !b.stderr.contains("numberIsNotRepresentable"), "\(b.stderr)"
        )
        let missing = try Executables.run(
            "signals", ["render", "/nonexistent/x.json", "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(
            missing.stderr.contains("no such file") && !missing.stderr.contains("NSCocoaErrorDomain"),
            "\(missing.stderr)")
        let long = try spec(
            "{\"sine\": {\"frequency\": \"" + String(repeating: "x", count: 1_000_000) + "\"}}", "long.json")
        let l = try Executables.run("signals", ["render", long, "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(l.status == 2 && l.stderr.count < 400, "\(l.stderr.prefix(500))")
    }

    @Test(
        "samples that would be inf or NaN are refused; play never prints nan",
        arguments: [
            #"{"sine": {"amplitude": 1e39, "frequency": 1}}"#, #"{"constant": {"value": 3.4028236e38}}"#,
            #"{"scaled": {"by": 1e300, "signal": {"scaled": {"by": 1e300, "signal": {"constant": {"value": 1}}}}}}"#,
        ])
    func garbage(text: String) throws {
        for command in [["render", "--format", "csv"], ["play"]] {
            let r = try Executables.run(
                "signals", [command[0], try spec(text), "--rate", "100", "--duration", "0.05"] + command.dropFirst())
            #expect(r.status == 2 && r.stdout.isEmpty, "\(r.stderr)")
            #expect(r.stderr.contains("largest a Float holds"))
        }
    }

    @Test("extreme frequencies and rates are refused quickly, never a crash or a hang")
    func extremes() throws {
        let huge = try Executables.run(
            "signals",
            [
                "render", try spec(#"{"sine": {"frequency": 1e300}}"#), "--rate", "1000", "--duration", "1",
                "--format", "csv", "--allow-aliasing",
            ])
        #expect(huge.status == 2 && huge.stderr.contains("$.sine.frequency"), "\(huge.stderr)")
        let chirp = try Executables.run(
            "signals",
            [
                "render",
                try spec(#"{"chirp": {"startFrequency": 1.2345678901e22, "endFrequency": 1, "duration": 1}}"#),
                "--rate", "1000", "--duration", "1", "--format", "csv", "--allow-aliasing",
            ])
        #expect(chirp.status == 2 && chirp.stderr.contains("startFrequency"), "\(chirp.stderr)")
        let tiny = try Executables.run(
            "signals",
            [
                "render", try spec(#"{"chirp": {"startFrequency": 0, "endFrequency": 0, "duration": 1}}"#),
                "--rate", "1e-200", "--duration", "1e200", "--format", "csv",
            ])
        #expect(tiny.status == 2 && tiny.stderr.contains("sample rate"), "\(tiny.stderr)")
    }

    @Test("verify --rate checks a recording's t column")
    func recordingRate() throws {
        let render = try Executables.run(
            "signals", ["render", "Examples/specs/sine.json", "--rate", "1000", "--duration", "1", "--format", "csv"])
        let file = try Executables.temporaryFile("rec.csv")
        try render.stdout.write(to: file)
        let r = try Executables.runFailing(
            "signals", ["verify", "Examples/specs/sine.json", "--rate", "500", "--duration", "1", "--input", file.path])
        #expect(r.stderr.contains("advances at 1000"), "\(r.stderr)")
    }

    // MARK: Messages that name the right thing

    @Test(
        "a JSON spec named like a point file or an array says which name is wrong",
        arguments: ["imu.csv", "imu.jsonl", "imu.npy"])
    func specWithAPointFileName(name: String) throws {
        let file = try Executables.temporaryFile(name, contents: Self.sine)
        let r = try Executables.runFailing(
            "signals", ["render", file.path, "--rate", "100", "--duration", "1", "--format", "csv"])
        let ext = (name as NSString).pathExtension
        #expect(
            r.stderr.hasPrefix(
                "error: \(file.path): this holds a JSON spec, but its name ends in .\(ext), which names "),
            "\(r.stderr)")
        #expect(r.stderr.hasSuffix("; name a spec .json\n"), "\(r.stderr)")
        // A real point file with that name is still a point file.
        let points = try Executables.temporaryFile("walk.csv", contents: "timestamp,x,y,z\n0,1,0,0\n")
        let p = try Executables.runFailing(
            "signals", ["render", points.path, "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(p.stderr.contains("this is a point file, not a spec"), "\(p.stderr)")
    }

    @Test(
        "a trajectory whose streams cannot share one table names --output-dir and MCAP, for -o - and for -o FILE",
        arguments: [
            (
                "Examples/trajectories/car.json", ["-o", "-"],
                "--format mcap -o - (every stream in one MCAP file, on standard output)"
            ),
            ("Examples/trajectories/car.json", ["-o", "OUT"], "-o FILE.mcap (every stream in one MCAP file)"),
            ("Examples/trajectories/bike-tunnel.json", ["-o", "-"], "--format mcap -o -"),
        ])
    func trajectoryTableAdvice(spec: String, output: [String], advice: String) throws {
        let out = try Executables.temporaryFile("table.csv")
        let r = try Executables.runFailing(
            "signals", ["render", spec, "--rate", "100"] + output.map { $0 == "OUT" ? out.path : $0 })
        #expect(r.stderr.contains("write one file per stream with --output-dir DIR, or \(advice)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("the MCAP the advice names writes to standard output")
    func mcapOnStandardOutput() throws {
        let r = try Executables.runSucceeding(
            "signals",
            [
                "render", "Examples/trajectories/car.json", "--rate", "100", "--duration", "1", "--format", "mcap",
                "-o", "-",
            ])
        #expect(r.stdout.prefix(8) == Data([0x89] + Array("MCAP0\r\n".utf8)))
    }

    @Test("import of a zip archive says to unzip it, exit 2, naming the folder to give")
    func importZip() throws {
        let zip = try Executables.temporaryFile("Recording.zip")
        try (Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x3B, 0x22, 0x09]) + Data("\"quoted;".utf8)).write(to: zip)
        let r = try Executables.runFailing("signals", ["import", zip.path, "--rate", "100"])
        let folder = String(zip.path.dropLast(4))
        #expect(
            r.stderr
                == "error: \(zip.path): this is a zip archive, and import reads the CSV files of an unzipped export, not the archive: unzip it first (unzip '\(zip.path)' -d '\(folder)') and give the folder\n"
        )
    }

    @Test(
        "aliasing: commands with --allow-aliasing offer it, play (which has none) does not; a preset's is at the preset's path"
    )
    func aliasingAdvice() throws {
        let sine = try Executables.temporaryFile("fast.json", contents: #"{"sine": {"frequency": 60}}"#)
        let walk = try Executables.temporaryFile(
            "walk.json", contents: #"{"motion": {"preset": "walking", "cadence": 80}}"#)
        let render = try Executables.runFailing(
            "signals", ["render", sine.path, "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(
            render.stderr.contains("$.sine.frequency: frequency 60.0 Hz is at or above the Nyquist frequency 50.0 Hz"),
            "\(render.stderr)")
        #expect(render.stderr.hasSuffix("(or pass --allow-aliasing to render it anyway)\n"), "\(render.stderr)")
        let play = try Executables.runFailing("signals", ["play", sine.path, "--rate", "100", "--duration", "1"])
        #expect(play.stderr.contains("Nyquist"), "\(play.stderr)")
        #expect(!play.stderr.contains("allow"), "\(play.stderr)")
        let preset = try Executables.runFailing(
            "signals", ["render", walk.path, "--rate", "100", "--duration", "1", "--format", "csv"])
        #expect(
            preset.stderr.contains(
                "\(walk.path): $.motion: the 'walking' motion preset with cadence 80 makes a signal that cannot be rendered here"
            ), "\(preset.stderr)")
        #expect(!preset.stderr.contains("worldAcceleration"), "\(preset.stderr)")
        let allowed = try Executables.runSucceeding(
            "signals",
            ["render", sine.path, "--rate", "100", "--duration", "0.05", "--format", "csv", "--allow-aliasing"])
        #expect(allowed.lines.count == 6)
    }
}
