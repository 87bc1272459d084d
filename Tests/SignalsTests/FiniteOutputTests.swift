import InternalUtilities
import Testing

@testable import Signals

/// The writers' last check: a value that is not finite is an error naming what and where, never output.
@Suite struct FiniteOutputTests {
    @Test(
        "finite values pass; NaN, inf and −inf are found at their position, in Float and Double",
        arguments: [0, 1, 7, 8, 9, 1000])
    func findsTheValue(_ length: Int) throws {
        let finite = (0..<length).map { Double($0) - 3.5 }
        try FiniteOutput.check(finite, what: "doubles")
        try FiniteOutput.check(finite.map { Float($0) }, what: "floats")
        guard length > 0 else { return }
        for bad in [Double.nan, .infinity, -.infinity] {
            for position in Set([0, length / 2, length - 1]) {
                var values = finite
                values[position] = bad
                let error = try #require(throws: SignalError.self) {
                    try FiniteOutput.check(values, what: "the imu stream")
                }
                #expect(error.code == .nonFinite)
                #expect(error.message.hasPrefix("the imu stream: value \(position) is \(bad)"), "\(error.message)")
                let floats = values.map { Float($0) }
                let floatError = try #require(throws: SignalError.self) {
                    try FiniteOutput.check(floats, what: "floats")
                }
                #expect(floatError.message.contains("value \(position) is"), "\(floatError.message)")
                #expect(FiniteOutput.firstNonFinite(values[...]) == position)
            }
        }
    }

    @Test("a Float beyond its range (a Double of 1e39 narrowed) is caught as inf")
    func narrowedOverflow() {
        let samples: [Float] = [1, Float(1e39), 2]
        #expect(FiniteOutput.firstNonFinite(samples) == 1)
    }

    @Test("a JSON document with a non-finite number is refused; a finite one passes")
    func json() throws {
        let good = JSONValue.object(["a": .array([.number(JSONNumber(1.5)), .null]), "b": .string("inf")])
        try FiniteOutput.check(json: good, what: "a report")
        let bad = JSONValue.object(["a": .array([.number(JSONNumber(1.5)), .number(JSONNumber(-Double.infinity))])])
        let error = try #require(throws: SignalError.self) { try FiniteOutput.check(json: bad, what: "a report") }
        #expect(error.code == .nonFinite)
        #expect(error.message.hasPrefix("a report: a value is -inf"), "\(error.message)")
        #expect(bad.firstNonFiniteNumber == -.infinity)
        #expect(good.firstNonFiniteNumber == nil)
    }
}
