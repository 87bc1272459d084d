import Formats
import Foundation
import Signals

/// Reads phyphox CSV exports: a quoted header and numbers such as `9.810000000E0`, one file per sensor
/// (`Accelerometer.csv`, `Gyroscope.csv`, `Linear Acceleration.csv`, or `Raw Data.csv` of a one-sensor
/// experiment), separated by commas, semicolons or tabs (numbers with a decimal comma after `;` or tabs),
/// recognised by their columns:
///
/// | columns | series |
/// | --- | --- |
/// | `"Time (s)"`, `"Acceleration x (m/s^2)"`, y, z | ``SensorSeries/Kind/accelerometer`` (with g) |
/// | `"Time (s)"`, `"Linear Acceleration x (m/s^2)"`, y, z | ``SensorSeries/Kind/userAcceleration`` |
/// | `"Time (s)"`, `"Gyroscope x (rad/s)"`, y, z | ``SensorSeries/Kind/gyroscope`` |
/// | `"Time (s)"`, `"X (m/s^2)"`, `"Y (m/s^2)"`, `"Z (m/s^2)"` (phyphox 1.1.16 for iOS) | by the file's name: `Linear Accelerometer.csv` (or any name with "linear") user acceleration, `Accelerometer.csv` the accelerometer |
/// | `"Time (s)"`, `"X (rad/s)"`, `"Y (rad/s)"`, `"Z (rad/s)"` (phyphox 1.1.16 for iOS) | ``SensorSeries/Kind/gyroscope`` |
///
/// Other columns (`"Absolute acceleration (m/s^2)"`) are ignored; a row whose sample is missing (`NaN`
/// on Android, `""` on iOS) is skipped.
///
/// Accelerations have Android's sign on both platforms (a phone face up reads +9.81 m/s² on z) and are
/// converted to CoreMotion g (face up −1) by dividing by minus the platform's g:
///
/// - iOS: phyphox multiplies CoreMotion's g by 9.81 (``gravity``), so dividing by 9.81 inverts it exactly;
/// - Android: the sensors report m/s², with g = 9.80665 (`SensorManager.STANDARD_GRAVITY`, ``IMU/standardGravity``).
///
/// The platform comes from the export's `meta/device.csv` (`deviceBrand` "Apple" or a `deviceModel` of
/// an iPhone, iPad or iPod: iOS; any other device: Android), else from the iOS-only 1.1.16 header, else
/// from what the caller says; unknown, 9.81 is used (an Android recording then reads 0.03 % low).
/// Rates are rad/s with the same sign on both.
public enum PhyphoxRecording {
    /// phyphox's g on iOS (m/s²): its app multiplies CoreMotion's g by this.
    public static let gravity = 9.81

    /// The phone phyphox ran on, which sets the unit of its accelerations.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        /// iOS: accelerations are CoreMotion's g × 9.81.
        case ios
        /// Android: accelerations are the sensors' m/s² (g = 9.80665).
        case android

