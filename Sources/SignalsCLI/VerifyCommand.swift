import ArgumentParser
import Foundation
import SignalSpectrum
import Signals

/// `signals verify`: checks a render (or a recording) against what its spec must contain.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a spec's render (or a recording) contains exactly what the spec predicts.",
        discussion: """
            Renders SPEC (or reads --input, one column per channel; its first frame is
            sample round(start · rate)) and checks every channel two ways. A
            least-squares fit of the spec's exact waveform (method "fit") measures the
            DC level and the amplitude, phase and frequency of every significant line
            and chirp, and checks the residual's RMS against the expected noise (every
            weaker line is in the model and is checked there). The residual's spectrum
            (method "spectrum") is checked for unexpected peaks and, with noise, for
            flatness. A component the record cannot separate is listed as unchecked,
            with the record length that would check it. Amplitudes are in signal units,
            frequencies in Hz, phases in radians.
              --json prints {"passed": Bool, "checks": [{"channel": Int, "kind": String,
                "frequency": Double?, "expected": Double, "measured": Double,
                "tolerance": Double, "passed": Bool, "method": String}], "unchecked":
                [{"channel": Int, "component": String, "frequency": Double?, "source":
                String, "reason": String, "requiredDuration": Double?}], "verdict":
                "passed" | "failed" | "incomplete"}
            Exit status: 0 when every check passes and every component was checked, 1
            when a check fails, 2 when a component cannot be checked in this record (the
            message says how long a record would be needed) or for bad input.
            Example: signals verify Examples/specs/wave.json --rate 1000 --duration 10
            """
    )

    @Argument(help: "The JSON spec file (signal or motion spec; - for standard input).")
    var spec: String

    @OptionGroup var timing: RenderTiming

    @Option(
        name: .long,
        help: "A recording to check instead of the render: .npy (float32/float64) or .csv, one column per channel.")
    var input: String?

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let inputs = try OutputSink.Inputs([spec, input])
        try inputs.check(nil, option: "standard output")
        let signal = try loadSpec(spec)
        let request = try timing.validated(signal, name: spec)
        try VerifyCommand.checkLength(request.frameCount)
        var buffer = try analysedSamples(signal: signal, timing: timing, input: input, specName: spec)
        if input != nil && buffer.startIndex != request.startIndex {
            // A recording starts where --start says: its frames are samples round(start · rate) onwards.
            buffer = SampleBuffer(
                sampleRate: buffer.sampleRate, startIndex: request.startIndex,
                channelCount: buffer.channelCount, frameCount: buffer.frameCount, samples: buffer.samples)
        }
        let allowAliasing = timing.allowAliasing
        let expected = try spectrumStep { () throws(SignalError) in
            try ExpectedSpectrum(signal.node, sampleRate: buffer.sampleRate, allowAliasing: allowAliasing)
        }
        let report = try spectrumStep { () throws(SignalError) in try Verifier.verify(buffer, against: expected) }
        let sink = try OutputSink(path: nil, inputs: inputs)
        try sink.write(json ? report.json() + Data("\n".utf8) : Data(report.table.utf8))
        try sink.close()
        switch report.verdict {
        case .passed: return
        case .failed: throw ExitCode(1)
        case .incomplete: throw CLIError(VerifyCommand.incompleteMessage(report, duration: buffer.duration))
        }
    }

    /// Refuses a record longer than the verifier analyses, before rendering or reading it.
    static func checkLength(_ frames: Int) throws {
        guard frames <= Verifier.maximumFrameCount else {
            throw CLIError(
                "--rate × --duration asks for \(frames) frames per channel; verify and plot analyse at most \(Verifier.maximumFrameCount) (about 8 bytes each besides the samples): shorten --duration or lower --rate"
            )
        }
    }

    /// The exit-2 message: what could not be checked and the longest record length any of it needs.
    static func incompleteMessage(_ report: VerificationReport, duration: Double) -> String {
        guard !report.unchecked.isEmpty else { return "not verified: no check could be made" }
        let count = report.unchecked.count
        var message =
            "not verified: \(count) component\(count == 1 ? "" : "s") of the signal cannot be checked in this \(SpectrumPlot.number(duration)) s record"
        let needed = report.unchecked.compactMap(\.requiredDuration)
        if needed.count == report.unchecked.count, let longest = needed.max() {
            message +=
                "; a record of at least \(SpectrumPlot.number(longest)) s would check \(count == 1 ? "it" : "them all")"
        } else if let longest = needed.max() {
            message +=
                "; some need a record of at least \(SpectrumPlot.number(longest)) s, others cannot be separated at any length"
        }
        let first = report.unchecked.prefix(3).map(\.description).joined(separator: "\n  ")
        message += ":\n  " + first
        if count > 3 { message += "\n  … and \(count - 3) more (see the report)" }
        return message
    }
}
