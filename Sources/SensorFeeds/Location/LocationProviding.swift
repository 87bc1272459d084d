import Location
import Foundation

/// `distanceFilter` value that delivers every update: Core Location's `kCLDistanceFilterNone`.
public let locationDistanceFilterNone: Double = -1
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
}
