import Foundation
import Location
import Navigation
import Playback
import Signals

/// The heading side of a ``SimulatedLocationManager``: its settings, the latest heading, and the playback
/// of one start (a trajectory's timeline on a ``TrajectoryUpdates``, a server's points on a ``LiveServerClient``, or
/// the points of a render directory on a Runner).
final class HeadingUpdates: @unchecked Sendable {
    private let lock = NSLock()
    private var filterDegrees = 1.0
    private var orientationStorage = DeviceOrientation.portrait
    /// The orientation the headings are turned to: the last of portrait, upside down or landscape set.
    private var reference = DeviceOrientation.portrait
    private var latest: SimulatedHeading?
    private var producer: (any UpdateProducer)?
    private let gate = DeliveryGate()
    private let updates: TrajectoryUpdates
    private let makeRunner: @Sendable () -> any UpdateRunner
    private let timing: TimingPolicy

    init(makeRunner: @escaping @Sendable () -> any UpdateRunner, timing: TimingPolicy) {
        self.makeRunner = makeRunner
        self.timing = timing
        updates = TrajectoryUpdates(makeRunner: makeRunner, timing: timing)
    }

    /// Degrees (≤ 0: every heading); NaN is stored as ``headingFilterNone``.
    var filter: Double {
        get { lock.withLock { filterDegrees } }
        set { lock.withLock { filterDegrees = newValue.isNaN ? headingFilterNone : newValue } }
    }

    /// The orientation set (the headings are turned to the last one that is not unknown, face up or down).
    var orientation: DeviceOrientation {
        get { lock.withLock { orientationStorage } }
        set {
            lock.withLock {
                orientationStorage = newValue
                if newValue.isReference { reference = newValue }
            }
        }
    }

    /// The filter's degrees and the reference orientation now (read for each heading: a change applies to
    /// the next one, as in Core Location).
    private var settings: (degrees: Double, orientation: DeviceOrientation) { lock.withLock { (filterDegrees, reference) } }

    /// The latest heading delivered.
    var heading: SimulatedHeading? { lock.withLock { latest } }

    /// Whether updates are on.
    var isActive: Bool { updates.isActive || lock.withLock { producer != nil } }

    /// Updates dropped because the delegate queue fell behind.
    var dropped: Int { gate.dropped + updates.dropped }

    private func record(_ heading: SimulatedHeading) { lock.withLock { latest = heading } }

    /// Plays the headings of `source`: each that passes the heading filter is recorded as the latest and
    /// handed to `deliver` on `queue`; an error is handed as `(nil, error)` (a server's only while
    /// `reportFailures()` says so, the location updates reporting them otherwise). Restarts when on.
    func start(_ source: LocationSource, queue: OperationQueue, reportFailures: @escaping @Sendable () -> Bool,
               deliver: @escaping @Sendable (SimulatedHeading?, (any Error)?) -> Void) {
        stop()
        let filter = HeadingFilterBox(HeadingFilter())
        // The heading of the y axis turned to the orientation, if it passes the filter.
        let admit: @Sendable (SimulatedHeading) -> SimulatedHeading? = { [weak self] heading in
            guard let self else { return nil }
            let (degrees, orientation) = settings
            let turned = heading.turned(to: orientation)
            guard filter.admit(turned, degrees: degrees) else { return nil }
            record(turned)
            return turned
        }
        switch source.kind {
        case .trajectory(let trajectory, let rate, let duration):
            // An invalid rate gets an interval TrajectoryTicks accepts, so that TrajectoryPoints names the rate.
            let interval = rate.isFinite && rate > 0 ? 1 / rate : 1
            updates.start(.signal(trajectory, sampleRate: rate, duration: duration), interval: interval, queue: queue, transform: { point in
                admit(SimulatedHeading(point))
            }, deliver: deliver)
        case .server(let url, let rate, let token):
            let send = sender(queue, deliver)
            do {
                let remote = try LiveServerClient(address: try ServerAddress(url, token: token), rate: nil, pollInterval: 1 / max(rate, 1e-3), deliver: { point in
                    if let heading = SimulatedHeading(point), let kept = admit(heading) { send(kept, nil) }
                }, fail: { error in
                    if reportFailures() { send(nil, error) }
                })
                lock.withLock { producer = remote }
                remote.start()
            } catch {
                send(nil, error)
            }
        case .file(let url, _, _):
            // Only a render directory carries headings (a GPX, CSV or JSON Lines location file has none).
            guard LocationSource.isDirectory(url) else { return }
            let send = sender(queue, deliver)
            do {
                let headings = try LocationSource.renderDirectoryPoints(url).compactMap { SimulatedHeading($0) }
                guard let first = headings.first?.timestamp else { return }
                let runner = makeRunner()
                let id = ObjectIdentifier(runner)
                lock.withLock { producer = runner }
                try runner.play(PointSequence(headings.map { TimedHeading(heading: $0, offset: first) }),
                                options: PlaybackOptions(loop: false, timing: timing), handler: { timed in
                    if let kept = admit(timed.heading) { send(kept, nil) }
                }, completion: { [weak self] summary in
                    if summary.reason == .failed, let error = summary.error { send(nil, error) }
                    if summary.reason != .stopped { self?.finish(id) }
                })
            } catch {
                send(nil, error)
            }
        case .route:
            return      // a route has no heading
        }
    }

    /// Hands updates to `deliver` on `queue`, for the current generation of the gate.
    private func sender(_ queue: OperationQueue, _ deliver: @escaping @Sendable (SimulatedHeading?, (any Error)?) -> Void)
        -> @Sendable (SimulatedHeading?, (any Error)?) -> Void {
        let gate = self.gate
        let token = gate.open()
        let target = SendableOperationQueue(queue: queue)
        return { heading, error in gate.enqueue(on: target.queue, token: token) { deliver(heading, error) } }
    }

    /// Forgets `runner` once it ended by itself (not when a newer start replaced it).
    private func finish(_ runner: ObjectIdentifier) {
        lock.withLock { if let p = producer, ObjectIdentifier(p) == runner { producer = nil } }
    }

    /// Stops the updates: when this returns, no delivery is running (on another thread) or will run.
    func stop() {
        let running: (any UpdateProducer)? = lock.withLock {
            defer { producer = nil }
            return producer
        }
        running?.stop()
        updates.stop()
        gate.close()
    }
}

/// A heading played at its timestamp measured from the first's.
struct TimedHeading: Timestamped, Sendable {
    let heading: SimulatedHeading
    let offset: Double
    var timestamp: TimeInterval { heading.timestamp - offset }
}
