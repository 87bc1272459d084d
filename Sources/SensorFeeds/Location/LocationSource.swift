import Formats
import Foundation
import Location
import Navigation
import Playback
import Signals

/// Where a ``SimulatedLocationManager`` gets its locations from, chosen when the manager is made.
///
/// ```swift
/// let walk = Route(speed: 1.4) {
///     Waypoint(latitude: 51.5007, longitude: -0.1246)
///     Waypoint(latitude: 51.5033, longitude: -0.1196)
/// }
/// SimulatedLocationManager(source: .signal(walk))                                 // a route, played in process
/// SimulatedLocationManager(source: .file(URL(fileURLWithPath: "walk.gpx")))        // GPX, CSV or JSON Lines
/// SimulatedLocationManager(source: .server(URL(string: "http://127.0.0.1:8080")!)) // a running signals serve
/// SimulatedLocationManager(source: .signal(trajectory))                           // fixes and headings of a trajectory
/// ```
public struct LocationSource: Sendable {
    enum Kind: Sendable {
        case route(Route, sampleRate: Double, duration: Double?)
        case file(URL, speed: Double?, sampleRate: Double)
        case server(URL, rate: Double, token: String?)
        case trajectory(Trajectory, sampleRate: Double, duration: Double?)
    }

    let kind: Kind

    /// A route (with its GNSS error model, if it has one) played in process by the Runner: sample `k` at
    /// `k / sampleRate` seconds.
    /// - Parameters:
    ///   - route: The route.
    ///   - sampleRate: Fixes per second (Hz); default 1, as Core Location delivers.
    ///   - duration: Seconds to play; `nil` (default) plays to the end of the route (the last arrival and
    ///     pause), or for 2⁴⁰ samples when the route loops.
    public static func signal(_ route: Route, sampleRate: Double = 1, duration: TimeInterval? = nil) -> LocationSource {
        LocationSource(kind: .route(route, sampleRate: sampleRate, duration: duration))
    }

    /// A trajectory played in process by the Runner on a timeline of `sampleRate` Hz: locations, headings
    /// and (for a ``SimulatedMotionManager`` given the same trajectory) motion from one truth.
    ///
    /// - Locations are the trajectory's GNSS fixes, each delivered at its fix's time (none during an
    ///   outage, none without a GNSS receiver), with the receiver's errors, `speedAccuracy` (its
    ///   `velocitySigma`, m/s) and `courseAccuracy` (degrees).
    /// - Headings are checked at every sample of the timeline (``SimulatedLocationManager/headingFilter``
    ///   decides which are delivered): the truth's true and magnetic headings, the heading accuracy and the
    ///   magnetometer's reading (the true field without a magnetometer).
    ///
    /// ```swift
    /// let walk = try Trajectory(json: Data(contentsOf: specURL), baseDirectory: specURL.deletingLastPathComponent())
    /// let manager = SimulatedLocationManager(source: .signal(walk))          // 100 Hz timeline, to the arrival
    /// manager.startUpdatingLocation()                                        // 1 Hz fixes of a 1 Hz receiver
    /// manager.startUpdatingHeading()
    /// ```
    /// - Parameters:
    ///   - trajectory: The trajectory (with a `gnss` receiver for locations).
    ///   - sampleRate: The timeline's rate, Hz (0.001 … 1 000 000); default 100. A fix is delivered on the
    ///     first sample at or after its time, so keep it at or above the receiver's rate.
    ///   - duration: Seconds to play, or `nil` (default) to play to the arrival.
    public static func signal(
        _ trajectory: Trajectory, sampleRate: Double = 100, duration: Double? = nil
    ) -> LocationSource {
        LocationSource(kind: .trajectory(trajectory, sampleRate: sampleRate, duration: duration))
    }

