import ArgumentParser
import Foundation
import Playback
import Signals
import Specs

/// A user-facing error of the CLI (bad file, bad flag value): printed as `error: message`, exit 2.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }

    /// Prints `error: message` on stderr and exits with status 2 (bad input).
    static func fail(_ message: String) -> Never {
        StandardStreams.error("error: \(message)\n")
        exit(2)
    }
}

/// Loads a JSON spec from a file (or `-`), read once, naming the file in any error: a signal spec or a
/// motion spec (`{"motion": ...}`, nine channels).
func loadSpec(_ path: String) throws -> AnySignal {
    try loadSpec(openInput(path, spoolLimit: SpecDocument.sizeLimit))
}

/// Decodes the signal spec an opened input holds (see ``SpecDocument``).
func loadSpec(_ input: InputSource) throws -> AnySignal {
    let document: SpecDocument
    do {
        document = try SpecDocument.load(input)
    } catch {
        throw CLIError(error.message)
    }
    guard let signal = document.signal else {
        throw CLIError("\(input.name): this is a route, not a signal; signals render, play and plot take routes")
    }
    return signal
}

/// Opens an input once (see ``InputSource``), turning its error into a ``CLIError``.
func openInput(_ path: String, spoolLimit: Int = InputSource.defaultSpoolLimit) throws -> InputSource {
    do {
        return try InputSource.open(path, spoolLimit: spoolLimit)
    } catch {
        throw CLIError(error.description)
    }
}

/// The options every rendering subcommand shares. Numbers are parsed unconditionally, so that
/// `--rate -1000` reaches the range check ("must be ... from 1e-06 to ...") instead of being read as a flag.
struct RenderTiming: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "Sample rate in Hz (samples per second); required for a signal, 1 Hz by default for a route.")
    var rate: Double?

    @Option(name: .long, parsing: .unconditional, help: "Duration in seconds; round(rate · duration) frames are rendered. Required for a signal; a route's by default (one pass).")
    var duration: Double?

    @Option(name: .long, parsing: .unconditional, help: "Time of the first frame in seconds; rendering starts at sample index round(start · rate).")
    var start: Double = 0

    @Flag(name: .long, help: "Accept frequencies at or above Nyquist (rate / 2); they alias.")
    var allowAliasing = false

    /// The validated request.
    /// - Throws: ``CLIError`` when `--rate` or `--duration` is missing, ``SignalError`` for a bad value.
    func request() throws -> RenderRequest {
        guard let rate else { throw CLIError("missing --rate <Hz>: the sample rate of a signal spec") }
        guard let duration else { throw CLIError("missing --duration <seconds>: how long to render a signal spec") }
        return try RenderRequest(sampleRate: rate, duration: duration, start: start)
    }

    /// Render options from the flags.
    var options: RenderOptions { RenderOptions(allowAliasing: allowAliasing) }

    /// The validated request, with `signal` checked at its rate: every problem is reported before any
    /// output, naming the input (`FILE: $.motion.gravity.axes.z.sine.frequency: ...`).
    /// - Parameters:
    ///   - signal: The loaded spec.
    ///   - name: The input's name, as given on the command line (`-` is standard input).
    func validated(_ signal: AnySignal, name: String) throws -> RenderRequest {
        let request = try self.request()
        do {
            try signal.validate(sampleRate: request.sampleRate, allowAliasing: allowAliasing)
        } catch {
            throw CLIError("\(name == "-" ? "standard input" : name): \(error.description)")
        }
        return request
    }
}
