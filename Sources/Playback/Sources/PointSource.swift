import Foundation
import Signals

/// Something a ``Runner`` can play: it hands out points in order, each with its playback time.
///
/// The playback time of a point (seconds from the start of a pass) sets its deadline; it must be finite
/// and never decrease. A source can be played many times (each ``makeCursor()`` starts again from the
/// first point), which is how the runner loops and restarts.
///
/// Conforming types in this module: ``PointSequence`` (any sequence of `Timestamped` points),
/// ``SampledFunction`` (`(TimeInterval) -> Point` every interval), ``SignalPoints`` (a signal rendered
/// block by block), ``BufferPoints`` (an already rendered buffer) and ``PointFile`` (a file, streamed).
public protocol PointSource: Sendable {
    /// What the source delivers.
    associatedtype Point: Timestamped & Sendable
    /// Reads the points of one pass.
    associatedtype Cursor: PointCursor where Cursor.Point == Point

    /// Starts a pass from the first point.
    /// - Throws: Whatever opening the source throws (`SignalError` for files).
    func makeCursor() throws -> Cursor

    /// Seconds from the first point of one pass to the first point of the next when looping, if the
    /// source knows it (a signal: frames / sample rate). `nil` lets the runner use the time of the last
    /// point plus the gap before it.
    var loopPeriod: TimeInterval? { get }
}

/// Reads the points of one pass of a ``PointSource``, in order.
public protocol PointCursor {
    /// What the cursor reads.
    associatedtype Point

    /// The next point and its playback time (seconds from the start of the pass), or `nil` after the last.
    /// - Throws: A problem reading the point (`SignalError` for files, naming the line).
    mutating func next() throws -> (point: Point, time: TimeInterval)?
}

extension PointSource {
    /// Unknown: the runner derives it from the points.
    public var loopPeriod: TimeInterval? { nil }
}
