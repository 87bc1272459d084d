// Apple-only (listed in SensorFeeds.docc/ApplePlatforms.md): Core Location exists on every Apple platform,
// but not all of it: tvOS has no `startUpdatingLocation()`, and headings (`CLHeading`, `startUpdatingHeading()`,
// `headingFilter`, `heading`) exist on iOS, Mac Catalyst and watchOS only (macOS has `startUpdatingHeading()`
// but no `stopUpdatingHeading()`, visionOS neither). Where an API is missing, the provider says so at run time.
#if canImport(CoreLocation)
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
///   wants it, and stops when the last of them ends (``UpdateFanOut``, tested on Linux), or when the
///   provider is released.
/// - It is created on the main actor: Core Location calls a delegate on the run loop of the thread that
///   made the manager, and a provider made on another thread (a `Task` on the cooperative pool) would
///   never hear from it. Calls into the manager are made on the main queue.
/// - When the user denies the app location services (`CLError.denied`), your delegate receives the error
///   and every ``locationUpdates()`` iteration ends with a ``SensorFeedsError`` whose code is
///   ``SensorFeedsError/Code/notAuthorized``; other failures are transient (Core Location keeps trying).
/// - Altitudes are ellipsoidal (`CLLocation.ellipsoidalAltitude`), as every `LocationPoint` is; the
///   speed and course accuracies are copied.
/// - Headings, on iOS, Mac Catalyst and watchOS: the heading settings forward to the manager, and each
///   `CLHeading` is copied into a ``SimulatedHeading`` for your delegate's
///   ``LocationProvidingDelegate/locationManager(_:didUpdateHeading:)``. On macOS, tvOS and visionOS
///   ``headingAvailable()`` is `false` and ``startUpdatingHeading()`` hands your delegate a
///   ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unavailable``.
/// - On tvOS, which has no continuous location updates, ``startUpdatingLocation()`` and
///   ``locationUpdates()`` fail the same way.
public final class CoreLocationProvider: NSObject, LocationProviding, CLLocationManagerDelegate {
    /// The wrapped manager.
    public let manager: CLLocationManager
    /// Who receives the updates (held weakly).
    public weak var delegate: (any LocationProvidingDelegate)?
    private let updates: UpdateFanOut<LocationPoint>
    private let headingUpdates: UpdateFanOut<SimulatedHeading>
    private let bound: MainQueueBound<CLLocationManager>
    #if !(os(iOS) || os(watchOS))
    private static let headingUnavailable = PlatformUnavailable(
        "CLLocationManager.startUpdatingHeading() and stopUpdatingHeading()",
        evidence: "https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatingheading() "
            + "lists iOS, iPadOS, Mac Catalyst and watchOS")
    #endif
    #if os(tvOS)
    private static let locationUnavailable = PlatformUnavailable(
        "CLLocationManager.startUpdatingLocation()",
        evidence: "https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatinglocation() "
            + "lists iOS, iPadOS, Mac Catalyst, macOS, visionOS and watchOS; tvOS has requestLocation() only")
    #endif

    /// Wraps `manager` (default: a new one) and becomes its delegate. On the main actor: Core Location
    /// delivers to the run loop of the thread that made the manager.
    /// - Parameter manager: The manager.
    @MainActor
    public init(_ manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        let bound = MainQueueBound(manager)
        self.bound = bound
        updates = UpdateFanOut { fanOut in
            #if !os(tvOS)
            bound.async { manager in
                if fanOut.isRunning { manager.startUpdatingLocation() } else { manager.stopUpdatingLocation() }
            }
            #endif
        }
        headingUpdates = UpdateFanOut { fanOut in
            #if os(iOS) || os(watchOS)
            bound.async { manager in
                if fanOut.isRunning { manager.startUpdatingHeading() } else { manager.stopUpdatingHeading() }
            }
            #endif
        }
        super.init()
        manager.delegate = self
    }

