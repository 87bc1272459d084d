import Foundation
import InternalUtilities

/// The result of ``Verifier/verify(_:against:tolerances:fft:)``: every check, every component that could
/// not be checked, and the verdict.
///
/// A report passes only when it made at least one check, every check passed, and nothing the signal
/// contains was left unchecked (``unchecked`` is empty). Encodes as
/// `{"passed": Bool, "checks": [VerificationCheck], "unchecked": [UncheckedComponent], "verdict": "passed" | "failed" | "incomplete"}`;
/// ``table`` is the human-readable form.
///
/// ```swift
/// let report = try Verifier.verify(buffer, against: expected)
/// if !report.passed { print(report.table) }
/// ```
public struct VerificationReport: Sendable, Hashable, Codable {
    /// The outcome.
    public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
        /// Every check passed and every component was checked.
        case passed
        /// At least one check failed.
        case failed
        /// No check failed, but some component could not be checked (or no check was made).
        case incomplete
    }

    /// Whether every check passed and nothing was left unchecked.
    public var passed: Bool
    /// The checks, channel by channel.
    public var checks: [VerificationCheck]
    /// The components that could not be checked, with the reason.
    public var unchecked: [UncheckedComponent]

    /// Creates a report; `passed` is whether there is at least one check, every check passed and
    /// `unchecked` is empty.
    /// - Parameters:
    ///   - checks: The checks.
    ///   - unchecked: The components that could not be checked.
    public init(checks: [VerificationCheck], unchecked: [UncheckedComponent] = []) {
        self.checks = checks
        self.unchecked = unchecked
        self.passed = !checks.isEmpty && checks.allSatisfy(\.passed) && unchecked.isEmpty
    }

    enum CodingKeys: String, CodingKey {
        case passed, checks, unchecked, verdict
    }

    /// Decodes a report (a missing `unchecked` reads as none).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        checks = try c.decode([VerificationCheck].self, forKey: .checks)
        unchecked = try c.decodeIfPresent([UncheckedComponent].self, forKey: .unchecked) ?? []
        passed = try c.decode(Bool.self, forKey: .passed)
    }

    /// Encodes `passed`, `checks`, `unchecked` and `verdict`.
    public func encode(to encoder: any Encoder) throws {
        try encoder.encodeFields(
            keyedBy: CodingKeys.self,
            [
                .passed: passed, .checks: checks, .unchecked: unchecked, .verdict: verdict,
            ])
    }

    /// ``Verdict/failed`` when a check failed, else ``Verdict/incomplete`` when a component could not be
    /// checked (or nothing was), else ``Verdict/passed``.
    public var verdict: Verdict {
        if checks.contains(where: { !$0.passed }) { return .failed }
        return passed ? .passed : .incomplete
    }

    /// The checks that failed.
    public var failures: [VerificationCheck] { checks.filter { !$0.passed } }

    /// The first check of `kind` on `channel` at `frequency` (within 1e-6 Hz), if any.
    public func check(_ kind: VerificationCheck.Kind, channel: Int = 0, frequency: Double? = nil) -> VerificationCheck?
    {
        checks.first { check in
            guard check.kind == kind && check.channel == channel else { return false }
            guard let frequency else { return true }
            return check.frequency.map { abs($0 - frequency) <= 1e-6 } ?? false
        }
    }

    /// The JSON form, keys in the documented order:
    /// `{"passed": Bool, "checks": [{"channel", "kind", "frequency", "expected", "measured", "tolerance", "passed", "method"}],
    /// "unchecked": [{"channel", "component", "frequency", "source", "reason", "requiredDuration"}], "verdict": String}`
    /// (`frequency` is `null` where it does not apply; a non-finite number is written as `null`).
    public func json() -> Data {
        let checkObjects: [JSONValue] = checks.map { c in
            .object([
                "channel": .number(c.channel), "kind": .string(c.kind.rawValue), "frequency": .number(c.frequency),
                "expected": .number(c.expected), "measured": .number(c.measured), "tolerance": .number(c.tolerance),
                "passed": .bool(c.passed), "method": .string(c.method.rawValue),
            ])
        }
        let uncheckedObjects: [JSONValue] = unchecked.map { u in
            .object([
                "channel": .number(u.channel), "component": .string(u.component.rawValue),
                "frequency": .number(u.frequency),
                "source": .string(u.source), "reason": .string(u.reason),
                "requiredDuration": .number(u.requiredDuration),
            ])
        }
        let report: JSONValue = .object([
            "passed": .bool(passed), "checks": .array(checkObjects),
            "unchecked": .array(uncheckedObjects), "verdict": .string(verdict.rawValue),
        ])
        return Data(report.spacedSerialization.utf8)
    }

    /// A fixed-width table: channel, check, method, frequency (Hz), expected, measured, tolerance, result
    /// and what was checked; then one line per unchecked component and a summary naming what was checked.
    public var table: String {
        func pad(_ s: String, _ n: Int) -> String {
            s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
        }
        func value(_ v: Double) -> String { VerificationReport.number(v) }
        var out =
            pad("channel", 8) + pad("check", 14) + pad("method", 9) + pad("frequency Hz", 14) + pad("expected", 13)
            + pad("measured", 13) + pad("tolerance", 13) + pad("result", 10) + "what was checked\n"
        for c in checks {
            out +=
                pad("\(c.channel)", 8) + pad(c.kind.rawValue, 14) + pad(c.method.rawValue, 9)
                + pad(c.frequency.map(value) ?? "-", 14)
                + pad(value(c.expected), 13) + pad(value(c.measured), 13) + pad(value(c.tolerance), 13)
                + pad(c.passed ? "pass" : "FAIL", 10) + c.detail + "\n"
        }
        for u in unchecked {
            out +=
                pad("\(u.channel)", 8) + pad("unchecked", 14) + pad("-", 9) + pad(u.frequency.map(value) ?? "-", 14)
                + pad("-", 13) + pad("-", 13) + pad("-", 13) + pad("UNCHECKED", 10) + u.description + "\n"
        }
        out += summary + "\n"
        return out
    }

    /// The verdict line: `PASSED: all N checks (…)`, `FAILED: k of N checks (…)` or `NOT VERIFIED: …`,
    /// with what the checks covered.
    public var summary: String {
        let failed = failures.count
        let fits = checks.filter { $0.method == .fit }.count
        let spectral = checks.count - fits
        let covered =
            "\(fits) by the least-squares fit of the expected waveform, \(spectral) on the residual's spectrum"
        let gaps =
            unchecked.isEmpty
            ? "" : "; \(unchecked.count) component\(unchecked.count == 1 ? "" : "s") could not be checked"
        switch verdict {
        case .passed: return "PASSED: all \(checks.count) checks (\(covered))"
        case .failed: return "FAILED: \(failed) of \(checks.count) checks (\(covered))\(gaps)"
        case .incomplete:
            if checks.isEmpty { return "NOT VERIFIED: no check could be made\(gaps)" }
            return "NOT VERIFIED: all \(checks.count) checks passed (\(covered))\(gaps)"
        }
    }

    /// A number for tables and messages: `%.6g` between 1e-3 and 1e6, else `%.4e`; 0 as `0`.
    static func number(_ v: Double) -> String {
        if v == 0 { return "0" }
        if !v.isFinite { return "\(v)" }
        let m = abs(v)
        return m >= 1e-3 && m < 1e6 ? String(format: "%.6g", v) : String(format: "%.4e", v)
    }

    /// A frequency for messages, to 10 significant digits (lines closer than a table's 6 digits stay apart).
    static func hertz(_ v: Double) -> String {
        v == 0 ? "0" : String(format: "%.10g", v)
    }

}
