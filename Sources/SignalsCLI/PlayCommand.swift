import ArgumentParser
import Dispatch
import Foundation
import Playback
import Signals

/// `signals play`: plays a spec or a point file in real time, one JSON object per line as each point
/// becomes due.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a JSON signal spec or a point file in real time, one JSON object per line as each point becomes due.",
        discussion: """
        A spec plays round(rate · duration) points at t = 0, 1/rate, ...; a point file (.json array, \
        .jsonl JSON Lines, .csv with a header) plays every point at its timestamp. Each line is flushed \
        as its point becomes due:
          motion spec or point file  {"timestamp":0.01,"userAcceleration":{"x":..,"y":..,"z":..},"gravity":{...},"rotationRate":{...}}
          one-channel spec           {"timestamp":0.01,"value":...}
          axes spec                  {"timestamp":0.01,"x":..,"y":..,"z":..}
        --stats prints lateness p50/p99/max and counts to standard error at the end. Ctrl-C (SIGINT) \
        stops cleanly: every line written is complete, statistics are printed, exit status 0.
        Example: signals play Examples/specs/shake-motion.json --rate 100 --duration 5 --stats
        """
    )

    /// How to wait for each point.
    enum Policy: String, ExpressibleByArgument, CaseIterable {
        case precise, efficient

        var timing: TimingPolicy { self == .precise ? .precise : .efficient }
    }

    @Argument(help: "A JSON spec (motion, axes or one-channel; - for standard input) or a point file (.json, .jsonl, .csv).")
    var input: String

    @Option(name: .long, help: "Points per second for a spec (Hz).")
    var rate: Double = 100

    @Option(name: .long, help: "Seconds of a spec to play: round(rate · duration) points.")
    var duration: Double = 10

    @Option(name: .long, help: "Playback speed: 2 plays twice as fast, 0.5 at half speed.")
    var speed: Double = 1

    @Flag(name: .long, help: "Play again and again until interrupted.")
    var loop = false

    @Option(name: .long, help: "Timing: precise (sleep, then spin the last 100 µs) or efficient (sleep only).")
    var policy: Policy = .precise

    @Flag(name: .long, help: "Print lateness statistics (p50, p99, max) and counts to standard error at the end.")
    var stats = false

    func run() async throws {
        guard speed.isFinite, speed > 0 else { throw CLIError("--speed must be a finite number > 0, got \(speed)") }
        let options = PlaybackOptions(loop: loop, timing: policy.timing, speed: speed)
        let runner = Runner()
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { runner.stop() }
        interrupt.resume()
        defer { interrupt.cancel() }

        let summary: PlaybackSummary
        do {
            switch try PlayInput.load(input) {
            case .motion(let motion):
                let points = try motion.points(sampleRate: rate, duration: duration)
                summary = try await runner.run(points, options: options) { try PlayOutput.write(PlayOutput.motion($0, single: true)) }
            case .scalar(let signal):
                let points = try signal.points(sampleRate: rate, duration: duration, as: ScalarPoint.self)
                summary = try await runner.run(points, options: options) { try PlayOutput.write(PlayOutput.scalar($0)) }
            case .axes(let signal):
                let points = try signal.points(sampleRate: rate, duration: duration, as: AxesPoint.self)
                summary = try await runner.run(points, options: options) { try PlayOutput.write(PlayOutput.axes($0)) }
            case .file(let file):
                // Check the whole file first (streamed), so that bad input prints nothing and exits 2.
                _ = try file.validate()
                summary = try await runner.run(file, options: options) { try PlayOutput.write(PlayOutput.motion($0, single: false)) }
            }
        } catch let error as PlaybackError {
            throw CLIError(error.description)
        }
        if stats {
            FileHandle.standardError.write(Data("\(summary.reason.rawValue): \(summary.statistics), passes \(summary.passes)\n".utf8))
        }
        if summary.reason == .failed, let error = summary.error {
            if let error = error as? PlaybackError { throw CLIError(error.description) }
            throw CLIError("\(error)")
        }
    }
}

/// What `signals play` was given.
enum PlayInput {
    case motion(MotionSignal)
    case scalar(AnySignal)
    case axes(AnySignal)
    case file(PointFile)

