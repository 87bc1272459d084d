import ArgumentParser
import Formats
import Foundation
import InternalUtilities
import Playback
import Sensors
import Signals
import Specs

/// `signals allan`: the overlapping Allan deviation of each channel of a recording or a render, its
/// noise terms with confidence intervals, an SVG plot, and an IMU spec fitted to a still recording.
struct AllanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "allan",
        abstract:
            "Allan deviation of sensor channels, with N (white noise), K (bias random walk) and B (bias instability).",
        discussion: """
            FILE is a CSV with a header and a time column (t, timestamp or time; as
            `signals render` and `signals import` write them), a point file (analysed as
            accelerometer = userAcceleration + gravity, gyroscope = rotationRate), or a
            .npy array (needs --rate). SPEC is a JSON spec (an IMU or a signal),
            rendered at --rate for --duration. The deviation is allantools' oadev
            (octave τ). N is read at τ = 1 s on the slope −1/2 line, K at τ = 3 s on the
            slope +1/2 line (both fitted over τ ≥ 10/rate), B is the minimum / 0.664;
            each with a 95 % interval. Units are the channel's: N per √Hz, K per s·√Hz.
            Accelerometer channels in g (CoreMotion) are reported in m/s² with --si, to
            compare with Kalibr's numbers.
              --json prints [{"channel", "unit", "tau": [...], "adev": [...],
                "noiseDensity", "randomWalk", "biasInstability", "noiseDensityInterval":
                [lo, hi], "randomWalkInterval", "biasInstabilityInterval",
                "biasInstabilityTau"}]
              --fit-spec imu.json writes an IMU spec fitted to a still recording (all
                six IMU channels needed). --kalibr-yaml imu.yaml writes the same fit as
                Kalibr's imu.yaml (per sensor the largest axis's noise density and
                random walk, SI units, update_rate = the rate); an IMU spec reads it
                back with "kalibr".
            Deviations as allantools and Stable32 compute them: --deviation
            adev|oadev|mdev|tdev|hdev|ohdev|totdev, --taus octave|decade|all, --phase
            for phase data (default: frequency/rate data). With any of them the output
            is the curve alone: a table of tau, deviation and n, or --json [{"channel",
            "unit", "deviation", "taus", "data", "tau": [...], "<deviation>": [...],
            "n": [...]}] (no fits, --plot, --fit-spec or --kalibr-yaml). --plot is an
            .svg name, --fit-spec a .json one and --kalibr-yaml a .yaml one; none may be
            the input, another output, or a file you may not write. Values are read and
            analysed in float64. allan holds at most 2×10^8 values (channels × samples;
            10^8 samples a channel), about 3 GB at most; a larger file or render is
            refused (--rate × --duration for a spec).
            Example: signals allan Examples/specs/imu/kalibr-example.json --rate 100
              --duration 3600 --plot allan.svg
            """
    )

    @Argument(help: "A recording (CSV, point file, .npy) or a JSON spec; - for standard input.")
    var input: String

    @Option(
        name: .long, parsing: .unconditional,
        help: "Sample rate in Hz: required for a spec or .npy; checked against a file's timestamps.")
    var rate: Double?

    @Option(name: .long, parsing: .unconditional, help: "Seconds to render (a spec only).")
    var duration: Double?

    @Option(name: .long, parsing: .unconditional, help: "Time of the first frame in seconds (a spec only).")
    var start: Double = 0

    @Option(name: .long, help: "A channel to analyse, by name (repeat, or separate with commas); default all.")
    var channel: [String] = []

    @Flag(name: .long, help: "Print the curves and fits as JSON.")
    var json = false

    @Flag(name: .long, help: "Report accelerometer channels in m/s² (SI) instead of g.")
    var si = false

    @Option(name: .long, help: "Write a log–log SVG plot with the fitted lines here.")
    var plot: String?

    @Option(name: .customLong("fit-spec"), help: "Write an IMU spec fitted to this (still) recording here.")
    var fitSpec: String?

    @Option(name: .customLong("kalibr-yaml"), help: "Write the fitted noise terms as a Kalibr imu.yaml here.")
    var kalibrYAML: String?

    @Option(name: .long, help: "The deviation: adev, oadev (default), mdev, tdev, hdev, ohdev or totdev.")
    var deviation: String?

    @Option(name: .long, help: "The τ grid: octave (default), decade (1, 2, 4, 10, …) or all.")
    var taus: String?

    @Flag(name: .long, help: "The channels are phase data (default: frequency or rate data).")
    var phase = false

    @Flag(name: .long, help: "Accept frequencies at or above Nyquist when rendering a spec.")
    var allowAliasing = false

    func run() throws {
        let inputs = try OutputSink.Inputs([input])
        try inputs.check([("--plot", plot), ("--fit-spec", fitSpec), ("--kalibr-yaml", kalibrYAML)])
        try OutputSink.checkExtension(plot, option: "--plot", extensions: ["svg"], what: "an SVG plot")
        try OutputSink.checkExtension(fitSpec, option: "--fit-spec", extensions: ["json"], what: "an IMU spec (JSON)")
        try OutputSink.checkExtension(
            kalibrYAML, option: "--kalibr-yaml", extensions: ["yaml", "yml"], what: "a Kalibr imu.yaml")
        try inputs.check(nil, option: "standard output")
        guard let statistic = StabilityDeviation.Statistic(rawValue: deviation ?? "oadev") else {
            throw CLIError(
                "--deviation '\(SignalError.quoted(deviation ?? "", limit: 40))' is not one of \(StabilityDeviation.Statistic.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        guard let grid = StabilityDeviation.TauGrid(rawValue: taus ?? "octave") else {
            throw CLIError(
                "--taus '\(SignalError.quoted(taus ?? "", limit: 40))' is not one of \(StabilityDeviation.TauGrid.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        // Any of the three asks for the curve alone; without them the output is the fits' (unchanged).
        let curveOnly = deviation != nil || taus != nil || phase
        if curveOnly {
            for (option, value) in [("--plot", plot), ("--fit-spec", fitSpec), ("--kalibr-yaml", kalibrYAML)]
            where value != nil {
                throw CLIError(
                    "\(option) uses the fits of the overlapping Allan deviation of rate data at octave τ; leave out --deviation, --taus and --phase to write it"
                )
            }
        }
        let (recording, accelerometerUnit) = try load()
        var selected = Array(recording.names.indices)
        let requested = channel.flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: .whitespaces)
            }
        }
        if requested.contains("") {
            throw CLIError(
                "--channel '\(SignalError.quoted(channel.joined(separator: ","), limit: 60))' holds an empty channel name; the channels are \(recording.names.joined(separator: ", ")) (leave --channel out for all)"
            )
        }
        if !requested.isEmpty {
            selected = []
            for name in requested {
                guard let i = recording.names.firstIndex(of: name) else {
                    var message = "no channel '\(SignalError.quoted(name, limit: 60))'"
                    if let guess = SignalError.closestName(to: name, in: recording.names) {
                        message += " (did you mean '\(guess)'?)"
                    }
                    throw CLIError(message + "; the channels are \(recording.names.joined(separator: ", "))")
                }
                selected.append(i)
            }
        }
        if curveOnly {
            try runCurves(recording, selected, accelerometerUnit, statistic, grid)
            return
        }
        var curves: [AllanPlot.Curve] = []
        var rows: [String] = []
        var objects: [JSONValue] = []
        for i in selected {
            let name = recording.names[i]
            let adev = try sensorsStep { () throws(SignalError) in try AllanDeviation(recording, channel: i) }
            let fit = try? AllanFit(adev)
            var unit = unitOf(name, accelerometerUnit: accelerometerUnit)
            var scale = 1.0
            if si && unit == "g" {
                scale = IMU.standardGravity
                unit = "m/s^2"
            }
            curves.append(AllanPlot.Curve(name: name, unit: unit, adev: adev, fit: fit, scale: scale))
            objects.append(jsonObject(name, unit, adev, fit, scale))
            rows.append(row(name, unit, fit, scale, adev))
        }
        // Before anything is written: the curves and fits that the table, JSON, plot and spec are made of.
        try FiniteOutput.check(json: .array(objects), what: "the Allan deviations of \(input)")
        if fitSpec != nil || kalibrYAML != nil {
            let fitted = try sensorsStep { () throws(SignalError) in
                try IMUFit(recording, accelerometerUnit: accelerometerUnit)
            }
            if let fitSpec {
                let sink = try OutputSink(path: fitSpec, option: "--fit-spec", inputs: inputs)
                try sink.write(fitted.imu.json())
                try sink.write(Data("\n".utf8))
                try sink.close()
            }
            if let kalibrYAML {
                let sink = try OutputSink(path: kalibrYAML, option: "--kalibr-yaml", inputs: inputs)
                try sink.write(Data(fitted.kalibr.yaml.utf8))
                try sink.close()
            }
        }
        if let plot {
            let title =
                "Allan deviation · \(input) · \(SpectrumPlot.number(recording.sampleRate)) Hz · \(SpectrumPlot.number(recording.duration)) s"
            let sink = try OutputSink(path: plot, option: "--plot", inputs: inputs)
            try sink.write(AllanPlot(curves: curves, title: title).svg())
            try sink.close()
        }
        if json {
            try ProcessOutput.output(JSONValue.array(objects).prettyPrinted + "\n")
        } else {
            try ProcessOutput.output(rows.joined())
        }
    }

    /// `--deviation`, `--taus`, `--phase`: each channel's curve, as a table or JSON.
    func runCurves(
        _ recording: ChannelRecording, _ selected: [Int], _ accelerometerUnit: AccelerometerUnit,
        _ statistic: StabilityDeviation.Statistic, _ grid: StabilityDeviation.TauGrid
    ) throws {
        let dataType: StabilityDeviation.DataType = phase ? .phase : .frequency
        var text = ""
        var objects: [JSONValue] = []
        func number(_ v: Double) -> JSONValue { .number(JSONNumber(v)) }
        for i in selected {
            let name = recording.names[i]
            let dev = try sensorsStep { () throws(SignalError) in
                try StabilityDeviation(statistic, recording, channel: i, dataType: dataType, taus: grid)
            }
            var unit = unitOf(name, accelerometerUnit: accelerometerUnit)
            var scale = 1.0
            if si && unit == "g" {
                scale = IMU.standardGravity
                unit = "m/s^2"
            }
            objects.append(
                .object(
                    JSONObject([
                        .init(key: "channel", value: .string(name)), .init(key: "unit", value: .string(unit)),
                        .init(key: "deviation", value: .string(statistic.rawValue)),
                        .init(key: "taus", value: .string(grid.rawValue)),
                        .init(key: "data", value: .string(dataType.rawValue)),
                        .init(key: "tau", value: .array(dev.taus.map(number))),
                        .init(key: statistic.rawValue, value: .array(dev.deviations.map { number($0 * scale) })),
                        .init(
                            key: "n",
                            value: .array(
                                dev.termCounts.map { .number(JSONNumber(text: String($0), value: Double($0))) })),
                    ])))
            text +=
                "\(name) (\(statistic.rawValue), \(grid.rawValue) τ, \(dataType.rawValue) data\(unit.isEmpty ? "" : ", \(unit)"))\n"
            text += "  tau_s  \(statistic.rawValue)  n\n"
            for k in dev.taus.indices {
                text +=
                    "  " + String(format: "%.6g  %.6g  %d", dev.taus[k], dev.deviations[k] * scale, dev.termCounts[k])
                    + "\n"
            }
        }
        try FiniteOutput.check(json: .array(objects), what: "the \(statistic.rawValue) of \(input)")
        try ProcessOutput.output(json ? JSONValue.array(objects).prettyPrinted + "\n" : text)
    }

    /// The recording (or render) and the unit of its accelerometer channels.
    func load() throws -> (ChannelRecording, AccelerometerUnit) {
        let source = try openInput(input)
        if case .spec? = InputKind.detect(name: source.path, head: source.head) {
            let document = try loadDocument(source, routeSpeed: nil)
            guard let rate, let duration else {
                throw CLIError("\(source.name): a spec is rendered before its analysis: give --rate and --duration")
            }
            let request = try RenderRequest(sampleRate: rate, duration: duration, start: start)
            // Refused before rendering: the analysis holds every sample.
            guard request.frameCount <= AllanDeviation.maximumSampleCount else {
                throw CLIError(
                    "--rate × --duration asks for \(request.frameCount) samples per channel; allan analyses at most \(AllanDeviation.maximumSampleCount) (8 bytes a channel and 8 for the analysis each): shorten --duration or lower --rate"
                )
            }
            let options = RenderOptions(allowAliasing: allowAliasing)
            // Checked before the render: an integrated start, then every parameter at the rate.
            func check<S: Signal>(_ signal: S) throws {
                try checkIntegratedStart(signal, request)
                do {
                    try signal.validate(sampleRate: rate, allowAliasing: allowAliasing)
                } catch {
                    throw CLIError(
                        "\(source.name): \(error.locatedAtPreset(inSpec: source.path).offeringAllowAliasing.description)"
                    )
                }
            }
            switch document {
            case .route, .motionAndRoute:
                throw CLIError(
                    "\(source.name): this is a route; signals allan analyses IMU specs, motion and signal specs, and recordings"
                )
            case .trajectory:
                throw CLIError(
                    "\(source.name): this is a trajectory; render its IMU with `signals render --output-dir DIR` and analyse DIR/imu.csv with `signals allan --input`"
                )
            case .imu(let imu):
                try check(imu)
                let channels = try Self.render(imu, request, options: options)
                return (
                    ChannelRecording(names: IMU.channelNames, sampleRate: request.sampleRate, channels: channels),
                    imu.accelerometerUnit
                )
            case .signal(let signal):
                try check(signal)
                var channels = try Self.render(signal, request, options: options)
                if case .motion = signal.node {
                    // Analyse the IMU view of a motion: accelerometer = userAcceleration + gravity, gyroscope = rate.
                    for axis in 0..<3 {
                        let gravity = channels[3 + axis]
                        for i in gravity.indices { channels[axis][i] += gravity[i] }
                    }
                    channels = Array(channels[0..<3]) + Array(channels[6..<9])
                    return (
                        ChannelRecording(names: IMU.channelNames, sampleRate: request.sampleRate, channels: channels),
                        .g
                    )
                }
                return (
                    ChannelRecording(names: columnNames(signal), sampleRate: request.sampleRate, channels: channels), .g
                )
            }
        }
        if duration != nil {
            throw CLIError("\(source.name): --duration applies to a spec; a recording is analysed whole")
        }
        let recording = try sensorsStep { () throws(SignalError) in try ChannelRecording.read(source, rate: rate) }
        // Accelerometer channels in a file: m/s² when their mean magnitude is well above 1 g.
        var unit = AccelerometerUnit.g
        let accelerometer = IMU.channelNames.prefix(3).compactMap { recording.names.firstIndex(of: $0) }
        if accelerometer.count == 3 {
            let x = recording.channels[accelerometer[0]]
            let y = recording.channels[accelerometer[1]]
            let z = recording.channels[accelerometer[2]]
            var sum = 0.0
            for i in x.indices { sum += (x[i] * x[i] + y[i] * y[i] + z[i] * z[i]).squareRoot() }
            if sum / Double(max(1, x.count)) > 4 { unit = .metersPerSecondSquared }
        }
        return (recording, unit)
    }

    /// Renders `request` in pieces of 2¹⁸ frames into one `Double` array per channel (the render is the
    /// same however it is split), refusing beforehand more than `ChannelRecording.maximumValueCount` values.
    static func render(_ signal: some Signal, _ request: RenderRequest, options: RenderOptions) throws -> [[Double]] {
        let k = signal.channelCount
        let (values, overflow) = request.frameCount.multipliedReportingOverflow(by: k)
        guard !overflow, values <= ChannelRecording.maximumValueCount else {
            throw CLIError(
                "--rate × --duration asks for \(request.frameCount) frames of \(k) channels; allan holds at most \(ChannelRecording.maximumValueCount) values (channels × samples, 8 bytes each): shorten --duration or lower --rate"
            )
        }
        var channels = [[Double]](repeating: [], count: k)
        for c in 0..<k { channels[c].reserveCapacity(request.frameCount) }
        var first = request.startIndex
        let end = request.startIndex + request.frameCount
        while first < end {
            let count = min(1 << 18, end - first)
            let piece = try signal.render(
                try RenderRequest(sampleRate: request.sampleRate, startIndex: first, frameCount: count),
                options: options)
            for c in 0..<k { channels[c].append(contentsOf: piece.channel(c).lazy.map { Double($0) }) }
            first += count
        }
        return channels
    }

    func unitOf(_ name: String, accelerometerUnit: AccelerometerUnit) -> String {
        if name.hasPrefix("accelerometer.") { return accelerometerUnit.rawValue }
        if name.hasPrefix("gyroscope.") || name.hasPrefix("rotationRate.") { return "rad/s" }
        if name.hasPrefix("userAcceleration.") || name.hasPrefix("gravity.") { return "g" }
        return ""
    }

    func row(_ name: String, _ unit: String, _ fit: AllanFit?, _ scale: Double, _ adev: AllanDeviation) -> String {
        func e(_ v: Double) -> String { String(format: "%.4g", v) }
        func estimate(_ x: AllanFit.Estimate, _ u: String) -> String {
            let s = x.scaled(by: scale)
            return "\(e(s.value)) [\(e(s.lower)), \(e(s.upper))] \(u)"
        }
        guard let fit else {
            return
                "\(name): \(adev.taus.count) points, too short for the fits (record at least \(Int((80 / adev.sampleRate * adev.sampleRate).rounded())) samples)\n"
        }
        let u = unit.isEmpty ? "" : unit
        return
            "\(name)\n  N = \(estimate(fit.noiseDensity, "\(u)/√Hz"))\n  K = \(estimate(fit.randomWalk, "\(u)/s/√Hz"))\n"
            + "  B = \(estimate(fit.biasInstability, u)) (minimum at τ = \(e(fit.biasInstabilityTau)) s)\n"
    }

    func jsonObject(
        _ name: String, _ unit: String, _ adev: AllanDeviation, _ fit: AllanFit?, _ scale: Double
    ) -> JSONValue {
        func number(_ v: Double) -> JSONValue { .number(JSONNumber(v)) }
        func interval(_ x: AllanFit.Estimate) -> JSONValue {
            let s = x.scaled(by: scale)
            return .array([number(s.lower), number(s.upper)])
        }
        var members: [JSONObject.Member] = [
            .init(key: "channel", value: .string(name)), .init(key: "unit", value: .string(unit)),
            .init(key: "tau", value: .array(adev.taus.map(number))),
            .init(key: "adev", value: .array(adev.deviations.map { number($0 * scale) })),
        ]
        if let fit {
            members += [
                .init(key: "noiseDensity", value: number(fit.noiseDensity.value * scale)),
                .init(key: "randomWalk", value: number(fit.randomWalk.value * scale)),
                .init(key: "biasInstability", value: number(fit.biasInstability.value * scale)),
                .init(key: "noiseDensityInterval", value: interval(fit.noiseDensity)),
                .init(key: "randomWalkInterval", value: interval(fit.randomWalk)),
                .init(key: "biasInstabilityInterval", value: interval(fit.biasInstability)),
                .init(key: "biasInstabilityTau", value: number(fit.biasInstabilityTau)),
            ]
        } else {
            members += ["noiseDensity", "randomWalk", "biasInstability"].map {
                JSONObject.Member(key: $0, value: .null)
            }
        }
        return .object(JSONObject(members))
    }
}

/// Runs a step of the Sensors module, turning its error into a ``CLIError``.
func sensorsStep<T>(_ body: () throws(SignalError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw CLIError(error.description)
    }
}
