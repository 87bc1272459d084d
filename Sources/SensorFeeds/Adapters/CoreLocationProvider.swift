// Apple-only (listed in SensorFeeds.docc/ApplePlatforms.md): Core Location exists on Apple platforms
// only, and tvOS has no `startUpdatingLocation()`.
#if canImport(CoreLocation) && !os(tvOS)
import CoreLocation
import Foundation
import Location

/// The real `CLLocationManager` behind ``LocationProviding``, for a device: settings forward to the
/// manager, and its delegate callbacks are copied into `LocationPoint` values for yours.
///
/// CLLocationManager cannot adopt the protocol by an extension (its delegate and `CLLocation` types
/// differ), so this is a thin wrapper that is the manager's delegate. Authorization is the app's
/// (`manager.requestWhenInUseAuthorization()`, with `NSLocationWhenInUseUsageDescription` in Info.plist).
///
/// - Core Location runs while your ``startUpdatingLocation()`` or any ``locationUpdates()`` iteration
///   wants it, and stops when the last of them ends (``UpdateFanOut``, tested on Linux).
/// - Calls into the manager are made on the main queue: create the provider on the main thread, as Core
///   Location calls its delegate on the run loop of the thread that made the manager.
/// - Altitudes are ellipsoidal (`CLLocation.ellipsoidalAltitude`), as every `LocationPoint` is; the
///   speed and course accuracies are copied.
/// - Headings: the heading settings forward to the manager, and each `CLHeading` is copied into a
///   ``SimulatedHeading`` for your delegate's ``LocationProvidingDelegate/locationManager(_:didUpdateHeading:)``.
public final class CoreLocationProvider: NSObject, LocationProviding, CLLocationManagerDelegate {
    /// The wrapped manager.
    public let manager: CLLocationManager
    /// Who receives the updates (held weakly).
    public weak var delegate: (any LocationProvidingDelegate)?
    private let updates: UpdateFanOut<LocationPoint>
    private let headingUpdates: UpdateFanOut<SimulatedHeading>
    private let bound: MainQueueBound<CLLocationManager>

    /// Wraps `manager` (default: a new one) and becomes its delegate. Create it on the main thread.
    /// - Parameter manager: The manager.
    public init(_ manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        let bound = MainQueueBound(manager)
        self.bound = bound
        updates = UpdateFanOut { fanOut in
            bound.async { manager in
                if fanOut.isRunning { manager.startUpdatingLocation() } else { manager.stopUpdatingLocation() }
            }
        }
        headingUpdates = UpdateFanOut { fanOut in
            bound.async { manager in
                if fanOut.isRunning { manager.startUpdatingHeading() } else { manager.stopUpdatingHeading() }
            }
        }
        super.init()
        manager.delegate = self
    }

    deinit {
        if updates.isRunning { bound.async { $0.stopUpdatingLocation() } }
        if headingUpdates.isRunning { bound.async { $0.stopUpdatingHeading() } }
    }

    /// The accuracy wanted, in metres.
    public var desiredAccuracy: Double {
        get { manager.desiredAccuracy }
        set { manager.desiredAccuracy = newValue }
    }
    /// Metres to move before the next update.
    public var distanceFilter: Double {
        get { manager.distanceFilter }
        set { manager.distanceFilter = newValue }
    }
    /// The most recent location.
    public var location: LocationPoint? { manager.location.map(LocationPoint.init) }

    /// Starts updates to the delegate.
    public func startUpdatingLocation() { updates.setAppStarted(true) }
    /// Stops updates to the delegate: no delegate call follows. Core Location itself stops unless a
    /// ``locationUpdates()`` iteration is still running.
    public func stopUpdatingLocation() { updates.setAppStarted(false) }

    /// Updates as an `AsyncSequence`: iterating starts Core Location's updates, and ending the iteration
    /// (or cancelling its task) stops them unless the delegate's updates or another iteration still want them.
    public func locationUpdates() -> AsyncThrowingStream<LocationPoint, any Error> {
        updates.makeStream(bufferingNewest: 64)
    }

