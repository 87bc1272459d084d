import Foundation
import Location

/// `distanceFilter` value that delivers every update: Core Location's `kCLDistanceFilterNone`.
public let locationDistanceFilterNone: Double = -1
/// `headingFilter` value that delivers every heading update: Core Location's `kCLHeadingFilterNone`.
public let headingFilterNone: Double = -1
/// `desiredAccuracy` value for the best accuracy: Core Location's `kCLLocationAccuracyBest`.
public let locationAccuracyBest: Double = -1

/// Receives location updates: the part of `CLLocationManagerDelegate` apps use.
///
/// The simulated manager calls it on its ``SimulatedLocationManager/delegateQueue``.
public protocol LocationProvidingDelegate: AnyObject {
    /// New locations, oldest first (the simulated manager delivers one at a time).
    func locationManager(_ manager: any LocationProviding, didUpdateLocations locations: [LocationPoint])
    /// A failure: an unreadable file ends the updates; a server's failures are transient
    /// (``SensorFeedsError/isTransient``) and updates continue when it is back.
    func locationManager(_ manager: any LocationProviding, didFailWithError error: any Error)
    /// A new heading (after ``LocationProviding/startUpdatingHeading()``), as Core Location's
    /// `locationManager(_:didUpdateHeading:)`. Optional: a default implementation ignores it, so a delegate
    /// written before headings existed still conforms.
    func locationManager(_ manager: any LocationProviding, didUpdateHeading heading: SimulatedHeading)
}

extension LocationProvidingDelegate {
    /// Ignores the heading: the default for delegates that want locations only.
    /// - Parameters:
    ///   - manager: The manager.
    ///   - heading: The heading (degrees, µT, seconds).
    public func locationManager(_ manager: any LocationProviding, didUpdateHeading heading: SimulatedHeading) {}
}

/// The part of Core Location's `CLLocationManager` that apps use, as a protocol: write app code against
/// it, and give it a ``SimulatedLocationManager`` in tests, the simulator or CI, and the real manager
/// (through the adapter in this module, on Apple platforms) on a device.
///
/// ```swift
/// #if targetEnvironment(simulator)
/// let location: any LocationProviding = SimulatedLocationManager(source: .server(URL(string: "http://127.0.0.1:8080")!))
/// #else
/// let location: any LocationProviding = CoreLocationProvider()
/// #endif
/// location.distanceFilter = 10                 // metres
/// location.delegate = self
/// location.startUpdatingLocation()
/// if type(of: location).headingAvailable() {
///     location.headingFilter = 5               // degrees
///     location.startUpdatingHeading()          // delegate's locationManager(_:didUpdateHeading:)
/// }
/// ```
public protocol LocationProviding: AnyObject {
    /// Who receives the updates (held weakly).
    var delegate: (any LocationProvidingDelegate)? { get set }
    /// The accuracy wanted, in metres (``locationAccuracyBest``, −1, for the best): a hint, as in Core Location.
    var desiredAccuracy: Double { get set }
    /// Metres the position must move from the last update before the next one (``locationDistanceFilterNone``,
    /// −1, for every update).
    var distanceFilter: Double { get set }
    /// The most recent location delivered, or `nil` before the first.
    var location: LocationPoint? { get }
    /// Starts delivering updates to the delegate.
    func startUpdatingLocation()
    /// Stops delivering updates: no delegate call follows.
    func stopUpdatingLocation()
    /// Updates as an `AsyncSequence` (like `CLLocationUpdate.liveUpdates()`): iterating starts them,
    /// ending the iteration stops them. The same `distanceFilter` applies.
    func locationUpdates() -> AsyncThrowingStream<LocationPoint, any Error>

    /// Whether the device gives headings (`CLLocationManager.headingAvailable()`).
    static func headingAvailable() -> Bool
    /// Degrees the heading must change before the next heading update (default 1; ``headingFilterNone``,
    /// −1, for every update).
    var headingFilter: Double { get set }
    /// The orientation headings are reported for (default ``DeviceOrientation/portrait``; see ``DeviceOrientation``).
    var headingOrientation: DeviceOrientation { get set }
    /// The most recent heading delivered, or `nil` before the first.
    var heading: SimulatedHeading? { get }
    /// Starts delivering headings to the delegate's ``LocationProvidingDelegate/locationManager(_:didUpdateHeading:)``.
    func startUpdatingHeading()
    /// Stops delivering headings: no heading delegate call follows.
    func stopUpdatingHeading()
}
