import Foundation

/// A three-axis sample at a time: what an `Axes` signal plays as.
///
/// In `signals play` output: `{"timestamp": 0.01, "x": 0.5, "y": 0, "z": -1}`.
public struct AxesPoint: Timestamped, Sendable, Hashable, Codable {
    /// Seconds from the start of the run.
    public var timestamp: TimeInterval
    /// Channel 0 (signal units).
    public var x: Double
    /// Channel 1 (signal units).
    public var y: Double
    /// Channel 2 (signal units).
    public var z: Double

    /// Creates a point.
    /// - Parameters:
    ///   - timestamp: Seconds from the start of the run.
    ///   - x: Channel 0 in signal units.
    ///   - y: Channel 1 in signal units.
    ///   - z: Channel 2 in signal units.
    public init(timestamp: TimeInterval, x: Double, y: Double, z: Double) {
        self.timestamp = timestamp
        self.x = x
        self.y = y
        self.z = z
    }
}
