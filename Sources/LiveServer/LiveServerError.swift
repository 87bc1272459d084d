import InternalUtilities
import Signals

/// A request the server refuses for a reason of HTTP: an unknown path or method, a body too large or not
/// JSON, a malformed header or query, a change from another web site or without the token, a `Host` that
/// is not this server's, nothing played yet, or a fault of the server; or an address it cannot bind
/// (code `.bindFailed`, `cannot serve on http://HOST:PORT: REASON`). Each carries the HTTP
/// status it answers with and a message naming the problem.
///
/// A request body whose *content* is wrong (a spec, a speed, an update) throws the package's
/// `SignalError` with its JSON path, which answers with a 400 in the same JSON form; bad flags and input
/// files of `signals serve` are `SignalError`s too.
///
/// ```swift
/// do { try feed.replaceSpec(json: body) }
/// catch let error as SignalError { print(error.path ?? "", error.message) }   // $.sine.frequency ...
/// ```
/// Over HTTP it is written as `{"error": "message", "path": "$.…"}` (`path` only when there is one).
public struct LiveServerError: LocatedError {
    /// What kind of problem this is (the names of `SignalError.Code` where the problem is the same).
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A request header or query parameter that is malformed or out of range (400).
        case badRequest
        /// A change or a WebSocket upgrade without the server's token (`--token`) in
        /// `Authorization: Bearer TOKEN` (401).
        case unauthorized
        /// A change or a WebSocket upgrade sent by a web page of another origin, or by an opaque one
        /// (`Origin: null`) (403).
        case forbidden
        /// A resource that does not exist: an unknown path, or the spec of a source that is a point file (404).
        case notFound
        /// A method the path does not allow (405).
        case methodNotAllowed
        /// A request body over the 1 MiB limit (413).
        case tooLarge
        /// A request body that is not JSON (415).
        case unsupportedMediaType
        /// A request whose `Host` names neither this machine's loopback nor the address bound, as a page
        /// of a domain rebound to this machine sends (421).
        case misdirected
        /// Nothing has played yet, or the timeline ran past what can be rendered (503).
        case unavailable
        /// A fault of the server itself (500).
        case internalError
        /// An address the server cannot listen on (in use, or a port it may not bind): thrown when it starts,
        /// never sent over HTTP (500 if it were).
        case bindFailed
    }

    /// What kind of problem this is.
    public var code: Code
    /// Human-readable explanation naming the value and the limit.
    public var message: String
    /// Where the problem is: the JSON path of the field at fault in a request body, when there is one.
    public var location: ErrorLocation
    /// A status other than the code's, for an HTTP error of the framework passed through (a 4xx or 5xx
    /// that has no code of its own).
    private var explicitStatus: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: Explanation naming the value and the limit.
    ///   - path: JSON path of the field at fault, if any.
    package init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        location = ErrorLocation(path: path)
    }

    /// An error that answers with `statusCode` rather than its code's status (an HTTP error of the
    /// framework with no code of its own, such as 431).
    init(_ code: Code, _ message: String, statusCode: Int) {
        self.init(code, message)
        explicitStatus = statusCode
    }

    /// The HTTP status code this error answers with (``status`` is the same as an `HTTPResponse.Status`).
    public var statusCode: Int {
        if let explicitStatus { return explicitStatus }
        return switch code {
        case .badRequest: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .tooLarge: 413
        case .unsupportedMediaType: 415
        case .misdirected: 421
        case .unavailable: 503
        case .internalError, .bindFailed: 500
        }
    }

    /// The error as the JSON body of a response: `{"error":"…","path":"$.…"}`.
    public var json: String { LiveServerError.json(message: message, path: location.path) }

    /// An error body: `{"error":"…","path":"$.…"}` (`path` only when there is one), written by the
    /// package's JSON writer.
    static func json(message: String, path: String?) -> String {
        var members = [JSONObject.Member(key: "error", value: .string(message))]
        if let path { members.append(JSONObject.Member(key: "path", value: .string(path))) }
        return JSONValue.object(JSONObject(members)).serialized
    }
}
