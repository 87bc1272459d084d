#if canImport(CoreLocation)
import CoreLocation
import Foundation
import Location

/// The real `CLLocationManager` behind ``LocationProviding``, for a device: settings forward to the
/// manager, and its delegate callbacks are copied into ``SimulatedLocation`` values for yours.
///
/// CLLocationManager cannot adopt the protocol by an extension (its delegate and `CLLocation` types
/// differ), so this is a thin wrapper that is the manager's delegate. Authorization is the app's
/// (`manager.requestWhenInUseAuthorization()`). It is not compiled on Linux (there is no CoreLocation
/// there): keep it small and obviously correct.
public final class CoreLocationProvider: NSObject, LocationProviding, CLLocationManagerDelegate {
    /// The wrapped manager.
    public let manager: CLLocationManager
    /// Who receives the updates (held weakly).
    public weak var delegate: (any LocationProvidingDelegate)?
    private var continuations: [UUID: AsyncThrowingStream<SimulatedLocation, any Error>.Continuation] = [:]

    /// Wraps `manager` (default: a new one) and becomes its delegate. Create it on the main thread: Core
    /// Location calls back on the run loop of the thread that made the manager.
    /// - Parameter manager: The manager.
    public init(_ manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        super.init()
        manager.delegate = self
    }

    deinit { for c in continuations.values { c.finish() } }

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
    public var location: SimulatedLocation? { manager.location.map(SimulatedLocation.init) }

    /// Starts updates.
    public func startUpdatingLocation() { manager.startUpdatingLocation() }
    /// Stops updates.
    public func stopUpdatingLocation() { manager.stopUpdatingLocation() }

    /// Updates as an `AsyncSequence` (starts the manager's updates; they run while any sequence or the
    /// delegate wants them — stop them with ``stopUpdatingLocation()``).
    public func locationUpdates() -> AsyncThrowingStream<SimulatedLocation, any Error> {
        let (stream, continuation) = AsyncThrowingStream<SimulatedLocation, any Error>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        continuations[id] = continuation
        manager.startUpdatingLocation()
        return stream
    }

    /// Forwards Core Location's updates.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let fixes = locations.map(SimulatedLocation.init)
        for fix in fixes { for c in continuations.values { c.yield(fix) } }
        delegate?.locationManager(self, didUpdateLocations: fixes)
    }

    /// Forwards Core Location's failures.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        delegate?.locationManager(self, didFailWithError: error)
    }
}

extension SimulatedLocation {
    /// Copies a Core Location fix (timestamp: seconds since 1970).
    /// - Parameter l: The fix.
    public init(_ l: CLLocation) {
        self.init(coordinate: GeoCoordinate(latitude: l.coordinate.latitude, longitude: l.coordinate.longitude),
                  altitude: l.altitude, horizontalAccuracy: l.horizontalAccuracy, verticalAccuracy: l.verticalAccuracy,
                  speed: l.speed, course: l.course, timestamp: l.timestamp.timeIntervalSince1970)
    }
}
#endif
