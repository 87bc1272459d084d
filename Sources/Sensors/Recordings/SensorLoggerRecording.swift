import Formats
import Foundation
import Signals

/// Reads Sensor Logger CSV exports (the app by Kelvin Choi; its units and frames are documented in
/// the `awesome-sensor-logger` repository's `UNITS.md` and `COORDINATES.md`): one file per sensor with
/// the columns `time` (ns since the epoch), `seconds_elapsed` (s since the recording started) and `z`,
/// `y`, `x`, recognised by the file's name:
///
/// | file | series |
/// | --- | --- |
/// | `Accelerometer.csv` | ``SensorSeries/Kind/userAcceleration`` (gravity excluded, on both platforms) |
/// | `TotalAcceleration.csv` (Android) | ``SensorSeries/Kind/accelerometer`` |
/// | `AccelerometerUncalibrated.csv` | ``SensorSeries/Kind/accelerometer`` (raw: g on iOS, m/s² on Android or standardised) |
/// | `Gravity.csv` | ``SensorSeries/Kind/gravity`` |
/// | `Gyroscope.csv` | ``SensorSeries/Kind/gyroscope`` |
/// | `GyroscopeUncalibrated.csv` | ``SensorSeries/Kind/gyroscope`` (raw, bias included; ``RecordingImport`` skips it with a note beside a `Gyroscope.csv`) |
/// | `Metadata.csv` | the recording's `platform` (iOS or Android) |
///
/// Accelerations are m/s² with g = 9.80665. Their sign depends on the platform: iOS recordings keep
/// CoreMotion's (gravity reads −z face up), Android ones (and iOS ones made with "Standardise Units &
/// Frames") have the opposite sign. The platform comes from `Metadata.csv` when it is among the files
/// (its `standardisation` column, when true, means Android's convention), or must be given; ``RecordingImport``
/// refuses a given convention that contradicts the `Metadata.csv` among its files.
/// `AccelerometerUncalibrated.csv` is in g with CoreMotion's sign on iOS, and in m/s² with Android's sign on
/// Android or with "Standardise Units & Frames". Rates are rad/s with the same sign on both. Time is
/// `seconds_elapsed` (which may start below 0: samples from just before the recording's start), else
/// `time` (integer ns since the epoch, taken from the first). The axis columns are found by name, so their
/// order (Sensor Logger writes `z,y,x`) does not matter. The export's other files (``otherFiles``) are not
/// motion sensors; ``RecordingImport`` skips them with a note.
public enum SensorLoggerRecording {
    /// Whose sign convention the accelerations use.
    public enum Convention: String, Sendable, Hashable, CaseIterable {
        /// CoreMotion's (Sensor Logger on iOS by default).
        case ios
        /// Android's (Sensor Logger on Android, or iOS with "Standardise Units & Frames").
        case android
    }

    /// Whether a header is a Sensor Logger three-axis file.
    static func recognises(_ header: [String]) -> Bool {
        let names = Set(header.map { $0.lowercased() })
        return names.isSuperset(of: ["x", "y", "z"]) && (names.contains("seconds_elapsed") || names.contains("time"))
    }

    /// Whether a header is one of Sensor Logger's, of any sensor (it has a `seconds_elapsed` column).
    static func isExport(_ header: [String]) -> Bool { header.contains { $0.lowercased() == "seconds_elapsed" } }

    /// Whether a header is a Sensor Logger metadata file.
    static func isMetadata(_ header: [String]) -> Bool { header.contains { $0.lowercased() == "platform" } }

    /// The convention a `Metadata.csv` table states.
    static func convention(_ table: RecordingTable) throws(SignalError) -> Convention {
        guard let column = table.column("platform"), let row = table.rows.first, column < row.fields.count else {
            throw SignalError(
                .malformed, "a Sensor Logger metadata file needs a 'platform' column and one row", file: table.file)
        }
        let platform = row.fields[column].lowercased()
        if let s = table.column("standardisation"), s < row.fields.count, row.fields[s].lowercased() == "true" {
            return .android
        }
        switch platform {
        case "ios": return .ios
        case "android": return .android
        default:
            throw SignalError(
                .malformed, "platform \"\(String(row.fields[column].prefix(40)))\" is neither iOS nor Android",
                file: table.file, line: row.line, column: column + 1)
        }
    }

    /// The kind of a Sensor Logger file from its name.
    static func kind(fileName: String) -> SensorSeries.Kind? {
        switch (fileName as NSString).lastPathComponent.lowercased() {
        case "accelerometer.csv": .userAcceleration
        case "totalacceleration.csv", "accelerometeruncalibrated.csv": .accelerometer
        case "gravity.csv": .gravity
        case "gyroscope.csv", "gyroscopeuncalibrated.csv": .gyroscope
        default: nil
        }
    }

