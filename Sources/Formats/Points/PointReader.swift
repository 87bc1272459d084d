import Foundation
import InternalUtilities
import SensorData

/// Decodes the points of a point file one at a time, in any of its formats, and checks that timestamps
/// are finite and non-decreasing.
package final class PointReader {
    private let bytes: ByteReader
    private let format: PointFormat
    /// Reused for each line or JSON element.
    private var scratch: [UInt8] = []
    /// Index of the next point.
    package private(set) var index = 0
    private var previous = -Double.infinity
    private var started = false
    private var finished = false
    /// CSV: the reader, and for each column the motion field it fills (0 timestamp, 1–9 the nine channels).
    private var csv: CSVReader?
    private var columns: [Int] = []
    private var columnNames: [String] = []
    private var fields: [String] = []
    /// CSV: one value per field of the point (timestamp + nine channels + the attitude quaternion).
    private var values = [Double](repeating: 0, count: 14)
    /// CSV: whether the header has the attitude columns.
    private var hasAttitude = false

    package init(_ bytes: ByteReader, format: PointFormat) {
        self.bytes = bytes
        self.format = format
        if format == .csv { csv = CSVReader(bytes) } else { bytes.skipByteOrderMark() }
    }

    private func error(
        _ code: SignalError.Code, _ message: String, line: Int?, index: Int? = nil,
        field: String? = nil
    ) -> SignalError {
        SignalError(code, message, file: bytes.name, line: line, index: index, field: field)
    }

    /// The next point, or `nil` at the end of the file.
    package func next() throws(SignalError) -> MotionPoint? {
        guard !finished else { return nil }
        let item: (MotionPoint, Int)?
        switch format {
        case .json: item = try nextArrayElement()
        case .jsonLines: item = try nextLine()
        case .csv: item = try nextRow()
        }
        guard let (point, line) = item else {
            finished = true
            try bytes.checkReadError()
            return nil
        }
        guard point.timestamp >= previous else {
            throw error(
                .invalidTime,
                "timestamp \(point.timestamp) s is before the previous point's \(previous) s; timestamps must not decrease",
                line: line, index: index, field: "timestamp")
        }
        previous = point.timestamp
        index += 1
        return point
    }

    // MARK: JSON

    private func decodePoint(line: Int) throws(SignalError) -> MotionPoint {
        do {
            let value = try JSONValue.parse(Data(scratch))
            return try PointLineCodec.readMotion(value, path: "$")
        } catch {
            throw Self.inFile(error, file: bytes.name, line: line, index: index)
        }
    }

    /// A point's own error located in the file, said as a CSV column would be: the JSON path inside the
    /// point becomes the field (`$.gravity.z` → `gravity.z`), and a syntax error's line counts from the
    /// point's first line with its column leading the message.
    static func inFile(_ error: SignalError, file: String?, line: Int, index: Int) -> SignalError {
        var located = error
        if let path = error.path {
            located.path = nil
            if path != "$" { located.field = path.hasPrefix("$.") ? String(path.dropFirst(2)) : path }
        }
        if let column = error.column {
            located.column = nil
            located.message = "column \(column): \(error.message)"
        }
        located.line = line + (error.line ?? 1) - 1
        return located.located(file: file, index: index)
    }

    private func nextLine() throws(SignalError) -> (MotionPoint, Int)? {
        while true {
            let line = bytes.line
            guard try bytes.readLine(into: &scratch) else { return nil }
            if scratch.allSatisfy(\.isJSONWhitespace) { continue }
            return (try decodePoint(line: line), line)
        }
    }

    private func nextArrayElement() throws(SignalError) -> (MotionPoint, Int)? {
        if !started {
            started = true
            bytes.skipWhitespace()
            guard let first = bytes.next() else {
                throw error(.malformed, "the file is empty; expected a JSON array of points", line: bytes.line)
            }
            guard first == UInt8(ascii: "[") else {
                throw error(
                    .malformed, "expected '[': a JSON point file is an array of point objects", line: bytes.line)
            }
            bytes.skipWhitespace()
            if bytes.peek() == UInt8(ascii: "]") {
                _ = bytes.next()
                try expectEnd()
                return nil
            }
        }
        bytes.skipWhitespace()
        let line = bytes.line
        // Collect one element up to the ',' or ']' that ends it (outside strings, at depth 0).
        scratch.removeAll(keepingCapacity: true)
        var depth = 0
        var inString = false
        var escaped = false
        var terminator: UInt8?
        while let byte = bytes.next() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if depth == 0 && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")) {
                    terminator = byte
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                }
            }
            if terminator != nil { break }
            scratch.append(byte)
            if scratch.count > bytes.lineLimit {
                throw error(
                    .malformed, "point \(index) is longer than \(bytes.lineLimit) bytes", line: line, index: index)
            }
        }
        guard let terminator else {
            try bytes.checkReadError()
            throw error(
                .malformed, "unexpected end of file inside the array of points (missing ']')", line: bytes.line,
                index: index)
        }
        while let last = scratch.last, last.isJSONWhitespace { scratch.removeLast() }
        guard !scratch.isEmpty else {
            let what = terminator == UInt8(ascii: "]") ? "a trailing comma before ']'" : "an empty element before ','"
            throw error(.malformed, "not valid JSON: \(what)", line: line, index: index)
        }
        let point = try decodePoint(line: line)
        if terminator == UInt8(ascii: "]") {
            finished = true
            try expectEnd()
        }
        return (point, line)
    }

    private func expectEnd() throws(SignalError) {
        bytes.skipWhitespace()
        if bytes.peek() != nil {
            throw error(.malformed, "unexpected text after the end of the array", line: bytes.line)
        }
    }

    // MARK: CSV

    /// The CSV columns: the short form or the full motion names.
    static let shortColumns = [MotionColumns.time] + MotionColumns.short
    static let fullColumns = [MotionColumns.time] + MotionColumns.names(attitude: true)

    private func readHeader(_ csv: CSVReader) throws(SignalError) {
        guard try csv.nextRecord(into: &fields) else {
            throw error(
                .malformed, "the file is empty; expected a CSV header such as 'timestamp,x,y,z'", line: csv.line)
        }
        let line = csv.line
        var seen: Set<Int> = []
        for name in fields {
            let slot: Int
            if let i = Self.fullColumns.firstIndex(of: name) {
                slot = i
            } else if name == "t" {
                slot = 0  // what `signals render` writes for the timestamp
            } else if let i = Self.shortColumns.firstIndex(of: name) {
                slot = i
            } else {
                var message = "unknown column '\(SignalError.quoted(name, limit: 60))' in the CSV header"
                if let guess = SignalError.closestName(to: name, in: Self.fullColumns + Self.shortColumns) {
                    message += " (did you mean '\(guess)'?)"
                }
                message +=
                    "; the columns are timestamp,x,y,z or timestamp and any of \(Self.fullColumns.dropFirst().joined(separator: ","))"
                throw error(.unknownField, message, line: line, field: SignalError.quoted(name, limit: 60))
            }
            guard seen.insert(slot).inserted else {
                throw error(
                    .duplicateField,
                    "column '\(name)' appears twice in the CSV header (x, y, z are userAcceleration.x, .y, .z; t is timestamp)",
                    line: line, field: name)
            }
            columns.append(slot)
            columnNames.append(name)
        }
        guard seen.contains(0) else {
            throw error(.missingField, "the CSV header has no 'timestamp' column", line: line, field: "timestamp")
        }
        let attitude = (10...13).filter(seen.contains)
        if !attitude.isEmpty && attitude.count != 4 {
            let missing = (10...13).filter { !seen.contains($0) }.map { Self.fullColumns[$0] }
            throw error(
                .missingField,
                "the attitude needs all four quaternion columns; missing \(missing.joined(separator: ", "))",
                line: line, field: missing.first)
        }
        hasAttitude = attitude.count == 4
    }

    private func nextRow() throws(SignalError) -> (MotionPoint, Int)? {
        guard let csv else { return nil }
        if !started {
            started = true
            try readHeader(csv)
        }
        guard try csv.nextRecord(into: &fields) else { return nil }
        let line = csv.line
        guard fields.count == columns.count else {
            throw error(
                .malformed, "expected \(columns.count) fields as in the header, found \(fields.count)", line: line,
                index: index)
        }
        for i in 1..<values.count { values[i] = 0 }
        for (k, text) in fields.enumerated() {
            values[columns[k]] = try csv.finiteNumber(text, column: columnNames[k], index: index)
        }
        let v = values
        let point = MotionPoint(
            timestamp: v[0],
            userAcceleration: Acceleration(x: v[1], y: v[2], z: v[3]),
            gravity: Acceleration(x: v[4], y: v[5], z: v[6]),
            rotationRate: RotationRate(x: v[7], y: v[8], z: v[9]),
            attitude: hasAttitude ? Quaternion(w: v[10], x: v[11], y: v[12], z: v[13]) : nil)
        return (point, line)
    }
}