    /// A file of at most 64 MiB, in one of three formats:
    /// - GPX (`.gpx`, or text starting with `<`): tracks, routes and Xcode's waypoints, played as a route
    ///   at `sampleRate`, moving at `speed` when it has no times.
    /// - CSV as `signals render` writes it for a route (`.csv`, or a first line starting with `t,` or
    ///   `timestamp,`): the header `t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy`,
    ///   one fix per line, played at its `t` (seconds). Columns are found by name: `t` (or `timestamp`),
    ///   `latitude` and `longitude` (degrees) are required, the others optional (altitude 0, speed 0, course −1,
    ///   accuracies 0 when absent), other columns (a motion-and-route render's) are ignored.
    /// - JSON Lines of located points as `signals play` prints them (`{"timestamp": t, "location": {...}}`,
    ///   with or without motion), played at their timestamps.
    ///
    /// A directory (a trajectory render, as `signals render SPEC --output-dir DIR` writes it) is not read yet:
    /// the updates end with a `SignalError` (`unknownFormat`) saying so.
    ///
    /// CSV and JSON Lines are read whole before the first fix and strictly: a bad value, a latitude
    /// outside −90 … 90 or longitude outside −180 … 180, a non-finite number or times that go back end the
    /// updates with a `SignalError` naming the file, the line and the column.
    ///
    /// ```swift
    /// // signals render walk.json --format csv -o walk.csv
    /// SimulatedLocationManager(source: .file(URL(fileURLWithPath: "walk.csv")))
    /// ```
    /// - Parameters:
    ///   - url: The file.
    ///   - speed: m/s for a GPX file without times.
    ///   - sampleRate: Fixes per second for a GPX file (Hz); default 1. A CSV or JSON Lines file plays at its
    ///     own times.
    public static func file(_ url: URL, speed: Double? = nil, sampleRate: Double = 1) -> LocationSource {
        LocationSource(kind: .file(url, speed: speed, sampleRate: sampleRate))
    }

    /// A running `signals serve` whose points carry a location (a route or a walk spec), read as
    /// Server-Sent Events from `/v1/stream` for an `http://` URL or over a WebSocket from `/v1/ws` for a
    /// `ws://` URL (plain HTTP, loopback or a LAN; no TLS), with the reconnection, resume after the last
    /// point read, `/data` polling fallback and token of ``MotionSource/server(_:token:)``.
    ///
    /// When the server plays a trajectory, its points carry a `heading` (`trueHeading`, `magneticHeading`,
    /// `headingAccuracy`) and a `magneticField` (`x`, `y`, `z`, µT): ``SimulatedLocationManager/startUpdatingHeading()``
    /// then reads every point on a connection of its own and delivers those that pass the heading filter.
    /// - Parameters:
    ///   - url: The server, e.g. `http://127.0.0.1:8080` or `ws://127.0.0.1:8080`.
    ///   - rate: Fixes per second delivered (Hz; default 1, as Core Location delivers): the first point
    ///     at or after each tick is taken, never an average. Headings are not decimated (the filter decides).
    ///   - token: The token of a server started with `--token`, sent as `Authorization: Bearer TOKEN` on
    ///     every request (1 to 256 of `A-Z a-z 0-9 - . _ ~`); `nil` (the default) or empty takes the URL's
    ///     `?token=`, if any. Without the right one, a WebSocket is refused: a transient
    ///     ``SensorFeedsError`` whose code is ``SensorFeedsError/Code/unauthorized`` at each attempt.
    public static func server(_ url: URL, rate: Double = 1, token: String? = nil) -> LocationSource {
        LocationSource(kind: .server(url, rate: rate, token: token))
    }
}

extension LocationSource {
    /// The fixes of a route source.
    static func routePoints(_ route: Route, sampleRate: Double, duration: Double?) throws(SignalError) -> RoutePoints {
        let sampler = try route.sampler(sampleRate: sampleRate)
        let frames: Int
        if let duration {
            return try RoutePoints(
                sampler: sampler, request: try Route.request(sampleRate: sampleRate, duration: duration))
        } else if route.loops {
            frames = 1 << 40
        } else {
            let pass = try route.timeline().passDuration * sampleRate
            guard pass.isFinite, pass < Double(1 << 40) else {
                throw SignalError(
                    .tooLarge,
                    "the route lasts \(pass / sampleRate) s: too many samples at \(sampleRate) Hz; give a duration")
            }
            frames = Int(pass.rounded(.down)) + 1
        }
        let request = try RenderRequest(sampleRate: sampleRate, startIndex: 0, frameCount: frames)
        return try RoutePoints(sampler: sampler, request: request)
    }

