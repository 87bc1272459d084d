import ArgumentParser
import CommandSupport
import Foundation
import LiveServer
import NIOCore
import Signals

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `signals-serve` (run as `signals serve`): plays a spec or a point file in real time on one shared
/// timeline and serves it over HTTP, Server-Sent Events and WebSocket, with a web console at `/`.
@main
struct SignalsServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signals serve",
        abstract:
            "Serve a JSON signal spec or a point file live over HTTP, Server-Sent Events and WebSocket, with a web console.",
        discussion: """
            One timeline plays in real time; every client sees the same points. Standard
            output has a line `listening on http://HOST:PORT` for each address (with
            --port 0, the port picked): by default http://127.0.0.1:PORT first, then
            http://[::1]:PORT. Open one in a browser for the console. SIGINT or SIGTERM
            ends every stream, closes every connection (one whose client stopped reading
            is cut off after 1 s) and exits 0 within 2 s. A connection that has not sent
            a whole request header within 10 s is closed; a malformed request is
            answered with a 4xx and closed. At most 128 connections may wait without
            having sent a request header: one more closes the oldest of them.
            --max-connections (4096) and --max-connections-per-peer (1024, per client IP
            address) bound the connections open; one over them is answered 503 with
            Retry-After: 1.
            Endpoints: GET /data, POST /update, GET /v1/point, GET /v1/stream (SSE,
            ?rate=, Last-Event-ID), GET /v1/ws (WebSocket, ?rate=, ?ids=, ?after=),
            GET|PUT /v1/spec, POST /v1/control, GET /v1/status.
            Safe on a developer's machine: a request whose Host is not this server's is
            refused (421); a change (POST, PUT) or a WebSocket from another web site's
            page is refused (403) unless --allow-origin names it; a change's body must
            be sent as Content-Type: application/json (415). With --token, changes and
            WebSockets must send Authorization: Bearer TOKEN (401); open the console at
            /?token=TOKEN.
            Example: signals serve Examples/specs/shake-motion.json --rate 100
            """
    )

    @Argument(
        help:
            "A JSON spec (any spec signals render accepts) or a point file (.json, .jsonl, .csv); - for standard input."
    )
    var input: String

    @Option(
        name: .long,
        help:
            "Address to bind: by default both loopbacks, 127.0.0.1 and ::1 (localhost); an address given binds that alone (::1 or [::1] for IPv6); 0.0.0.0 or :: serves every interface (prints a warning, and changes then need a token: one is generated without --token)."
    )
    var host: String?

    @Option(
        name: .customLong("allow-origin"),
        help: ArgumentHelp(
            "An origin (scheme://host[:port]) whose web pages may change the feed and open WebSockets, beside the server's own; repeatable.",
            valueName: "origin"))
    var allowOrigin: [String] = []

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "A secret that changes and WebSocket upgrades must carry as Authorization: Bearer TOKEN (a WebSocket may use ?token=TOKEN; the console takes it from its address, /?token=TOKEN); 1 to 256 of A-Z a-z 0-9 - . _ ~. 'generate' makes a random one and prints it. Default: the environment's \(SignalsServeCommand.tokenVariable), else none.",
            valueName: "token"))
    var token: String?

    @Option(name: .long, parsing: .unconditional, help: "TCP port; 0 picks a free one (printed on the first line).")
    var port = 8080

    @Option(
        name: .customLong("max-connections"), parsing: .unconditional,
        help: ArgumentHelp(
            "The most connections open at once, every client together, a whole number ≥ 1 (default \(LiveServerConfiguration().maxConnections)). One more is answered 503 Service Unavailable with Retry-After: 1 and the reason, then closed.",
            valueName: "n"))
    var maxConnections: String?

    @Option(
        name: .customLong("max-connections-per-peer"), parsing: .unconditional,
        help: ArgumentHelp(
            "The most connections open at once from one client IP address (whatever its ports), a whole number ≥ 1 (default \(LiveServerConfiguration().maxConnectionsPerPeer)). One more is answered 503 as over --max-connections.",
            valueName: "n"))
    var maxConnectionsPerPeer: String?

    @Option(name: .long, parsing: .unconditional, help: "Points per second of a spec (Hz), 0.001 to 10000.")
    var rate: Double = 100

    @Option(name: .long, parsing: .unconditional, help: "Playback speed, 0.01 to 100: 2 plays twice as fast.")
    var speed: Double = 1

    @Option(
        name: .customLong("write-window"), parsing: .unconditional,
        help: ArgumentHelp(
            "Milliseconds, 0 to 50: points due within this window share one write to a streaming client, so each point reaches a client at most this late and a client costs one write per window (0: a write per point).",
            valueName: "ms"))
    var writeWindow: Double = 3

    @Flag(name: .long, help: "Play a point file again and again (a spec plays endlessly anyway).")
    var loop = false

    @Option(
        name: .long, parsing: .unconditional,
        help:
            "Pin a spec's timeline to the wall clock: index 0 at this instant (Unix seconds, or ISO 8601 such as 2026-11-23T09:00:00Z). A server restarted with the same --epoch continues the same timeline, its replay buffer already filled, so clients resume with Last-Event-ID without losing a point."
    )
    var epoch: String?

    @Flag(name: .long, help: .hidden)
    var printOrigin = false

    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        raiseDescriptorLimit()
        await parseAndRun(
            described: { ($0 as? SignalError)?.description ?? ($0 as? LiveServerError)?.description },
            fail: { fail($0, status: 2) })
    }

    /// Reads `--epoch`: Unix seconds, or an ISO 8601 date and time with a zone (fractional seconds allowed).
    /// - Throws: `SignalError` (`invalidArgument`) naming the value.
    static func unixTime(_ text: String) throws(SignalError) -> Double {
        if let seconds = Double(text), seconds.isFinite { return seconds }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        throw SignalError(
            .invalidArgument,
            "--epoch must be Unix seconds or an ISO 8601 time with a zone, such as 2026-11-23T09:00:00Z; got '\(SignalError.quoted(text, limit: 61))'"
        )
    }

    /// Raises the soft limit on open descriptors to the hard limit: every client is a descriptor, and the
    /// usual soft limit, 1024 (256 on macOS), would refuse a fleet's 1000th before `--max-connections`
    /// does. Left as it is when it cannot be raised.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource: Int32 = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        #if canImport(Darwin)
        limit.rlim_cur = min(limit.rlim_max, rlim_t(OPEN_MAX))  // Darwin refuses more than OPEN_MAX
        #else
        limit.rlim_cur = limit.rlim_max
        #endif
        _ = setrlimit(resource, &limit)
    }

    /// Reads `--write-window`.
    /// - Throws: `SignalError` (`invalidArgument`) for a value that is not 0 to 50 ms.
    static func writeWindow(milliseconds: Double) throws(SignalError) -> Duration {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= 50 else {
            throw SignalError(
                .invalidArgument, "--write-window must be a number of milliseconds from 0 to 50, got \(milliseconds)")
        }
        return .nanoseconds(Int64((milliseconds * 1e6).rounded()))
    }

    /// Reads a count flag (`--max-connections N`): a whole number ≥ 1.
    /// - Parameters:
    ///   - text: The flag's value.
    ///   - flag: The flag, for the message (`--max-connections`).
    /// - Throws: `SignalError` (`invalidArgument`) naming the flag and the value.
    static func count(_ text: String, flag: String) throws(SignalError) -> Int {
        guard let count = Int(text), count >= 1 else {
            throw SignalError(
                .invalidArgument, "\(flag) must be a whole number ≥ 1, got '\(SignalError.quoted(text, limit: 40))'")
        }
        return count
    }

    /// The environment variable read for the token when `--token` is not given.
    static let tokenVariable = "SIGNALS_SERVE_TOKEN"

    /// Where the token came from, which says what to print about it.
    enum TokenOrigin: Equatable {
        /// No token.
        case none
        /// `--token TOKEN` or the environment: the user knows it; it is never printed.
        case given
        /// `--token generate`, or a wildcard host without a token: printed once, since nobody else knows it.
        case generated
    }

    /// The token to serve with and where it came from: `--token`, else `SIGNALS_SERVE_TOKEN` (empty counts
    /// as absent); `generate` from either makes a random one, and so does a host that binds every
    /// interface without one.
    /// - Parameters:
    ///   - flag: `--token`, if given.
    ///   - environment: The process's environment.
    ///   - everyInterface: Whether the host binds every interface.
    static func token(
        flag: String?, environment: [String: String], everyInterface: Bool
    ) -> (token: String?, source: TokenOrigin) {
        let given = flag ?? environment[tokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        if given == "generate" || (given == nil && everyInterface) {
            return (LiveServerConfiguration.generateToken(), .generated)
        }
        return (given, given == nil ? .none : .given)
    }

    /// The line printed once at start when a token is required (`nil` when none is), after `listening on`.
    /// - Parameters:
    ///   - url: `http://HOST:PORT` of the server.
    ///   - token: The token.
    ///   - source: Where it came from: a generated token is printed, a given one never is.
    static func tokenLine(url: String, token: String?, source: TokenOrigin) -> String? {
        guard let token else { return nil }
        switch source {
        case .none: return nil
        case .given:
            return
                "token required: changes and WebSockets must send Authorization: Bearer TOKEN (the token you gave); open the console at \(url)/?token=TOKEN"
        case .generated:
            return
                "token required: changes and WebSockets must send Authorization: Bearer \(token); open the console at \(url)/?token=\(token)"
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Foundation.exit(status)
    }

    func run() async throws {
        var unchecked = LiveServerConfiguration(
            host: host ?? LiveServerConfiguration.bothLoopbacks, port: port,
            feed: FeedOptions(
                sampleRate: rate, speed: speed, loop: loop, epoch: try epoch.map(Self.unixTime),
                writeWindow: try Self.writeWindow(milliseconds: writeWindow)),
            allowedOrigins: allowOrigin
        )
        let (token, tokenSource) = Self.token(
            flag: token, environment: ProcessInfo.processInfo.environment,
            everyInterface: unchecked.bindsEveryInterface)
        unchecked.token = token
        // A token from the environment is checked under its own name (the configuration's check names --token).
        if self.token == nil, tokenSource == .given, let token {
            try LiveServerConfiguration.checkToken(token, from: "the environment variable \(Self.tokenVariable)")
        }
        if let maxConnections { unchecked.maxConnections = try Self.count(maxConnections, flag: "--max-connections") }
        if let maxConnectionsPerPeer {
            unchecked.maxConnectionsPerPeer = try Self.count(maxConnectionsPerPeer, flag: "--max-connections-per-peer")
        }
        let configuration = try unchecked.validated()
        let source = try LiveSource.load(input, options: configuration.feed)
        let feed = try LiveFeed(source: source, options: configuration.feed)
        if configuration.isExposed {
            let reach =
                configuration.bindsEveryInterface
                ? "serves every network interface this machine has"
                : "is not a loopback address: other machines can reach it"
            let change =
                configuration.requiresToken
                ? "changing it needs the token"
                : "anyone who can reach it can change it too (start it with --token to prevent that)"
            FileHandle.standardError.write(
                Data(
                    "warning: --host \(configuration.host) \(reach): anyone who can reach it can read the feed, and \(change). Leave --host out to keep it on this machine.\n"
                        .utf8))
        }
        let printOrigin = self.printOrigin
        let app = buildApplication(feed: feed, configuration: configuration) { listening in
            for note in listening.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
            FileHandle.standardOutput.write(Data(listening.urls.map { "listening on \($0)\n" }.joined().utf8))
            if let line = Self.tokenLine(
                url: listening.urls.first ?? configuration.url(port: listening.port), token: configuration.token,
                source: tokenSource)
            {
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
            if printOrigin {
                // For the bench: when timeline time 0 is due on CLOCK_MONOTONIC (a point is due at origin + t / speed).
                while feed.monotonicOrigin == nil, !feed.isClosed { try? await Task.sleep(for: .milliseconds(1)) }
                if let origin = feed.monotonicOrigin {
                    FileHandle.standardError.write(Data("origin-ns \(origin)\n".utf8))
                }
            }
        }
        do {
            try await app.runService()
        } catch let error as LiveServerError where error.code == .bindFailed {
            feed.close()
            SignalsServeCommand.fail(error.message, status: 1)
        } catch {
            feed.close()
            // A system call's failure (the port in use, no permission for a low port) in the system's words;
            // anything else (a name that does not resolve) without the framework's type names.
            let reason =
                (error as? IOError).map { String(cString: strerror($0.errnoCode)) }
                ?? "'\(configuration.host)' is not an address of this machine"
            SignalsServeCommand.fail("cannot serve on \(configuration.url(port: port)): \(reason)", status: 1)
        }
    }
}
