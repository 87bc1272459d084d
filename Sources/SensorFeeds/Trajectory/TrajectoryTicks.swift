import Foundation
import Navigation
import Playback
import Signals
import Synchronization

/// A trajectory's timeline of `sampleRate` Hz read at a fixed interval: tick `k` (at `k · interval`
/// seconds) delivers the timeline's sample `n = ⌊k · interval · sampleRate⌋`, the last at or before the
/// tick, rendered alone (each point is a pure function of its index). Ticks end with the timeline.
struct TrajectoryTicks: PointSource {
    /// The timeline (its rate, first sample and length are checked by `TrajectoryPoints`).
    let points: TrajectoryPoints
    /// Seconds between ticks (> 0, finite).
    let interval: Double

    /// - Throws: `SignalError` for a rate, duration or length `TrajectoryPoints` refuses, or an interval
    ///   that is not a positive finite number of seconds.
    init(_ trajectory: Trajectory, sampleRate: Double, duration: Double?, interval: Double) throws(SignalError) {
        guard interval.isFinite, interval > 0 else {
            throw SignalError(
                .invalidRender, "the update interval must be a positive number of seconds, got \(interval)",
                field: "interval")
        }
        points = try TrajectoryPoints(trajectory, sampleRate: sampleRate, duration: duration)
        self.interval = interval
    }

    /// The sample index of tick `k`, or `nil` past the end (indices stay below 2⁴⁸, checked by `TrajectoryPoints`).
    func index(ofTick k: Int) -> Int? {
        let x = (Double(k) * interval * points.sampleRate + 1e-9).rounded(.down)
        guard x < Double(points.count) else { return nil }
        return Int(x)
    }

    func makeCursor() -> Cursor { Cursor(ticks: self) }

    struct Cursor: PointCursor {
        let ticks: TrajectoryTicks
        var tick = 0

        mutating func next() throws -> (point: TrajectoryPoint, time: TimeInterval)? {
            guard let n = ticks.index(ofTick: tick) else { return nil }
            let points = try ticks.points.trajectory.points(
                first: ticks.points.first + n, count: 1, rate: ticks.points.sampleRate)
            guard let point = points.first else { return nil }
            defer { tick += 1 }
            return (point, Double(tick) * ticks.interval)
        }
    }
}

/// One update stream fed by a trajectory on a Runner: the producer, the delivery gate, start and stop,
/// as each kind of ``SimulatedMotionManager`` update has.
final class TrajectoryUpdates: Sendable {
    private let producer = Mutex<(any UpdateProducer)?>(nil)
    private let gate = DeliveryGate()
    private let runners: RunnerFactory

    init(runners: RunnerFactory) {
        self.runners = runners
    }

    /// Whether updates are on.
    var isActive: Bool { producer.withLock { $0 != nil } }

    /// Updates dropped because a queue fell more than 1024 calls behind.
    var dropped: Int { gate.dropped }

    /// Plays `source` at `interval`: `transform` turns each point into an update (or `nil` to skip it; it
    /// runs on the playback thread, in order), handed to `deliver` on `queue` (or on the playback thread).
    /// An error is handed as `(nil, error)` and ends the updates.
    /// `atEnd`, when given, makes a last update when the source ends by itself (not when stopped).
    func start<Update: Sendable>(
        _ source: SensorSource, interval: Double, queue: OperationQueue?,
        transform: @escaping @Sendable (TrajectoryPoint) -> Update?,
        atEnd: (@Sendable () -> Update?)? = nil,
        deliver: @escaping @Sendable (Update?, (any Error)?) -> Void
    ) {
        stop()
        let send = gate.sender(on: queue, deliver)
        let runner = runners.runner()
        // The runner's identity, not the runner: its completion must not hold it (a cycle).
        let id = ObjectIdentifier(runner)
        do {
            let handler: @Sendable (TrajectoryPoint) -> Void = { point in
                if let update = transform(point) { send(update, nil) }
            }
            let completion: @Sendable (PlaybackSummary) -> Void = { [weak self] summary in
                if summary.reason == .failed, let error = summary.error { send(nil, error) }
                if summary.reason == .finished, let update = atEnd?() { send(update, nil) }
                if summary.reason != .stopped { self?.finish(id) }
            }
            let options = runners.options()
            switch source.kind {
            case .trajectory(let trajectory, let rate, let duration):
                let ticks = try TrajectoryTicks(trajectory, sampleRate: rate, duration: duration, interval: interval)
                producer.withLock { $0 = runner }
                try runner.play(ticks, options: options, handler: handler, completion: completion)
            case .server(let url, let token):
                guard interval.isFinite, interval > 0 else {
                    throw SignalError(
                        .invalidRender, "the update interval must be a positive number of seconds, got \(interval)",
                        field: "interval")
                }
                let note = NoMotionNote()
                let remote = try LiveServerClient(
                    address: try ServerAddress(url, token: token), rate: 1 / interval, pollInterval: interval,
                    deliver: { point in
                        if let trajectoryPoint = TrajectoryPoint(point) {
                            handler(trajectoryPoint)
                        } else if note.first() {
                            send(
                                nil,
                                SensorFeedsError(
                                    .malformed,
                                    "the server's points are not a trajectory's (no heading, altitude or pedometer); play a trajectory spec; updates wait for points that have them"
                                ))
                        }
                    }, fail: { error in send(nil, error) })
                producer.withLock { $0 = remote }
                remote.start()
            case .file(let url):
                guard interval.isFinite, interval > 0 else {
                    throw SignalError(
                        .invalidRender, "the update interval must be a positive number of seconds, got \(interval)",
                        field: "interval")
                }
                let recording = try RenderDirectory(directory: url)
                producer.withLock { $0 = runner }
                try runner.play(
                    TickedPoints(base: recording, interval: interval), options: options, handler: handler,
                    completion: completion)
            }
        } catch {
            finish(id)
            send(nil, error)
        }
    }

    /// Forgets `runner` once it ended by itself (not when a newer start replaced it).
    private func finish(_ runner: ObjectIdentifier) {
        producer.withLock { if let p = $0, ObjectIdentifier(p) == runner { $0 = nil } }
    }

    /// Stops the updates: when this returns, no handler call is running (on another thread) or will run.
    func stop() {
        let runner: (any UpdateProducer)? = producer.withLock { s in
            defer { s = nil }
            return s
        }
        runner?.stop()
        gate.close()
    }
}
