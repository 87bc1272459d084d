import Foundation
import Location
import Navigation
import Playback
import Signals
import Synchronization

/// The heading side of a ``SimulatedLocationManager``: its settings, the latest heading, and the playback
/// of one start (a trajectory's timeline on a ``TrajectoryUpdates``, a server's points on a ``LiveServerClient``, or
/// the points of a render directory on a Runner).
final class HeadingUpdates: Sendable {
    /// The settings, the latest heading and the current start's producer.
    private struct State {
        var filterDegrees = 1.0
        var orientation = DeviceOrientation.portrait
        /// The orientation the headings are turned to: the last of portrait, upside down or landscape set.
        var reference = DeviceOrientation.portrait
        var latest: SimulatedHeading?
        var producer: (any UpdateProducer)?
    }

    private let state = Mutex(State())
    private let gate = DeliveryGate()
    private let updates: TrajectoryUpdates
    private let runners: RunnerFactory

    init(runners: RunnerFactory) {
        self.runners = runners
        updates = TrajectoryUpdates(runners: runners)
    }

    /// Degrees (≤ 0: every heading); NaN is stored as ``headingFilterNone``.
    var filter: Double {
        get { state.withLock { $0.filterDegrees } }
        set { state.withLock { $0.filterDegrees = newValue.isNaN ? headingFilterNone : newValue } }
    }

    /// The orientation set (the headings are turned to the last one that is not unknown, face up or down).
    var orientation: DeviceOrientation {
        get { state.withLock { $0.orientation } }
        set {
            state.withLock {
                $0.orientation = newValue
                if newValue.isReference { $0.reference = newValue }
            }
        }
    }

    /// The filter's degrees and the reference orientation now (read for each heading: a change applies to
    /// the next one, as in Core Location).
    private var settings: (degrees: Double, orientation: DeviceOrientation) {
        state.withLock { ($0.filterDegrees, $0.reference) }
    }

    /// The latest heading delivered.
    var heading: SimulatedHeading? { state.withLock { $0.latest } }

    /// Whether updates are on.
    var isActive: Bool { updates.isActive || state.withLock { $0.producer != nil } }

    /// Updates dropped because the delegate queue fell behind.
    var dropped: Int { gate.dropped + updates.dropped }

    private func record(_ heading: SimulatedHeading) { state.withLock { $0.latest = heading } }

    /// Plays the headings of `source`: each that passes the heading filter is recorded as the latest and
    /// handed to `deliver` on `queue`; an error is handed as `(nil, error)` (a server's only while
    /// `reportFailures()` says so, the location updates reporting them otherwise). Restarts when on.
    func start(
        _ source: LocationSource, queue: OperationQueue, reportFailures: @escaping @Sendable () -> Bool,
        deliver: @escaping @Sendable (SimulatedHeading?, (any Error)?) -> Void
    ) {
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
            updates.start(
                .signal(trajectory, sampleRate: rate, duration: duration), interval: interval, queue: queue,
                transform: { point in
                    admit(SimulatedHeading(point))
                }, deliver: deliver)
        case .server(let url, let rate, let token):
            let send = gate.sender(on: queue, deliver)
            do {
                let remote = try LiveServerClient(
                    address: try ServerAddress(url, token: token), rate: nil, pollInterval: 1 / max(rate, 1e-3),
                    deliver: { point in
                        if let heading = SimulatedHeading(point), let kept = admit(heading) { send(kept, nil) }
                    },
                    fail: { error in
                        if reportFailures() { send(nil, error) }
                    })
                state.withLock { $0.producer = remote }
                remote.start()
            } catch {
                send(nil, error)
            }
        case .file(let url, _, _):
            // Only a render directory carries headings (a GPX, CSV or JSON Lines location file has none).
            guard LocationSource.isDirectory(url) else { return }
            let send = gate.sender(on: queue, deliver)
            do {
                let headings = try LocationSource.renderDirectoryPoints(url).compactMap { SimulatedHeading($0) }
                guard let first = headings.first?.timestamp else { return }
                let runner = runners.runner()
                let id = ObjectIdentifier(runner)
                state.withLock { $0.producer = runner }
                try runner.play(
                    PointSequence(headings.map { TimedHeading(heading: $0, offset: first) }),
                    options: runners.options(),
                    handler: { timed in
                        if let kept = admit(timed.heading) { send(kept, nil) }
                    },
                    completion: { [weak self] summary in
                        if summary.reason == .failed, let error = summary.error { send(nil, error) }
                        if summary.reason != .stopped { self?.finish(id) }
                    })
            } catch {
                send(nil, error)
            }
        case .route:
            return  // a route has no heading
        }
    }

    /// Forgets `runner` once it ended by itself (not when a newer start replaced it).
    private func finish(_ runner: ObjectIdentifier) {
        state.withLock { if let p = $0.producer, ObjectIdentifier(p) == runner { $0.producer = nil } }
    }

    /// Stops the updates: when this returns, no delivery is running (on another thread) or will run.
    func stop() {
        let running: (any UpdateProducer)? = state.withLock { s in
            defer { s.producer = nil }
            return s.producer
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
