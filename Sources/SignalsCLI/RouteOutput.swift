import Formats
import Foundation
import Location
import Playback
import Signals
import Specs

/// Opens any spec or GPX file once and decodes it (see `SpecDocument`), naming the input in any error.
/// - Parameters:
///   - path: The file, or `-`.
///   - routeSpeed: m/s along a GPX file (`--speed`): needed without times, ignores the file's times with a note.
func loadDocument(_ path: String, routeSpeed: Double?) throws -> (document: SpecDocument, name: String) {
    let input = try openInput(path, spoolLimit: SpecDocument.sizeLimit)
    return (try loadDocument(input, routeSpeed: routeSpeed), input.name)
}

/// Decodes an opened input (see `SpecDocument`).
/// Notes (a GPX file's times ignored for `--speed`) are printed on stderr as `note: ...`.
func loadDocument(_ input: NamedInput, routeSpeed: Double?) throws -> SpecDocument {
    var notes: [String] = []
    let document = try SpecDocument.load(input, routeSpeed: routeSpeed, notes: &notes)
    for note in notes { ProcessOutput.error("note: \(note)\n") }
    return document
}

/// Runs route code, naming the input in its `SignalError`.
func routeStep<R>(_ name: String, _ body: () throws(SignalError) -> R) throws(SignalError) -> R {
    do {
        return try body()
    } catch {
        throw error.located(file: name)
    }
}

/// Rendering, playing and plotting routes for `signals render`, `play` and `plot`.
enum RouteOutput {
    /// CSV columns of a rendered route.
    static let columns = LocationColumns.names

    /// The values of `p` in the order of ``columns``.
    @inline(__always)
    static func values(_ p: LocationPoint) -> [Double] {
        LocationColumns.row(
            latitude: p.latitude, longitude: p.longitude, altitude: p.altitude, speed: p.speed, course: p.course,
            horizontalAccuracy: p.horizontalAccuracy, verticalAccuracy: p.verticalAccuracy)
    }

    /// Seconds of a route played or rendered without `--duration`: one pass, with a last sample on the
    /// arrival of a route that does not loop.
    static func defaultDuration(_ timeline: RouteTimeline, rate: Double) -> Double {
        let pass = timeline.passDuration
        return timeline.route.loops && pass > 0 ? pass : pass + 1 / rate
    }

    /// The samples of a route render: `--rate` (default 1 Hz), `--duration` (default one pass), `--start`.
    static func request(
        rate: Double?, duration: Double?, start: Double, timeline: RouteTimeline
    ) throws -> RenderRequest {
        let rate = rate ?? 1
        guard rate.isFinite, rate > 0 else {
            throw CLIError("--rate must be a positive, finite number of Hz, got \(rate)")
        }
        return try RenderRequest(
            sampleRate: rate, duration: duration ?? defaultDuration(timeline, rate: rate), start: start)
    }

    // MARK: render

    /// The timeline of the route in `name` and the samples `timing` asks of it, for a render in `format`:
    /// never `f32` (32-bit floats are good to about a metre for a latitude).
    private static func renderRequest(
        _ route: Route, name: String, timing: RenderTiming, format: RenderCommand.Format
    ) throws -> (timeline: RouteTimeline, request: RenderRequest) {
        guard format != .f32 else {
            throw CLIError(
                "\(name): f32 holds 32-bit floats, good to about a metre for a latitude; render a route as csv, or npy (float64)"
            )
        }
        let timeline = try routeStep(name) { () throws(SignalError) in try route.timeline() }
        let request = try Self.request(
            rate: timing.rate, duration: timing.duration, start: timing.start, timeline: timeline)
        return (timeline, request)
    }

    /// A cursor over the route's samples at the request's rate, at its first sample; every sample it asks
    /// for must be on the route's timeline.
    private static func routeCursor(
        _ timeline: RouteTimeline, _ request: RenderRequest, name: String
    ) throws -> RouteSampler.Cursor {
        let sampler = try routeStep(name) { () throws(SignalError) in
            try RouteSampler(timeline, sampleRate: request.sampleRate)
        }
        return try routeStep(name) { () throws(SignalError) in
            try sampler.checkRange(first: request.startIndex, count: request.frameCount)
            return try sampler.cursor(at: request.startIndex)
        }
    }

    /// Writes a route's reported fixes as CSV (`t,latitude,longitude,altitude,speed,course,horizontalAccuracy,
    /// verticalAccuracy`) or float64 `.npy` (the seven columns after `t`), streamed.
    static func render(
        _ route: Route, name: String, timing: RenderTiming, format: RenderCommand.Format, output: String?,
        inputs: OutputSink.Inputs
    ) throws {
        let (timeline, request) = try renderRequest(route, name: name, timing: timing, format: format)
        var cursor = try routeCursor(timeline, request, name: name)
        try write(rows: request.frameCount, columns: columns, format: format, output: output, inputs: inputs) { count in
            (0..<count).map { _ in
                let p = cursor.next().measured
                return (p.timestamp, values(p), [])
            }
        }
    }

