import Formats
import Foundation
import Navigation
import Signals

/// `signals render` of a trajectory: one file per stream in `--output-dir`, or one table when every stream
/// runs at the render rate.
enum TrajectoryOutput {
    /// The sample range of a stream at `rate` Hz for a render from `start` seconds lasting `duration`:
    /// `round(start · rate) ..< round((start + duration) · rate)`.
    static func samples(rate: Double, start: Double, duration: Double) throws -> Range<Int> {
        let first = (start * rate).rounded()
        let end = ((start + duration) * rate).rounded()
        guard first >= 0, end <= Double(Trajectory.sampleLimit), first <= end else {
            throw CLIError(
                "--start \(start) and --duration \(duration) at \(rate) Hz reach samples \(first) ..< \(end), outside 0 ..< 2^48"
            )
        }
        return Int(first)..<Int(end)
    }

    /// The validated render timing: `--rate` (required), `--start` (≥ 0), `--duration` (default: the whole
    /// trajectory from `--start`, its arrival included). The window is checked as a signal's and a route's
    /// are (`RenderRequest`): it must hold at least one sample, so `render`, `plot` and MCAP never write an
    /// empty result with exit 0.
    static func timing(
        _ timing: RenderTiming, _ trajectory: Trajectory
    ) throws -> (rate: Double, start: Double, duration: Double) {
        guard let rate = timing.rate else {
            throw CLIError("missing --rate <Hz>: the rate of the truth and of the sensors that set none")
        }
        guard rate.isFinite, rate > 0, rate <= 1e6 else {
            throw CLIError("--rate must be a finite number of Hz in (0, 1e6], got \(rate)")
        }
        guard timing.start.isFinite, timing.start >= 0 else {
            throw CLIError("--start must be a finite number of seconds ≥ 0, got \(timing.start)")
        }
        let end = trajectory.duration + 1 / rate
        if timing.duration == nil, timing.start >= end {
            throw CLIError(
                "--start \(timing.start) s is past the trajectory's end (it lasts \(trajectory.duration) s): the window holds no sample; start earlier, or give --duration for the vehicle at rest after its arrival"
            )
        }
        let duration = timing.duration ?? end - timing.start
        // The signal and route windows' check: a positive, finite duration of at least one sample.
        do {
            _ = try RenderRequest(sampleRate: rate, duration: duration, start: timing.start)
        } catch {
            throw CLIError(error.description)
        }
        return (rate, timing.start, duration)
    }

    /// Renders `trajectory`: into `directory` (one file per stream), or to `output` as one table.
    static func render(
        _ trajectory: Trajectory, name: String, timing: RenderTiming, format: RenderCommand.Format?,
        output: String?, directory: String?, inputs: OutputSink.Inputs
    ) throws {
        let (rate, start, duration) = try Self.timing(timing, trajectory)
        let streams = try routeStep(name) { () throws(SignalError) in try trajectory.series(rate: rate) }
        let format =
            format ?? (directory != nil ? .csv : nil) ?? RenderCommand.Format(
                extension: OutputSink.fileExtension(output) ?? "") ?? .csv
        guard format != .f32 else {
            throw CLIError("a trajectory renders csv or npy (float64), not f32: its latitudes need float64")
        }
        guard let directory else {
            // MCAP holds every stream at its own rate, and writes to standard output too.
            let mcap =
                output == nil || output == "-"
                ? "--format mcap -o - (every stream in one MCAP file, on standard output)"
                : "-o FILE.mcap (every stream in one MCAP file)"
            let odd = streams.filter { $0.rate != rate }
            if let first = odd.first {
                throw CLIError(
                    "the \(first.kind.rawValue) stream runs at \(first.rate) Hz, not the render rate \(rate) Hz, so the streams cannot share one table; write one file per stream with --output-dir DIR, or \(mcap)"
                )
            }
            if let gnss = trajectory.sensors.gnss, !gnss.outages.isEmpty {
                throw CLIError(
                    "the GNSS stream has outages (rows without a fix), so it cannot share one table; write one file per stream with --output-dir DIR, or \(mcap)"
                )
            }
            try writeTable(
                trajectory, streams: streams, samples: try samples(rate: rate, start: start, duration: duration),
                name: name, format: format, output: output, inputs: inputs)
            return
        }
        guard output == nil else {
            throw CLIError(
                "-o and --output-dir both given: a trajectory writes one file per stream into --output-dir, or one table to -o"
            )
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CLIError("--output-dir \(directory): cannot create the directory: \(error.localizedDescription)")
        }
        let paths = streams.map {
            (directory as NSString).appendingPathComponent($0.kind.table.fileName(format.rawValue))
        }
        let sidecar = (directory as NSString).appendingPathComponent(SensorsSidecar.fileName)
        try inputs.check((paths + [sidecar]).map { (option: "--output-dir", path: Optional($0)) })
        let ranges = try streams.map { try samples(rate: $0.rate, start: start, duration: duration) }
        try writeFiles(
            trajectory, streams: streams, ranges: ranges, paths: paths, name: name, format: format, inputs: inputs)
        let sink = try OutputSink(path: sidecar, option: "--output-dir", inputs: inputs)
        try sink.finish { try sink.write(sensorsJSON(trajectory)) }
    }

