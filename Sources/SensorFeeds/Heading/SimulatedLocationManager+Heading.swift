import Foundation

extension SimulatedLocationManager {
    /// `true`, as `CLLocationManager.headingAvailable()` on a device with a compass: the simulated device
    /// has one. Whether headings come depends on the source (a trajectory or a server's trajectory gives
    /// them; a route or a location file does not).
    public static func headingAvailable() -> Bool { true }

    /// Degrees the heading must change (the shorter way round) from the last heading delivered before the
    /// next one is (default 1, as Core Location); ≤ 0 (``headingFilterNone``) or NaN delivers every heading.
    /// The change is measured on the magnetic heading. A change applies to the next heading.
    public var headingFilter: Double {
        get { headings.filter }
        set { headings.filter = newValue }
    }

    /// The orientation the headings are reported for (default ``DeviceOrientation/portrait``: the heading of
    /// the device's top). ``DeviceOrientation/landscapeLeft`` adds 90°, ``DeviceOrientation/portraitUpsideDown``
    /// 180° and ``DeviceOrientation/landscapeRight`` 270° to both headings, as Core Location does; the raw
    /// magnetometer values stay in the device frame. Setting ``DeviceOrientation/unknown``,
    /// ``DeviceOrientation/faceUp`` or ``DeviceOrientation/faceDown`` keeps the previous reference (Core
    /// Location ignores them). A change applies to the next heading.
    public var headingOrientation: DeviceOrientation {
        get { headings.orientation }
        set { headings.orientation = newValue }
    }

    /// The most recent heading delivered (kept after a stop), or `nil` before the first.
    public var heading: SimulatedHeading? { headings.heading }

    /// Whether heading updates are on.
    public var isUpdatingHeading: Bool { headings.isActive }

    /// Starts delivering headings to the delegate's ``LocationProvidingDelegate/locationManager(_:didUpdateHeading:)``
    /// on ``delegateQueue`` (restarts them when already on): the first heading, then each that changed by at
    /// least ``headingFilter`` degrees. An error of the source (a trajectory that cannot render) reaches
    /// ``LocationProvidingDelegate/locationManager(_:didFailWithError:)`` and ends the updates; a server's
    /// transient failures reach it only while location updates are off (they report them otherwise).
    public func startUpdatingHeading() {
        let weakSelf = WeakManager(self)
        headings.start(
            source,
            queue: delegateQueue,
            reportFailures: { !(weakSelf.value?.isUpdatingLocation ?? false) },
            deliver: { heading, error in
                guard let manager = weakSelf.value, let delegate = manager.delegate else { return }
                if let heading {
                    delegate.locationManager(manager, didUpdateHeading: heading)
                } else if let error {
                    delegate.locationManager(manager, didFailWithError: error)
                }
            }
        )
    }

    /// Stops delivering headings: when this returns, no heading delegate call is running (on another
    /// thread) or will run.
    public func stopUpdatingHeading() { headings.stop() }
}
