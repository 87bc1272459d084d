import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `signals serve`: runs the `signals-serve` executable that sits next to `signals`, with the same
/// arguments. The server lives in its own executable so that `signals` (and `make demo`) never build or
/// link SwiftNIO and Hummingbird.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a spec or a point file live over HTTP, Server-Sent Events and WebSocket, with a web console.",
        discussion: """
            Runs signals-serve (built next to signals by `swift build` or `make`) with
            the same arguments; `signals serve --help` prints its options.
            Example: signals serve Examples/specs/shake-motion.json --port 8080
            """
    )

    @Argument(
        parsing: .captureForPassthrough,
        help: "SPEC|POINTS [--host 127.0.0.1] [--port 8080] [--rate 100] [--speed 1] [--loop]")
    var arguments: [String] = []

    func run() throws {
        try ServeLauncher.exec(arguments)
    }
}

/// Finds `signals-serve` beside the running executable and replaces this process with it.
enum ServeLauncher {
    static let name = "signals-serve"

    /// The real path of the running executable (symbolic links resolved), if the system tells.
    static func executablePath() -> String? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        guard let path = Bundle.main.executablePath ?? CommandLine.arguments.first else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Where `signals-serve` should be: beside this executable.
    static func siblingPath() throws -> String {
        guard let me = executablePath() else {
            throw CLIError(
                "signals serve: cannot tell where the signals executable is, so cannot find \(name) beside it; run \(name) directly"
            )
        }
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// What to run when the server is not built beside `signals` (`swift run signals serve` on a fresh
    /// clone builds `signals` alone): the one command that builds it, for the configuration `signals`
    /// was built in.
    static func missingMessage(_ path: String) -> String {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let release = directory.hasSuffix("/release") ? " -c release" : ""
        return
            "signals serve needs the server, which is not built yet (\(path) is missing): run `swift build\(release) --product \(name)` once, then run signals serve again"
    }

    /// Replaces this process with `signals-serve arguments...`; returns only by throwing.
    /// - Throws: ``CLIError`` when the executable is missing (saying how to build it) or cannot be run.
    static func exec(_ arguments: [String]) throws -> Never {
        let path = try siblingPath()
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CLIError(missingMessage(path))
        }
        let argv = [path] + arguments
        var cArguments = argv.map { strdup($0) }
        cArguments.append(nil)
        execv(path, cArguments)
        let reason = String(cString: strerror(errno))
        throw CLIError("signals serve: cannot run \(path): \(reason)")
    }
}
