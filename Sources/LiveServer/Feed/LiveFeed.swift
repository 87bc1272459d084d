import Formats
import Foundation
import InternalUtilities
import Location
import NIOConcurrencyHelpers
import NIOCore
import Playback
import Signals
import Specs

/// One shared timeline of points, played in real time by a `Runner` and read by any number of clients.
///
/// The playback thread makes each point once (rendering the spec at the timeline's global sample index,
/// or reading the point file), encodes it once as a `signals play` line and an SSE event, and appends it
/// to a ring that keeps the last ``FeedOptions/replaySeconds`` of points. Clients never slow it: each
/// reads the ring through its own cursor, and one that falls a whole ring behind skips ahead to the
/// newest point, told how many it missed. All mutable state sits behind one lock, held only for loads
/// and stores.
///
/// ```swift
/// let feed = try LiveFeed(source: .load("Examples/specs/shake-motion.json", options: FeedOptions()),
///                         options: FeedOptions())
/// try feed.start()
/// try feed.replaceSpec(json: Data(#"{"sine": {"frequency": 2}}"#.utf8))   // from the next index
/// print(feed.status.index)
/// feed.close()
/// ```
///
/// Time is injectable: a `LiveFeed(source:options:clock: ManualClock())` plays only as far as a test
/// advances the clock, so spec switches land at exact indices without sleeping.
public final class LiveFeed: Sendable {
    /// The options the feed plays with.
    public let options: FeedOptions
    let control: any PlaybackControl
    let state: NIOLockedValueBox<FeedState>
    /// Points per second of the point file the feed started with, if any.
    let fileRate: Double?
    /// The wall clock an ``FeedOptions/epoch`` is read against (Unix seconds).
    let wallClock: @Sendable () -> Double
    /// Seconds of timeline time before the Runner's first point (an epoch's start), for ``monotonicOrigin``.
    let timelineOffset: NIOLockedValueBox<Double>
    /// Writes the points to the streaming connections.
    let fanOut: FanOut
    /// Where a spec sent over HTTP is decoded and checked: off the request's thread, below the playback
    /// thread's priority.
    let specChecker = SpecChecker()

    /// How long a polling connection counts in ``FeedStatus/Clients/polling``.
    static let pollingWindow = Duration.seconds(2)

    /// Creates a feed on the real monotonic clock (it does not play until ``start()``).
    /// - Parameters:
    ///   - source: What to play.
    ///   - options: Rate, speed, loop, replay window.
    /// - Throws: `SignalError` for options out of range.
    public convenience init(source: LiveSource, options: FeedOptions) throws(SignalError) {
        try self.init(source: source, options: options, clock: ContinuousClock())
    }

    /// Creates a feed on `clock`, reading an ``FeedOptions/epoch`` against `wallClock` (tests pin both).
    /// - Parameters:
    ///   - source: What to play.
    ///   - options: Rate, speed, loop, replay window, epoch.
    ///   - clock: The playback clock.
    ///   - wallClock: Unix time now, in seconds.
    /// - Throws: `SignalError` for options out of range, or an epoch with a point file, in the
    ///   future, or too far in the past.
    public convenience init<C: Clock>(
        source: LiveSource, options: FeedOptions, clock: C,
        wallClock: @escaping @Sendable () -> Double
    ) throws(SignalError)
    where C.Duration == Duration {
        try self.init(source: source, options: options, clock: clock, wall: wallClock)
    }

    /// Creates a feed on `clock` (it does not play until ``start()``).
    /// - Parameters:
    ///   - source: What to play.
    ///   - options: Rate, speed, loop, replay window.
    ///   - clock: `ContinuousClock` for real time, `ManualClock` for deterministic tests.
    /// - Throws: `SignalError` for options out of range.
    public convenience init<C: Clock>(source: LiveSource, options: FeedOptions, clock: C) throws(SignalError)
    where C.Duration == Duration {
        try self.init(source: source, options: options, clock: clock, wall: { Date().timeIntervalSince1970 })
    }

