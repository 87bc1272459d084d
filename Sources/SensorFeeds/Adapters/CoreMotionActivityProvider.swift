// Apple-only (listed in SensorFeeds.docc/ApplePlatforms.md). `CMMotionActivityManager` exists on iOS (Mac
// Catalyst included) and watchOS only; on macOS, tvOS and visionOS (the branch at the end of this file) the
// adapter is an `UnavailableMotionActivityManager`.
#if canImport(CoreMotion) && (os(iOS) || os(watchOS))
import CoreMotion
import Foundation

/// The real `CMMotionActivityManager` behind ``MotionActivityProviding``, for a device: each call forwards to
/// it and each update is copied into ``MotionActivity``. Motion & Fitness permission is the app's
/// (`NSMotionUsageDescription` in Info.plist).
///
/// ```swift
/// #if targetEnvironment(simulator)
/// let activity: any MotionActivityProviding = SimulatedMotionActivityManager(source: .signal(trip))
/// #else
/// let activity: any MotionActivityProviding = CoreMotionActivityProvider()
/// #endif
/// ```
///
/// Releasing it stops the updates it started.
public final class CoreMotionActivityProvider: MotionActivityProviding {
    /// The wrapped manager.
    public let manager: CMMotionActivityManager
    private let started = StartedUpdates<Kind>()
    private enum Kind: Sendable { case activity }

    /// Wraps `manager` (default: a new one).
    /// - Parameter manager: The manager.
    public init(_ manager: CMMotionActivityManager = CMMotionActivityManager()) { self.manager = manager }

    deinit {
        if started.drain().contains(.activity) { manager.stopActivityUpdates() }
    }

    /// Whether the device classifies activity.
    public static func isActivityAvailable() -> Bool { CMMotionActivityManager.isActivityAvailable() }

    /// Starts updates, each copied into a ``MotionActivity``.
    /// - Parameters:
    ///   - queue: Where `handler` runs.
    ///   - handler: Receives each update.
    public func startActivityUpdates(to queue: OperationQueue, withHandler handler: @escaping MotionActivityHandler) {
        started.start(.activity)
        manager.startActivityUpdates(to: queue) { activity in handler(activity.map(MotionActivity.init)) }
    }

    /// Stops updates.
    public func stopActivityUpdates() {
        started.stop(.activity)
        manager.stopActivityUpdates()
    }

    /// The activities between two dates, copied.
    /// - Parameters:
    ///   - start: The start of the span.
    ///   - end: The end of the span.
    ///   - queue: Where `handler` runs.
    ///   - handler: Receives the activities or the error.
    public func queryActivityStarting(
        from start: Date, to end: Date, to queue: OperationQueue,
        withHandler handler: @escaping MotionActivityQueryHandler
    ) {
        manager.queryActivityStarting(from: start, to: end, to: queue) { activities, error in
            handler(activities?.map(MotionActivity.init), error)
        }
    }
}

extension MotionActivity {
    /// Copies a CoreMotion activity update (its flags, confidence, start date and timestamp).
    /// - Parameter a: The update.
    init(_ a: CMMotionActivity) {
        self.init(
            timestamp: a.timestamp, startDate: a.startDate,
            confidence: MotionActivityConfidence(rawValue: a.confidence.rawValue) ?? .low, stationary: a.stationary,
            walking: a.walking, running: a.running, automotive: a.automotive, cycling: a.cycling, unknown: a.unknown)
    }
}
#endif

// macOS, tvOS and visionOS have no `CMMotionActivityManager`
// (https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager lists iOS, iPadOS, Mac Catalyst and watchOS).
#if os(macOS) || os(tvOS) || os(visionOS)
import Foundation

/// `CoreMotionActivityProvider` on macOS, tvOS and visionOS, which have no `CMMotionActivityManager`: an
/// ``UnavailableMotionActivityManager``.
public final class CoreMotionActivityProvider: UnavailableMotionActivityManager {
    /// A manager that reports activity unavailable.
    public init() {
        super.init(
            PlatformUnavailable(
                "CMMotionActivityManager",
                evidence: "https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager "
                    + "lists iOS, iPadOS, Mac Catalyst and watchOS"))
    }
}
#endif
