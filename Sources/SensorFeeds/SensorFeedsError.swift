import WireFormats
import Signals

/// The one error type of `SensorFeeds`: what a simulated manager hands to a handler's error argument or
/// to `locationManager(_:didFailWithError:)`.
///
/// Errors from a server source are *transient* (``isTransient``): the manager keeps reconnecting, and
/// updates continue when the server is back. Errors from a signal or a file end the updates.
///
/// ```swift
/// manager.startDeviceMotionUpdates(to: queue) { motion, error in
///     if let error = error as? SensorFeedsError, error.code == .connectionFailed { showOffline() }
/// }
/// ```
public struct SensorFeedsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The server cannot be reached (refused, unreachable, name not resolved, timed out).
        case connectionFailed
        /// The server closed the connection or stopped answering mid-stream.
        case serverGone
        /// The server answered with something that is not the expected HTTP response (status, headers, framing).
        case badResponse
        /// A point or `/data` body that is not the JSON expected (named by its JSON path).
        case badJSON
        /// The server says points were lost (older than its replay buffer, or a restarted timeline).
        case missedPoints
        /// The server URL cannot be used (not `http://`, no host).
        case invalidURL
        /// A file that cannot be read or holds no usable points.
        case unreadableFile
        /// A source that cannot play (a bad rate, route or duration).
        case invalidSource
    }

    /// What kind of problem this is.
    public var code: Code
    /// Human-readable explanation naming the value at fault.
    public var message: String
    /// The JSON path of the field at fault, when there is one.
    public var path: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: What went wrong, quoting user input cut to ~100 characters.
    ///   - path: The JSON path, if any.
    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// Whether updates continue after it (a server that may come back) rather than end.
    public var isTransient: Bool {
        switch code {
        case .connectionFailed, .serverGone, .badResponse, .badJSON, .missedPoints: true
        case .invalidURL, .unreadableFile, .invalidSource: false
        }
    }

    /// `path: message`, or the message alone.
    public var description: String { path.map { "\($0): \(message)" } ?? message }
}

extension SensorFeedsError {
    /// A server's violation of a wire format (chunked coding, WebSocket frames): `badResponse`.
    /// - Parameter wire: What the server sent that the format forbids.
    package init(_ wire: WireError) {
        self.init(.badResponse, wire.message)
    }
}
