import Foundation
import Navigation
import Playback
import Sensors
import Signals

/// Where a ``SimulatedMotionManager`` gets its motion from, chosen when the manager is made.
///
/// ```swift
/// SimulatedMotionManager(source: .signal(motion))                       // a DSL motion, played in process
/// SimulatedMotionManager(source: .file(URL(fileURLWithPath: "walk.csv")))   // a point file
/// SimulatedMotionManager(source: .server(URL(string: "http://127.0.0.1:8080")!))   // a running signals serve
/// SimulatedMotionManager(source: .server(URL(string: "ws://127.0.0.1:8080")!, token: "5f0c9e…"))   // one started with --token
/// ```
public struct MotionSource: Sendable {
    enum Kind: Sendable {
        case signal(AnySignalPlayer, sampleRate: Double, duration: Double?)
        case imu(IMU, sampleRate: Double, duration: Double?)
        case file(URL, loop: Bool)
        case server(URL, token: String?)
        case trajectory(Trajectory, sampleRate: Double, duration: Double?)
    }

    let kind: Kind

    /// A motion signal (nine channels: user acceleration, gravity, rotation rate; see `MotionSignal`)
    /// played in process by the Runner at `sampleRate`, from sample index 0.
    ///
    /// Each update interval takes the sample due at each tick (a 1 kHz source at a 0.02 s interval
    /// gives samples 0, 20, 40, …), never an average.
    /// - Parameters:
    ///   - signal: A nine-channel signal (a `MotionSignal`, a motion `AnySignal`, or one of your own).
    ///   - sampleRate: The source's rate (Hz); default 100.
    ///   - duration: Seconds to play, or `nil` (default) to play until stopped.
    public static func signal<S: Signal>(_ signal: S, sampleRate: Double = 100, duration: Double? = nil) -> MotionSource
    {
        MotionSource(kind: .signal(AnySignalPlayer(signal), sampleRate: sampleRate, duration: duration))
    }

    /// A simulated IMU (`IMU`: a true motion seen through an accelerometer and a gyroscope with
    /// realistic errors) played in process by the Runner at `sampleRate`, from sample index 0.
    ///
    /// - Accelerometer and gyroscope updates are the IMU's readings, errors included: what
    ///   `CMAccelerometerData` (g, `userAcceleration + gravity` in CoreMotion's sign, whatever the IMU's
    ///   `AccelerometerUnit`) and `CMGyroData` (rad/s) report.
    /// - Device-motion updates are the true motion the IMU measures, with its attitude (a consistent
    ///   motion's quaternion, else the tilt its gravity implies). CoreMotion's sensor fusion removes most
    ///   of the raw sensor error from `CMDeviceMotion`; the manager does not model what fusion leaves.
    ///
    /// Sample `n` of every kind is the same instant, `n / sampleRate`: the accelerometer's reading at a
    /// tick is the true motion at that tick plus the IMU's errors.
    /// ```swift
    /// let phone = IMU(preset: .bmi160, motion: MotionPreset.walking().motionNode, seed: 7)
    /// let manager = SimulatedMotionManager(source: .signal(phone, sampleRate: 200))
    /// ```
    /// - Parameters:
    ///   - imu: The IMU.
    ///   - sampleRate: The source's rate (Hz); default 100.
    ///   - duration: Seconds to play, or `nil` (default) to play until stopped.
    public static func signal(_ imu: IMU, sampleRate: Double = 100, duration: Double? = nil) -> MotionSource {
        MotionSource(kind: .imu(imu, sampleRate: sampleRate, duration: duration))
    }

    /// A trajectory (`Trajectory`) played in process by the Runner on a timeline of `sampleRate` Hz, from
    /// sample 0: every kind of update from the one truth.
    ///
    /// - Accelerometer and gyroscope updates are its IMU's readings (errors and vibration included; the ideal
    ///   readings without an IMU), magnetometer updates its magnetometer's raw readings (µT, hard iron
    ///   included; the model's field without a magnetometer).
    /// - Device motion is fused: Madgwick's filter run on every sample of those readings, in the frame asked
    ///   for (see ``SimulatedMotionManager/startDeviceMotionUpdates(using:to:withHandler:)``); the truth is
    ///   ``DeviceMotion/trueAttitude``.
    ///
    /// ```swift
    /// let walk = try Trajectory(json: Data(contentsOf: specURL), baseDirectory: specURL.deletingLastPathComponent())
    /// let manager = SimulatedMotionManager(source: .signal(walk, sampleRate: 100))
    /// manager.startDeviceMotionUpdates(using: .xTrueNorthZVertical, to: queue) { motion, _ in print(motion?.heading ?? -1) }
    /// ```
    /// - Parameters:
    ///   - trajectory: The trajectory.
    ///   - sampleRate: The timeline's rate, Hz (0.001 … 1 000 000); default 100.
    ///   - duration: Seconds to play, or `nil` (default) to play to the arrival.
    public static func signal(
        _ trajectory: Trajectory, sampleRate: Double = 100, duration: Double? = nil
    ) -> MotionSource {
        MotionSource(kind: .trajectory(trajectory, sampleRate: sampleRate, duration: duration))
    }

