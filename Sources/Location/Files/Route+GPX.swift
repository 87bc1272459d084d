import Formats
import Foundation
import Signals

extension Route {
    /// The message of a GPX file without times read with no speed (the CLI adds its `--speed` hint to it).
    package static let gpxNeedsSpeed = "the GPX points have no times; give a speed in m/s to move along them"

    /// Reads a GPX file: the points of its tracks (`<trk><trkseg><trkpt>`), or of its routes (`<rte><rtept>`)
    /// when it has no track, or its waypoints (`<wpt>`, as Xcode's location files) when it has neither. Each
    /// point's `<ele>` is its altitude (an empty `<ele/>` or none: 0 m). With `<time>` on every point, increasing,
    /// the route follows those times (t = 0 at the first, ``startDate`` set to it); without times it moves at
    /// `speed`. A speed given for a file with times (all, some, or not increasing) ignores the times: the
    /// route moves at `speed`, and `notes` says so.
    ///
    /// ```swift
    /// let run = try Route(gpx: Data(contentsOf: url), file: "run.gpx")
    /// let planned = try Route(gpx: data, speed: 1.4)      // a GPX route without times, walked at 1.4 m/s
    /// ```
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - speed: m/s to move at: needed for a file without times; for a file with times, the times are
    ///     ignored.
    ///   - file: The file's name, for messages.
    /// - Throws: `SignalError` naming the file and line: malformed XML, bad coordinates, `<ele>` or
    ///   `<time>`, times on some points only or not increasing without a speed (`invalidTime`), no points, a
    ///   missing speed for a file without times (`missingField`).
    public init(gpx data: Data, speed: Double? = nil, file: String? = nil) throws(SignalError) {
        var notes: [String] = []
        try self.init(gpx: data, speed: speed, file: file, notes: &notes)
    }

    /// Reads a GPX file as ``init(gpx:speed:file:)`` does, and tells what it did that the file does not say.
    ///
    /// ```swift
    /// var notes: [String] = []
    /// let walk = try Route(gpx: data, speed: 1.4, file: "Mojstrovka.gpx", notes: &notes)
    /// // notes: ["Mojstrovka.gpx: ignored the <time> of 184 points; moving at 1.4 m/s"]
    /// ```
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - speed: m/s to move at (the file's times, if any, are then ignored).
    ///   - file: The file's name, for messages and notes.
    ///   - notes: Sentences appended for the user: times ignored for a speed.
    /// - Throws: `SignalError` as ``init(gpx:speed:file:)``.
    public init(gpx data: Data, speed: Double?, file: String?, notes: inout [String]) throws(SignalError) {
        do throws(SignalError) {
            let points = try GPXCodec.read(data, altitude: Route.Limits.altitude)
            let timed = points.filter { $0.time != nil }
            if let speed {
                if !timed.isEmpty {
                    notes.append(
                        "\(file.map { "\($0): " } ?? "")ignored the <time> of \(timed.count) point\(timed.count == 1 ? "" : "s"); moving at \(speed) m/s"
                    )
                }
                self.init(
                    speed: speed,
                    waypoints: points.map {
                        Waypoint(latitude: $0.latitude, longitude: $0.longitude, altitude: $0.elevation ?? 0)
                    })
                try validate()
                return
            }
            if !timed.isEmpty, timed.count < points.count {
                let odd = points.first { ($0.time == nil) == (points[0].time != nil) } ?? points[0]
                throw SignalError(
                    .invalidTime,
                    "this point has \(odd.time == nil ? "no <time>" : "a <time>") but the first point (line \(points[0].line)) \(odd.time == nil ? "has one" : "has none"); give every point a time or none, or give a speed to ignore the times (\(timed.count) of \(points.count) points have one)",
                    line: odd.line)
            }
            guard let t0 = points[0].time else {
                throw SignalError(.missingField, Route.gpxNeedsSpeed)
            }
            var waypoints: [Waypoint] = []
            for (i, p) in points.enumerated() {
                let t = p.time ?? t0
                if i > 0, let previous = points[i - 1].time, t <= previous {
                    throw SignalError(
                        .invalidTime,
                        "<time> \(ISO8601Time.format(t)) of point \(i + 1) is not after the previous point's \(ISO8601Time.format(previous)) (line \(points[i - 1].line)); times must increase, or give a speed to ignore them",
                        line: p.line)
                }
                waypoints.append(
                    Waypoint(
                        latitude: p.latitude, longitude: p.longitude, altitude: p.elevation ?? 0,
                        time: t - t0))
            }
            self.init(waypoints: waypoints)
            startDate = Date(timeIntervalSince1970: t0)
            try validate()
        } catch {
            throw error.located(file: file)
        }
    }

    /// The route as a GPX 1.1 file that Xcode's simulator plays: one `<wpt>` with `<ele>` and `<time>`
    /// every `interval` seconds of the true path, plus one at each waypoint's arrival and departure, so that
    /// the path and its timing come back exactly when the file is read again (legs are geodesics, and a
    /// geodesic through points of a geodesic is the same geodesic). A looping route writes one pass.
    ///
    /// ```swift
    /// try route.gpx(interval: 1).write(toFile: "walk.gpx", atomically: true, encoding: .utf8)
    /// ```
    /// - Parameters:
    ///   - interval: Seconds between points (> 0; default 1).
    ///   - start: Wall-clock time of t = 0; default ``startDate``, else 2001-01-01T00:00:00Z.
    /// - Returns: The file's text; coordinates with 9 decimals (0.1 mm), times to the microsecond.
    /// - Throws: `SignalError` for a bad route or interval, more than a million points, or a start outside the
    ///   years 0001 … 9999.
    public func gpx(interval: TimeInterval = 1, start: Date? = nil) throws(SignalError) -> String {
        guard interval.isFinite, interval > 0 else {
            throw SignalError(
                .outOfRange, "interval must be a finite number of seconds > 0, got \(interval)", field: "interval")
        }
        let timeline = try timeline()
        let end = timeline.passDuration
        guard end / interval <= 1_000_000 else {
            throw SignalError(
                .outOfRange, "\(end) s every \(interval) s is more than 1,000,000 points; use a longer interval",
                field: "interval")
        }
        var times = (0...Int((end / interval).rounded(.down))).map { Double($0) * interval }
        times += timeline.starts.filter { $0 <= end } + [end]
        times.sort()
        var unique: [Double] = []
        for t in times where unique.last.map({ t - $0 > 1e-6 }) ?? true { unique.append(t) }
        let origin = (start ?? startDate ?? Date(timeIntervalSinceReferenceDate: 0)).timeIntervalSince1970
        guard ISO8601Time.range.contains(origin), ISO8601Time.range.contains(origin + end) else {
            throw SignalError(
                .outOfRange,
                "GPX times must fall in the years 0001 … 9999; the route would start at \(origin) s from 1970",
                field: "start")
        }
        return GPXCodec.waypoints(
            unique.map { t in
                let p = timeline.location(at: t)
                return GPXPoint(latitude: p.latitude, longitude: p.longitude, elevation: p.altitude, time: origin + t)
            })
    }

    /// `value` with at most `digits` decimals, trailing zeros removed (no exponent): the GPX writer's.
    static func decimal(_ value: Double, digits: Int = 9) -> String { GPXCodec.decimal(value, digits: digits) }
}
