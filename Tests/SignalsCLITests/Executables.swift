import Foundation
import Testing

/// Runs the package's built executables (they sit next to the test bundle in the build folder).
enum Executables {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
        /// Standard output's lines, without their newlines.
        var lines: [Substring] { text.split(separator: "\n") }
    }

    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String {
            "executable '\(name)' not found next to the test bundle; build it first (make test does)"
        }
    }

    static func url(_ name: String) throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for dir in candidates {
            let url = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw Missing(name: name)
    }

    /// ``run(_:_:input:)``, expecting exit status 0 (standard error in the failure message).
    @discardableResult
    static func runSucceeding(
        _ name: String, _ arguments: [String], input: Data? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let result = try run(name, arguments, input: input)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// ``run(_:_:input:)``, expecting exit status `status` (standard error in the failure message).
    @discardableResult
    static func runFailing(
        _ name: String, _ arguments: [String], input: Data? = nil, status: Int32 = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let result = try run(name, arguments, input: input)
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// ``runFailing(_:_:input:status:sourceLocation:)`` expecting a refusal: standard error contains
    /// `message` and nothing is on standard output.
    @discardableResult
    static func runRefused(
        _ name: String, _ arguments: [String], naming message: String, status: Int32 = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let result = try runFailing(name, arguments, status: status, sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(result.text.prefix(200))", sourceLocation: sourceLocation)
        return result
    }

    /// Starts `name arguments...` in the package's root, its standard output and error on new pipes (and
    /// its standard input on `input` when given); the caller reads them and waits for the exit.
    static func start(
        _ name: String, _ arguments: [String], input: Pipe? = nil
    ) throws -> (process: Process, out: Pipe, err: Pipe) {
        let process = Process()
        process.executableURL = try url(name)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input { process.standardInput = input }
        try process.run()
        return (process, out, err)
    }

    /// Runs `name arguments...` with `input` on stdin; waits for it to exit.
    static func run(_ name: String, _ arguments: [String], input: Data? = nil) throws -> Result {
        let inp = Pipe()
        let (process, out, err) = try start(name, arguments, input: inp)
        if let input { inp.fileHandleForWriting.write(input) }
        try inp.fileHandleForWriting.close()
        // Read both pipes concurrently so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Waits for `process` to exit, at most `seconds` (a bounded wait for an event of another process,
    /// never a measurement); past that it is killed (SIGKILL) and reaped.
    /// - Returns: Whether it exited by itself within the bound.
    static func waitForExit(_ process: Process, seconds: Double = 120) -> Bool {
        var waited = 0.0
        while process.isRunning, waited < seconds {
            usleep(10_000)
            waited += 0.01
        }
        guard process.isRunning else {
            process.waitUntilExit()
            return true
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh empty folder in the temporary directory, named `prefix-UUID`.
    static func temporaryFolder(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func temporaryFile(_ name: String, contents: String? = nil) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("signalrunner-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(UUID().uuidString + "-" + name)
        if let contents { try Data(contents.utf8).write(to: url) }
        return url
    }

    /// Writes `contents` (a spec) to a temporary file named `name` and runs `signals command <that file>
    /// arguments...`, expecting exit status 0: the spec file and the result.
    static func runOnSpec(
        _ command: String, spec name: String, contents: String, _ arguments: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (spec: URL, result: Result) {
        let spec = try temporaryFile(name, contents: contents)
        let result = try runSucceeding("signals", [command, spec.path] + arguments, sourceLocation: sourceLocation)
        return (spec, result)
    }

    /// `signals play` of `contents` (a spec, written to a temporary file named `name`) at `rate` Hz for
    /// `duration` seconds, as fast as it goes (`--speed 1000`), expecting exit status 0 and one line per
    /// sample: the spec file and the lines.
    static func play(
        _ name: String, contents: String, rate: Int, duration: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (spec: URL, lines: [Substring]) {
        let (spec, result) = try runOnSpec(
            "play", spec: name, contents: contents,
            ["--rate", "\(rate)", "--duration", "\(duration)", "--speed", "1000"],
            sourceLocation: sourceLocation)
        #expect(result.lines.count == rate * duration, "\(result.stderr)", sourceLocation: sourceLocation)
        return (spec, result.lines)
    }

    /// `signals plot` of `contents` (a spec, written to `NAME.json`) to `NAME.svg`, expecting exit status 0:
    /// the spec file, the SVG file and its text.
    static func plot(
        _ name: String, contents: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (spec: URL, out: URL, svg: String) {
        let out = try temporaryFile(name + ".svg")
        let spec = try runOnSpec(
            "plot", spec: name + ".json", contents: contents, ["-o", out.path], sourceLocation: sourceLocation
        ).spec
        return (spec, out, try String(contentsOf: out, encoding: .utf8))
    }

    /// Runs `signals` with standard output written to `path` (a file or a device), appended when
    /// `appending`; standard error is collected.
    /// - Returns: The exit status and standard error.
    static func runSignals(
        _ arguments: [String], stdoutTo path: String, appending: Bool = false
    ) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = try url("signals")
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        if appending { try out.seekToEnd() }
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try out.close()
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }
}
