import Formats
import Foundation
import Navigation
import Playback
import Signals
import Synchronization

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
public final class SimulatedMotionManager: MotionProviding, Sendable {
    /// Where the motion comes from.
    public let source: MotionSource

    enum Kind: CaseIterable { case deviceMotion, accelerometer, gyro, magnetometer }

    private struct UpdateState {
        var interval: TimeInterval = 0.01
        var runner: (any UpdateProducer)?
        var latest: MotionSample?
        let gate = DeliveryGate()
    }

    /// One ``UpdateState`` per kind, looked up without an optional.
    private struct Updates {
        var deviceMotion = UpdateState(), accelerometer = UpdateState(), gyro = UpdateState(),
            magnetometer = UpdateState()

        subscript(kind: Kind) -> UpdateState {
            get {
                switch kind {
                case .deviceMotion: deviceMotion
                case .accelerometer: accelerometer
                case .gyro: gyro
                case .magnetometer: magnetometer
                }
            }
            set {
                switch kind {
                case .deviceMotion: deviceMotion = newValue
                case .accelerometer: accelerometer = newValue
                case .gyro: gyro = newValue
                case .magnetometer: magnetometer = newValue
                }
            }
        }
    }

    /// The settings and the updates, guarded together.
    private struct State {
        var bufferLimit = 64
        var updates = Updates()
        var frame = AttitudeReferenceFrame.xArbitraryZVertical
    }

    private let state = Mutex(State())
    private let runners: RunnerFactory

    /// Creates a manager that plays `source` on `clock`: in real time by default (a `ManualClock` makes tests deterministic).
    /// - Parameters:
    ///   - source: A signal, a point file or a server (see ``MotionSource``).
    ///   - clock: The clock that times the updates (default: `ContinuousClock()`, real time).
    ///   - timing: How the playback threads wait (default: sleep without spinning).
    public init<C: Clock>(source: MotionSource, clock: C = ContinuousClock(), timing: TimingPolicy = .efficient)
    where C.Duration == Duration {
        self.source = source
        runners = RunnerFactory(clock: clock, timing: timing)
    }

    deinit {
        for kind in Kind.allCases { stop(kind) }
    }

    // MARK: Intervals and state

    private func interval(_ kind: Kind) -> TimeInterval { state.withLock { $0.updates[kind].interval } }
    private func setInterval(_ kind: Kind, _ value: TimeInterval) {
        // As CoreMotion: the interval applies from the next start; non-positive or NaN values are ignored.
        guard value.isFinite, value > 0 else { return }
        state.withLock { $0.updates[kind].interval = value }
    }
    private func isActive(_ kind: Kind) -> Bool { state.withLock { $0.updates[kind].runner != nil } }
    private func latest(_ kind: Kind) -> MotionSample? {
        state.withLock { $0.updates[kind].runner != nil ? $0.updates[kind].latest : nil }
    }

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

    /// Seconds between magnetometer updates (default 0.01; applies from the next start).
    public var magnetometerUpdateInterval: TimeInterval {
        get { interval(.magnetometer) }
        set { setInterval(.magnetometer, newValue) }
    }
    /// Whether the source gives magnetometer readings: a trajectory (its magnetometer's readings, or the
    /// model's field when it has none), a trajectory render with `magnetometer.csv`, or a server (whose
    /// trajectory points carry `magneticField`). A signal, an IMU or a point file has none.
    public var isMagnetometerAvailable: Bool { source.hasMagnetometer }
    /// Whether magnetometer updates are on.
    public var isMagnetometerActive: Bool { isActive(.magnetometer) }

    /// The reference frame of the device motion being delivered (the one given to the last
    /// ``startDeviceMotionUpdates(using:to:withHandler:)``; ``AttitudeReferenceFrame/xArbitraryZVertical``
    /// by default).
    public var attitudeReferenceFrame: AttitudeReferenceFrame { state.withLock { $0.frame } }

    /// Every frame CoreMotion knows, as on a device with a magnetometer. Whether a frame can be given depends
    /// on the source: the frames other than `.xArbitraryZVertical` need a magnetometer (``isMagnetometerAvailable``).
    /// - Returns: The four frames.
    public static func availableAttitudeReferenceFrames() -> AttitudeReferenceFrame {
        [.xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical, .xTrueNorthZVertical]
    }

