import Foundation

/// A one-channel sample at a time: what a scalar signal plays as.
///
/// In `signals play` output: `{"timestamp": 0.01, "value": 0.5}`.
public struct ScalarPoint: Timestamped, Sendable, Hashable, Codable {
    /// Seconds from the start of the run.
    public var timestamp: TimeInterval
    /// The sample (signal units).
    public var value: Double

    /// Creates a point.
    /// - Parameters:
    ///   - timestamp: Seconds from the start of the run.
    ///   - value: The sample in signal units.
    public init(timestamp: TimeInterval, value: Double) {
        self.timestamp = timestamp
        self.value = value
    }
}