    /// A point file (JSON array, JSON Lines or CSV, see `PointFile`), played at its timestamps; or a
    /// trajectory render's directory (what `signals render SPEC --rate R --output-dir DIR` writes: `truth.csv`,
    /// `imu.csv`, `magnetometer.csv`, …), played as the trajectory itself would be, at the truth's rows.
    /// - Parameters:
    ///   - url: The file, or the render directory.
    ///   - loop: Play it again and again (default `false`: updates end after the last point).
    public static func file(_ url: URL, loop: Bool = false) -> MotionSource {
        MotionSource(kind: .file(url, loop: loop))
    }

    /// A running `signals serve` (plain HTTP: loopback or a LAN; no TLS), read as Server-Sent Events from
    /// `/v1/stream` for an `http://` URL, or over a WebSocket from `/v1/ws` for a `ws://` URL, and
    /// decimated to the update interval by taking the first point at or after each tick (never
    /// averaging): a 1 kHz server at a 0.02 s interval gives samples 0, 20, 40, ….
    ///
    /// The manager reconnects with backoff and resumes after the last point read (`Last-Event-ID`, or
    /// `/v1/ws?after=`; no point lost while the
    /// server's replay buffer, 10 s by default, still holds it), polls `/data` at the interval when the
    /// server has no stream, and hands every failure to the handler's error argument as a transient
    /// ``SensorFeedsError`` without stopping. Timestamps are the server's; each point is delivered as it
    /// arrives (its server deadline plus the network delay). A stream starts at the server's newest point.
    ///
    /// A server playing a trajectory spec sends its IMU readings, `magneticField` and `heading` with each
    /// point: magnetometer updates are that field (raw, µT), and device motion is fused from the points
    /// delivered (see ``SimulatedMotionManager/startDeviceMotionUpdates(using:to:withHandler:)``), with the
    /// magnetometer's calibration read once, at the first such point, from the server's `GET /v1/spec`
    /// (none when it cannot be read, or after a `PUT` of another spec).
    ///
    /// A server started with `--token` (or `SIGNALS_SERVE_TOKEN`) refuses a WebSocket without its token:
    /// give it as `token`, or in the URL (`ws://127.0.0.1:8080/?token=TOKEN`). The manager sends it as
    /// `Authorization: Bearer TOKEN` on every request it makes (the stream or the WebSocket upgrade, `/data`
    /// and `/v1/spec`), never in a request's URL. A server that refuses it (none given, or not its own)
    /// answers 401, which reaches the handler as a transient ``SensorFeedsError`` whose code is
    /// ``SensorFeedsError/Code/unauthorized``, at each attempt.
    /// ```swift
    /// // signals serve walk.json --token generate   →   token required: … Bearer 5f0c9e…
    /// SimulatedMotionManager(source: .server(URL(string: "ws://127.0.0.1:8080")!, token: "5f0c9e…"))
    /// ```
    /// - Parameters:
    ///   - url: The server, e.g. `http://127.0.0.1:8080` (the URL `signals serve` prints), or
    ///     `ws://127.0.0.1:8080` for the WebSocket; a `?token=TOKEN` query gives the token.
    ///   - token: The server's token: 1 to 256 of `A-Z a-z 0-9 - . _ ~`, as `signals serve --token` takes
    ///     it (another one ends the updates with an `invalidURL` error that does not quote it). `nil` (the
    ///     default) or empty takes the URL's `?token=`, if any.
    public static func server(_ url: URL, token: String? = nil) -> MotionSource {
        MotionSource(kind: .server(url, token: token))
    }
}

/// A signal kept with its type erased, able to make its points (the signal need not be a spec).
struct AnySignalPlayer: Sendable {
    let channelCount: Int
    let makePoints: @Sendable (RenderRequest) throws -> any PointSourceOfMotion

    init<S: Signal>(_ signal: S) {
        channelCount = signal.channelCount
        makePoints = { request in try SignalPoints(signal, request: request, as: MotionPoint.self) }
    }
}

/// The readings of an IMU as a nine-channel motion frame for the accelerometer and gyroscope kinds:
/// user acceleration 0, "gravity" the accelerometer's reading in g (so `userAcceleration + gravity`,
/// what ``AccelerometerData`` reports, is the reading), rotation rate the gyroscope's reading (rad/s).
struct IMUReadings: Signal {
    let imu: IMU

    init(_ imu: IMU) {
        var imu = imu
        imu.accelerometerUnit = .g
        self.imu = imu
    }

    var channelCount: Int { MotionNode.channelCount }

    func validate(_ context: ValidationContext) throws(SignalError) -> Double? { try imu.validate(context) }

    func render(into block: RenderBlock, _ transform: Affine) {
        for c in 0..<3 { block.store(channel: c, transform) { _ in } }
        imu.render(into: block.channels(3..<9), transform)
    }
}

/// A point source of motion points (erased for the manager).
protocol PointSourceOfMotion: PointSource where Point == MotionPoint {}
extension SignalPoints: PointSourceOfMotion where Point == MotionPoint {}
extension PointFile: PointSourceOfMotion {}
