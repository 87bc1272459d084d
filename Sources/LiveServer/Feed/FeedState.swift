import Location
import NIOCore
import Playback
import Signals

/// Which stream a client reads.
enum ClientKind: Sendable, Hashable {
    case sse
    case ws
}

/// One streaming client's position on the timeline.
///
/// Its queue is the part of the shared ring between its cursor and the head: bounded by the ring's
/// capacity (the replay window, ≥ 10 s of points). A client that falls further behind is lapped by the
/// ring and skips ahead to the newest point, with a note counting what it missed.
struct Subscriber: Sendable {
    var kind: ClientKind
    /// Index of the next point to look at.
    var cursor: Int
    /// Points per second to keep (`?rate=`), or `nil` for every point.
    var rate: Double?
    /// Timestamp of the point before ``cursor``, for decimation; `nil` sends the next point whatever it is.
    var previousTimestamp: Double?
    /// An SSE comment to send before the next points.
    var note: String?
}

/// What a client gets next: a comment (SSE only) and points, in order.
struct FeedBatch: Sendable {
    var note: String?
    var entries: [FeedEntry]
}

/// Where a new stream starts.
enum StreamStart: Sendable, Hashable {
    /// At the newest point.
    case latest
    /// After the point with this index (`Last-Event-ID`).
    case after(Int)
}

/// Everything a ``LiveFeed`` shares between the playback thread and the request handlers, guarded by
/// the feed's one lock. Every method runs with the lock held and only does loads and stores.
struct FeedState: Sendable {
    var source: LiveSource
    /// Bumped by every spec: the playback thread re-renders from the current index when it changes.
    var generation = 0
    var timing: Timing
    var accelerometerHold: Acceleration?
    var locationHold: GeoCoordinate?
    /// A heading held by `POST /update` (trajectories only).
    var headingHold: HeldHeading?
    /// A pressure held by `POST /update`, pascals (trajectories only).
    var pressureHold: Double?
    var ring: PointRing
    var latest: LatestPoint?
    /// The body of `GET /data` for ``latest``, made on first request.
    var dataCache: (index: Int, body: ByteBuffer)?
    var subscribers: [Int: Subscriber] = [:]
    var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextSubscriberID = 0
    var sseClients = 0
    var wsClients = 0
    /// Last poll time of each polling connection (time since the feed's creation).
    var pollers: [String: Duration] = [:]
    var started = false
    var closed = false
    var speed: Double
    var summary: PlaybackSummary?

    /// Whether the source is a trajectory spec (whose points carry a heading and a pressure to hold).
    var isTrajectory: Bool {
        if let spec = source.spec, case .trajectory = spec.document { true } else { false }
    }

    /// Decides what the playback thread makes of `tick`; a spec that replaced a point file takes over
    /// the cadence from this tick on.
    mutating func plan(for tick: Tick) -> PointPlan {
        let spec = source.spec
        if spec != nil, case .file = timing {
            timing = .signal(index: tick.index, timestamp: tick.timestamp, media: tick.media)
        }
        let kind: PointPlan.Kind
        if let spec, case .trajectory(let trajectory) = spec.document {
            kind = .trajectory(
                trajectory,
                TrajectoryHolds(accelerometer: accelerometerHold, heading: headingHold, pressure: pressureHold))
        } else if let v = accelerometerHold {
            kind = .hold(v)
        } else if let spec {
            kind = .spec(spec.signal)
        } else {
            kind = .file
        }
        return PointPlan(kind: kind, generation: generation, route: spec?.sampler, heldLocation: locationHold)
    }

    /// Appends a point and hands back the waiting clients to wake.
    mutating func publish(_ entry: FeedEntry, _ point: LatestPoint) -> [CheckedContinuation<Void, Never>] {
        ring.append(entry)
        latest = point
        guard !waiting.isEmpty else { return [] }
        let woken = Array(waiting.values)
        waiting.removeAll(keepingCapacity: true)
        return woken
    }

    /// Registers a client.
    mutating func subscribe(_ kind: ClientKind, from start: StreamStart, rate: Double?) -> Int {
        let id = nextSubscriberID
        nextSubscriberID += 1
        let head = ring.head
        let tail = ring.tail
        var subscriber = Subscriber(kind: kind, cursor: max(tail, head - 1), rate: rate)
        if case .after(let last) = start {
            if last >= head {
                subscriber.note =
                    head == 0
                    ? "Last-Event-ID \(last) is not on this timeline (no point has played yet); starting with the first point"
                    : "Last-Event-ID \(last) is not on this timeline (its newest point is \(head - 1)); resuming from the newest point"
            } else if last + 1 < tail {
                subscriber.note =
                    "missed \(tail - last - 1) points older than the replay buffer (it keeps the last \(ring.capacity) points); resuming from the oldest kept, \(tail)"
                subscriber.cursor = tail
            } else {
                subscriber.cursor = last + 1
                subscriber.previousTimestamp = ring[last]?.timestamp
            }
        }
        subscribers[id] = subscriber
        switch kind {
        case .sse: sseClients += 1
        case .ws: wsClients += 1
        }
        return id
    }

