import Foundation

/// Something that happens at a time: a `Runner` (Playback) delivers it when its ``timestamp`` comes.
/// Every point a Runner plays is `Timestamped`.
///
/// ```swift
/// struct Tap: Timestamped { var timestamp: TimeInterval }
/// ```
public protocol Timestamped {
    /// Seconds from the start of the run.
    var timestamp: TimeInterval { get }
}
