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
    public var numberOfSteps: NSNumber {
        get { NSNumber(value: steps) }
        set { steps = newValue.intValue }
    }
    /// ``numberOfSteps`` as an `Int` (steps), stored so the value is `Sendable` on every platform.
    public var steps: Int
    /// Metres walked or run from the start, as an `NSNumber` (Double), or `nil` when not available.
    public var distance: NSNumber? {
        get { distanceMetres.map { NSNumber(value: $0) } }
        set { distanceMetres = newValue?.doubleValue }
    }
    /// ``distance`` as a `Double` (metres), stored so the value is `Sendable` on every platform.
    public var distanceMetres: Double?
    /// Floors climbed from the start (3 m a floor), as an `NSNumber` (Int), or `nil` when not available.
    public var floorsAscended: NSNumber? {
        get { floorsAscendedCount.map { NSNumber(value: $0) } }
        set { floorsAscendedCount = newValue?.intValue }
    }
    /// ``floorsAscended`` as an `Int` (floors), stored so the value is `Sendable` on every platform.
    public var floorsAscendedCount: Int?
    /// Floors descended from the start (3 m a floor), as an `NSNumber` (Int), or `nil` when not available.
    public var floorsDescended: NSNumber? {
        get { floorsDescendedCount.map { NSNumber(value: $0) } }
        set { floorsDescendedCount = newValue?.intValue }
    }
    /// ``floorsDescended`` as an `Int` (floors), stored so the value is `Sendable` on every platform.
    public var floorsDescendedCount: Int?
    /// The current pace, seconds per metre (over the last 0.25 s of the source), or `nil` while not moving.
    public var currentPace: NSNumber? {
        get { currentPaceSecondsPerMetre.map { NSNumber(value: $0) } }
        set { currentPaceSecondsPerMetre = newValue?.doubleValue }
    }
    /// ``currentPace`` as a `Double` (seconds per metre), stored so the value is `Sendable` on every platform.
    public var currentPaceSecondsPerMetre: Double?
    /// The current cadence, steps per second, or `nil` when not available.
    public var currentCadence: NSNumber? {
        get { currentCadenceStepsPerSecond.map { NSNumber(value: $0) } }
        set { currentCadenceStepsPerSecond = newValue?.doubleValue }
    }
    /// ``currentCadence`` as a `Double` (steps per second), stored so the value is `Sendable` on every platform.
    public var currentCadenceStepsPerSecond: Double?
    /// Seconds per metre over the time spent moving since the start, or `nil` before any distance.
    public var averageActivePace: NSNumber? {
        get { averageActivePaceSecondsPerMetre.map { NSNumber(value: $0) } }
        set { averageActivePaceSecondsPerMetre = newValue?.doubleValue }
    }
    /// ``averageActivePace`` as a `Double` (seconds per metre), stored so the value is `Sendable` on every platform.
    public var averageActivePaceSecondsPerMetre: Double?

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
    public init(
        startDate: Date, endDate: Date, numberOfSteps: NSNumber, distance: NSNumber? = nil,
        floorsAscended: NSNumber? = nil, floorsDescended: NSNumber? = nil, currentPace: NSNumber? = nil,
        currentCadence: NSNumber? = nil, averageActivePace: NSNumber? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        steps = numberOfSteps.intValue
        distanceMetres = distance?.doubleValue
        floorsAscendedCount = floorsAscended?.intValue
        floorsDescendedCount = floorsDescended?.intValue
        currentPaceSecondsPerMetre = currentPace?.doubleValue
        currentCadenceStepsPerSecond = currentCadence?.doubleValue
        averageActivePaceSecondsPerMetre = averageActivePace?.doubleValue
    }
}
