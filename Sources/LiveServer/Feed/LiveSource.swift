import Formats
import Foundation
import InternalUtilities
import Location
import Playback
import Signals
import Specs

/// What a ``LiveFeed`` plays: a spec (rendered endlessly at the feed's rate: a signal, a route, or a
/// motion and a route together) or a point file (played at its own timestamps), decoded and checked
/// before anything plays.
///
/// ```swift
/// let source = try LiveSource.load("Examples/specs/shake-motion.json", options: FeedOptions())
/// let spec = try LiveSource.spec(json: Data(#"{"sine": {"frequency": 2}}"#.utf8), sampleRate: 100)
/// ```
public enum LiveSource: Sendable {
    /// A spec document, checked at the feed's rate.
    case spec(LiveSpec)
    /// A point file, read to the end and checked, with its timing.
    case points(PointFile, PointSchedule)

    /// The longest wait a point file may have between two points (or before its first), in seconds.
    public static let longestWait = 3600.0

    /// Opens `path` once (`-` is standard input), tells a spec from a point file (see `InputKind`),
    /// decodes and checks all of it.
    /// - Parameters:
    ///   - path: A JSON spec, a GPX file (with times) or a point file (`.json`, `.jsonl`, `.csv`), or `-`.
    ///   - options: The feed's options: a spec is checked at `sampleRate`; `loop` is for point files only.
    /// - Throws: `SignalError` located in the input: its file, and the JSON path or line.
    public static func load(_ path: String, options: FeedOptions) throws(SignalError) -> LiveSource {
        let input = try NamedInput.open(path, spoolLimit: SpecDocument.sizeLimit)
        func refuse(_ code: SignalError.Code, _ message: String) -> SignalError {
            SignalError(code, message, file: input.name)
        }
        let kind = InputKind.detect(name: input.path, head: input.head)
        switch kind {
        case .points(let format):
            let file = try PointFile(source: input, format: format)
            let schedule = try file.schedule()
            guard schedule.count > 0 else { throw refuse(.tooShort, "the file holds no points") }
            if options.loop, schedule.loopPeriod == nil {
                throw refuse(.tooShort, "cannot loop: a pass needs at least two points at different times")
            }
            let wait = schedule.longestWait(speed: 1, loop: options.loop)
            guard wait <= longestWait else {
                throw refuse(
                    .invalidTime,
                    "the file waits \(wait) s between two points, longer than \(longestWait) s; check its timestamps")
            }
            return .points(file, schedule)
        case .npy:
            throw refuse(
                .unknownFormat,
                "a .npy array is a recording without timestamps; signals serve plays specs, routes and point files (render it as CSV with a t column)"
            )
        case nil:
            throw refuse(
                .unknownFormat,
                "cannot tell the format: expected a JSON spec ('{'), a GPX file ('<'), a JSON array of points ('['), JSON Lines or a CSV header starting with 'timestamp'"
            )
        case .spec, .gpx:
            break
        }
        if options.loop {
            throw refuse(
                .invalidArgument,
                "--loop is for point files; a spec plays endlessly (a route loops with \"loop\": true)")
        }
        do {
            if kind == .gpx {
                return .spec(try LiveSpec(SpecDocument.load(input), text: nil, sampleRate: options.sampleRate))
            }
            let data = try input.data(limit: SpecDocument.sizeLimit)
            let base = input.path == "-" ? nil : URL(fileURLWithPath: input.path).deletingLastPathComponent()
            return .spec(
                try LiveSpec(
                    SpecDocument.decode(json: data, baseDirectory: base), text: String(decoding: data, as: UTF8.self),
                    sampleRate: options.sampleRate))
        } catch {
            throw error.located(file: input.name)
        }
    }

    /// Decodes a spec document from JSON (exactly what `signals render` accepts) and checks it at `sampleRate`.
    /// - Parameters:
    ///   - json: The document.
    ///   - sampleRate: The rate it will be rendered at, in Hz.
    /// - Throws: `SignalError` with the message and JSON path of the problem (a 400 over HTTP).
    public static func spec(json: Data, sampleRate: Double) throws(SignalError) -> LiveSource {
        .spec(
            try LiveSpec(
                SpecDocument.decode(json: json, allowFiles: false), text: String(decoding: json, as: UTF8.self),
                sampleRate: sampleRate))
    }

    /// The spec, when the source is one.
    var spec: LiveSpec? {
        if case .spec(let spec) = self { spec } else { nil }
    }

