import Foundation

/// A ``MotionProviding`` with no motion sensors: every availability is `false`, every handler is called
/// once with a ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unavailable``, and every
/// iteration ends with it.
///
/// It is what `CoreMotionProvider` is on macOS and tvOS, which have CoreMotion but no `CMMotionManager`,
/// so that an app that targets several platforms compiles everywhere and finds out at run time, as it
/// would on a device without the sensor. Give it to your app's code to test that path.
///
/// ```swift
/// let motion: any MotionProviding = UnavailableMotionProvider(reason: "no sensors in this test")
/// motion.isDeviceMotionAvailable               // false
/// motion.startDeviceMotionUpdates(to: .main) { motion, error in
///     // motion == nil; error is SensorFeedsError with code .unavailable
/// }
/// ```
public class UnavailableMotionProvider: MotionProviding {
    private let unavailable: PlatformUnavailable

    /// Seconds between device-motion updates (kept, never used).
    public var deviceMotionUpdateInterval: TimeInterval = 0.01
    /// Seconds between accelerometer updates (kept, never used).
    public var accelerometerUpdateInterval: TimeInterval = 0.01
    /// Seconds between gyroscope updates (kept, never used).
    public var gyroUpdateInterval: TimeInterval = 0.01
    /// Seconds between magnetometer updates (kept, never used).
    public var magnetometerUpdateInterval: TimeInterval = 0.01

    /// A provider whose errors say `reason`.
    /// - Parameter reason: Why there are no motion updates (it becomes the errors' message).
    public init(reason: String) {
        unavailable = PlatformUnavailable(error: SensorFeedsError(.unavailable, reason))
    }

    /// A provider whose errors name `api`, the platform and the evidence.
    package init(_ unavailable: PlatformUnavailable) { self.unavailable = unavailable }

    /// The error every handler and iteration receives.
    public var error: SensorFeedsError { unavailable.error }

    /// `false`.
    public var isDeviceMotionAvailable: Bool { false }
    /// `false`.
    public var isDeviceMotionActive: Bool { false }
    /// `false`.
    public var isAccelerometerAvailable: Bool { false }
    /// `false`.
    public var isAccelerometerActive: Bool { false }
    /// `false`.
    public var isGyroAvailable: Bool { false }
    /// `false`.
    public var isGyroActive: Bool { false }
    /// `false`.
    public var isMagnetometerAvailable: Bool { false }
    /// `false`.
    public var isMagnetometerActive: Bool { false }

    /// `nil`.
    public var deviceMotion: DeviceMotion? { nil }
    /// `nil`.
    public var accelerometerData: AccelerometerData? { nil }
    /// `nil`.
    public var gyroData: GyroData? { nil }
    /// `nil`.
    public var magnetometerData: MagnetometerData? { nil }
    /// ``AttitudeReferenceFrame/xArbitraryZVertical``, CoreMotion's default.
    public var attitudeReferenceFrame: AttitudeReferenceFrame { .xArbitraryZVertical }

    /// Does nothing: ``deviceMotion`` stays `nil`.
    public func startDeviceMotionUpdates() {}
    /// Does nothing: ``deviceMotion`` stays `nil`.
    /// - Parameter frame: The frame asked for.
    public func startDeviceMotionUpdates(using frame: AttitudeReferenceFrame) {}
    /// Calls `handler` once with ``error`` on `queue`.
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - handler: The handler.
    public func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping DeviceMotionHandler) {
        unavailable.fail(handler, on: queue)
    }
    /// Calls `handler` once with ``error`` on `queue`.
    /// - Parameters:
    ///   - frame: The frame asked for.
    ///   - queue: Where the handler runs.
    ///   - handler: The handler.
    public func startDeviceMotionUpdates(
        using frame: AttitudeReferenceFrame, to queue: OperationQueue,
        withHandler handler: @escaping DeviceMotionHandler
    ) {
        unavailable.fail(handler, on: queue)
    }
    /// Does nothing.
    public func stopDeviceMotionUpdates() {}

    /// Does nothing: ``accelerometerData`` stays `nil`.
    public func startAccelerometerUpdates() {}
    /// Calls `handler` once with ``error`` on `queue`.
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - handler: The handler.
    public func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping AccelerometerHandler)
    {
        unavailable.fail(handler, on: queue)
    }
    /// Does nothing.
    public func stopAccelerometerUpdates() {}

    /// Does nothing: ``gyroData`` stays `nil`.
    public func startGyroUpdates() {}
    /// Calls `handler` once with ``error`` on `queue`.
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - handler: The handler.
    public func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping GyroHandler) {
        unavailable.fail(handler, on: queue)
    }
    /// Does nothing.
    public func stopGyroUpdates() {}

    /// Does nothing: ``magnetometerData`` stays `nil`.
    public func startMagnetometerUpdates() {}
    /// Calls `handler` once with ``error`` on `queue`.
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - handler: The handler.
    public func startMagnetometerUpdates(to queue: OperationQueue, withHandler handler: @escaping MagnetometerHandler) {
        unavailable.fail(handler, on: queue)
    }
    /// Does nothing.
    public func stopMagnetometerUpdates() {}

    /// An iteration that ends at once with ``error``.
    public func deviceMotionUpdates() -> AsyncThrowingStream<DeviceMotion, any Error> { unavailable.stream() }
}

/// A ``PedometerProviding`` with no pedometer: every availability is `false`, every handler is called once
/// with a ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unavailable``.
///
/// It is what `CoreMotionPedometer` is on tvOS and visionOS, which have no `CMPedometer`.
public class UnavailablePedometer: PedometerProviding {
    private let unavailable: PlatformUnavailable

