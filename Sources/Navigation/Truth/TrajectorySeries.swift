import Formats

/// One output stream of a ``Trajectory``: the truth or one sensor, at its own rate, as rows of numbers.
///
/// Sample `n` of a stream is at `n / rate` seconds from the start. Every row starts with that time, `t`;
/// ``columns`` name the values after it (`truth.csv`, `imu.csv`, … with `t` first).
public struct TrajectorySeries: Sendable, Hashable {
    /// What the stream carries.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The truth (`TrajectorySeries.columns(.truth)`).
        case truth
        /// The IMU: accelerometer and gyroscope in the IMU spec's units.
        case imu
        /// The magnetometer, µT in the device frame.
        case magnetometer
        /// The barometer, Pa.
        case barometer
        /// GNSS fixes (the columns a route renders).
        case gnss
    }

    /// What the stream carries; its raw value names the file (`truth.csv`).
    public let kind: Kind
    /// Samples per second, Hz.
    public let rate: Double
    /// The columns after `t`.
    public var columns: [String] { Self.columns(kind) }

    /// A stream of `kind` at `rate` Hz.
    public init(kind: Kind, rate: Double) {
        self.kind = kind
        self.rate = rate
    }

    /// The columns after `t` of a stream kind.
    public static func columns(_ kind: Kind) -> [String] {
        kind.table.columns
    }
}

extension TrajectorySeries.Kind {
    /// The kind's table in a render directory (its file name and columns).
    package var table: StreamTable {
        switch self {
        case .truth: .truth
        case .imu: .imu
        case .magnetometer: .magnetometer
        case .barometer: .barometer
        case .gnss: .gnss
        }
    }
}
