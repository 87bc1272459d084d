import Formats
import Foundation
import Navigation
import Playback
import Synchronization

/// A `CMAltimeter` that plays a trajectory instead of reading the barometer: the same API, so app code
/// runs unchanged against either (see ``AltimeterProviding``).
///
/// ```swift
/// let altimeter = SimulatedAltimeter(source: .signal(walk))
/// altimeter.startRelativeAltitudeUpdates(to: .main) { data, error in
///     print(data?.relativeAltitude ?? 0, "m since the start")
/// }
/// ...
/// altimeter.stopRelativeAltitudeUpdates()                   // no handler runs after this returns
/// ```
///
/// Updates come once a second of the source's timeline (``updateInterval``), as CoreMotion gives relative
/// altitude: update `k` is the source's sample at `k` seconds (never an average), on the Runner thread
/// timed by the manager's clock, so a `ManualClock` makes tests instant and deterministic.
///
/// - Relative altitude: with a barometer on the trajectory, the standard-atmosphere height of its pressure
///   minus that of the first update's (so the barometer's noise, quantisation and weather drift are in it:
///   about 1 m per 12 Pa near sea level); without one, the truth's height change. Pressure is the
///   barometer's, or the standard atmosphere's at the true height.
/// - Absolute altitude: the true height above mean sea level at the first update, then (with a barometer)
///   followed by the barometer as relative altitude is, or (without) the truth itself. Accuracy and
///   precision are the barometer's error in metres (0 without one).
/// - Each kind plays the source on its own Runner; restarting a kind plays the source from its beginning.
///   Updates end with the source (its `duration`, or the arrival).
/// - Timestamps are the source's seconds from its start, not seconds since boot.
public final class SimulatedAltimeter: AltimeterProviding, Sendable {
    /// Where the readings come from.
    public let source: AltimeterSource
    /// Seconds of the source's timeline between updates: 1, as CoreMotion's relative altitude.
    public static let updateInterval: TimeInterval = 1

    private let relative: TrajectoryUpdates
    private let absolute: TrajectoryUpdates

    /// Creates an altimeter that plays `source` on `clock`: in real time by default (a `ManualClock` makes tests deterministic).
    /// - Parameters:
    ///   - source: A trajectory (see ``SensorSource``).
    ///   - clock: The clock that times the updates (default: `ContinuousClock()`, real time).
    ///   - timing: How the playback threads wait (default: sleep without spinning).
    public init<C: Clock>(source: AltimeterSource, clock: C = ContinuousClock(), timing: TimingPolicy = .efficient)
    where C.Duration == Duration {
        self.source = source
        let runners = RunnerFactory(clock: clock, timing: timing)
        relative = TrajectoryUpdates(runners: runners)
        absolute = TrajectoryUpdates(runners: runners)
    }

    deinit {
        relative.stop()
        absolute.stop()
    }

    /// `true`: every trajectory gives relative altitude (from its barometer, else its truth).
    public static func isRelativeAltitudeAvailable() -> Bool { true }
    /// `true`: every trajectory gives absolute altitude.
    public static func isAbsoluteAltitudeAvailable() -> Bool { true }

    /// Whether relative-altitude updates are on.
    public var isRelativeAltitudeActive: Bool { relative.isActive }
    /// Whether absolute-altitude updates are on.
    public var isAbsoluteAltitudeActive: Bool { absolute.isActive }
    /// Updates dropped because a handler's queue fell more than 1024 calls behind (both kinds).
    public var droppedUpdates: Int { relative.dropped + absolute.dropped }

    /// Starts relative-altitude updates, one a second of the source, each handed to `handler` on `queue`
    /// (on the playback thread when `nil`). An error (a source the trajectory cannot render) is handed as
    /// `(nil, error)` and ends the updates. Restarts them when already on.
    /// - Parameters:
    ///   - queue: The queue the handler runs on (default `nil`: the playback thread).
    ///   - handler: Receives each ``AltitudeData`` (metres since the first update, kPa, seconds).
    public func startRelativeAltitudeUpdates(
        to queue: OperationQueue? = nil, withHandler handler: @escaping AltitudeHandler
    ) {
        let change = HeightChange(source)
        relative.start(
            source, interval: Self.updateInterval, queue: queue,
            transform: { point in
                let (metres, pascals) = change.measure(point)
                return AltitudeData(
                    relativeAltitude: NSNumber(value: metres), pressure: NSNumber(value: pascals / 1000),
                    timestamp: point.timestamp)
            }, deliver: handler)
    }

    /// Stops relative-altitude updates: when this returns, no handler call is running (on another thread) or will run.
    public func stopRelativeAltitudeUpdates() { relative.stop() }

