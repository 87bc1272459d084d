import Foundation
import Testing

/// Runs `Examples/AppIntegration` (built by `swift build --build-tests`, next to the test bundle) the
/// three ways an app is fed: a spec, files, and a live server started here.
@Suite(.serialized, .timeLimit(.minutes(2))) struct AppIntegrationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func executable() throws -> URL {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for dir in candidates {
            let url = dir.appendingPathComponent("AppIntegration")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw TestFailure("AppIntegration not found next to the test bundle; build it first (swift build --build-tests; make test does)")
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
            for await _ in exited {}                                    // the test's time limit bounds it
            return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
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

    @Test("against a live server: a walk spec (motion and route) served at 100 Hz, over SSE and over the WebSocket",
          arguments: ["http", "ws"])
    func server(scheme: String) async throws {
        let walk = #"{"motion": {"userAcceleration": {"axes": {"z": {"sine": {"amplitude": 0.3, "frequency": 1.8}}}}, "gravity": {"axes": {"y": {"constant": {"value": -1}}}}}, "route": {"speed": 1.4, "waypoints": [{"latitude": 51.5007, "longitude": -0.1246}, {"latitude": 51.5020, "longitude": -0.1246}]}}"#
        // 11 s of timeline made faster than real time: a 30 s buffer keeps every point for a child behind.
        let server = try TestServer(spec: walk, rate: 100, replaySeconds: 30)
        try await server.start()
        let child = try Child(["server", server.url(scheme).absoluteString, "10"])
        // The child's streams are in another process: the server's client count is all the test can see.
        try await pollUntil("the example's two streams") { server.clients(scheme) == 2 }
        for _ in 0 ..< 110 { await server.advance(points: 10) }     // 11 s of timeline
        let r = try await child.finish()
        try await server.shutdown()
        #expect(r.status == 0, "\(r.errors)")
        #expect(r.output == "server: 18 steps, 14.0 m in 10.00 s of motion\n", "\(r.output)\(r.errors)")
    }

    @Test("bad arguments: a usage message and exit status 2, no crash")
    func usage() async throws {
        for args in [["walk"], ["server"], ["server", "http://127.0.0.1:1", "-3"]] {
            let r = try await Child(args).finish()
            #expect(r.status == 2, "\(args): \(r.errors)")
            #expect(r.errors.contains("usage") || r.errors.contains("SECONDS"), "\(args): \(r.errors)")
        }
    }
}