        /// m/s² per g in this platform's exports.
        public var gravity: Double { self == .ios ? PhyphoxRecording.gravity : IMU.standardGravity }
    }

    /// Whether a header is a phyphox export.
    static func recognises(_ header: [String]) -> Bool {
        header.contains { $0 == "Time (s)" }
            && (kind(header) != nil || header.contains("X (m/s^2)") || header.contains("X (rad/s)"))
    }

    /// Whether a header is one of phyphox's, of any sensor (its time column, `Time (s)`, comes first).
    static func isExport(_ header: [String]) -> Bool { header.first == "Time (s)" }

    /// Whether a table is phyphox's `meta/device.csv` (`"property","value"` rows).
    static func isDeviceSheet(_ header: [String]) -> Bool {
        header.count == 2 && header[0].lowercased() == "property" && header[1].lowercased() == "value"
    }

    /// The platform a `meta/device.csv` table states (see the type's documentation).
    /// - Throws: `SignalError` naming the file when it names no device.
    static func platform(device table: RecordingTable) throws(SignalError) -> Platform {
        var properties: [String: String] = [:]
        for row in table.rows where row.fields.count >= 2 { properties[row.fields[0]] = row.fields[1] }
        let brand = properties["deviceBrand"] ?? ""
        let model = properties["deviceModel"] ?? ""
        if brand.lowercased() == "apple"
            || ["iphone", "ipad", "ipod"].contains(where: { model.lowercased().hasPrefix($0) })
        {
            return .ios
        }
        guard !brand.isEmpty || !model.isEmpty || !(properties["deviceManufacturer"] ?? "").isEmpty else {
            throw SignalError(
                .malformed, "a phyphox device sheet needs a deviceBrand or deviceModel row to tell iOS from Android",
                file: table.file)
        }
        return .android
    }

    static func kind(_ header: [String]) -> (SensorSeries.Kind, prefix: String, unit: String)? {
        for (kind, prefix, unit) in [
            (SensorSeries.Kind.userAcceleration, "Linear Acceleration", "m/s^2"),
            (.accelerometer, "Acceleration", "m/s^2"), (.gyroscope, "Gyroscope", "rad/s"),
        ]
        where header.contains("\(prefix) x (\(unit))") {
            return (kind, prefix, unit)
        }
        return nil
    }

    /// Reads one phyphox export.
    /// - Parameters:
    ///   - path: The file (`-` for standard input).
    ///   - platform: The phone's platform, when known (see the type's documentation); `nil`: from the
    ///     file's own `meta/device.csv` beside it, else 9.81 m/s² per g.
    /// - Returns: The sensor series it holds (one).
    /// - Throws: `SignalError` naming the file, line and column: not a phyphox export, a field that
    ///   is not a number, decreasing times.
    public static func read(path: String, platform: Platform? = nil) throws(SignalError) -> [SensorSeries] {
        let input: NamedInput
        do { input = try NamedInput.open(path) } catch {
            throw SignalError(.unreadable, error.message, file: error.file ?? path)
        }
        var platform = platform
        if platform == nil, let device = try deviceSheet(besides: path) { platform = try Self.platform(device: device) }
        return try read(RecordingTable.read(input), name: path, platform: platform)
    }

    /// Where phyphox puts the device sheet of the recording `path`: `meta/device.csv` in its folder; `nil`
    /// for standard input.
    static func deviceSheetPath(besides path: String) -> String? {
        guard path != "-" else { return nil }
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("meta/device.csv").path
    }

    /// `meta/device.csv` in the folder of `path`, as phyphox exports it, when there is one.
    static func deviceSheet(besides path: String) throws(SignalError) -> RecordingTable? {
        guard let sheet = deviceSheetPath(besides: path), FileManager.default.isReadableFile(atPath: sheet) else {
            return nil
        }
        let input: NamedInput
        do { input = try NamedInput.open(sheet) } catch {
            throw SignalError(.unreadable, error.message, file: error.file ?? sheet)
        }
        let table = try RecordingTable.read(input)
        return isDeviceSheet(table.header) ? table : nil
    }

    static func read(_ table: RecordingTable, name: String, platform: Platform?) throws(SignalError) -> [SensorSeries] {
        guard let time = table.column("Time (s)") else {
            throw SignalError(
                .unknownFormat,
                "not a phyphox export: expected \"Time (s)\" and \"Acceleration x (m/s^2)\", \"Linear Acceleration x (m/s^2)\", \"Gyroscope x (rad/s)\" or \"X (m/s^2)\" columns",
                file: table.file, line: table.headerLine)
        }
        var platform = platform
        let kind: SensorSeries.Kind
        let names: [String]
        if let (k, prefix, unit) = Self.kind(table.header) {
            kind = k
            names = ["x", "y", "z"].map { "\(prefix) \($0) (\(unit))" }
        } else if table.header.contains("X (m/s^2)") || table.header.contains("X (rad/s)") {
            // phyphox 1.1.16 for iOS: bare axis names; only the file's name tells gravity in or out.
            let unit = table.header.contains("X (rad/s)") ? "rad/s" : "m/s^2"
            let file = (name as NSString).lastPathComponent.lowercased().replacingOccurrences(of: " ", with: "")
            if unit == "rad/s" {
                kind = .gyroscope
            } else if file.contains("linear") {
                kind = .userAcceleration
            } else if file.contains("accelerometer") || file.contains("acceleration") {
                kind = .accelerometer
            } else {
                throw SignalError(
                    .unknownFormat,
                    "the header's \"X (m/s^2)\" (phyphox 1.1.16 for iOS) does not say whether gravity is included, and neither does the file's name: keep phyphox's name (Accelerometer.csv, or Linear Accelerometer.csv without gravity)",
                    file: table.file, line: table.headerLine)
            }
            names = ["X", "Y", "Z"].map { "\($0) (\(unit))" }
            if platform == nil { platform = .ios }  // only the iOS app writes these headers
        } else {
            throw SignalError(
                .unknownFormat,
                "not a phyphox export: expected \"Time (s)\" and \"Acceleration x (m/s^2)\", \"Linear Acceleration x (m/s^2)\", \"Gyroscope x (rad/s)\" or \"X (m/s^2)\" columns",
                file: table.file, line: table.headerLine)
        }
        var columns: [Int] = []
        for column in names {
            guard let c = table.column(column) else {
                throw SignalError(
                    .unknownFormat, "the header has \"\(names[0])\" but no \"\(column)\"",
                    file: table.file, line: table.headerLine)
            }
            columns.append(c)
        }
        let scale = kind == .gyroscope ? 1 : -1 / (platform?.gravity ?? gravity)
        return [try SeriesBuilder.build(table, kind: kind, time: time, timeScale: 1, columns: columns, scale: scale)]
    }
}

