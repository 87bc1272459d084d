import Formats
import Foundation
import InternalUtilities
import KalibrYAML
import Location
import Navigation
import Playback
import Sensors
import Signals

/// Everything the `signals` tool and the live server accept as a spec, decoded in one place.
///
/// A spec document is one JSON object. Its key names what it describes:
/// - a signal node (`sine`, `sum`, `axes`, ..., see `SignalNode`), including `motion`
///   (nine channels: user acceleration, gravity, rotation rate; 13 with an attitude), and a motion preset,
///   `{"motion": {"preset": "walking", "cadence": 1.8}}` (13 channels, see `MotionPreset`);
/// - `imu`: an IMU error model over a motion (six channels, see `IMU`), `{"imu": {"motion": {...}, ...}}`;
/// - `route`: a route on the WGS84 ellipsoid (see `Route`), `{"route": {"speed": 3, "waypoints": [...]}}`;
/// - `motion` and `route` together: a phone on a walk, `{"motion": {...}, "route": {...}}`, played as
///   points that carry both (the two keys only; the motion is decoded as in `{"motion": ...}`);
/// - `trajectory`: one truth and every sensor derived from it (see `Trajectory`).
/// A GPX file (`InputKind.gpx`) loads as a route.
///
/// Decoding is strict everywhere (see the package's JSON rules: no duplicate keys, trailing commas,
/// `null`s, unknown fields or non-finite numbers), and every error names the JSON path.
///
/// ```swift
/// let document = try SpecDocument.decode(json: Data(#"{"sine": {"frequency": 5}}"#.utf8))
/// ```
public enum SpecDocument: Sendable, Hashable {
    /// A signal (one channel, axes, channels or a motion).
    case signal(AnySignal)
    /// An IMU: accelerometer and gyroscope readings of a motion with realistic errors (six channels).
    case imu(IMU)
    /// A route (`{"route": ...}`, or a GPX file).
    case route(Route)
    /// A motion and a route sampled together (`{"motion": ..., "route": ...}`).
    case motionAndRoute(motion: AnySignal, route: Route)
    /// A trajectory and its sensors (`{"trajectory": ...}`).
    case trajectory(Trajectory)

    /// The document's signal, when it is one.
    public var signal: AnySignal? {
        if case .signal(let s) = self { s } else { nil }
    }

    /// The document's route, when it has one.
    public var route: Route? {
        switch self {
        case .signal, .imu, .trajectory: nil
        case .route(let r), .motionAndRoute(_, let r): r
        }
    }

    /// The document's IMU, when it is one.
    public var imu: IMU? {
        if case .imu(let i) = self { i } else { nil }
    }

    /// The key naming the document's kind (`imu`, `route`, `motion+route`, or the signal node's kind).
    public var kind: String {
        switch self {
        case .signal(let s): s.node.kind
        case .imu: "imu"
        case .route: "route"
        case .motionAndRoute: "motion+route"
        case .trajectory: "trajectory"
        }
    }

    /// Decodes a document from JSON bytes.
    /// - Throws: `SignalError` with the JSON path (and line and column of a syntax error).
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - baseDirectory: Where a trajectory's relative GPX path and an IMU's relative `kalibr` file are found
    ///     (default: the current directory).
    ///   - allowFiles: Whether the document may name files to read (a trajectory's `{"gpx": FILE}` route, an
    ///     IMU's `{"kalibr": FILE}`);
    ///     `false` for a spec from the network (the live server's `POST /v1/spec`).
    public static func decode(
        json data: Data, baseDirectory: URL? = nil, allowFiles: Bool = true
    ) throws(SignalError) -> SpecDocument {
        let value = try JSONValue.parse(data)
        return try decode(value, baseDirectory: baseDirectory, allowFiles: allowFiles)
    }