    /// Starts absolute-altitude updates, one a second of the source, each handed to `handler` on `queue`
    /// (on the playback thread when `nil`). Restarts them when already on.
    /// - Parameters:
    ///   - queue: The queue the handler runs on (default `nil`: the playback thread).
    ///   - handler: Receives each ``AbsoluteAltitudeData`` (metres above mean sea level, their accuracy and precision).
    public func startAbsoluteAltitudeUpdates(
        to queue: OperationQueue? = nil, withHandler handler: @escaping AbsoluteAltitudeHandler
    ) {
        let change = HeightChange(source)
        let anchor = FirstValue()
        absolute.start(
            source, interval: Self.updateInterval, queue: queue,
            transform: { point in
                let (metres, pascals) = change.measure(point)
                let start = anchor.keep(point.altitude)
                let reading = change.reading
                let (accuracy, precision) = reading.measured(point) ? reading.errors(pascals: pascals) : (0, 0)
                return AbsoluteAltitudeData(
                    altitude: start + metres, accuracy: accuracy, precision: precision,
                    timestamp: point.timestamp)
            }, deliver: handler)
    }

    /// Stops absolute-altitude updates: when this returns, no handler call is running (on another thread) or will run.
    public func stopAbsoluteAltitudeUpdates() { absolute.stop() }
}

/// How the altimeter reads a trajectory's point: the barometer's pressure turned into height, or the truth.
struct BarometricReading: Sendable {
    /// Whether the source has a barometer (its pressure is read; else the truth's height).
    let usesPressure: Bool
    /// The barometer's white noise per sample including quantisation, pascals (nil: no barometer, or one
    /// whose model is unknown: a render directory's).
    let noise: Double?
    /// The barometer's weather deviation, pascals.
    let weather: Double

    /// The reading of a source: a trajectory's barometer model, or a render directory's `barometer.csv`.
    init(_ source: SensorSource) {
        switch source.kind {
        case .trajectory(let trajectory, let sourceRate, _):
            if let b = trajectory.sensors.barometer {
                // A barometer without a rate of its own samples at the source's.
                let rate = trajectory.sensors.barometerRate ?? sourceRate
                let white = b.noiseDensity * rate.squareRoot()
                noise = (white * white + b.resolution * b.resolution / 12).squareRoot()
                weather = b.weatherDeviation
                usesPressure = true
            } else {
                noise = nil
                weather = 0
                usesPressure = false
            }
        case .file(let url):
            usesPressure = FileManager.default.fileExists(
                atPath: url.appendingPathComponent(StreamTable.barometer.fileName()).path)
            noise = nil
            weather = 0
        case .server:
            // The server's points carry `pressure` only with a barometer: read it when there.
            usesPressure = true
            noise = nil
            weather = 0
        }
    }

    /// The height (m, standard atmosphere or truth) and pressure (Pa) of a point.
    func height(_ point: TrajectoryPoint) -> (metres: Double, pascals: Double) {
        if let p = point.pressure, usesPressure { return (PressureAltitude.height(pascals: p), p) }
        return (point.altitude, PressureAltitude.pressure(metres: point.altitude))
    }

    /// Whether `point` was read from a barometer (not the truth's height).
    func measured(_ point: TrajectoryPoint) -> Bool { usesPressure && point.pressure != nil }

    /// Accuracy and precision, metres: a difference of two readings' noise and weather, and one reading's
    /// noise; 0 for the truth, −1 (unknown) for a recorded barometer whose model is not known.
    func errors(pascals: Double) -> (accuracy: Double, precision: Double) {
        if usesPressure, noise == nil { return (-1, -1) }
        guard let noise else { return (0, 0) }
        let gradient = PressureAltitude.gradient(pascals: pascals)
        return ((2 * (noise * noise + weather * weather)).squareRoot() / gradient, noise / gradient)
    }
}

/// The height change of one start: each point's height as its ``BarometricReading`` gives it, minus the first
/// update's.
final class HeightChange: Sendable {
    /// How the source's points are read.
    let reading: BarometricReading
    private let first = FirstValue()

    /// The change for a new start of `source`.
    init(_ source: SensorSource) { reading = BarometricReading(source) }

    /// The height of `point` minus the first point's (m), and its pressure (Pa).
    func measure(_ point: TrajectoryPoint) -> (metres: Double, pascals: Double) {
        let (height, pascals) = reading.height(point)
        return (height - first.keep(height), pascals)
    }
}

/// The first value given to it, kept for the rest of one start.
final class FirstValue: Sendable {
    private let value = Mutex<Double?>(nil)
    /// The first value ever given (this one, the first time).
    func keep(_ x: Double) -> Double {
        value.withLock { value in
            if let value { return value }
            value = x
            return x
        }
    }
}