    /// `sensors.json`, beside the streams (`SensorsSidecar`, its one writer and reader): the trajectory's
    /// `epoch`, the accelerometer's unit, the magnetometer's `hard_iron` (µT) and `soft_iron` (rows), and the
    /// vehicle's activity rule (`movingActivity`).
    static func sensorsJSON(_ trajectory: Trajectory) throws(SignalError) -> String {
        try SensorsSidecar(
            epoch: trajectory.epoch, accelerometerUnit: trajectory.sensors.imu?.accelerometerUnit.rawValue,
            magnetometer: trajectory.sensors.magnetometer.map {
                SensorsSidecar.Magnetometer(hardIron: $0.hardIron, softIron: $0.softIron)
            },
            movingActivity: trajectory.vehicle.movingActivity,
            legs: trajectory.legs.count > 1
                ? zip(trajectory.legStarts, trajectory.legs).map {
                    SensorsSidecar.Leg(start: $0, movingActivity: $1.vehicle.movingActivity)
                } : []
        )
        .json()
    }

    /// Every stream into its file: every sink opened first, then the streams of each rate rendered together
    /// block by block (one truth per sample for all of them, see `Trajectory.render(_:samples:)`). A failure
    /// drops the files not yet in place.
    static func writeFiles(
        _ trajectory: Trajectory, streams: [TrajectorySeries], ranges: [Range<Int>], paths: [String],
        name: String, format: RenderCommand.Format, inputs: OutputSink.Inputs
    ) throws {
        var sinks: [OutputSink] = []
        do {
            for (stream, path) in zip(streams, paths) {
                let sink = try OutputSink(path: path, option: "--output-dir", inputs: inputs)
                sinks.append(sink)
                let range = ranges[sinks.count - 1]
                var rows = range.count
                if stream.kind == .gnss, let gnss = trajectory.sensors.gnss, !gnss.outages.isEmpty {
                    rows = range.filter { !gnss.isInOutage(Double($0) / stream.rate) }.count
                }
                try sink.write(
                    format == .csv
                        ? Data((([StreamTable.timeColumn] + stream.columns).joined(separator: ",") + "\n").utf8)
                        : RouteOutput.npyHeader(rows: rows, columns: stream.columns.count))
            }
            // Streams with the same rate (hence the same sample range) render together.
            var groups: [[Int]] = []
            for i in streams.indices {
                if let g = groups.firstIndex(where: {
                    streams[$0[0]].rate == streams[i].rate && ranges[$0[0]] == ranges[i]
                }) {
                    groups[g].append(i)
                } else {
                    groups.append([i])
                }
            }
            for group in groups {
                let range = ranges[group[0]]
                var n = range.lowerBound
                while n < range.upperBound {
                    let end = min(n + 16_384, range.upperBound)
                    let parts = try routeStep(name) { () throws(SignalError) in
                        try trajectory.render(group.map { streams[$0] }, samples: n..<end)
                    }
                    for (i, rows) in zip(group, parts) {
                        try sinks[i].write(
                            try encode(
                                rows, width: 1 + streams[i].columns.count, format: format,
                                what: "the \(streams[i].kind.rawValue) stream"))
                    }
                    n = end
                }
            }
            for sink in sinks { try sink.close() }
        } catch {
            for sink in sinks { sink.abandon() }
            throw error
        }
    }

