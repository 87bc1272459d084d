import Formats
import Foundation
import Navigation
import Playback
import Signals

/// A source's truth over its whole span, for the pedometer's and the activity manager's queries: the point
/// at or before any second, clamped to the span.
struct SourceHistory {
    /// Unix seconds of the source's second 0: the trajectory's epoch (a render directory's `sensors.json`
    /// `epoch`; 0, the Unix epoch, without one).
    let epoch: Double
    /// The point at or before `t` seconds of the source, clamped to its span.
    let point: (Double) throws(SignalError) -> TrajectoryPoint
    /// Seconds from the source's first point to its last.
    let duration: Double
    /// The truth's activity at or before `t` seconds, as ``point`` would carry it, without the sensors'
    /// readings (a trajectory's truth state alone, not its IMU's warm-up).
    let activity: (Double) throws(SignalError) -> MotionActivityType

    init(_ source: SensorSource) throws(SignalError) {
        switch source.kind {
        case .trajectory(let trajectory, let rate, let seconds):
            let points = try TrajectoryPoints(trajectory, sampleRate: rate, duration: seconds)
            guard points.count > 0 else {
                throw SignalError(.invalidRender, "the source has no samples (a duration of 0)", field: "duration")
            }
            epoch = trajectory.epochSeconds
            duration = Double(points.count - 1) / points.sampleRate
            // The sample at or before t; the clamp keeps the Double → Int conversion in range.
            let index = { (t: Double) in
                points.first + Int(min(max((t * points.sampleRate + 1e-9).rounded(.down), 0), Double(points.count - 1)))
            }
            point = { t throws(SignalError) in
                try trajectory.points(first: index(t), count: 1, rate: points.sampleRate)[0]
            }
            activity = { t in
                let time = Double(index(t)) / points.sampleRate
                return trajectory.movingActivity(at: time).activity(speed: trajectory.state(at: time).speed)
            }
        case .server:
            throw SignalError(
                .invalidArgument,
                "a server source has no history to query: query a trajectory (.signal) or its render directory (.file)",
                field: "source")
        case .file(let url):
            let recording = try RenderDirectory(directory: url)
            epoch = recording.epochSeconds ?? 0
            let points = recording.points
            let t0 = points[0].timestamp
            duration = points[points.count - 1].timestamp - t0
            point = { t in
                // The last row at or before t (rows are in time order), the first before it.
                var lo = 0
                var hi = points.count - 1
                while lo < hi {
                    let mid = (lo + hi + 1) / 2
                    if points[mid].timestamp - t0 <= t + 1e-9 { lo = mid } else { hi = mid - 1 }
                }
                return points[lo]
            }
            let point = self.point
            activity = { t throws(SignalError) in try point(t).activity }
        }
    }
}

extension SourceHistory {
    /// The seconds of the source (its second 0 is ``epoch``) that two dates on its clock fall on: a
    /// query's span, checked once for both queries.
    /// - Parameters:
    ///   - start: The start of the span.
    ///   - end: The end of the span (not before `start`).
    /// - Returns: The span's start and end, seconds of the source.
    /// - Throws: `SignalError` (`invalidRender`): a date that is not finite (field `from`), or an end before
    ///   the start (field `to`).
    func seconds(from start: Date, to end: Date) throws(SignalError) -> (start: Double, end: Double) {
        let a = start.timeIntervalSince1970 - epoch
        let b = end.timeIntervalSince1970 - epoch
        guard a.isFinite, b.isFinite else {
            throw SignalError(.invalidRender, "the dates must be finite, got \(start) and \(end)", field: "from")
        }
        guard b >= a else {
            throw SignalError(.invalidRender, "the end \(end) is before the start \(start)", field: "to")
        }
        return (a, b)
    }

    /// Hands a query's one answer to `handler` on `queue`: what `query` returns, or `(nil, error)` when it
    /// throws. The query runs on `queue` too, so the caller never waits for the source to be read.
    /// - Parameters:
    ///   - queue: Where the query and `handler` run.
    ///   - handler: The app's query handler.
    ///   - query: Reads the answer.
    static func answer<Value>(
        on queue: OperationQueue, to handler: @escaping @Sendable (Value?, (any Error)?) -> Void,
        _ query: @escaping @Sendable () throws -> Value
    ) {
        queue.addOperation {
            do {
                handler(try query(), nil)
            } catch {
                handler(nil, error)
            }
        }
    }
}

extension SensorSource {
    /// Unix seconds of the source's second 0: the trajectory's epoch, a render directory's `sensors.json`
    /// `epoch`, else 0 (the Unix epoch; a server's seconds).
    var epochSeconds: Double {
        switch kind {
        case .trajectory(let trajectory, _, _): trajectory.epochSeconds
        case .file(let url):
            (try? SensorsSidecar.read(contentsOf: url.appendingPathComponent(SensorsSidecar.fileName)))?
                .epochSeconds ?? 0
        case .server: 0
        }
    }
}
