import ArgumentParser
import Foundation
import SignalSpectrum

/// `signals compare A B`: a realism report between two recordings (see `RealismComparison`).
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract:
            "Compare two recordings' motion features (realism report): similar as real recordings of one activity are, or not.",
        discussion: """
            A and B are each a phone export (a folder or CSV file signals import reads:
            phyphox, Sensor Logger), a render directory (signals render SPEC
            --output-dir DIR: truth.csv, imu.csv) or a point file (.csv with a timestamp
            column, .json, .jsonl). Both go onto one 100-Hz grid, in the band up to half
            the lower sample rate, and lose gravity the same way (a 2-s Hann moving
            average of the total acceleration). For the magnitude of the linear
            acceleration, of the rotation rate, and of each axis when the devices sat
            the same way up (gravity directions within 20°): RMS, kurtosis, crest
            factor, dominant frequency, harmonic ratio of the stride, share of power
            above 5 Hz and (magnitudes) step rate. Each feature has a tolerance set by
            how much real recordings of one activity and placement differ (DocC:
            Comparing recordings); the recordings are similar when every feature is
            within it. What cannot be compared (no gyroscope, axes of differently held
            devices, harmonics without a gait) is listed, never given as a number.
              --json prints {"similar": Bool, "features": [{"name": String, "a": Double,
                "b": Double, "similar": Bool, "deviation": Double, "tolerance": Double,
                "unit": String}], "omitted": [{"name": String, "reason": String}],
                "recordings": [{"name", "duration", "sampleRate", "gyroscope",
                "gravity"}], "band": Double, "rate": Double, "framesAgree": Bool,
                "gravityAngle": Double}
              -o report.svg draws both power spectral densities of each magnitude and
                the feature table.
            Each recording must last at least 20 s (at most 3 hours) and be sampled at
            20 Hz or more.
            Exit status: 0 when similar, 1 when not, 2 for bad input.
            Example: signals compare recording/ render/ --json -o report.svg
            """
    )

    @Argument(help: "The first recording: a phone export (folder or CSV), a render directory or a point file.")
    var a: String

    @Argument(help: "The second recording, as the first.")
    var b: String

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Option(name: .shortAndLong, help: "Write an SVG report: both spectra of each magnitude and the feature table.")
    var output: String?

    @OptionGroup var phone: PhonePlatformOption

    func run() throws {
        // Every file either reading opens, a folder's included, so that -o never lands on one.
        let inputs = try CompareInput.inputs([a, b])
        try inputs.check(output, option: "-o", extensions: ["svg"], what: "an SVG report")
        if output == "-" { throw CLIError("-o -: the report goes to standard output already; -o names the SVG file") }
        // The SVG's file first: a directory or a folder that does not exist is refused before any work.
        let svg = try output.map { try OutputSink(path: $0, inputs: inputs) }
        var notes: [String] = []
        let first = try CompareInput.read(a, platform: phone.platform, notes: &notes)
        let second = try CompareInput.read(b, platform: phone.platform, notes: &notes)
        for note in notes { ProcessOutput.error("note: \(note)\n") }
        let report = try sensorsStep { () throws(SignalError) in try RealismComparison(first, second) }
        let sink = try OutputSink(path: nil, inputs: inputs)
        try sink.write(json ? report.json() + Data("\n".utf8) : Data(report.table.utf8))
        try sink.close()
        if let svg {
            try svg.finish { try svg.write(Data(CompareReportPlot(report: report).svg().utf8)) }
        }
        if !report.similar { throw ExitCode(1) }
    }
}
