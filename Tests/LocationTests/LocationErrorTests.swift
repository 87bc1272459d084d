import Foundation
import Testing
@testable import Location
import Signals

@Suite struct LocationErrorTests {
    @Test("description: file:line: path: message, with the parts that are known")
    func description() {
        #expect(LocationError(.malformed, file: "a.gpx", line: 3, "bad").description == "a.gpx:3: bad")
        #expect(LocationError(.outOfRange, path: "$.route.speed", "bad").description == "$.route.speed: bad")
        #expect(LocationError(.malformed, line: 7, "bad").description == "line 7: bad")
        #expect(LocationError(.unreadable, "bad").inFile("x.gpx").description == "x.gpx: bad")
        #expect(LocationError(.unreadable, file: "y.gpx", "bad").inFile("x.gpx").file == "y.gpx")
    }

    @Test("a spec error of the shared JSON reader keeps its path and message")
    func fromSignalError() {
        let e = LocationError(SignalError(.unknownField, path: "$.route.x", "unknown field 'x'"))
        #expect(e.code == .unknownField)
        #expect(e.path == "$.route.x")
        #expect(e.message == "unknown field 'x'")
        #expect(LocationError(SignalError(.aliasing, "x")).code == .malformed)
    }
}
