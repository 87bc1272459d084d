import Foundation

/// Receives device-motion updates or an error: CoreMotion's `CMDeviceMotionHandler`, `Sendable`.
public typealias DeviceMotionHandler = @Sendable (DeviceMotion?, (any Error)?) -> Void
/// Receives accelerometer updates or an error: CoreMotion's `CMAccelerometerHandler`, `Sendable`.
public typealias AccelerometerHandler = @Sendable (AccelerometerData?, (any Error)?) -> Void
/// Receives gyroscope updates or an error: CoreMotion's `CMGyroHandler`, `Sendable`.
public typealias GyroHandler = @Sendable (GyroData?, (any Error)?) -> Void
/// Receives magnetometer updates or an error: CoreMotion's `CMMagnetometerHandler`, `Sendable`.
public typealias MagnetometerHandler = @Sendable (MagnetometerData?, (any Error)?) -> Void

/// The part of CoreMotion's `CMMotionManager` that apps use, as a protocol: write app code against it,
/// and give it a ``SimulatedMotionManager`` in tests, the simulator or CI, and the real manager
/// (through the adapter in this module, on Apple platforms) on a device.
///
/// ```swift
/// #if targetEnvironment(simulator)
/// let motion: any MotionProviding = SimulatedMotionManager(source: .server(URL(string: "http://127.0.0.1:8080")!))
/// #else
/// let motion: any MotionProviding = CoreMotionProvider()   // wraps CMMotionManager, which does not conform
/// #endif
/// motion.deviceMotionUpdateInterval = 1.0 / 50
/// motion.startDeviceMotionUpdates(to: .main) { update, error in ... }
/// ```
public protocol MotionProviding: AnyObject {
    /// Seconds between device-motion updates.
    var deviceMotionUpdateInterval: TimeInterval { get set }
    /// Seconds between accelerometer updates.
    var accelerometerUpdateInterval: TimeInterval { get set }
    /// Seconds between gyroscope updates.
    var gyroUpdateInterval: TimeInterval { get set }

    /// Whether device-motion updates can be given.
    var isDeviceMotionAvailable: Bool { get }
    /// Whether device-motion updates are on.
    var isDeviceMotionActive: Bool { get }
    /// Whether accelerometer updates can be given.
    var isAccelerometerAvailable: Bool { get }
    /// Whether accelerometer updates are on.
    var isAccelerometerActive: Bool { get }
    /// Whether gyroscope updates can be given.
    var isGyroAvailable: Bool { get }
    /// Whether gyroscope updates are on.
    var isGyroActive: Bool { get }

    /// The latest device motion (after ``startDeviceMotionUpdates()``), or `nil`.
    var deviceMotion: DeviceMotion? { get }
    /// The latest accelerometer reading (after ``startAccelerometerUpdates()``), or `nil`.
    var accelerometerData: AccelerometerData? { get }
    /// The latest gyroscope reading (after ``startGyroUpdates()``), or `nil`.
    var gyroData: GyroData? { get }

    /// Starts device-motion updates, read from ``deviceMotion``.
    func startDeviceMotionUpdates()
    /// Starts device-motion updates, each handed to `handler` on `queue`.
    func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping DeviceMotionHandler)
    /// Stops device-motion updates: no handler call follows.
    func stopDeviceMotionUpdates()

    /// Starts accelerometer updates, read from ``accelerometerData``.
    func startAccelerometerUpdates()
    /// Starts accelerometer updates, each handed to `handler` on `queue`.
    func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping AccelerometerHandler)
    /// Stops accelerometer updates: no handler call follows.
    func stopAccelerometerUpdates()

    /// Starts gyroscope updates, read from ``gyroData``.
    func startGyroUpdates()
    /// Starts gyroscope updates, each handed to `handler` on `queue`.
    func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping GyroHandler)
    /// Stops gyroscope updates: no handler call follows.
    func stopGyroUpdates()

    /// Seconds between magnetometer updates.
    var magnetometerUpdateInterval: TimeInterval { get set }
    /// Whether magnetometer updates can be given.
    var isMagnetometerAvailable: Bool { get }
    /// Whether magnetometer updates are on.
    var isMagnetometerActive: Bool { get }
    /// The latest raw magnetometer reading (after ``startMagnetometerUpdates()``), or `nil`.
    var magnetometerData: MagnetometerData? { get }
    /// Starts magnetometer updates, read from ``magnetometerData``.
    func startMagnetometerUpdates()
    /// Starts magnetometer updates, each handed to `handler` on `queue`.
    func startMagnetometerUpdates(to queue: OperationQueue, withHandler handler: @escaping MagnetometerHandler)
    /// Stops magnetometer updates: no handler call follows.
    func stopMagnetometerUpdates()

    /// The reference frame of the device motion being delivered.
    var attitudeReferenceFrame: AttitudeReferenceFrame { get }
    /// Starts device-motion updates in `frame`, read from ``deviceMotion``.
    func startDeviceMotionUpdates(using frame: AttitudeReferenceFrame)
    /// Starts device-motion updates in `frame`, each handed to `handler` on `queue`.
    func startDeviceMotionUpdates(
        using frame: AttitudeReferenceFrame, to queue: OperationQueue,
        withHandler handler: @escaping DeviceMotionHandler)

    /// Device-motion updates as an `AsyncSequence`, at ``deviceMotionUpdateInterval``: iterating starts
    /// them, ending the iteration stops them.
    func deviceMotionUpdates() -> AsyncThrowingStream<DeviceMotion, any Error>
}
