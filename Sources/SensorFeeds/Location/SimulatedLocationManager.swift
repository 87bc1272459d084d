import Foundation
import Location
import Navigation
import Playback
import Signals
import Synchronization

/// A `CLLocationManager` that plays a route, a trajectory, a file or a live `signals serve` instead of
/// reading GNSS and the compass: the same API shape, so app code runs unchanged against either (see
/// ``LocationProviding``).
///
/// ```swift
/// let manager = SimulatedLocationManager(source: .signal(walk, sampleRate: 1))
/// manager.distanceFilter = 10                      // metres: no update until moved 10 m
/// manager.delegate = model
/// manager.startUpdatingLocation()                  // model.locationManager(_:didUpdateLocations:) on delegateQueue
/// ...
/// manager.stopUpdatingLocation()                   // no delegate call after this returns
/// for try await fix in manager.locationUpdates() { print(fix.coordinate) }
///
/// let compass = SimulatedLocationManager(source: .signal(trajectory))
/// compass.headingFilter = 5                        // degrees: no update until turned by 5°
/// compass.delegate = model
/// compass.startUpdatingHeading()                   // model.locationManager(_:didUpdateHeading:) on delegateQueue
/// ```
///
/// - `distanceFilter` is honoured as Core Location does: the first fix is delivered, then a fix only
///   when it lies at least `distanceFilter` metres (geodesic) from the last one delivered.
/// - `desiredAccuracy` is a hint, as in Core Location: it is kept and reported, and fixes of any
///   accuracy are delivered (the route's GNSS error model sets the accuracy).
/// - The delegate is called on ``delegateQueue`` (a serial queue by default; set `.main` in an app).
/// - Errors of a file or a route end the updates; a server's are transient and updates go on.
/// - Restarting a stopped manager plays a signal or file source from its beginning again.
///
/// Headings (``startUpdatingHeading()``) come from a trajectory source (checked at every sample of its
/// timeline) or from a server whose points carry a `heading` (a trajectory served by `signals serve`); a
/// route or a location file has none, and delivers no heading. They play independently of the locations,
/// on their own Runner, and honour ``headingFilter`` and ``headingOrientation`` as Core Location does.
public final class SimulatedLocationManager: LocationProviding, Sendable {
    /// Where the locations come from.
    public let source: LocationSource
    /// The queue the delegate is called on (default: a serial queue of this manager).
    public var delegateQueue: OperationQueue {
        get { state.withLock { $0.queue.queue } }
        set { state.withLock { $0.queue = SendableOperationQueue(queue: newValue) } }
    }

    /// The settings, the delegate, the latest fix and the current start's producer.
    private struct State {
        var queue: SendableOperationQueue
        var accuracy = locationAccuracyBest
        var filterDistance = locationDistanceFilterNone
        var latest: LocationPoint?
        var bufferLimit = 64
        var producer: (any UpdateProducer)?
    }

    private let state: Mutex<State>
    private let delegateReference = DelegateReference()
    private let gate = DeliveryGate()
    private let runners: RunnerFactory
    /// The heading updates (see SimulatedLocationManager+Heading.swift).
    let headings: HeadingUpdates

    /// Creates a manager that plays `source` on `clock`: in real time by default (a `ManualClock` makes tests deterministic;
    /// a server source is timed by the server).
    /// - Parameters:
    ///   - source: A route, a trajectory, a file or a server (see ``LocationSource``).
    ///   - clock: The clock that times a route, a trajectory or a file (default: `ContinuousClock()`, real time).
    ///   - timing: How the playback thread waits (default: sleep without spinning).
    public init<C: Clock>(source: LocationSource, clock: C = ContinuousClock(), timing: TimingPolicy = .efficient)
    where C.Duration == Duration {
        self.source = source
        runners = RunnerFactory(clock: clock, timing: timing)
        headings = HeadingUpdates(runners: runners)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "SensorFeeds.SimulatedLocationManager"
        state = Mutex(State(queue: SendableOperationQueue(queue: queue)))
    }

    deinit {
        stopUpdatingLocation()
        headings.stop()
    }

