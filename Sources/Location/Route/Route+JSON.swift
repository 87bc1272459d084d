import Formats
import Foundation
import InternalUtilities
import Signals

extension Route {
    /// The fields of a route object in a spec.
    public static let jsonFields = ["speed", "acceleration", "loop", "waypoints", "error"]

    /// Decodes a location spec, `{"route": {...}}`, with the package's strict JSON reader.
    ///
    /// ```swift
    /// let route = try Route(json: Data(#"{"route": {"speed": 3, "waypoints": [{"latitude": 51.5, "longitude": -0.12}]}}"#.utf8))
    /// ```
    /// - Throws: `SignalError` naming the JSON path: malformed JSON, an unknown field, `null`, a missing
    ///   field, a value out of range (see ``validate(path:)``).
    public init(json data: Data) throws(SignalError) {
        let document = try JSONValue.parse(data)
        let fields = try JSONFields(document, path: "$", what: "a location spec", fields: ["route"])
        let value = try fields.required("route")
        try self.init(json: value, path: "$.route")
    }

    /// Decodes the route object at `path` of a spec (for a loader of documents that hold a route beside
    /// other parts, such as `{"motion": {...}, "route": {...}}`), and checks it (``validate(path:)``).
    ///
    /// Fields: `waypoints` (required, non-empty array of waypoint objects: `latitude`, `longitude`, and
    /// optionally `altitude`, `pause`, `speed`, `time`), `speed` (m/s), `acceleration` (m/s²), `loop`
    /// (boolean), `error` (`sigma`, `correlationTime`, and optionally `jitter`, `verticalRatio`, `seed`).
    /// - Parameters:
    ///   - value: The route object.
    ///   - path: Its JSON path, for messages (`$.route`).
    /// - Throws: `SignalError` naming the JSON path of the field at fault.
    package init(json value: JSONValue, path: String) throws(SignalError) {
        let f = try JSONFields(value, path: path, what: "'route'", fields: Route.jsonFields)
        let list = try f.optionalArray("waypoints")
        guard let list else {
            throw SignalError(.missingField, path: path, "missing required field 'waypoints' in 'route'")
        }
        var waypoints: [Waypoint] = []
        for (i, item) in list.enumerated() {
            waypoints.append(try Waypoint(json: item, path: "\(f.path("waypoints"))[\(i)]"))
        }
        let errorValue = try f.value("error")
        let error = try errorValue.map { v throws(SignalError) in try GNSSErrorModel(json: v, path: f.path("error")) }
        let (speed, acceleration, loop) = (
            try f.optionalNumber("speed"), try f.optionalNumber("acceleration"),
            try f.optionalBool("loop")
        )
        self.init(speed: speed, acceleration: acceleration, loop: loop ?? false, error: error, waypoints: waypoints)
        try validate(path: path)
    }
}

extension Waypoint {
    /// The fields of a waypoint object in a spec.
    public static let jsonFields = ["latitude", "longitude", "altitude", "pause", "speed", "time"]

    /// Decodes one waypoint object (its values are checked by ``Route/validate(path:)``).
    package init(json value: JSONValue, path: String) throws(SignalError) {
        let f = try JSONFields(value, path: path, what: "a waypoint", fields: Waypoint.jsonFields)
        self.init(
            latitude: try f.number("latitude"), longitude: try f.number("longitude"),
            altitude: try f.number("altitude", default: 0), pause: try f.number("pause", default: 0),
            speed: try f.optionalNumber("speed"))
        time = try f.optionalNumber("time")
    }
}

extension GNSSErrorModel {
    /// The fields of an error object in a spec.
    public static let jsonFields = ["sigma", "correlationTime", "jitter", "verticalRatio", "seed"]

    /// Decodes an error object (its values are checked by ``validate(path:)``).
    package init(json value: JSONValue, path: String) throws(SignalError) {
        let f = try JSONFields(value, path: path, what: "'error'", fields: GNSSErrorModel.jsonFields)
        self.init(
            sigma: try f.number("sigma"), correlationTime: try f.number("correlationTime"),
            jitter: try f.number("jitter", default: 0), verticalRatio: try f.number("verticalRatio", default: 1.5),
            seed: try f.optionalUnsigned("seed") ?? 0)
    }
}
