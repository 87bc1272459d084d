import Foundation
#if canImport(FoundationXML)
import FoundationXML
import InternalUtilities
#endif

/// One point of a GPX file: `<trkpt>`, `<rtept>` or `<wpt>`.
struct GPXPoint: Sendable, Hashable {
    var latitude: Double
    var longitude: Double
    var elevation: Double?
    /// Seconds since 1970 (UTC).
    var time: Double?
    /// 1-based line of the point's start tag.
    var line: Int
}

/// Reads GPX 1.0/1.1 with Foundation's `XMLParser`: the points of the tracks (`<trk><trkseg><trkpt>`), or
/// when there are none of the routes (`<rte><rtept>`), or else the waypoints (`<wpt>`, as Xcode's location
/// files have them), each with its `<ele>` and `<time>`. Everything else in the file is skipped.
final class GPXReader: NSObject, XMLParserDelegate {
    private var stack: [String] = []
    private var tracks: [GPXPoint] = [], routes: [GPXPoint] = [], waypoints: [GPXPoint] = []
    private var current: GPXPoint?
    private var text = ""
    private(set) var failure: LocationError?
    private(set) var sawRoot = false
    private weak var parser: XMLParser?

    /// The points the file moves through, in order.
    /// - Throws: ``LocationError`` naming the line: malformed XML (`malformed`), a point without `lat`/`lon`
    ///   or with values out of range, an unreadable `<ele>` or `<time>` (`malformed`, `outOfRange`), a file
    ///   that is not GPX or holds no points (`unreadable`).
    static func points(_ data: Data) throws(LocationError) -> [GPXPoint] {
        let reader = GPXReader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        reader.parser = parser
        let ok = parser.parse()
        if let failure = reader.failure { throw failure }
        // Linux's XMLParser recovers from some errors and still returns true: check the error too.
        if !ok || parser.parserError != nil {
            throw LocationError(.malformed, line: max(1, parser.lineNumber), "malformed XML: \(GPXReader.describe(parser.parserError))")
        }
        guard reader.sawRoot else {
            throw LocationError(.unreadable, line: 1, "not a GPX file: there is no <gpx> element (the file is empty or not XML)")
        }
        let points = !reader.tracks.isEmpty ? reader.tracks : !reader.routes.isEmpty ? reader.routes : reader.waypoints
        guard !points.isEmpty else {
            throw LocationError(.unreadable, "the GPX file has no points: no <trkpt>, <rtept> or <wpt> with lat and lon")
        }
        return points
    }

    private func fail(_ error: LocationError) {
        guard failure == nil else { return }
        failure = error
        parser?.abortParsing()
    }

    private var line: Int { max(1, parser?.lineNumber ?? 1) }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if stack.isEmpty, local != "gpx" {
            return fail(LocationError(.unreadable, line: line, "not a GPX file: the root element is <\(local)>, not <gpx>"))
        }
        sawRoot = true
        let parent = stack.last
        stack.append(local)
        text = ""
        let isPoint = (local == "trkpt" && parent == "trkseg") || (local == "rtept" && parent == "rte")
            || (local == "wpt" && parent == "gpx")
        guard isPoint else { return }
        func coordinate(_ key: String, _ limit: Double) -> Double? {
            guard let raw = attributes[key] else {
                fail(LocationError(.missingField, line: line, "<\(local)> has no '\(key)' attribute"))
                return nil
            }
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            guard let v = Double(trimmed), v.isFinite, !trimmed.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) else {
                fail(LocationError(.malformed, line: line, "<\(local)> \(key)=\"\(LocationError.quoted(raw))\" is not a number"))
                return nil
            }
            guard abs(v) <= limit else {
                fail(LocationError(.outOfRange, line: line,
                                   "<\(local)> \(key)=\"\(LocationError.quoted(raw))\" is outside −\(Int(limit)) … \(Int(limit)) degrees"))
                return nil
            }
            return v
        }
        guard let lat = coordinate("lat", 90), let lon = coordinate("lon", 180) else { return }
        current = GPXPoint(latitude: lat, longitude: lon, line: line)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        fail(LocationError(.malformed, line: line, "malformed XML: \(GPXReader.describe(parseError))"))
    }

    /// A readable reason for an `XMLParser` error (Linux's have no description).
    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "unknown problem" }
        let code = (error as NSError).code
        let known: [Int: String] = [
            4: "the document is empty", 5: "the document ends before its elements are closed",
            9: "an invalid character", 23: "'>' expected", 26: "an undeclared entity",
            38: "'<' inside an attribute value", 39: "an attribute without a value", 40: "an attribute value without its closing quote",
            41: "an attribute without a value", 42: "the same attribute twice", 64: "text after the end of the document",
            73: "'>' expected", 74: "'</' expected", 76: "an end tag that does not match the open element",
            77: "an unfinished tag", 111: "an invalid document start", 512: "parsing was stopped",
        ]
        return known[code] ?? "XML parser error \(code)"
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
            guard let e = Double(value), e.isFinite else {
                return fail(LocationError(.malformed, line: line, "<ele>\(LocationError.quoted(value))</ele> is not a number of metres"))
            }
            guard Route.Limits.altitude.contains(e) else {
                return fail(LocationError(.outOfRange, line: line,
                                          "<ele>\(value)</ele> is outside \(Route.Limits.altitude.lowerBound) … \(Route.Limits.altitude.upperBound) m"))
            }
            current?.elevation = e
        case "time" where stack.last == "trkpt" || stack.last == "rtept" || stack.last == "wpt":
            guard let t = ISO8601Time.parse(value) else {
                return fail(LocationError(.malformed, line: line,
                                          "<time>\(LocationError.quoted(value))</time> is not an ISO 8601 date and time such as 2024-05-01T09:30:00Z"))
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

extension LocationError {
    /// User input cut to `limit` characters for a message.
    static func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
        quotedForMessage(text, limit: limit)
    }
}
