import Formats
import Foundation
import Location
import Playback
import Signals

/// The CSV of fixes `signals render` writes for a route, read strictly for
/// ``LocationSource/file(_:speed:sampleRate:)``: a header line naming the columns, then one fix per line.
///
/// ```
/// t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy
/// 0.0,51.5007,-0.1246,0.0,3.0,50.2,3.0,4.5
/// ```
///
/// - Columns are found by name: `t` or `timestamp` (seconds), `latitude` and `longitude` (degrees) are
///   required; `altitude` (m), `speed` (m/s), `course` (degrees), `horizontalAccuracy` and
///   `verticalAccuracy` (m), `speedAccuracy` (m/s) and `courseAccuracy` (degrees) are optional and default as
///   in a JSON Lines fix (0, 0, −1, 0, 0, −1, −1; `render` writes neither accuracy column). Any other
///   column is ignored (the motion columns of a motion-and-route render), unless its name is within two
///   edits of a location column (`altitdue`, `Latitude`): that is a typo, refused, not silently dropped.
/// - Every cell read is a finite decimal number (Swift's `Double` description, as `render` writes it, reads
///   back bit for bit); latitude within −90 … 90, longitude within −180 … 180; times never decrease.
///   Negative speed, course and accuracies pass through: Core Location's "unknown/invalid" markers.
/// - `render` never leaves a cell empty (an unknown course is written as `-1.0`), so an empty cell is an error.
/// - Quoted cells, a UTF-8 byte order mark, blank lines and `\r\n` line ends are read as `CSVReader` reads
///   them; a line is at most 1 MiB.
enum LocationCSV {
    /// The names of the time column.
    static let timeColumns = [StreamTable.timeColumn, MotionColumns.time]
    /// The location columns, in `signals render`'s order.
    static let locationColumns = LocationColumns.names
    /// The optional columns of a fix's velocity accuracies (m/s, degrees), read when present.
    static let accuracyColumns = LocationPoint.velocityAccuracyFields
    /// Every column read: ``locationColumns`` then ``accuracyColumns``.
    static let readColumns = locationColumns + accuracyColumns
    /// A row's values before its cells are read, by slot (`t`, then ``readColumns``): absent optional
    /// columns keep them, as a JSON Lines fix defaults them (course and the accuracies −1, the rest 0).
    static let defaults: [Double] = [0, 0, 0, 0, 0, -1, 0, 0, -1, -1]

    /// The fixes of a location CSV, every cell checked.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The name used in messages (`walk.csv`).
    /// - Returns: The fixes in file order (at least one).
    /// - Throws: `SignalError` naming the file, the line and the column:
    ///   `walk.csv:3: column 'latitude': 'abc' is not a number`.
    /// - Complexity: O(bytes).
    static func points(_ data: Data, file: String) throws(SignalError) -> [LocationPoint] {
        let csv = CSVReader(ByteReader(data: data, name: file))
        var fields: [String] = []
        func fail(_ line: Int, _ message: String, _ code: SignalError.Code = .malformed) -> SignalError {
            SignalError(code, message, file: file, line: line)
        }
        guard try csv.nextRecord(into: &fields) else {
            throw SignalError(.tooShort, "the file is empty; expected a CSV header such as '\(header)'", file: file)
        }
        let headerLine = csv.line
        let (slots, names) = try columns(fields, line: headerLine, file: file)
        var points: [LocationPoint] = []
        var values = defaults
        var texts = [String](repeating: "", count: defaults.count)
        while try csv.nextRecord(into: &fields) {
            let line = csv.line
            guard fields.count == slots.count else {
                throw fail(
                    line, "expected \(slots.count) cells as in the header (line \(headerLine)), found \(fields.count)")
            }
            values = defaults
            for (k, text) in fields.enumerated() {
                guard let slot = slots[k] else { continue }
                values[slot] = try number(text, column: names[slot], fail: { fail(line, $0, $1) })
                texts[slot] = text
            }
            let (time, latitude, longitude) = (values[0], values[1], values[2])
            guard (-90...90).contains(latitude) else {
                throw fail(
                    line, "column '\(names[1])': '\(SignalError.quoted(texts[1]))' is not within -90 ... 90 degrees",
                    .outOfRange)
            }
            guard (-180...180).contains(longitude) else {
                throw fail(
                    line, "column '\(names[2])': '\(SignalError.quoted(texts[2]))' is not within -180 ... 180 degrees",
                    .outOfRange)
            }
            if let previous = points.last, time < previous.timestamp {
                throw fail(
                    line,
                    "column '\(names[0])': time \(time) s is before the previous row's, \(previous.timestamp) s; times must not decrease",
                    .invalidTime)
            }
            points.append(
                LocationPoint(
                    timestamp: time, latitude: latitude, longitude: longitude, altitude: values[3],
                    horizontalAccuracy: values[6], verticalAccuracy: values[7],
                    speed: values[4], course: values[5], speedAccuracy: values[8], courseAccuracy: values[9]))
        }
        guard !points.isEmpty else {
            throw SignalError(.tooShort, "the CSV has a header (line \(headerLine)) but no rows of fixes", file: file)
        }
        return points
    }