    /// A pedometer whose errors say `reason`.
    /// - Parameter reason: Why there are no pedometer updates.
    public init(reason: String) {
        unavailable = PlatformUnavailable(error: SensorFeedsError(.unavailable, reason))
    }

    /// A pedometer whose errors name the missing API, the platform and the evidence.
    package init(_ unavailable: PlatformUnavailable) { self.unavailable = unavailable }

    /// The error every handler receives.
    public var error: SensorFeedsError { unavailable.error }

    /// `false`.
    public class func isStepCountingAvailable() -> Bool { false }
    /// `false`.
    public class func isDistanceAvailable() -> Bool { false }
    /// `false`.
    public class func isFloorCountingAvailable() -> Bool { false }
    /// `false`.
    public class func isCadenceAvailable() -> Bool { false }
    /// `false`.
    public class func isPaceAvailable() -> Bool { false }
    /// `false`.
    public class func isPedometerEventTrackingAvailable() -> Bool { false }

    /// Calls `handler` once with ``error`` on the main queue.
    /// - Parameters:
    ///   - start: The date counting would start from.
    ///   - handler: The handler.
    public func startUpdates(from start: Date, withHandler handler: @escaping PedometerHandler) {
        unavailable.fail(handler, on: nil)
    }
    /// Does nothing.
    public func stopUpdates() {}
    /// Calls `handler` once with ``error`` on the main queue.
    /// - Parameters:
    ///   - start: The first date.
    ///   - end: The last date.
    ///   - handler: The handler.
    public func queryPedometerData(from start: Date, to end: Date, withHandler handler: @escaping PedometerHandler) {
        unavailable.fail(handler, on: nil)
    }
    /// Calls `handler` once with ``error`` on the main queue.
    /// - Parameter handler: The handler.
    public func startEventUpdates(handler: @escaping PedometerEventHandler) {
        unavailable.fail(handler, on: nil)
    }
    /// Does nothing.
    public func stopEventUpdates() {}
}

/// An ``AltimeterProviding`` with no barometer: both availabilities are `false`, every handler is called
/// once with a ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unavailable``.
///
/// It is what `CoreMotionAltimeter` is on macOS, tvOS and visionOS, which have no `CMAltimeter`.
public class UnavailableAltimeter: AltimeterProviding {
    private let unavailable: PlatformUnavailable

    /// An altimeter whose errors say `reason`.
    /// - Parameter reason: Why there are no altitude updates.
    public init(reason: String) {
        unavailable = PlatformUnavailable(error: SensorFeedsError(.unavailable, reason))
    }

    /// An altimeter whose errors name the missing API, the platform and the evidence.
    package init(_ unavailable: PlatformUnavailable) { self.unavailable = unavailable }

    /// The error every handler receives.
    public var error: SensorFeedsError { unavailable.error }

    /// `false`.
    public class func isRelativeAltitudeAvailable() -> Bool { false }
    /// `false`.
    public class func isAbsoluteAltitudeAvailable() -> Bool { false }

    /// Calls `handler` once with ``error`` on `queue` (the main queue when `nil`).
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - handler: The handler.
    public func startRelativeAltitudeUpdates(to queue: OperationQueue?, withHandler handler: @escaping AltitudeHandler)
    {
        unavailable.fail(handler, on: queue)
    }
    /// Does nothing.
    public func stopRelativeAltitudeUpdates() {}
    /// Calls `handler` once with ``error`` on `queue` (the main queue when `nil`).
    /// - Parameters:
    ///   - queue: Where the handler runs.
    ///   - handler: The handler.
    public func startAbsoluteAltitudeUpdates(
        to queue: OperationQueue?, withHandler handler: @escaping AbsoluteAltitudeHandler
    ) {
        unavailable.fail(handler, on: queue)
    }
    /// Does nothing.
    public func stopAbsoluteAltitudeUpdates() {}
}

/// A ``MotionActivityProviding`` with no activity classifier: ``isActivityAvailable()`` is `false`, updates
/// never come (CoreMotion's activity handler has no error to say why, so ``error`` holds it) and a query's
/// handler is called once with ``error``, a ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unavailable``.
///
/// It is what `CoreMotionActivityProvider` is on macOS, tvOS and visionOS, which have no `CMMotionActivityManager`.
public class UnavailableMotionActivityManager: MotionActivityProviding {
    private let unavailable: PlatformUnavailable

    /// A manager whose errors say `reason`.
    /// - Parameter reason: Why there are no activity updates.
    public init(reason: String) {
        unavailable = PlatformUnavailable(error: SensorFeedsError(.unavailable, reason))
    }

    /// A manager whose errors name the missing API, the platform and the evidence.
    package init(_ unavailable: PlatformUnavailable) { self.unavailable = unavailable }

    /// The error a query's handler receives, and why updates never come.
    public var error: SensorFeedsError { unavailable.error }

    /// `false`.
    public class func isActivityAvailable() -> Bool { false }
    /// Does nothing: no update will come (see ``error``).
    /// - Parameters:
    ///   - queue: Where updates would run.
    ///   - handler: Never called.
    public func startActivityUpdates(to queue: OperationQueue, withHandler handler: @escaping MotionActivityHandler) {}
    /// Does nothing.
    public func stopActivityUpdates() {}
    /// Calls `handler` once with ``error`` on `queue`.
    /// - Parameters:
    ///   - start: The start of the span.
    ///   - end: The end of the span.
    ///   - queue: Where the handler runs.
    ///   - handler: The handler.
    public func queryActivityStarting(
        from start: Date, to end: Date, to queue: OperationQueue,
        withHandler handler: @escaping MotionActivityQueryHandler
    ) {
        unavailable.fail(handler, on: queue)
    }
}