    /// The signal of a spec source.
    var signal: AnySignal? { spec?.signal }
}

/// A spec document checked at the feed's rate, with what the playback needs to sample it: its signal (a
/// signal, or the motion of a motion and a route) and its route's sampler.
public struct LiveSpec: Sendable {
    /// The document.
    public let document: SpecDocument
    /// The JSON it was decoded from (`nil` for a GPX file).
    public let text: String?
    /// The signal rendered (a signal spec, or the motion beside a route).
    let signal: AnySignal?
    /// The route sampled at the feed's rate (global sample index `i` is time `i / rate`).
    let sampler: RouteSampler?

    /// Checks `document` at `sampleRate`: a signal's parameters (Nyquist, ranges), a route's timeline.
    /// - Throws: ``LiveServerError`` (`badRequest`) with the JSON path of the problem.
    init(_ document: SpecDocument, text: String?, sampleRate: Double) throws(SignalError) {
        self.document = document
        self.text = text
        switch document {
        case .signal(let s): signal = s
        case .route: signal = nil
        case .motionAndRoute(let motion, _): signal = motion
        case .trajectory(let t):
            _ = try t.series(rate: sampleRate)
            signal = nil
        case .imu:
            throw SignalError(
                .invalidArgument, path: "$.imu",
                "an IMU spec is not served live yet; serve its motion ({\"motion\": ...}) or render the IMU with `signals render`"
            )
        }
        do {
            try signal?.validate(sampleRate: sampleRate)
        } catch {
            // A preset's expansion is no field of the spec: name the preset the user wrote.
            guard let text, let spec = try? JSONValue.parse(Data(text.utf8)) else { throw error }
            throw SpecDocument.locatedAtPreset(error, in: spec)
        }
        if let route = document.route {
            do {
                sampler = try RouteSampler(route.timeline(), sampleRate: sampleRate)
            } catch {
                var located = error
                if located.path == nil { located.path = "$.route" }
                throw located
            }
        } else {
            sampler = nil
        }
    }

    /// The most waypoints a route may have in a spec that replaces a playing feed's source
    /// (``LiveFeed/replaceSpec(json:)``, `PUT /v1/spec`): checking a route takes time in proportion to its
    /// waypoints (a trajectory's path: about 0.18 ms each in a debug build, a tenth of that in a release
    /// build), and the feed plays while it is checked. A source given at start-up has no such bound.
    public static let mostLiveWaypoints = 10_000

    /// Refuses a spec whose route has more than ``mostLiveWaypoints`` waypoints, before anything is
    /// decoded: `{"route": …}`, `{"motion": …, "route": …}` and `{"trajectory": {"route": …}}`.
    /// - Throws: `SignalError` (`tooLarge`; a 400 over HTTP) with the path of the waypoints, naming the bound.
    static func checkLiveWaypoints(_ value: JSONValue) throws(SignalError) {
        guard case .object(let document) = value else { return }
        var route = document["route"]
        var path = "$.route.waypoints"
        if case .object(let trajectory)? = document["trajectory"] {
            route = trajectory["route"]
            path = "$.trajectory.route.waypoints"
        }
        var count = 0
        if case .object(let fields)? = route, case .array(let waypoints)? = fields["waypoints"] {
            count = waypoints.count
        }
        // A trip's legs together.
        if case .object(let trajectory)? = document["trajectory"], case .array(let legs)? = trajectory["trip"] {
            path = "$.trajectory.trip"
            for leg in legs {
                if case .object(let l) = leg, case .object(let r)? = l["route"], case .array(let w)? = r["waypoints"] {
                    count += w.count
                }
            }
        }
        guard count > mostLiveWaypoints else { return }
        throw SignalError(
            .tooLarge, path: path,
            "\(path.hasSuffix("trip") ? "the trip's routes have" : "the route has") \(count) waypoints; a spec that replaces the playing one takes at most \(mostLiveWaypoints) (its check takes time while the timeline plays): thin the route, or serve it from the start (signals serve FILE)"
        )
    }

    /// The spec as `GET /v1/spec` serves it: a signal with every field written out; a document with a
    /// route as it was given; `nil` for a route read from GPX.
    var json: String? {
        if case .signal(let signal) = document {
            return String(decoding: signal.node.json(pretty: true), as: UTF8.self)
        }
        guard let text, let value = try? JSONValue.parse(Data(text.utf8)) else { return nil }
        return value.prettyPrinted
    }
}
