import Foundation
import Playback
import Signals
import FileReaders

/// A CSV file read with the package's CSV reader: its header and its rows as numbers, with the line of
/// each row, for the recording importers. Errors name the file, the line and the column.
struct RecordingTable {
    /// The file's name, for messages.
    let file: String
    /// Column names as written (quotes removed).
    let header: [String]
    /// 1-based line of the header.
    let headerLine: Int
    /// Rows: the line and the raw fields.
    var rows: [(line: Int, fields: [String])]

    /// Reads a whole CSV file (at most `limit` bytes).
    /// - Throws: `SignalError` (`unreadable`, `malformed`, `unknownFormat`).
    static func read(_ input: InputSource, limit: Int = 1 << 30) throws(SignalError) -> RecordingTable {
        // A phyphox export with another separator: say so before the CSV reader trips on it.
        let firstLine = String(decoding: input.head.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        if !firstLine.contains(","), firstLine.contains(";") || firstLine.contains("\t") {
            throw SignalError(.unknownFormat, "the header is separated by ';' or tabs: export the recording as comma-separated values (phyphox: \"CSV (Comma, decimal point)\")",
                              file: input.name, line: 1)
        }
        let reader: CSVReader
        do {
            reader = CSVReader(try input.byteReader())
        } catch {
            throw SignalError(.unreadable, error.message, file: input.name)
        }
        var fields: [String] = []
        var header: [String] = []
        var headerLine = 0
        var rows: [(Int, [String])] = []
        var empty = false
        do {
            if try reader.nextRecord(into: &fields) {
                header = fields
                headerLine = reader.line
                while try reader.nextRecord(into: &fields) {
                    rows.append((reader.line, fields))
                }
            } else {
                empty = true
            }
        } catch {
            throw SignalError(.malformed, error.message, file: input.name, line: error.line)
        }
        guard !empty else { throw SignalError(.malformed, "the file is empty; expected a CSV header", file: input.name, line: 1) }
        if header.count == 1, let only = header.first, only.contains(";") || only.contains("\t") {
            throw SignalError(.unknownFormat, "the header has one column holding ';' or tabs: export the recording as comma-separated values (phyphox: \"CSV (Comma, decimal point)\")",
                              file: input.name, line: headerLine)
        }
        return RecordingTable(file: input.name, header: header, headerLine: headerLine, rows: rows)
    }

    /// The index of the first column whose name matches (case-insensitively, spaces trimmed).
    func column(_ names: String...) -> Int? {
        header.firstIndex { h in names.contains { $0.lowercased() == h.trimmingCharacters(in: .whitespaces).lowercased() } }
    }

    /// A finite number within ±10¹⁰ from a row, or `nil` for an empty field or `NaN` (a missing sample, as
    /// phyphox writes them).
    /// - Throws: `SignalError` naming the file, line and column for anything else that is not a number,
    ///   or a number beyond ±10¹⁰.
    func number(_ row: (line: Int, fields: [String]), _ column: Int) throws(SignalError) -> Double? {
        guard row.fields.count == header.count else {
            throw SignalError(.malformed, "expected \(header.count) fields as in the header, found \(row.fields.count)",
                              file: file, line: row.line, column: min(row.fields.count, header.count) + 1)
        }
        let text = row.fields[column]
        if text.isEmpty || text.lowercased() == "nan" { return nil }
        guard let value = CSVReader.number(text), value.isFinite else {
            let name = header[column]
            let what = text.contains(",") || (text.contains(".") == false && text.contains(";")) ? " (a decimal comma? export with a decimal point)" : ""
            throw SignalError(.malformed, "\"\(String(text.prefix(60)))\" in column \"\(name)\" is not a finite number\(what)",
                              file: file, line: row.line, column: column + 1)
        }
        guard abs(value) <= RecordingTable.largestValue else {
            throw SignalError(.outOfRange, "\(String(text.prefix(60))) in column \"\(header[column])\" is beyond ±1e10; no phone recording holds such a time (s) or sample (m/s², rad/s)",
                              file: file, line: row.line, column: column + 1)
        }
        return value
    }

    /// The largest magnitude a recorded number may have: 10¹⁰ (317 years in seconds, so Unix times pass; far beyond any
    /// accelerometer or gyroscope reading in m/s² or rad/s).
    static let largestValue = 1e10
}
