import Foundation

/// What an adapter over Apple's managers does where the platform lacks an API (headings on visionOS,
/// `CMMotionManager` on macOS and tvOS): it compiles there and says so at run time, the way Apple's own
/// managers report missing hardware. Compiled and tested on Linux; the adapters only choose when to use it.
///
/// - An availability check answers `false`.
/// - A handler is called once, on its queue, with `(nil, error)`.
/// - An iteration ends with the error.
/// - The error is a ``SensorFeedsError`` with code ``SensorFeedsError/Code/unavailable`` whose message names
///   the API, the platform and the evidence (the documentation page that leaves the platform out).
package struct PlatformUnavailable: Sendable {
    /// The error every handler and iteration receives.
    package let error: SensorFeedsError

    /// - Parameters:
    ///   - api: The missing API, as Apple names it (`CMMotionManager`, `CLLocationManager.startUpdatingHeading()`).
    ///   - platform: The platform that lacks it (``current`` by default).
    ///   - evidence: Why: the documentation page and what it says.
    package init(_ api: String, platform: String = PlatformUnavailable.current, evidence: String) {
        error = SensorFeedsError(.unavailable, "\(api) is unavailable in \(platform) (\(evidence))")
    }

    /// Says `error` (a ``SensorFeedsError/Code/unavailable`` error with the app's own reason).
    /// - Parameter error: The error.
    package init(error: SensorFeedsError) { self.error = error }

    /// The platform this code was compiled for, as Apple names it.
    package static var current: String {
        #if targetEnvironment(macCatalyst)
        "Mac Catalyst"
        #elseif os(iOS)
        "iOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(tvOS)
        "tvOS"
        #elseif os(watchOS)
        "watchOS"
        #elseif os(visionOS)
        "visionOS"
        #elseif os(Linux)
        "Linux"
        #else
        "this platform"
        #endif
    }

    /// Calls `handler` once with `(nil, error)` on `queue` (the main queue when `nil`, as CoreMotion
    /// delivers), never synchronously: a handler must not run inside the start call that registered it.
    /// - Parameters:
    ///   - handler: The app's handler.
    ///   - queue: Where it runs.
    package func fail<Value>(_ handler: @escaping @Sendable (Value?, (any Error)?) -> Void, on queue: OperationQueue?) {
        let error = error
        (queue ?? .main).addOperation { handler(nil, error) }
    }

    /// An iteration that ends at once with the error.
    package func stream<Value>(of _: Value.Type = Value.self) -> AsyncThrowingStream<Value, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}
