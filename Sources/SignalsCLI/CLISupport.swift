import ArgumentParser
import Foundation
import Playback
import Signals

/// A user-facing error of the CLI (bad file, bad flag value): printed as `error: message`, exit 2.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }

    /// Prints `error: message` on stderr and exits with status 2 (bad input).
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(2)
    }
}

/// Reads a whole file (or standard input for `-`).
func readInput(_ path: String) throws -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard FileManager.default.fileExists(atPath: path) else { throw CLIError("no such file: \(path)") }
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw CLIError("cannot read \(path): \(error.localizedDescription)")
    }
}

/// Loads a JSON spec from a file (or `-`), naming the file in any error: a signal spec, or a motion spec
/// (`{"motion": ...}`, nine channels: user acceleration x, y, z, gravity x, y, z, rotation rate x, y, z).
func loadSpec(_ path: String) throws -> AnySignal {
    let data = try readInput(path)
    if MotionSignal.isMotionSpec(json: data) {
        do {
            return AnySignal(try MotionSignal.decode(json: data))
        } catch {
            throw CLIError("\(path): \(error.description)")
        }
    }
    do {
        return try AnySignal(json: data)
    } catch {
        throw CLIError("\(path): \(error.description)")
    }
}

/// The options every rendering subcommand shares.
struct RenderTiming: ParsableArguments {
    @Option(name: .long, help: "Sample rate in Hz (samples per second).")
    var rate: Double

    @Option(name: .long, help: "Duration in seconds; round(rate · duration) frames are rendered.")
    var duration: Double

    @Option(name: .long, help: "Time of the first frame in seconds; rendering starts at sample index round(start · rate).")
    var start: Double = 0

    @Flag(name: .long, help: "Accept frequencies at or above Nyquist (rate / 2); they alias.")
    var allowAliasing = false

    /// The validated request.
    func request() throws -> RenderRequest {
        try RenderRequest(sampleRate: rate, duration: duration, start: start)
    }

    /// Render options from the flags.
    var options: RenderOptions { RenderOptions(allowAliasing: allowAliasing) }
}

/// A buffered writer to a file or standard output that reports write errors.
final class OutputSink {
    private let handle: FileHandle
    private let path: String
    private var pending = Data()
    private let flushSize = 1 << 20

    /// Opens `path` for writing (truncating it), or standard output for `nil` / `-`.
    init(path: String?) throws {
        if let path, path != "-" {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CLIError("cannot create output file \(path)")
            }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw CLIError("cannot open output file \(path) for writing")
            }
            self.handle = handle
            self.path = path
        } else {
            handle = FileHandle.standardOutput
            self.path = "standard output"
        }
    }

    func write(_ data: Data) throws {
        pending.append(data)
        if pending.count >= flushSize { try flush() }
    }

    func write(_ text: String) throws { try write(Data(text.utf8)) }

    func flush() throws {
        guard !pending.isEmpty else { return }
        do {
            try handle.write(contentsOf: pending)
        } catch {
            throw CLIError("cannot write to \(path): \(error.localizedDescription)")
        }
        pending.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        if handle !== FileHandle.standardOutput { try? handle.close() }
    }
}
