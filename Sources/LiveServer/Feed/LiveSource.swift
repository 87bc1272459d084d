import Foundation
import Playback
import Signals
import Specs

/// What a ``LiveFeed`` plays: a spec document (rendered endlessly at the feed's rate) or a point file
/// (played at its own timestamps), decoded and checked before anything plays.
///
/// ```swift
/// let source = try LiveSource.load("Examples/specs/shake-motion.json", options: FeedOptions())
/// let spec = try LiveSource.spec(json: Data(#"{"sine": {"frequency": 2}}"#.utf8), sampleRate: 100)
/// ```
public enum LiveSource: Sendable, Hashable {
    /// A spec (see ``SpecDocument``), checked at the feed's rate.
    case spec(SpecDocument)
    /// A point file, read to the end and checked, with its timing.
    case points(PointFile, PointSchedule)

    /// The longest wait a point file may have between two points (or before its first), in seconds.
    public static let longestWait = 3600.0

    /// Opens `path` once (`-` is standard input), tells a spec from a point file (see `InputKind`),
    /// decodes and checks all of it.
    /// - Parameters:
    ///   - path: A JSON spec or a point file (`.json`, `.jsonl`, `.csv`), or `-`.
    ///   - options: The feed's options: a spec is checked at `sampleRate`; `loop` is for point files only.
    /// - Throws: ``LiveServerError`` (`invalidInput`) naming the input, and the JSON path or line.
    public static func load(_ path: String, options: FeedOptions) throws(LiveServerError) -> LiveSource {
        let input: InputSource
        do {
            input = try InputSource.open(path, spoolLimit: SpecDocument.sizeLimit)
        } catch {
            throw LiveServerError(.invalidInput, error.description)
        }
        switch InputKind.detect(name: input.path, head: input.head) {
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
            throw LiveServerError(.invalidInput, "\(input.name): a .npy array is a recording without timestamps; signals serve plays specs and point files (render it as CSV with a t column)")
        case .gpx:
            throw LiveServerError(.invalidInput, "\(input.name): GPX location tracks are not served yet; signals serve plays signal specs and motion point files")
        case nil:
            throw LiveServerError(.invalidInput, "\(input.name): cannot tell the format: expected a JSON spec ('{'), a JSON array of points ('['), JSON Lines or a CSV header starting with 'timestamp'")
        case .spec:
            break
        }
        if options.loop {
            throw LiveServerError(.invalidInput, "\(input.name): --loop is for point files; a spec plays endlessly")
        }
        let document: SpecDocument
        do {
            document = try SpecDocument.load(input)
        } catch {
            throw LiveServerError(.invalidInput, error.message)
        }
        do {
            return try spec(document, sampleRate: options.sampleRate)
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
        return try spec(document, sampleRate: sampleRate)
    }

    /// Checks a decoded document at `sampleRate`.
    /// - Throws: ``LiveServerError`` (`badRequest`) with the JSON path of the problem.
    static func spec(_ document: SpecDocument, sampleRate: Double) throws(LiveServerError) -> LiveSource {
        guard let signal = document.signal else {
            throw LiveServerError(.badRequest, "this document is not a signal spec", path: "$")
        }
        do {
            try signal.validate(sampleRate: sampleRate)
        } catch {
            throw LiveServerError(error)
        }
        return .spec(document)
    }

    /// The signal of a spec source.
    var signal: AnySignal? {
        if case .spec(let document) = self { document.signal } else { nil }
    }
}
