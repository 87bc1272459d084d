import Formats
import Signals

/// A simulated inertial measurement unit: a motion seen through an accelerometer and a gyroscope with
/// realistic errors (see ``SensorModel``). It renders six channels, `accelerometer.x, y, z` and
/// `gyroscope.x, y, z`.
///
/// - **Accelerometer**: the specific force. In g (default) it reads as `CMAccelerometerData` does,
///   `userAcceleration + gravity` in CoreMotion's sign (a phone face up reads z = −1 g). In m/s²
///   (``AccelerometerUnit/metersPerSecondSquared``) it reads as Android, ROS and Kalibr do, the physical
///   specific force (face up reads z = +9.80665 m/s²): `−9.80665 ×` the g reading. The error model works
///   in that physical SI form, so its parameters are Kalibr's numbers.
/// - **Gyroscope**: the body rotation rate in rad/s (the same sign everywhere).
///
/// Exact as every signal of the engine: seeded, bit-identical however it is chunked or threaded, and it
/// renders from any sample index without generating the earlier samples (random walks and Gauss–Markov
/// biases by Lévy bridges over a tree of knots, see `BridgedProcess`; the low-pass from a fixed grid of
/// warm-up points, see ``FirstOrderLowPass``).
///
/// ```swift
/// let phone = IMU(motion: MotionNode(attitude: .fixed(.named(.faceUp))),
///                 accelerometer: SensorModel(noiseDensity: 0.002, randomWalk: 0.0003),
///                 gyroscope: SensorModel(noiseDensity: 0.0002, randomWalk: 2e-5), seed: 7)
/// let hour = try phone.render(sampleRate: 100, duration: 3600)    // 6 channels
/// ```
/// In JSON (`{"imu": {...}}`), see ``IMU/decode(json:baseDirectory:)``; with a preset motion:
/// `IMU(preset: .bmi160, motion: MotionPreset.walking().motionNode)`.
public struct IMU: Signal, Sendable, Hashable {
    /// The true motion (a physically consistent one, or a free nine-channel motion).
    public var motion: MotionNode
    /// The accelerometer's errors (m/s²).
    public var accelerometer: SensorModel
    /// The gyroscope's errors (rad/s).
    public var gyroscope: SensorModel
    /// Seed of every random term.
    public var seed: UInt64
    /// The unit of the accelerometer channels.
    public var accelerometerUnit: AccelerometerUnit
    /// The bridges' last descents (a cache: it never changes the samples).
    package let spines = KnotSpines()

    /// Standard gravity, 9.80665 m/s² (the g of CoreMotion readings).
    public static let standardGravity = 9.80665

    /// The six channel names, as CSV headers: `accelerometer.x`, …, `gyroscope.z`.
    public static let channelNames = IMUColumn.names

    /// Six.
    public var channelCount: Int { 6 }

    /// Creates an IMU.
    /// - Parameters:
    ///   - motion: The true motion (default: lying face up, still).
    ///   - accelerometer: Accelerometer errors in m/s² (default ideal).
    ///   - gyroscope: Gyroscope errors in rad/s (default ideal).
    ///   - seed: Seed of the random terms.
    ///   - accelerometerUnit: g (default) or m/s².
    public init(
        motion: MotionNode = MotionNode(attitude: .fixed(.named(.faceUp))), accelerometer: SensorModel = .ideal,
        gyroscope: SensorModel = .ideal, seed: UInt64 = 0, accelerometerUnit: AccelerometerUnit = .g
    ) {
        self.motion = motion
        self.accelerometer = accelerometer
        self.gyroscope = gyroscope
        self.seed = seed
        self.accelerometerUnit = accelerometerUnit
    }

    /// Equal when the motion, the sensor models, the seed and the unit are.
    public static func == (a: IMU, b: IMU) -> Bool {
        a.motion == b.motion && a.accelerometer == b.accelerometer && a.gyroscope == b.gyroscope && a.seed == b.seed
            && a.accelerometerUnit == b.accelerometerUnit
    }

    /// Hashes the motion, the sensor models, the seed and the unit.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(motion)
        hasher.combine(accelerometer)
        hasher.combine(gyroscope)
        hasher.combine(seed)
        hasher.combine(accelerometerUnit)
    }

    /// Creates an IMU with a preset's error models.
    /// - Parameters:
    ///   - preset: The sensor.
    ///   - motion: The true motion.
    ///   - seed: Seed of the random terms.
    public init(preset: IMUPreset, motion: MotionNode = MotionNode(attitude: .fixed(.named(.faceUp))), seed: UInt64 = 0)
    {
        self.init(motion: motion, accelerometer: preset.accelerometer, gyroscope: preset.gyroscope, seed: seed)
    }
}

/// The unit of an IMU's accelerometer channels.
public enum AccelerometerUnit: String, Sendable, Hashable, CaseIterable, Codable {
    /// g, as `CMAccelerometerData` reports (face up reads z = −1).
    case g = "g"
    /// m/s², the physical specific force as Android, ROS and Kalibr report (face up reads z = +9.80665).
    case metersPerSecondSquared = "m/s^2"
}
