/// The one error type of the `Sensors` module for what it reads and analyses: recordings (with the
/// file, 1-based line and column), Allan-deviation inputs and fits, imports.
///
/// Spec errors of an ``IMU`` (a signal) stay `SignalError`s with their JSON path, like every other spec.
///
/// ```swift
/// do { _ = try PhyphoxRecording.read(path: "Accelerometer.csv") }
/// catch let error as SensorsError { print(error) }   // Accelerometer.csv:12: column 3 ("Acceleration y (m/s^2)"): ...
/// ```
public struct SensorsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// A file is not in a format this module reads (wrong header, not CSV).
        case unknownFormat
        /// A value cannot be read (not a number, wrong field count, quoting).
        case malformed
        /// A number is NaN or infinite, or out of its range.
        case outOfRange
        /// Timestamps go backwards or repeat.
        case decreasingTime
        /// The inputs do not fit together (no overlap in time, two files for one sensor, a missing sensor).
        case incompatible
        /// Too few samples for what was asked.
        case tooShort
        /// A file cannot be opened or read.
        case unreadable
        /// An argument or option is out of its range.
        case invalidArgument
    }

    /// What kind of problem this is.
    public var code: Code
    /// The human-readable explanation, naming the value and the rule it broke.
    public var message: String
    /// The file, when the problem is in one.
    public var file: String?
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column (field) in the line, when known.
    public var column: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: Explanation naming the value and the rule.
    ///   - file: The file, if any.
    ///   - line: 1-based line, if known.
    ///   - column: 1-based column, if known.
    public init(_ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line: column C: message`, with the parts that are known.
    public var description: String {
        var location = file ?? ""
        if let line { location += location.isEmpty ? "line \(line)" : ":\(line)" }
        var parts: [String] = []
        if !location.isEmpty { parts.append(location) }
        if let column { parts.append("column \(column)") }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
