import Foundation
import InternalUtilities
import SensorData

// swift-corelibs-foundation keeps XMLParser in FoundationXML; Apple's Foundation has it.
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One point of a GPX file: `<trkpt>`, `<rtept>` or `<wpt>`.
package struct GPXPoint: Sendable, Hashable {
    /// Degrees, −90 … 90.
    package var latitude: Double
    /// Degrees, −180 … 180.
    package var longitude: Double
    /// `<ele>`, metres, or `nil` when the point has none.
    package var elevation: Double?
    /// `<time>`, seconds since 1970 (UTC), or `nil` when the point has none.
    package var time: Double?
    /// 1-based line of the point's start tag (0 for a point to write).
    package var line: Int

    /// A point.
    package init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Double? = nil, line: Int = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
        self.line = line
    }
}

/// Reads GPX 1.0/1.1 with Foundation's `XMLParser`: the points of the tracks (`<trk><trkseg><trkpt>`), or
/// when there are none of the routes (`<rte><rtept>`), or else the waypoints (`<wpt>`, as Xcode's location
/// files have them), each with its `<ele>` and `<time>`. Everything else in the file is skipped.
final class GPXReader: NSObject, XMLParserDelegate {
    private var stack: [String] = []
    private var tracks: [GPXPoint] = [], routes: [GPXPoint] = [], waypoints: [GPXPoint] = []
    private var current: GPXPoint?
    private var text = ""
    private(set) var failure: SignalError?
    private(set) var sawRoot = false
    private weak var parser: XMLParser?
    /// The file's bytes, to name the entity on an error's line.
    private var data = Data()
    /// The `<ele>` values accepted, metres.
    private let altitude: ClosedRange<Double>

    private init(altitude: ClosedRange<Double>) { self.altitude = altitude }

    /// The points the file moves through, in order.
    ///
    /// The bytes are fed to the parser in chunks (a stream over `data`): libxml2, under Linux's
    /// `XMLParser`, refuses one chunk over 10,000,000 bytes ("huge input lookup", error 1), which a whole
    /// GPX file over about 10 MB would be. A file that declares entities (`<!ENTITY`) is refused before
    /// parsing: GPX needs none, and they can expand without bound ("billion laughs") or name other files.
    /// - Throws: `SignalError` naming the line: malformed XML (`malformed`, in words), entities
    ///   (`malformed`), a point without `lat`/`lon` or with values out of range, an unreadable `<ele>` or
    ///   `<time>` (`malformed`, `outOfRange`; an empty `<ele/>` is no altitude, not an error), a file that is not GPX or holds no points (`unreadable`).
    /// - Parameter altitude: The `<ele>` values accepted, metres (a route's limits).
    static func points(_ data: Data, altitude: ClosedRange<Double>) throws(SignalError) -> [GPXPoint] {
        if let (name, line) = GPXReader.entityDeclaration(in: data) {
            throw SignalError(
                .malformed,
                "XML error: the file declares the entity '\(SignalError.quoted(name, limit: 40))'; GPX needs no entities, and they can expand without bound or read other files, so they are refused",
                line: line)
        }
        let reader = GPXReader(altitude: altitude)
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        reader.parser = parser
        reader.data = data
        let ok = parser.parse()
        if let failure = reader.failure { throw failure }
        // Linux's XMLParser recovers from some errors and still returns true: check the error too.
        if !ok || parser.parserError != nil {
            let line = max(1, parser.lineNumber)
            throw SignalError(.malformed, GPXReader.describe(parser.parserError, line: line, in: data), line: line)
        }
        guard reader.sawRoot else {
            throw SignalError(
                .unreadable, "not a GPX file: there is no <gpx> element (the file is empty or not XML)", line: 1)
        }
        let points = !reader.tracks.isEmpty ? reader.tracks : !reader.routes.isEmpty ? reader.routes : reader.waypoints
        guard !points.isEmpty else {
            throw SignalError(.unreadable, "the GPX file has no points: no <trkpt>, <rtept> or <wpt> with lat and lon")
        }
        return points
    }

