import Foundation
import SignalSpectrum
import Testing

/// The report's JSON shape and table.
@Suite struct VerificationReportTests {
    static let checks = [
        VerificationCheck(
            channel: 0, kind: .amplitude, frequency: 10, expected: 1, measured: 1.001, tolerance: 0.005, method: .fit),
        VerificationCheck(channel: 1, kind: .dc, frequency: nil, expected: 0, measured: 0.1, tolerance: 0.01),
    ]
    static let gap = UncheckedComponent(
        channel: 0, component: .line, frequency: 333.3333333, source: "$.sawtooth h1",
        reason: "cannot be separated from the \"333.3333332\" Hz line", requiredDuration: 1.5e6)

    @Test(
        "JSON is {passed, checks: [{channel, kind, frequency (null when absent), expected, measured, tolerance, passed, method}], unchecked: [...], verdict}"
    )
    func json() throws {
        let report = VerificationReport(checks: Self.checks)
        let object = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(Set(object.keys) == ["passed", "checks", "unchecked", "verdict"])
        #expect(object["passed"] as? Bool == false)
        #expect(object["verdict"] as? String == "failed")
        #expect((object["unchecked"] as? [Any])?.isEmpty == true)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.count == 2)
        for check in checks {
            #expect(
                Set(check.keys) == [
                    "channel", "kind", "frequency", "expected", "measured", "tolerance", "passed", "method",
                ])
        }
        #expect(checks[0]["kind"] as? String == "amplitude")
        #expect(checks[0]["passed"] as? Bool == true)
        #expect(checks[0]["method"] as? String == "fit")
        #expect(checks[1]["method"] as? String == "spectrum")
        #expect(checks[0]["frequency"] as? Double == 10)
        #expect(checks[1]["frequency"] is NSNull)
        #expect(checks[1]["channel"] as? Int == 1)
        // Keys in the documented order (the original seven first), NaN as null.
        #expect(
            String(decoding: report.json(), as: UTF8.self).hasPrefix(
                #"{"passed": false, "checks": [{"channel": 0, "kind": "amplitude", "frequency": 10.0, "expected": 1.0, "measured": 1.001, "tolerance": 0.005, "passed": true, "method": "fit"}"#
            ))
        let nan = VerificationReport(checks: [
            VerificationCheck(channel: 0, kind: .noise, frequency: nil, expected: 1, measured: .nan, tolerance: 1)
        ])
        #expect(String(decoding: nan.json(), as: UTF8.self).contains(#""measured": null"#))
        // Round trip, with Codable too.
        let decoded = try JSONDecoder().decode(VerificationReport.self, from: report.json())
        #expect(decoded.checks.map(\.measured) == report.checks.map(\.measured))
        #expect(decoded.checks.map(\.method) == [.fit, .spectrum])
        let encoded = try JSONDecoder().decode(VerificationReport.self, from: JSONEncoder().encode(report))
        #expect(encoded.checks.map(\.kind) == report.checks.map(\.kind))
    }

    @Test(
        "an unchecked component is in the JSON with its reason and the record length needed; the verdict is incomplete")
    func uncheckedJSON() throws {
        let passing = [Self.checks[0]]
        let report = VerificationReport(checks: passing, unchecked: [Self.gap])
        #expect(!report.passed)
        #expect(report.verdict == .incomplete)
        let object = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect(object["verdict"] as? String == "incomplete")
        let entries = try #require(object["unchecked"] as? [[String: Any]])
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(Set(entry.keys) == ["channel", "component", "frequency", "source", "reason", "requiredDuration"])
        #expect(entry["component"] as? String == "line")
        #expect(entry["frequency"] as? Double == 333.3333333)
        #expect(entry["reason"] as? String == Self.gap.reason)
        #expect(entry["requiredDuration"] as? Double == 1.5e6)
        let decoded = try JSONDecoder().decode(VerificationReport.self, from: report.json())
        #expect(decoded.unchecked == [Self.gap])
        // A failed check outranks an unchecked component.
        #expect(VerificationReport(checks: Self.checks, unchecked: [Self.gap]).verdict == .failed)
    }

    @Test("passed is true only when every check passes; a check passes when |measured − expected| ≤ tolerance")
    func passing() {
        #expect(!VerificationReport(checks: Self.checks).passed)
        #expect(VerificationReport(checks: [Self.checks[0]]).passed)
        #expect(!VerificationReport(checks: []).passed)
        #expect(VerificationReport(checks: []).verdict == .incomplete)
        #expect(!VerificationReport(checks: [Self.checks[0]], unchecked: [Self.gap]).passed)
        #expect(
            !VerificationCheck(channel: 0, kind: .noise, frequency: nil, expected: 1, measured: .nan, tolerance: 1)
                .passed)
        #expect(
            VerificationCheck(channel: 0, kind: .noise, frequency: nil, expected: 1, measured: 2, tolerance: 1).passed)
    }

    @Test("the table has a header, one row per check (with its method), one per unchecked component and a summary")
    func table() {
        let table = VerificationReport(checks: Self.checks).table
        let rows = table.split(separator: "\n")
        #expect(rows.count == 4)
        #expect(rows[0].hasPrefix("channel"))
        #expect(rows[0].contains("method"))
        #expect(rows[0].contains("what was checked"))
        #expect(rows[2].contains("FAIL"))
        #expect(rows[1].contains("pass"))
        #expect(rows[1].contains("fit"))
        #expect(rows[3].hasPrefix("FAILED: 1 of 2 checks (1 by the least-squares fit"))
        let incomplete = VerificationReport(checks: [Self.checks[0]], unchecked: [Self.gap]).table.split(
            separator: "\n")
        #expect(incomplete.count == 4)
        #expect(incomplete[2].contains("UNCHECKED"))
        #expect(incomplete[2].contains("333.3333333 Hz"))
        #expect(incomplete[2].contains("1.5000e+06 s"))
        #expect(incomplete[3].hasPrefix("NOT VERIFIED: all 1 checks passed"))
        #expect(incomplete[3].contains("1 component could not be checked"))
        #expect(
            VerificationReport(checks: [Self.checks[0]]).table.hasSuffix(
                "PASSED: all 1 checks (1 by the least-squares fit of the expected waveform, 0 on the residual's spectrum)\n"
            ))
    }
}
