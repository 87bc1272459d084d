import Foundation
import Playback
import Signals

/// A `CMMotionManager` that plays a signal, a point file or a live `signals serve` instead of reading
/// the hardware: the same API, so app code runs unchanged against either (see ``MotionProviding``).
///
/// ```swift
/// let motion = MotionSignal {
///     UserAcceleration(x: Sine(amplitude: 0.3, frequency: 1.8), y: Constant(0), z: Constant(0))
///     Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
/// }
/// let manager = SimulatedMotionManager(source: .signal(motion, sampleRate: 1000))
/// manager.deviceMotionUpdateInterval = 0.02                 // 50 Hz: samples 0, 20, 40, … of the 1 kHz source
/// manager.startDeviceMotionUpdates(to: queue) { update, error in ... }
/// ...
/// manager.stopDeviceMotionUpdates()                         // no handler runs after this returns
/// ```
///
/// Each kind of update (device motion, accelerometer, gyroscope) plays the source on its own Runner
/// thread at its own interval: tick `k` is due `k · interval` seconds after the start and delivers the
/// source's sample due at that instant (never an average). A handler is called on the queue given;
/// a queue that falls more than 1024 calls behind loses the newest updates, counted in
/// ``droppedUpdates``. Restarting a stopped kind starts the source again from its beginning.
///
/// Availability: device motion, accelerometer and gyroscope are all available from every source.
/// Timestamps are the source's (seconds from its start), not seconds since boot.
public final class SimulatedMotionManager: MotionProviding, @unchecked Sendable {
    /// Where the motion comes from.
    public let source: MotionSource

    fileprivate enum Kind: CaseIterable { case deviceMotion, accelerometer, gyro }

    private struct StreamState {
        var interval: TimeInterval = 0.01
        var runner: (any UpdateProducer)?
        var latest: MotionPoint?
        let gate = DeliveryGate()
    }

    private let lock = NSLock()
    private var bufferLimit = 64
    private var streams: [Kind: StreamState] = [.deviceMotion: StreamState(), .accelerometer: StreamState(), .gyro: StreamState()]
    private let makeRunner: @Sendable () -> any StreamRunner
    private let timing: TimingPolicy

    /// Creates a manager that plays `source` in real time.
    /// - Parameter source: A signal, a point file or a server (see ``MotionSource``).
    public convenience init(source: MotionSource) {
        self.init(source: source, clock: ContinuousClock())
    }

    /// Creates a manager that plays `source` on `clock` (a `ManualClock` makes tests deterministic).
    /// - Parameters:
    ///   - source: A signal, a point file or a server.
    ///   - clock: The clock that times the updates.
    ///   - timing: How the playback threads wait (default: sleep without spinning).
    public init<C: Clock>(source: MotionSource, clock: C, timing: TimingPolicy = .efficient) where C.Duration == Duration {
        self.source = source
        self.timing = timing
        makeRunner = { Runner(clock: clock) }
    }

    deinit {
        for kind in Kind.allCases { stop(kind) }
    }

    // MARK: Intervals and state

    private func interval(_ kind: Kind) -> TimeInterval { lock.withLock { streams[kind]!.interval } }
    private func setInterval(_ kind: Kind, _ value: TimeInterval) {
        // As CoreMotion: the interval applies from the next start; non-positive or NaN values are ignored.
        guard value.isFinite, value > 0 else { return }
        lock.withLock { streams[kind]!.interval = value }
    }
    private func isActive(_ kind: Kind) -> Bool { lock.withLock { streams[kind]!.runner != nil } }
    private func latest(_ kind: Kind) -> MotionPoint? { lock.withLock { streams[kind]!.runner != nil ? streams[kind]!.latest : nil } }

    /// Seconds between device-motion updates (default 0.01; applies from the next start).
    public var deviceMotionUpdateInterval: TimeInterval {
        get { interval(.deviceMotion) }
        set { setInterval(.deviceMotion, newValue) }
    }

    /// Seconds between accelerometer updates (default 0.01; applies from the next start).
    public var accelerometerUpdateInterval: TimeInterval {
        get { interval(.accelerometer) }
        set { setInterval(.accelerometer, newValue) }
    }

    /// Seconds between gyroscope updates (default 0.01; applies from the next start).
    public var gyroUpdateInterval: TimeInterval {
        get { interval(.gyro) }
        set { setInterval(.gyro, newValue) }
    }

    /// `true`: every source gives device motion.
    public var isDeviceMotionAvailable: Bool { true }
    /// Whether device-motion updates are on.
    public var isDeviceMotionActive: Bool { isActive(.deviceMotion) }
    /// `true`: every source gives accelerometer readings.
    public var isAccelerometerAvailable: Bool { true }
    /// Whether accelerometer updates are on.
    public var isAccelerometerActive: Bool { isActive(.accelerometer) }
    /// `true`: every source gives gyroscope readings.
    public var isGyroAvailable: Bool { true }
    /// Whether gyroscope updates are on.
    public var isGyroActive: Bool { isActive(.gyro) }