    private init<C: Clock>(
        source: LiveSource, options: FeedOptions, clock: C, wall: @escaping @Sendable () -> Double
    ) throws(SignalError)
    where C.Duration == Duration {
        let options = try options.validated()
        wallClock = wall
        timelineOffset = NIOLockedValueBox(0)
        if let epoch = options.epoch {
            if case .points = source {
                throw SignalError(
                    .invalidArgument,
                    "--epoch pins a spec's timeline to the wall clock; a point file plays on its own timestamps")
            }
            _ = try LiveFeed.epochIndex(epoch: epoch, now: wall(), rate: options.sampleRate)
        }
        self.options = options
        control = RunnerControl(clock: clock)
        var rate = options.sampleRate
        var fileRate: Double?
        let timing: Timing
        switch source {
        case .points(_, let schedule):
            if let first = schedule.first, let last = schedule.last, last > first, schedule.count > 1 {
                fileRate = Double(schedule.count - 1) / (last - first)
            } else {
                fileRate = options.sampleRate
            }
            rate = max(rate, fileRate ?? rate)
            timing = .file
        case .spec:
            timing = .signal(index: 0, timestamp: 0, media: 0)
        }
        self.fileRate = fileRate
        let wanted = (options.replaySeconds * rate).rounded(.up) + 1
        let capacity =
            wanted < Double(FeedOptions.largestReplayCapacity)
            ? max(16, Int(wanted)) : FeedOptions.largestReplayCapacity
        state = NIOLockedValueBox(
            FeedState(source: source, timing: timing, ring: PointRing(capacity: capacity), speed: options.speed))
        fanOut = FanOut(feed: state, window: options.writeWindow, batchLimit: options.batchLimit)
    }

    // MARK: - Playing

    /// Starts playing (does nothing when already started or closed).
    /// - Throws: `SignalError` when the playback cannot start (a point file that cannot be opened).
    public func start() throws(SignalError) {
        let begin: (LiveSource, Int, Double)? = state.withLockedValue { s in
            guard !s.started, !s.closed else { return nil }
            s.started = true
            return (s.source, s.ring.head, s.speed)
        }
        guard let (source, first, speed) = begin else { return }
        if let epoch = options.epoch {
            try startOnEpoch(source, epoch: epoch, speed: speed)
        } else {
            try launch(source, firstIndex: first, speed: speed)
        }
    }

    /// The timeline position of `now` for an epoch: `(now − epoch) · rate`, in points.
    /// - Throws: `SignalError` for an epoch in the future or more than 2⁴⁸ points ago.
    static func epochIndex(epoch: Double, now: Double, rate: Double) throws(SignalError) -> Double {
        let exact = (now - epoch) * rate
        guard exact >= 0 else {
            throw SignalError(.invalidArgument, "--epoch \(epoch) is \(epoch - now) s in the future (now is \(now))")
        }
        guard exact < Double(FeedOptions.largestEpochIndex) else {
            throw SignalError(
                .invalidArgument,
                "--epoch \(epoch) puts the timeline \(exact) points in at \(rate) Hz; at most 2^48 are allowed")
        }
        return exact
    }

    /// Starts on the epoch's timeline: fills the replay buffer with the points already due (the last
    /// ``PointRing/capacity`` of them), then plays from the next one at its wall-clock instant.
    private func startOnEpoch(_ source: LiveSource, epoch: Double, speed: Double) throws(SignalError) {
        let rate = options.sampleRate
        let capacity = state.withLockedValue { $0.ring.capacity }
        let maker = PointMaker(rate: rate)
        var next: Int?
        // Making the backlog takes time: catch up until no point is due before the Runner takes over.
        while true {
            let exact = try LiveFeed.epochIndex(epoch: epoch, now: wallClock(), rate: rate)
            let due = Int(exact.rounded(.up))  // points 0 ..< due are due by now
            let first = next ?? max(0, due - capacity)
            if first >= due {
                let media = (Double(first) - exact) / rate  // ≥ 0: when point `first` is due, from now
                timelineOffset.withLockedValue { $0 = Double(first) / rate - media }
                state.withLockedValue {
                    $0.timing = .signal(index: first, timestamp: Double(first) / rate, media: media)
                }
                try launch(source, firstIndex: first, speed: speed)
                return
            }
            for index in first..<due {
                do {
                    try produce(Tick(index: index, timestamp: Double(index) / rate, media: 0, filePoint: nil), maker)
                } catch let error as SignalError {
                    throw error
                } catch {
                    throw SignalError(.invalidArgument, "cannot make point \(index) of the epoch's timeline: \(error)")
                }
            }
            next = due
        }
    }

