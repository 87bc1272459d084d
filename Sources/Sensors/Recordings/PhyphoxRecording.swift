import Foundation
import Playback
import Signals
import FileReaders

/// Reads phyphox CSV exports ("CSV (Comma, decimal point)"): a quoted header and numbers such as
/// `9.810000000E0`, one file per sensor (`Accelerometer.csv`, `Gyroscope.csv`, `Linear Acceleration.csv`,
/// or `Raw Data.csv` of a one-sensor experiment), recognised by their columns:
///
/// | columns | series |
/// | --- | --- |
/// | `"Time (s)"`, `"Acceleration x (m/s^2)"`, y, z | ``SensorSeries/Kind/accelerometer`` (with g) |
/// | `"Time (s)"`, `"Linear Acceleration x (m/s^2)"`, y, z | ``SensorSeries/Kind/userAcceleration`` |
/// | `"Time (s)"`, `"Gyroscope x (rad/s)"`, y, z | ``SensorSeries/Kind/gyroscope`` |
///
/// Other columns (`"Absolute acceleration (m/s^2)"`) are ignored; a row whose sample is missing (`NaN`
/// on Android, `""` on iOS) is skipped. phyphox reports accelerations as Android does on both platforms
/// (a phone face up reads +9.81 m/s² on z; its iOS app multiplies CoreMotion's g by −9.81), so they are
/// converted to CoreMotion g by dividing by −9.81, which inverts the iOS conversion exactly (and reads
/// an Android recording 0.03 % low against standard gravity). Rates are rad/s with the same sign on both.
public enum PhyphoxRecording {
    /// phyphox's g (m/s²).
    public static let gravity = 9.81

    /// Whether a header is a phyphox export.
    static func recognises(_ header: [String]) -> Bool {
        header.contains { $0 == "Time (s)" } && kind(header) != nil
    }

    static func kind(_ header: [String]) -> (SensorSeries.Kind, prefix: String, unit: String)? {
        for (kind, prefix, unit) in [(SensorSeries.Kind.userAcceleration, "Linear Acceleration", "m/s^2"),
                                     (.accelerometer, "Acceleration", "m/s^2"), (.gyroscope, "Gyroscope", "rad/s")]
            where header.contains("\(prefix) x (\(unit))") {
            return (kind, prefix, unit)
        }
        return nil
    }

    /// Reads one phyphox export.
    /// - Parameter path: The file (`-` for standard input).
    /// - Returns: The sensor series it holds (one).
    /// - Throws: `SignalError` naming the file, line and column: not a phyphox export, a field that
    ///   is not a number, decreasing times.
    public static func read(path: String) throws(SignalError) -> [SensorSeries] {
        let input: InputSource
        do { input = try InputSource.open(path) } catch { throw SignalError(.unreadable, error.message, file: error.file ?? path) }
        return try read(RecordingTable.read(input))
    }

    static func read(_ table: RecordingTable) throws(SignalError) -> [SensorSeries] {
        guard let (kind, prefix, unit) = kind(table.header), let time = table.column("Time (s)") else {
            throw SignalError(.unknownFormat, "not a phyphox export: expected \"Time (s)\" and \"Acceleration x (m/s^2)\", \"Linear Acceleration x (m/s^2)\" or \"Gyroscope x (rad/s)\" columns",
                              file: table.file, line: table.headerLine)
        }
        var columns: [Int] = []
        for axis in ["x", "y", "z"] {
            guard let c = table.column("\(prefix) \(axis) (\(unit))") else {
                throw SignalError(.unknownFormat, "the header has \"\(prefix) x (\(unit))\" but no \"\(prefix) \(axis) (\(unit))\"",
                                  file: table.file, line: table.headerLine)
            }
            columns.append(c)
        }
        let scale = kind == .gyroscope ? 1 : -1 / gravity
        return [try SeriesBuilder.build(table, kind: kind, time: time, timeScale: 1, columns: columns, scale: scale)]
    }
}

/// Turns a table's rows into a series: skips rows with a missing value, drops exact repeats of a time,
/// refuses decreasing times (naming the line).
enum SeriesBuilder {
    static func build(_ table: RecordingTable, kind: SensorSeries.Kind, time: Int, timeScale: Double,
                      timeOffset: Double = 0, columns: [Int], scale: Double) throws(SignalError) -> SensorSeries {
        var times: [Double] = [], lines: [Int] = []
        var axes: [[Double]] = [[], [], []]
        for row in table.rows {
            guard let t = try table.number(row, time) else { continue }
            var values: [Double] = []
            for c in columns {
                guard let v = try table.number(row, c) else { break }
                values.append(v * scale)
            }
            guard values.count == 3 else { continue }
            let seconds = (t - timeOffset) * timeScale
            if let last = times.last {
                if seconds == last { continue }          // a repeated sample
                guard seconds > last else {
                    throw SignalError(.invalidTime, "time \(seconds) s is before the previous sample's \(last) s (line \(lines.last ?? 0)); samples must be in time order",
                                      file: table.file, line: row.line, column: time + 1)
                }
            }
            times.append(seconds)
            lines.append(row.line)
            for a in 0 ..< 3 { axes[a].append(values[a]) }
        }
        guard times.count >= 2 else {
            throw SignalError(.tooShort, "holds \(times.count) complete sample(s); a recording needs at least 2", file: table.file)
        }
        return SensorSeries(kind: kind, times: times, axes: axes, file: table.file, lines: lines)
    }
}