    /// The first `<!ENTITY` declaration before the root element: its name and 1-based line.
    static func entityDeclaration(in data: Data) -> (name: String, line: Int)? {
        let marker = Array("<!ENTITY".utf8)
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (String, Int)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var line = 1
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x0A { line += 1 }
                if b == UInt8(ascii: "<"), i + 1 < bytes.count {
                    let next = bytes[i + 1]
                    // The root element's start tag ends the prolog, where declarations live.
                    if next != UInt8(ascii: "!") && next != UInt8(ascii: "?") { return nil }
                    if i + marker.count <= bytes.count, bytes[i..<i + marker.count].elementsEqual(marker) {
                        var j = i + marker.count
                        while j < bytes.count,
                            bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D
                                || bytes[j] == UInt8(ascii: "%")
                        { j += 1 }
                        var k = j
                        while k < bytes.count, k - j < 100,
                            !(bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D
                                || bytes[k] == UInt8(ascii: ">"))
                        { k += 1 }
                        return (String(decoding: bytes[j..<k], as: UTF8.self), line)
                    }
                }
                i += 1
            }
            return nil
        }
    }

    private func fail(_ error: SignalError) {
        guard failure == nil else { return }
        failure = error
        parser?.abortParsing()
    }

    private var line: Int { max(1, parser?.lineNumber ?? 1) }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if stack.isEmpty, local != "gpx" {
            return fail(
                SignalError(.unreadable, "not a GPX file: the root element is <\(local)>, not <gpx>", line: line))
        }
        sawRoot = true
        let parent = stack.last
        stack.append(local)
        text = ""
        let isPoint =
            (local == "trkpt" && parent == "trkseg") || (local == "rtept" && parent == "rte")
            || (local == "wpt" && parent == "gpx")
        guard isPoint else { return }
        func coordinate(_ key: String, _ limit: Double) -> Double? {
            guard let raw = attributes[key] else {
                fail(SignalError(.missingField, "<\(local)> has no '\(key)' attribute", line: line))
                return nil
            }
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            guard let v = Double(trimmed), v.isFinite,
                !trimmed.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
            else {
                fail(
                    SignalError(
                        .malformed, "<\(local)> \(key)=\"\(SignalError.quoted(raw, limit: 60))\" is not a number",
                        line: line))
                return nil
            }
            guard abs(v) <= limit else {
                fail(
                    SignalError(
                        .outOfRange,
                        "<\(local)> \(key)=\"\(SignalError.quoted(raw, limit: 60))\" is outside −\(Int(limit)) … \(Int(limit)) degrees",
                        line: line))
                return nil
            }
            return v
        }
        guard let lat = coordinate("lat", 90), let lon = coordinate("lon", 180) else { return }
        current = GPXPoint(latitude: lat, longitude: lon, line: line)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        fail(SignalError(.malformed, GPXReader.describe(parseError, line: line, in: data), line: line))
    }

    /// libxml2's error numbers (Foundation's `XMLParser.ErrorCode` uses the same) in words; Linux's
    /// errors carry no description.
    static let reasons: [Int: String] = [
        1: "the parser gave up (an internal limit)", 2: "out of memory", 3: "the document does not start like XML",
        4: "the document is empty", 5: "the document ends before its elements are closed",
        6: "an invalid hexadecimal character reference", 7: "an invalid decimal character reference",
        8: "an invalid character reference", 9: "an invalid character",
        10: "a character reference at the end of the file",
        11: "a character reference before the root element", 12: "a character reference after the root element",
        14: "an entity reference at the end of the file", 15: "an entity reference before the root element",
        16: "an entity reference after the root element", 22: "'&' without an entity name (write &amp;)",
        23: "an entity reference without its ';'", 26: "an undeclared entity", 27: "an undeclared entity",
        28: "an unparsed entity used in text", 29: "an external entity (it is never loaded)",
        31: "an unknown encoding", 32: "an unsupported encoding", 33: "a string without its opening quote",
        34: "a string without its closing quote", 35: "a bad namespace declaration",
        36: "an entity value without its opening quote", 37: "an entity value without its closing quote",
        38: "'<' inside an attribute value", 39: "an attribute without a value",
        40: "an attribute value without its closing quote",
        41: "an attribute without a value", 42: "the same attribute twice", 43: "a literal without its opening quote",
        44: "a literal without its closing quote", 45: "a comment that is not closed (-->)",
        46: "a processing instruction without a name", 47: "a processing instruction that is not closed (?>)",
        57: "an XML declaration that is not closed (?>)", 61: "a DOCTYPE that is not closed",
        62: "']]>' outside a CDATA section",
        63: "a CDATA section that is not closed", 64: "a reserved name starting with 'xml'",
        65: "a space is needed here",
        68: "a name is needed here", 73: "'>' expected", 74: "'</' expected",
        75: "'=' expected after an attribute name",
        76: "an end tag that does not match the open element", 77: "an unfinished tag",
        80: "'--' inside a comment", 81: "bytes that are not valid in the file's encoding",
        85: "elements that are not well balanced",
        86: "text after the end of the document", 89: "refers to itself or expands too much",
        96: "an XML declaration without a version",
        104: "an entity that cannot be processed", 108: "an unknown XML version", 110: "a name that is too long",
        111: "parsing was stopped", 512: "parsing was stopped",
    ]

    /// A readable reason for an `XMLParser` error, with the entity it is about (from the error's line):
    /// `malformed XML: an end tag that does not match the open element`,
    /// `XML error: entity 'lol9' refers to itself or expands too much`; never a bare number.
    static func describe(_ error: (any Error)?, line: Int = 0, in data: Data = Data()) -> String {
        guard let error else { return "malformed XML: an unknown problem" }
        let code = (error as NSError).code
        let reason = reasons[code] ?? "a problem this reader has no words for (libxml2 code \(code))"
        switch code {
        case 89, 104:
            let name = entityReference(onLine: line, in: data).map { "entity '\($0)'" } ?? "an entity"
            return code == 89 ? "XML error: \(name) \(reason)" : "XML error: \(name) cannot be processed"
        case 26, 27, 28, 29:
            let name = entityReference(onLine: line, in: data).map { " '\($0)'" } ?? ""
            return "XML error: \(reason)\(name)"
        case 1:
            return "XML error: \(reason)"
        case 4 where data.contains(where: { !$0.isXMLSpace }):
            // libxml2 reports a document that does not start with '<' as empty.
            return "not XML: a GPX file starts with '<' (<?xml …?> or <gpx>), and this one does not (is it a GPX file?)"
        default:
            return "malformed XML: \(reason)"
        }
    }

    /// The first `&name;` on a 1-based line of `data` (a character reference `&#…;` is skipped).
    static func entityReference(onLine line: Int, in data: Data) -> String? {
        guard line >= 1, !data.isEmpty else { return nil }
        var current = 1
        var start = data.startIndex
        if line > 1 {
            for i in data.indices where data[i] == 0x0A {
                current += 1
                if current == line {
                    start = i + 1
                    break
                }
            }
            guard current == line else { return nil }
        }
        let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
        let text = String(decoding: data[start..<end], as: UTF8.self)
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.firstIndex(of: ";") else { return nil }
            let name = after[..<semicolon]
            if !name.isEmpty, !name.hasPrefix("#"), name.count <= 60, !name.contains(where: \.isWhitespace) {
                return String(name)
            }
            rest = after
        }
        return nil
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let local = stack.popLast() ?? name
        guard current != nil else { return }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch local {
        case "ele" where stack.last == "trkpt" || stack.last == "rtept" || stack.last == "wpt":
            // An empty `<ele/>` (as Ride with GPS and Wahoo write) says nothing: the point has no altitude.
            if value.isEmpty { break }
            guard let e = Double(value), e.isFinite else {
                return fail(
                    SignalError(
                        .malformed, "<ele>\(SignalError.quoted(value, limit: 60))</ele> is not a number of metres",
                        line: line))
            }
            guard altitude.contains(e) else {
                return fail(
                    SignalError(
                        .outOfRange,
                        "<ele>\(value)</ele> is outside \(altitude.lowerBound) … \(altitude.upperBound) m",
                        line: line))
            }
            current?.elevation = e
        case "time" where stack.last == "trkpt" || stack.last == "rtept" || stack.last == "wpt":
            guard let t = ISO8601.parse(value) else {
                return fail(
                    SignalError(
                        .malformed,
                        "<time>\(SignalError.quoted(value, limit: 60))</time> is not an ISO 8601 date and time such as 2024-05-01T09:30:00Z",
                        line: line))
            }
            current?.time = t
        case "trkpt", "rtept", "wpt":
            guard let point = current else { return }
            switch local {
            case "trkpt": tracks.append(point)
            case "rtept": routes.append(point)
            default: waypoints.append(point)
            }
            current = nil
        default:
            break
        }
        text = ""
    }
}

