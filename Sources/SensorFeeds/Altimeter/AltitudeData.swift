import Foundation

/// A relative-altitude update, shaped like CoreMotion's `CMAltitudeData`.
///
/// ```swift
/// altimeter.startRelativeAltitudeUpdates(to: .main) { data, error in
///     if let data { label.text = "\(data.relativeAltitude.doubleValue) m, \(data.pressure.doubleValue) kPa" }
/// }
/// ```
public struct AltitudeData: Sendable, Hashable {
    /// Metres climbed since the first update of this start (negative when lower), as an `NSNumber` (Double).
    public var relativeAltitude: NSNumber {
        get { NSNumber(value: relativeAltitudeMetres) }
        set { relativeAltitudeMetres = newValue.doubleValue }
    }
    /// The recorded pressure, kilopascals, as an `NSNumber` (Double).
    public var pressure: NSNumber {
        get { NSNumber(value: pressureKilopascals) }
        set { pressureKilopascals = newValue.doubleValue }
    }
    /// ``relativeAltitude`` as a `Double`, metres. Stored as a `Double` so the value is `Sendable` on every
    /// platform, whatever a Foundation says of `NSNumber`.
    public var relativeAltitudeMetres: Double
    /// ``pressure`` as a `Double`, kilopascals.
    public var pressureKilopascals: Double
    /// Seconds from the start of the source's timeline (not seconds since boot).
    public var timestamp: TimeInterval

    /// Creates an update.
    /// - Parameters:
    ///   - relativeAltitude: Metres since the first update.
    ///   - pressure: Kilopascals.
    ///   - timestamp: Seconds from the start of the source.
    public init(relativeAltitude: NSNumber, pressure: NSNumber, timestamp: TimeInterval) {
        relativeAltitudeMetres = relativeAltitude.doubleValue
        pressureKilopascals = pressure.doubleValue
        self.timestamp = timestamp
    }
}

/// An absolute-altitude update, shaped like CoreMotion's `CMAbsoluteAltitudeData`.
///
/// ```swift
/// altimeter.startAbsoluteAltitudeUpdates(to: .main) { data, _ in print(data?.altitude ?? .nan, "m ± \(data?.accuracy ?? .nan)") }
/// ```
public struct AbsoluteAltitudeData: Sendable, Hashable {
    /// Height above mean sea level, metres.
    public var altitude: Double
    /// The altitude's expected error (one standard deviation), metres; 0 for the truth.
    public var accuracy: Double
    /// The resolution of successive readings (one standard deviation of their noise), metres; 0 for the truth.
    public var precision: Double
    /// Seconds from the start of the source's timeline (not seconds since boot).
    public var timestamp: TimeInterval

    /// Creates an update.
    /// - Parameters:
    ///   - altitude: Metres above mean sea level.
    ///   - accuracy: Metres (one standard deviation).
    ///   - precision: Metres (one standard deviation).
    ///   - timestamp: Seconds from the start of the source.
    public init(altitude: Double, accuracy: Double, precision: Double, timestamp: TimeInterval) {
        self.altitude = altitude
        self.accuracy = accuracy
        self.precision = precision
        self.timestamp = timestamp
    }
}
