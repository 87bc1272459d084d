import Foundation
import SignalRunner

/// The app's view model, as an iOS developer writes it: it depends only on `MotionProviding` and
/// `LocationProviding`, so the same code runs on a device (CoreMotion, Core Location) and in the
/// simulator, tests or CI (the simulated managers, fed by a spec, a file or a live `signals serve`).
///
/// It counts steps from the vertical user acceleration and sums the distance walked between location
/// updates (every fix: `distanceFilter` none, so that a live source, which never ends, still reaches
/// the end of the walk with a fix each second).
final class WalkViewModel: @unchecked Sendable {
    private let motion: any MotionProviding
    private let location: any LocationProviding
    private let lock = NSLock()
    private var detector = StepDetector()
    private var metres = 0.0
    private var lastFix: LocationPoint?
    private var motionSeconds = 0.0

    /// Steps counted so far.
    var steps: Int { lock.withLock { detector.steps } }
    /// Metres walked so far.
    var distance: Double { lock.withLock { metres } }
    /// Seconds of motion seen.
    var seconds: Double { lock.withLock { motionSeconds } }

    init(motion: any MotionProviding, location: any LocationProviding) {
        self.motion = motion
        self.location = location
    }

    /// Follows motion (at 50 Hz) and location until both sources end or `seconds` of each have passed.
    func track(seconds limit: Double) async throws {
        motion.deviceMotionUpdateInterval = 1.0 / 50
        location.distanceFilter = locationDistanceFilterNone
        location.desiredAccuracy = locationAccuracyBest
        async let moved: Void = followMotion(limit)
        async let walked: Void = followLocation(limit)
        _ = try await (moved, walked)
    }

    private func followMotion(_ limit: Double) async throws {
        try await follow(motion.deviceMotionUpdates(), for: limit, time: \.timestamp) { update, elapsed in
            detector.add(update.userAcceleration.z, at: update.timestamp)
            motionSeconds = elapsed
        }
    }

    private func followLocation(_ limit: Double) async throws {
        try await follow(location.locationUpdates(), for: limit, time: \.timestamp) { fix, _ in
            if let lastFix { metres += fix.distance(from: lastFix) }
            lastFix = fix
        }
    }

    /// Hands each update and the seconds since the first one to `record` (under the lock), until the
    /// updates end or `limit` seconds of them have passed.
    private func follow<Updates: AsyncSequence>(
        _ updates: Updates, for limit: Double, time: (Updates.Element) -> Double,
        record: (Updates.Element, Double) -> Void
    ) async throws {
        var first: Double?
        for try await update in updates {
            let start = first ?? time(update)
            first = start
            lock.withLock { record(update, time(update) - start) }
            if time(update) - start >= limit { break }
        }
    }
}

/// Counts steps: each rise of the vertical user acceleration through 0.1 g, re-armed when it falls
/// below 0 g (hysteresis, so noise near the threshold is not counted twice).
struct StepDetector {
    private(set) var steps = 0
    private var armed = true

    mutating func add(_ verticalAcceleration: Double, at time: Double) {
        if armed, verticalAcceleration > 0.1 {
            steps += 1
            armed = false
        } else if !armed, verticalAcceleration < 0 {
            armed = true
        }
    }
}
