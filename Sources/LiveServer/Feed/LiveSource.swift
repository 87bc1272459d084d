import Foundation
import Location
import Playback
import Signals
import Specs
import InternalUtilities

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
    /// - Throws: ``LiveServerError`` (`invalidInput`) naming the input, and the JSON path or line.
    public static func load(_ path: String, options: FeedOptions) throws(LiveServerError) -> LiveSource {
        let input: InputSource
        do {
            input = try InputSource.open(path, spoolLimit: SpecDocument.sizeLimit)
        } catch {
            throw LiveServerError(.invalidInput, error.description)
        }
        let kind = InputKind.detect(name: input.path, head: input.head)
        switch kind {
        case .points(let format):
            let file: PointFile
            let schedule: PointSchedule
            do {
                file = try PointFile(source: input, format: format)
                schedule = try file.schedule()
            } catch {
                throw LiveServerError(.invalidInput, error.description)
            }
            guard schedule.count > 0 else { throw LiveServerError(.invalidInput, "\(input.name): the file holds no points") }
            if options.loop, schedule.loopPeriod == nil {
                throw LiveServerError(.invalidInput, "\(input.name): cannot loop: a pass needs at least two points at different times")
            }
            let wait = schedule.longestWait(speed: 1, loop: options.loop)
            guard wait <= longestWait else {
                throw LiveServerError(.invalidInput, "\(input.name): the file waits \(wait) s between two points, longer than \(longestWait) s; check its timestamps")
            }
            return .points(file, schedule)
        case .npy:
            throw LiveServerError(.invalidInput, "\(input.name): a .npy array is a recording without timestamps; signals serve plays specs, routes and point files (render it as CSV with a t column)")
        case nil:
            throw LiveServerError(.invalidInput, "\(input.name): cannot tell the format: expected a JSON spec ('{'), a GPX file ('<'), a JSON array of points ('['), JSON Lines or a CSV header starting with 'timestamp'")
        case .spec, .gpx:
            break
        }
        if options.loop {
            throw LiveServerError(.invalidInput, "\(input.name): --loop is for point files; a spec plays endlessly (a route loops with \"loop\": true)")
        }
        var text: String?
        let document: SpecDocument
        do {
            if kind == .gpx {
                document = try SpecDocument.load(input)
            } else {
                let data = try input.data(limit: SpecDocument.sizeLimit)
                text = String(decoding: data, as: UTF8.self)
                document = try SpecDocument.decode(json: data)
            }
        } catch let error as SpecDocumentError {
            throw LiveServerError(.invalidInput, error.message)
        } catch let error as SignalError {
            throw LiveServerError(.invalidInput, "\(input.name): \(error.description)")
        } catch {
            throw LiveServerError(.invalidInput, "\(input.name): \(error)")
        }
        do {
            return .spec(try LiveSpec(document, text: text, sampleRate: options.sampleRate))
        } catch {
            throw LiveServerError(.invalidInput, "\(input.name): \(error.description)")
        }
    }

    /// Decodes a spec document from JSON (exactly what `signals render` accepts) and checks it at `sampleRate`.
    /// - Parameters:
    ///   - json: The document.
    ///   - sampleRate: The rate it will be rendered at, in Hz.
    /// - Throws: ``LiveServerError`` (`badRequest`) with the message and JSON path of the problem.
    public static func spec(json: Data, sampleRate: Double) throws(LiveServerError) -> LiveSource {
        let document: SpecDocument
        do {
            document = try SpecDocument.decode(json: json)
        } catch {
            throw LiveServerError(error)
        }
        return .spec(try LiveSpec(document, text: String(decoding: json, as: UTF8.self), sampleRate: sampleRate))
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
    init(_ document: SpecDocument, text: String?, sampleRate: Double) throws(LiveServerError) {
        self.document = document
        self.text = text
        switch document {
        case .signal(let s): signal = s
        case .route: signal = nil
        case .motionAndRoute(let motion, _): signal = motion
        case .imu:
            throw LiveServerError(.badRequest, "an IMU spec is not served live yet; serve its motion ({\"motion\": ...}) or render the IMU with `signals render`", path: "$.imu")
        }
        do {
            try signal?.validate(sampleRate: sampleRate)
        } catch {
            throw LiveServerError(error)
        }
        if let route = document.route {
            do {
                sampler = try RouteSampler(route.trajectory(), sampleRate: sampleRate)
            } catch {
                throw LiveServerError(.badRequest, error.message, path: error.path ?? "$.route")
            }
        } else {
            sampler = nil
        }
    }

    /// The spec as `GET /v1/spec` serves it: a signal with every field written out; a document with a
    /// route as it was given; `nil` for a route read from GPX.
    var json: String? {
        if case .signal(let signal) = document { return String(decoding: signal.node.json(pretty: true), as: UTF8.self) }
        guard let text, let value = try? JSONValue.parse(Data(text.utf8)) else { return nil }
        return value.prettyPrinted
    }
}
