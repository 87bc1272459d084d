import Foundation

/// The result of ``Verifier/verify(_:against:tolerances:)``: every check, and whether all passed.
///
/// Encodes as `{"passed": Bool, "checks": [VerificationCheck]}`; ``table`` is the human-readable form.
///
/// ```swift
/// let report = try Verifier.verify(buffer, against: expected)
/// if !report.passed { print(report.table) }
/// ```
public struct VerificationReport: Sendable, Hashable, Codable {
    /// Whether every check passed.
    public var passed: Bool
    /// The checks, channel by channel.
    public var checks: [VerificationCheck]

    /// Creates a report; `passed` is whether every check passed (and there is at least one).
    /// - Parameter checks: The checks.
    public init(checks: [VerificationCheck]) {
        self.checks = checks
        self.passed = !checks.isEmpty && checks.allSatisfy(\.passed)
    }

    /// The checks that failed.
    public var failures: [VerificationCheck] { checks.filter { !$0.passed } }

    /// The first check of `kind` on `channel` at `frequency` (within 1e-6 Hz), if any.
    public func check(_ kind: VerificationCheck.Kind, channel: Int = 0, frequency: Double? = nil) -> VerificationCheck? {
        checks.first {
            $0.kind == kind && $0.channel == channel
                && (frequency == nil || ($0.frequency.map { abs($0 - frequency!) <= 1e-6 } ?? false))
        }
    }

    /// The JSON form, keys in the documented order:
    /// `{"passed": Bool, "checks": [{"channel", "kind", "frequency", "expected", "measured", "tolerance", "passed"}]}`
    /// (`frequency` is `null` where it does not apply; a non-finite measurement is written as `null`).
    public func json() -> Data {
        func number(_ v: Double?) -> String {
            guard let v, v.isFinite else { return "null" }
            return "\(v)"
        }
        var out = "{\"passed\": \(passed), \"checks\": ["
        for (i, c) in checks.enumerated() {
            if i > 0 { out += ", " }
            out += "{\"channel\": \(c.channel), \"kind\": \"\(c.kind.rawValue)\", \"frequency\": \(number(c.frequency)), "
            out += "\"expected\": \(number(c.expected)), \"measured\": \(number(c.measured)), "
            out += "\"tolerance\": \(number(c.tolerance)), \"passed\": \(c.passed)}"
        }
        out += "]}"
        return Data(out.utf8)
    }

    /// A fixed-width table: channel, check, frequency (Hz), expected, measured, tolerance, result
    /// and origin, then a summary line.
    public var table: String {
        func number(_ v: Double) -> String {
            if v == 0 { return "0" }
            if !v.isFinite { return "\(v)" }
            let m = abs(v)
            return m >= 1e-3 && m < 1e6 ? String(format: "%.6g", v) : String(format: "%.4e", v)
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
        var out = pad("channel", 8) + pad("check", 14) + pad("frequency Hz", 14) + pad("expected", 13)
            + pad("measured", 13) + pad("tolerance", 13) + pad("result", 7) + "source\n"
        for c in checks {
            out += pad("\(c.channel)", 8) + pad(c.kind.rawValue, 14) + pad(c.frequency.map(number) ?? "-", 14)
                + pad(number(c.expected), 13) + pad(number(c.measured), 13) + pad(number(c.tolerance), 13)
                + pad(c.passed ? "pass" : "FAIL", 7) + c.detail + "\n"
        }
        let failed = failures.count
        out += failed == 0 ? "PASSED: all \(checks.count) checks\n" : "FAILED: \(failed) of \(checks.count) checks\n"
        return out
    }
}
