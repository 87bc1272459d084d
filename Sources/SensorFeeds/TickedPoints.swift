import Foundation
import Playback

/// A point source read at a fixed interval: tick `k` (at `first + k · interval` seconds) delivers the
/// source's point due at that instant, the last with a timestamp at or before the tick. Points between
/// ticks are skipped, never averaged; each delivered point keeps its own timestamp. Ticks cover one
/// pass of the source, `[first, first + period)`, the period being the source's own (a signal's
/// frames / rate) or its last timestamp plus the gap before it (as the Runner loops a file).
struct TickedPoints<Base: PointSource>: PointSource {
    let base: Base
    /// Seconds between ticks (> 0).
    let interval: Double

    var loopPeriod: TimeInterval? {
        // One pass of ticks lasts a whole number of intervals covering the base's pass.
        guard let period = base.loopPeriod, period > 0 else { return nil }
        return (period / interval).rounded(.up) * interval
    }

    func makeCursor() throws -> Cursor {
        Cursor(base: try base.makeCursor(), interval: interval, period: base.loopPeriod)
    }

    struct Cursor: PointCursor {
        var base: Base.Cursor
        let interval: Double
        /// The source's pass length, when it knows it.
        let period: Double?
        var tick = 0
        var first: Double?
        var pending: (point: Base.Point, time: Double)?
        var current: Base.Point?
        var exhausted = false
        var lastTime: Double?
        var lastGap = 0.0

        mutating func next() throws -> (point: Base.Point, time: TimeInterval)? {
            if pending == nil, !exhausted {
                pending = try base.next()
                if pending == nil { exhausted = true }
            }
            if first == nil {
                guard let p = pending else { return nil }
                first = p.time
            }
            guard let start = first else { return nil }
            let due = start + Double(tick) * interval
            // Tolerance for times computed two ways (n / rate and k · interval): a nanosecond.
            let slack = 1e-9 * max(1, abs(due))
            var advanced = false
            while let p = pending, p.time <= due + slack {
                current = p.point
                if let lastTime { lastGap = p.time - lastTime }
                lastTime = p.time
                advanced = true
                pending = try base.next()
                if pending == nil { exhausted = true }
            }
            if exhausted {
                // Past the end of the pass: [first, first + period).
                let end = start + (period ?? ((lastTime ?? start) - start + lastGap))
                if due >= end - slack, !(tick == 0 && advanced) { return nil }
            }
            guard let point = current else { return nil }
            tick += 1
            return (point, due - start)
        }
    }
}

/// A point source whose points are made from another's, one by one and in order, by a transform made
/// afresh for each pass (so a stateful transform, a fusion filter, starts again with the pass).
struct MappedPoints<Base: PointSource, Point: Timestamped & Sendable>: PointSource {
    let base: Base
    /// Makes the transform of one pass.
    let makeTransform: @Sendable () -> (Base.Point) throws -> Point

    var loopPeriod: TimeInterval? { base.loopPeriod }

    func makeCursor() throws -> Cursor { Cursor(base: try base.makeCursor(), transform: makeTransform()) }

    struct Cursor: PointCursor {
        var base: Base.Cursor
        let transform: (Base.Point) throws -> Point

        mutating func next() throws -> (point: Point, time: TimeInterval)? {
            guard let (point, time) = try base.next() else { return nil }
            return (try transform(point), time)
        }
    }
}