/// Turns a table's rows into a series: skips rows with a missing value, drops a repeat of the previous
/// sample's time (the first sample at a time is kept), refuses decreasing times and a time shared by more
/// than ``largestRepeat`` rows (naming the lines).
enum SeriesBuilder {
    /// The most complete rows one time may have. A recording app writes a sample twice now and then; a longer
    /// run means the times were rounded (a spreadsheet that saved `1.20E+02` for 120.0083 s), and dropping
    /// the run's rows would read a recording that is not there.
    static let largestRepeat = 2

    static func build(
        _ table: RecordingTable, kind: SensorSeries.Kind, time: Int, timeScale: Double,
        timeOffset: Double = 0, columns: [Int], scale: Double
    ) throws(SignalError) -> SensorSeries {
        var times: [Double] = []
        var lines: [Int] = []
        var axes: [[Double]] = [[], [], []]
        var repeats = 1
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
                if seconds == last {  // a repeated sample
                    repeats += 1
                    guard repeats <= largestRepeat else {
                        throw SignalError(
                            .invalidTime,
                            "this row and the \(repeats - 1) complete rows before it (from line \(lines.last ?? 0)) all have time \(seconds) s: the times were rounded (by a spreadsheet?), so these samples cannot be placed; use the file as the app exported it",
                            file: table.file, line: row.line, column: time + 1)
                    }
                    continue
                }
                repeats = 1
                guard seconds > last else {
                    throw SignalError(
                        .invalidTime,
                        "time \(seconds) s is before the previous sample's \(last) s (line \(lines.last ?? 0)); samples must be in time order",
                        file: table.file, line: row.line, column: time + 1)
                }
            }
            times.append(seconds)
            lines.append(row.line)
            for a in 0..<3 { axes[a].append(values[a]) }
        }
        guard times.count >= 2 else {
            throw SignalError(
                .tooShort, "holds \(times.count) complete sample(s); a recording needs at least 2", file: table.file)
        }
        return SensorSeries(kind: kind, times: times, axes: axes, file: table.file, lines: lines)
    }
}
