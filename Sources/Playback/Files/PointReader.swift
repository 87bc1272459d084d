#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Signals

/// Decodes the points of a point file one at a time, in any of its formats, and checks that timestamps
/// are finite and non-decreasing.
final class PointReader {
    private let bytes: ByteReader
    private let format: PointFile.Format
    private let decoder = JSONDecoder()
    /// Reused for each line or JSON element.
    private var scratch: [UInt8] = []
    /// Index of the next point.
    private var index = 0
    private var previous = -Double.infinity
    private var started = false
    private var finished = false
    /// CSV: for each column, the motion field it fills (0 timestamp, 1–9 the nine channels).
    private var columns: [Int] = []
    private var columnNames: [String] = []
    /// CSV: one value per field of the point (timestamp + nine channels).
    private var values = [Double](repeating: 0, count: 10)

    init(_ bytes: ByteReader, format: PointFile.Format) {
        self.bytes = bytes
        self.format = format
    }

    private func error(_ code: PlaybackError.Code, _ message: String, line: Int?, index: Int? = nil,
                       field: String? = nil) -> PlaybackError {
        PlaybackError(code, message, file: bytes.name, line: line, index: index, field: field)
    }

    /// The next point, or `nil` at the end of the file.
    func next() throws(PlaybackError) -> MotionPoint? {
        guard !finished else { return nil }
        let item: (MotionPoint, Int)?
        switch format {
        case .json: item = try nextArrayElement()
        case .jsonLines: item = try nextLine()
        case .csv: item = try nextRow()
        }
        guard let (point, line) = item else {
            finished = true
            return nil
        }
        guard point.timestamp.isFinite else {
            throw error(.nonFinite, "timestamp must be a finite number of seconds, got \(point.timestamp)",
                        line: line, index: index, field: "timestamp")
        }
        guard point.timestamp >= previous else {
            throw error(.decreasingTimestamp,
                        "timestamp \(point.timestamp) s is before the previous point's \(previous) s; timestamps must not decrease",
                        line: line, index: index, field: "timestamp")
        }
        previous = point.timestamp
        index += 1
        return point
    }

    // MARK: JSON

    private func decodePoint(line: Int) throws(PlaybackError) -> MotionPoint {
        do {
            return try scratch.withUnsafeMutableBytes { raw in
                try decoder.decode(MotionPoint.self,
                                   from: Data(bytesNoCopy: raw.baseAddress!, count: raw.count, deallocator: .none))
            }
        } catch let error as PlaybackError {
            throw error.located(file: bytes.name, line: line, index: index)
        } catch let DecodingError.dataCorrupted(context) {
            throw error(.malformed, "not valid JSON: \(Self.reason(context))", line: line, index: index)
        } catch {
            throw self.error(.malformed, "not a valid point: \(error)", line: line, index: index)
        }
    }

    private static func reason(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError { return "\(context.debugDescription) (\(underlying.localizedDescription))" }
        return context.debugDescription
    }

    private func nextLine() throws(PlaybackError) -> (MotionPoint, Int)? {
        while true {
            let line = bytes.line
            guard bytes.readLine(into: &scratch) else { return nil }
            if scratch.allSatisfy(\.isJSONWhitespace) { continue }
            return (try decodePoint(line: line), line)
        }
    }