    /// Who receives the updates (held weakly, as Core Location does).
    public var delegate: (any LocationProvidingDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// The accuracy wanted, in metres: a hint, as in Core Location (default ``locationAccuracyBest``).
    public var desiredAccuracy: Double {
        get { state.withLock { $0.accuracy } }
        set { state.withLock { $0.accuracy = newValue } }
    }

    /// Metres to move before the next update (default ``locationDistanceFilterNone``); NaN counts as none.
    /// A change applies from the next start.
    public var distanceFilter: Double {
        get { state.withLock { $0.filterDistance } }
        set { state.withLock { $0.filterDistance = newValue.isNaN ? locationDistanceFilterNone : newValue } }
    }

    /// The most recent location delivered (kept after a stop), or `nil` before the first.
    public var location: LocationPoint? { state.withLock { $0.latest } }

    /// Whether updates are on.
    public var isUpdatingLocation: Bool { state.withLock { $0.producer != nil } }

    /// Updates an async consumer of ``locationUpdates()`` may fall behind before the oldest are dropped
    /// (default 64; at least 1). Raise it when a source runs faster than real time (a
    /// `ManualClock(autoAdvance: true)`) and every update must be seen. Applies from the next call.
    public var updateBufferLimit: Int {
        get { state.withLock { $0.bufferLimit } }
        set { state.withLock { $0.bufferLimit = max(1, newValue) } }
    }

    /// Updates dropped because the delegate queue fell more than 1024 calls behind (locations and headings).
    public var droppedUpdates: Int { gate.dropped + headings.dropped }

    /// Starts delivering updates to the delegate (restarts them when already on).
    public func startUpdatingLocation() {
        stopUpdatingLocation()
        let token = gate.open()
        let (target, filter) = state.withLock { ($0.queue, $0.filterDistance) }
        let gate = self.gate
        let weakSelf = WeakManager(self)
        let call:
            @Sendable (@escaping @Sendable (SimulatedLocationManager, any LocationProvidingDelegate) -> Void) -> Void =
                { body in
                    gate.enqueue(on: target.queue, token: token) {
                        guard let manager = weakSelf.value, let delegate = manager.delegate else { return }
                        body(manager, delegate)
                    }
                }
        do {
            let producer = try launch(
                distanceFilter: filter,
                emit: { fix in
                    call { manager, delegate in delegate.locationManager(manager, didUpdateLocations: [fix]) }
                },
                fail: { error, _ in
                    call { manager, delegate in delegate.locationManager(manager, didFailWithError: error) }
                })
            state.withLock { $0.producer = producer }
        } catch {
            call { manager, delegate in delegate.locationManager(manager, didFailWithError: error) }
        }
    }

    /// Stops delivering updates: when this returns, no delegate call is running (on another thread) or will run.
    public func stopUpdatingLocation() {
        let producer: (any UpdateProducer)? = state.withLock { s in
            defer { s.producer = nil }
            return s.producer
        }
        producer?.stop()
        gate.close()
    }

    /// Updates as an `AsyncSequence`, like `CLLocationUpdate.liveUpdates()`, independent of the delegate's
    /// updates: iterating starts a playback of the source; ending the iteration (or cancelling its task)
    /// stops it. ``distanceFilter`` applies. A consumer slower than the updates gets the newest ``updateBufferLimit``.
    /// - Returns: The locations, ending with an error when a file or route fails (a server's failures
    ///   do not end it).
    public func locationUpdates() -> AsyncThrowingStream<LocationPoint, any Error> {
        let (stream, continuation) = AsyncThrowingStream<LocationPoint, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(updateBufferLimit))
        do {
            let producer = try launch(
                distanceFilter: distanceFilter, emit: { fix in continuation.yield(fix) },
                fail: { error, final in
                    if final { continuation.finish(throwing: error) }
                }, finished: { continuation.finish() })
            continuation.onTermination = { _ in producer.stop() }
        } catch {
            continuation.finish(throwing: error)
        }
        return stream
    }

