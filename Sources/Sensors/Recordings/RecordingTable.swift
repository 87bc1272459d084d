import Formats
import Foundation
import Signals

/// A CSV file read with the package's CSV reader: its header and its rows as numbers, with the line of
/// each row, for the recording importers. Errors name the file, the line and the column.
///
/// The separator is told from the header line: `,` unless the header has none and has `;` or tabs (the
/// other phyphox exports: "CSV (Semicolon, …)", "CSV (Tabulator, …)"). With `;` or tabs a number may
/// have a decimal comma (`4,826846900E-2`, phyphox's "decimal comma" exports).
struct RecordingTable {
    /// The file's name, for messages.
    let file: String
    /// Column names as written (quotes removed).
    let header: [String]
    /// 1-based line of the header.
    let headerLine: Int
    /// Rows: the line and the raw fields.
    var rows: [(line: Int, fields: [String])]
    /// Whether numbers may have a decimal comma (the separator is `;` or a tab).
    var decimalComma = false

    /// Reads a whole CSV file, every row kept.
    /// - Throws: `SignalError` (`unreadable`, `malformed`, `unknownFormat`).
    static func read(_ input: NamedInput) throws(SignalError) -> RecordingTable {
        var rows: [(line: Int, fields: [String])] = []
        var table = try scan(input) { _, row throws(SignalError) in rows.append(row) }
        table.rows = rows
        return table
    }

    /// Reads a CSV file's header, then hands each row to `body` as it is read, keeping none: memory stays
    /// that of one row whatever the file's size.
    /// - Parameters:
    ///   - input: The file.
    ///   - body: Called with the table (its header; no rows) and each row in order; what it throws
    ///     stops the scan and is thrown as it is.
    /// - Returns: The table, without rows.
    /// - Throws: `SignalError` (`unreadable`, `malformed`), or `body`'s error.
    static func scan(
        _ input: NamedInput,
        _ body: (RecordingTable, (line: Int, fields: [String])) throws(SignalError) -> Void
    ) throws(SignalError) -> RecordingTable {
        var head = input.head[...]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        let firstLine = head.prefix { $0 != 0x0A && $0 != 0x0D }
        var separator = UInt8(ascii: ",")
        if !firstLine.contains(separator) {
            if firstLine.contains(UInt8(ascii: ";")) {
                separator = UInt8(ascii: ";")
            } else if firstLine.contains(0x09) {
                separator = 0x09
            }
        }
        let reader: CSVReader
        do {
            reader = CSVReader(try input.byteReader(), separator: separator)
        } catch {
            throw SignalError(.unreadable, error.message, file: input.name)
        }
        var fields: [String] = []
        /// The reader's next record; its errors located in the file.
        func next() throws(SignalError) -> Bool {
            do {
                return try reader.nextRecord(into: &fields)
            } catch {
                throw SignalError(.malformed, error.message, file: input.name, line: error.line)
            }
        }
        guard try next() else {
            throw SignalError(.malformed, "the file is empty; expected a CSV header", file: input.name, line: 1)
        }
        let table = RecordingTable(
            file: input.name, header: fields, headerLine: reader.line, rows: [],
            decimalComma: separator != UInt8(ascii: ","))
        while try next() {
            try body(table, (reader.line, fields))
        }
        return table
    }

    /// The index of the first column whose name matches (case-insensitively, spaces trimmed).
    func column(_ names: String...) -> Int? { column(names) }

    /// The index of the first column whose name is one of `names` (case-insensitively, spaces trimmed).
    func column(_ names: [String]) -> Int? {
        header.firstIndex { h in
            names.contains { $0.lowercased() == h.trimmingCharacters(in: .whitespaces).lowercased() }
        }
    }

    /// A finite number within ±10¹⁰ from a row, or `nil` for an empty field or `NaN` (a missing sample, as
    /// phyphox writes them). With ``decimalComma``, `4,8E-2` reads as `4.8E-2`.
    /// - Throws: `SignalError` naming the file, line and column for anything else that is not a number,
    ///   or a number beyond ±10¹⁰.
    func number(_ row: (line: Int, fields: [String]), _ column: Int) throws(SignalError) -> Double? {
        guard row.fields.count == header.count else {
            throw SignalError(
                .malformed, "expected \(header.count) fields as in the header, found \(row.fields.count)",
                file: file, line: row.line, column: min(row.fields.count, header.count) + 1)
        }
        var text = row.fields[column]
        if text.isEmpty || text.lowercased() == "nan" { return nil }
        if decimalComma, !text.contains("."), text.utf8.lazy.filter({ $0 == UInt8(ascii: ",") }).count == 1 {
            text = text.replacingOccurrences(of: ",", with: ".")
        }
        guard let value = CSVReader.number(text), value.isFinite else {
            let name = header[column]
            let what =
                !decimalComma && text.contains(",")
                ? " (a decimal comma? phyphox's decimal-comma exports separate fields with ';' or tabs)" : ""
            throw SignalError(
                .malformed, "\"\(String(text.prefix(60)))\" in column \"\(name)\" is not a finite number\(what)",
                file: file, line: row.line, column: column + 1)
        }
        guard abs(value) <= RecordingTable.largestValue else {
            throw SignalError(
                .outOfRange,
                "\(String(text.prefix(60))) in column \"\(header[column])\" is beyond ±1e10; no phone recording holds such a time (s) or sample (m/s², rad/s)",
                file: file, line: row.line, column: column + 1)
        }
        return value
    }

    /// The largest magnitude a recorded number may have: 10¹⁰ (317 years in seconds, so Unix times pass; far beyond any
    /// accelerometer or gyroscope reading in m/s² or rad/s).
    static let largestValue = 1e10
}
