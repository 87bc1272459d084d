import FuzzSupport
import SensorFeeds

extension FuzzHarness {
    /// Checks a ``SensorFeedsError``: a bounded message and, when it has one, a bounded JSON path.
    /// (Here rather than in `FuzzSupport`, so that the other harnesses do not build `SensorFeeds`.)
    static func requireBounded(_ error: SensorFeedsError, file: StaticString = #fileID, line: UInt = #line) {
        requireBoundedMessage(error.message, file: file, line: line)
        if let path = error.path { requireBoundedPath(path, file: file, line: line) }
    }
}
