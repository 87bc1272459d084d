import InternalUtilities
import Location
import Playback
import Signals

/// The body of `POST /update`: `{"accelerometer": {"x","y","z"}}` (g), `{"location": {"latitude","longitude"}}`
/// (degrees), `{"heading": {"trueHeading", "magneticHeading"?}}` (degrees, 0 ..< 360) and/or
/// `{"pressure": Pa}`, read strictly (unknown fields, `null`, missing components and values out of range
/// are errors with their JSON path). `{}` releases every hold (the original web page's reset).
struct UpdateRequest: Sendable, Hashable {
    /// The largest component accepted in a posted accelerometer reading, in g.
    static let largestComponent = 1000.0
    /// The pressures accepted, in pascals: from a near vacuum to twice the sea-level pressure (a
    /// barometer's reading anywhere a phone goes, with room for tests of odd values).
    static let pressureRange = 1.0...200_000.0
    /// The fields of an update.
    static let fields = ["accelerometer", "location", "heading", "pressure"]

    var accelerometer: Acceleration?
    var location: GeoCoordinate?
    var heading: HeldHeading?
    /// Pascals.
    var pressure: Double?
    /// `{}`: every held value is released, and the points are the source's again.
    var releasesAll = false

    init(json: JSONValue) throws(SignalError) {
        let f = try JSONFields(json, path: "$", what: "an update", fields: UpdateRequest.fields)
        if case .object(let object) = json, object.members.isEmpty {
            releasesAll = true
            return
        }
        guard UpdateRequest.fields.contains(where: f.has) else {
            throw SignalError(
                .missingField, path: "$",
                "an update needs 'accelerometer' ({\"x\", \"y\", \"z\"} in g), 'location' ({\"latitude\", \"longitude\"} in degrees), 'heading' ({\"trueHeading\", \"magneticHeading\"} in degrees) and/or 'pressure' (Pa)"
            )
        }
        if let value = try f.value("accelerometer") {
            let a = try JSONFields(
                value, path: f.path("accelerometer"), what: "'accelerometer'", fields: ["x", "y", "z"])
            func component(_ name: String) throws(SignalError) -> Double {
                let v = try a.number(name)
                guard abs(v) <= UpdateRequest.largestComponent else {
                    throw SignalError(
                        .outOfRange, path: a.path(name),
                        "'\(name)' must be from -\(UpdateRequest.largestComponent) to \(UpdateRequest.largestComponent) g, got \(v)"
                    )
                }
                return v
            }
            accelerometer = Acceleration(x: try component("x"), y: try component("y"), z: try component("z"))
        }
        if let value = try f.value("location") {
            // The location object of GET /data's body, read by its one reader.
            let l = try LocationPoint(json: value, path: f.path("location"), timestamp: 0, full: false)
            location = GeoCoordinate(latitude: l.latitude, longitude: l.longitude)
        }
        if let value = try f.value("heading") {
            guard case .object = value else {
                throw SignalError(
                    .malformed, path: f.path("heading"),
                    "'heading' must be an object, {\"trueHeading\": degrees} with an optional \"magneticHeading\", got \(value.preview())"
                )
            }
            let h = try JSONFields(
                value, path: f.path("heading"), what: "'heading'", fields: ["trueHeading", "magneticHeading"])
            func degrees(_ name: String) throws(SignalError) -> Double? {
                guard let v = try h.optionalNumber(name) else { return nil }
                guard v.isFinite, v >= 0, v < 360 else {
                    throw SignalError(
                        .outOfRange, path: h.path(name),
                        "'\(name)' must be from 0 up to (not including) 360 degrees, got \(v)")
                }
                return v + 0  // -0 is 0
            }
            guard let trueHeading = try degrees("trueHeading") else {
                throw SignalError(
                    .missingField, path: h.path("trueHeading"),
                    "missing required field 'trueHeading' (degrees clockwise from true north, 0 up to 360)")
            }
            heading = HeldHeading(trueHeading: trueHeading, magneticHeading: try degrees("magneticHeading"))
        }
        if f.has("pressure") {
            let p = try f.number("pressure")
            guard p.isFinite, UpdateRequest.pressureRange.contains(p) else {
                throw SignalError(
                    .outOfRange, path: f.path("pressure"),
                    "'pressure' must be from \(UpdateRequest.pressureRange.lowerBound) to \(UpdateRequest.pressureRange.upperBound) Pa, got \(p)"
                )
            }
            pressure = p
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
                throw SignalError(
                    .unknownField, path: f.path("speed"), "'speed' goes with the action 'speed' only, not '\(action)'")
            }
            self = action == "pause" ? .pause : .resume
        case "speed":
            self = .speed(try f.number("speed"))
        default:
            var message = "unknown action '\(SignalError.quoted(action, limit: 40))'"
            if let guess = SignalError.closestName(to: action, in: ControlRequest.actions) {
                message += " (did you mean '\(guess)'?)"
            }
            throw SignalError(.malformed, path: f.path("action"), message + "; the actions are pause, resume, speed")
        }
    }
}