    /// The latest device motion while device-motion updates are on, else `nil`.
    public var deviceMotion: DeviceMotion? { latest(.deviceMotion).map(\.deviceMotion) }
    /// The latest accelerometer reading while accelerometer updates are on, else `nil`.
    public var accelerometerData: AccelerometerData? { latest(.accelerometer).map { AccelerometerData($0.motion) } }
    /// The latest gyroscope reading while gyroscope updates are on, else `nil`.
    public var gyroData: GyroData? { latest(.gyro).map { GyroData($0.motion) } }
    /// The latest magnetometer reading while magnetometer updates are on, else `nil`.
    public var magnetometerData: MagnetometerData? { latest(.magnetometer).flatMap(\.magnetometerData) }

    /// Updates an async consumer of ``deviceMotionUpdates()`` may fall behind before the oldest are
    /// dropped (default 64; at least 1). Raise it when a source runs faster than real time (a
    /// `ManualClock(autoAdvance: true)`) and every update must be seen. Applies from the next call.
    public var updateBufferLimit: Int {
        get { state.withLock { $0.bufferLimit } }
        set { state.withLock { $0.bufferLimit = max(1, newValue) } }
    }

    /// Updates dropped because a handler's queue fell more than 1024 calls behind (all kinds).
    public var droppedUpdates: Int {
        state.withLock { s in Kind.allCases.map { s.updates[$0].gate.dropped }.reduce(0, +) }
    }

    // MARK: Start and stop

    /// Starts device-motion updates in ``AttitudeReferenceFrame/xArbitraryZVertical``, read from ``deviceMotion``.
    public func startDeviceMotionUpdates() { startDeviceMotionUpdates(using: .xArbitraryZVertical) }

    /// Starts device-motion updates in `frame`, read from ``deviceMotion``.
    /// - Parameter frame: The attitude's reference frame (see ``startDeviceMotionUpdates(using:to:withHandler:)``).
    public func startDeviceMotionUpdates(using frame: AttitudeReferenceFrame) {
        setFrame(frame)
        start(.deviceMotion, queue: nil) { _, _ in }
    }

