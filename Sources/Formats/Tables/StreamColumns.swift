/// A column of one stream table of a trajectory render (`truth.csv`, `imu.csv`, `magnetometer.csv`,
/// `barometer.csv`, `gnss.csv`): its name in the header and its position in a row.
///
/// Each table's columns are one enumeration, in the order they are written; the row writer
/// (`Trajectory`'s render), the readers by name (a render directory in `SensorFeeds`) and the readers by
/// position (the MCAP mapping of `signals render`) all take names and positions from it, so a column added or
/// moved changes every one of them at once.
package protocol StreamColumn: RawRepresentable<Int>, CaseIterable, Sendable where AllCases == [Self] {
    /// The column's name in the table's header.
    var name: String { get }
}

extension StreamColumn {
    /// The names of the columns after `t`, in the order they are written.
    package static var names: [String] { allCases.map(\.name) }

    /// The column's index in a row that starts with the time `t` (the raw value plus one).
    package var position: Int { rawValue + 1 }

    /// The column's value in `row`, a row that starts with `t`.
    /// - Precondition: `row` has at least `1 + allCases.count` values.
    @inline(__always)
    package func value<Row: RandomAccessCollection<Double>>(in row: Row) -> Double where Row.Index == Int {
        row[row.startIndex + position]
    }
}

/// The truth's columns after `t` (`truth.csv`): position (degrees, metres above the ellipsoid), velocity and
/// acceleration in east-north-up (m/s, m/s²), the attitude quaternion (device to east-north-up), the
/// rotation rate in the device frame (rad/s), the altitude above mean sea level (m), the true and magnetic
/// headings (degrees) and the step count.
package enum TruthColumn: Int, StreamColumn {
    case latitude, longitude, altitude
    case velocityEast, velocityNorth, velocityUp
    case accelerationEast, accelerationNorth, accelerationUp
    case attitudeW, attitudeX, attitudeY, attitudeZ
    case rotationRateX, rotationRateY, rotationRateZ
    case altitudeMSL, headingTrue, headingMagnetic, steps
    /// The platform's speed along the path (m/s): the person's or the vehicle's, without the device's own
    /// motion on the body (a swinging watch's velocity is in `velocity.*`). The activity's rule reads it.
    case speed

    /// The column's name in `truth.csv`.
    package var name: String {
        switch self {
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .altitude: "altitude"
        case .velocityEast: "velocity.east"
        case .velocityNorth: "velocity.north"
        case .velocityUp: "velocity.up"
        case .accelerationEast: "acceleration.east"
        case .accelerationNorth: "acceleration.north"
        case .accelerationUp: "acceleration.up"
        case .attitudeW: "attitude.w"
        case .attitudeX: "attitude.x"
        case .attitudeY: "attitude.y"
        case .attitudeZ: "attitude.z"
        case .rotationRateX: "rotationRate.x"
        case .rotationRateY: "rotationRate.y"
        case .rotationRateZ: "rotationRate.z"
        case .altitudeMSL: "altitude.msl"
        case .headingTrue: "heading.true"
        case .headingMagnetic: "heading.magnetic"
        case .steps: "steps"
        case .speed: "speed"
        }
    }
}

/// The IMU's columns after `t` (`imu.csv`, and the channels of an IMU render): the accelerometer (the IMU
/// spec's unit, g or m/s²) and the gyroscope (rad/s), device frame.
package enum IMUColumn: Int, StreamColumn {
    case accelerometerX, accelerometerY, accelerometerZ
    case gyroscopeX, gyroscopeY, gyroscopeZ

    /// The accelerometer's three columns, x, y, z.
    package static let accelerometer: [IMUColumn] = [.accelerometerX, .accelerometerY, .accelerometerZ]
    /// The gyroscope's three columns, x, y, z.
    package static let gyroscope: [IMUColumn] = [.gyroscopeX, .gyroscopeY, .gyroscopeZ]

    /// The column's name in `imu.csv`.
    package var name: String {
        switch self {
        case .accelerometerX: "accelerometer.x"
        case .accelerometerY: "accelerometer.y"
        case .accelerometerZ: "accelerometer.z"
        case .gyroscopeX: "gyroscope.x"
        case .gyroscopeY: "gyroscope.y"
        case .gyroscopeZ: "gyroscope.z"
        }
    }
}

/// The magnetometer's columns after `t` (`magnetometer.csv`): the field in the device frame, µT.
package enum MagnetometerColumn: Int, StreamColumn {
    case x, y, z

    /// The column's name in `magnetometer.csv`.
    package var name: String { "magnetometer.\(self == .x ? "x" : self == .y ? "y" : "z")" }
}

/// The barometer's column after `t` (`barometer.csv`): the static pressure, Pa.
package enum BarometerColumn: Int, StreamColumn {
    case pressure

    /// The column's name in `barometer.csv`.
    package var name: String { "pressure" }
}

/// A GNSS fix's columns after `t` (`gnss.csv`, a route's render): see ``LocationColumns``.
package enum LocationColumn: Int, StreamColumn {
    case latitude, longitude, altitude, speed, course, horizontalAccuracy, verticalAccuracy

    /// The column's name in a location CSV.
    package var name: String {
        switch self {
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .altitude: "altitude"
        case .speed: "speed"
        case .course: "course"
        case .horizontalAccuracy: "horizontalAccuracy"
        case .verticalAccuracy: "verticalAccuracy"
        }
    }
}

/// The stream tables of a trajectory's render directory, each a file named for it (`truth.csv`, `imu.npy`,
/// …) whose first column is the time `t` (seconds) and whose other columns are its ``columns``.
package enum StreamTable: String, CaseIterable, Sendable {
    case truth, imu, magnetometer, barometer, gnss

    /// The name of every table's first column, the time in seconds (also a route's and a signal's render).
    package static let timeColumn = "t"
    /// The names a recording's time column may have when it is read back (`signals verify`, `plot`, `allan`
    /// and file detection; any case): `t` as renders write it, `timestamp` as point files, `time`.
    package static let timeColumnNames = ["t", "timestamp", "time"]

    /// Whether `name` names a time column (``timeColumnNames``, any case, surrounding quotes dropped).
    package static func isTimeColumn(_ name: some StringProtocol) -> Bool {
        timeColumnNames.contains(name.lowercased().trimmingCharacters(in: ["\""]))
    }

    /// The table's file name with the extension `ext` (`csv`, `npy` or `f32`).
    package func fileName(_ ext: String = "csv") -> String { "\(rawValue).\(ext)" }

    /// The names of the columns after `t`, in the order they are written.
    package var columns: [String] {
        switch self {
        case .truth: TruthColumn.names
        case .imu: IMUColumn.names
        case .magnetometer: MagnetometerColumn.names
        case .barometer: BarometerColumn.names
        case .gnss: LocationColumn.names
        }
    }
}