    /// Starts a playback of the source: each fix that passes the distance filter becomes ``location`` and
    /// goes to `emit`, each error to `fail` (`final` when the updates end with it).
    private func launch(
        distanceFilter: Double,
        emit: @escaping @Sendable (LocationPoint) -> Void,
        fail: @escaping @Sendable (any Error, _ final: Bool) -> Void,
        finished: (@Sendable () -> Void)? = nil
    ) throws -> any UpdateProducer {
        let filter = FilterBox(DistanceFilter(distance: distanceFilter))
        let handle: @Sendable (LocationPoint) -> Void = { [weak self] fix in
            guard filter.admit(fix) else { return }
            self?.state.withLock { $0.latest = fix }
            emit(fix)
        }
        let completion: @Sendable (PlaybackSummary) -> Void = { summary in
            if summary.reason == .failed, let error = summary.error { fail(error, true) }
            if summary.reason != .stopped { finished?() }
        }
        let options = runners.options()
        switch source.kind {
        case .server(let url, let rate, let token):
            let remote = try LiveServerClient(
                address: try ServerAddress(url, token: token), rate: rate, pollInterval: 1 / max(rate, 1e-3),
                deliver: { point in
                    if let location = point.location { handle(location) }
                }, fail: { error in fail(error, false) })
            remote.start()
            return remote
        case .route(let route, let rate, let duration):
            let points = try LocationSource.routePoints(route, sampleRate: rate, duration: duration)
            let runner = runners.runner()
            try runner.play(
                points, options: options,
                handler: handle, completion: completion)
            return runner
        case .trajectory(let trajectory, let rate, let duration):
            let fixes = try TrajectoryFixes(trajectory, sampleRate: rate, duration: duration)
            let runner = runners.runner()
            try runner.play(fixes, options: options, handler: handle, completion: completion)
            return runner
        case .file(let url, _, _) where LocationSource.isDirectory(url):
            let points = try LocationSource.renderDirectoryPoints(url).compactMap(\.location)
            let runner = runners.runner()
            try runner.play(
                PointSequence(points.map { TimedFix(fix: $0, offset: points.first?.timestamp ?? 0) }), options: options,
                handler: { handle($0.fix) }, completion: completion)
            return runner
        case .file(let url, let speed, let rate):
            let data = try LocationSource.fileData(url)
            let runner = runners.runner()
            if LocationSource.kind(url, data) == .gpx {
                let route = try Route(gpx: data, speed: speed, file: url.lastPathComponent)
                try runner.play(
                    try LocationSource.routePoints(route, sampleRate: rate, duration: nil), options: options,
                    handler: handle, completion: completion)
            } else {
                let points = try LocationSource.filePoints(data, url: url)
                let first = points[0].timestamp
                try runner.play(
                    PointSequence(points.map { TimedFix(fix: $0, offset: first) }), options: options,
                    handler: { handle($0.fix) }, completion: completion)
            }
            return runner
        }
    }
}

/// A fix played at its timestamp measured from the file's first.
struct TimedFix: Timestamped, Sendable {
    let fix: LocationPoint
    let offset: Double
    var timestamp: TimeInterval { fix.timestamp - offset }
}

/// A manager held weakly by queued delegate calls.
final class WeakManager: Sendable {
    private struct Reference { weak var value: SimulatedLocationManager? }
    private let reference: Mutex<Reference>
    var value: SimulatedLocationManager? { reference.withLock { $0.value } }
    init(_ value: SimulatedLocationManager) { reference = Mutex(Reference(value: value)) }
}

/// A manager's delegate, held weakly (as Core Location holds it).
// the delegate is the app's object, not Sendable; Core Location's contract: called on the delegate queue
final class DelegateReference: @unchecked Sendable {  // the app's delegate, used on its queue
    private let lock = Mutex(())
    private weak var reference: (any LocationProvidingDelegate)?

    /// The delegate, or `nil` once the app released it.
    var value: (any LocationProvidingDelegate)? {
        get { lock.withLock { _ in reference } }
        set { lock.withLock { _ in reference = newValue } }
    }
}

/// A distance filter shared by a playback's callbacks.
final class FilterBox: Sendable {
    private let filter: Mutex<DistanceFilter>
    init(_ filter: DistanceFilter) { self.filter = Mutex(filter) }
    func admit(_ fix: LocationPoint) -> Bool { filter.withLock { $0.admit(fix) } }
}
