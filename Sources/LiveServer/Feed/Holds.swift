import Location
import Playback
import Signals
import InternalUtilities

/// The body of `POST /update`: `{"accelerometer": {"x","y","z"}}` and/or `{"location": {"latitude","longitude"}}`,
/// read strictly (unknown fields, `null`, missing components and values out of range are errors with
/// their JSON path).
struct UpdateRequest: Sendable, Hashable {
    /// The largest component accepted in a posted accelerometer reading, in g.
    static let largestComponent = 1000.0

    var accelerometer: Acceleration?
    var location: GeoCoordinate?

    init(json: JSONValue) throws(SignalError) {
        let f = try JSONFields(json, path: "$", what: "an update", fields: ["accelerometer", "location"])
        guard f.has("accelerometer") || f.has("location") else {
            throw SignalError(.missingField, path: "$",
                              "an update needs 'accelerometer' ({\"x\", \"y\", \"z\"} in g) and/or 'location' ({\"latitude\", \"longitude\"} in degrees)")
        }
        if let value = try f.value("accelerometer") {
            let a = try JSONFields(value, path: f.path("accelerometer"), what: "'accelerometer'", fields: ["x", "y", "z"])
            func component(_ name: String) throws(SignalError) -> Double {
                let v = try a.number(name)
                guard abs(v) <= UpdateRequest.largestComponent else {
                    throw SignalError(.outOfRange, path: a.path(name),
                                      "'\(name)' must be from -\(UpdateRequest.largestComponent) to \(UpdateRequest.largestComponent) g, got \(v)")
                }
                return v
            }
            accelerometer = Acceleration(x: try component("x"), y: try component("y"), z: try component("z"))
        }
        if let value = try f.value("location") {
            let l = try JSONFields(value, path: f.path("location"), what: "'location'", fields: ["latitude", "longitude"])
            let latitude = try l.number("latitude"), longitude = try l.number("longitude")
            guard (-90 ... 90).contains(latitude) else {
                throw SignalError(.outOfRange, path: l.path("latitude"), "'latitude' must be from -90 to 90 degrees, got \(latitude)")
            }
            guard (-180 ... 180).contains(longitude) else {
                throw SignalError(.outOfRange, path: l.path("longitude"), "'longitude' must be from -180 to 180 degrees, got \(longitude)")
            }
            location = GeoCoordinate(latitude: latitude, longitude: longitude)
        }
    }
}

/// The body of `POST /v1/control`: `{"action": "pause"}`, `{"action": "resume"}` or
/// `{"action": "speed", "speed": 2}`.
enum ControlRequest: Sendable, Hashable {
    case pause
    case resume
    case speed(Double)

    static let actions = ["pause", "resume", "speed"]

    init(json: JSONValue) throws(SignalError) {
        let f = try JSONFields(json, path: "$", what: "a control request", fields: ["action", "speed"])
        let action = try f.string("action")
        switch action {
        case "pause", "resume":
            if f.has("speed") {
                throw SignalError(.unknownField, path: f.path("speed"), "'speed' goes with the action 'speed' only, not '\(action)'")
            }
            self = action == "pause" ? .pause : .resume
        case "speed":
            self = .speed(try f.number("speed"))
        default:
            var message = "unknown action '\(SignalError.quoted(action, limit: 40))'"
            if let guess = SignalError.closestName(to: action, in: ControlRequest.actions) { message += " (did you mean '\(guess)'?)" }
            throw SignalError(.malformed, path: f.path("action"), message + "; the actions are pause, resume, speed")
        }
    }
}
