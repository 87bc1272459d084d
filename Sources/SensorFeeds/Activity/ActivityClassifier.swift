import Foundation
import Synchronization

/// A phone's activity classifier, fed the truth: it reports a change of activity only once the new one has
/// lasted its detection delay, back-dates the activity's start to the change, and raises its confidence the
/// longer the activity lasts. A pure function of the truths fed, in order (deterministic, no clock).
///
/// - **Delays** (``delay(_:)``): 3 s to notice a stop, 5 s a walk or a run, 15 s a bicycle or a car (a
///   vehicle needs a longer look at the vibration and the speed). Apple does not publish its classifier's;
///   these are the few seconds its documentation and the motion literature describe, chosen so that a
///   stop at a crossing (under 3 s) is never reported and a waypoint's `pause` is.
/// - **Confidence**: `.low` when the activity is first reported, `.medium` ``mediumAfter`` seconds later,
///   `.high` ``highAfter`` seconds later; each rise is an update.
/// - **Vehicles**: a stop after `automotive` or `cycling` is reported `stationary` *and* that vehicle
///   (CoreMotion sets both for a car waiting at a light, and until the user walks).
/// - **Start**: the first truth is reported at once, `.high`: the phone was classifying before the app
///   asked, as CoreMotion's first update describes what is already going on.
struct ActivityClassifier: Sendable {
    /// Seconds between a change and its report, per new activity.
    static func delay(_ activity: MotionActivityType) -> Double {
        switch activity {
        case .stationary: 3
        case .walking, .running, .unknown: 5
        case .cycling, .automotive: 15
        }
    }

    /// Seconds after a report at which the confidence becomes `.medium`.
    static let mediumAfter = 5.0
    /// Seconds after a report at which the confidence becomes `.high`.
    static let highAfter = 15.0

    private struct Reported: Sendable {
        var activity: MotionActivityType
        /// When the activity began on the source's timeline (the truth's change), seconds.
        var since: Double
        /// When it was reported, seconds.
        var reportedAt: Double
        var confidence: MotionActivityConfidence
    }

    /// Unix seconds of the source's second 0 (the dates of the updates).
    let epoch: Double
    private var reported: Reported?
    /// The vehicle of the last moving report, for the stops that follow it.
    private var vehicle: MotionActivityType?
    /// A different truth, and since when it has held.
    private var candidate: (activity: MotionActivityType, since: Double)?

    init(epoch: Double) { self.epoch = epoch }

    /// Feeds the truth at `time` seconds of the source; returns an update when the report changes (the
    /// activity, or its confidence).
    mutating func update(_ truth: MotionActivityType, at time: Double) -> MotionActivity? {
        guard var current = reported else {
            return report(Reported(activity: truth, since: time, reportedAt: time, confidence: .high), at: time)
        }
        if truth == current.activity {
            candidate = nil
            let age = time - current.reportedAt
            let confidence: MotionActivityConfidence =
                age >= Self.highAfter ? .high : age >= Self.mediumAfter ? .medium : .low
            guard confidence > current.confidence else { return nil }
            current.confidence = confidence
            return report(current, at: time)
        }
        if candidate?.activity != truth { candidate = (truth, time) }
        guard let since = candidate?.since, time - since >= Self.delay(truth) - 1e-9 else { return nil }
        candidate = nil
        return report(Reported(activity: truth, since: since, reportedAt: time, confidence: .low), at: time)
    }

    private mutating func report(_ r: Reported, at time: Double) -> MotionActivity {
        reported = r
        switch r.activity {
        case .automotive, .cycling: vehicle = r.activity
        case .walking, .running: vehicle = nil
        case .stationary, .unknown: break
        }
        var update = MotionActivity(
            timestamp: time, startDate: Date(timeIntervalSince1970: epoch + r.since), confidence: r.confidence)
        switch r.activity {
        case .stationary:
            update.stationary = true
            update.automotive = vehicle == .automotive
            update.cycling = vehicle == .cycling
        case .walking: update.walking = true
        case .running: update.running = true
        case .cycling: update.cycling = true
        case .automotive: update.automotive = true
        case .unknown: update.unknown = true
        }
        return update
    }

    /// The updates of a run of truths, in order: `truths` gives the truth at each of `count` checks
    /// `interval` seconds apart from second 0.
    static func updates(
        epoch: Double, interval: Double, count: Int, truth: (Double) throws(SignalError) -> MotionActivityType
    ) throws(SignalError) -> [MotionActivity] {
        var classifier = ActivityClassifier(epoch: epoch)
        var out: [MotionActivity] = []
        for k in 0..<count {
            let t = Double(k) * interval
            if let update = classifier.update(try truth(t), at: t) { out.append(update) }
        }
        return out
    }
}

/// An ``ActivityClassifier`` behind a lock, for a playback thread's transform.
final class ActivityTracker: Sendable {
    private let classifier: Mutex<ActivityClassifier>

    init(epoch: Double) { classifier = Mutex(ActivityClassifier(epoch: epoch)) }

    func update(_ point: TrajectoryPoint) -> MotionActivity? {
        classifier.withLock { $0.update(point.activity, at: point.timestamp) }
    }
}
