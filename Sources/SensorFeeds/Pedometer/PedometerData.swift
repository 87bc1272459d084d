import Foundation

/// A pedometer update, shaped like CoreMotion's `CMPedometerData`: counts from the start date to the end date.
///
/// ```swift
/// pedometer.startUpdates(from: Date()) { data, _ in
///     if let data { print(data.numberOfSteps, "steps,", data.distance ?? 0, "m") }
/// }
/// ```
public struct PedometerData: Sendable, Hashable {
    /// The start of the counted span (the date given to `startUpdates(from:withHandler:)`, or a query's `from`).
    public var startDate: Date
    /// The end of the counted span: the start date plus the source's seconds at this update (a query's `to`).
    public var endDate: Date
    /// Steps taken from the start, as an `NSNumber` (Int).
    public var numberOfSteps: NSNumber
    /// Metres walked or run from the start, as an `NSNumber` (Double), or `nil` when not available.
    public var distance: NSNumber?
    /// Floors climbed from the start (3 m a floor), as an `NSNumber` (Int), or `nil` when not available.
    public var floorsAscended: NSNumber?
    /// Floors descended from the start (3 m a floor), as an `NSNumber` (Int), or `nil` when not available.
    public var floorsDescended: NSNumber?
    /// The current pace, seconds per metre (over the last 0.25 s of the source), or `nil` while not moving.
    public var currentPace: NSNumber?
    /// The current cadence, steps per second, or `nil` when not available.
    public var currentCadence: NSNumber?
    /// Seconds per metre over the time spent moving since the start, or `nil` before any distance.
    public var averageActivePace: NSNumber?

    /// Creates an update.
    /// - Parameters:
    ///   - startDate: The start of the span.
    ///   - endDate: The end of the span.
    ///   - numberOfSteps: Steps.
    ///   - distance: Metres.
    ///   - floorsAscended: Floors (3 m each).
    ///   - floorsDescended: Floors (3 m each).
    ///   - currentPace: Seconds per metre.
    ///   - currentCadence: Steps per second.
    ///   - averageActivePace: Seconds per metre.
    public init(startDate: Date, endDate: Date, numberOfSteps: NSNumber, distance: NSNumber? = nil,
                floorsAscended: NSNumber? = nil, floorsDescended: NSNumber? = nil, currentPace: NSNumber? = nil,
                currentCadence: NSNumber? = nil, averageActivePace: NSNumber? = nil) {
        self.startDate = startDate
        self.endDate = endDate
        self.numberOfSteps = numberOfSteps
        self.distance = distance
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
        self.currentPace = currentPace
        self.currentCadence = currentCadence
        self.averageActivePace = averageActivePace
    }
}
