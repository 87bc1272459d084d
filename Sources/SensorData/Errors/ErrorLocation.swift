/// Where a problem is: the one location type of every error in the package (``SignalError``, and the
/// feed and server errors of `SensorFeeds` and `LiveServer`).
///
/// Each part is optional and set only when known: the file being read, the 1-based line and column, the
/// JSON path of a spec field or request body (`$.sum[1].sine.frequency`), the 0-based index of a point,
/// and a field (a CSV column such as `gravity.z`, a parameter, or `channel 2`).
///
/// ```swift
/// catch let error as SignalError {
///     print(error.location.file ?? "-", error.location.line ?? 0)   // walk.csv 12
///     print(error.line ?? 0)                                          // the same, by member lookup
/// }
/// ```
public struct ErrorLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file being read (as the user named it), when the problem is in a file.
    public var file: String?
    /// 1-based line in the file or JSON document, when known.
    public var line: Int?
    /// 1-based column: a byte in the line for JSON syntax, a field in the line for CSV.
    public var column: Int?
    /// JSON path of the node or field at fault (`$` is the root), for a spec, a point or a request body.
    public var path: String?
    /// 0-based index of the point or sample at fault, when known.
    public var index: Int?
    /// The field at fault when it is not a JSON path: a CSV column (`gravity.z`), a parameter or `channel 2`.
    public var field: String?

    /// A location with the parts that are known.
    /// - Parameters:
    ///   - file: The file, if any.
    ///   - line: 1-based line, if known.
    ///   - column: 1-based column, if known.
    ///   - path: JSON path, if any.
    ///   - index: 0-based point index, if known.
    ///   - field: Column, parameter or channel, if any.
    public init(
        file: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil,
        index: Int? = nil, field: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.index = index
        self.field = field
    }

    /// Whether no part is known.
    public var isEmpty: Bool { self == ErrorLocation() }

    /// The location as the start of a message, empty when nothing is known.
    ///
    /// The parts are joined with `": "`: the file (as `file:line` for a line of the file), the JSON path,
    /// the position in a JSON document (`line 3, column 5`), `point N`, the field. So
    /// `walk.csv:12: point 10: gravity.z`, `walk.jsonl:3: $.location`, `Accelerometer.csv:12: column 3`,
    /// `spec.json: $: line 3, column 5` (a syntax error: the position belongs to the JSON path), and
    /// `$.sum[1].sine.frequency` alone for a spec built in Swift.
    public var description: String { parts.joined(separator: ": ") }

    /// The parts of ``description``, in order.
    var parts: [String] {
        var parts: [String] = []
        let position: String? =
            switch (line, column) {
            case let (line?, column?): "line \(line), column \(column)"
            case let (line?, nil): "line \(line)"
            case let (nil, column?): "column \(column)"
            case (nil, nil): nil
            }
        if let file, let line, column == nil || path == nil {
            // A line of the file: `file:line`, then what is inside it.
            parts.append("\(file):\(line)")
            if let path { parts.append(path) }
            if let column { parts.append("column \(column)") }
        } else {
            if let file { parts.append(file) }
            if let path { parts.append(path) }
            if let position { parts.append(position) }
        }
        if let index { parts.append("point \(index)") }
        if let field { parts.append(field) }
        return parts
    }

    /// This location with every part that is unknown here taken from `outer` (a file, line or point index
    /// known only to the caller that read the file).
    /// - Parameter outer: What the caller knows.
    /// - Returns: The merged location; a part known here is kept.
    public func filling(from outer: ErrorLocation) -> ErrorLocation {
        ErrorLocation(
            file: file ?? outer.file, line: line ?? outer.line, column: column ?? outer.column,
            path: path ?? outer.path, index: index ?? outer.index, field: field ?? outer.field)
    }

    /// `location: message`, or the message alone when nothing is known.
    /// - Parameter message: The explanation.
    /// - Returns: The line to print.
    package func prefixing(_ message: String) -> String {
        (parts + [message]).joined(separator: ": ")
    }
}
