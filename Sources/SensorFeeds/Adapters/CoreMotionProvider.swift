// Apple-only (listed in SensorFeeds.docc/ApplePlatforms.md): `CMMotionManager` exists on iOS (Mac
// Catalyst included), watchOS and visionOS; visionOS has none of its magnetometer members and no
// `CMDeviceMotion.heading`. macOS and tvOS have CoreMotion without `CMMotionManager`: there the provider
// reports every sensor unavailable (the second branch, at the end of this file).
#if canImport(CoreMotion) && (os(iOS) || os(watchOS) || os(visionOS))
import CoreMotion
import Foundation
import Playback
import Signals

/// The real `CMMotionManager` behind ``MotionProviding``, for a device: each call forwards to the
/// manager, and each update is copied into this module's value types.
///
/// CMMotionManager cannot adopt the protocol by an extension (its pull properties and handlers use
/// `CMDeviceMotion` and friends), so this is a thin wrapper. It is not compiled on Linux (there is no
/// CoreMotion there): keep it small and obviously correct.
///
/// CoreMotion has one device-motion handler: ``startDeviceMotionUpdates(to:withHandler:)`` and the
/// ``deviceMotionUpdates()`` iterations replace each other's, as they do on ``SimulatedMotionManager``.
/// The iterations share one handler (``UpdateFanOut``, tested on Linux) and stop CoreMotion's device-motion
/// updates when the last of them ends; their calls into the manager are made on the main queue.
/// Releasing the provider stops every update it started (a manager you passed in outlives it).
///
/// On visionOS, which has no magnetometer updates, ``isMagnetometerAvailable`` is `false`, a magnetometer
/// handler is called once with a ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unavailable``,
/// and device motion's `heading` is −1 (CoreMotion's value for no heading). On macOS and tvOS the whole
/// provider is an ``UnavailableMotionProvider``.
///
/// ```swift
/// #if targetEnvironment(simulator)
/// let motion: any MotionProviding = SimulatedMotionManager(source: .server(URL(string: "http://127.0.0.1:8080")!))
/// #else
/// let motion: any MotionProviding = CoreMotionProvider()
/// #endif
/// ```
public final class CoreMotionProvider: MotionProviding {
    /// The wrapped manager (make one per app, as Apple advises).
    public let manager: CMMotionManager
    private let deviceMotionIterations: UpdateFanOut<DeviceMotion>
    private let bound: MainQueueBound<CMMotionManager>
    private let started = StartedUpdates<Kind>()
    /// The updates the app started through this provider.
    private enum Kind: Sendable {
        case deviceMotion, accelerometer, gyro, magnetometer

        /// Stops this kind of update on `manager`.
        func stop(on manager: CMMotionManager) {
            switch self {
            case .deviceMotion: manager.stopDeviceMotionUpdates()
            case .accelerometer: manager.stopAccelerometerUpdates()
            case .gyro: manager.stopGyroUpdates()
            case .magnetometer:
                #if os(visionOS)
                break  // never started: visionOS has no magnetometer updates
                #else
                manager.stopMagnetometerUpdates()
                #endif
            }
        }
    }
    #if os(visionOS)
    private static let magnetometerUnavailable = PlatformUnavailable(
        "CMMotionManager's magnetometer updates",
        evidence:
            "https://developer.apple.com/documentation/coremotion/cmmotionmanager/startmagnetometerupdates(to:withhandler:) "
            + "lists iOS, iPadOS, Mac Catalyst and watchOS")
    #endif

