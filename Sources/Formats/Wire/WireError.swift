/// A violation of a wire format (HTTP/1.1 chunked coding, RFC 6455 frames) by the peer, in words: what
/// the bytes did that the format forbids. The clients that use these readers report it in their own
/// error (SensorFeeds' `badResponse`).
package struct WireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the peer sent that the format forbids.
    package var message: String

    /// Creates an error.
    /// - Parameter message: What the peer sent that the format forbids.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}