    /// Starts device-motion updates in ``AttitudeReferenceFrame/xArbitraryZVertical``, each handed to
    /// `handler` on `queue` (an error, such as an unreadable file, is handed as `(nil, error)` and ends the updates).
    public func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping DeviceMotionHandler) {
        startDeviceMotionUpdates(using: .xArbitraryZVertical, to: queue, withHandler: handler)
    }

    /// Starts device-motion updates in `frame`, each handed to `handler` on `queue`.
    ///
    /// From a source with an IMU and a magnetometer (a trajectory, its render, a server playing one) the
    /// attitude is not the truth: it is what a phone's sensor fusion makes of the simulated accelerometer,
    /// gyroscope and magnetometer, Madgwick's filter run on every sample of the source (gains and start-up
    /// in the SensorFeeds article *Fused attitude*). So the yaw drifts in `.xArbitraryZVertical` at the
    /// gyroscope's vertical bias, the tilt errs under sustained acceleration, and the north-referenced frames
    /// converge within 3 s of the start. The truth, in the same frame, is ``DeviceMotion/trueAttitude``.
    /// From a signal, an IMU alone or a point file the attitude is the source's own (or its gravity's tilt),
    /// as before, in `.xArbitraryZVertical` only: another frame needs a magnetometer, and asking for it hands
    /// `(nil, error)` (a ``SensorFeedsError`` of kind `.unavailable`) and ends the updates.
    /// - Parameters:
    ///   - frame: One of the four frames (a single frame, not a set).
    ///   - queue: Where `handler` runs.
    ///   - handler: Receives each update, or an error.
    public func startDeviceMotionUpdates(
        using frame: AttitudeReferenceFrame, to queue: OperationQueue,
        withHandler handler: @escaping DeviceMotionHandler
    ) {
        setFrame(frame)
        start(.deviceMotion, queue: queue) { sample, error in handler(sample.map(\.deviceMotion), error) }
    }

    private func setFrame(_ frame: AttitudeReferenceFrame) { state.withLock { $0.frame = frame } }

    /// Stops device-motion updates: when this returns, no handler call is running or will run.
    public func stopDeviceMotionUpdates() { stop(.deviceMotion) }

    /// Starts accelerometer updates, read from ``accelerometerData``.
    public func startAccelerometerUpdates() { start(.accelerometer, queue: nil) { _, _ in } }

    /// Starts accelerometer updates, each handed to `handler` on `queue`.
    public func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping AccelerometerHandler)
    {
        start(.accelerometer, queue: queue) { sample, error in
            handler(sample.map { AccelerometerData($0.motion) }, error)
        }
    }

    /// Stops accelerometer updates: when this returns, no handler call is running or will run.
    public func stopAccelerometerUpdates() { stop(.accelerometer) }

    /// Starts gyroscope updates, read from ``gyroData``.
    public func startGyroUpdates() { start(.gyro, queue: nil) { _, _ in } }

    /// Starts gyroscope updates, each handed to `handler` on `queue`.
    public func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping GyroHandler) {
        start(.gyro, queue: queue) { sample, error in handler(sample.map { GyroData($0.motion) }, error) }
    }

    /// Stops gyroscope updates: when this returns, no handler call is running or will run.
    public func stopGyroUpdates() { stop(.gyro) }

    /// Starts magnetometer updates, read from ``magnetometerData``.
    public func startMagnetometerUpdates() { start(.magnetometer, queue: nil) { _, _ in } }

    /// Starts magnetometer updates, each handed to `handler` on `queue`: the raw reading (µT, device frame,
    /// hard iron included). A source without a magnetometer hands `(nil, error)` (`.unavailable`) and ends them.
    public func startMagnetometerUpdates(to queue: OperationQueue, withHandler handler: @escaping MagnetometerHandler) {
        start(.magnetometer, queue: queue) { sample, error in
            if let error { handler(nil, error) } else if let data = sample?.magnetometerData { handler(data, nil) }
        }
    }

    /// Stops magnetometer updates: when this returns, no handler call is running or will run.
    public func stopMagnetometerUpdates() { stop(.magnetometer) }

    /// Device-motion updates as an `AsyncSequence`, at ``deviceMotionUpdateInterval``. Iterating
    /// starts the updates; ending the iteration (or cancelling its task) stops them. A consumer slower
    /// than the updates gets the newest ``updateBufferLimit`` buffered.
    /// - Returns: The updates, ending with an error when the source fails (an unreadable file).
    public func deviceMotionUpdates() -> AsyncThrowingStream<DeviceMotion, any Error> {
        let (stream, continuation) = AsyncThrowingStream<DeviceMotion, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(updateBufferLimit))
        continuation.onTermination = { [weak self] _ in self?.stop(.deviceMotion) }
        start(.deviceMotion, queue: nil) { point, error in
            if let error {
                // A server's failures are transient: the stream goes on when the server is back.
                if (error as? SensorFeedsError)?.isTransient != true { continuation.finish(throwing: error) }
            } else if let point {
                continuation.yield(point.deviceMotion)
            }
        } finished: {
            continuation.finish()
        }
        return stream
    }

    private func start(
        _ kind: Kind, queue: OperationQueue?,
        deliver: @escaping @Sendable (MotionSample?, (any Error)?) -> Void,
        finished: (@Sendable () -> Void)? = nil
    ) {
        stop(kind)
        let (interval, frame, gate) = state.withLock { ($0.updates[kind].interval, $0.frame, $0.updates[kind].gate) }
        let send = gate.sender(on: queue, deliver)
        let holder = ProducerHolder()
        let record: @Sendable (MotionSample) -> Void = { [weak self] point in
            guard let self else { return }
            state.withLock {
                if let p = $0.updates[kind].runner, p === holder.producer { $0.updates[kind].latest = point }
            }
            send(point, nil)
        }
        let completion: @Sendable (PlaybackSummary) -> Void = { summary in
            if summary.reason == .failed, let error = summary.error { send(nil, error) }
            if summary.reason != .stopped { finished?() }
        }
        do {
            let options = runners.options(loop: source.loops)
            if kind == .deviceMotion,
                !Self.availableAttitudeReferenceFrames().contains(frame) || frame.rawValue.nonzeroBitCount != 1
            {
                throw SignalError(
                    .invalidArgument,
                    "the reference frame must be one of .xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical or .xTrueNorthZVertical, got the bits \(frame.rawValue)",
                    field: "using")
            }
            if kind == .magnetometer, !source.hasMagnetometer {
                throw SensorFeedsError(
                    .unavailable,
                    "this source has no magnetometer (a signal, an IMU or a point file); play a trajectory, its render or a server playing one"
                )
            }
            if kind == .deviceMotion, frame.needsMagnetometer, !source.hasMagnetometer {
                throw SensorFeedsError(
                    .unavailable,
                    "the reference frame \(frame) needs a magnetometer, and this source has none; use .xArbitraryZVertical or play a trajectory"
                )
            }
            switch source.kind {
            case .server(let url, let token):
                let noMotion = NoMotionNote()
                let noField = NoMotionNote()
                let address = try ServerAddress(url, token: token)
                let fusion = kind == .deviceMotion ? ServerFusion(frame: frame, address: address) : nil
                let remote = try LiveServerClient(
                    address: address, rate: 1 / interval, pollInterval: interval,
                    deliver: { point in
                        guard let motion = point.motion else {
                            if noMotion.first() {
                                send(
                                    nil,
                                    SensorFeedsError(
                                        .malformed,
                                        "the server's points have no motion (a location-only or one-channel source); motion updates wait for points that have one"
                                    ))
                            }
                            return
                        }
                        if kind == .magnetometer, point.magneticField == nil {
                            if noField.first() {
                                send(
                                    nil,
                                    SensorFeedsError(
                                        .malformed,
                                        "the server's points have no magneticField (not a trajectory spec); magnetometer updates wait for points that have one"
                                    ))
                            }
                            return
                        }
                        if frame.needsMagnetometer, kind == .deviceMotion, point.magneticField == nil {
                            if noField.first() {
                                send(
                                    nil,
                                    SensorFeedsError(
                                        .malformed,
                                        "the reference frame \(frame) needs a magnetometer and the server's points have no magneticField (not a trajectory spec); device motion waits for points that have one"
                                    ))
                            }
                            return
                        }
                        if let fusion {
                            if let sample = fusion.sample(point) { record(sample) }
                        } else {
                            record(MotionSample(motion: motion, rawField: point.magneticField))
                        }
                    },
                    fail: { error in send(nil, error) })
                try install(remote, kind, holder)
                remote.start()
            case .signal, .imu:
                let (player, rate, duration) = source.player(for: kind)
                let runner = runners.runner()
                try install(runner, kind, holder)
                guard MotionPoint.reads(channelCount: player.channelCount) else {
                    let hint = player.channelCount == 6 ? " (an IMU: pass the IMU value itself, `.signal(imu)`)" : ""
                    throw SignalError(
                        .channelMismatch,
                        "a motion source renders nine channels (user acceleration, gravity, rotation rate), or 13 with an attitude; this signal renders \(player.channelCount)\(hint)"
                    )
                }
                let request =
                    try duration.map { try RenderRequest(sampleRate: rate, duration: $0) }
                    ?? RenderRequest(sampleRate: rate, startIndex: 0, frameCount: SignalLimits.largestIndex)
                try playPlain(
                    try player.makePoints(request),
                    interval: interval, runner: runner, options: options, handler: record, completion: completion)
            case .file(let url, _):
                let runner = runners.runner()
                try install(runner, kind, holder)
                if RenderDirectory.isRecording(url) {
                    let points = try RenderDirectory(directory: url)
                    try play(
                        MappedPoints(
                            base: points,
                            makeTransform: MotionSample.transform(kind, frame: frame, calibration: points.calibration)),
                        interval: interval, runner: runner, options: options, handler: record, completion: completion)
                } else {
                    try playPlain(
                        try PointFile(url),
                        interval: interval, runner: runner, options: options, handler: record, completion: completion)
                }
            case .trajectory(let trajectory, let rate, let duration):
                let runner = runners.runner()
                try install(runner, kind, holder)
                let points = try TrajectoryPoints(trajectory, sampleRate: rate, duration: duration)
                try play(
                    MappedPoints(
                        base: points,
                        makeTransform: MotionSample.transform(
                            kind, frame: frame,
                            calibration: MagnetometerCalibration(trajectory.sensors.magnetometer))),
                    interval: interval, runner: runner, options: options, handler: record, completion: completion)
            }
        } catch {
            state.withLock {
                if let p = $0.updates[kind].runner, p === holder.producer { $0.updates[kind].runner = nil }
            }
            send(nil, error)
            finished?()
        }
    }

    /// Makes `producer` the current one of `kind`.
    private func install(
        _ producer: any UpdateProducer, _ kind: Kind, _ holder: ProducerHolder
    ) throws(SensorFeedsError) {
        holder.producer = producer
        state.withLock {
            $0.updates[kind].runner = producer
            $0.updates[kind].latest = nil
        }
    }

    private func playPlain<S: PointSourceOfMotion>(
        _ source: S, interval: TimeInterval, runner: any UpdateRunner,
        options: PlaybackOptions, handler: @escaping @Sendable (MotionSample) -> Void,
        completion: @escaping @Sendable (PlaybackSummary) -> Void
    ) throws {
        try play(
            MotionSample.plain(source), interval: interval, runner: runner, options: options, handler: handler,
            completion: completion)
    }

    private func play<S: PointSource>(
        _ source: S, interval: TimeInterval, runner: any UpdateRunner,
        options: PlaybackOptions, handler: @escaping @Sendable (MotionSample) -> Void,
        completion: @escaping @Sendable (PlaybackSummary) -> Void
    ) throws
    where S.Point == MotionSample {
        try runner.play(
            TickedPoints(base: source, interval: interval), options: options, handler: handler, completion: completion)
    }

    private func stop(_ kind: Kind) {
        let (runner, gate): ((any UpdateProducer)?, DeliveryGate) = state.withLock { s in
            defer { s.updates[kind].runner = nil }
            return (s.updates[kind].runner, s.updates[kind].gate)
        }
        runner?.stop()
        gate.close()
    }
}

