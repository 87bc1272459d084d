import Foundation
import Signals
import Testing

@testable import LiveServer

/// What `signals serve` accepts as its input, checked before anything plays.
@Suite struct LiveSourceTests {
    func file(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("specs and point files load; the spec is checked at the feed's rate")
    func loads() throws {
        let spec = try LiveSource.load(try file("s.json", TestSpecs.sine), options: FeedOptions())
        #expect(spec.signal != nil)
        let points = try LiveSource.load(
            try file("p.csv", "timestamp,x,y,z\n0,1,0,0\n0.5,2,0,0\n"), options: FeedOptions(loop: true))
        let schedule = try #require(
            { if case .points(_, let schedule) = points { schedule } else { nil } }(), "not a point file")
        #expect(schedule.count == 2)
    }

    @Test(
        "refused inputs name the file and the problem",
        arguments: [
            ("a.json", #"{"sine": {"frequency": 80}}"#, FeedOptions(), "Nyquist"),
            ("b.json", #"{"sine": {"frequency": 1}}"#, FeedOptions(loop: true), "--loop is for point files"),
            ("c.csv", "timestamp,x,y,z\n", FeedOptions(), "the file holds no points"),
            ("d.csv", "timestamp,x,y,z\n0,1,0,0\n", FeedOptions(loop: true), "cannot loop"),
            ("e.csv", "timestamp,x,y,z\n1,1,0,0\n0,1,0,0\n", FeedOptions(), "timestamps must not decrease"),
            ("f.csv", "timestamp,x,y,z\n0,1,0,0\n7200,1,0,0\n", FeedOptions(), "longer than 3600.0 s"),
            ("g.gpx", "<gpx></gpx>", FeedOptions(), "the GPX file has no points"),
            ("h.npy", "\u{93}NUMPY", FeedOptions(), ".npy array"),
            ("i.json", #"{"sine": {"frequency": 1}, "x": 1}"#, FeedOptions(), "'x' is not allowed"),
        ])
    func refused(name: String, text: String, options: FeedOptions, message: String) throws {
        let path = try file(name, text)
        let error = try #require(throws: SignalError.self) { try LiveSource.load(path, options: options) }
        #expect(error.message.contains(message), "\(error)")
        #expect(error.file?.hasSuffix(name) == true, "\(error)")
        #expect(error.description.contains(name), "\(error)")
    }

    @Test("a spec from JSON: 400 with the path for a bad one")
    func specJSON() throws {
        let error = try #require(throws: SignalError.self) {
            try LiveSource.spec(json: Data(#"{"sine": {}}"#.utf8), sampleRate: 100)
        }
        #expect(error.code == .missingField)
        #expect(error.path == "$.sine")
        #expect(error.status == .badRequest)
    }
}
