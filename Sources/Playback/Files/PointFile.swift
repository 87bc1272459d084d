import Formats
import Foundation
import Signals

/// A file of recorded motion points, played (or loaded) as `MotionPoint`s: a JSON array of points,
/// JSON Lines (one point object per line) or CSV with a header.
///
/// ```swift
/// let file = try PointFile(path: "walk.csv")
/// try runner.start(file) { point in use(point) }          // streamed: bounded memory
/// let all = try PointFile.load(URL(fileURLWithPath: "walk.jsonl"))   // [MotionPoint]
/// ```
///
/// Formats (see `PointFormat`):
/// - JSON array: `[{"timestamp": 0, "userAcceleration": {"x": 0.1, "y": 0, "z": 0}, "gravity": {...},
///   "rotationRate": {...}}, ...]`; absent parts are zero; the short form `{"timestamp": 0, "x": .., "y": .., "z": ..}`
///   is a user acceleration alone.
/// - JSON Lines: one such object per line (blank lines are skipped).
/// - CSV: a header `timestamp,x,y,z` (user acceleration) or with any of the full motion columns
///   `timestamp,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z`
///   (absent columns are zero), then one point per line; numbers only, no quoting.
///
/// Points are decoded with typed `Codable` models and checked as they are read: every number finite,
/// timestamps (seconds) non-decreasing. A problem throws a `SignalError` naming the file, the line,
/// the point index and the field. Files are read in 64 KB chunks and decoded one point at a time, so
/// a file of any size plays in bounded memory.
public struct PointFile: PointSource, Sendable, Hashable {
    /// The file's path as given (`-` for standard input).
    public let path: String
    /// The file's format.
    public let format: PointFormat
    /// The bytes: the regular file (read again on each pass) or a one-shot input read once, whole.
    package let source: NamedInput

    /// Opens a point file (it is read when played or loaded).
    ///
    /// A regular file is read again for every pass; standard input (`-`), a named pipe or process
    /// substitution (`<(cat walk.csv)`) is read once, whole, now (up to 512 MiB), so that it can be
    /// checked before playing and looped.
    /// - Parameters:
    ///   - path: The file, or `-` for standard input.
    ///   - format: The format; by default told from the extension (`.json`, `.jsonl`/`.ndjson`, `.csv`)
    ///     or else from the first bytes (see `InputKind`).
    /// - Throws: `SignalError` (`unreadable`, `unknownFormat`).
    public init(path: String, format: PointFormat? = nil) throws(SignalError) {
        try self.init(source: NamedInput.open(path), format: format)
    }

    /// Opens a point file at a file URL (see ``init(path:format:)``).
    /// - Throws: `SignalError` (`unreadable`, `unknownFormat`).
    public init(_ url: URL, format: PointFormat? = nil) throws(SignalError) {
        try self.init(path: url.path, format: format)
    }

    /// A point file over an opened input.
    /// - Throws: `SignalError` (`unknownFormat`) when the input is not a point file.
    package init(source: NamedInput, format: PointFormat? = nil) throws(SignalError) {
        self.source = source
        path = source.path
        if let format {
            self.format = format
            return
        }
        switch InputKind.detect(name: source.path, head: source.head) {
        case .points(let detected): self.format = detected
        case .spec:
            throw SignalError(
                .unknownFormat,
                "holds a JSON object that is not a point (no 'timestamp' on its first line): a spec, not a point file",
                file: source.name)
        case .npy, .gpx, nil:
            throw SignalError(
                .unknownFormat,
                "cannot tell the format: expected a JSON array ('['), JSON Lines ('{\"timestamp\": ...}' per line) or a CSV header starting with 'timestamp'",
                file: source.name)
        }
    }

    /// Starts reading the file from its first point.
    /// - Throws: `SignalError` (`unreadable`) when the file cannot be opened.
    public func makeCursor() throws(SignalError) -> Cursor {
        Cursor(reader: PointReader(try source.byteReader(), format: format))
    }

    /// Reads the file to the end, checking every point, without keeping them.
    /// - Returns: The number of points.
    /// - Throws: `SignalError` at the first problem, naming its line and point index.
    /// - Complexity: O(file size), in bounded memory.
    public func validate() throws(SignalError) -> Int {
        try schedule().count
    }

    /// Reads the file to the end, checking every point, and sums up its timing (see ``PointSchedule``).
    /// - Throws: `SignalError` at the first problem, naming its line and point index.
    /// - Complexity: O(file size), in bounded memory.
    public func schedule() throws(SignalError) -> PointSchedule {
        var cursor = try makeCursor()
        var schedule = PointSchedule()
        while let (point, _) = try cursor.next() { schedule.add(point.timestamp) }
        return schedule
    }

    /// Reads every point of a file into memory.
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: The format (default: told from the name or first bytes).
    /// - Returns: The points, in order.
    /// - Throws: `SignalError` naming the file, line, point and field of the first problem.
    public static func load(_ url: URL, format: PointFormat? = nil) throws(SignalError) -> [MotionPoint] {
        var cursor = try PointFile(url, format: format).makeCursor()
        var points: [MotionPoint] = []
        while let (point, _) = try cursor.next() { points.append(point) }
        return points
    }

    /// Decodes points from bytes in memory.
    ///
    /// ```swift
    /// let points = try PointFile.decode(Data("timestamp,x,y,z\n0,0.1,0,0\n".utf8), format: .csv)
    /// ```
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - format: Its format.
    ///   - name: A name for errors (default none).
    /// - Returns: The points, in order.
    /// - Throws: `SignalError` naming the line, point and field of the first problem.
    public static func decode(
        _ data: Data, format: PointFormat, name: String? = nil
    ) throws(SignalError) -> [MotionPoint] {
        try decode(ByteReader(data: data, name: name), format: format)
    }

    /// Decodes every point a byte reader holds (tests and the fuzz harness pass readers with small
    /// buffers, to check that a point split across refills reads the same).
    /// - Throws: `SignalError` naming the line, point and field of the first problem.
    package static func decode(_ bytes: ByteReader, format: PointFormat) throws(SignalError) -> [MotionPoint] {
        var cursor = Cursor(reader: PointReader(bytes, format: format))
        var points: [MotionPoint] = []
        while let (point, _) = try cursor.next() { points.append(point) }
        return points
    }

    /// Reads a file point by point.
    public struct Cursor: PointCursor {
        let reader: PointReader

        /// The next point and its timestamp (seconds), or `nil` after the last.
        /// - Throws: `SignalError` naming the file, line, point index and field.
        public mutating func next() throws(SignalError) -> (point: MotionPoint, time: TimeInterval)? {
            guard let point = try reader.next() else { return nil }
            return (point, point.timestamp)
        }
    }
}