    /// The largest location file read, in bytes: 64 MiB (the limit of a spec or GPX file in `signals`),
    /// about half a million CSV or JSON Lines fixes.
    static let fileSizeLimit = 64 << 20

    /// The bytes of a location file, at most ``fileSizeLimit`` (a pipe or device is read once, refused at
    /// the limit, at a NUL byte or at a line over 1 MiB).
    /// - Throws: `SignalError` (`unreadable`, `tooLarge`): missing, a directory, unreadable, too large.
    static func fileData(_ url: URL) throws(SignalError) -> Data {
        let input = try NamedInput.open(url.path, spoolLimit: fileSizeLimit)
        if case .file = input.storage,
            let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int,
            size > fileSizeLimit
        {
            throw SignalError(
                .tooLarge,
                "\(size) bytes is more than \(fileSizeLimit) bytes (64 MiB), the most a location file may hold: it is read whole before the first fix",
                file: input.name)
        }
        return try input.data(limit: fileSizeLimit)
    }

    /// The fixes of a file that is not GPX: a location CSV (see ``LocationCSV``) when ``kind(_:_:)`` says
    /// so, else JSON Lines of located points; strictly read (errors name the file and the line).
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - url: The file, for its name and extension.
    /// - Returns: At least one fix, times never decreasing.
    static func filePoints(_ data: Data, url: URL) throws(SignalError) -> [LocationPoint] {
        if kind(url, data) == .csv { return try LocationCSV.points(data, file: url.lastPathComponent) }
        return try jsonLinesPoints(data, file: url.lastPathComponent)
    }

    /// The located points of a JSON Lines file (lines end in `\n` or `\r\n`).
    static func jsonLinesPoints(_ data: Data, file: String) throws(SignalError) -> [LocationPoint] {
        var points: [LocationPoint] = []
        var lineNumber = 0
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        // Split the bytes, not a String: "\r\n" is one Character, which a split on "\n" never finds.
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            let point: RemotePoint
            do { point = try RemotePoint(line: text) } catch {
                throw SignalError(.malformed, error.message, file: file, line: lineNumber, path: error.path)
            }
            guard let fix = point.location else {
                throw SignalError(
                    .missingField,
                    "the point has no \"location\" (a location file holds lines as signals play prints them for a route)",
                    file: file, line: lineNumber, path: "$.location")
            }
            if let previous = points.last, fix.timestamp < previous.timestamp {
                throw SignalError(
                    .invalidTime, "timestamp \(fix.timestamp) is before the previous one, \(previous.timestamp)",
                    file: file, line: lineNumber, path: "$.timestamp")
            }
            points.append(fix)
        }
        guard !points.isEmpty else { throw SignalError(.tooShort, "the file holds no points", file: file) }
        return points
    }

    /// What a location file holds.
    enum FileKind: Sendable, Hashable {
        /// GPX: tracks, routes or waypoints.
        case gpx
        /// The CSV `signals render` writes for a route.
        case csv
        /// JSON Lines of located points, as `signals play` prints them.
        case jsonLines
    }

    /// What `data`, read from `url`, holds, told the way every reader of the package tells files
    /// (`InputKind.detect(name:head:)`: the extension first, then the content); anything that is not GPX
    /// or CSV is read as JSON Lines, whose reader then names what is wrong.
    /// - Parameters:
    ///   - url: The file, for its extension.
    ///   - data: Its bytes (the first 64 KiB are looked at).
    static func kind(_ url: URL, _ data: Data) -> FileKind {
        switch InputKind.detect(name: url.lastPathComponent, head: data.prefix(1 << 16)) {
        case .gpx?: .gpx
        case .points(.csv)?: .csv
        default: .jsonLines
        }
    }
}
