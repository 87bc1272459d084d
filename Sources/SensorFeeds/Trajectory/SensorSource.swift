import Foundation
import Navigation
import Signals

/// Where a ``SimulatedAltimeter`` or a ``SimulatedPedometer`` gets its readings from, chosen when the
/// manager is made: a `Trajectory` (Navigation) or its render directory, whose barometer, altitude and pedometer counts are one truth.
///
/// ```swift
/// let walk = try Trajectory(json: Data(contentsOf: specURL), baseDirectory: specURL.deletingLastPathComponent())
/// let altimeter = SimulatedAltimeter(source: .signal(walk))               // 100 Hz timeline, to the arrival
/// let pedometer = SimulatedPedometer(source: .signal(walk, sampleRate: 50, duration: 60))
/// ```
public struct SensorSource: Sendable {
    enum Kind: Sendable {
        case trajectory(Trajectory, sampleRate: Double, duration: Double?)
        case file(URL)
        case server(URL, token: String?)
    }

    let kind: Kind

    /// The trajectory played, for a ``signal(_:sampleRate:duration:)`` source; `nil` for a file.
    public var trajectory: Trajectory? {
        if case .trajectory(let trajectory, _, _) = kind { return trajectory }
        return nil
    }

    /// The source timeline's rate, Hz, for a ``signal(_:sampleRate:duration:)`` source; `nil` for a file
    /// (which plays at its rows' times).
    public var sampleRate: Double? {
        if case .trajectory(_, let rate, _) = kind { return rate }
        return nil
    }

    /// A trajectory played in process by the Runner on a timeline of `sampleRate` Hz, from sample 0.
    ///
    /// Each manager reads the timeline at its own interval (the altimeter once a second, the pedometer
    /// every 0.25 s), taking the sample due at each tick, never an average. A sensor of the trajectory with
    /// its own rate (a 25 Hz barometer) holds its latest sample at or before that instant.
    /// - Parameters:
    ///   - trajectory: The trajectory (with a barometer for pressure-based relative altitude).
    ///   - sampleRate: The timeline's rate, Hz (0.001 … 1 000 000); default 100.
    ///   - duration: Seconds to play, or `nil` (default) to play to the arrival.
    public static func signal(
        _ trajectory: Trajectory, sampleRate: Double = 100, duration: Double? = nil
    ) -> SensorSource {
        SensorSource(kind: .trajectory(trajectory, sampleRate: sampleRate, duration: duration))
    }

    /// A trajectory render's directory, what `signals render SPEC --rate R --output-dir DIR` writes
    /// (`truth.csv`, and `barometer.csv` for pressure), played at the truth's rows' times: the altimeter
    /// reads `barometer.csv` (or the truth's `altitude.msl` without it), the pedometer the truth's `steps`,
    /// with the distance integrated from its velocity and the floors from its climbs (3 m each). The files
    /// are read whole, strictly, at each start: a bad cell ends the updates with a `SignalError` naming the
    /// file, the line and the column.
    /// - Parameter directory: The render directory.
    public static func file(_ directory: URL) -> SensorSource {
        SensorSource(kind: .file(directory))
    }

    /// A running `signals serve` playing a trajectory spec, read as Server-Sent Events from `/v1/stream` for an
    /// `http://` URL or over a WebSocket from `/v1/ws` for a `ws://` URL, with the reconnection and resume of
    /// ``MotionSource/server(_:token:)`` (its token too). Each manager takes the first point at or after each of its ticks (the
    /// altimeter once a second, the pedometer every 0.25 s) from the points' `pressure`, `altitude` and
    /// `pedometer` keys; points without them (a spec that is not a trajectory) are skipped, with one
    /// `malformed` ``SensorFeedsError`` to the handler. Failures are transient: updates go on when the
    /// server is back. The altimeter reads the server's barometer (its `pressure` key) when it has one, with
    /// accuracy and precision −1 (the model is the server's, unknown here). ``SimulatedPedometer/queryPedometerData(from:to:withHandler:)``
    /// has no history to read from a server: it hands a `SignalError`. Event dates are the server's seconds from the Unix epoch.
    /// - Parameters:
    ///   - url: The server, e.g. `http://127.0.0.1:8080` or `ws://127.0.0.1:8080`.
    ///   - token: The token of a server started with `--token`, sent as `Authorization: Bearer TOKEN` on
    ///     every request (1 to 256 of `A-Z a-z 0-9 - . _ ~`); `nil` (the default) or empty takes the URL's
    ///     `?token=`, if any. Without the right one, a WebSocket is refused: a transient
    ///     ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unauthorized`` at each attempt.
    public static func server(_ url: URL, token: String? = nil) -> SensorSource {
        SensorSource(kind: .server(url, token: token))
    }
}
/// The ``SensorSource`` of a ``SimulatedAltimeter``.
public typealias AltimeterSource = SensorSource
/// The ``SensorSource`` of a ``SimulatedPedometer``.
public typealias PedometerSource = SensorSource