    private func nextArrayElement() throws(PlaybackError) -> (MotionPoint, Int)? {
        if !started {
            started = true
            bytes.skipWhitespace()
            guard let first = bytes.next() else {
                throw error(.malformed, "the file is empty; expected a JSON array of points", line: bytes.line)
            }
            guard first == UInt8(ascii: "[") else {
                throw error(.malformed, "expected '[': a JSON point file is an array of point objects", line: bytes.line)
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
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
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
        }
        guard let terminator else {
            throw error(.malformed, "unexpected end of file inside the array of points (missing ']')", line: bytes.line, index: index)
        }
        while let last = scratch.last, last.isJSONWhitespace { scratch.removeLast() }
        guard !scratch.isEmpty else {
            throw error(.malformed, "expected a point object before '\(Character(UnicodeScalar(terminator)))'", line: line, index: index)
        }
        let point = try decodePoint(line: line)
        if terminator == UInt8(ascii: "]") {
            finished = true
            try expectEnd()
        }
        return (point, line)
    }

    private func expectEnd() throws(PlaybackError) {
        bytes.skipWhitespace()
        if bytes.peek() != nil {
            throw error(.malformed, "unexpected text after the end of the array", line: bytes.line)
        }
    }

    // MARK: CSV

    /// The CSV columns: the short form or the full motion names.
    static let shortColumns = ["timestamp", "x", "y", "z"]
    static let fullColumns = ["timestamp", "userAcceleration.x", "userAcceleration.y", "userAcceleration.z",
                              "gravity.x", "gravity.y", "gravity.z", "rotationRate.x", "rotationRate.y", "rotationRate.z"]

    private func readHeader() throws(PlaybackError) {
        var line = bytes.line
        repeat {
            line = bytes.line
            guard bytes.readLine(into: &scratch) else {
                throw error(.malformed, "the file is empty; expected a CSV header such as 'timestamp,x,y,z'", line: line)
            }
        } while scratch.allSatisfy(\.isJSONWhitespace)
        let names = String(decoding: scratch, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var seen: Set<Int> = []
        for name in names {
            let slot: Int
            if let i = Self.fullColumns.firstIndex(of: name) {
                slot = i
            } else if name == "t" {
                slot = 0   // what `signals render` writes for the timestamp
            } else if let i = Self.shortColumns.firstIndex(of: name) {
                slot = i
            } else {
                var message = "unknown column '\(name)' in the CSV header"
                if let guess = SignalError.closestName(to: name, in: Self.fullColumns + Self.shortColumns) { message += " (did you mean '\(guess)'?)" }
                message += "; the columns are timestamp,x,y,z or timestamp and any of \(Self.fullColumns.dropFirst().joined(separator: ","))"
                throw error(.unknownField, message, line: line, field: name)
            }
            guard seen.insert(slot).inserted else {
                throw error(.duplicateField,
                            "column '\(name)' appears twice in the CSV header (x, y, z are userAcceleration.x, .y, .z; t is timestamp)",
                            line: line, field: name)
            }
            columns.append(slot)
            columnNames.append(name)
        }
        guard seen.contains(0) else {
            throw error(.missingField, "the CSV header has no 'timestamp' column", line: line, field: "timestamp")
        }
    }

    private func nextRow() throws(PlaybackError) -> (MotionPoint, Int)? {
        if !started {
            started = true
            try readHeader()
        }
        var line: Int
        repeat {
            line = bytes.line
            guard bytes.readLine(into: &scratch) else { return nil }
        } while scratch.allSatisfy(\.isJSONWhitespace)
        for i in 1 ..< values.count { values[i] = 0 }
        scratch.append(0)   // strtod needs a terminator
        let columnCount = columns.count
        var field = 0
        var failure: PlaybackError?
        scratch.withUnsafeMutableBufferPointer { buffer in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            let length = buffer.count - 1
            var start = 0
            while start <= length, failure == nil {
                var stop = start
                while stop < length, buffer[stop] != UInt8(ascii: ",") { stop += 1 }
                if field >= columnCount {
                    failure = error(.malformed, "expected \(columnCount) fields as in the header, found more", line: line, index: index)
                    return
                }
                var first = start, last = stop
                while first < last, buffer[first] == 0x20 || buffer[first] == 0x09 { first += 1 }
                while last > first, buffer[last - 1] == 0x20 || buffer[last - 1] == 0x09 { last -= 1 }
                let name = columnNames[field]
                if first == last {
                    failure = error(.malformed, "empty value in column '\(name)'", line: line, index: index, field: name)
                    return
                }
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(base + first, &end)
                if end != base + last {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[first ..< last]), as: UTF8.self)
                    failure = error(.malformed, "'\(text)' in column '\(name)' is not a number", line: line, index: index, field: name)
                    return
                }
                if !value.isFinite {
                    failure = error(.nonFinite, "column '\(name)' must be a finite number, got \(value)", line: line, index: index, field: name)
                    return
                }
                values[columns[field]] = value
                field += 1
                start = stop + 1
            }
        }
        if let failure { throw failure }
        guard field == columnCount else {
            throw error(.malformed, "expected \(columnCount) fields as in the header, found \(field)", line: line, index: index)
        }
        let v = values
        let point = MotionPoint(timestamp: v[0],
                                userAcceleration: Acceleration(x: v[1], y: v[2], z: v[3]),
                                gravity: Acceleration(x: v[4], y: v[5], z: v[6]),
                                rotationRate: RotationRate(x: v[7], y: v[8], z: v[9]))
        return (point, line)
    }
}