    /// Removes a client; returns its waiter to wake.
    mutating func unsubscribe(_ id: Int) -> CheckedContinuation<Void, Never>? {
        if let subscriber = subscribers.removeValue(forKey: id) {
            switch subscriber.kind {
            case .sse: sseClients -= 1
            case .ws: wsClients -= 1
            }
        }
        return waiting.removeValue(forKey: id)
    }

    /// The outcome of ``take(_:limit:)``.
    enum Take {
        /// The stream is over (feed closed or client gone).
        case closed
        /// Nothing new: wait for the next point.
        case empty
        /// Points (and maybe a note) to send.
        case batch(FeedBatch)
        /// Points were looked at but none kept (decimation): take again.
        case again
    }

    /// The next points for client `id`, at most `limit`, looking at no more than `4 · limit` points
    /// under the lock. A client lapped by the ring skips ahead to the newest point, with a note.
    mutating func take(_ id: Int, limit: Int) -> Take {
        guard !closed, var s = subscribers[id] else { return .closed }
        defer { subscribers[id] = s }
        var note = s.note
        s.note = nil
        if s.cursor < ring.tail, ring.head > 0 {
            let newest = ring.head - 1
            let missed = newest - s.cursor
            let skip =
                "missed \(missed) points: this client read more slowly than the feed, so it skipped ahead to the newest point (\(newest))"
            note = note.map { "\($0)\n: \(skip)" } ?? skip
            s.cursor = newest
            s.previousTimestamp = nil
        }
        var entries: [FeedEntry] = []
        var looked = 0
        while s.cursor < ring.head, entries.count < limit, looked < 4 * limit {
            guard let entry = ring[s.cursor] else { break }
            if FeedState.keep(entry.timestamp, after: s.previousTimestamp, rate: s.rate) { entries.append(entry) }
            s.previousTimestamp = entry.timestamp
            s.cursor += 1
            looked += 1
        }
        if entries.isEmpty, note == nil { return looked > 0 ? .again : .empty }
        return .batch(FeedBatch(note: note, entries: entries))
    }

    /// ``take(_:limit:)`` for the fan-out: past points a decimated stream does not keep (at most 16
    /// rounds), and whether the client is still behind the head afterwards.
    mutating func takeForFanOut(_ id: Int, limit: Int) -> (Take, more: Bool) {
        var take = Take.again
        for _ in 0..<16 {
            take = self.take(id, limit: limit)
            guard case .again = take else { break }
        }
        let more = subscribers[id].map { $0.cursor < ring.head } ?? false
        return (take, more)
    }

    /// Whether a decimated stream keeps a point: when its tick, `floor(t · rate)`, differs from the
    /// previous point's, so that `rate` points per second of timeline time are taken, never averaged.
    static func keep(_ timestamp: Double, after previous: Double?, rate: Double?) -> Bool {
        guard let rate, let previous else { return true }
        return tick(timestamp, rate) != tick(previous, rate)
    }

    /// `floor(t · rate)`, where a product within 1e-9 (relative) of a whole number counts as that number:
    /// timestamps are `index / sourceRate` in Double, so the point due exactly at a tick can land a few
    /// ulps below it (0.58 · 50 = 28.999999999999996) and would otherwise lose its tick to the next point.
    static func tick(_ timestamp: Double, _ rate: Double) -> Double {
        let x = timestamp * rate
        let nearest = x.rounded()
        return abs(x - nearest) <= 1e-9 * max(1, abs(x)) ? nearest : x.rounded(.down)
    }

    /// Registers the waiter of client `id`, unless there is something for it already (or it is gone).
    /// - Returns: `true` when the caller should resume the continuation at once.
    mutating func wait(_ id: Int, _ continuation: CheckedContinuation<Void, Never>) -> Bool {
        guard !closed, let s = subscribers[id], s.cursor >= ring.head, s.note == nil else { return true }
        waiting[id] = continuation
        return false
    }

    /// Polling connections seen within `window` before `now`; forgets older ones.
    mutating func pollingClients(now: Duration, window: Duration) -> Int {
        pollers = pollers.filter { now - $0.value <= window }
        return pollers.count
    }
}
