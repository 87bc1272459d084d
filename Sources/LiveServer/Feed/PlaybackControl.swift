import Playback
import Signals

/// The Runner behind a ``LiveFeed``, with its clock erased, so that the feed and the routes are not
/// generic over the clock.
protocol PlaybackControl: Sendable {
    /// Starts a run of `source` (see `Runner.start`).
    func start(
        _ source: TickSource, options: PlaybackOptions, handler: @escaping @Sendable (Tick) throws -> Void,
        completion: @escaping @Sendable (PlaybackSummary) -> Void) throws
    func stop()
    func pause()
    func resume()
    func setSpeed(_ speed: Double) throws(SignalError)
    var isRunning: Bool { get }
    var isPaused: Bool { get }
    var statistics: LatenessStatistics? { get }
    var monotonicOrigin: Int64? { get }
    /// Time on the clock since the feed was created.
    func elapsed() -> Duration
}

/// A ``PlaybackControl`` over a `Runner` on clock `C`.
struct RunnerControl<C: Clock>: PlaybackControl where C.Duration == Duration {
    let runner: Runner<C>
    let origin: C.Instant

    init(clock: C) {
        runner = Runner(clock: clock)
        origin = clock.now
    }

    func start(
        _ source: TickSource, options: PlaybackOptions, handler: @escaping @Sendable (Tick) throws -> Void,
        completion: @escaping @Sendable (PlaybackSummary) -> Void
    ) throws {
        try runner.start(source, options: options, handler: handler, completion: completion)
    }

    func stop() { runner.stop() }
    func pause() { runner.pause() }
    func resume() { runner.resume() }
    func setSpeed(_ speed: Double) throws(SignalError) { try runner.setSpeed(speed) }
    var isRunning: Bool { runner.isRunning }
    var isPaused: Bool { runner.isPaused }
    var statistics: LatenessStatistics? { runner.statistics }
    var monotonicOrigin: Int64? { runner.monotonicOrigin }
    func elapsed() -> Duration { origin.duration(to: runner.clock.now) }
}
