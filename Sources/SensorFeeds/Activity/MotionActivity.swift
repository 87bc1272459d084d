import Foundation

/// How sure the activity classifier is: CoreMotion's `CMMotionActivityConfidence` (same raw values).
public enum MotionActivityConfidence: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Just detected.
    case low = 0
    /// Held for a few seconds.
    case medium = 1
    /// Held long enough to be sure.
    case high = 2

    /// Orders by raw value: `.low < .medium < .high`.
    public static func < (a: MotionActivityConfidence, b: MotionActivityConfidence) -> Bool {
        a.rawValue < b.rawValue
    }
}

/// One activity update, shaped like CoreMotion's `CMMotionActivity`: what the user is doing, since when,
/// and how sure the classifier is. Several flags can be set at once, as on a phone: a car waiting at a
/// light is `automotive` and `stationary`.
///
/// ```swift
/// activityManager.startActivityUpdates(to: .main) { activity in
///     if let activity, activity.walking, activity.confidence >= .medium { showWalkingUI() }
/// }
/// ```
public struct MotionActivity: Sendable, Hashable {
    /// Seconds on the source's timeline when the update was made (`CMLogItem.timestamp`).
    public var timestamp: TimeInterval
    /// When the activity began (back-dated to the change the classifier detected, as CoreMotion does).
    public var startDate: Date
    /// How sure the classifier is.
    public var confidence: MotionActivityConfidence
    /// Not moving.
    public var stationary: Bool
    /// Walking.
    public var walking: Bool
    /// Running.
    public var running: Bool
    /// In a car or another motor vehicle.
    public var automotive: Bool
    /// On a bicycle.
    public var cycling: Bool
    /// The classifier cannot tell.
    public var unknown: Bool

    /// Creates an update (every flag `false` unless given).
    /// - Parameters:
    ///   - timestamp: Seconds on the source's timeline.
    ///   - startDate: When the activity began.
    ///   - confidence: How sure the classifier is.
    ///   - stationary: Not moving.
    ///   - walking: Walking.
    ///   - running: Running.
    ///   - automotive: In a motor vehicle.
    ///   - cycling: On a bicycle.
    ///   - unknown: Cannot tell.
    public init(
        timestamp: TimeInterval, startDate: Date, confidence: MotionActivityConfidence, stationary: Bool = false,
        walking: Bool = false, running: Bool = false, automotive: Bool = false, cycling: Bool = false,
        unknown: Bool = false
    ) {
        self.timestamp = timestamp
        self.startDate = startDate
        self.confidence = confidence
        self.stationary = stationary
        self.walking = walking
        self.running = running
        self.automotive = automotive
        self.cycling = cycling
        self.unknown = unknown
    }

    /// The activities whose flags are set, in `MotionActivityType`'s order (for logs and tests).
    public var activities: [MotionActivityType] {
        let flags: [(Bool, MotionActivityType)] = [
            (stationary, .stationary), (walking, .walking), (running, .running), (cycling, .cycling),
            (automotive, .automotive), (unknown, .unknown),
        ]
        return flags.filter(\.0).map(\.1)
    }
}

/// Receives activity updates: CoreMotion's `CMMotionActivityHandler`, `Sendable`. It has no error: a
/// simulated manager whose source fails ends its updates and keeps the error
/// (``SimulatedMotionActivityManager/lastError``).
public typealias MotionActivityHandler = @Sendable (MotionActivity?) -> Void
/// Receives the activities of a query, or an error: CoreMotion's `CMMotionActivityQueryHandler`, `Sendable`.
public typealias MotionActivityQueryHandler = @Sendable ([MotionActivity]?, (any Error)?) -> Void

/// The part of CoreMotion's `CMMotionActivityManager` that apps use, as a protocol: write app code against
/// it, and give it a ``SimulatedMotionActivityManager`` in tests, the simulator or CI and the real manager
/// through `CoreMotionActivityProvider` on a device.
///
/// ```swift
/// let activity: any MotionActivityProviding = SimulatedMotionActivityManager(source: .signal(trip))
/// if type(of: activity).isActivityAvailable() {
///     activity.startActivityUpdates(to: .main) { update in print(update?.activities ?? []) }
/// }
/// ```
public protocol MotionActivityProviding: AnyObject {
    /// Whether activity updates are available.
    static func isActivityAvailable() -> Bool
    /// Starts updates, each change of activity or confidence handed to `handler` on `queue`.
    func startActivityUpdates(to queue: OperationQueue, withHandler handler: @escaping MotionActivityHandler)
    /// Stops updates: no handler call follows.
    func stopActivityUpdates()
    /// The activities between two dates, handed to `handler` once on `queue`.
    func queryActivityStarting(
        from start: Date, to end: Date, to queue: OperationQueue,
        withHandler handler: @escaping MotionActivityQueryHandler)
}
