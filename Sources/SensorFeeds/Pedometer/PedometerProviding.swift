import Foundation

/// Receives pedometer updates or an error: CoreMotion's `CMPedometerHandler`, `Sendable`.
public typealias PedometerHandler = @Sendable (PedometerData?, (any Error)?) -> Void

/// The part of CoreMotion's `CMPedometer` that apps use, as a protocol: write app code against it, and
/// give it a ``SimulatedPedometer`` in tests, the simulator or CI (a `CMPedometer` adapter can conform later).
///
/// ```swift
/// let pedometer: any PedometerProviding = SimulatedPedometer(source: .signal(walk))
/// if type(of: pedometer).isStepCountingAvailable() {
///     pedometer.startUpdates(from: Date()) { data, error in ... }
/// }
/// ```
public protocol PedometerProviding: AnyObject {
    /// Whether steps can be counted.
    static func isStepCountingAvailable() -> Bool
    /// Whether distance (m) can be estimated.
    static func isDistanceAvailable() -> Bool
    /// Whether floors climbed and descended can be counted.
    static func isFloorCountingAvailable() -> Bool
    /// Whether cadence (steps/s) can be given.
    static func isCadenceAvailable() -> Bool
    /// Whether pace (s/m) can be given.
    static func isPaceAvailable() -> Bool

    /// Starts updates counted from `start`, each handed to `handler` (on a queue of the pedometer's).
    func startUpdates(from start: Date, withHandler handler: @escaping PedometerHandler)
    /// Stops updates: no handler call follows.
    func stopUpdates()
    /// The counts between two dates, handed to `handler` once.
    func queryPedometerData(from start: Date, to end: Date, withHandler handler: @escaping PedometerHandler)
}