    /// The header `signals render` writes for a route.
    static var header: String { ([StreamTable.timeColumn] + locationColumns).joined(separator: ",") }

    /// For each header cell its value slot (0 time, 1 latitude, 2 longitude, 3 altitude, 4 speed, 5 course,
    /// 6 horizontal and 7 vertical accuracy, 8 speed and 9 course accuracy) or `nil` for a column ignored; and for each slot the column's
    /// name as the header spells it, quoted for messages.
    private static func columns(
        _ fields: [String], line: Int, file: String
    ) throws(SignalError) -> (slots: [Int?], names: [String]) {
        func fail(_ message: String, _ code: SignalError.Code = .missingField) -> SignalError {
            SignalError(code, message, file: file, line: line)
        }
        var slots: [Int?] = []
        var names = [String?](repeating: nil, count: defaults.count)
        for name in fields {
            let quoted = SignalError.quoted(name, limit: 60)
            let slot: Int?
            if timeColumns.contains(name) {
                slot = 0
            } else if let i = readColumns.firstIndex(of: name) {
                slot = i + 1
            } else if name.utf8.count <= 24, let guess = SignalError.closestName(to: name, in: readColumns) {
                throw fail(
                    "unknown column '\(quoted)' in the CSV header (did you mean '\(guess)'?); the location columns are \(header)",
                    .unknownField)
            } else {
                slot = nil
            }
            if let slot {
                if let other = names[slot] {
                    throw fail(
                        "column '\(quoted)' appears twice in the CSV header"
                            + (other == quoted ? "" : " (as '\(other)': t and timestamp are the same column)"),
                        .duplicateField)
                }
                names[slot] = quoted
            }
            slots.append(slot)
        }
        guard names[0] != nil else {
            throw fail(
                "the CSV header has no time column ('t' or 'timestamp'); a location CSV has the header \(header)")
        }
        for (slot, name) in [(1, "latitude"), (2, "longitude")] where names[slot] == nil {
            throw fail(
                "the CSV header has no '\(name)' column; a location CSV has the header \(header) (time, latitude and longitude required)"
            )
        }
        return (slots, zip(names, [StreamTable.timeColumn] + readColumns).map { $0 ?? $1 })
    }

    /// A cell's value: a finite decimal number.
    private static func number(
        _ text: String, column: String,
        fail: (String, SignalError.Code) -> SignalError
    ) throws(SignalError) -> Double {
        guard !text.isEmpty else {
            throw fail("column '\(column)': the cell is empty; expected a number", .missingField)
        }
        let quoted = SignalError.quoted(text, limit: 100)
        guard let value = CSVReader.number(text) else {
            if ["nan", "-nan", "+nan", "inf", "-inf", "+inf", "infinity", "-infinity", "+infinity"].contains(
                text.lowercased())
            {
                throw fail("column '\(column)': '\(quoted)' is not a finite number", .nonFinite)
            }
            throw fail("column '\(column)': '\(quoted)' is not a number", .malformed)
        }
        guard value.isFinite else {
            throw fail("column '\(column)': '\(quoted)' is beyond the range of a Double (not finite)", .nonFinite)
        }
        return value
    }
}
