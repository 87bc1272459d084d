import ArgumentParser
import Foundation
import SignalSpectrum
import Signals

/// `signals plot`: an SVG of the waveform and of the amplitude spectrum with the expected lines marked.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot a spec's waveform and amplitude spectrum (dB, expected lines marked) as SVG.",
        discussion: """
        For each channel: the waveform over the first min(duration, 2) seconds, and the flat-top amplitude
        spectrum in dB re 1 signal unit from 0 Hz to Nyquist with the expected lines (circles), DC (square)
        and chirp bands (shaded) of the spec. Open the SVG in a browser.
        Example: signals plot Examples/specs/wave.json --rate 1000 --duration 10 -o wave.svg
        """
    )

    @Argument(help: "The JSON spec file (signal or motion spec; - for standard input).")
    var spec: String

    @OptionGroup var timing: RenderTiming

    @Option(name: .shortAndLong, help: "The SVG file to write.")
    var output: String

    @Option(name: .long, help: "A recording to plot instead of the render: .npy or .csv, one column per channel.")
    var input: String?

    func run() throws {
        let signal = try loadSpec(spec)
        try VerifyCommand.checkLength(try timing.request().frameCount)
        let buffer = try analysedSamples(signal: signal, timing: timing, input: input, specName: spec)
        let allowAliasing = timing.allowAliasing
        let expected = try spectrumStep { () throws(SpectrumError) in
            try ExpectedSpectrum(signal.node, sampleRate: buffer.sampleRate, allowAliasing: allowAliasing)
        }
        // One envelope per channel (the largest amplitude per pixel column): no spectrum arrays kept.
        var spectra: [SpectrumEnvelope] = []
        for c in 0 ..< buffer.channelCount {
            spectra.append(try spectrumStep { () throws(SpectrumError) in
                try SpectrumEnvelope(buffer, channel: c, window: .flatTop, groups: SpectrumPlot.columns)
            })
        }
        let title = "\(input ?? spec) · \(SpectrumPlot.number(buffer.sampleRate)) Hz · \(SpectrumPlot.number(buffer.duration)) s"
        let svg = SpectrumPlot(buffer: buffer, spectra: spectra, expected: expected, title: title).svg()
        let sink = try OutputSink(path: output)
        try sink.write(svg)
        try sink.close()
    }
}
