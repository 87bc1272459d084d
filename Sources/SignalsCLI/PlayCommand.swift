import ArgumentParser
import Dispatch
import Formats
import Foundation
import Location
import Navigation
import Playback
import Signals

/// `signals play`: plays a spec or a point file in real time, one JSON object per line as each point
/// becomes due.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract:
            "Play a JSON signal spec or a point file in real time, one JSON object per line as each point becomes due.",
        discussion: """
            A spec plays round(rate · duration) points at t = 0, 1/rate, ...; a point
            file (.json array, .jsonl JSON Lines, .csv with a header) plays every point
            at its timestamp; a route (a route spec, or a GPX file, --route-speed for
            one without times or to ignore its times) plays its reported fixes, one pass
            unless --duration says otherwise. Each line is flushed as its point becomes
            due:
              motion spec or point file  {"timestamp":0.01,"userAcceleration":{"x":..,"y":..,"z":..},"gravity":{...},"rotationRate":{...}}
              one-channel spec           {"timestamp":0.01,"value":...}
              axes spec                  {"timestamp":0.01,"x":..,"y":..,"z":..}
              route                      {"timestamp":1.0,"location":{"latitude":..,"longitude":..,"altitude":..,"horizontalAccuracy":..,"verticalAccuracy":..,"speed":..,"course":..}}
              motion and route           the motion object with "location":{...} beside
                                         its parts
              trajectory                 the motion object (with its attitude) and
                                         "location" (on each new GNSS fix), "heading",
                                         "magneticField" (µT), "pressure" (Pa, with a
                                         barometer), "altitude" (m above mean sea level)
                                         and "pedometer"; one pass by default
            --stats prints lateness p50/p99/max and counts to standard error at the end.
            Ctrl-C (SIGINT) stops cleanly: every line written is complete, statistics
            are printed, exit status 0.
            Example: signals play Examples/specs/shake-motion.json --rate 100 --duration
              5 --stats
            """
    )

    /// How to wait for each point.
    enum Policy: String, ExpressibleByArgument, CaseIterable {
        case precise, efficient

        var timing: TimingPolicy { self == .precise ? .precise : .efficient }
    }

    @Argument(
        help:
            "A JSON spec (motion, axes or one-channel) or a point file (.json, .jsonl, .csv); - for standard input. Pipes and <(...) work."
    )
    var input: String

    @Option(name: .long, parsing: .unconditional, help: "Points per second for a spec (Hz).")
    var rate: Double = 100

    @Option(
        name: .long, parsing: .unconditional,
        help: "Seconds of a spec to play: round(rate · duration) points (default 10 s; one pass of a route).")
    var duration: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: "m/s along a GPX file without times (--speed is the playback speed).")
    var routeSpeed: Double?

    @Option(name: .long, parsing: .unconditional, help: "Playback speed: 2 plays twice as fast, 0.5 at half speed.")
    var speed: Double = 1

    @Flag(name: .long, help: "Play again and again until interrupted.")
    var loop = false

    @Option(name: .long, help: "Timing: precise (sleep, then spin the last 100 µs) or efficient (sleep only).")
    var policy: Policy = .precise

    @Option(
        name: .long, parsing: .unconditional,
        help:
            "Refuse, before playing, a schedule with a wait longer than this many seconds (before the first point, between two points, or between loop passes, at the chosen speed)."
    )
    var maxWait: Double = 3600

    @Flag(name: .long, help: "Print lateness statistics (p50, p99, max) and counts to standard error at the end.")
    var stats = false

    func run() async throws {
        guard speed.isFinite, speed > 0 else { throw CLIError("--speed must be a finite number > 0, got \(speed)") }
        guard maxWait.isFinite, maxWait > 0 else {
            throw CLIError("--max-wait must be a finite number of seconds > 0, got \(maxWait)")
        }
        // Standard output redirected onto the input (`>> walk.csv`) would feed every pass its own lines.
        try OutputSink.Inputs([input]).check(nil, option: "standard output")
        let options = PlaybackOptions(loop: loop, timing: policy.timing, speed: speed)
        // Everything is opened, decoded and checked before the first line is written.
        let play = try PlayInput.load(input, rate: rate, duration: duration, routeSpeed: routeSpeed)
        let duration = self.duration ?? 10
        let wait = play.schedule.longestWait(speed: speed, loop: loop)
        guard wait <= maxWait else {
            throw CLIError(
                "\(input): the schedule waits \(wait) s between two points at speed \(speed), longer than --max-wait \(maxWait) s; check the timestamps, or raise --max-wait"
            )
        }
        if loop, play.schedule.loopPeriod == nil {
            throw CLIError(
                "\(input): cannot loop: a pass needs at least two points at different times (the loop period is the last timestamp plus the gap before it)"
            )
        }
        let runner = Runner()
        SignalTrap.install()
        SignalTrap.onSignal { _ in runner.stop() }
        defer { SignalTrap.onSignal(nil) }

        let summary: PlaybackSummary
        switch play {
        case .motion(let motion, _):
            let points = try motion.points(sampleRate: rate, duration: duration)
            summary = try await runner.run(points, options: options) {
                try ProcessOutput.output(try PlayOutput.motion($0, single: true))
            }
        case .scalar(let signal, _):
            let points = try signal.points(sampleRate: rate, duration: duration, as: ScalarPoint.self)
            summary = try await runner.run(points, options: options) {
                try ProcessOutput.output(try PlayOutput.scalar($0))
            }
        case .axes(let signal, _):
            let points = try signal.points(sampleRate: rate, duration: duration, as: AxesPoint.self)
            summary = try await runner.run(points, options: options) {
                try ProcessOutput.output(try PlayOutput.axes($0))
            }
        case .file(let file, _):
            summary = try await runner.run(file, options: options) {
                try ProcessOutput.output(try PlayOutput.motion($0, single: false))
            }
        case .route(let points, _):
            summary = try await runner.run(points, options: options) {
                try ProcessOutput.output(try RouteOutput.line($0))
            }
        case .motionAndRoute(let points, _):
            summary = try await runner.run(points, options: options) {
                try ProcessOutput.output(try RouteOutput.line($0))
            }
        case .trajectory(let points, _):
            summary = try await runner.run(points, options: options) {
                try ProcessOutput.output(try PlayOutput.trajectory($0))
            }
        }
        if stats {
            ProcessOutput.error("\(summary.reason.rawValue): \(summary.statistics), passes \(summary.passes)\n")
        }
        if summary.reason == .failed, let error = summary.error {
            if let error = error as? SignalError { throw CLIError(error.description) }
            throw error
        }
    }
}