    deinit {
        #if !os(tvOS)
        if updates.isRunning { bound.async { $0.stopUpdatingLocation() } }
        #endif
        #if os(iOS) || os(watchOS)
        if headingUpdates.isRunning { bound.async { $0.stopUpdatingHeading() } }
        #endif
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

    /// Starts updates to the delegate (on tvOS: the delegate receives a ``SensorFeedsError`` whose code is
    /// ``SensorFeedsError/Code/unavailable``).
    public func startUpdatingLocation() {
        #if os(tvOS)
        failOnMain(Self.locationUnavailable.error)
        #else
        updates.setAppStarted(true)
        #endif
    }
    /// Stops updates to the delegate: no delegate call follows. Core Location itself stops unless a
    /// ``locationUpdates()`` iteration is still running.
    public func stopUpdatingLocation() { updates.setAppStarted(false) }

    /// Updates as an `AsyncSequence`: iterating starts Core Location's updates, and ending the iteration
    /// (or cancelling its task) stops them unless the delegate's updates or another iteration still want them.
    /// It ends with a ``SensorFeedsError`` (``SensorFeedsError/Code/notAuthorized``) when the user denies the
    /// app location services, and at once (``SensorFeedsError/Code/unavailable``) on tvOS.
    public func locationUpdates() -> AsyncThrowingStream<LocationPoint, any Error> {
        #if os(tvOS)
        Self.locationUnavailable.stream()
        #else
        updates.makeStream(bufferingNewest: 64)
        #endif
    }

    /// Forwards Core Location's updates.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let fixes = locations.map(LocationPoint.init)
        var forward = updates.isAppStarted
        for fix in fixes { forward = updates.yield(fix) }
        if forward { delegate?.locationManager(self, didUpdateLocations: fixes) }
    }

    /// Forwards Core Location's failures to the delegate; a denial (`CLError.denied`) also ends every
    /// iteration (``CoreLocationFailure``), as Core Location sends nothing more after it.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        if CoreLocationFailure(error) == .denied {
            updates.finishAll(throwing: CoreLocationFailure.deniedError)
            headingUpdates.finishAll(throwing: CoreLocationFailure.deniedError)
        }
        if updates.isAppStarted || headingUpdates.isAppStarted {
            delegate?.locationManager(self, didFailWithError: error)
        }
    }

    /// Hands the delegate `error` on the main queue, as Core Location calls it, never inside the call that
    /// caused it.
    private func failOnMain(_ error: SensorFeedsError) {
        MainQueueBound(WeakReference(self)).async { reference in
            guard let provider = reference.value else { return }
            provider.delegate?.locationManager(provider, didFailWithError: error)
        }
    }

    #if os(iOS) || os(watchOS)
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

    /// Forwards Core Location's headings.
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        let heading = SimulatedHeading(newHeading)
        if headingUpdates.yield(heading) { delegate?.locationManager(self, didUpdateHeading: heading) }
    }
    #else
    /// `false`: this platform has no heading updates (macOS has no `stopUpdatingHeading()`, tvOS and
    /// visionOS no `startUpdatingHeading()`).
    public static func headingAvailable() -> Bool { false }

    /// Degrees the heading must change before the next update (kept; no heading is delivered here).
    public var headingFilter: Double = 1

    /// The orientation headings would be reported for (kept; no heading is delivered here).
    public var headingOrientation: DeviceOrientation = .portrait

    /// `nil`: no heading is delivered on this platform.
    public var heading: SimulatedHeading? { nil }

    /// Hands the delegate a ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unavailable``
    /// (on the main queue): this platform has no heading updates.
    public func startUpdatingHeading() { failOnMain(Self.headingUnavailable.error) }
    #endif

    /// Stops heading updates to the delegate: no heading delegate call follows.
    public func stopUpdatingHeading() { headingUpdates.setAppStarted(false) }
}

#if os(iOS) || os(watchOS)
extension SimulatedHeading {
    /// Copies a Core Location heading: degrees, µT, timestamp in seconds since 1970.
    /// - Parameter h: The heading.
    public init(_ h: CLHeading) {
        self.init(
            magneticHeading: h.magneticHeading, trueHeading: h.trueHeading, headingAccuracy: h.headingAccuracy,
            x: h.x, y: h.y, z: h.z, timestamp: h.timestamp.timeIntervalSince1970)
    }
}
#endif

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
        self.init(
            CoreLocationFix(
                latitude: l.coordinate.latitude, longitude: l.coordinate.longitude,
                altitude: l.altitude, ellipsoidalAltitude: l.ellipsoidalAltitude,
                horizontalAccuracy: l.horizontalAccuracy, verticalAccuracy: l.verticalAccuracy,
                speed: l.speed, course: l.course, speedAccuracy: l.speedAccuracy,
                courseAccuracy: l.courseAccuracy, timestamp: l.timestamp.timeIntervalSince1970))
    }
}
#endif
