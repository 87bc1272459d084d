import Formats
import InternalUtilities
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes
import NIOWebSocket

/// How a streaming connection's points are written.
enum StreamEncoding: Sendable, Hashable {
    /// Server-Sent Events in the chunked body of an HTTP/1.1 response: a batch is one chunk.
    case sse
    /// WebSocket text frames, one per point; with `ids`, each is `{"id":INDEX,"point":LINE}` and the
    /// notes arrive as `{"note":…}` (without, notes are not sent).
    case webSocket(ids: Bool)
}

/// Writes a ``LiveFeed``'s new points to every streaming connection, from the connection's own event
/// loop, in coalesced batches.
///
/// A point does not wake a task per client. The playback thread publishes it and asks each event loop
/// that has streams for one *flush*, at most one per ``window``: a flush takes every stream's pending
/// points under the feed's lock once, writes each stream's batch (one HTTP chunk, or one WebSocket frame
/// per point) and flushes each channel once, so one `writev` carries everything a client is due. So at
/// 1 kHz with a 3 ms window a client gets three points per write, each at most 3 ms after it was due,
/// and 100 clients cost two event-loop tasks per flush rather than 100,000 task wake-ups a second; at
/// rates below one point per window every point is written at once.
///
/// The guarantees of the stream stay those of ``FeedState/take(_:limit:)``: every point in order, or a
/// counted skip ahead for a client lapped by the replay buffer. A client whose socket does not drain
/// (its channel is not writable) is left out of the flushes until it drains, so it slows no one, and a
/// retry flush comes every ``retryDelay`` while one is blocked.
final class FanOut: Sendable {
    /// One streaming connection.
    final class Sink: Sendable {
        let subscription: Int
        let channel: any Channel
        let encoding: StreamEncoding
        /// The number its response head carries in ``ConnectionStart/streamHeader`` (SSE): its chunks wait
        /// for that head.
        let head: Int?
        /// Completed (on the channel's event loop) once no more points will be written.
        let ended: EventLoopPromise<Void>
        /// Where the framed bytes go, found on the first flush.
        let path: NIOLoopBoundBox<Path>

        init(subscription: Int, channel: any Channel, encoding: StreamEncoding, head: Int?) {
            self.subscription = subscription
            self.channel = channel
            self.encoding = encoding
            self.head = head
            ended = channel.eventLoop.makePromise()
            path = NIOLoopBoundBox.makeBoxSendingValue(.unknown, eventLoop: channel.eventLoop)
        }
    }

    /// How a stream's batches reach its socket.
    enum Path {
        /// Not looked up yet.
        case unknown
        /// Framed here (HTTP chunks, WebSocket frames), written by the connection's ``ConnectionStart``
        /// straight to the socket: one buffer per batch, the same buffer for every stream due the same
        /// points.
        case raw(ConnectionStart)
        /// Through the channel's encoders (a pipeline without a ``ConnectionStart``, as in tests that
        /// build their own server): WebSocket only, whose `101` went out before the upgrade completed.
        case encoders
    }

    /// The streams of one event loop and its flush schedule.
    struct Loop {
        let eventLoop: any EventLoop
        var sinks: [Int: Sink] = [:]
        /// Whether a flush is scheduled and has not started yet.
        var scheduled = false
        /// When the last flush started (ns, monotonic).
        var lastFlush = Int64.min / 2
    }

    struct State {
        var loops: [ObjectIdentifier: Loop] = [:]
        /// The loop of each subscription.
        var owners: [Int: ObjectIdentifier] = [:]
    }

    /// The feed's state, where the points and the cursors are.
    private let feed: NIOLockedValueBox<FeedState>
    private let state = NIOLockedValueBox(State())
    /// The shortest time between two flushes of one event loop, ns (0: a flush per point).
    let window: Int64
    /// Most points in one stream's batch.
    let batchLimit: Int
    /// How soon a flush comes again while a stream's channel is not writable, ns.
    static let retryDelay: Int64 = 10_000_000

    /// The clock the window is measured on (ns, monotonic; tests inject one that moves with an
    /// `EmbeddedEventLoop`).
    private let now: @Sendable () -> Int64