extension UInt8 {
    /// XML's white space: space, tab, line feed, carriage return (and a byte order mark's bytes, which
    /// libxml2 skips too).
    fileprivate var isXMLSpace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D || self == 0xEF || self == 0xBB || self == 0xBF
    }
}

/// GPX 1.0/1.1, the one reader and writer of the format: ``read(_:altitude:)`` reads what
/// ``GPXReader`` describes; ``waypoints(_:)`` writes GPX 1.1 as Xcode's simulator plays it, a `<wpt>` list
/// with `<ele>` and `<time>`, which ``read(_:altitude:)`` reads back to 0.1 mm and 1 µs.
package enum GPXCodec {
    /// The points a GPX file moves through (see ``GPXReader``).
    /// - Parameter altitude: The `<ele>` values accepted, metres.
    /// - Throws: `SignalError` naming the line.
    package static func read(_ data: Data, altitude: ClosedRange<Double>) throws(SignalError) -> [GPXPoint] {
        try GPXReader.points(data, altitude: altitude)
    }

    /// The file's text: every point a `<wpt>`, latitude and longitude with 9 decimals (0.1 mm), `<ele>`
    /// with 3 (1 mm) and `<time>` to the microsecond (each when the point has it).
    /// - Precondition: times within ``ISO8601/range``.
    package static func waypoints(_ points: [GPXPoint]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="SignalRunner" xmlns="http://www.topografix.com/GPX/1/1">

            """
        for p in points {
            out += "    <wpt lat=\"\(decimal(p.latitude))\" lon=\"\(decimal(p.longitude))\">\n"
            if let e = p.elevation { out += "        <ele>\(decimal(e, digits: 3))</ele>\n" }
            if let t = p.time { out += "        <time>\(ISO8601.format(t))</time>\n" }
            out += "    </wpt>\n"
        }
        return out + "</gpx>\n"
    }

    /// `value` with at most `digits` decimals, trailing zeros removed (no exponent; `-0` is `0`).
    package static func decimal(_ value: Double, digits: Int = 9) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
