import Foundation
import Signals
import Testing

@testable import Location

@Suite("GeomagneticModel.decimalYear")
struct GeomagneticModelDecimalYearTests {
    /// ISO 8601 texts and their decimal years.
    static let dates: [(String, Double)] = [
        ("2025-01-01T00:00:00Z", 2025.0),
        ("2025-07-02T12:00:00Z", 2025.5),
        ("2028-07-02T00:00:00Z", 2028.5),
        ("2026-01-01T01:00:00+01:00", 2026.0),
        ("2029-12-31T23:59:59.5Z", 2030.0 - 0.5 / 31_536_000.0),
        ("2026-06-01T12:00:00Z", 2026.0 + 151.5 / 365.0),
    ]

    @Test(
        "Dates to decimal years: the start, the middle of a common and of a leap year, a zone offset",
        arguments: dates)
    func decimalYear(text: String, expected: Double) throws {
        let year = try GeomagneticModel.decimalYear(iso8601: text)
        #expect(abs(year - expected) < 1e-12, "\(text): \(year)")
    }

    @Test("Seconds since 1970 to a decimal year")
    func seconds() {
        #expect(GeomagneticModel.decimalYear(secondsSince1970: 0) == 1970)
        #expect(abs(GeomagneticModel.decimalYear(secondsSince1970: -0.5 * 86_400) - (1970 - 0.5 / 365)) < 1e-12)
    }

    @Test(
        "Text that is not an ISO 8601 date and time throws .malformed naming it",
        arguments: ["2026-13-01T00:00:00Z", "yesterday", "", "2026-06-01"])
    func malformed(text: String) {
        let error = #expect(throws: SignalError.self) { try GeomagneticModel.decimalYear(iso8601: text) }
        #expect(error?.code == .malformed)
        #expect(error?.path == "$")
        #expect(error?.message.contains("\"\(text)\"") == true)
    }
}