    /// Rows flattened `width` at a time: CSV text, or float64 bytes without the `t` column.
    /// - Throws: `SignalError` `.nonFinite` for a value that is not finite (no output carries one).
    static func encode(
        _ values: [Double], width: Int, format: RenderCommand.Format, what: @autoclosure () -> String
    ) throws -> Data {
        if let bad = FiniteOutput.firstNonFinite(values) {
            try FiniteOutput.check(
                values[bad], what: "\(what()), row at t = \(values[bad - bad % width]) s, column \(bad % width)")
        }
        if format == .csv {
            var text = ""
            text.reserveCapacity(values.count * 20)
            for (i, v) in values.enumerated() {
                text += i % width == 0 ? "\(v)" : ",\(v)"
                if i % width == width - 1 { text += "\n" }
            }
            return Data(text.utf8)
        }
        var data = Data(capacity: values.count * 8)
        for (i, v) in values.enumerated() where i % width != 0 {
            withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// Every stream in one table (all at the render rate, no outages): `t`, the truth's columns, then each
    /// sensor's, GNSS columns prefixed `gnss.` (``tableColumns(_:)``; npy leaves `t` out).
    static func writeTable(
        _ trajectory: Trajectory, streams: [TrajectorySeries], samples range: Range<Int>, name: String,
        format: RenderCommand.Format, output: String?, inputs: OutputSink.Inputs
    ) throws {
        let sink = try OutputSink(path: output, inputs: inputs)
        try sink.finish {
            try sink.write(tableHeader(tableColumns(streams), rows: range.count, format: format))
            try tableRows(trajectory, streams: streams, samples: range, name: name, format: format) {
                try sink.write($0)
            }
        }
    }

    /// The one table's columns after `t`: the truth's, then each sensor's, GNSS columns prefixed `gnss.`.
    static func tableColumns(_ streams: [TrajectorySeries]) -> [String] {
        streams.flatMap { s in s.kind == .gnss ? s.columns.map { "gnss.\($0)" } : s.columns }
    }

    /// The one table's header: the CSV header line (`t` first), or the .npy header (float64, `t` left out).
    static func tableHeader(_ columns: [String], rows: Int, format: RenderCommand.Format) -> Data {
        format == .csv
            ? Data((([StreamTable.timeColumn] + columns).joined(separator: ",") + "\n").utf8)
            : RouteOutput.npyHeader(rows: rows, columns: columns.count)
    }

    /// The one table's rows after its header, handed to `write` in blocks of up to 16,384 rows: CSV text, or
    /// little-endian float64 bytes without `t` (what `signals dataset` writes for a trajectory template).
    static func tableRows(
        _ trajectory: Trajectory, streams: [TrajectorySeries], samples range: Range<Int>, name: String,
        format: RenderCommand.Format, write: (Data) throws -> Void
    ) throws {
        let width = 1 + tableColumns(streams).count
        var n = range.lowerBound
        while n < range.upperBound {
            let end = min(n + 16_384, range.upperBound)
            let parts = try routeStep(name) { () throws(SignalError) in try trajectory.render(streams, samples: n..<end)
            }
            var values: [Double] = []
            values.reserveCapacity((end - n) * width)
            for i in 0..<end - n {
                values.append(Double(n + i) / streams[0].rate)
                for (s, part) in zip(streams, parts) {
                    let w = 1 + s.columns.count
                    values += part[(i * w + 1)..<((i + 1) * w)]
                }
            }
            try write(try encode(values, width: width, format: format, what: "the trajectory table"))
            n = end
        }
    }
}