    /// A fan-out over a feed's state.
    /// - Parameters:
    ///   - feed: The feed's state.
    ///   - window: The shortest time between two flushes of one event loop (0 to 50 ms).
    ///   - batchLimit: Most points in one stream's batch.
    ///   - now: Nanoseconds on a monotonic clock.
    init(
        feed: NIOLockedValueBox<FeedState>, window: Duration, batchLimit: Int,
        now: @escaping @Sendable () -> Int64 = { Monotonic.now() }
    ) {
        self.feed = feed
        self.now = now
        let (seconds, attoseconds) = window.components
        self.window = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        self.batchLimit = batchLimit
    }

    /// Starts writing the points of `subscription` to `channel`.
    /// - Parameter head: For an SSE stream, the number its response head carries in
    ///   ``ConnectionStart/streamHeader``: nothing is written past the encoders before that head.
    /// - Returns: A future completed once no more points will be written: the stream was detached, the
    ///   channel closed, or the feed closed.
    func attach(
        _ subscription: Int, channel: any Channel, encoding: StreamEncoding, head: Int? = nil
    ) -> EventLoopFuture<Void> {
        let sink = Sink(subscription: subscription, channel: channel, encoding: encoding, head: head)
        let key = ObjectIdentifier(channel.eventLoop)
        state.withLockedValue { s in
            s.loops[key, default: Loop(eventLoop: channel.eventLoop)].sinks[subscription] = sink
            s.owners[subscription] = key
        }
        channel.closeFuture.whenComplete { [self] _ in detach(subscription) }
        schedule(key, delay: 0)  // the newest point (or the replay after a Last-Event-ID) at once
        return sink.ended.futureResult
    }

    /// Stops writing to `subscription` (idempotent). It happens on the stream's event loop, after any
    /// flush under way there, so nothing is written after its ``Sink/ended`` completes.
    /// - Parameter error: Why the stream cannot go on (its ``Sink/ended`` fails with it); `nil` when it
    ///   simply ends.
    func detach(_ subscription: Int, failing error: (any Error)? = nil) {
        guard let loop = state.withLockedValue({ s in s.owners[subscription].flatMap { s.loops[$0]?.eventLoop } })
        else { return }
        loop.execute { [self] in
            let sink = state.withLockedValue { s -> Sink? in
                guard let key = s.owners.removeValue(forKey: subscription) else { return nil }
                return s.loops[key]?.sinks.removeValue(forKey: subscription)
            }
            if let error { sink?.ended.fail(error) } else { sink?.ended.succeed() }
        }
    }

    /// How many streams' channels are not writable now: their clients stopped reading and their sockets
    /// are full (a test waits for it before a shutdown that must not wait on them).
    var unwritableStreams: Int {
        state.withLockedValue { s in
            s.loops.values.reduce(0) { $0 + $1.sinks.values.filter { !$0.channel.isWritable }.count }
        }
    }

    /// Ends every stream (the feed closed).
    func detachAll() {
        for subscription in state.withLockedValue({ Array($0.owners.keys) }) { detach(subscription) }
    }

    /// A point was published: each event loop with streams gets a flush, within ``window`` of its last.
    func published() {
        let now = self.now()
        let due = state.withLockedValue { s -> [(ObjectIdentifier, Int64)] in
            var due: [(ObjectIdentifier, Int64)] = []
            for key in s.loops.keys {
                guard let loop = s.loops[key], !loop.sinks.isEmpty, !loop.scheduled else { continue }
                s.loops[key]?.scheduled = true
                due.append((key, loop.lastFlush + window - now))
            }
            return due
        }
        for (key, delay) in due { run(key, delay: delay) }
    }

    /// Schedules a flush of `key` in `delay` ns, unless one is scheduled already.
    private func schedule(_ key: ObjectIdentifier, delay: Int64) {
        let wanted = state.withLockedValue { s -> Bool in
            guard let loop = s.loops[key], !loop.scheduled else { return false }
            s.loops[key]?.scheduled = true
            return true
        }
        if wanted { run(key, delay: delay) }
    }

