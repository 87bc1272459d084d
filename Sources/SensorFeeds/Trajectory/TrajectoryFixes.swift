import Foundation
import Location
import Navigation
import Playback
import Signals

/// The GNSS fixes of a trajectory's timeline of `sampleRate` Hz: each fix at the time of the point that
/// carries it (the first at or after the fix's time), the points between fixes skipped. The points are
/// rendered a block at a time (`TrajectoryPoints`), so the Runner waits only for the fixes.
struct TrajectoryFixes: PointSource {
    /// The timeline.
    let points: TrajectoryPoints

    /// - Throws: `SignalError` for a rate, duration or length `TrajectoryPoints` refuses.
    init(_ trajectory: Trajectory, sampleRate: Double, duration: Double?) throws(SignalError) {
        points = try TrajectoryPoints(trajectory, sampleRate: sampleRate, duration: duration)
    }

    var loopPeriod: TimeInterval? { points.loopPeriod }

    func makeCursor() -> Cursor { Cursor(base: points.makeCursor()) }

    struct Cursor: PointCursor {
        var base: TrajectoryPoints.Cursor

        mutating func next() throws -> (point: LocationPoint, time: TimeInterval)? {
            while let (point, time) = try base.next() {
                if let fix = point.location { return (fix, time) }
            }
            return nil
        }
    }
}
