import Foundation
import Playback
import Signals

/// One step of the timeline: the index and time of the next point, and for a point file the point read.
/// The value itself is made when the tick is delivered (see ``PointMaker``), so that a spec replaced
/// between two points takes effect at the very next index.
struct Tick: Timestamped, Sendable {
    /// The point's global index.
    var index: Int
    /// Its timestamp (timeline seconds), as clients see it.
    var timestamp: TimeInterval
    /// Its playback time for the Runner's deadline (seconds since the run began).
    var media: TimeInterval
    /// The point read from a point file (its timestamp already moved to the timeline), if the timeline
    /// follows a file.
    var filePoint: MotionPoint?
}

/// How the cursor times the next ticks.
enum Timing: Sendable, Hashable {
    /// A signal: point `i` is at `timestamp + (i − index) / rate`, due at `media + (i − index) / rate`.
    case signal(index: Int, timestamp: Double, media: Double)
    /// A point file: the file's timestamps (plus a loop period per pass).
    case file
}

/// The timeline as a `PointSource` for the Runner: endless ticks at the feed's rate while a signal
/// plays, the file's points while a point file plays. The cursor reads the feed's ``Timing`` at every
/// tick, so a spec that replaces a file switches the cadence at the next index.
struct TickSource: PointSource {
    let feed: LiveFeed
    /// The file, when the run starts on one.
    let file: PointFile?
    /// The file's loop period, when looping.
    let loopPeriod: TimeInterval?
    let rate: Double
    let firstIndex: Int

    func makeCursor() throws(SignalError) -> Cursor {
        Cursor(source: self, fileCursor: try file?.makeCursor(), nextIndex: firstIndex)
    }

    /// Reads the ticks of a run.
    struct Cursor: PointCursor {
        let source: TickSource
        var fileCursor: PointFile.Cursor?
        var nextIndex: Int
        var pass = 0
        var pointsInPass = 0

        mutating func next() throws(SignalError) -> (point: Tick, time: TimeInterval)? {
            let index = nextIndex
            switch source.feed.timing() {
            case .signal(let baseIndex, let baseTimestamp, let baseMedia):
                let k = Double(index - baseIndex) / source.rate
                nextIndex += 1
                // A timeline aligned on its indices (from 0, or on an epoch) stamps point i with i / rate
                // itself, so that its timestamp depends on the index alone (a restarted server on the
                // same epoch writes the same bytes), not on where the run began.
                let aligned = baseTimestamp == Double(baseIndex) / source.rate
                let tick = Tick(
                    index: index, timestamp: aligned ? Double(index) / source.rate : baseTimestamp + k,
                    media: baseMedia + k)
                return (tick, tick.media)
            case .file:
                guard let file = source.file else { return nil }
                if fileCursor == nil { fileCursor = try file.makeCursor() }
                while true {
                    if let (point, time) = try fileCursor?.next() {
                        let media = pass == 0 ? time : Double(pass) * (source.loopPeriod ?? 0) + time
                        var moved = point
                        moved.timestamp = media
                        nextIndex += 1
                        pointsInPass += 1
                        return (Tick(index: index, timestamp: media, media: media, filePoint: moved), media)
                    }
                    // A file emptied on disk between passes ends the run instead of looping on nothing.
                    guard let period = source.loopPeriod, period > 0, pointsInPass > 0 else { return nil }
                    fileCursor = try file.makeCursor()
                    pass += 1
                    pointsInPass = 0
                }
            }
        }
    }
}
