import Foundation
import Navigation
import SignalRunnerTesting
import Testing

/// Runs `Examples/AppIntegration` (built by `swift build --build-tests`, next to the test bundle) the
/// three ways an app is fed: a spec, files, and a live server started here.
@Suite(.serialized, .timeLimit(.minutes(2))) struct AppIntegrationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func executable() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for dir in candidates {
            let url = dir.appendingPathComponent("AppIntegration")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw TestingError.failure(
            "AppIntegration not found next to the test bundle; build it first (swift build --build-tests; make test does)"
        )
    }

    /// Starts the example; `finish()` waits for it and returns its status and output.
    final class Child: @unchecked Sendable {
        let process = Process()
        let out = Pipe(), err = Pipe()
        /// Ends when the process has exited (its `terminationHandler`: an event, not a poll).
        private let exited: AsyncStream<Void>

        init(_ arguments: [String]) throws {
            let (exited, exit) = AsyncStream<Void>.makeStream()
            self.exited = exited
            process.terminationHandler = { _ in exit.finish() }
            process.executableURL = try AppIntegrationTests.executable()
            process.arguments = arguments
            process.currentDirectoryURL = AppIntegrationTests.packageRoot
            process.standardOutput = out
            process.standardError = err
            try process.run()
        }

        func finish() async throws -> (status: Int32, output: String, errors: String) {
            let output = try out.fileHandleForReading.readToEnd() ?? Data()
            let errors = try err.fileHandleForReading.readToEnd() ?? Data()
            for await _ in exited {}  // the test's time limit bounds it
            return (
                process.terminationStatus, String(decoding: output, as: UTF8.self),
                String(decoding: errors, as: UTF8.self)
            )
        }
    }

    @Test("against a spec: 18 steps in 10 s at 1.8 Hz, and 14 m walked in 10 s at 1.4 m/s")
    func spec() async throws {
        let r = try await Child(["spec"]).finish()
        #expect(r.status == 0, "\(r.errors)")
        #expect(r.output == "spec: 18 steps, 14.0 m in 10.00 s of motion\n", "\(r.output)\(r.errors)")
    }

    @Test("against files: a recorded walk (CSV) and a GPX track")
    func files() async throws {
        let r = try await Child(["file"]).finish()
        #expect(r.status == 0, "\(r.errors)")
        // walk.csv: 2 s of a recorded walk at 50 Hz (its vertical acceleration peaks at ±0.12 g);
        // the GPX track moves 1.4 m/s for 10 s.
        #expect(r.output == "file: 4 steps, 14.0 m in 1.98 s of motion\n", "\(r.output)\(r.errors)")
    }

    @Test(
        "against a live server: a walk spec (motion and route) served at 100 Hz, over SSE and over the WebSocket",
        arguments: ["http", "ws"])
    func server(scheme: String) async throws {
        let walk =
            #"{"motion": {"userAcceleration": {"axes": {"z": {"sine": {"amplitude": 0.3, "frequency": 1.8}}}}, "gravity": {"axes": {"y": {"constant": {"value": -1}}}}}, "route": {"speed": 1.4, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5020, "longitude": -0.1246}]}}"#
        // 11 s of timeline made faster than real time: a 30 s buffer keeps every point for a child behind.
        let server = try TestServer(spec: walk, rate: 100, replaySeconds: 30)
        try await server.start()
        let child = try Child(["server", server.url(scheme).absoluteString, "10"])
        // The child's streams are in another process: the server's client count is all the test can see.
        try await pollUntil("the example's two streams") { server.clients(scheme) == 2 }
        for _ in 0..<110 { try await server.advance(points: 10) }  // 11 s of timeline
        let r = try await child.finish()
        try await server.shutdown()
        #expect(r.status == 0, "\(r.errors)")
        #expect(r.output == "server: 18 steps, 14.0 m in 10.00 s of motion\n", "\(r.output)\(r.errors)")
    }

    static let walkSpec = packageRoot.appendingPathComponent("Examples/trajectories/walk.json")

    /// The running app's line for the walk at `seconds`, from the truth: the pedometer's last update at or
    /// before then (a step change, checked every 0.25 s), the heading of the sample at then.
    static func expectedRun(seconds: Double) throws -> String {
        let walk = try Trajectory(json: Data(contentsOf: walkSpec), baseDirectory: walkSpec.deletingLastPathComponent())
        let ticks = try (0...Int(seconds * 4)).map { try walk.points(first: $0 * 25, count: 1, rate: 100)[0] }
        // Updates: each tick whose step count differs from the previous update's.
        var updates: [(point: TrajectoryPoint, pace: Double?)] = []
        var lastSteps: Int?
        for (k, p) in ticks.enumerated() where p.steps != lastSteps {
            lastSteps = p.steps
            let step = k > 0 ? p.distance - ticks[k - 1].distance : 0
            updates.append((p, step > 0 ? 0.25 / step * 1000 : nil))
        }
        let last = try #require(updates.last)
        let heading = try walk.points(first: Int(seconds * 100), count: 1, rate: 100)[0].trueHeading
        let pace = last.pace.map { String(format: "%d:%02d /km", Int($0) / 60, Int($0) % 60) } ?? "standing"
        return
            "\(last.point.steps) steps, \(String(format: "%.1f", last.point.distance)) m, pace \(pace), \(last.point.floorsAscended) floors up, heading \(String(format: "%.0f°", heading)) at \(String(format: "%.2f", last.point.timestamp)) s\n"
    }

    @Test(
        "the running app against the walk trajectory in process: steps, distance, pace, floors and heading of the truth"
    )
    func runInProcess() async throws {
        let r = try await Child(["run", "60"]).finish()
        #expect(r.status == 0, "\(r.errors)")
        #expect(r.output == "run: " + (try Self.expectedRun(seconds: 60)), "\(r.output)\(r.errors)")
        // The failing case: the truth ten seconds earlier is another line.
        #expect(r.output != "run: " + (try Self.expectedRun(seconds: 50)))
    }

    @Test(
        "the running app against the walk's render directory: the same steps, floors and heading; distance integrated")
    func runFromFiles() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let signals = try Self.executable().deletingLastPathComponent().appendingPathComponent("signals")
        let render = Process()
        render.executableURL = signals
        render.arguments = [
            "render", Self.walkSpec.path, "--rate", "100", "--duration", "70", "--output-dir", dir.path,
        ]
        render.standardOutput = FileHandle.nullDevice
        try render.run()
        render.waitUntilExit()
        try #require(render.terminationStatus == 0)
        let r = try await Child(["run-file", dir.path, "60"]).finish()
        #expect(r.status == 0, "\(r.errors)")
        let expected = try Self.expectedRun(seconds: 60)
        // Everything but the distance (integrated from the truth's velocity, within 0.2 m) is the truth's.
        func fields(_ line: String) -> [Substring] { line.split(separator: ",") }
        let got = fields(String(r.output.dropFirst("run-file: ".count)))
        let want = fields(expected)
        try #require(got.count == want.count, "\(r.output)")
        // The child's standard error too: a run that fails once on a loaded machine says why.
        #expect(
            got[0] == want[0] && got[3] == want[3] && got[4] == want[4], "\(r.output) vs \(expected); \(r.errors)")
        let metres = { (s: Substring) in Double(s.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) ?? .nan
        }
        #expect(abs(metres(got[1]) - metres(want[1])) <= 0.2, "\(r.output) vs \(expected)")
    }

    @Test("the running app against a live server playing the walk trajectory: the in-process line")
    func runFromServer() async throws {
        let spec = try String(contentsOf: Self.walkSpec, encoding: .utf8)
        let server = try TestServer(spec: spec, rate: 100, replaySeconds: 70)
        try await server.start()
        let child = try Child(["run-server", server.url("http").absoluteString, "60"])
        // Three streams: the fixes, the headings and the pedometer.
        try await pollUntil("the example's three streams") { server.clients("http") == 3 }
        for _ in 0..<61 { try await server.advance(points: 100) }  // 61 s of timeline
        let r = try await child.finish()
        try await server.shutdown()
        #expect(r.status == 0, "\(r.errors)")
        #expect(r.output == "run-server: " + (try Self.expectedRun(seconds: 60)), "\(r.output)\(r.errors)")
    }

    @Test("bad arguments: a usage message and exit status 2, no crash")
    func usage() async throws {
        for args in [
            ["walk"], ["server"], ["server", "http://127.0.0.1:1", "-3"], ["run-file"], ["run", "-1"], ["run-server"],
        ] {
            let r = try await Child(args).finish()
            #expect(r.status == 2, "\(args): \(r.errors)")
            #expect(r.errors.contains("usage") || r.errors.contains("SECONDS"), "\(args): \(r.errors)")
        }
    }
}
