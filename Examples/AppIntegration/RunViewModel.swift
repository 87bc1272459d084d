import Foundation
import SignalRunner

/// A running app's view model, as an iOS developer writes it: distance, pace, steps and floors from the
/// pedometer, the heading from the location manager. It depends only on `PedometerProviding` and
/// `LocationProviding`, so the same code runs on a device (`CoreMotionPedometer`, `CoreLocationProvider`)
/// and against a trajectory in process, its render directory or a live `signals serve`.
final class RunViewModel: LocationProvidingDelegate, @unchecked Sendable {
    private let location: any LocationProviding
    private let pedometer: any PedometerProviding
    private let lock = NSLock()
    private var updates: [PedometerData] = []
    private var headings: [SimulatedHeading] = []
    private var fixes = 0
    private var ended = (pedometer: false, heading: false)
    private var progress: AsyncStream<Void>.Continuation?
    private var limit = Double.infinity

    /// The pedometer's last update at or before the limit (the run's state then).
    private var latest: PedometerData? {
        updates.last { $0.endDate.timeIntervalSince($0.startDate) <= limit + 1e-9 }
    }
    /// The last heading at or before the limit.
    private var latestHeading: SimulatedHeading? { headings.last { $0.timestamp <= limit + 1e-9 } }

    /// Steps since the start.
    var steps: Int { lock.withLock { latest?.steps ?? 0 } }
    /// Metres run since the start (the pedometer's).
    var distance: Double { lock.withLock { latest?.distanceMetres ?? 0 } }
    /// The current pace, seconds per kilometre, or `nil` while standing.
    var pace: Double? { lock.withLock { latest?.currentPaceSecondsPerMetre.map { $0 * 1000 } } }
    /// Floors climbed since the start.
    var floors: Int { lock.withLock { latest?.floorsAscendedCount ?? 0 } }
    /// The true heading, degrees, or `nil` before the first.
    var heading: Double? { lock.withLock { latestHeading?.trueHeading } }
    /// Seconds of the run the pedometer reported, up to the limit (its update's end − start).
    var seconds: Double { lock.withLock { latest.map { $0.endDate.timeIntervalSince($0.startDate) } ?? 0 } }
    /// Location fixes received.
    var fixCount: Int { lock.withLock { fixes } }

    init(location: any LocationProviding, pedometer: any PedometerProviding) {
        self.location = location
        self.pedometer = pedometer
    }

    /// Follows the run until the pedometer and the headings have both passed `limit` seconds of it (or
    /// ended); the values are then the run's at `limit`.
    func track(seconds limit: Double) async throws {
        let (changes, progress) = AsyncStream<Void>.makeStream()
        lock.withLock {
            self.progress = progress
            self.limit = limit
        }
        location.delegate = self
        location.headingFilter = headingFilterNone  // every heading, so that the stream passes the limit
        location.startUpdatingHeading()
        location.startUpdatingLocation()
        pedometer.startUpdates(from: Date(timeIntervalSince1970: 0)) { [weak self] data, error in
            guard let self else { return }
            lock.withLock {
                if let data { updates.append(data) }
                if let error, (error as? SensorFeedsError)?.isTransient != true { ended.pedometer = true }
            }
            progress.yield()
        }
        for await _ in changes where passed { break }
        pedometer.stopUpdates()
        location.stopUpdatingHeading()
        location.stopUpdatingLocation()
        progress.finish()
    }

    /// Whether both the pedometer and the headings reached past the limit (or ended).
    private var passed: Bool {
        lock.withLock {
            let pedometerDone =
                ended.pedometer || (updates.last.map { $0.endDate.timeIntervalSince($0.startDate) > limit } ?? false)
            let headingDone = ended.heading || (headings.last.map { $0.timestamp > limit } ?? false)
            return pedometerDone && headingDone
        }
    }

    func locationManager(_ manager: any LocationProviding, didUpdateLocations locations: [LocationPoint]) {
        lock.withLock { fixes += locations.count }
    }

    func locationManager(_ manager: any LocationProviding, didFailWithError error: any Error) {
        FileHandle.standardError.write(Data("location error: \(error)\n".utf8))
        // A server's failures are transient: the headings go on when it is back.
        guard (error as? SensorFeedsError)?.isTransient != true else { return }
        let progress: AsyncStream<Void>.Continuation? = lock.withLock {
            ended.heading = true
            return self.progress
        }
        progress?.yield()
    }

    func locationManager(_ manager: any LocationProviding, didUpdateHeading heading: SimulatedHeading) {
        let progress: AsyncStream<Void>.Continuation? = lock.withLock {
            headings.append(heading)
            return self.progress
        }
        progress?.yield()
    }

    /// One line: steps, distance, pace, floors and heading.
    var summary: String {
        let pace = self.pace.map { String(format: "%d:%02d /km", Int($0) / 60, Int($0) % 60) } ?? "standing"
        let heading = self.heading.map { String(format: "%.0f°", $0) } ?? "none"
        return
            "\(steps) steps, \(String(format: "%.1f", distance)) m, pace \(pace), \(floors) floors up, heading \(heading) at \(String(format: "%.2f", seconds)) s"
    }
}
