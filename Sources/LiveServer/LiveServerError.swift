import Signals
import InternalUtilities

/// The one error type of the `LiveServer` module: a bad request, a bad input or flag, or a feed that
/// cannot do what was asked. Each carries the HTTP status it answers with, a message naming the
/// problem and, for JSON bodies, the JSON path of the field at fault.
///
/// ```swift
/// do { try feed.replaceSpec(json: body) }
/// catch let error as LiveServerError { print(error.statusCode, error.path ?? "", error.message) }   // 400 $.sine.frequency ...
/// ```
/// Over HTTP it is written as `{"error": "message", "path": "$.…"}` (`path` only when there is one).
public struct LiveServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Code: String, Sendable, Hashable {
        /// A request body, header or query parameter that is malformed or out of range (400).
        case badRequest
        /// A resource that does not exist: an unknown path, or the spec of a source that is a point file (404).
        case notFound
        /// A method the path does not allow (405).
        case methodNotAllowed
        /// A request body over the 1 MiB limit (413).
        case tooLarge
        /// A request body that is not JSON (415).
        case unsupportedMediaType
        /// Nothing has played yet (503).
        case unavailable
        /// A fault of the server itself (500).
        case internalError
        /// An input file or a command-line flag that cannot be served (not over HTTP).
        case invalidInput
    }

    /// What kind of problem this is.
    public var code: Code
    /// Human-readable explanation naming the value and the limit.
    public var message: String
    /// JSON path of the field at fault in a request body (`$.accelerometer.x`), if any.
    public var path: String?
    /// A status other than the code's, for an HTTP error of the framework passed through (a 4xx or 5xx
    /// that has no code of its own).
    private var explicitStatus: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: Explanation naming the value and the limit.
    ///   - path: JSON path of the field at fault, if any.
    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// An error that answers with `statusCode` rather than its code's status (an HTTP error of the
    /// framework with no code of its own, such as 431).
    init(_ code: Code, _ message: String, statusCode: Int) {
        self.init(code, message)
        explicitStatus = statusCode
    }

    /// A 400 error from a spec or body error of the strict JSON reader, keeping its JSON path.
    /// - Parameter error: The reader's error.
    public init(_ error: SignalError) {
        var message = error.message
        if let line = error.line, let column = error.column { message = "line \(line), column \(column): \(message)" }
        self.init(.badRequest, message, path: error.path)
    }

    /// The HTTP status code this error answers with (``status`` is the same as an `HTTPResponse.Status`).
    public var statusCode: Int {
        if let explicitStatus { return explicitStatus }
        return switch code {
        case .badRequest, .invalidInput: 400
        case .notFound: 404
        case .methodNotAllowed: 405
        case .tooLarge: 413
        case .unsupportedMediaType: 415
        case .unavailable: 503
        case .internalError: 500
        }
    }

    /// `path: message`, or the message alone.
    public var description: String {
        guard let path else { return message }
        return "\(path): \(message)"
    }

    /// The error as the JSON body of a response: `{"error":"…","path":"$.…"}`.
    public var json: String {
        var out = "{\"error\":\(LiveServerError.jsonString(message))"
        if let path { out += ",\"path\":\(LiveServerError.jsonString(path))" }
        return out + "}"
    }

    /// A string as a JSON string literal (the package's JSON writer: quotes, backslashes and control
    /// characters escaped).
    static func jsonString(_ text: String) -> String {
        JSONValue.string(text).serialized
    }
}