    /// Wraps `manager` (default: a new one).
    /// - Parameter manager: The manager.
    public init(_ manager: CMMotionManager = CMMotionManager()) {
        self.manager = manager
        let bound = MainQueueBound(manager)
        self.bound = bound
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "SensorFeeds.CoreMotionProvider"
        let target = SendableOperationQueue(queue: queue)
        deviceMotionIterations = UpdateFanOut { fanOut in
            bound.async { [weak fanOut] manager in
                guard let fanOut, fanOut.isRunning else {
                    manager.stopDeviceMotionUpdates()
                    return
                }
                manager.startDeviceMotionUpdates(to: target.queue) { [weak fanOut] m, e in
                    if let m { fanOut?.yield(DeviceMotion(m)) } else if let e { fanOut?.finishAll(throwing: e) }
                }
            }
        }
    }

    deinit {
        var kinds = started.drain()
        if deviceMotionIterations.isRunning { kinds.insert(.deviceMotion) }
        guard !kinds.isEmpty else { return }
        bound.async { [kinds] manager in
            for kind in kinds { kind.stop(on: manager) }
        }
    }

    /// Records that the app started `kind` (so that releasing the provider stops it), then starts it on the
    /// manager with `begin`.
    private func start(_ kind: Kind, _ begin: (CMMotionManager) -> Void) {
        started.start(kind)
        begin(manager)
    }

    /// Stops `kind` and forgets that the app started it.
    private func stop(_ kind: Kind) {
        started.stop(kind)
        kind.stop(on: manager)
    }

    /// Seconds between device-motion updates.
    public var deviceMotionUpdateInterval: TimeInterval {
        get { manager.deviceMotionUpdateInterval }
        set { manager.deviceMotionUpdateInterval = newValue }
    }
    /// Seconds between accelerometer updates.
    public var accelerometerUpdateInterval: TimeInterval {
        get { manager.accelerometerUpdateInterval }
        set { manager.accelerometerUpdateInterval = newValue }
    }
    /// Seconds between gyroscope updates.
    public var gyroUpdateInterval: TimeInterval {
        get { manager.gyroUpdateInterval }
        set { manager.gyroUpdateInterval = newValue }
    }

    /// Whether device-motion updates can be given.
    public var isDeviceMotionAvailable: Bool { manager.isDeviceMotionAvailable }
    /// Whether device-motion updates are on.
    public var isDeviceMotionActive: Bool { manager.isDeviceMotionActive }
    /// Whether accelerometer updates can be given.
    public var isAccelerometerAvailable: Bool { manager.isAccelerometerAvailable }
    /// Whether accelerometer updates are on.
    public var isAccelerometerActive: Bool { manager.isAccelerometerActive }
    /// Whether gyroscope updates can be given.
    public var isGyroAvailable: Bool { manager.isGyroAvailable }
    /// Whether gyroscope updates are on.
    public var isGyroActive: Bool { manager.isGyroActive }

    /// The latest device motion.
    public var deviceMotion: DeviceMotion? { manager.deviceMotion.map(DeviceMotion.init) }
    /// The latest accelerometer reading.
    public var accelerometerData: AccelerometerData? { manager.accelerometerData.map(AccelerometerData.init) }
    /// The latest gyroscope reading.
    public var gyroData: GyroData? { manager.gyroData.map(GyroData.init) }

