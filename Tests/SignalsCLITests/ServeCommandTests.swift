import Foundation
import SignalRunnerTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `signals serve` end to end: the real `signals` executable running its `signals-serve` sibling.
/// Checks are on content, exit status and messages, never on timing.
@Suite(.timeLimit(.minutes(5))) struct ServeCommandTests {
    /// A running `signals serve`: its port (from the first line) and its process.
    final class Server {
        let process = Process()
        let out = Pipe(), err = Pipe()
        var firstLine = ""
        var port = 0
        /// Standard output read past the lines returned.
        private var pending: [UInt8] = []

        init(_ arguments: [String], executable: URL? = nil, environment: [String: String] = [:]) throws {
            process.executableURL = try executable ?? Executables.url("signals")
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = Executables.packageRoot
            process.standardOutput = out
            process.standardError = err
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            try process.run()
            firstLine = nextLine()
            port = Int(firstLine.split(separator: ":").last ?? "") ?? 0
        }

        /// The next line of standard output (without its newline); what is left at the end.
        func nextLine() -> String {
            while !pending.contains(UInt8(ascii: "\n")) {
                let data = out.fileHandleForReading.availableData
                if data.isEmpty { break }
                pending += data
            }
            let line = pending.prefix { $0 != UInt8(ascii: "\n") }
            pending.removeFirst(min(pending.count, line.count + 1))
            return String(decoding: line, as: UTF8.self)
        }

        /// The first line of standard output after the `listening on` lines (one per loopback).
        func lineAfterListening() -> String {
            var line = nextLine()
            while line.hasPrefix("listening on ") { line = nextLine() }
            return line
        }

        /// Sends `signal`, waits for the exit; the status and standard error.
        func stop(_ signal: Int32 = SIGTERM) -> (status: Int32, stderr: String) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, text)
        }
    }

    /// `GET path` on its own connection: status and body.
    static func get(_ port: Int, _ path: String) throws -> (status: Int, body: String) {
        let response = try TestHTTP.get(port: port, path)
        return (response.status, response.text)
    }

    /// `POST path` with a JSON body on its own connection (with `Authorization: Bearer token` when given):
    /// status and body.
    static func post(
        _ port: Int, _ path: String, json: String, token: String? = nil
    ) throws -> (status: Int, body: String) {
        let response = try TestHTTP.post(
            port: port, path, json: json, headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
        return (response.status, response.text)
    }

    /// The `data:` of SSE events with ids 1 ... count (Last-Event-ID 0), read from a raw stream through the
    /// package's decoders (Formats: `ChunkedDecoder` when the body is chunked, then `SSEParser`).
    static func sse(_ port: Int, count: Int) throws -> (lines: [String], socket: TestSSEStream) {
        let stream = try TestSSEStream(port: port, "/v1/stream", headers: [("Last-Event-ID", "0")])
        var lines: [String] = []
        while lines.count < count, let event = try stream.nextEvent() { lines.append(event.data) }
        return (lines, stream)
    }

    static let spec = "Examples/specs/shake-motion.json"

    /// What `/v1/stream` with `Last-Event-ID: 0` must send, out of `signals play`'s lines: the points after
    /// index 0; or every point from 0 when the client connected before point 0 was made (a busy machine:
    /// id 0 was not on the timeline yet, and the server starts with the first point). Nothing else.
    static func expectedStream(_ play: [String], received: [String]) -> [String] {
        let first = received.first == play.first ? 0 : 1
        return Array(play.dropFirst(first).prefix(received.count))
    }

    @Test("the first stdout line is 'listening on http://127.0.0.1:PORT' (--port 0 picks one); SIGTERM exits 0")
    func listening() throws {
        let server = try Server([Self.spec, "--port", "0"])
        #expect(server.firstLine.hasPrefix("listening on http://127.0.0.1:"))
        #expect(server.port > 0)
        let status = try Self.get(server.port, "/v1/status")
        #expect(status.status == 200)
        #expect(status.body.contains("\"sampleRate\":100.0"))
        let page = try Self.get(server.port, "/")
        #expect(page.status == 200)
        #expect(page.body.contains("<canvas id=\"plot\""))
        let stopped = server.stop(SIGTERM)
        #expect(stopped.status == 0)
        #expect(stopped.stderr.isEmpty, "\(stopped.stderr)")
    }

    @Test("SSE data lines are byte for byte the lines signals play prints; SIGINT closes the open stream and exits 0")
    func sameLinesAsPlay() throws {
        let server = try Server([Self.spec, "--port", "0", "--rate", "100"])
        let (lines, socket) = try Self.sse(server.port, count: 30)
        let play = try Executables.runFailing(
            "signals", ["play", Self.spec, "--rate", "100", "--duration", "0.31", "--speed", "1000"], status: 0)
        let expected = play.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 30)
        #expect(lines == Self.expectedStream(expected, received: lines))
        let stopped = server.stop(SIGINT)
        #expect(stopped.status == 0)
        #expect(
            try String(decoding: socket.readAll(), as: UTF8.self).hasSuffix("0\r\n\r\n"),
            "the stream ends with the last chunk")
    }

    @Test(
        "routes: SSE data lines are the lines signals play prints, for a route and for a motion with a route",
        arguments: ["Examples/routes/walk.json", "Examples/routes/phone-walk.json"])
    func routesAsPlay(spec: String) throws {
        let server = try Server([spec, "--port", "0", "--rate", "100"])
        let (lines, _) = try Self.sse(server.port, count: 30)
        let play = try Executables.runSucceeding(
            "signals", ["play", spec, "--rate", "100", "--duration", "0.31", "--speed", "1000"])
        let expected = play.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 30)
        #expect(lines == Self.expectedStream(expected, received: lines))
        let data = try Self.get(server.port, "/data")
        #expect(data.body.contains("\"location\":{\"latitude\":"))
        #expect(server.stop().status == 0)
    }

    @Test("--host 0.0.0.0 is served with a warning on stderr, and a token is generated for changes")
    func exposed() throws {
        let server = try Server([Self.spec, "--port", "0", "--host", "0.0.0.0"])
        #expect(server.firstLine.hasPrefix("listening on http://0.0.0.0:"))
        #expect(
            server.nextLine().hasPrefix("token required: changes and WebSockets must send Authorization: Bearer "),
            "a token is generated")
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.stderr.contains("warning: --host 0.0.0.0 serves every network interface"))
        #expect(stopped.stderr.contains("changing it needs the token"))
    }

    @Test("--token generate prints the token once, after the listening lines; changes need it, reads do not")
    func generatedToken() throws {
        let server = try Server([Self.spec, "--port", "0", "--token", "generate"])
        let line = server.lineAfterListening()
        let token = String(line.split(separator: "=").last ?? "")
        #expect(token.count == 32, "\(line)")
        #expect(
            line
                == "token required: changes and WebSockets must send Authorization: Bearer \(token); open the console at http://127.0.0.1:\(server.port)/?token=\(token)"
        )
        #expect(try Self.post(server.port, "/v1/control", json: #"{"action": "pause"}"#).status == 401)
        #expect(
            try Self.post(
                server.port, "/v1/control", json: #"{"action": "pause"}"#,
                token: (token.first == "0" ? "1" : "0") + token.dropFirst()
            ).status == 401)  // one digit off (never the token itself)
        #expect(try Self.post(server.port, "/v1/control", json: #"{"action": "pause"}"#, token: token).status == 200)
        #expect(try Self.get(server.port, "/v1/status").body.contains("\"paused\":true"))
        #expect(server.stop().status == 0)
    }

    @Test("a token from SIGNALS_SERVE_TOKEN is required and never printed")
    func tokenFromEnvironment() throws {
        let server = try Server([Self.spec, "--port", "0"], environment: ["SIGNALS_SERVE_TOKEN": "from-the-env-42"])
        let line = server.lineAfterListening()
        #expect(
            line.hasPrefix(
                "token required: changes and WebSockets must send Authorization: Bearer TOKEN (the token you gave)"))
        #expect(!line.contains("from-the-env-42"))
        #expect(try Self.post(server.port, "/v1/control", json: #"{"action": "pause"}"#).status == 401)
        #expect(
            try Self.post(server.port, "/v1/control", json: #"{"action": "pause"}"#, token: "from-the-env-42").status
                == 200)
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(!stopped.stderr.contains("from-the-env-42"))
    }

    @Test(
        "--max-connections 1 and --max-connections-per-peer 1: with a stream open, another request is answered 503 naming the flag; once the stream closes, it is served",
        arguments: ["--max-connections", "--max-connections-per-peer"])
    func connectionLimit(flag: String) throws {
        let server = try Server([Self.spec, "--port", "0", flag, "1"])
        let (lines, stream) = try Self.sse(server.port, count: 1)
        #expect(lines.count == 1)
        // The stream's first event arrived: it holds the one place.
        let refused = try Self.get(server.port, "/v1/status")
        #expect(refused.status == 503, "\(refused)")
        #expect(refused.body.contains("(\(flag) 1)"), "\(refused)")
        stream.close()
        // The server releases the place once it has read the close.
        // No event tells the test: a poll, bounded for a failing test (not a timing it relies on).
        let deadline = ContinuousClock.now + .seconds(60)
        var status = 0
        while status != 200, ContinuousClock.now < deadline {
            status = try Self.get(server.port, "/v1/status").status
            if status != 200 { usleep(2000) }
        }
        #expect(status == 200, "the server had not released the stream's place 60 s after the client hung up")
        #expect(server.stop().status == 0)
    }

    @Test(
        "SIGTERM with an idle connection, a half-sent request and an open stream: the server exits 0, the stream gets its last comment"
    )
    func stopsWithOpenConnections() throws {
        let server = try Server([Self.spec, "--port", "0"])
        let idle = try TestConnection(port: server.port)
        let halfHead = try TestConnection(port: server.port)
        try halfHead.send("GET /data HTTP/1.1\r\nHost: localhost\r\n")
        let halfBody = try TestConnection(port: server.port)
        try halfBody.send(
            "POST /update HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{")
        let (lines, stream) = try Self.sse(server.port, count: 1)
        #expect(lines.count == 1)
        // The stream is open; the other three may or may not have been read yet: either way they must not
        // hold the shutdown. The exit is an event awaited with a generous bound (how soon it comes is the
        // machine's; the shutdown's own grace is measured by the bench, not here).
        kill(server.process.processIdentifier, SIGTERM)
        let exited = Executables.waitForExit(server.process, seconds: 60)
        #expect(exited, "signals serve did not exit within 60 s of SIGTERM with open connections (killed)")
        let stderr = String(decoding: server.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if exited { #expect(server.process.terminationStatus == 0, "\(stderr)") }
        #expect(try String(decoding: stream.readAll(), as: UTF8.self).contains(": the server is shutting down"))
        // each closed or reset
        for socket in [idle, halfHead, halfBody] { _ = try socket.end(limit: defaultWaitLimit) }
    }

    @Test("by default both loopbacks are printed; --host [::1] serves ::1 alone with no warning")
    func loopbacks() throws {
        let both = try Server([Self.spec, "--port", "0"])
        #expect(both.firstLine == "listening on http://127.0.0.1:\(both.port)")
        // Both lines, once both addresses are bound.
        #expect(both.nextLine() == "listening on http://[::1]:\(both.port)")
        #expect(both.stop().status == 0)
        let v6 = try Server([Self.spec, "--port", "0", "--host", "[::1]"])
        #expect(v6.firstLine == "listening on http://[::1]:\(v6.port)")
        let stopped = v6.stop()
        #expect(stopped.status == 0)
        #expect(!stopped.stderr.contains("warning"), "\(stopped.stderr)")
    }

    @Test("signals serve --help prints signals-serve's options")
    func help() throws {
        let r = try Executables.runFailing("signals", ["serve", "--help"], status: 0)
        #expect(r.text.contains("USAGE: signals serve <input>"))
        #expect(r.text.contains("--port"))
        #expect(r.text.contains("--rate"))
        #expect(r.text.contains("--loop"))
        #expect(r.text.contains("--max-connections <n>"))
        #expect(r.text.contains("--max-connections-per-peer <n>"))
    }

    @Test(
        "bad input is refused before serving, exit 2, naming the problem",
        arguments: [
            (["nothere.json"], "nothere.json: cannot open: no such file"),
            ([spec, "--rate", "0"], "--rate must be a number of Hz from 0.001 to 10000.0, got 0.0"),
            ([spec, "--rate", "20000"], "--rate must be a number of Hz from 0.001 to 10000.0"),
            ([spec, "--speed", "0"], "--speed must be a number from 0.01 to 100.0, got 0.0"),
            ([spec, "--port", "70000"], "--port must be from 0 to 65535"),
            ([spec, "--host", ""], "--host must be an address"),
            (
                [spec, "--allow-origin", "evil.example"],
                "--allow-origin must be an origin such as http://localhost:5173"
            ),
            ([spec, "--token", "two words"], "--token may hold only A-Z a-z 0-9 - . _ ~"),
            ([spec, "--max-connections", "0"], "--max-connections must be a whole number ≥ 1, got '0'"),
            ([spec, "--max-connections", "-3"], "--max-connections must be a whole number ≥ 1, got '-3'"),
            ([spec, "--max-connections", "lots"], "--max-connections must be a whole number ≥ 1, got 'lots'"),
            (
                [spec, "--max-connections-per-peer", "1.5"],
                "--max-connections-per-peer must be a whole number ≥ 1, got '1.5'"
            ),
            (
                [spec, "--max-connections-per-peer", "0"],
                "--max-connections-per-peer must be a whole number ≥ 1, got '0'"
            ),
            ([spec, "--loop"], "--loop is for point files; a spec plays endlessly"),
            (["Examples/specs/sine.json", "--rate", "1"], "Nyquist"),
            ([spec, "--bogus"], "Unknown option '--bogus'"),
            ([spec, "--epoch", "yesterday"], "--epoch must be Unix seconds or an ISO 8601 time with a zone"),
            ([spec, "--epoch", "2999-01-01T00:00:00Z"], "s in the future"),
            ([spec, "--epoch", "-1"], "--epoch must be a Unix time in seconds (≥ 0), got -1.0"),
            ([spec, "--epoch", "nan"], "--epoch must be Unix seconds or an ISO 8601 time"),
            (["Examples/points/walk.csv", "--epoch", "0"], "a point file plays on its own timestamps"),
            ([spec, "--write-window", "51"], "--write-window must be a number of milliseconds from 0 to 50, got 51.0"),
            ([spec, "--write-window", "-1"], "--write-window must be a number of milliseconds from 0 to 50, got -1.0"),
            ([spec, "--write-window", "nan"], "--write-window must be a number of milliseconds from 0 to 50"),
            ([], "Missing expected argument '<input>'"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let r = try Executables.runFailing("signals", ["serve"] + arguments)
        #expect(r.stderr.contains("error: "), "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.text.isEmpty)
    }

    @Test(
        "a bad token from SIGNALS_SERVE_TOKEN is refused naming the variable, not --token",
        arguments: ["two words", String(repeating: "a", count: 300)])
    func badEnvironmentToken(token: String) throws {
        let server = try Server([Self.spec, "--port", "0"], environment: ["SIGNALS_SERVE_TOKEN": token])
        #expect(server.firstLine == "", "it served: \(server.firstLine)")
        let stopped = server.stop()
        #expect(stopped.status == 2)
        #expect(stopped.stderr.hasPrefix("error: the environment variable SIGNALS_SERVE_TOKEN "), "\(stopped.stderr)")
        #expect(!stopped.stderr.contains("--token"), "\(stopped.stderr)")
    }

    @Test("a motion preset that aliases at --rate is named at its path, with no flag serve does not have")
    func presetAliasing() throws {
        let spec = try Executables.temporaryFile(
            "walk.json", contents: #"{"motion": {"preset": "walking", "cadence": 80}}"#)
        let r = try Executables.runFailing("signals", ["serve", spec.path, "--rate", "100"])
        #expect(
            r.stderr.contains(
                "\(spec.path): $.motion: the 'walking' motion preset with cadence 80 makes a signal that cannot be rendered here"
            ), "\(r.stderr)")
        #expect(!r.stderr.contains("allow"), "\(r.stderr)")
    }

    @Test("a port in use: exit 1 saying so")
    func portInUse() throws {
        let first = try Server([Self.spec, "--port", "0"])
        let second = try Executables.runFailing("signals", ["serve", Self.spec, "--port", "\(first.port)"], status: 1)
        #expect(
            second.stderr.contains("error: cannot serve on http://127.0.0.1:\(first.port): Address already in use\n"),
            "\(second.stderr)")
        #expect(first.stop().status == 0)
    }

    @Test("without signals-serve beside it, signals serve says how to build it")
    func missingSibling() throws {
        let dir = try Executables.temporaryFolder("serve-alone")
        defer { try? FileManager.default.removeItem(at: dir) }
        let alone = dir.appendingPathComponent("signals")
        let original = try Executables.url("signals")
        do {
            try FileManager.default.linkItem(at: original, to: alone)
        } catch {
            try FileManager.default.copyItem(at: original, to: alone)
        }
        let process = Process()
        process.executableURL = alone
        process.arguments = ["serve", Self.spec]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(text.contains("signals serve needs the server, which is not built yet"), "\(text)")
        #expect(
            text.contains("run `swift build --product signals-serve` once, then run signals serve again"), "\(text)")
    }
}
