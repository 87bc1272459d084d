// Apple-only (listed in SensorFeeds.docc/ApplePlatforms.md). `CMPedometer` exists on iOS (Mac Catalyst
// included), macOS and watchOS, but macOS has no cadence and no pedometer events; `CMAltimeter` exists on
// iOS, Mac Catalyst and watchOS only. Where either is missing (the branches at the end of this file), the
// adapter compiles and reports it unavailable at run time.
#if canImport(CoreMotion) && (os(iOS) || os(watchOS) || os(macOS))
import CoreMotion
import Foundation

/// The real `CMPedometer` behind ``PedometerProviding``, for a device: each call forwards to it and each
/// update is copied into this module's values. Motion & Fitness permission is the app's
/// (`NSMotionUsageDescription` in Info.plist).
///
/// ```swift
/// #if targetEnvironment(simulator)
/// let pedometer: any PedometerProviding = SimulatedPedometer(source: .signal(walk))
/// #else
/// let pedometer: any PedometerProviding = CoreMotionPedometer()
/// #endif
/// ```
///
/// Releasing it stops the updates it started. On macOS, which has no cadence and no pedometer events,
/// ``isCadenceAvailable()`` and ``isPedometerEventTrackingAvailable()`` are `false` and
/// ``startEventUpdates(handler:)`` calls its handler once with a ``SensorFeedsError`` whose code is
/// ``SensorFeedsError/Code/unavailable``. On tvOS and visionOS the whole pedometer is an ``UnavailablePedometer``.
public final class CoreMotionPedometer: PedometerProviding {
    /// The wrapped pedometer.
    public let pedometer: CMPedometer
    private let started = StartedUpdates<Kind>()
    private enum Kind: Sendable { case steps, events }
    #if os(macOS)
    private static let eventsUnavailable = PlatformUnavailable(
        "CMPedometer.startEventUpdates(handler:)",
        evidence: "https://developer.apple.com/documentation/coremotion/cmpedometer/starteventupdates(handler:) "
            + "lists iOS, iPadOS, Mac Catalyst and watchOS")
    #endif

    /// Wraps `pedometer` (default: a new one).
    /// - Parameter pedometer: The pedometer.
    public init(_ pedometer: CMPedometer = CMPedometer()) { self.pedometer = pedometer }

    deinit {
        let kinds = started.drain()
        if kinds.contains(.steps) { pedometer.stopUpdates() }
        #if !os(macOS)
        if kinds.contains(.events) { pedometer.stopEventUpdates() }
        #endif
    }

    /// Whether steps can be counted.
    public static func isStepCountingAvailable() -> Bool { CMPedometer.isStepCountingAvailable() }
    /// Whether distance (m) can be estimated.
    public static func isDistanceAvailable() -> Bool { CMPedometer.isDistanceAvailable() }
    /// Whether floors can be counted.
    public static func isFloorCountingAvailable() -> Bool { CMPedometer.isFloorCountingAvailable() }
    #if os(macOS)
    /// `false`: macOS has no cadence (`CMPedometer.isCadenceAvailable()` lists no macOS).
    public static func isCadenceAvailable() -> Bool { false }
    #else
    /// Whether cadence (steps/s) can be given.
    public static func isCadenceAvailable() -> Bool { CMPedometer.isCadenceAvailable() }
    #endif
    /// Whether pace (s/m) can be given.
    public static func isPaceAvailable() -> Bool { CMPedometer.isPaceAvailable() }
    #if os(macOS)
    /// `false`: macOS has no pedometer events.
    public static func isPedometerEventTrackingAvailable() -> Bool { false }
    #else
    /// Whether pause and resume events can be given.
    public static func isPedometerEventTrackingAvailable() -> Bool { CMPedometer.isPedometerEventTrackingAvailable() }
    #endif

    /// Starts updates counted from `start`.
    public func startUpdates(from start: Date, withHandler handler: @escaping PedometerHandler) {
        started.start(.steps)
        pedometer.startUpdates(from: start, withHandler: copying(PedometerData.init, to: handler))
    }
    /// Stops updates.
    public func stopUpdates() {
        started.stop(.steps)
        pedometer.stopUpdates()
    }
    /// The counts between two dates.
    public func queryPedometerData(from start: Date, to end: Date, withHandler handler: @escaping PedometerHandler) {
        pedometer.queryPedometerData(from: start, to: end, withHandler: copying(PedometerData.init, to: handler))
    }
    #if os(macOS)
    /// Calls `handler` once, on the main queue, with a ``SensorFeedsError`` whose code is
    /// ``SensorFeedsError/Code/unavailable``: macOS has no pedometer events.
    public func startEventUpdates(handler: @escaping PedometerEventHandler) {
        Self.eventsUnavailable.fail(handler, on: nil)
    }
    /// Does nothing.
    public func stopEventUpdates() {}
    #else
    /// Starts pause and resume events.
    public func startEventUpdates(handler: @escaping PedometerEventHandler) {
        started.start(.events)
        pedometer.startEventUpdates(handler: copying(PedometerEvent.init, to: handler))
    }
    /// Stops events.
    public func stopEventUpdates() {
        started.stop(.events)
        pedometer.stopEventUpdates()
    }
    #endif
}

extension PedometerData {
    /// Copies a CoreMotion pedometer update (its `NSNumber`s read as `Int` and `Double`).
    /// - Parameter d: The update.
    public init(_ d: CMPedometerData) {
        self.init(
            startDate: d.startDate, endDate: d.endDate, numberOfSteps: d.numberOfSteps, distance: d.distance,
            floorsAscended: d.floorsAscended, floorsDescended: d.floorsDescended, currentPace: d.currentPace,
            currentCadence: d.currentCadence, averageActivePace: d.averageActivePace)
    }
}

