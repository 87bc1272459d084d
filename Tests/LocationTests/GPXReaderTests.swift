import Foundation
import Signals
import Testing

@testable import Formats
@testable import Location

/// The GPX reader's limits: a large file reads whole, entities are refused before parsing, and every XML
/// error is said in words with its line.
@Suite struct GPXReaderTests {
    /// A track of `count` points, one a line, about 80 bytes each, a second apart.
    static func track(points count: Int) -> Data {
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        text.reserveCapacity(count * 90)
        for i in 0..<count {
            let s = i % 60
            let m = (i / 60) % 60
            let h = (i / 3600) % 24
            let d = 1 + i / 86_400
            let time =
                "2024-05-\(d < 10 ? "0" : "")\(d)T\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s)Z"
            text +=
                "<trkpt lat=\"\(47 + Double(i % 1000) * 1e-5)\" lon=\"8.5\"><ele>400</ele><time>\(time)</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        return Data(text.utf8)
    }

    @Test("a 20 MB GPX file reads whole (libxml2 refuses one chunk over 10 MB; the reader streams)")
    func twentyMegabytes() throws {
        let data = Self.track(points: 250_000)
        try #require(data.count > 20_000_000)
        let points = try GPXReader.points(data, altitude: Route.Limits.altitude)
        #expect(points.count == 250_000)
        #expect(points.last?.line == 250_002)
    }

    @Test("a small GPX file reads as before")
    func small() throws {
        let points = try GPXReader.points(Self.track(points: 3), altitude: Route.Limits.altitude)
        #expect(points.count == 3)
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [
         <!ENTITY lol "lol">
         <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
        ]>
        <gpx><wpt lat="1" lon="2"><name>&lol2;</name></wpt></gpx>
        """

    static let externalEntity = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
        <gpx><wpt lat="1" lon="2"><name>&secret;</name></wpt></gpx>
        """

    @Test(
        "entity declarations are refused before parsing, naming the entity and its line",
        arguments: [
            (billionLaughs, 3, "'lol'"), (externalEntity, 2, "'secret'"),
        ])
    func entities(text: String, line: Int, name: String) throws {
        let error = try #require(throws: SignalError.self) {
            try Route(gpx: Data(text.utf8), speed: 1, file: "walk.gpx")
        }
        #expect(error.code == .malformed)
        #expect(
            error.description.hasPrefix("walk.gpx:\(line): XML error: the file declares the entity \(name)"), "\(error)"
        )
    }

    @Test("an undeclared entity is named in words, with its line")
    func undeclared() throws {
        let text = "<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>&nbsp;</name></wpt></gpx>"
        let error = try #require(throws: SignalError.self) {
            try Route(gpx: Data(text.utf8), speed: 1, file: "walk.gpx")
        }
        #expect(error.description == "walk.gpx:2: XML error: an undeclared entity 'nbsp'")
    }

    @Test(
        "libxml2's numbers become words: an entity loop names the entity on the error's line",
        arguments: [
            (89, "XML error: entity 'lol9' refers to itself or expands too much"),
            (76, "malformed XML: an end tag that does not match the open element"),
            (1, "XML error: the parser gave up (an internal limit)"),
            (9999, "malformed XML: a problem this reader has no words for (libxml2 code 9999)"),
        ])
    func describe(code: Int, words: String) {
        let data = Data("<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>&#38; &lol9;</name></wpt></gpx>".utf8)
        let error = NSError(domain: "NSXMLParserErrorDomain", code: code)
        #expect(GPXReader.describe(error, line: 2, in: data) == words)
    }

    @Test(
        "a file that is not XML is called that, not empty; one of white space alone is empty",
        arguments: [
            ("hello, world\n", "not XML: a GPX file starts with '<'"),
            ("{\"route\": {}}", "not XML: a GPX file starts with '<'"),
            ("lat,lon\n51.5,-0.12\n", "not XML: a GPX file starts with '<'"),
        ])
    func notXML(text: String, words: String) throws {
        let error = try #require(throws: SignalError.self) {
            try Route(gpx: Data(text.utf8), speed: 1, file: "walk.gpx")
        }
        #expect(error.message.hasPrefix(words), "\(error)")
        #expect(!error.message.contains("empty"), "\(error)")
    }

    @Test("libxml2's 'empty document' (code 4) is empty only when the data is: otherwise it is not XML")
    func emptyOrNotXML() {
        let error = NSError(domain: "NSXMLParserErrorDomain", code: 4)
        #expect(GPXReader.describe(error, line: 1, in: Data(" \n\t".utf8)) == "malformed XML: the document is empty")
        #expect(GPXReader.describe(error, line: 1, in: Data("x".utf8)).hasPrefix("not XML: a GPX file starts with '<'"))
    }

    @Test(
        "every code libxml2 reports for a malformed file has words", arguments: Array(GPXReader.reasons.keys.sorted()))
    func noBareNumbers(code: Int) {
        let error = NSError(domain: "NSXMLParserErrorDomain", code: code)
        #expect(!GPXReader.describe(error).contains("\(code)"))
    }
}