/// What `signals play` was given, decoded and checked, with its schedule.
enum PlayInput {
    case motion(MotionSignal, PointSchedule)
    case scalar(AnySignal, PointSchedule)
    case axes(AnySignal, PointSchedule)
    case file(PointFile, PointSchedule)
    case route(RoutePoints, PointSchedule)
    case motionAndRoute(MotionRoutePoints, PointSchedule)
    case trajectory(TrajectoryPoints, PointSchedule)

    /// The timing of one pass.
    var schedule: PointSchedule {
        switch self {
        case .motion(_, let s), .scalar(_, let s), .axes(_, let s), .file(_, let s), .route(_, let s),
            .motionAndRoute(_, let s),
            .trajectory(_, let s):
            s
        }
    }

    /// Opens `path` once, tells a spec from a point file (see `InputKind`), decodes it and checks all
    /// of it: a point file is read to the end (every point, its timestamps), a spec is validated at `rate`.
    static func load(_ path: String, rate: Double, duration: Double?, routeSpeed: Double?) throws -> PlayInput {
        let source = try openInput(path)
        let kind = InputKind.detect(name: source.path, head: source.head)
        if routeSpeed != nil, kind != .gpx {
            throw CLIError(
                "\(source.name): --route-speed is for GPX files without times (or to ignore a GPX file's times)")
        }
        switch kind {
        case .points(let format):
            do {
                let file = try PointFile(source: source, format: format)
                let schedule = try file.schedule()
                guard schedule.count > 0 else { throw CLIError("\(source.name): the file holds no points") }
                return .file(file, schedule)
            } catch let error as SignalError {
                throw CLIError(error.description)
            }
        case .npy:
            throw CLIError(
                "\(source.name): a .npy array is a recording without timestamps; signals play plays specs and point files (render it as CSV with a t column)"
            )
        case .gpx:
            break
        case nil:
            throw CLIError(
                "\(source.name): cannot tell the format: expected a JSON spec ('{'), a JSON array of points ('['), JSON Lines ('{\"timestamp\": ...}' per line) or a CSV header starting with 'timestamp'"
            )
        case .spec:
            break
        }
        var schedule = PointSchedule()
        // Points at n / rate: the first at 0, then one every 1 / rate (two are enough to describe the waits).
        schedule.add(0)
        schedule.add(1 / rate)
        let signal: AnySignal
        switch try loadDocument(source, routeSpeed: routeSpeed) {
        case .signal(let s): signal = s
        case .imu:
            throw CLIError(
                "\(source.name): this is an IMU spec (six sensor channels with noise); signals play plays signals, motions, routes and point files (`signals render` renders an IMU)"
            )
        case .route(let route):
            return .route(try RouteOutput.points(route, name: source.name, rate: rate, duration: duration), schedule)
        case .motionAndRoute(let motion, let route):
            return .motionAndRoute(
                try RouteOutput.points(
                    motion: motion, route: route, name: source.name, rate: rate,
                    duration: duration), schedule)
        case .trajectory(let trajectory):
            let points = try routeStep(source.name) { () throws(SignalError) in
                try TrajectoryPoints(trajectory, sampleRate: rate, duration: duration)
            }
            return .trajectory(points, schedule)
        }
        let request = try RenderRequest(sampleRate: rate, duration: duration ?? 10)
        do {
            try signal.validate(sampleRate: rate)
        } catch {
            throw CLIError("\(source.name): \(error.locatedAtPreset(inSpec: source.path).description)")
        }
        _ = request
        if case .motion = signal.node {
            return .motion(try MotionSignal(node: signal.node), schedule)
        }
        switch signal.channelCount {
        case 1: return .scalar(signal, schedule)
        case 3: return .axes(signal, schedule)
        default:
            throw CLIError(
                "\(source.name): signals play plays a one-channel signal, three axes or a motion spec; this spec renders \(signal.channelCount) channels"
            )
        }
    }
}

/// One JSON object per point, written and flushed at once: the line of `PointLineCodec` (shared with the
/// live server, so `signals play` and `signals serve` print the same bytes) and a newline. A point with a
/// number that is not finite is an error, never a line (JSON has no NaN or infinity): the codec refuses it.
enum PlayOutput {
    static func motion(_ p: MotionPoint, single: Bool) throws -> String {
        try PointLineCodec.write(p, precision: single ? .single : .double) + "\n"
    }

    static func scalar(_ p: ScalarPoint) throws -> String {
        try PointLineCodec.write(p) + "\n"
    }

    static func axes(_ p: AxesPoint) throws -> String {
        try PointLineCodec.write(p) + "\n"
    }

    static func trajectory(_ p: TrajectoryPoint) throws -> String {
        try PointLineCodec.write(p) + "\n"
    }
}