    /// Tells a spec from a point file: `.jsonl`/`.ndjson`/`.csv` are point files; a `.json` file that
    /// starts with `[` is a point array; one that starts with `{` is a motion spec (`{"motion": ...}`),
    /// JSON Lines when its first line is a point object (has `timestamp`), else a signal spec.
    static func load(_ path: String) throws -> PlayInput {
        if path != "-" {
            switch (path as NSString).pathExtension.lowercased() {
            case "jsonl", "ndjson", "csv": return .file(try PointFile(path: path))
            default: break
            }
            guard FileManager.default.fileExists(atPath: path) else { throw CLIError("no such file: \(path)") }
            guard let handle = FileHandle(forReadingAtPath: path) else { throw CLIError("cannot read \(path)") }
            let head = (try? handle.read(upToCount: 4096)) ?? Data()
            try? handle.close()
            let first = head.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
            if first == UInt8(ascii: "[") { return .file(try PointFile(path: path, format: .json)) }
            if first != UInt8(ascii: "{") { return .file(try PointFile(path: path)) }
        }
        let data = try readInput(path)
        if MotionSignal.isMotionSpec(json: data) {
            do {
                return .motion(try MotionSignal.decode(json: data))
            } catch {
                throw CLIError("\(path): \(error.description)")
            }
        }
        if path != "-", isPointObject(data.prefix { $0 != 0x0A }) {
            return .file(try PointFile(path: path, format: .jsonLines))
        }
        let signal = try loadSpec(path)
        switch signal.channelCount {
        case 1: return .scalar(signal)
        case 3: return .axes(signal)
        default:
            if signal.channelCount == 9, let motion = try? MotionSignal(node: signal.node) { return .motion(motion) }
            throw CLIError("\(path): signals play plays a one-channel signal, three axes or a motion spec; this spec renders \(signal.channelCount) channels")
        }
    }

    /// Whether a line is a JSON object with a `timestamp` field.
    private static func isPointObject(_ line: Data) -> Bool {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        struct Probe: Decodable {
            let isPoint: Bool
            init(from decoder: any Decoder) throws {
                isPoint = try decoder.container(keyedBy: Key.self).contains(Key(stringValue: "timestamp"))
            }
        }
        return (try? JSONDecoder().decode(Probe.self, from: line).isPoint) ?? false
    }
}

/// One JSON object per point, written and flushed at once.
enum PlayOutput {
    /// Writes one line to standard output, unbuffered.
    static func write(_ line: String) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(line.utf8))
        } catch {
            throw CLIError("cannot write to standard output: \(error.localizedDescription)")
        }
    }

    /// A number as JSON: samples of a rendered signal (`single`) in their `Float` precision, so
    /// `0.1` prints as `0.1`; file values as the `Double` they are.
    @inline(__always)
    static func number(_ value: Double, single: Bool) -> String {
        single ? Float(value).description : value.description
    }

    /// `{"x":..,"y":..,"z":..}`.
    static func vector(_ x: Double, _ y: Double, _ z: Double, single: Bool) -> String {
        "{\"x\":\(number(x, single: single)),\"y\":\(number(y, single: single)),\"z\":\(number(z, single: single))}"
    }

    static func motion(_ p: MotionPoint, single: Bool) -> String {
        let a = p.userAcceleration, g = p.gravity, r = p.rotationRate
        return "{\"timestamp\":\(p.timestamp),\"userAcceleration\":\(vector(a.x, a.y, a.z, single: single)),\"gravity\":\(vector(g.x, g.y, g.z, single: single)),\"rotationRate\":\(vector(r.x, r.y, r.z, single: single))}\n"
    }

    static func scalar(_ p: ScalarPoint) -> String {
        "{\"timestamp\":\(p.timestamp),\"value\":\(number(p.value, single: true))}\n"
    }

    static func axes(_ p: AxesPoint) -> String {
        "{\"timestamp\":\(p.timestamp),\"x\":\(number(p.x, single: true)),\"y\":\(number(p.y, single: true)),\"z\":\(number(p.z, single: true))}\n"
    }
}
