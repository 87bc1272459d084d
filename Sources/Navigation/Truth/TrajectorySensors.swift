import Location
import Sensors
import Signals

/// The sensors a ``Trajectory`` derives from its truth; an absent sensor is not produced.
///
/// Each runs at its own rate: the IMU, magnetometer and barometer at the render rate unless their `rate` is
/// set, the GNSS receiver at its ``GNSSReceiver/rate`` (1 Hz by default).
public struct TrajectorySensors: Sendable, Hashable {
    /// The JSON path of a trajectory's IMU, where its errors are reported.
    public static let imuPath = "$.trajectory.sensors.imu"
    /// The IMU: specific force and angular rate in the device frame, plus the vehicle's vibration, through
    /// the IMU error model (its `motion` is the trajectory's and unused). Its terms are checked by
    /// `Trajectory`'s initialiser (`IMU/validate(path:)`) and, at its rate, by `Trajectory/series(rate:)`.
    public var imu: IMU?
    /// The IMU's rate, Hz, or `nil` for the render rate.
    public var imuRate: Double?
    /// The magnetometer (its `sampleRate` is replaced by ``magnetometerRate`` or the render rate).
    public var magnetometer: MagnetometerModel?
    /// The magnetometer's rate, Hz, or `nil` for the render rate.
    public var magnetometerRate: Double?
    /// The barometer (its `sampleRate` is replaced by ``barometerRate`` or the render rate).
    public var barometer: BarometerModel?
    /// The barometer's rate, Hz, or `nil` for the render rate.
    public var barometerRate: Double?
    /// The GNSS receiver.
    public var gnss: GNSSReceiver?

    /// Creates a sensor set (default: none).
    /// - Parameters:
    ///   - imu: The IMU's error model, or `nil`.
    ///   - imuRate: Its rate (Hz), `nil` for the render rate.
    ///   - magnetometer: The magnetometer, or `nil`.
    ///   - magnetometerRate: Its rate (Hz), `nil` for the render rate.
    ///   - barometer: The barometer, or `nil`.
    ///   - barometerRate: Its rate (Hz), `nil` for the render rate.
    ///   - gnss: The GNSS receiver, or `nil`.
    public init(
        imu: IMU? = nil, imuRate: Double? = nil, magnetometer: MagnetometerModel? = nil,
        magnetometerRate: Double? = nil, barometer: BarometerModel? = nil, barometerRate: Double? = nil,
        gnss: GNSSReceiver? = nil
    ) {
        self.imu = imu
        self.imuRate = imuRate
        self.magnetometer = magnetometer
        self.magnetometerRate = magnetometerRate
        self.barometer = barometer
        self.barometerRate = barometerRate
        self.gnss = gnss
    }
}

/// A GNSS receiver on a trajectory: the package's GNSS error model (`GNSSErrorModel`: Gauss–Markov
/// position error plus white jitter; `sigma: 0` gives the truth exactly) on the true position, at its own
/// rate, with speed and course from the true velocity plus white velocity noise, and outages.
public struct GNSSReceiver: Sendable, Hashable {
    /// The JSON path of a trajectory's GNSS receiver.
    public static let path = "$.trajectory.sensors.gnss"
    /// The fix rates a receiver takes, Hz: 0.001 … 100.
    public static let rates: ClosedRange<Double> = 0.001...100
    /// The position error model.
    public var error: GNSSErrorModel
    /// Fixes per second, Hz (default 1).
    public var rate: Double
    /// Standard deviation of the white error on each horizontal velocity component (east, north), m/s
    /// (default 0: speed and course are the truth's).
    public var velocitySigma: Double
    /// Time windows with no fix (a tunnel), seconds from the start: a fix at `t` is dropped when
    /// `start ≤ t < end` for an outage.
    public var outages: [Outage]

    /// A time window without fixes, seconds from the start of the trajectory.
    public struct Outage: Sendable, Hashable {
        /// Start of the outage (s), inclusive.
        public var start: Double
        /// End of the outage (s), exclusive.
        public var end: Double
        /// An outage from `start` to `end` (s, `start < end`).
        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }
    }

    /// Creates a receiver, checking every parameter.
    /// - Parameters:
    ///   - error: The position error model (checked as a route's).
    ///   - rate: Hz, 0.001 … 100.
    ///   - velocitySigma: m/s, 0 … 100.
    ///   - outages: Windows with `0 ≤ start < end`, finite.
    /// - Throws: `SignalError` at `$.trajectory.sensors.gnss.FIELD`.
    public init(
        error: GNSSErrorModel, rate: Double = 1, velocitySigma: Double = 0, outages: [Outage] = []
    ) throws(SignalError) {
        try error.validate(path: Self.path)
        let check = ParameterCheck(path: Self.path)
        try check.check(rate, "rate", unit: "Hz", in: Self.rates)
        try check.check(velocitySigma, "velocitySigma", unit: "m/s", in: 0...100)
        for (i, o) in outages.enumerated() {
            let c = ParameterCheck(path: "\(Self.path).outages[\(i)]")
            try c.check(o.start, "start", unit: "s", in: 0...1e9)
            try c.check(o.end, "end", unit: "s", in: 0...1e9)
            guard o.start < o.end else {
                throw SignalError(
                    .invalidArgument, path: c.path,
                    "an outage must end after it starts, got start \(o.start) s, end \(o.end) s")
            }
        }
        self.error = error
        self.rate = rate
        self.velocitySigma = velocitySigma
        self.outages = outages
    }

    /// Whether a fix at `t` seconds falls in an outage.
    public func isInOutage(_ t: Double) -> Bool {
        outages.contains { $0.start <= t && t < $0.end }
    }
}