    /// Writes a motion and a route sampled together: the nine motion columns of a motion render, then the
    /// route's seven; `.npy` is float64 (sixteen columns).
    static func render(
        motion: AnySignal, route: Route, name: String, timing: RenderTiming, format: RenderCommand.Format,
        output: String?, inputs: OutputSink.Inputs
    ) throws {
        let (timeline, request) = try renderRequest(route, name: name, timing: timing, format: format)
        do {
            try motion.validate(sampleRate: request.sampleRate, allowAliasing: timing.allowAliasing)
        } catch {
            throw error.locatedAtPreset(inSpec: name).offeringAllowAliasing.located(file: name)
        }
        var cursor = try routeCursor(timeline, request, name: name)
        try checkIntegratedStart(motion, request)
        // Nine motion columns, or 13 with an attitude (its quaternion w, x, y, z).
        let motionColumns = columnNames(motion)
        let motionChannels = motion.channelCount
        var blocks = try motion.blocks(request, blockFrames: 16_384, options: timing.options).makeIterator()
        var block: SampleBuffer?
        var position = 0
        try write(
            rows: request.frameCount, columns: motionColumns + columns, format: format, output: output, inputs: inputs
        ) { count in
            var rows: [(Double, [Double], [Float])] = []
            rows.reserveCapacity(count)
            for _ in 0..<count {
                if block == nil || position == block?.frameCount {
                    block = blocks.next()
                    position = 0
                }
                guard let b = block else { break }
                let m = (0..<motionChannels).map { b.samples[$0 * b.frameCount + position] }
                position += 1
                let p = cursor.next().measured
                rows.append((p.timestamp, values(p), m))
            }
            return rows
        }
    }

    /// Streams `rows` rows in chunks of 16,384: CSV with `t` and `columns`, or a float64 `.npy` of the
    /// columns. Each row is its time, its float64 values and float32 values written first (motion samples).
    static func write(
        rows: Int, columns: [String], format: RenderCommand.Format, output: String?, inputs: OutputSink.Inputs,
        next: (Int) throws -> [(Double, [Double], [Float])]
    ) throws {
        let sink = try OutputSink(path: output, inputs: inputs)
        try sink.finish {
            switch format {
            case .csv: try sink.write(([StreamTable.timeColumn] + columns).joined(separator: ",") + "\n")
            case .npy: try sink.write(npyHeader(rows: rows, columns: columns.count))
            case .f32: break
            case .mcap: preconditionFailure("MCAP is written by MCAPOutput, never for a route")
            }
            var done = 0
            while done < rows {
                let chunk = try next(min(16_384, rows - done))
                guard !chunk.isEmpty else { break }
                for (t, values, singles) in chunk {
                    try FiniteOutput.check([t] + values, what: "the row at t = \(t) s")
                    try FiniteOutput.check(singles, what: "the row at t = \(t) s")
                }
                switch format {
                case .csv:
                    var text = ""
                    for (t, values, singles) in chunk {
                        text += "\(t)"
                        for v in singles { text += ",\(v)" }
                        for v in values { text += ",\(v)" }
                        text += "\n"
                    }
                    try sink.write(text)
                default:
                    var data = Data(capacity: chunk.count * columns.count * 8)
                    for (_, values, singles) in chunk {
                        for v in singles.map(Double.init) + values {
                            withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) }
                        }
                    }
                    try sink.write(data)
                }
                done += chunk.count
            }
        }
    }

    /// NumPy .npy v1.0 header for little-endian float64 of shape `(rows, columns)`, padded so that the data
    /// starts at a multiple of 64 bytes.
    static func npyHeader(rows: Int, columns: Int) -> Data {
        NPYHeader.encode(dtype: .float64, shape: [rows, columns])
    }

    // MARK: play

    /// The points `signals play` plays for a route: `--rate` fixes per second for `--duration` seconds
    /// (default one pass).
    static func points(_ route: Route, name: String, rate: Double, duration: Double?) throws -> RoutePoints {
        let timeline = try routeStep(name) { () throws(SignalError) in try route.timeline() }
        let request = try Self.request(rate: rate, duration: duration, start: 0, timeline: timeline)
        return try routeStep(name) { () throws(SignalError) in
            try RoutePoints(sampler: RouteSampler(timeline, sampleRate: rate), request: request)
        }
    }

    /// The points `signals play` plays for a motion and a route together.
    static func points(
        motion: AnySignal, route: Route, name: String, rate: Double, duration: Double?
    ) throws -> MotionRoutePoints {
        let timeline = try routeStep(name) { () throws(SignalError) in try route.timeline() }
        let seconds = duration ?? defaultDuration(timeline, rate: rate)
        do {
            return try MotionRoutePoints(
                motion: MotionSignal(node: motion.node), route: route, sampleRate: rate, duration: seconds)
        } catch let error as SignalError {
            throw error.located(file: name)
        }
    }

    /// `{"timestamp":t,"location":{...}}` and a newline (`PointLineCodec`, which refuses a number that is
    /// not finite).
    static func line(_ p: LocationPoint) throws -> String {
        try PointLineCodec.write(p) + "\n"
    }

    /// The motion point's line with `"location": {...}` beside its parts (motion in `Float` precision).
    static func line(_ p: MotionLocationPoint) throws -> String {
        try PointLineCodec.write(p, precision: .single) + "\n"
    }
}
