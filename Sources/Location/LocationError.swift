import Signals

/// The one error type of the `Location` module: every route, spec, GPX file or parameter a user can give
/// throws it.
///
/// Each error carries a machine-readable ``Code`` and what locates the problem: the JSON path of a spec
/// field (`$.route.waypoints[2].latitude`; a route built in Swift is checked with the same paths), or the
/// file and 1-based line of a GPX file.
///
/// ```swift
/// do { _ = try Route(speed: 3) { Waypoint(latitude: 91, longitude: 0) }.trajectory() }
/// catch let error as LocationError { print(error) }   // $.route.waypoints[0].latitude: latitude 91 is ...
/// ```
public struct LocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// Not well-formed JSON or XML, or a value of the wrong type.
        case malformed
        /// A field the object does not have (often a typo).
        case unknownField
        /// A required field or attribute is absent.
        case missingField
        /// A number is NaN or infinite.
        case nonFinite
        /// A number is outside its range (a latitude over 90, a negative pause, ...).
        case outOfRange
        /// A route without waypoints.
        case emptyRoute
        /// A leg has no speed and the waypoints no times.
        case missingSpeed
        /// Times that do not increase, or times on some waypoints and not on others.
        case invalidTime
        /// The file cannot be read, or holds no points.
        case unreadable
        /// A render or playback request that cannot be met (rate, duration, index range).
        case invalidRender
    }

    /// What kind of problem this is.
    public var code: Code
    /// Human-readable explanation naming the value and the limit it broke.
    public var message: String
    /// JSON path of the field at fault (`$.route.speed`), when the problem is in a spec or route.
    public var path: String?
    /// The file being read, when known.
    public var file: String?
    /// 1-based line of the file, when known.
    public var line: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - path: JSON path of the field, if any.
    ///   - file: The file, if any.
    ///   - line: 1-based line, if known.
    ///   - message: Explanation naming the value and the limit.
    public init(_ code: Code, path: String? = nil, file: String? = nil, line: Int? = nil, _ message: String) {
        self.code = code
        self.path = path
        self.file = file
        self.line = line
        self.message = message
    }

    /// A spec error of the shared JSON reader as a location error (same path and message).
    package init(_ error: SignalError) {
        let code: Code = switch error.code {
        case .unknownField: .unknownField
        case .missingField: .missingField
        case .nonFinite: .nonFinite
        case .outOfRange: .outOfRange
        case .invalidRender, .tooLarge: .invalidRender
        default: .malformed
        }
        self.init(code, path: error.path, error.message)
    }

    /// `file:line: path: message`, with the parts that are known, ready to print.
    public var description: String {
        var location = file ?? ""
        if let line { location += location.isEmpty ? "line \(line)" : ":\(line)" }
        return ([location, path ?? ""].filter { !$0.isEmpty } + [message]).joined(separator: ": ")
    }

    /// The same error located in `file` (kept when already set).
    package func inFile(_ name: String) -> LocationError {
        var copy = self
        if copy.file == nil { copy.file = name }
        return copy
    }
}
