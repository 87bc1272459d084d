import Foundation
import Location
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
/// SimulatedLocationManager(source: .file(URL(fileURLWithPath: "walk.gpx")))        // GPX or a point file
/// SimulatedLocationManager(source: .server(URL(string: "http://127.0.0.1:8080")!)) // a running signals serve
/// ```
public struct LocationSource: Sendable {
    enum Kind: Sendable {
        case route(Route, sampleRate: Double, duration: Double?)
        case file(URL, speed: Double?, sampleRate: Double)
        case server(URL, rate: Double)
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

    /// A file: GPX (`.gpx`, or text starting with `<`; tracks, routes and Xcode's waypoints, played as a
    /// route at `sampleRate`, moving at `speed` when it has no times), or JSON Lines of located points as
    /// `signals play` prints them (`{"timestamp": t, "location": {...}}`, with or without motion), played
    /// at their timestamps.
    /// - Parameters:
    ///   - url: The file.
    ///   - speed: m/s for a GPX file without times.
    ///   - sampleRate: Fixes per second for a GPX file (Hz); default 1.
    public static func file(_ url: URL, speed: Double? = nil, sampleRate: Double = 1) -> LocationSource {
        LocationSource(kind: .file(url, speed: speed, sampleRate: sampleRate))
    }

    /// A running `signals serve` whose points carry a location (a route or a walk spec), read as
    /// Server-Sent Events from `/v1/stream` (plain HTTP, loopback or a LAN; no TLS), with the
    /// reconnection, `Last-Event-ID` resume and `/data` polling fallback of ``MotionSource/server(_:)``.
    /// - Parameters:
    ///   - url: The server, e.g. `http://127.0.0.1:8080`.
    ///   - rate: Fixes per second delivered (Hz; default 1, as Core Location delivers): the first point
    ///     at or after each tick is taken, never an average.
    public static func server(_ url: URL, rate: Double = 1) -> LocationSource {
        LocationSource(kind: .server(url, rate: rate))
    }
}

extension LocationSource {
    /// The fixes of a route source.
    static func routePoints(_ route: Route, sampleRate: Double, duration: Double?) throws(SensorFeedsError) -> RoutePoints {
        do {
            let sampler = try route.sampler(sampleRate: sampleRate)
            let frames: Int
            if let duration {
                return try RoutePoints(sampler: sampler, request: try Route.request(sampleRate: sampleRate, duration: duration))
            } else if route.loops {
                frames = 1 << 40
            } else {
                let pass = try route.trajectory().passDuration * sampleRate
                guard pass.isFinite, pass < Double(1 << 40) else {
                    throw SensorFeedsError(.invalidSource, "the route lasts \(pass / sampleRate) s: too many samples at \(sampleRate) Hz; give a duration")
                }
                frames = Int(pass.rounded(.down)) + 1
            }
            let request: RenderRequest
            do { request = try RenderRequest(sampleRate: sampleRate, startIndex: 0, frameCount: frames) } catch {
                throw SensorFeedsError(.invalidSource, error.message, path: error.path)
            }
            return try RoutePoints(sampler: sampler, request: request)
        } catch let error as SensorFeedsError {
            throw error
        } catch let error as LocationError {
            throw SensorFeedsError(.invalidSource, error.message, path: error.path)
        } catch {
            throw SensorFeedsError(.invalidSource, "\(error)")
        }
    }

    /// The located points of a JSON Lines file, strictly read (errors name the line).
    static func filePoints(_ url: URL) throws(SensorFeedsError) -> [LocationPoint] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SensorFeedsError(.unreadableFile, "cannot read \(url.path): \(error.localizedDescription)")
        }
        var points: [LocationPoint] = []
        var lineNumber = 0
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            let point: RemotePoint
            do { point = try RemotePoint(line: text) } catch {
                throw SensorFeedsError(.unreadableFile, "\(url.lastPathComponent):\(lineNumber): \(error.message)", path: error.path)
            }
            guard let fix = point.location else {
                throw SensorFeedsError(.unreadableFile, "\(url.lastPathComponent):\(lineNumber): the point has no \"location\" (a location file holds lines as signals play prints them for a route)", path: "$.location")
            }
            if let previous = points.last, fix.timestamp < previous.timestamp {
                throw SensorFeedsError(.unreadableFile, "\(url.lastPathComponent):\(lineNumber): timestamp \(fix.timestamp) is before the previous one, \(previous.timestamp)", path: "$.timestamp")
            }
            points.append(fix)
        }
        guard !points.isEmpty else { throw SensorFeedsError(.unreadableFile, "\(url.path) holds no points") }
        return points
    }

    /// Whether a file is GPX (by extension or first byte).
    static func isGPX(_ url: URL, _ data: Data) -> Bool {
        url.pathExtension.lowercased() == "gpx" || data.first(where: { !($0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }) == UInt8(ascii: "<")
    }
}