    /// The files of a Sensor Logger export that hold no motion stream this import reads (lowercased):
    /// skipped with a note.
    public static let otherFiles: Set<String> = [
        "annotation.csv", "barometer.csv", "battery.csv", "brightness.csv", "compass.csv", "location.csv",
        "locationgps.csv", "locationnetwork.csv", "magnetometer.csv", "magnetometeruncalibrated.csv",
        "orientation.csv", "microphone.csv", "pedometer.csv", "heartrate.csv",
        "wristmotion.csv", "watchlocation.csv", "light.csv", "proximity.csv", "network.csv", "bluetooth.csv",
        "camera.csv", "wifi.csv",
    ]

    /// How far apart (s) the starts of two files may be and still be one recording: the files of one export
    /// agree to well under a millisecond; two exports are minutes to years apart.
    static let sameRecording = 1.0

    /// When a file's recording started, from its first row with both columns: `time` (ns since the epoch) minus
    /// `seconds_elapsed`, in seconds since the epoch; `nil` for a file without both.
    static func recordingStart(_ table: RecordingTable) -> (seconds: Double, line: Int)? {
        guard let time = table.column("time"), let elapsed = table.column("seconds_elapsed") else { return nil }
        for row in table.rows where max(time, elapsed) < row.fields.count {
            guard let ns = Int64(row.fields[time]), let s = CSVReader.number(row.fields[elapsed]), s.isFinite else {
                continue
            }
            return (Double(ns) / 1e9 - s, row.line)
        }
        return nil
    }

    /// Reads one Sensor Logger sensor file.
    /// - Parameters:
    ///   - path: The file; its name tells the sensor (`Gyroscope.csv`, ...).
    ///   - convention: The platform's sign convention for accelerations.
    /// - Throws: `SignalError` naming the file, line and column.
    public static func read(path: String, convention: Convention) throws(SignalError) -> [SensorSeries] {
        let input: NamedInput
        do { input = try NamedInput.open(path) } catch {
            throw SignalError(.unreadable, error.message, file: error.file ?? path)
        }
        return try read(RecordingTable.read(input), name: path, convention: convention)
    }

    static func read(
        _ table: RecordingTable, name: String, convention: Convention
    ) throws(SignalError) -> [SensorSeries] {
        guard let kind = kind(fileName: name) else {
            throw SignalError(
                .unknownFormat,
                "a Sensor Logger file is named after its sensor: Accelerometer.csv, TotalAcceleration.csv, AccelerometerUncalibrated.csv, Gravity.csv, Gyroscope.csv or GyroscopeUncalibrated.csv (this one's name does not tell)",
                file: table.file)
        }
        let uncalibrated = (name as NSString).lastPathComponent.lowercased() == "accelerometeruncalibrated.csv"
        var columns: [Int] = []
        for axis in ["x", "y", "z"] {
            guard let c = table.column(axis) else {
                throw SignalError(
                    .unknownFormat, "no '\(axis)' column in the header", file: table.file, line: table.headerLine)
            }
            columns.append(c)
        }
        let g = IMU.standardGravity
        // iOS's uncalibrated accelerometer is CoreMotion's raw reading, already in g.
        let scale = kind == .gyroscope ? 1 : (convention == .ios ? (uncalibrated ? 1 : 1 / g) : -1 / g)
        if let elapsed = table.column("seconds_elapsed") {
            return [
                try SeriesBuilder.build(table, kind: kind, time: elapsed, timeScale: 1, columns: columns, scale: scale)
            ]
        }
        guard let time = table.column("time") else {
            throw SignalError(
                .unknownFormat, "no 'seconds_elapsed' or 'time' column", file: table.file, line: table.headerLine)
        }
        // Integer nanoseconds since the epoch exceed a Double's 53 bits: subtract the first in integers.
        var rows = table
        guard let firstRow = table.rows.first, time < firstRow.fields.count, let t0 = Int64(firstRow.fields[time])
        else {
            throw SignalError(
                .malformed, "the 'time' column must hold integer nanoseconds",
                file: table.file, line: table.rows.first?.line, column: time + 1)
        }
        for i in rows.rows.indices where time < rows.rows[i].fields.count {
            guard let ns = Int64(rows.rows[i].fields[time]) else {
                throw SignalError(
                    .malformed,
                    "\"\(String(rows.rows[i].fields[time].prefix(40)))\" in column 'time' is not an integer number of nanoseconds",
                    file: table.file, line: rows.rows[i].line, column: time + 1)
            }
            // Seconds from the first sample (a difference of ns up to 2⁶³ is exact in Int64; the
            // seconds of a recording are far below ±10¹⁰, the table's bound on numbers).
            let (difference, overflow) = ns.subtractingReportingOverflow(t0)
            guard !overflow else {
                throw SignalError(
                    .outOfRange, "\(ns) ns in column 'time' is too far from the first sample's \(t0) ns",
                    file: table.file, line: rows.rows[i].line, column: time + 1)
            }
            rows.rows[i].fields[time] = String(Double(difference) / 1e9)
        }
        return [try SeriesBuilder.build(rows, kind: kind, time: time, timeScale: 1, columns: columns, scale: scale)]
    }
}