    /// Runs a flush of `key` (already marked scheduled) on its event loop after `delay` ns.
    private func run(_ key: ObjectIdentifier, delay: Int64) {
        guard let loop = state.withLockedValue({ $0.loops[key]?.eventLoop }) else { return }
        if delay <= 0 {
            loop.execute { [self] in flush(key) }
        } else {
            loop.scheduleTask(in: .nanoseconds(delay)) { [self] in flush(key) }
        }
    }

    /// Writes every stream of one event loop what it is due (on that loop).
    private func flush(_ key: ObjectIdentifier) {
        let sinks = state.withLockedValue { s -> [Sink] in
            s.loops[key]?.scheduled = false
            s.loops[key]?.lastFlush = now()
            return s.loops[key].map { Array($0.sinks.values) } ?? []
        }
        guard !sinks.isEmpty else { return }
        var ready: [Sink] = []
        ready.reserveCapacity(sinks.count)
        var blocked = false
        for sink in sinks {
            if case .unknown = sink.path.value {
                if let start = try? sink.channel.pipeline.syncOperations.handler(type: ConnectionStart.self) {
                    sink.path.value = .raw(start)
                } else {
                    sink.path.value = .encoders
                }
            }
            if sink.encoding == .sse {
                // An SSE response's head goes out through the encoders, from Hummingbird's writer: the
                // events may follow only once its own head is out (the head of an earlier response on the
                // same connection may still be ahead of it), which only the guard's `ConnectionStart`
                // sees. Without it, or without the head's number, there is no telling: the stream ends
                // with an error rather than risk an event ahead of its head.
                guard case .raw(let start) = sink.path.value, let head = sink.head else {
                    detach(sink.subscription, failing: FanOutError.unorderedStream)
                    continue
                }
                if start.streamHeadSent != head {
                    start.onResponseHead(of: head) { [self] in schedule(key, delay: 0) }
                    continue
                }
            }
            if sink.channel.isWritable { ready.append(sink) } else { blocked = true }
        }
        let limit = batchLimit
        let taken = feed.withLockedValue { f in ready.map { f.takeForFanOut($0.subscription, limit: limit) } }
        var cache = BatchCache()
        var behind = false
        for (sink, (take, more)) in zip(ready, taken) {
            switch take {
            case .closed:
                detach(sink.subscription)
            case .empty, .again:
                behind = behind || more
            case .batch(let batch):
                write(batch, to: sink, cache: &cache)
                behind = behind || more
            }
        }
        if behind {
            schedule(key, delay: 0)  // the rest of a batch that hit its limit follows at once
        } else if blocked {
            schedule(key, delay: FanOut.retryDelay)
        }
    }

    /// Writes and flushes one stream's batch (on its event loop).
    private func write(_ batch: FeedBatch, to sink: Sink, cache: inout BatchCache) {
        if case .raw(let start) = sink.path.value {
            let bytes = cache.framed(batch, sink.encoding)
            guard bytes.readableBytes > 0 else { return }
            if start.write(raw: bytes) {
                start.flushRaw()
                return
            }
            sink.path.value = .encoders
        }
        writeThroughEncoders(batch, to: sink, cache: &cache)
        sink.channel.flush()
    }

    /// Writes one stream's batch as HTTP body parts or WebSocket frames, for the channel's encoders to
    /// frame (no flush).
    private func writeThroughEncoders(_ batch: FeedBatch, to sink: Sink, cache: inout BatchCache) {
        switch sink.encoding {
        case .sse:
            sink.channel.write(HTTPResponsePart.body(cache.sseBody(batch)), promise: nil)
        case .webSocket(let ids):
            if ids, let note = batch.note {
                let text = StreamMessage.note(note)
                sink.channel.write(
                    WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)), promise: nil)
            }
            for entry in batch.entries {
                sink.channel.write(
                    WebSocketFrame(fin: true, opcode: .text, data: ids ? cache.wrapped(entry) : entry.json),
                    promise: nil)
            }
        }
    }
}

/// Why the fan-out ended a stream.
enum FanOutError: Error, CustomStringConvertible {
    /// An SSE stream on a connection without the guard's `ConnectionStart`, or whose response head
    /// carries no number: its events could go out ahead of its head.
    case unorderedStream

    var description: String {
        "an SSE stream needs the server's guarded pipeline (its ConnectionStart) and a numbered response head, or its events could precede the head"
    }
}