    /// Starts a run of the Runner over the timeline from `firstIndex`.
    private func launch(_ source: LiveSource, firstIndex: Int, speed: Double) throws(SignalError) {
        var file: PointFile?
        var loopPeriod: Double?
        if case .points(let f, let schedule) = source {
            file = f
            loopPeriod = options.loop ? schedule.loopPeriod : nil
        }
        let maker = PointMaker(rate: options.sampleRate)
        let ticks = TickSource(
            feed: self, file: file, loopPeriod: loopPeriod, rate: options.sampleRate, firstIndex: firstIndex)
        let playback = PlaybackOptions(loop: false, timing: options.timing, latePolicy: .deliverLate, speed: speed)
        do {
            try control.start(
                ticks, options: playback, handler: { [self] tick in try produce(tick, maker) },
                completion: { [self] summary in state.withLockedValue { $0.summary = summary } })
        } catch {
            throw SignalError(.invalidArgument, "cannot start playing: \(error)")
        }
    }

    /// Makes the point of `tick`, publishes it and wakes the clients waiting for it (playback thread).
    func produce(_ tick: Tick, _ maker: PointMaker) throws {
        let plan = state.withLockedValue { $0.plan(for: tick) }
        let (entry, latest) = try maker.make(tick, plan)
        let woken = state.withLockedValue { $0.publish(entry, latest) }
        for continuation in woken { continuation.resume() }
        fanOut.published()
    }

    /// How the cursor times the next tick.
    func timing() -> Timing { state.withLockedValue { $0.timing } }