    /// Forwards Core Location's updates.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let fixes = locations.map(LocationPoint.init)
        var forward = updates.isAppStarted
        for fix in fixes { forward = updates.yield(fix) }
        if forward { delegate?.locationManager(self, didUpdateLocations: fixes) }
    }

    /// Forwards Core Location's failures (to the delegate only: Core Location keeps trying after them).
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        if updates.isAppStarted || headingUpdates.isAppStarted { delegate?.locationManager(self, didFailWithError: error) }
    }

    /// `CLLocationManager.headingAvailable()`: whether the device has a compass.
    public static func headingAvailable() -> Bool { CLLocationManager.headingAvailable() }

    /// Degrees the heading must change before the next update (`CLLocationManager.headingFilter`).
    public var headingFilter: Double {
        get { manager.headingFilter }
        set { manager.headingFilter = newValue }
    }

    /// The orientation headings are reported for (`CLLocationManager.headingOrientation`).
    public var headingOrientation: DeviceOrientation {
        get { DeviceOrientation(manager.headingOrientation) }
        set { manager.headingOrientation = newValue.coreLocation }
    }

    /// The most recent heading (`CLLocationManager.heading`), copied.
    public var heading: SimulatedHeading? { manager.heading.map(SimulatedHeading.init) }

    /// Starts heading updates to the delegate.
    public func startUpdatingHeading() { headingUpdates.setAppStarted(true) }
    /// Stops heading updates to the delegate: no heading delegate call follows.
    public func stopUpdatingHeading() { headingUpdates.setAppStarted(false) }

    /// Forwards Core Location's headings.
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        let heading = SimulatedHeading(newHeading)
        if headingUpdates.yield(heading) { delegate?.locationManager(self, didUpdateHeading: heading) }
    }
}

extension SimulatedHeading {
    /// Copies a Core Location heading: degrees, µT, timestamp in seconds since 1970.
    /// - Parameter h: The heading.
    public init(_ h: CLHeading) {
        self.init(magneticHeading: h.magneticHeading, trueHeading: h.trueHeading, headingAccuracy: h.headingAccuracy,
                  x: h.x, y: h.y, z: h.z, timestamp: h.timestamp.timeIntervalSince1970)
    }
}

extension DeviceOrientation {
    /// Copies Core Location's orientation (a case Core Location adds later is ``unknown``).
    /// - Parameter o: The orientation.
    public init(_ o: CLDeviceOrientation) {
        switch o {
        case .portrait: self = .portrait
        case .portraitUpsideDown: self = .portraitUpsideDown
        case .landscapeLeft: self = .landscapeLeft
        case .landscapeRight: self = .landscapeRight
        case .faceUp: self = .faceUp
        case .faceDown: self = .faceDown
        case .unknown: self = .unknown
        @unknown default: self = .unknown
        }
    }

    /// The same orientation as Core Location's value.
    public var coreLocation: CLDeviceOrientation {
        switch self {
        case .unknown: .unknown
        case .portrait: .portrait
        case .portraitUpsideDown: .portraitUpsideDown
        case .landscapeLeft: .landscapeLeft
        case .landscapeRight: .landscapeRight
        case .faceUp: .faceUp
        case .faceDown: .faceDown
        }
    }
}

extension LocationPoint {
    /// Copies a Core Location fix: ellipsoidal altitude, timestamp in seconds since 1970.
    /// - Parameter l: The fix.
    public init(_ l: CLLocation) {
        self.init(CoreLocationFix(latitude: l.coordinate.latitude, longitude: l.coordinate.longitude,
                                  altitude: l.altitude, ellipsoidalAltitude: l.ellipsoidalAltitude,
                                  horizontalAccuracy: l.horizontalAccuracy, verticalAccuracy: l.verticalAccuracy,
                                  speed: l.speed, course: l.course, speedAccuracy: l.speedAccuracy,
                                  courseAccuracy: l.courseAccuracy, timestamp: l.timestamp.timeIntervalSince1970))
    }
}
#endif