    /// The latest device motion while device-motion updates are on, else `nil`.
    public var deviceMotion: DeviceMotion? { latest(.deviceMotion).map(DeviceMotion.init) }
    /// The latest accelerometer reading while accelerometer updates are on, else `nil`.
    public var accelerometerData: AccelerometerData? { latest(.accelerometer).map(AccelerometerData.init) }
    /// The latest gyroscope reading while gyroscope updates are on, else `nil`.
    public var gyroData: GyroData? { latest(.gyro).map(GyroData.init) }

    /// Updates an async consumer of ``deviceMotionUpdates()`` may fall behind before the oldest are
    /// dropped (default 64; at least 1). Raise it when a source runs faster than real time (a
    /// `ManualClock(autoAdvance: true)`) and every update must be seen. Applies from the next call.
    public var updateBufferLimit: Int {
        get { lock.withLock { bufferLimit } }
        set { lock.withLock { bufferLimit = max(1, newValue) } }
    }

    /// Updates dropped because a handler's queue fell more than 1024 calls behind (all kinds).
    public var droppedUpdates: Int { lock.withLock { streams.values.map(\.gate.dropped).reduce(0, +) } }

    // MARK: Start and stop

    /// Starts device-motion updates, read from ``deviceMotion``.
    public func startDeviceMotionUpdates() { start(.deviceMotion, queue: nil) { _, _ in } }

    /// Starts device-motion updates, each handed to `handler` on `queue` (an error, such as an unreadable
    /// file, is handed as `(nil, error)` and ends the updates).
    public func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping DeviceMotionHandler) {
        start(.deviceMotion, queue: queue) { point, error in handler(point.map(DeviceMotion.init), error) }
    }

    /// Stops device-motion updates: when this returns, no handler call is running or will run.
    public func stopDeviceMotionUpdates() { stop(.deviceMotion) }

    /// Starts accelerometer updates, read from ``accelerometerData``.
    public func startAccelerometerUpdates() { start(.accelerometer, queue: nil) { _, _ in } }

    /// Starts accelerometer updates, each handed to `handler` on `queue`.
    public func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping AccelerometerHandler) {
        start(.accelerometer, queue: queue) { point, error in handler(point.map(AccelerometerData.init), error) }
    }

    /// Stops accelerometer updates: when this returns, no handler call is running or will run.
    public func stopAccelerometerUpdates() { stop(.accelerometer) }

    /// Starts gyroscope updates, read from ``gyroData``.
    public func startGyroUpdates() { start(.gyro, queue: nil) { _, _ in } }

    /// Starts gyroscope updates, each handed to `handler` on `queue`.
    public func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping GyroHandler) {
        start(.gyro, queue: queue) { point, error in handler(point.map(GyroData.init), error) }
    }

    /// Stops gyroscope updates: when this returns, no handler call is running or will run.
    public func stopGyroUpdates() { stop(.gyro) }

    /// Device-motion updates as an `AsyncSequence`, at ``deviceMotionUpdateInterval``. Iterating
    /// starts the updates; ending the iteration (or cancelling its task) stops them. A consumer slower
    /// than the updates gets the newest ``updateBufferLimit`` buffered.
    /// - Returns: The updates, ending with an error when the source fails (an unreadable file).
    public func deviceMotionUpdates() -> AsyncThrowingStream<DeviceMotion, any Error> {
        let (stream, continuation) = AsyncThrowingStream<DeviceMotion, any Error>.makeStream(bufferingPolicy: .bufferingNewest(updateBufferLimit))
        continuation.onTermination = { [weak self] _ in self?.stop(.deviceMotion) }
        start(.deviceMotion, queue: nil) { point, error in
            if let error {
                // A server's failures are transient: the stream goes on when the server is back.
                if (error as? SensorFeedsError)?.isTransient != true { continuation.finish(throwing: error) }
            } else if let point {
                continuation.yield(DeviceMotion(point))
            }
        } finished: {
            continuation.finish()
        }
        return stream
    }

    private func start(_ kind: Kind, queue: OperationQueue?,
                       deliver: @escaping @Sendable (MotionPoint?, (any Error)?) -> Void,
                       finished: (@Sendable () -> Void)? = nil) {
        stop(kind)
        let interval = lock.withLock { streams[kind]!.interval }
        let gate = lock.withLock { streams[kind]!.gate }
        let token = gate.open()
        let target = queue.map(SendableOperationQueue.init)
        let send: @Sendable (MotionPoint?, (any Error)?) -> Void = { point, error in
            if let target {
                gate.enqueue(on: target.queue, token: token) { deliver(point, error) }
            } else if gate.isCurrent(token) {
                deliver(point, error)
            }
        }
        let holder = ProducerHolder()
        let record: @Sendable (MotionPoint) -> Void = { [weak self] point in
            guard let self else { return }
            lock.withLock { if let p = streams[kind]!.runner, p === holder.producer { streams[kind]!.latest = point } }
            send(point, nil)
        }
        let completion: @Sendable (PlaybackSummary) -> Void = { summary in
            if summary.reason == .failed, let error = summary.error { send(nil, error) }
            if summary.reason != .stopped { finished?() }
        }
        do {
            let options = PlaybackOptions(loop: source.loops, timing: timing)
            switch source.kind {
            case .server(let url):
                let noMotion = NoMotionNote()
                let remote = try RemoteFeed(address: try ServerAddress(url), rate: 1 / interval, pollInterval: interval,
                                            deliver: { point in
                                                if let motion = point.motion { record(motion) } else if noMotion.first() {
                                                    send(nil, SensorFeedsError(.malformed, "the server's points have no motion (a location-only or one-channel source); motion updates wait for points that have one"))
                                                }
                                            },
                                            fail: { error in send(nil, error) })
                try install(remote, kind, holder)
                remote.start()
            case .signal, .imu:
                let (player, rate, duration) = source.player(for: kind)
                let runner = makeRunner()
                try install(runner, kind, holder)
                guard MotionPoint.reads(channelCount: player.channelCount) else {
                    let hint = player.channelCount == 6 ? " (an IMU: pass the IMU value itself, `.signal(imu)`)" : ""
                    throw SignalError(.channelMismatch, "a motion source renders nine channels (user acceleration, gravity, rotation rate), or 13 with an attitude; this signal renders \(player.channelCount)\(hint)")
                }
                let request = try duration.map { try RenderRequest(sampleRate: rate, duration: $0) }
                    ?? RenderRequest(sampleRate: rate, startIndex: 0, frameCount: SignalLimits.largestIndex)
                try play(try player.makePoints(request), interval: interval, runner: runner, options: options,
                         handler: record, completion: completion)
            case .file(let url, _):
                let runner = makeRunner()
                try install(runner, kind, holder)
                try play(try PointFile(url), interval: interval, runner: runner, options: options, handler: record, completion: completion)
            }
        } catch {
            lock.withLock { if let p = streams[kind]!.runner, p === holder.producer { streams[kind]!.runner = nil } }
            send(nil, error)
            finished?()
        }
    }

    /// Makes `producer` the current one of `kind`.
    private func install(_ producer: any UpdateProducer, _ kind: Kind, _ holder: ProducerHolder) throws(SensorFeedsError) {
        holder.producer = producer
        lock.withLock {
            streams[kind]!.runner = producer
            streams[kind]!.latest = nil
        }
    }

    private func play<S: PointSourceOfMotion>(_ source: S, interval: TimeInterval, runner: any StreamRunner,
                                              options: PlaybackOptions, handler: @escaping @Sendable (MotionPoint) -> Void,
                                              completion: @escaping @Sendable (PlaybackSummary) -> Void) throws {
        try runner.play(TickedPoints(base: source, interval: interval), options: options, handler: handler, completion: completion)
    }

    private func stop(_ kind: Kind) {
        let (runner, gate): ((any UpdateProducer)?, DeliveryGate) = lock.withLock {
            defer { streams[kind]!.runner = nil }
            return (streams[kind]!.runner, streams[kind]!.gate)
        }
        runner?.stop()
        gate.close()
    }
}