#if !os(macOS)
extension PedometerEvent {
    /// Copies a CoreMotion pedometer event.
    /// - Parameter e: The event.
    public init(_ e: CMPedometerEvent) {
        self.init(date: e.date, type: e.type == .pause ? .pause : .resume)
    }
}
#endif

#if os(iOS) || os(watchOS)
/// The real `CMAltimeter` behind ``AltimeterProviding``, for a device: each call forwards to it and each
/// update is copied into this module's values. A `nil` queue becomes the main queue (CoreMotion needs one).
/// Absolute altitude (iOS 15, watchOS 8) is within the package's minimums (iOS 18, watchOS 11).
/// Releasing it stops the updates it started. On macOS, tvOS and visionOS, which have no `CMAltimeter`, it is
/// an ``UnavailableAltimeter``.
public final class CoreMotionAltimeter: AltimeterProviding {
    /// The wrapped altimeter.
    public let altimeter: CMAltimeter
    private let started = StartedUpdates<Kind>()
    private enum Kind: Sendable { case relative, absolute }

    /// Wraps `altimeter` (default: a new one).
    /// - Parameter altimeter: The altimeter.
    public init(_ altimeter: CMAltimeter = CMAltimeter()) { self.altimeter = altimeter }

    deinit {
        let kinds = started.drain()
        if kinds.contains(.relative) { altimeter.stopRelativeAltitudeUpdates() }
        if kinds.contains(.absolute) { altimeter.stopAbsoluteAltitudeUpdates() }
    }

    /// Whether relative-altitude updates can be given.
    public static func isRelativeAltitudeAvailable() -> Bool { CMAltimeter.isRelativeAltitudeAvailable() }
    /// Whether absolute-altitude updates can be given.
    public static func isAbsoluteAltitudeAvailable() -> Bool { CMAltimeter.isAbsoluteAltitudeAvailable() }

    /// Starts relative-altitude updates (metres, kPa).
    public func startRelativeAltitudeUpdates(
        to queue: OperationQueue? = nil, withHandler handler: @escaping AltitudeHandler
    ) {
        started.start(.relative)
        altimeter.startRelativeAltitudeUpdates(to: queue ?? .main, withHandler: copying(AltitudeData.init, to: handler))
    }
    /// Stops relative-altitude updates.
    public func stopRelativeAltitudeUpdates() {
        started.stop(.relative)
        altimeter.stopRelativeAltitudeUpdates()
    }

    /// Starts absolute-altitude updates (metres above sea level).
    public func startAbsoluteAltitudeUpdates(
        to queue: OperationQueue? = nil, withHandler handler: @escaping AbsoluteAltitudeHandler
    ) {
        started.start(.absolute)
        altimeter.startAbsoluteAltitudeUpdates(
            to: queue ?? .main, withHandler: copying(AbsoluteAltitudeData.init, to: handler))
    }
    /// Stops absolute-altitude updates.
    public func stopAbsoluteAltitudeUpdates() {
        started.stop(.absolute)
        altimeter.stopAbsoluteAltitudeUpdates()
    }
}

extension AltitudeData {
    /// Copies a CoreMotion relative-altitude update (metres since the first update, kPa, seconds).
    /// - Parameter d: The update.
    init(_ d: CMAltitudeData) {
        self.init(relativeAltitude: d.relativeAltitude, pressure: d.pressure, timestamp: d.timestamp)
    }
}

extension AbsoluteAltitudeData {
    /// Copies a CoreMotion absolute-altitude update (metres above sea level, their accuracy and precision).
    /// - Parameter d: The update.
    init(_ d: CMAbsoluteAltitudeData) {
        self.init(altitude: d.altitude, accuracy: d.accuracy, precision: d.precision, timestamp: d.timestamp)
    }
}
#endif
#endif

// tvOS and visionOS have no `CMPedometer`
// (https://developer.apple.com/documentation/coremotion/cmpedometer lists iOS, iPadOS, Mac Catalyst, macOS and watchOS).
#if os(tvOS) || os(visionOS)
import Foundation

/// `CoreMotionPedometer` on tvOS and visionOS, which have no `CMPedometer`: an ``UnavailablePedometer``.
public final class CoreMotionPedometer: UnavailablePedometer {
    /// A pedometer that reports steps unavailable.
    public init() {
        super.init(
            PlatformUnavailable(
                "CMPedometer",
                evidence: "https://developer.apple.com/documentation/coremotion/cmpedometer "
                    + "lists iOS, iPadOS, Mac Catalyst, macOS and watchOS"))
    }
}
#endif

// macOS, tvOS and visionOS have no `CMAltimeter`
// (https://developer.apple.com/documentation/coremotion/cmaltimeter lists iOS, iPadOS, Mac Catalyst and watchOS).
#if os(macOS) || os(tvOS) || os(visionOS)
import Foundation

/// `CoreMotionAltimeter` on macOS, tvOS and visionOS, which have no `CMAltimeter`: an ``UnavailableAltimeter``.
public final class CoreMotionAltimeter: UnavailableAltimeter {
    /// An altimeter that reports altitude unavailable.
    public init() {
        super.init(
            PlatformUnavailable(
                "CMAltimeter",
                evidence: "https://developer.apple.com/documentation/coremotion/cmaltimeter "
                    + "lists iOS, iPadOS, Mac Catalyst and watchOS"))
    }
}
#endif
