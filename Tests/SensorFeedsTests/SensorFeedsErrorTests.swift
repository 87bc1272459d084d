import Signals
import Testing

@testable import SensorFeeds

/// The connection error shares the package's error model: one location, printed one way.
@Suite struct SensorFeedsErrorTests {
    func describe(_ error: some LocatedError) -> String { error.description }

    @Test("a feed error prints its JSON path, then its message; the path reads as a property")
    func description() {
        var error = SensorFeedsError(.malformed, "'z' must be a number", path: "$.gravity.z")
        #expect(describe(error) == "$.gravity.z: 'z' must be a number")
        #expect(error.path == "$.gravity.z")
        error.path = nil
        #expect(error.description == "'z' must be a number")
        #expect(error.location.isEmpty)
    }

    @Test(
        "every connection problem is transient except a URL that can never work, an update the source cannot give and a permission the user denied"
    )
    func transient() {
        let terminal: Set<SensorFeedsError.Code> = [.invalidURL, .unavailable, .notAuthorized]
        for code in SensorFeedsError.Code.allCases {
            #expect(SensorFeedsError(code, "x").isTransient == !terminal.contains(code), "\(code)")
        }
    }
}
