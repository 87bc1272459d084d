import SensorData
import Testing

/// Checks that `body` throws a ``SignalError`` with `code` at the JSON `path`: the refusal tables of the
/// format suites (failures are reported at the caller's line).
func expectRefusal(
    _ code: SignalError.Code, at path: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    let error = #expect(throws: SignalError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == code, sourceLocation: sourceLocation)
    #expect(error?.location.path == path, sourceLocation: sourceLocation)
}
