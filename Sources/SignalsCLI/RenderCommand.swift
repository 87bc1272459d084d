import ArgumentParser
import Foundation
import Location
import Playback
import Signals

/// `signals render`: a spec to CSV, NumPy .npy or raw float32, streamed in bounded memory.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a JSON signal spec or a route (JSON, GPX) to CSV, NumPy .npy or raw float32 samples.",
        discussion: """
        Streams block by block, so memory stays bounded whatever the duration. Signal specs and motion specs
        ({"motion": ...}: nine channels, user acceleration x y z, gravity x y z, rotation rate x y z) are accepted,
        and routes: a route spec ({"route": ...}), a GPX file (--speed for one without times), or a motion and a
        route together ({"motion": ..., "route": ...}).
          csv  header `t,value` (one channel), `t,x,y,z` (axes), `t,userAcceleration.x,...,rotationRate.z`
               (motion; `signals play` reads it back) or `t,c0,c1,...`; t in seconds
          npy  NumPy .npy v1.0, little-endian float32, shape (frames,) or (frames, channels)
          f32  raw interleaved little-endian float32
        A route renders its reported fixes, by default at 1 Hz for one pass:
          csv  `t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy`
          npy  float64, shape (frames, 7): the columns after t (a float32 latitude is only good to a metre)
        A motion and a route: the nine motion columns, then the route's seven (npy float64, 16 columns).
        Example: signals render Examples/specs/shake-axes.json --rate 1000 --duration 10 --format npy -o shake.npy
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, npy, f32
    }

    @Argument(help: "The JSON spec file (- for standard input).")
    var spec: String

    @OptionGroup var timing: RenderTiming

    @Option(name: .long, help: "Output format: csv, npy or f32.")
    var format: Format

    @Option(name: .shortAndLong, help: "Output file (standard output when absent).")
    var output: String?

    @Option(name: [.customLong("speed"), .customLong("route-speed")], parsing: .unconditional,
            help: "m/s along a GPX file without times.")
    var routeSpeed: Double?

    func run() throws {
        let (document, name) = try loadDocument(spec, routeSpeed: routeSpeed)
        let signal: AnySignal
        switch document {
        case .signal(let s): signal = s
        case .route(let route):
            return try RouteOutput.render(route, name: name, timing: timing, format: format, output: output)
        case .motionAndRoute(let motion, let route):
            return try RouteOutput.render(motion: motion, route: route, name: name, timing: timing, format: format, output: output)
        }
        let request = try timing.validated(signal, name: spec)
        let blocks = try signal.blocks(request, blockFrames: 16_384, options: timing.options)
        let sink = try OutputSink(path: output)
        var motion = false
        if case .motion = signal.node { motion = true }
        let writer = SampleWriter(format: format, channelCount: signal.channelCount, frameCount: request.frameCount,
                                  motion: motion)
        do {
            try sink.write(writer.header())
            for block in blocks {
                try sink.write(writer.encode(block))
            }
            try sink.close()
        } catch {
            sink.abandon()
            throw error
        }
    }
}