    /// Starts device-motion updates (pull).
    public func startDeviceMotionUpdates() { start(.deviceMotion) { $0.startDeviceMotionUpdates() } }
    /// Starts device-motion updates to `handler` on `queue`.
    public func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping DeviceMotionHandler) {
        start(.deviceMotion) {
            $0.startDeviceMotionUpdates(to: queue, withHandler: copying(DeviceMotion.init, to: handler))
        }
    }
    /// Stops device-motion updates.
    public func stopDeviceMotionUpdates() { stop(.deviceMotion) }

    /// Starts accelerometer updates (pull).
    public func startAccelerometerUpdates() { start(.accelerometer) { $0.startAccelerometerUpdates() } }
    /// Starts accelerometer updates to `handler` on `queue`.
    public func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping AccelerometerHandler)
    {
        start(.accelerometer) {
            $0.startAccelerometerUpdates(to: queue, withHandler: copying(AccelerometerData.init, to: handler))
        }
    }
    /// Stops accelerometer updates.
    public func stopAccelerometerUpdates() { stop(.accelerometer) }

    /// Starts gyroscope updates (pull).
    public func startGyroUpdates() { start(.gyro) { $0.startGyroUpdates() } }
    /// Starts gyroscope updates to `handler` on `queue`.
    public func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping GyroHandler) {
        start(.gyro) { $0.startGyroUpdates(to: queue, withHandler: copying(GyroData.init, to: handler)) }
    }
    /// Stops gyroscope updates.
    public func stopGyroUpdates() { stop(.gyro) }

    #if os(visionOS)
    /// Seconds between magnetometer updates (kept: visionOS has no magnetometer updates).
    public var magnetometerUpdateInterval: TimeInterval = 0.01
    /// `false`: visionOS has no magnetometer updates.
    public var isMagnetometerAvailable: Bool { false }
    /// `false`.
    public var isMagnetometerActive: Bool { false }
    /// `nil`.
    public var magnetometerData: MagnetometerData? { nil }
    /// Does nothing: visionOS has no magnetometer updates.
    public func startMagnetometerUpdates() {}
    /// Calls `handler` once on `queue` with a ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unavailable``.
    public func startMagnetometerUpdates(to queue: OperationQueue, withHandler handler: @escaping MagnetometerHandler) {
        Self.magnetometerUnavailable.fail(handler, on: queue)
    }
    /// Does nothing.
    public func stopMagnetometerUpdates() {}
    #else
    /// Seconds between magnetometer updates.
    public var magnetometerUpdateInterval: TimeInterval {
        get { manager.magnetometerUpdateInterval }
        set { manager.magnetometerUpdateInterval = newValue }
    }
    /// Whether magnetometer updates can be given.
    public var isMagnetometerAvailable: Bool { manager.isMagnetometerAvailable }
    /// Whether magnetometer updates are on.
    public var isMagnetometerActive: Bool { manager.isMagnetometerActive }
    /// The latest raw magnetometer reading.
    public var magnetometerData: MagnetometerData? { manager.magnetometerData.map(MagnetometerData.init) }
    /// Starts magnetometer updates (pull).
    public func startMagnetometerUpdates() { start(.magnetometer) { $0.startMagnetometerUpdates() } }
    /// Starts magnetometer updates to `handler` on `queue`.
    public func startMagnetometerUpdates(to queue: OperationQueue, withHandler handler: @escaping MagnetometerHandler) {
        start(.magnetometer) {
            $0.startMagnetometerUpdates(to: queue, withHandler: copying(MagnetometerData.init, to: handler))
        }
    }
    /// Stops magnetometer updates.
    public func stopMagnetometerUpdates() { stop(.magnetometer) }
    #endif

    /// The reference frame of the device motion being delivered.
    public var attitudeReferenceFrame: AttitudeReferenceFrame {
        AttitudeReferenceFrame(rawValue: manager.attitudeReferenceFrame.rawValue)
    }
    /// Starts device-motion updates in `frame` (pull).
    public func startDeviceMotionUpdates(using frame: AttitudeReferenceFrame) {
        start(.deviceMotion) { $0.startDeviceMotionUpdates(using: CMAttitudeReferenceFrame(rawValue: frame.rawValue)) }
    }
    /// Starts device-motion updates in `frame` to `handler` on `queue`.
    public func startDeviceMotionUpdates(
        using frame: AttitudeReferenceFrame, to queue: OperationQueue,
        withHandler handler: @escaping DeviceMotionHandler
    ) {
        start(.deviceMotion) {
            $0.startDeviceMotionUpdates(
                using: CMAttitudeReferenceFrame(rawValue: frame.rawValue), to: queue,
                withHandler: copying(DeviceMotion.init, to: handler))
        }
    }

    /// Device-motion updates as an `AsyncSequence` (on a queue of their own): iterating starts them,
    /// and ending the last iteration (or cancelling its task) stops them.
    public func deviceMotionUpdates() -> AsyncThrowingStream<DeviceMotion, any Error> {
        deviceMotionIterations.makeStream(bufferingNewest: 64)
    }
}

