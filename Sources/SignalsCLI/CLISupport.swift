import ArgumentParser
import Formats
import Foundation
import InternalUtilities
import Playback
import Sensors
import Signals
import Specs

/// A user-facing error of the CLI (bad file, bad flag value): printed as `error: message`, exit 2.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }

    /// Prints `error: message` on stderr and exits with status 2 (bad input).
    static func fail(_ message: String) -> Never {
        ProcessOutput.error("error: \(message)\n")
        exit(2)
    }
}

/// Loads a JSON spec from a file (or `-`), read once, naming the file in any error: a signal spec or a
/// motion spec (`{"motion": ...}`, nine channels).
func loadSpec(_ path: String) throws -> AnySignal {
    try loadSpec(openInput(path, spoolLimit: SpecDocument.sizeLimit))
}

/// Decodes the signal spec an opened input holds (see `SpecDocument`).
func loadSpec(_ input: NamedInput) throws -> AnySignal {
    let document = try loadDocument(input, routeSpeed: nil)
    switch document {
    case .signal(let signal):
        return signal
    case .imu:
        throw CLIError(
            "\(input.name): this is an IMU spec (six sensor channels with noise), not a signal spec; `signals render` and `signals allan` take it"
        )
    case .route, .motionAndRoute:
        throw CLIError("\(input.name): this is a route, not a signal; signals render, play and plot take routes")
    case .trajectory:
        throw CLIError(
            "\(input.name): this is a trajectory, not a signal; signals render, play and plot take trajectories")
    }
}

/// The CSV column names of a render: `value`, `x,y,z`, the motion columns of a point file (plus
/// `attitude.w,x,y,z` with an attitude), the IMU's `accelerometer.x,…,gyroscope.z`, or `c0,c1,…`.
func columnNames(_ signal: AnySignal) -> [String] {
    if case .motion(let m) = signal.node { return motionColumnNames(m) }
    return MotionColumns.channelNames(count: signal.channelCount)
}

/// `userAcceleration.x, …, rotationRate.z`, and `attitude.w,x,y,z` when the motion has an attitude.
func motionColumnNames(_ motion: MotionNode) -> [String] {
    MotionColumns.names(attitude: motion.attitude != nil)
}

/// Opens an input once (see `NamedInput`), turning its error into a ``CLIError``.
func openInput(_ path: String, spoolLimit: Int = NamedInput.defaultSpoolLimit) throws -> NamedInput {
    do {
        return try NamedInput.open(path, spoolLimit: spoolLimit)
    } catch {
        throw CLIError(error.description)
    }
}

/// The options every rendering subcommand shares. Numbers are parsed unconditionally, so that
/// `--rate -1000` reaches the range check ("must be ... from 1e-06 to ...") instead of being read as a flag.
struct RenderTiming: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: "Sample rate in Hz (samples per second); required for a signal, 1 Hz by default for a route.")
    var rate: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help:
            "Duration in seconds; round(rate · duration) frames are rendered. Required for a signal; a route's by default (one pass)."
    )
    var duration: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: "Time of the first frame in seconds; rendering starts at sample index round(start · rate).")
    var start: Double = 0

    @Flag(name: .long, help: "Accept frequencies at or above Nyquist (rate / 2); they alias.")
    var allowAliasing = false

    /// The validated request.
    /// - Throws: ``CLIError`` when `--rate` or `--duration` is missing, `SignalError` for a bad value.
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
    func validated<S: Signal>(_ signal: S, name: String) throws -> RenderRequest {
        let request = try self.request()
        do {
            try signal.validate(sampleRate: request.sampleRate, allowAliasing: allowAliasing)
        } catch {
            throw CLIError(
                "\(name == "-" ? "standard input" : name): \(error.locatedAtPreset(inSpec: name).offeringAllowAliasing.description)"
            )
        }
        return request
    }
}

extension SignalError {
    /// This error moved from inside a motion preset's expansion to the preset the spec file `name` holds
    /// (see `SpecDocument.locatedAtPreset(_:in:)`); as it is for standard input, which cannot be read again.
    func locatedAtPreset(inSpec name: String) -> SignalError {
        guard name != "-", name != "standard input",
            let input = try? NamedInput.open(name, spoolLimit: SpecDocument.sizeLimit),
            let data = try? input.data(limit: SpecDocument.sizeLimit), let spec = try? JSONValue.parse(data)
        else { return self }
        return SpecDocument.locatedAtPreset(self, in: spec)
    }

    /// This error, with an aliasing refusal's way out in this CLI added (`--allow-aliasing`): for the
    /// commands that have the flag (render, verify, plot, allan), not for those that do not (dataset, play).
    var offeringAllowAliasing: SignalError {
        guard code == .aliasing else { return self }
        var copy = self
        copy.message += " (or pass --allow-aliasing to render it anyway)"
        return copy
    }
}

/// An integrated attitude steps from sample 0 the first time a render starts late (about 40 ns a
/// step): refuse starts that would take more than a few seconds before the first sample.
func checkIntegratedStart<S: Signal>(_ signal: S, _ request: RenderRequest) throws {
    var motion: MotionNode?
    if let any = signal as? AnySignal, case .motion(let m) = any.node { motion = m }
    if let imu = signal as? IMU { motion = imu.motion }
    if case .integrated? = motion?.attitude, request.startIndex > 1 << 27 {
        throw CLIError(
            "--start reaches sample \(request.startIndex), but an attitude integrated from rotation rates must be stepped from sample 0 first (about 40 ns a sample); start at most at sample 2^27 (\(Double(1 << 27) / request.sampleRate) s at this rate)"
        )
    }
}
