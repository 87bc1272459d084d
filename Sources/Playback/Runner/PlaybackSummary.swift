import Foundation
import Signals

/// How a run ended, and how late it was.
public struct PlaybackSummary: Sendable, CustomStringConvertible {
    /// Why a run ended.
    public enum Reason: String, Sendable, Hashable {
        /// Every point was delivered (or skipped by the late policy).
        case finished
        /// ``Runner/stop()`` was called (or the async consumer stopped iterating).
        case stopped
        /// The handler or the source threw (see ``PlaybackSummary/error``).
        case failed
    }

    /// Why the run ended.
    public var reason: Reason
    /// The error that ended a failed run: what the handler threw, or a `SignalError` of the source.
    public var error: (any Error)?
    /// Lateness and counts.
    public var statistics: LatenessStatistics
    /// Loop passes begun (1 without looping, 0 for an empty source).
    public var passes: Int

    /// `finished: delivered …, skipped …, lateness …`.
    public var description: String {
        var text = "\(reason.rawValue): \(statistics)"
        if let error { text += " (\(error))" }
        return text
    }
}
