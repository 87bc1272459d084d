import ArgumentParser
import Foundation
import Location
import Navigation
import SignalSpectrum
import Signals

/// `signals plot`: an SVG of the waveform and of the amplitude spectrum with the expected lines marked.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot a spec's waveform and amplitude spectrum (dB, expected lines marked), or a route, as SVG.",
        discussion: """
            For each channel: the waveform over the first min(duration, 2) seconds, and
            the flat-top amplitude spectrum in dB re 1 signal unit from 0 Hz to Nyquist
            with the expected lines (circles), DC (square) and chirp bands (shaded) of
            the spec. A route (route spec or GPX file) is drawn in local east/north
            metres with its waypoints, its reported fixes when it has an error model,
            and its speed and accuracy over time (--rate default 1 Hz, --duration
            default one pass). Open the SVG in a browser. -o is an .svg name (or none),
            never the spec or the --input recording, nor a file you may not write.
            Example: signals plot Examples/specs/wave.json --rate 1000 --duration 10 -o
              wave.svg
            """
    )

    @Argument(help: "The JSON spec file (signal or motion spec; - for standard input).")
    var spec: String

    @OptionGroup var timing: RenderTiming

    @Option(name: .shortAndLong, help: "The SVG file to write.")
    var output: String

    @Option(name: .long, help: "A recording to plot instead of the render: .npy or .csv, one column per channel.")
    var input: String?

    @OptionGroup var routeSpeed: RouteSpeedOption

    func run() throws {
        let inputs = try OutputSink.Inputs([spec, input])
        try inputs.check(output, option: "-o", extensions: ["svg"], what: "an SVG plot")
        let (document, name) = try loadDocument(spec, routeSpeed: routeSpeed.value)
        let signal: AnySignal
        switch document {
        case .signal(let s): signal = s
        case .imu:
            throw CLIError(
                "\(name): this is an IMU spec (six sensor channels with noise); its spectrum is noise: `signals allan` analyses it and --plot draws its Allan deviation"
            )
        case .route(let route):
            return try plotRoute(route, name: name, inputs: inputs)
        case .trajectory(let trajectory):
            return try plotTrajectory(trajectory, name: name, inputs: inputs)
        case .motionAndRoute(_, let route):
            ProcessOutput.error(
                "note: \(name) holds a motion and a route; this plot shows the route (plot {\"motion\": ...} alone for its spectrum)\n"
            )
            return try plotRoute(route, name: name, inputs: inputs)
        }
        try VerifyCommand.checkLength(try timing.request().frameCount)
        let buffer = try analysedSamples(signal: signal, timing: timing, input: input, specName: spec)
        let allowAliasing = timing.allowAliasing
        let expected = try spectrumStep { () throws(SignalError) in
            try ExpectedSpectrum(signal.node, sampleRate: buffer.sampleRate, allowAliasing: allowAliasing)
        }
        // One envelope per channel (the largest amplitude per pixel column): no spectrum arrays kept.
        var spectra: [SpectrumEnvelope] = []
        for c in 0..<buffer.channelCount {
            spectra.append(
                try spectrumStep { () throws(SignalError) in
                    try SpectrumEnvelope(buffer, channel: c, window: .flatTop, groups: SpectrumPlot.columns)
                })
        }
        let title =
            "\(input ?? spec) · \(SpectrumPlot.number(buffer.sampleRate)) Hz · \(SpectrumPlot.number(buffer.duration)) s"
        let svg = SpectrumPlot(buffer: buffer, spectra: spectra, expected: expected, title: title).svg()
        let sink = try OutputSink(path: output, inputs: inputs)
        try sink.write(svg)
        try sink.close()
    }

    /// The trajectory's plot (see ``TrajectoryPlot``): the truth at `--rate` (default 10 Hz) for `--duration`
    /// (default the whole trajectory), at most 200,000 states; the sensors at their own rates.
    func plotTrajectory(_ trajectory: Trajectory, name: String, inputs: OutputSink.Inputs) throws {
        guard input == nil else {
            throw CLIError("--input is for signal recordings; a trajectory is plotted from its spec")
        }
        var timing = self.timing
        if timing.rate == nil { timing.rate = 10 }
        let (rate, start, duration) = try TrajectoryOutput.timing(timing, trajectory)
        let streams = try routeStep(name) { () throws(SignalError) in try trajectory.series(rate: rate) }
        var sensors: [TrajectorySeries.Kind: (stream: TrajectorySeries, rows: [Double])] = [:]
        var states: [TrajectoryState] = []
        for stream in streams {
            let range = try TrajectoryOutput.samples(rate: stream.rate, start: start, duration: duration)
            guard range.count <= 200_000 else {
                throw CLIError(
                    "\(name): \(range.count) \(stream.kind.rawValue) samples are too many to plot (at most 200,000); lower --rate or --duration"
                )
            }
            if stream.kind == .truth {
                states = trajectory.states(first: range.lowerBound, count: range.count, rate: stream.rate)
            } else {
                sensors[stream.kind] = (
                    stream,
                    try routeStep(name) { () throws(SignalError) in try trajectory.render(stream, samples: range) }
                )
            }
        }
        let title =
            "\(name) · \(trajectory.legs.count > 1 ? "trip of \(trajectory.legs.count) legs" : trajectory.vehicle.name ?? "custom vehicle") · \(SpectrumPlot.number((trajectory.length / 1000).rounded(toPlaces: 3))) km · \(SpectrumPlot.number(trajectory.duration.rounded(toPlaces: 1))) s · \(SpectrumPlot.number(rate)) Hz"
        let svg = TrajectoryPlot(states: states, streams: sensors, trajectory: trajectory, title: title).svg()
        let sink = try OutputSink(path: output, inputs: inputs)
        try sink.finish {
            try sink.write(svg)
        }
    }

    /// The route's plot (see ``RoutePlot``): its fixes at `--rate` (default 1 Hz) for `--duration` (default
    /// one pass), at most 200,000 of them.
    func plotRoute(_ route: Route, name: String, inputs: OutputSink.Inputs) throws {
        guard input == nil else { throw CLIError("--input is for signal recordings; a route is plotted from its spec") }
        let timeline = try routeStep(name) { () throws(SignalError) in try route.timeline() }
        let request = try RouteOutput.request(
            rate: timing.rate, duration: timing.duration, start: timing.start,
            timeline: timeline)
        guard request.frameCount <= 200_000 else {
            throw CLIError(
                "\(name): \(request.frameCount) fixes are too many to plot (at most 200,000); lower --rate or --duration"
            )
        }
        let samples = try routeStep(name) { () throws(SignalError) in
            try route.samples(
                sampleRate: request.sampleRate, duration: Double(request.frameCount) / request.sampleRate,
                start: Double(request.startIndex) / request.sampleRate)
        }
        let km = timeline.passLength / 1000
        let title =
            "\(name) · \(route.waypoints.count) waypoints · \(SpectrumPlot.number(km.rounded(toPlaces: 3))) km · \(SpectrumPlot.number(timeline.passDuration.rounded(toPlaces: 1))) s a pass\(route.loops ? " (loops)" : "") · \(SpectrumPlot.number(request.sampleRate)) Hz"
        let svg = RoutePlot(samples: samples, timeline: timeline, title: title).svg()
        let sink = try OutputSink(path: output, inputs: inputs)
        try sink.finish {
            try sink.write(svg)
        }
    }
}
