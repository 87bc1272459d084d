import ArgumentParser
import Foundation
import Location
import Playback
import Sensors
import Signals
import Specs

/// `signals render`: a spec to CSV, NumPy .npy or raw float32, streamed in bounded memory.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract:
            "Render a JSON signal spec or a route (JSON, GPX) to CSV, NumPy .npy or raw float32 samples, or a trajectory to MCAP.",
        discussion: """
            Streams block by block, so memory stays bounded whatever the duration.
            Signal specs, motion specs ({"motion": ...}: nine channels, user
            acceleration x y z, gravity x y z, rotation rate x y z; with an "attitude",
            four more: the quaternion w x y z) and IMU specs ({"imu": ...}: six
            channels) are accepted, and routes: a route spec ({"route": ...}), a GPX
            file (--speed for one without times), or a motion and a route together
            ({"motion": ..., "route": ...}).
              csv  header `t,value` (one channel), `t,x,y,z` (axes),
                   `t,userAcceleration.x,...,rotationRate.z` (motion; `signals play`
                   reads it back), `...,attitude.w,attitude.x,attitude.y,attitude.z`,
                   `t,accelerometer.x,...,gyroscope.z` (IMU) or `t,c0,c1,...`; t in
                   seconds
              npy  NumPy .npy v1.0, little-endian float32, shape (frames,) or (frames,
                   channels)
              f32  raw interleaved little-endian float32
            A route renders its reported fixes, by default at 1 Hz for one pass:
              csv  `t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy`
              npy  float64, shape (frames, 7): the columns after t (a float32 latitude
                   is only good to a metre)
            A motion and a route: the nine motion columns (13 with an attitude), then
            the route's seven (npy float64). A trajectory ({"trajectory": ...}) writes
            one file per stream with --output-dir DIR: truth, imu, magnetometer,
            barometer, gnss (.csv, or .npy float64 with --format npy), each with a first
            column t, at its own rate (--rate for the truth and the sensors that set
            none; --duration by default the whole trajectory). Without --output-dir,
            when every stream runs at --rate, one table with all the columns. mcap (-o
            FILE.mcap or --format mcap): a trajectory's streams, or an IMU spec's
            readings, as ROS 2 messages (CDR) in one MCAP file: /imu/data
            (sensor_msgs/msg/Imu), /imu/mag (MagneticField, tesla), /pressure
            (FluidPressure, Pa), /gnss/fix (NavSatFix), /truth/odometry
            (nav_msgs/msg/Odometry, ENU); stamps are the trajectory's epoch plus t.
            Other specs are refused.
            The format follows -o's extension (.csv, .npy, .f32, .mcap; .raw and .bin
            are f32 too); --format, needed for standard output or a name without an
            extension, must agree with it. -o never names the spec itself (nor a link to
            it) or a file you may not write.
            Example: signals render Examples/specs/shake-axes.json --rate 1000
              --duration 10 -o shake.npy
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, npy, f32, mcap

        /// The format an output's extension names (`raw` and `bin` are f32), `nil` for any other.
        init?(extension ext: String) {
            switch ext {
            case "csv": self = .csv
            case "npy": self = .npy
            case "mcap": self = .mcap
            case "f32", "raw", "bin": self = .f32
            default: return nil
            }
        }
    }

    @Argument(help: "The JSON spec file (- for standard input).")
    var spec: String

    @OptionGroup var timing: RenderTiming

    @Option(name: .long, help: "Output format: csv, npy, f32 or mcap (by default -o's extension).")
    var format: Format?

    @Option(name: .shortAndLong, help: "Output file (standard output when absent).")
    var output: String?

    @Option(
        name: .customLong("output-dir"),
        help: "A trajectory: write one file per stream (truth, imu, magnetometer, barometer, gnss) into this directory."
    )
    var outputDirectory: String?

    @OptionGroup var routeSpeed: RouteSpeedOption

    func run() throws {
        var inputs = try OutputSink.Inputs([spec])
        try inputs.check(output, option: "-o")
        if let outputDirectory, outputDirectory.isEmpty {
            throw CLIError("--output-dir '' names no directory")
        }
        let (document, name) = try loadDocument(spec, routeSpeed: routeSpeed.value)
        if case .trajectory(let trajectory) = document {
            for gpx in trajectory.gpxFiles { try inputs.add(gpx) }
            try inputs.check(output, option: "-o")
            let chosen =
                outputDirectory != nil || (format == nil && OutputSink.fileExtension(output) == nil)
                ? format : try outputFormat()
            if chosen == .mcap {
                guard outputDirectory == nil else {
                    throw CLIError(
                        "--format mcap writes every stream into one file: give it with -o FILE.mcap, not --output-dir")
                }
                try MCAPOutput.render(trajectory, name: name, timing: timing, output: output, inputs: inputs)
                return
            }
            try TrajectoryOutput.render(
                trajectory, name: name, timing: timing, format: chosen, output: output,
                directory: outputDirectory, inputs: inputs)
            return
        }
        if outputDirectory != nil {
            throw CLIError(
                "--output-dir is for trajectory specs ({\"trajectory\": ...}), which write one file per stream; use -o for a \(document.kind) spec"
            )
        }
        let format = try outputFormat()
        if format == .mcap {
            guard case .imu(let imu) = document else {
                let kind = if case .signal = document { "signal (\(document.kind))" } else { document.kind }
                throw CLIError(
                    "MCAP output (--format mcap, -o FILE.mcap) takes trajectory specs ({\"trajectory\": ...}: every sensor) and IMU specs ({\"imu\": ...}: /imu/data); a \(kind) spec renders csv, npy or f32"
                )
            }
            let request = try timing.validated(imu, name: spec)
            try checkIntegratedStart(imu, request)
            let blocks = try imu.blocks(request, blockFrames: 16_384, options: timing.options)
            try MCAPOutput.render(imu: imu, blocks: blocks, output: output, inputs: inputs, rate: request.sampleRate)
            return
        }
        switch document {
        case .signal(let signal):
            try write(
                signal, request: try timing.validated(signal, name: spec), names: columnNames(signal), format: format,
                inputs: inputs)
        case .imu(let imu):
            try write(
                imu, request: try timing.validated(imu, name: spec), names: IMU.channelNames, format: format,
                inputs: inputs)
        case .route(let route):
            try RouteOutput.render(route, name: name, timing: timing, format: format, output: output, inputs: inputs)
        case .motionAndRoute(let motion, let route):
            try RouteOutput.render(
                motion: motion, route: route, name: name, timing: timing, format: format, output: output,
                inputs: inputs)
        case .trajectory:
            break
        }
    }

    /// The output format: `--format`, or the one `-o`'s extension names; the two must agree.
    /// - Throws: ``CLIError`` for a contradiction, an extension that is no format of render, or no way to tell.
    func outputFormat() throws -> Format {
        let ext = OutputSink.fileExtension(output)
        let named = ext.flatMap(Format.init(extension:))
        if let ext, named == nil {
            throw CLIError(
                "-o \(output ?? ""): render writes csv, npy, f32 or mcap, not .\(ext); name the file .csv, .npy, .f32 or .mcap (.raw and .bin are f32 too)"
            )
        }
        switch (format, named) {
        case (let asked?, let named?) where asked != named:
            throw CLIError(
                "-o \(output ?? "") names a .\(ext ?? "") file but --format is \(asked.rawValue); drop --format (the extension chooses) or make them agree"
            )
        case (let asked?, _):
            return asked
        case (nil, let named?):
            return named
        case (nil, nil):
            throw CLIError(
                "missing --format csv, npy, f32 or mcap: \(output == nil || output == "-" ? "standard output" : "-o \(output ?? "")") has no extension to choose it by"
            )
        }
    }

    func write<S: Signal>(
        _ signal: S, request: RenderRequest, names: [String], format: Format, inputs: OutputSink.Inputs
    ) throws {
        try checkIntegratedStart(signal, request)
        let blocks = try signal.blocks(request, blockFrames: 16_384, options: timing.options)
        let sink = try OutputSink(path: output, inputs: inputs)
        let writer = SampleWriter(
            format: format, channelCount: signal.channelCount, frameCount: request.frameCount,
            names: names)
        try sink.finish {
            try sink.write(writer.header())
            for block in blocks {
                try sink.write(try writer.encode(block))
            }
        }
    }
}