/// What one flush encodes once and writes to every stream that is due the same thing.
struct BatchCache {
    /// Framed batches of note-less runs of consecutive points, by encoding, first index and count.
    private var framedBatches: [FramedKey: ByteBuffer] = [:]

    struct FramedKey: Hashable {
        var encoding: StreamEncoding
        var first: Int
        var count: Int
    }

    /// A batch as the bytes on the wire: an HTTP/1.1 chunk (`SIZE\r\n`, the events, `\r\n`) for SSE,
    /// consecutive unmasked text frames for a WebSocket (RFC 6455 §5.2; no extension is negotiated).
    mutating func framed(_ batch: FeedBatch, _ encoding: StreamEncoding) -> ByteBuffer {
        var key: FramedKey?
        if batch.note == nil, let first = batch.entries.first, let last = batch.entries.last,
            last.index - first.index + 1 == batch.entries.count
        {
            key = FramedKey(encoding: encoding, first: first.index, count: batch.entries.count)
        }
        if let key, let done = framedBatches[key] { return done }
        var out = ByteBuffer()
        switch encoding {
        case .sse:
            let body = sseBody(batch)
            out.reserveCapacity(body.readableBytes + 12)
            out.writeString(ChunkedCoding.chunkHead(size: body.readableBytes))
            out.writeImmutableBuffer(body)
            out.writeString(ChunkedCoding.chunkEnd)
        case .webSocket(let ids):
            out.reserveCapacity(batch.entries.reduce(0) { $0 + $1.json.readableBytes + (ids ? 40 : 10) })
            if ids, let note = batch.note {
                BatchCache.writeTextFrame(ByteBuffer(string: StreamMessage.note(note)), to: &out)
            }
            for entry in batch.entries { BatchCache.writeTextFrame(ids ? wrapped(entry) : entry.json, to: &out) }
        }
        if let key { framedBatches[key] = out }
        return out
    }

    /// An unmasked, final text frame (a server's): the head `WebSocketProtocol.frameHead` writes (`0x81`, the
    /// payload length in 7, 16 or 64 bits), then the payload.
    static func writeTextFrame(_ payload: ByteBuffer, to out: inout ByteBuffer) {
        out.writeBytes(WebSocketProtocol.frameHead(.text, length: payload.readableBytes, masked: false))
        out.writeImmutableBuffer(payload)
    }

    /// SSE bodies of note-less batches of consecutive points, by their first index and count.
    private var bodies: [Int64: ByteBuffer] = [:]
    /// `{"id":…,"point":…}` of points, by index.
    private var wrappedPoints: [Int: ByteBuffer] = [:]

    /// The SSE chunk of a batch: its note as a comment, then its events.
    mutating func sseBody(_ batch: FeedBatch) -> ByteBuffer {
        // Only a run of consecutive points is known by its first index and count (a decimated one is not).
        var key: Int64?
        if batch.note == nil, let first = batch.entries.first, let last = batch.entries.last,
            last.index - first.index + 1 == batch.entries.count, batch.entries.count < 1 << 16
        {
            key = Int64(first.index) << 16 | Int64(batch.entries.count)
        }
        if let key, let body = bodies[key] { return body }
        var body = ByteBuffer()
        body.reserveCapacity(
            batch.entries.reduce(batch.note.map { $0.utf8.count + 4 } ?? 0) { $0 + $1.event.readableBytes })
        if let note = batch.note { body.writeString(SSEWriter.comment(note)) }
        for entry in batch.entries { body.writeImmutableBuffer(entry.event) }
        if let key { bodies[key] = body }
        return body
    }

    /// A point as a `?ids=true` WebSocket message.
    mutating func wrapped(_ entry: FeedEntry) -> ByteBuffer {
        if let done = wrappedPoints[entry.index] { return done }
        var buffer = ByteBuffer()
        buffer.reserveCapacity(entry.json.readableBytes + 32)
        buffer.writeString(StreamMessage.pointHead(id: entry.index))
        buffer.writeImmutableBuffer(entry.json)
        buffer.writeString(StreamMessage.pointEnd)
        wrappedPoints[entry.index] = buffer
        return buffer
    }
}