extension DeviceMotion {
    /// Copies a CoreMotion update (timestamp: seconds since boot, as CoreMotion gives it).
    /// - Parameter m: The update.
    public init(_ m: CMDeviceMotion) {
        let q = m.attitude.quaternion
        let f = m.magneticField
        let accuracy = MagneticFieldCalibrationAccuracy(rawValue: Int(f.accuracy.rawValue)) ?? .uncalibrated
        self.init(
            timestamp: m.timestamp, attitude: Quaternion(w: q.w, x: q.x, y: q.y, z: q.z),
            rotationRate: RotationRate(x: m.rotationRate.x, y: m.rotationRate.y, z: m.rotationRate.z),
            gravity: Acceleration(x: m.gravity.x, y: m.gravity.y, z: m.gravity.z),
            userAcceleration: Acceleration(x: m.userAcceleration.x, y: m.userAcceleration.y, z: m.userAcceleration.z),
            magneticField: CalibratedMagneticField(
                field: MagneticField(x: f.field.x, y: f.field.y, z: f.field.z), accuracy: accuracy),
            heading: Self.heading(of: m))
    }

    /// `CMDeviceMotion.heading` in degrees, or −1 (CoreMotion's "no heading") where it does not exist (visionOS).
    private static func heading(of m: CMDeviceMotion) -> Double {
        #if os(visionOS)
        -1
        #else
        m.heading
        #endif
    }
}

#if !os(visionOS)
extension MagnetometerData {
    /// Copies a CoreMotion magnetometer reading.
    /// - Parameter m: The reading (µT).
    public init(_ m: CMMagnetometerData) {
        self.init(
            timestamp: m.timestamp,
            magneticField: MagneticField(x: m.magneticField.x, y: m.magneticField.y, z: m.magneticField.z))
    }
}
#endif

extension AccelerometerData {
    /// Copies a CoreMotion accelerometer reading.
    /// - Parameter a: The reading (g).
    public init(_ a: CMAccelerometerData) {
        self.init(
            timestamp: a.timestamp,
            acceleration: Acceleration(x: a.acceleration.x, y: a.acceleration.y, z: a.acceleration.z))
    }
}

extension GyroData {
    /// Copies a CoreMotion gyroscope reading.
    /// - Parameter g: The reading (rad/s).
    public init(_ g: CMGyroData) {
        self.init(
            timestamp: g.timestamp,
            rotationRate: RotationRate(x: g.rotationRate.x, y: g.rotationRate.y, z: g.rotationRate.z))
    }
}
#endif

// macOS and tvOS have CoreMotion but no `CMMotionManager`
// (https://developer.apple.com/documentation/coremotion/cmmotionmanager lists iOS, iPadOS, Mac Catalyst,
// visionOS and watchOS): the provider compiles there and reports every sensor unavailable.
#if os(macOS) || os(tvOS)
import Foundation

/// `CoreMotionProvider` on macOS and tvOS, which have no `CMMotionManager`: an ``UnavailableMotionProvider``
/// (every availability `false`, every handler called once with a ``SensorFeedsError`` whose code is
/// ``SensorFeedsError/Code/unavailable``), so that app code written for iOS compiles here and finds out at
/// run time.
public final class CoreMotionProvider: UnavailableMotionProvider {
    /// A provider that reports every motion sensor unavailable.
    public init() {
        super.init(
            PlatformUnavailable(
                "CMMotionManager",
                evidence: "https://developer.apple.com/documentation/coremotion/cmmotionmanager "
                    + "lists iOS, iPadOS, Mac Catalyst, visionOS and watchOS"))
    }
}
#endif
