import Foundation

/// Receives relative-altitude updates or an error: CoreMotion's `CMAltitudeHandler`, `Sendable`.
public typealias AltitudeHandler = @Sendable (AltitudeData?, (any Error)?) -> Void
/// Receives absolute-altitude updates or an error: CoreMotion's `CMAbsoluteAltitudeHandler`, `Sendable`.
public typealias AbsoluteAltitudeHandler = @Sendable (AbsoluteAltitudeData?, (any Error)?) -> Void

/// The part of CoreMotion's `CMAltimeter` that apps use, as a protocol: write app code against it, and
/// give it a ``SimulatedAltimeter`` in tests, the simulator or CI and the real altimeter through `CoreMotionAltimeter` on a device.
///
/// ```swift
/// let altimeter: any AltimeterProviding = SimulatedAltimeter(source: .signal(walk))
/// if type(of: altimeter).isRelativeAltitudeAvailable() {
///     altimeter.startRelativeAltitudeUpdates(to: .main) { data, error in ... }
/// }
/// ```
public protocol AltimeterProviding: AnyObject {
    /// Whether relative-altitude updates can be given.
    static func isRelativeAltitudeAvailable() -> Bool
    /// Whether absolute-altitude updates can be given.
    static func isAbsoluteAltitudeAvailable() -> Bool

    /// Starts relative-altitude updates (metres since the first update, kPa), each handed to `handler`
    /// on `queue` (on the playback thread when `nil`).
    func startRelativeAltitudeUpdates(to queue: OperationQueue?, withHandler handler: @escaping AltitudeHandler)
    /// Stops relative-altitude updates: no handler call follows.
    func stopRelativeAltitudeUpdates()

    /// Starts absolute-altitude updates (metres above mean sea level), each handed to `handler` on `queue`
    /// (on the playback thread when `nil`).
    func startAbsoluteAltitudeUpdates(to queue: OperationQueue?, withHandler handler: @escaping AbsoluteAltitudeHandler)
    /// Stops absolute-altitude updates: no handler call follows.
    func stopAbsoluteAltitudeUpdates()
}
