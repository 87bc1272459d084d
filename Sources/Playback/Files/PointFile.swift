import Foundation

/// A file of recorded motion points, played (or loaded) as ``MotionPoint``s: a JSON array of points,
/// JSON Lines (one point object per line) or CSV with a header.
///
/// ```swift
/// let file = try PointFile(path: "walk.csv")
/// try runner.start(file) { point in use(point) }          // streamed: bounded memory
/// let all = try PointFile.load(URL(fileURLWithPath: "walk.jsonl"))   // [MotionPoint]
/// ```
///
/// Formats (see ``Format``):
/// - JSON array: `[{"timestamp": 0, "userAcceleration": {"x": 0.1, "y": 0, "z": 0}, "gravity": {...},
///   "rotationRate": {...}}, ...]`; absent parts are zero; the short form `{"timestamp": 0, "x": .., "y": .., "z": ..}`
///   is a user acceleration alone.
/// - JSON Lines: one such object per line (blank lines are skipped).
/// - CSV: a header `timestamp,x,y,z` (user acceleration) or with any of the full motion columns
///   `timestamp,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z`
///   (absent columns are zero), then one point per line; numbers only, no quoting.
///
/// Points are decoded with typed `Codable` models and checked as they are read: every number finite,
/// timestamps (seconds) non-decreasing. A problem throws a ``PlaybackError`` naming the file, the line,
/// the point index and the field. Files are read in 64 KB chunks and decoded one point at a time, so
/// a file of any size plays in bounded memory.
public struct PointFile: PointSource, Sendable, Hashable {
    /// What the file holds.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// A JSON array of point objects (`.json`).
        case json
        /// One JSON point object per line (`.jsonl`, `.ndjson`).
        case jsonLines
        /// CSV with a header line (`.csv`).
        case csv

        /// The format for a file name's extension, if it tells.
        /// - Parameter path: A file name or path.
        public init?(extensionOf path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "json": self = .json
            case "jsonl", "ndjson": self = .jsonLines
            case "csv": self = .csv
            default: return nil
            }
        }
    }

    /// The file's path.
    public let path: String
    /// The file's format.
    public let format: Format

    /// Opens a point file (it is read when played or loaded).
    /// - Parameters:
    ///   - path: The file.
    ///   - format: The format; by default told from the extension (`.json`, `.jsonl`/`.ndjson`, `.csv`)
    ///     or else from the first bytes (`[` a JSON array, `{` JSON Lines, `timestamp` a CSV header).
    ///     A `.json` file that starts with `{` is read as JSON Lines.
    /// - Throws: ``PlaybackError`` (`unreadable`, `unknownFormat`).
    public init(path: String, format: Format? = nil) throws(PlaybackError) {
        self.path = path
        let reader = try ByteReader(path: path)
        reader.skipWhitespace()
        let first = reader.peek()
        if let format {
            self.format = format
        } else if let byExtension = Format(extensionOf: path) {
            self.format = byExtension == .json && first == UInt8(ascii: "{") ? .jsonLines : byExtension
        } else if let detected = PointFile.sniff(reader) {
            self.format = detected
        } else {
            throw PlaybackError(.unknownFormat,
                                "cannot tell the format: expected a JSON array ('['), JSON Lines ('{') or a CSV header starting with 'timestamp'",
                                file: path)
        }
    }

    /// Opens a point file at a file URL (see ``init(path:format:)``).
    /// - Throws: ``PlaybackError`` (`unreadable`, `unknownFormat`).
    public init(_ url: URL, format: Format? = nil) throws(PlaybackError) {
        try self.init(path: url.path, format: format)
    }

    private static func sniff(_ reader: ByteReader) -> Format? {
        switch reader.peek() {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"): return .jsonLines
        default:
            var line: [UInt8] = []
            guard reader.readLine(into: &line) else { return nil }
            return String(decoding: line, as: UTF8.self).lowercased().hasPrefix("timestamp") ? .csv : nil
        }
    }

    /// Starts reading the file from its first point.
    /// - Throws: ``PlaybackError`` (`unreadable`) when the file cannot be opened.
    public func makeCursor() throws(PlaybackError) -> Cursor {
        Cursor(reader: PointReader(try ByteReader(path: path), format: format))
    }

    /// Reads the file to the end, checking every point, without keeping them.
    /// - Returns: The number of points.
    /// - Throws: ``PlaybackError`` at the first problem, naming its line and point index.
    /// - Complexity: O(file size), in bounded memory.
    public func validate() throws(PlaybackError) -> Int {
        var cursor = try makeCursor()
        var count = 0
        while try cursor.next() != nil { count += 1 }
        return count
    }

    /// Reads every point of a file into memory.
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: The format (default: told from the name or first bytes).
    /// - Returns: The points, in order.
    /// - Throws: ``PlaybackError`` naming the file, line, point and field of the first problem.
    public static func load(_ url: URL, format: Format? = nil) throws(PlaybackError) -> [MotionPoint] {
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
    /// - Throws: ``PlaybackError`` naming the line, point and field of the first problem.
    public static func decode(_ data: Data, format: Format, name: String? = nil) throws(PlaybackError) -> [MotionPoint] {
        var cursor = Cursor(reader: PointReader(ByteReader(data: data, name: name), format: format))
        var points: [MotionPoint] = []
        while let (point, _) = try cursor.next() { points.append(point) }
        return points
    }

    /// Reads a file point by point.
    public struct Cursor: PointCursor {
        let reader: PointReader

        /// The next point and its timestamp (seconds), or `nil` after the last.
        /// - Throws: ``PlaybackError`` naming the file, line, point index and field.
        public mutating func next() throws(PlaybackError) -> (point: MotionPoint, time: TimeInterval)? {
            guard let point = try reader.next() else { return nil }
            return (point, point.timestamp)
        }
    }
}