extension MotionSource {
    /// What a signal or IMU source plays for one kind of update: an IMU's true motion for device
    /// motion, its readings for the accelerometer and the gyroscope.
    fileprivate func player(for kind: SimulatedMotionManager.Kind) -> (AnySignalPlayer, rate: Double, duration: Double?) {
        switch self.kind {
        case .signal(let player, let rate, let duration): return (player, rate, duration)
        case .imu(let imu, let rate, let duration):
            let player = kind == .deviceMotion ? AnySignalPlayer(AnySignal(node: .motion(imu.motion))) : AnySignalPlayer(IMUReadings(imu))
            return (player, rate, duration)
        case .file, .server: preconditionFailure("not a signal source")
        }
    }

    /// Whether the source plays again when it ends.
    var loops: Bool {
        if case .file(_, let loop) = kind { return loop }
        return false
    }
}

/// What plays one kind of update: a Runner or a server client.
protocol UpdateProducer: AnyObject, Sendable {
    func stop()
}

extension RemoteFeed: UpdateProducer {}

/// The producer a start installed, for the identity checks of its callbacks (set before it plays).
final class ProducerHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (any UpdateProducer)?
    var producer: (any UpdateProducer)? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// Says "no motion" once per start.
final class NoMotionNote: @unchecked Sendable {
    private let lock = NSLock()
    private var said = false
    func first() -> Bool { lock.withLock { defer { said = true }; return !said } }
}

/// A runner with its clock erased.
protocol StreamRunner: UpdateProducer {
    func play<S: PointSource>(_ source: S, options: PlaybackOptions, handler: @escaping @Sendable (S.Point) throws -> Void,
                              completion: @escaping @Sendable (PlaybackSummary) -> Void) throws
    func stop()
}

extension Runner: StreamRunner {
    func play<S: PointSource>(_ source: S, options: PlaybackOptions, handler: @escaping @Sendable (S.Point) throws -> Void,
                              completion: @escaping @Sendable (PlaybackSummary) -> Void) throws {
        try start(source, options: options, handler: handler, completion: completion)
    }
}
