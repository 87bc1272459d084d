import Foundation
import InternalUtilities
import SensorData

/// What an input holds, told in one place for every command: by the file name's extension when it
/// tells, else by the first bytes (so pipes and process substitution work too).
///
/// | extension | content | kind |
/// | --- | --- | --- |
/// | `.csv` | | ``points(_:)`` CSV (also a recording for `verify --input`) |
/// | `.jsonl`, `.ndjson` | | ``points(_:)`` JSON Lines |
/// | `.npy` | | ``npy`` |
/// | `.gpx` | | ``gpx`` |
/// | `.json` or none | `[` | ``points(_:)`` JSON array |
/// | `.json` or none | `{` whose first line is an object with `timestamp` | ``points(_:)`` JSON Lines |
/// | `.json` or none | other `{` | ``spec`` |
/// | none | `\x93NUMPY` | ``npy`` |
/// | none | `<` | ``gpx`` |
/// | none | a text line | ``points(_:)`` CSV |
package enum InputKind: Sendable, Hashable {
    /// A JSON spec (a signal, motion, or another document the spec loader knows).
    case spec
    /// Recorded points.
    case points(PointFormat)
    /// A NumPy `.npy` array (a recording for `verify`/`plot`).
    case npy
    /// A GPX track, route or waypoint file.
    case gpx

    /// Tells the kind from the name and the first bytes; `nil` when neither tells.
    /// - Parameters:
    ///   - name: The path as given (its extension is used when it is one of the known ones).
    ///   - head: The first bytes (up to 64 KiB).
    package static func detect(name: String, head: Data) -> InputKind? {
        switch (name as NSString).pathExtension.lowercased() {
        case "csv": return .points(.csv)
        case "jsonl", "ndjson": return .points(.jsonLines)
        case "npy": return .npy
        case "gpx": return .gpx
        case "json": return detectJSON(head) ?? .spec
        default: break
        }
        if NPYHeader.isNPY(head) { return .npy }
        if let json = detectJSON(head) { return json }
        guard let first = firstByte(head) else { return nil }
        if first == UInt8(ascii: "<") { return .gpx }
        // CSV: printable text whose first line has a comma, is a time column's name, or starts a number.
        let printable = head.prefix(4096).allSatisfy {
            $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 >= 0x20 && $0 != 0x7F)
        }
        guard printable else { return nil }
        var text = head.prefix(4096)[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        let line = String(
            decoding: text.drop { $0.isJSONWhitespace }.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self
        )
        .trimmingCharacters(in: .whitespaces)
        let numeric = line.first.map { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." } ?? false
        let timeName = StreamTable.isTimeColumn(line)
        return line.contains(",") || numeric || timeName ? .points(.csv) : nil
    }

    /// `[` a point array; `{` JSON Lines when the first line is an object with a `timestamp`, else a spec.
    private static func detectJSON(_ head: Data) -> InputKind? {
        switch firstByte(head) {
        case UInt8(ascii: "["): return .points(.json)
        case UInt8(ascii: "{"):
            let body = head.drop { $0 != UInt8(ascii: "{") }
            let firstLine = body.prefix { $0 != 0x0A }
            if case .object(let o)? = try? JSONValue.parse(Data(firstLine)), o["timestamp"] != nil {
                return .points(.jsonLines)
            }
            return .spec
        default: return nil
        }
    }

    /// The first byte that is not whitespace or a byte order mark.
    private static func firstByte(_ head: Data) -> UInt8? {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { !$0.isJSONWhitespace }
    }
}
