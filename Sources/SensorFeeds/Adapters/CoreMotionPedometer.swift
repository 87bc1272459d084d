// Apple-only (listed in SensorFeeds.docc/ApplePlatforms.md): `CMPedometer` and `CMAltimeter` on iOS (Mac
// Catalyst included), watchOS and visionOS, as `CoreMotionProvider`. Not compiled on Linux.
#if canImport(CoreMotion) && (os(iOS) || os(watchOS) || os(visionOS))
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
public final class CoreMotionPedometer: PedometerProviding {
    /// The wrapped pedometer.
    public let pedometer: CMPedometer

    /// Wraps `pedometer` (default: a new one).
    /// - Parameter pedometer: The pedometer.
    public init(_ pedometer: CMPedometer = CMPedometer()) { self.pedometer = pedometer }

    /// Whether steps can be counted.
    public static func isStepCountingAvailable() -> Bool { CMPedometer.isStepCountingAvailable() }
    /// Whether distance (m) can be estimated.
    public static func isDistanceAvailable() -> Bool { CMPedometer.isDistanceAvailable() }
    /// Whether floors can be counted.
    public static func isFloorCountingAvailable() -> Bool { CMPedometer.isFloorCountingAvailable() }
    /// Whether cadence (steps/s) can be given.
    public static func isCadenceAvailable() -> Bool { CMPedometer.isCadenceAvailable() }
    /// Whether pace (s/m) can be given.
    public static func isPaceAvailable() -> Bool { CMPedometer.isPaceAvailable() }
    /// Whether pause and resume events can be given.
    public static func isPedometerEventTrackingAvailable() -> Bool { CMPedometer.isPedometerEventTrackingAvailable() }

    /// Starts updates counted from `start`.
    public func startUpdates(from start: Date, withHandler handler: @escaping PedometerHandler) {
        pedometer.startUpdates(from: start) { d, e in handler(d.map(PedometerData.init), e) }
    }
    /// Stops updates.
    public func stopUpdates() { pedometer.stopUpdates() }
    /// The counts between two dates.
    public func queryPedometerData(from start: Date, to end: Date, withHandler handler: @escaping PedometerHandler) {
        pedometer.queryPedometerData(from: start, to: end) { d, e in handler(d.map(PedometerData.init), e) }
    }
    /// Starts pause and resume events.
    public func startEventUpdates(handler: @escaping PedometerEventHandler) {
        pedometer.startEventUpdates { event, e in handler(event.map(PedometerEvent.init), e) }
    }
    /// Stops events.
    public func stopEventUpdates() { pedometer.stopEventUpdates() }
}

extension PedometerData {
    /// Copies a CoreMotion pedometer update (its `NSNumber`s read as `Int` and `Double`).
    /// - Parameter d: The update.
    public init(_ d: CMPedometerData) {
        self.init(startDate: d.startDate, endDate: d.endDate, numberOfSteps: d.numberOfSteps, distance: d.distance,
                  floorsAscended: d.floorsAscended, floorsDescended: d.floorsDescended, currentPace: d.currentPace,
                  currentCadence: d.currentCadence, averageActivePace: d.averageActivePace)
    }
}

extension PedometerEvent {
    /// Copies a CoreMotion pedometer event.
    /// - Parameter e: The event.
    public init(_ e: CMPedometerEvent) {
        self.init(date: e.date, type: e.type == .pause ? .pause : .resume)
    }
}

/// The real `CMAltimeter` behind ``AltimeterProviding``, for a device: each call forwards to it and each
/// update is copied into this module's values. A `nil` queue becomes the main queue (CoreMotion needs one).
/// Absolute altitude (iOS 15, watchOS 8) is within the package's minimums (iOS 18, watchOS 11, visionOS 2).
public final class CoreMotionAltimeter: AltimeterProviding {
    /// The wrapped altimeter.
    public let altimeter: CMAltimeter

    /// Wraps `altimeter` (default: a new one).
    /// - Parameter altimeter: The altimeter.
    public init(_ altimeter: CMAltimeter = CMAltimeter()) { self.altimeter = altimeter }

    /// Whether relative-altitude updates can be given.
    public static func isRelativeAltitudeAvailable() -> Bool { CMAltimeter.isRelativeAltitudeAvailable() }
    /// Whether absolute-altitude updates can be given.
    public static func isAbsoluteAltitudeAvailable() -> Bool { CMAltimeter.isAbsoluteAltitudeAvailable() }

    /// Starts relative-altitude updates (metres, kPa).
    public func startRelativeAltitudeUpdates(to queue: OperationQueue? = nil, withHandler handler: @escaping AltitudeHandler) {
        altimeter.startRelativeAltitudeUpdates(to: queue ?? .main) { d, e in
            handler(d.map { AltitudeData(relativeAltitude: $0.relativeAltitude, pressure: $0.pressure, timestamp: $0.timestamp) }, e)
        }
    }
    /// Stops relative-altitude updates.
    public func stopRelativeAltitudeUpdates() { altimeter.stopRelativeAltitudeUpdates() }

    /// Starts absolute-altitude updates (metres above sea level).
    public func startAbsoluteAltitudeUpdates(to queue: OperationQueue? = nil, withHandler handler: @escaping AbsoluteAltitudeHandler) {
        altimeter.startAbsoluteAltitudeUpdates(to: queue ?? .main) { d, e in
            handler(d.map { AbsoluteAltitudeData(altitude: $0.altitude, accuracy: $0.accuracy, precision: $0.precision,
                                                 timestamp: $0.timestamp) }, e)
        }
    }
    /// Stops absolute-altitude updates.
    public func stopAbsoluteAltitudeUpdates() { altimeter.stopAbsoluteAltitudeUpdates() }
}
#endif
