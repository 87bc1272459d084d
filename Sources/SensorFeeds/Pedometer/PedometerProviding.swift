import Foundation

/// Receives pedometer updates or an error: CoreMotion's `CMPedometerHandler`, `Sendable`.
public typealias PedometerHandler = @Sendable (PedometerData?, (any Error)?) -> Void
/// Receives pedometer events or an error: CoreMotion's `CMPedometerEventHandler`, `Sendable`.
public typealias PedometerEventHandler = @Sendable (PedometerEvent?, (any Error)?) -> Void

/// What a pedometer event says: CoreMotion's `CMPedometerEventType` (same raw values).
public enum PedometerEventType: Int, Sendable, Hashable {
    /// The user stopped walking or running.
    case pause = 0
    /// The user started (again).
    case resume = 1
}

/// A pause or resume of the user's walking or running: CoreMotion's `CMPedometerEvent`.
public struct PedometerEvent: Sendable, Hashable {
    /// When it happened.
    public var date: Date
    /// A pause or a resume.
    public var type: PedometerEventType

    /// Creates an event.
    /// - Parameters:
    ///   - date: When it happened.
    ///   - type: A pause or a resume.
    public init(date: Date, type: PedometerEventType) {
        self.date = date
        self.type = type
    }
}

/// The part of CoreMotion's `CMPedometer` that apps use, as a protocol: write app code against it, and
/// give it a ``SimulatedPedometer`` in tests, the simulator or CI and the real pedometer through `CoreMotionPedometer` on a device.
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

    /// Whether pause and resume events can be given.
    static func isPedometerEventTrackingAvailable() -> Bool
    /// Starts pause and resume events, each handed to `handler` (on a queue of the pedometer's).
    func startEventUpdates(handler: @escaping PedometerEventHandler)
    /// Stops events: no handler call follows.
    func stopEventUpdates()
}