    /// Stops playing and ends every stream (their clients see the stream close). Idempotent.
    public func close() {
        let woken: [CheckedContinuation<Void, Never>] = state.withLockedValue { s in
            s.closed = true
            let woken = Array(s.waiting.values)
            s.waiting.removeAll()
            return woken
        }
        for continuation in woken { continuation.resume() }
        fanOut.detachAll()
        control.stop()
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { state.withLockedValue { $0.closed } }

    /// How the last run ended (a point file that finished, or an error), if one has.
    public var summary: PlaybackSummary? { state.withLockedValue { $0.summary } }

    // MARK: - Control

    /// Holds the timeline: no point comes due until ``resume()``.
    public func pause() { control.pause() }

    /// Continues the timeline where it was paused: the next point is due after the time it still had to
    /// wait, so no burst of missed points follows.
    public func resume() { control.resume() }

    /// Changes the playback speed from now on.
    /// - Parameter speed: 0.01 to 100.
    /// - Throws: `SignalError` (`outOfRange`, path `$.speed`; a 400 over HTTP) for a speed out of range.
    public func setSpeed(_ speed: Double) throws(SignalError) {
        try FeedOptions.checkSpeed(speed, name: "'speed'", path: "$.speed")
        do {
            try control.setSpeed(speed)
        } catch {
            throw SignalError(.outOfRange, error.message, path: "$.speed")
        }
        state.withLockedValue { $0.speed = speed }
    }

    /// Replaces the source with a spec from JSON, from the next sample index on: the timeline goes on
    /// (timestamps keep rising, no index is skipped or repeated) and the new signal is evaluated at the
    /// same global sample index, so a component that did not change continues without a glitch. It
    /// ends a held accelerometer, heading and pressure. A point file that had finished starts the timeline again at the
    /// feed's rate.
    /// A route may have at most ``LiveSpec/mostLiveWaypoints`` waypoints here (a source given at start-up
    /// has no such bound).
    /// - Parameter json: Any spec `signals render` accepts.
    /// - Throws: `SignalError` with the message and JSON path (a 400 over HTTP), a route over the bound
    ///   included (`tooLarge`); nothing changes.
    public func replaceSpec(json: Data) throws(SignalError) {
        let value = try JSONValue.parse(json)
        try LiveSpec.checkLiveWaypoints(value)
        let document = try SpecDocument.decode(value, allowFiles: false)
        try replace(
            with: .spec(LiveSpec(document, text: String(decoding: json, as: UTF8.self), sampleRate: options.sampleRate))
        )
    }

    /// Replaces the source with a parsed spec (see ``replaceSpec(json:)``), decoded and checked by the
    /// feed's ``SpecChecker`` (its own thread, below the playback thread's priority) while the timeline
    /// plays on.
    /// - Throws: `SignalError` with the message and JSON path (a 400 over HTTP), a route over
    ///   ``LiveSpec/mostLiveWaypoints`` waypoints included (before any decoding); ``LiveServerError`` (503)
    ///   when too many specs wait to be checked. Nothing changes.
    func replaceSpec(_ value: JSONValue) async throws {
        try LiveSpec.checkLiveWaypoints(value)
        let rate = options.sampleRate
        let source = try await specChecker.check { () throws -> LiveSource in
            let document = try SpecDocument.decode(value, allowFiles: false)
            return .spec(try LiveSpec(document, text: value.serialized, sampleRate: rate))
        }
        try replace(with: source)
    }

    /// Switches to a checked spec source from the next index.
    private func replace(with source: LiveSource) throws(SignalError) {
        let restart: (Int, Double)? = state.withLockedValue { s in
            guard !s.closed else { return nil }
            s.source = source
            s.generation += 1
            s.accelerometerHold = nil
            s.headingHold = nil
            s.pressureHold = nil
            if source.spec?.sampler != nil { s.locationHold = nil }  // a route replaces a held location
            guard s.started, !control.isRunning else { return nil }
            // The point file ended: a new run continues the timeline at the feed's rate.
            let next = (s.ring.last?.timestamp).map { $0 + 1 / options.sampleRate } ?? 0
            s.timing = .signal(index: s.ring.head, timestamp: next, media: 0)
            return (s.ring.head, s.speed)
        }
        if let (first, speed) = restart {
            try? launch(source, firstIndex: first, speed: speed)  // a concurrent restart already runs it
        }
    }

    /// The current spec, or `nil` when the source is a point file.
    public var spec: LiveSpec? {
        state.withLockedValue { $0.source.spec }
    }

    /// Holds values on the timeline from the next sample, until another update or spec replaces them:
    /// an accelerometer reading (gravity = the vector, user acceleration and rotation rate zero) and/or
    /// a location.
    /// - Parameters:
    ///   - accelerometer: The reading to hold (g), or `nil` to leave it as it is.
    ///   - location: The position to hold, or `nil` to leave it as it is.
    public func hold(accelerometer: Acceleration?, location: GeoCoordinate?) {
        state.withLockedValue { s in
            if let accelerometer { s.accelerometerHold = accelerometer }
            if let location { s.locationHold = location }
        }
    }

    /// Holds what a `POST /update` body names, all or nothing, from the next sample (see
    /// ``hold(accelerometer:location:)``); a heading or a pressure holds only on a trajectory's points.
    /// `{}` (``UpdateRequest/releasesAll``) releases every hold.
    /// - Throws: `SignalError` (`invalidArgument`, path `$.heading` or `$.pressure`; a 400 over HTTP) for
    ///   a heading or a pressure when the source is not a trajectory spec; nothing is held then.
    func hold(_ update: UpdateRequest) throws(SignalError) {
        let refused: SignalError? = state.withLockedValue { s in
            if update.releasesAll {
                s.accelerometerHold = nil
                s.locationHold = nil
                s.headingHold = nil
                s.pressureHold = nil
                return nil
            }
            if !s.isTrajectory, update.heading != nil || update.pressure != nil {
                let field = update.heading != nil ? "heading" : "pressure"
                return SignalError(
                    .invalidArgument, path: "$.\(field)",
                    "'\(field)' is held on a trajectory's points, and the source is not a trajectory spec ({\"trajectory\": …}); PUT one to /v1/spec first"
                )
            }
            if let a = update.accelerometer { s.accelerometerHold = a }
            if let l = update.location { s.locationHold = l }
            if let h = update.heading { s.headingHold = h }
            if let p = update.pressure { s.pressureHold = p }
            return nil
        }
        if let refused { throw refused }
    }

    /// The values held by `POST /update`, as JSON: `{"accelerometer": {...}, "location": {...},
    /// "heading": {"trueHeading", "magneticHeading"?}, "pressure": Pa}` (each only while held).
    var holdsJSON: String {
        let (a, l, h, p) = state.withLockedValue {
            ($0.accelerometerHold, $0.locationHold, $0.headingHold, $0.pressureHold)
        }
        var parts: [String] = []
        if let a { parts.append("\"accelerometer\":\(PointLineCodec.vector(a.x, a.y, a.z, .double))") }
        if let l { parts.append("\"location\":{\"latitude\":\(l.latitude),\"longitude\":\(l.longitude)}") }
        if let h {
            parts.append(
                "\"heading\":{\"trueHeading\":\(h.trueHeading)"
                    + (h.magneticHeading.map { ",\"magneticHeading\":\($0)" } ?? "") + "}")
        }
        if let p { parts.append("\"pressure\":\(p)") }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// The feed's state now.
    public var status: FeedStatus {
        let now = control.elapsed()
        let statistics = control.statistics
        let paused = control.isPaused
        return state.withLockedValue { s in
            var rate = options.sampleRate
            if case .file = s.timing, let fileRate { rate = fileRate }
            let us = LatenessStatistics.microseconds
            return FeedStatus(
                sampleRate: rate, index: s.latest?.index ?? -1, timestamp: s.latest?.timestamp ?? 0, paused: paused,
                speed: s.speed,
                clients: FeedStatus.Clients(
                    sse: s.sseClients, ws: s.wsClients,
                    polling: s.pollingClients(now: now, window: LiveFeed.pollingWindow)),
                lateness: FeedStatus.Lateness(
                    p50: statistics.map { us($0.p50) } ?? 0, p99: statistics.map { us($0.p99) } ?? 0,
                    max: statistics.map { us($0.max) } ?? 0))
        }
    }

    /// The instant (nanoseconds of `CLOCK_MONOTONIC`) at which timeline time 0 is due at the current
    /// speed, while playing on the real clock: a point is due at `origin + timestamp / speed`.
    package var monotonicOrigin: Int64? {
        let offset = timelineOffset.withLockedValue { $0 }
        return control.monotonicOrigin.map { $0 - Int64((offset / options.speed * 1e9).rounded()) }
    }

    // MARK: - Reading

    /// The newest point, if any.
    var latest: LatestPoint? { state.withLockedValue { $0.latest } }

    /// Counts a poll of `/data` or `/v1/point` by the connection `key`.
    func notePoll(_ key: String) {
        let now = control.elapsed()
        state.withLockedValue { s in
            s.pollers[key] = now
            if s.pollers.count > 4096 { _ = s.pollingClients(now: now, window: LiveFeed.pollingWindow) }
        }
    }

    /// The body of `GET /data` for the newest point (made once per point, on first request).
    func dataBody() -> ByteBuffer? {
        let (latest, cached): (LatestPoint?, ByteBuffer?) = state.withLockedValue { s in
            guard let latest = s.latest else { return (nil, nil) }
            if let cache = s.dataCache, cache.index == latest.index { return (latest, cache.body) }
            return (latest, nil)
        }
        if let cached { return cached }
        guard let latest else { return nil }
        let body = LiveFeed.dataJSON(latest)
        state.withLockedValue { s in
            if s.latest?.index == latest.index { s.dataCache = (latest.index, body) }
        }
        return body
    }

    /// `{"accelerometer":{"x","y","z"},"timestamp":t,"motion":{...},"location":{"latitude","longitude"}}`;
    /// a trajectory's point adds `heading`, `magneticField`, `pressure` (with a barometer), `altitude` and
    /// `pedometer` beside them, as its line writes them.
    static func dataJSON(_ p: LatestPoint) -> ByteBuffer {
        let a = p.accelerometer
        let tail = DataBody.tail(
            location: p.location.map { ($0.latitude, $0.longitude) }, riders: p.trajectory?.riders.members ?? "")
        var buffer = ByteBuffer()
        buffer.reserveCapacity(p.json.readableBytes + 100 + tail.utf8.count)
        buffer.writeString(
            DataBody.head(accelerometer: (a.x, a.y, a.z), precision: p.precision, timestamp: p.timestamp))
        buffer.writeImmutableBuffer(p.json)
        buffer.writeString(tail)
        return buffer
    }

    // MARK: - Streams

    /// Opens a stream for a client.
    /// - Parameters:
    ///   - kind: SSE or WebSocket (counted in ``status``).
    ///   - start: The newest point, or after a `Last-Event-ID`.
    ///   - rate: Points per second to keep, or `nil` for all.
    func subscribe(_ kind: ClientKind, from start: StreamStart, rate: Double?) -> Subscription {
        Subscription(id: state.withLockedValue { $0.subscribe(kind, from: start, rate: rate) }, feed: self)
    }

    /// The next points of a stream, waiting for them if need be; `nil` once the stream is over (the feed
    /// closed, or ``Subscription/close()`` was called, or the task was cancelled).
    func next(_ subscription: Subscription) async -> FeedBatch? {
        while true {
            switch state.withLockedValue({ $0.take(subscription.id, limit: options.batchLimit) }) {
            case .closed: return nil
            case .batch(let batch): return batch
            case .again: continue
            case .empty:
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        if state.withLockedValue({ $0.wait(subscription.id, continuation) }) { continuation.resume() }
                    }
                } onCancel: {
                    subscription.close()
                }
            }
        }
    }