    /// Decodes a parsed document: dispatches on its key.
    /// - Throws: `SignalError` with the JSON path.
    package static func decode(
        _ value: JSONValue, baseDirectory: URL? = nil, allowFiles: Bool
    ) throws(SignalError) -> SpecDocument {
        if case .object(let object) = value, object.keys.contains("trajectory") {
            let f = try JSONFields(
                value, path: "$", what: "a trajectory spec (one key, 'trajectory')", fields: ["trajectory"])
            return .trajectory(
                try Trajectory(
                    json: try f.required("trajectory"), path: Trajectory.path, baseDirectory: baseDirectory,
                    allowFiles: allowFiles, readKalibr: KalibrIMU.init(contentsOf:)))
        }
        if case .object(let object) = value, object.keys.contains("imu") {
            let f = try JSONFields(value, path: "$", what: "an IMU spec (one key, 'imu')", fields: ["imu"])
            return .imu(
                try IMU(
                    json: try f.required("imu"), path: "$.imu", baseDirectory: baseDirectory, allowFiles: allowFiles,
                    readKalibr: KalibrIMU.init(contentsOf:)))
        }
        if case .object(let object) = value, object.count == 1, let key = object.keys.first,
            !SignalNode.kinds.contains(key),
            let guess = SignalError.closestName(to: key, in: SignalNode.kinds + ["imu", "route", "trajectory"]),
            guess == "imu" || guess == "trajectory"
        {
            throw SignalError(
                .unknownNode, path: "$.\(SignalError.quoted(key, limit: 40))",
                "unknown spec kind '\(SignalError.quoted(key, limit: 40))' (did you mean '\(guess)'?); a spec is 'imu', 'route', 'trajectory' or a signal node (\(SignalNode.kinds.joined(separator: ", ")))"
            )
        }
        guard case .object(let object) = value, let routeValue = object["route"] else {
            if let preset = try motionPreset(value) { return .signal(AnySignal(node: preset)) }
            return .signal(AnySignal(node: try SignalNode(json: value, path: "$")))
        }
        for key in object.keys where key != "route" && key != "motion" {
            throw SignalError(
                .unknownField, path: JSONPath.child("$", key),
                "unknown field '\(SignalError.quoted(key, limit: 60))' beside 'route'; a spec with a route holds 'route' and optionally 'motion'"
            )
        }
        let route = try Route(json: routeValue, path: "$.route")
        guard let motion = object["motion"] else { return .route(route) }
        let wrapped = JSONValue.object(JSONObject([JSONObject.Member(key: "motion", value: motion)]))
        let node: SignalNode
        if let preset = try motionPreset(wrapped) {
            node = preset
        } else {
            node = try SignalNode(json: wrapped, path: "$")
        }
        return .motionAndRoute(motion: AnySignal(node: node), route: route)
    }

    /// A motion preset node, `{"motion": {"preset": "walking", "cadence": 1.8}}` (see `MotionPreset`), as
    /// the motion it names; `nil` for any other document.
    /// - Throws: `SignalError` naming the path of a bad preset or parameter.
    static func motionPreset(_ value: JSONValue) throws(SignalError) -> SignalNode? {
        guard case .object(let object) = value, object.count == 1, let body = object["motion"],
            let motion = try MotionPreset.motionNode(json: body, path: "$.motion")
        else { return nil }
        return .motion(motion)
    }

    /// The largest spec read, in bytes: 64 MiB.
    public static let sizeLimit = 64 << 20

    /// Reads and decodes the spec an opened input holds, naming the input in every error.
    /// - Throws: `SignalError` located in the input's file: not a spec (a point file, a `.npy` array,
    ///   `unknownFormat`), too large, unreadable, or an invalid spec (with its JSON path).
    /// - Parameter routeSpeed: m/s for a GPX file without times (`--speed`); refused for anything else.
    package static func load(_ input: NamedInput, routeSpeed: Double? = nil) throws(SignalError) -> SpecDocument {
        var notes: [String] = []
        return try load(input, routeSpeed: routeSpeed, notes: &notes)
    }

    /// Reads and decodes the spec an opened input holds, as ``load(_:routeSpeed:)``, appending to `notes`
    /// what was done that the file does not say (a GPX file's times ignored for `routeSpeed`).
    /// - Parameters:
    ///   - routeSpeed: m/s along a GPX file (`--speed`): needed without times, and ignores the file's times
    ///     when it has them; refused for anything else.
    ///   - notes: Sentences for the user.
    package static func load(
        _ input: NamedInput, routeSpeed: Double?, notes: inout [String]
    ) throws(SignalError) -> SpecDocument {
        let kind = InputKind.detect(name: input.path, head: input.head)
        if let routeSpeed, kind != .gpx {
            throw SignalError(
                .invalidArgument,
                "--speed \(routeSpeed) is for GPX files without times (or to ignore a GPX file's times); a JSON route has its own speeds",
                file: input.name)
        }
        // The extension chose a point file or an array, but the bytes are a JSON spec: say which name is wrong.
        if kind != .spec, kind != .gpx, kind != nil, InputKind.detect(name: "", head: input.head) == .spec {
            let ext = (input.path as NSString).pathExtension
            throw SignalError(
                .unknownFormat,
                "this holds a JSON spec, but its name ends in .\(ext), which names \(kind == .npy ? "a NumPy array" : "a point file"); name a spec .json",
                file: input.name)
        }
        switch kind {
        case .points:
            throw SignalError(
                .unknownFormat, "this is a point file, not a spec; `signals play` plays it", file: input.name)
        case .npy:
            throw SignalError(
                .unknownFormat, "this is a .npy array, not a spec; pass it to verify or plot with --input",
                file: input.name)
        case .gpx:
            do {
                let data = try input.data(limit: sizeLimit)
                return .route(try Route(gpx: data, speed: routeSpeed, file: input.name, notes: &notes))
            } catch  where error.code == .missingField && error.message == Route.gpxNeedsSpeed {
                var hinted = error.located(file: input.name)
                hinted.message += " (--speed)"
                throw hinted
            } catch {
                throw error.located(file: input.name)
            }
        case .spec, nil:
            break
        }
        do {
            let base = input.path == "-" ? nil : URL(fileURLWithPath: input.path).deletingLastPathComponent()
            return try decode(json: try input.data(limit: sizeLimit), baseDirectory: base)
        } catch {
            throw error.located(file: input.name)
        }
    }
}