/// Writes a point file of motion points in any ``PointFormat``, the files ``PointReader`` reads: CSV with
/// the ``MotionColumns`` header (`timestamp` and the nine motion columns, Double digits), JSON Lines (one
/// point line per point, ``PointLineCodec``), or a JSON array of the same objects. `signals import` writes
/// through it; ``PointReader`` reads every point back bit for bit.
package struct PointFileWriter {
    /// The file's format.
    package let format: PointFormat
    /// Points written so far.
    private(set) var count = 0

    /// A writer at the start of a file.
    package init(format: PointFormat) { self.format = format }

    /// What opens the file: the CSV header or the JSON array's bracket (nothing for JSON Lines).
    package func header() -> String {
        switch format {
        case .csv: ([MotionColumns.time] + MotionColumns.names(attitude: false)).joined(separator: ",") + "\n"
        case .json: "[\n"
        case .jsonLines: ""
        }
    }

    /// The text of the next point.
    /// - Throws: `SignalError` (`nonFinite`) naming a value that is not finite.
    package mutating func write(_ p: MotionPoint) throws(SignalError) -> String {
        count += 1
        switch format {
        case .csv:
            try PointLineCodec.checkFinite(p)
            let a = p.userAcceleration
            let g = p.gravity
            let r = p.rotationRate
            return "\(p.timestamp),\(a.x),\(a.y),\(a.z),\(g.x),\(g.y),\(g.z),\(r.x),\(r.y),\(r.z)\n"
        case .jsonLines: return try PointLineCodec.write(p, precision: .double) + "\n"
        case .json: return (count > 1 ? ",\n" : "") + (try PointLineCodec.write(p, precision: .double))
        }
    }

    /// What closes the file: the JSON array's bracket (nothing for CSV and JSON Lines).
    package func trailer() -> String { format == .json ? (count > 0 ? "\n]\n" : "]\n") : "" }
}