    /// Ends a stream: it is no longer counted, and a ``next(_:)`` waiting returns `nil`.
    func unsubscribe(_ id: Int) {
        state.withLockedValue { $0.unsubscribe(id) }?.resume()
        fanOut.detach(id)
    }

    /// Writes the points of `subscription` to `channel` from its event loop (see ``FanOut``).
    /// - Parameter head: For SSE, the number its response head carries (``ConnectionStart/streamHeader``).
    /// - Returns: A future completed once no more points will be written to it.
    func attach(
        _ subscription: Subscription, to channel: any Channel, encoding: StreamEncoding,
        head: Int? = nil
    ) -> EventLoopFuture<Void> {
        fanOut.attach(subscription.id, channel: channel, encoding: encoding, head: head)
    }

    /// Numbers for streaming responses' heads (``ConnectionStart/streamHeader``).
    private let streamHeads = NIOLockedValueBox(0)

    /// A new number for a streaming response's head.
    func nextStreamHead() -> Int {
        streamHeads.withLockedValue { n in
            n &+= 1
            return n
        }
    }
}

/// A client's stream on a ``LiveFeed``.
struct Subscription: Sendable {
    let id: Int
    let feed: LiveFeed

    /// The next points, or `nil` when the stream is over.
    func next() async -> FeedBatch? { await feed.next(self) }

    /// Ends the stream (idempotent).
    func close() { feed.unsubscribe(id) }
}