extension MotionSource {
    /// What a signal or IMU source plays for one kind of update: an IMU's true motion for device
    /// motion, its readings for the accelerometer and the gyroscope.
    func player(for kind: SimulatedMotionManager.Kind) -> (AnySignalPlayer, rate: Double, duration: Double?) {
        switch self.kind {
        case .signal(let player, let rate, let duration): return (player, rate, duration)
        case .imu(let imu, let rate, let duration):
            let player =
                kind == .deviceMotion
                ? AnySignalPlayer(AnySignal(node: .motion(imu.motion))) : AnySignalPlayer(IMUReadings(imu))
            return (player, rate, duration)
        case .file, .server, .trajectory: preconditionFailure("not a signal source")
        }
    }

    /// Whether the source gives a magnetic field: a trajectory, a render directory with `magnetometer.csv`,
    /// or a server (known only once its points arrive).
    var hasMagnetometer: Bool {
        switch kind {
        case .trajectory, .server: return true
        case .file(let url, _):
            return RenderDirectory.isRecording(url)
                && FileManager.default.fileExists(
                    atPath: url.appendingPathComponent(StreamTable.magnetometer.fileName()).path)
        case .signal, .imu: return false
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

extension LiveServerClient: UpdateProducer {}

/// The producer a start installed, for the identity checks of its callbacks (set before it plays).
final class ProducerHolder: Sendable {
    private let value = Mutex<(any UpdateProducer)?>(nil)
    var producer: (any UpdateProducer)? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// Says "no motion" once per start.
final class NoMotionNote: Sendable {
    private let said = Mutex(false)
    func first() -> Bool {
        said.withLock { said in
            defer { said = true }
            return !said
        }
    }
}

/// A runner with its clock erased.
protocol UpdateRunner: UpdateProducer {
    func play<S: PointSource>(
        _ source: S, options: PlaybackOptions, handler: @escaping @Sendable (S.Point) throws -> Void,
        completion: @escaping @Sendable (PlaybackSummary) -> Void) throws
    func stop()
}

extension Runner: UpdateRunner {
    func play<S: PointSource>(
        _ source: S, options: PlaybackOptions, handler: @escaping @Sendable (S.Point) throws -> Void,
        completion: @escaping @Sendable (PlaybackSummary) -> Void
    ) throws {
        try start(source, options: options, handler: handler, completion: completion)
    }
}
