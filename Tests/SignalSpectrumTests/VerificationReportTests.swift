import Foundation
import SignalSpectrum
import Testing

/// The report's JSON shape and table.
@Suite struct VerificationReportTests {
    static let checks = [
        VerificationCheck(channel: 0, kind: .amplitude, frequency: 10, expected: 1, measured: 1.001, tolerance: 0.005),
        VerificationCheck(channel: 1, kind: .dc, frequency: nil, expected: 0, measured: 0.1, tolerance: 0.01),
    ]

    @Test("JSON is {passed, checks: [{channel, kind, frequency (null when absent), expected, measured, tolerance, passed}]}")
    func json() throws {
        let report = VerificationReport(checks: Self.checks)
        let object = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(Set(object.keys) == ["passed", "checks"])
        #expect(object["passed"] as? Bool == false)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.count == 2)
        for check in checks {
            #expect(Set(check.keys) == ["channel", "kind", "frequency", "expected", "measured", "tolerance", "passed"])
        }
        #expect(checks[0]["kind"] as? String == "amplitude" && checks[0]["passed"] as? Bool == true)
        #expect(checks[0]["frequency"] as? Double == 10)
        #expect(checks[1]["frequency"] is NSNull && checks[1]["channel"] as? Int == 1)
        // Keys in the documented order, NaN as null.
        #expect(String(decoding: report.json(), as: UTF8.self).hasPrefix(#"{"passed": false, "checks": [{"channel": 0, "kind": "amplitude", "frequency": 10.0, "expected": 1.0, "measured": 1.001, "tolerance": 0.005, "passed": true}"#))
        let nan = VerificationReport(checks: [VerificationCheck(channel: 0, kind: .noise, frequency: nil, expected: 1, measured: .nan, tolerance: 1)])
        #expect(String(decoding: nan.json(), as: UTF8.self).contains(#""measured": null"#))
        // Round trip.
        let decoded = try JSONDecoder().decode(VerificationReport.self, from: report.json())
        #expect(decoded.checks.map(\.measured) == report.checks.map(\.measured))
    }

    @Test("passed is true only when every check passes; a check passes when |measured − expected| ≤ tolerance")
    func passing() {
        #expect(!VerificationReport(checks: Self.checks).passed)
        #expect(VerificationReport(checks: [Self.checks[0]]).passed)
        #expect(!VerificationReport(checks: []).passed)
        #expect(!VerificationCheck(channel: 0, kind: .noise, frequency: nil, expected: 1, measured: .nan, tolerance: 1).passed)
        #expect(VerificationCheck(channel: 0, kind: .noise, frequency: nil, expected: 1, measured: 2, tolerance: 1).passed)
    }

    @Test("the table has a header, one row per check and a summary")
    func table() {
        let table = VerificationReport(checks: Self.checks).table
        let rows = table.split(separator: "\n")
        #expect(rows.count == 4)
        #expect(rows[0].hasPrefix("channel"))
        #expect(rows[2].contains("FAIL") && rows[1].contains("pass"))
        #expect(rows[3] == "FAILED: 1 of 2 checks")
    }
}
