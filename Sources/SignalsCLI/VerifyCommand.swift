import ArgumentParser
import Foundation
import SignalSpectrum
import Signals

/// `signals verify`: checks a render (or a recording) against the spectrum its spec predicts.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a spec's render (or a recording) has the spectrum the spec predicts.",
        discussion: """
        Renders SPEC (or reads --input, one column per channel) and checks, per channel, every expected
        line's amplitude and frequency, the DC level, chirp bands, the noise level and flatness, and that
        no unexpected peak rises above the noise floor. Amplitudes are in signal units, frequencies in Hz.
          --json prints {"passed": Bool, "checks": [{"channel": Int, "kind": String, "frequency": Double?,
          "expected": Double, "measured": Double, "tolerance": Double, "passed": Bool}]}
        Exit status: 0 when every check passes, 1 when one fails, 2 for bad input.
        Example: signals verify Examples/specs/wave.json --rate 1000 --duration 10
        """
    )

    @Argument(help: "The JSON spec file (signal or motion spec; - for standard input).")
    var spec: String

    @OptionGroup var timing: RenderTiming

    @Option(name: .long, help: "A recording to check instead of the render: .npy (float32/float64) or .csv, one column per channel.")
    var input: String?

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let signal = try loadSpec(spec)
        let buffer = try analysedSamples(signal: signal, timing: timing, input: input, specName: spec)
        let allowAliasing = timing.allowAliasing
        let expected = try spectrumStep { () throws(SpectrumError) in
            try ExpectedSpectrum(signal.node, sampleRate: buffer.sampleRate, allowAliasing: allowAliasing)
        }
        let report = try spectrumStep { () throws(SpectrumError) in try Verifier.verify(buffer, against: expected) }
        if json {
            try StandardStreams.output(String(decoding: report.json(), as: UTF8.self) + "\n")
        } else {
            try StandardStreams.output(report.table)
        }
        if !report.passed { throw ExitCode(1) }
    }
}
