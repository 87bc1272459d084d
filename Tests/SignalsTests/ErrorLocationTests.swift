import Foundation
import Signals
import Testing

/// The package's one way to say where a problem is, and the one vocabulary of codes.
@Suite struct ErrorLocationTests {
    @Test(
        "a location prints the parts that are known, in one order",
        arguments: [
            (ErrorLocation(), ""),
            (ErrorLocation(path: "$.sine.frequency"), "$.sine.frequency"),
            (ErrorLocation(file: "a.gpx", line: 3), "a.gpx:3"),
            (ErrorLocation(file: "x.gpx"), "x.gpx"),
            (ErrorLocation(line: 7), "line 7"),
            (ErrorLocation(file: "a.csv", line: 3, index: 1, field: "x"), "a.csv:3: point 1: x"),
            (ErrorLocation(line: 3, index: 1), "line 3: point 1"),
            (ErrorLocation(file: "Accelerometer.csv", line: 12, column: 3), "Accelerometer.csv:12: column 3"),
            (ErrorLocation(line: 12, column: 3), "line 12, column 3"),
            (ErrorLocation(line: 3, column: 5, path: "$"), "$: line 3, column 5"),
            (ErrorLocation(file: "spec.json", line: 3, column: 5, path: "$"), "spec.json: $: line 3, column 5"),
            (ErrorLocation(file: "walk.jsonl", line: 3, path: "$.location"), "walk.jsonl:3: $.location"),
            (ErrorLocation(file: "route.json", path: "$.route.speed"), "route.json: $.route.speed"),
            (ErrorLocation(field: "samples"), "samples"),
        ])
    func description(location: ErrorLocation, expected: String) {
        #expect(location.description == expected)
        #expect(location.isEmpty == expected.isEmpty)
    }

    @Test("an error prints its location, then its message")
    func errorDescription() {
        #expect(SignalError(.outOfRange, path: "$.route.speed", "bad").description == "$.route.speed: bad")
        #expect(
            SignalError(.nonFinite, "bad", file: "a.csv", line: 3, index: 1, field: "x").description
                == "a.csv:3: point 1: x: bad")
        #expect(SignalError(.invalidArgument, "bad").description == "bad")
    }

    @Test("the parts of the location read and write as properties of the error")
    func memberLookup() {
        var error = SignalError(.malformed, "bad", file: "walk.csv", line: 12)
        #expect(error.file == "walk.csv")
        #expect(error.line == 12)
        #expect(error.path == nil)
        error.path = "$.x"
        #expect(error.location.path == "$.x")
    }

    @Test("located fills only what the error does not know")
    func located() {
        let inner = SignalError(.malformed, "bad", field: "x").located(file: "f", line: 2, index: 0)
        #expect(inner == SignalError(.malformed, "bad", file: "f", line: 2, index: 0, field: "x"))
        let known = SignalError(.unreadable, "bad", file: "y.gpx", line: 4).located(file: "x.gpx", line: 9)
        #expect(known.file == "y.gpx")
        #expect(known.line == 4)
        let filled = ErrorLocation(path: "$.a").filling(from: ErrorLocation(file: "f", path: "$.b"))
        #expect(filled == ErrorLocation(file: "f", path: "$.a"))
    }

    @Test("one vocabulary: no two codes of the package's errors name one problem two ways")
    func vocabulary() {
        let codes = SignalError.Code.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        // The drifted names the error model replaced are gone for good.
        for old in [
            "decreasingTimestamp", "decreasingTime", "invalidParameter", "unreadableFile", "badJSON",
            "tooLong", "invalidSignal", "emptyRoute", "missingSpeed",
        ] {
            #expect(SignalError.Code(rawValue: old) == nil, "\(old)")
        }
        #expect(SignalError.Code(rawValue: "invalidTime") == .invalidTime)
    }

    @Test("a location survives JSON (Codable), as it is written in a report")
    func codable() throws {
        let location = ErrorLocation(file: "a.csv", line: 3, column: 2, path: "$.x", index: 4, field: "gravity.z")
        let data = try JSONEncoder().encode(location)
        #expect(try JSONDecoder().decode(ErrorLocation.self, from: data) == location)
    }
}
