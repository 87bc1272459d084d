/// The one error type of the `Playback` module: everything a user can load, type or pass in throws it.
///
/// Each error carries a machine-readable ``Code`` and, where it applies, the context that locates the
/// problem: the file, the 1-based line, the 0-based point index and the field (a CSV column or a
/// JSON path inside the point, such as `gravity.z`).
///
/// ```swift
/// do { _ = try PointFile.load(URL(fileURLWithPath: "walk.csv")) }
/// catch let error as PlaybackError { print(error) }   // walk.csv:12: point 10: timestamp 0.3 s is before ...
/// ```
///
/// Errors of the signal engine (an invalid spec or render request) stay `SignalError`s.
public struct PlaybackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The file is not well-formed JSON, JSON Lines or CSV, or a value has the wrong type.
        case malformed
        /// A field or CSV column the point format does not have (often a typo).
        case unknownField
        /// A required field or column is absent.
        case missingField
        /// The same field or column appears twice.
        case duplicateField
        /// A number is NaN or infinite.
        case nonFinite
        /// A timestamp is smaller than the one before it.
        case decreasingTimestamp
        /// The file's format cannot be told from its name or first bytes.
        case unknownFormat
        /// The file cannot be opened or read.
        case unreadable
        /// An option or argument is out of its range (speed ≤ 0, interval ≤ 0, ...).
        case invalidArgument
        /// `start` was called while the runner is already playing.
        case alreadyRunning
        /// A rendered signal has a channel count the point type cannot read.
        case channelMismatch
    }

    /// What kind of problem this is.
    public var code: Code
    /// Human-readable explanation that names the value and the rule it broke.
    public var message: String
    /// The file being read, when the problem is in a file.
    public var file: String?
    /// 1-based line of the file where the problem is, when known.
    public var line: Int?
    /// 0-based index of the point at fault, when known.
    public var index: Int?
    /// The field at fault: a CSV column (`gravity.z`) or a path inside a JSON point (`userAcceleration.x`).
    public var field: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: Explanation naming the value and the rule.
    ///   - file: The file being read, if any.
    ///   - line: 1-based line number, if known.
    ///   - index: 0-based point index, if known.
    ///   - field: Column or field path, if known.
    public init(_ code: Code, _ message: String, file: String? = nil, line: Int? = nil, index: Int? = nil,
                field: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.index = index
        self.field = field
    }

    /// `file:line: point N: field: message`, with the parts that are known, ready to print.
    public var description: String {
        var location = ""
        if let file { location += file }
        if let line { location += location.isEmpty ? "line \(line)" : ":\(line)" }
        var parts: [String] = []
        if !location.isEmpty { parts.append(location) }
        if let index { parts.append("point \(index)") }
        if let field { parts.append(field) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }

    /// The same error with the location filled in where it is not already known.
    func located(file: String? = nil, line: Int? = nil, index: Int? = nil) -> PlaybackError {
        var copy = self
        if copy.file == nil { copy.file = file }
        if copy.line == nil { copy.line = line }
        if copy.index == nil { copy.index = index }
        return copy
    }
}
