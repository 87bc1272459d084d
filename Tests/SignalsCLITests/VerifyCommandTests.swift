import Foundation
import Signals
import Testing

/// `signals verify` end to end: JSON shape, exit status 0 / 1 / 2, recordings in .npy and .csv.
@Suite struct VerifyCommandTests {
    static let spec =
        #"{"sum": [{"sine": {"amplitude": 2, "frequency": 52.5, "offset": 0.5}}, {"square": {"amplitude": 0.5, "frequency": 5, "dutyCycle": 0.25}}, {"noise": {"amplitude": 0.01, "seed": 3}}]}"#
    static let wrong =
        #"{"sum": [{"sine": {"amplitude": 2.04, "frequency": 52.5, "offset": 0.5}}, {"square": {"amplitude": 0.5, "frequency": 5, "dutyCycle": 0.25}}, {"noise": {"amplitude": 0.01, "seed": 3}}]}"#
    static let timing = ["--rate", "1000", "--duration", "20"]

    @Test(
        "--json prints {passed, checks: [{channel, kind, frequency, expected, measured, tolerance, passed, method}], unchecked, verdict}; exit 0 when all pass"
    )
    func json() throws {
        let spec = try Executables.temporaryFile("wave.json", contents: Self.spec)
        let r = try Executables.run("signals", ["verify", spec.path] + Self.timing + ["--json"])
        #expect(r.status == 0, "\(r.stderr)\(r.text)")
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        #expect(Set(object.keys) == ["passed", "checks", "unchecked", "verdict"])
        #expect(object["passed"] as? Bool == true)
        #expect(object["verdict"] as? String == "passed")
        #expect((object["unchecked"] as? [Any])?.isEmpty == true)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.count > 10)
        for check in checks {
            #expect(
                Set(check.keys) == [
                    "channel", "kind", "frequency", "expected", "measured", "tolerance", "passed", "method",
                ])
            #expect(check["channel"] is Int)
            #expect(check["kind"] is String)
            #expect(check["passed"] as? Bool == true)
            #expect(check["frequency"] is Double || check["frequency"] is NSNull)
            #expect(check["expected"] is Double)
            #expect(check["measured"] is Double)
            #expect(check["tolerance"] is Double)
            #expect(["fit", "spectrum"].contains(check["method"] as? String ?? ""))
        }
        let kinds = Set(checks.compactMap { $0["kind"] as? String })
        #expect(kinds.isSuperset(of: ["amplitude", "phase", "frequency", "dc", "noise", "noiseFlatness", "spurious"]))
        // The 52.5 Hz line, in signal units (not dB) and Hz.
        let line = try #require(
            checks.first {
                $0["kind"] as? String == "amplitude" && abs(($0["frequency"] as? Double ?? 0) - 52.5) < 1e-9
            })
        #expect(line["expected"] as? Double == 2)
        #expect(abs((line["measured"] as? Double ?? 0) - 2) < 0.01)
    }

    @Test("a recording with a wrong amplitude fails: exit 1, the failing check in the table")
    func failing() throws {
        let spec = try Executables.temporaryFile("wave.json", contents: Self.spec)
        let wrong = try Executables.temporaryFile("wrong.json", contents: Self.wrong)
        let recording = try Executables.temporaryFile("wrong.npy")
        try Executables.runSucceeding(
            "signals", ["render", wrong.path] + Self.timing + ["--format", "npy", "-o", recording.path])
        let r = try Executables.run("signals", ["verify", spec.path] + Self.timing + ["--input", recording.path])
        #expect(r.status == 1, "\(r.stderr)\(r.text)")
        #expect(r.text.contains("FAIL"))
        #expect(r.text.contains("FAILED:"))
        let json = try Executables.runFailing(
            "signals", ["verify", spec.path] + Self.timing + ["--input", recording.path, "--json"], status: 1)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        let failed = (object["checks"] as? [[String: Any]] ?? []).filter { $0["passed"] as? Bool == false }
        #expect(failed.count == 1)
        #expect(failed.first?["kind"] as? String == "amplitude")
        #expect(failed.first?["method"] as? String == "fit")
        #expect(object["verdict"] as? String == "failed")
    }

    /// A one-column CSV recording of `count` copies of `value`.
    static func constantRecording(_ value: String, count: Int) throws -> URL {
        try Executables.temporaryFile("constant.csv", contents: String(repeating: value + "\n", count: count))
    }

    @Test(
        "recordings that do not match their spec fail the spectral verifier with exit 1",
        arguments: [
            (#"{"sine": {"amplitude": 2, "frequency": 1, "phase": 0.2, "offset": 0.5}}"#, "0.5", "2"),
            (#"{"sine": {"frequency": 499.9}}"#, "0", "10"),
            (#"{"square": {"frequency": 499.9}}"#, "0", "10"),
            (#"{"square": {"frequency": 250.1}}"#, "0", "10"),
            (#"{"sawtooth": {"frequency": 333.3333333}}"#, "0", "10"),
        ])
    func wrongRecordings(_ testCase: (String, String, String)) throws {
        let (json, value, duration) = testCase
        let spec = try Executables.temporaryFile("spec.json", contents: json)
        let recording = try Self.constantRecording(value, count: try #require(Int(duration)) * 1000)
        let r = try Executables.run(
            "signals", ["verify", spec.path, "--rate", "1000", "--duration", duration, "--input", recording.path])
        #expect(r.status == 1, "\(json)\n\(r.stderr)\(r.text)")
        #expect(r.text.contains("FAILED:"))
        #expect(!r.text.contains("PASSED"))
    }

    @Test(
        "a component the record cannot separate: exit 2, the table lists it, the message says how long a record would be needed"
    )
    func unchecked() throws {
        let json =
            #"{"sum": [{"sine": {"frequency": 10}}, {"sine": {"frequency": 10.005}}, {"noise": {"amplitude": 0.05, "seed": 4}}]}"#
        let spec = try Executables.temporaryFile("pair.json", contents: json)
        let r = try Executables.run("signals", ["verify", spec.path, "--rate", "1000", "--duration", "1"])
        #expect(r.status == 2, "\(r.stderr)\(r.text)")
        #expect(r.text.contains("UNCHECKED"))
        #expect(r.text.contains("NOT VERIFIED"))
        #expect(r.stderr.hasPrefix("error: not verified: 2 components"), "\(r.stderr)")
        #expect(r.stderr.contains("a record of at least"), "\(r.stderr)")
        let j = try Executables.runFailing(
            "signals", ["verify", spec.path, "--rate", "1000", "--duration", "1", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: j.stdout) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect(object["verdict"] as? String == "incomplete")
        let entries = try #require(object["unchecked"] as? [[String: Any]])
        #expect(entries.count == 2)
        for entry in entries {
            #expect(Set(entry.keys) == ["channel", "component", "frequency", "source", "reason", "requiredDuration"])
            #expect(entry["component"] as? String == "line")
            #expect((entry["requiredDuration"] as? Double ?? 0) > 1)
        }
        // The record length it asks for checks them.
        let needed = try #require(entries.compactMap { $0["requiredDuration"] as? Double }.max())
        let long = try Executables.run("signals", ["verify", spec.path, "--rate", "1000", "--duration", "\(needed)"])
        #expect(long.status == 0, "\(long.stderr)\(long.text)")
    }

    @Test("a chirp of duration 1e-40 is verified, not a crash")
    func tinyChirp() throws {
        let spec = try Executables.temporaryFile(
            "chirp.json", contents: #"{"chirp": {"startFrequency": 10, "endFrequency": 50, "duration": 1e-40}}"#)
        let r = try Executables.run("signals", ["verify", spec.path, "--rate", "1000", "--duration", "2"])
        #expect(r.status == 0, "\(r.stderr)\(r.text)")
        let wrong = try Executables.temporaryFile(
            "chirp2.json",
            contents: #"{"chirp": {"amplitude": 0.9, "startFrequency": 10, "endFrequency": 50, "duration": 1e-40}}"#)
        let recording = try Executables.temporaryFile("chirp.npy")
        _ = try Executables.run(
            "signals",
            ["render", wrong.path, "--rate", "1000", "--duration", "2", "--format", "npy", "-o", recording.path])
        let f = try Executables.run(
            "signals", ["verify", spec.path, "--rate", "1000", "--duration", "2", "--input", recording.path])
        #expect(f.status == 1, "\(f.stderr)\(f.text)")
    }

    @Test("a recording's first frame is sample round(start · rate): --start must match the render's")
    func start() throws {
        let spec = try Executables.temporaryFile("sine.json", contents: #"{"sine": {"frequency": 50, "phase": 0.3}}"#)
        let recording = try Executables.temporaryFile("late.npy")
        try Executables.runSucceeding(
            "signals",
            [
                "render", spec.path, "--rate", "1000", "--duration", "2", "--start", "0.007", "--format", "npy", "-o",
                recording.path,
            ])
        let same = try Executables.run(
            "signals",
            ["verify", spec.path, "--rate", "1000", "--duration", "2", "--start", "0.007", "--input", recording.path])
        #expect(same.status == 0, "\(same.stderr)\(same.text)")
        let wrong = try Executables.run(
            "signals", ["verify", spec.path, "--rate", "1000", "--duration", "2", "--input", recording.path])
        #expect(wrong.status == 1, "\(wrong.stderr)\(wrong.text)")
        #expect(wrong.text.contains("phase"), "\(wrong.stderr)\(wrong.text)")
    }

    @Test(
        "verify and plot refuse a record longer than the analysis limit before rendering it",
        arguments: ["verify", "plot"])
    func tooLong(command: String) throws {
        let spec = try Executables.temporaryFile("sine.json", contents: #"{"sine": {"frequency": 5}}"#)
        let output = try Executables.temporaryFile("long.svg")
        let extra = command == "plot" ? ["-o", output.path] : []
        let r = try Executables.runFailing(
            "signals", [command, spec.path, "--rate", "1000000", "--duration", "1000"] + extra)
        #expect(r.stderr.hasPrefix("error: "), "\(r.stderr)")
        #expect(r.stderr.contains("268435456"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("recordings written by signals render pass, as .npy and as .csv (three channels)", arguments: ["npy", "csv"])
    func recordings(format: String) throws {
        let axes =
            #"{"axes": {"x": {"sine": {"frequency": 3}}, "y": {"triangle": {"amplitude": 0.5, "frequency": 10}}, "z": {"noise": {"amplitude": 0.2, "seed": 4}}}}"#
        let spec = try Executables.temporaryFile("axes.json", contents: axes)
        let recording = try Executables.temporaryFile("axes.\(format)")
        try Executables.runSucceeding(
            "signals",
            ["render", spec.path, "--rate", "200", "--duration", "60", "--format", format, "-o", recording.path])
        let r = try Executables.run(
            "signals", ["verify", spec.path, "--rate", "200", "--duration", "60", "--input", recording.path, "--json"])
        #expect(r.status == 0, "\(r.stderr)\(r.text)")
        let object = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]
        let channels = Set((object?["checks"] as? [[String: Any]] ?? []).compactMap { $0["channel"] as? Int })
        #expect(channels == [0, 1, 2])
    }

    @Test(
        "bad input exits 2 with a clear error",
        arguments: [
            (#"{"sine": {"frequency": 600}}"#, [String](), "Nyquist"),
            (#"{"sine": {"frequncy": 5}}"#, [], "frequncy"),
            (#"{"sine": {"frequency": 5}}"#, ["--input", "/nonexistent/file.npy"], "no such file"),
            (#"{"axes": {"x": {"sine": {"frequency": 5}}}}"#, ["--input", "RECORDING"], "channel"),
            (#"{"sine": {"frequency": 5}}"#, ["--input", "GARBAGE"], "not a number"),
            (#"{"sine": {"frequency": 5}}"#, ["--input", "SHORT"], "frames"),
        ])
    func badInput(_ testCase: (String, [String], String)) throws {
        let (json, extra, message) = testCase
        let spec = try Executables.temporaryFile("bad.json", contents: json)
        let one = try Executables.temporaryFile("one.json", contents: #"{"sine": {"frequency": 5}}"#)
        let recording = try Executables.temporaryFile("one.npy")
        _ = try Executables.run(
            "signals",
            ["render", one.path, "--rate", "100", "--duration", "1", "--format", "npy", "-o", recording.path])
        let garbage = try Executables.temporaryFile("garbage.csv", contents: "t,value\n0,1\n0.01,abc\n")
        let arguments = extra.map {
            $0 == "RECORDING" || $0 == "SHORT" ? recording.path : $0 == "GARBAGE" ? garbage.path : $0
        }
        let duration = extra.contains("SHORT") ? "2" : "1"
        let r = try Executables.run(
            "signals", ["verify", spec.path, "--rate", "100", "--duration", duration] + arguments)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("error: "), "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("a motion spec is verified channel by channel (nine channels)")
    func motion() throws {
        let r = try Executables.runSucceeding(
            "signals", ["verify", "Examples/specs/shake-motion.json", "--rate", "200", "--duration", "30", "--json"])
        let object = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]
        let channels = Set((object?["checks"] as? [[String: Any]] ?? []).compactMap { $0["channel"] as? Int })
        #expect(channels == Set(0..<9))
    }

    @Test("too few samples for a spectrum exits 2")
    func tooShort() throws {
        let spec = try Executables.temporaryFile("sine.json", contents: #"{"sine": {"frequency": 1}}"#)
        let r = try Executables.runFailing("signals", ["verify", spec.path, "--rate", "100", "--duration", "0.05"])
        #expect(r.stderr.contains("too few"))
    }
}
