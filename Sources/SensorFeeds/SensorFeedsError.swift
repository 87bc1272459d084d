import Formats
import Signals

/// A connection to a server that failed: what a simulated manager hands to a handler's error argument or
/// to `locationManager(_:didFailWithError:)` when its source is `signals serve`.
///
/// These errors are *transient* (``isTransient``, all but `invalidURL`, `unavailable` and `notAuthorized`): the manager keeps reconnecting,
/// and updates continue when the server is back. A signal or file source that cannot play hands a
/// `SignalError` instead, and its updates end.
///
/// ```swift
/// manager.startDeviceMotionUpdates(to: queue) { motion, error in
///     if let error = error as? SensorFeedsError, error.code == .connectionFailed { showOffline() }
/// }
/// ```
public struct SensorFeedsError: LocatedError {
    /// What kind of problem this is.
    public var code: Code
    /// Human-readable explanation naming the value at fault.
    public var message: String
    /// Where the problem is: the JSON path of the field at fault in a point, when there is one.
    public var location: ErrorLocation

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: What went wrong, quoting user input cut to ~100 characters.
    ///   - path: The JSON path, if any.
    package init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        location = ErrorLocation(path: path)
    }

    /// Whether updates continue after it (a server that may come back) rather than end.
    public var isTransient: Bool { code != .invalidURL && code != .unavailable && code != .notAuthorized }

    /// What kind of problem this is (the names of `SignalError.Code` where the problem is the same).
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The server cannot be reached (refused, unreachable, name not resolved, timed out).
        case connectionFailed
        /// The server closed the connection or stopped answering mid-stream.
        case serverGone
        /// The server answered with something that is not the expected HTTP response (status, headers, framing).
        case badResponse
        /// The server refused the request for want of its token (401): none was given, or not the one
        /// `signals serve --token` was started with. Give it to the source (`.server(url, token:)`, or
        /// `?token=` in the URL).
        case unauthorized
        /// A point or `/data` body that is not the JSON expected (its JSON path in ``location``).
        case malformed
        /// The server says points were lost (older than its replay buffer, or a restarted timeline).
        case missedPoints
        /// The server URL cannot be used (not `http://` or `ws://`, no host, a bad port), or its token
        /// cannot (characters `signals serve --token` never takes).
        case invalidURL
        /// The source cannot give this kind of update (a magnetometer, or a north-referenced frame, from a
        /// source without a magnetometer; an API the platform does not have, such as headings on visionOS);
        /// the updates end.
        case unavailable
        /// The user has not allowed the app this sensor (Core Location's `CLError.denied`); the updates end
        /// until the app asks again and the user allows it.
        case notAuthorized
    }
}
