import Foundation
import Navigation
import Signals

/// Where a ``SimulatedAltimeter`` or a ``SimulatedPedometer`` gets its readings from, chosen when the
/// manager is made: a `Trajectory` (Navigation), whose barometer, altitude and pedometer counts are one truth.
///
/// ```swift
/// let walk = try Trajectory(json: Data(contentsOf: specURL), baseDirectory: specURL.deletingLastPathComponent())
/// let altimeter = SimulatedAltimeter(source: .signal(walk))               // 100 Hz timeline, to the arrival
/// let pedometer = SimulatedPedometer(source: .signal(walk, sampleRate: 50, duration: 60))
/// ```
public struct SensorSource: Sendable {
    /// The trajectory played.
    public let trajectory: Trajectory
    /// The source timeline's rate, Hz: the readings are those of its sample `n`, at `n / sampleRate` seconds.
    public let sampleRate: Double
    /// Seconds played, or `nil` to play to the arrival (included).
    public let duration: Double?

    /// A trajectory played in process by the Runner on a timeline of `sampleRate` Hz, from sample 0.
    ///
    /// Each manager reads the timeline at its own interval (the altimeter once a second, the pedometer
    /// every 0.25 s), taking the sample due at each tick, never an average. A sensor of the trajectory with
    /// its own rate (a 25 Hz barometer) holds its latest sample at or before that instant.
    /// - Parameters:
    ///   - trajectory: The trajectory (with a barometer for pressure-based relative altitude).
    ///   - sampleRate: The timeline's rate, Hz (0.001 … 1 000 000); default 100.
    ///   - duration: Seconds to play, or `nil` (default) to play to the arrival.
    public static func signal(_ trajectory: Trajectory, sampleRate: Double = 100, duration: Double? = nil) -> SensorSource {
        SensorSource(trajectory: trajectory, sampleRate: sampleRate, duration: duration)
    }
}

/// The ``SensorSource`` of a ``SimulatedAltimeter``.
public typealias AltimeterSource = SensorSource
/// The ``SensorSource`` of a ``SimulatedPedometer``.
public typealias PedometerSource = SensorSource
