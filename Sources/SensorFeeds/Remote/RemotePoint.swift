import Foundation
import Location
import Playback
import Signals
import InternalUtilities

/// One point read from a server: a `signals play` line (the `data:` of an SSE event, a point file line)
/// or a `GET /data` body, with its motion and its location when it has them.
package struct RemotePoint: Sendable, Hashable {
    /// Seconds on the server's timeline.
    package var timestamp: Double
    /// The motion sample, when the line has one.
    package var motion: MotionPoint?
    /// The location fix, when the line has one.
    package var location: LocationPoint?

    /// The keys a trajectory's point carries beside its motion and location (heading, magnetic field,
    /// pressure, altitude, pedometer), which the motion reader skips.
    static let trajectoryFields = ["heading", "magneticField", "pressure", "altitude", "pedometer"]

    /// The fields of a `location` object (as `signals play` writes them).
    static let locationFields = LocationPoint.locationFields

    /// Reads a `signals play` line strictly: `{"timestamp", "userAcceleration", "gravity", "rotationRate"}`,
    /// the three-axis short form, and/or `"location": {...}` (see ``LocationPoint``).
    /// - Throws: ``SensorFeedsError`` (`malformed`) naming the JSON path.
    package init(line text: String) throws(SensorFeedsError) {
        do throws(SignalError) {
            self = try RemotePoint.point(try JSONValue.parse(text), path: "$")
        } catch {
            throw SensorFeedsError(.malformed, "\(error.message) (in '\(SignalError.quoted(text, limit: 100))')", path: error.path)
        }
    }

    /// A point object at `path`.
    static func point(_ value: JSONValue, path: String) throws(SignalError) -> RemotePoint {
        guard var object = value.object else {
            throw SignalError(.malformed, path: path, "a point is a JSON object, got \(value.kindDescription)")
        }
        let timestamp = try JSONFields.number(object["timestamp"] ?? .null, path: JSONPath.child(path, "timestamp"), name: "timestamp")
        var location: LocationPoint?
        if let l = object["location"] {
            location = try RemotePoint.location(l, path: JSONPath.child(path, "location"), timestamp: timestamp, full: true)
            object.members.removeAll { $0.key == "location" }
        }
        // A trajectory's point carries its other sensors beside the motion (`TrajectoryPoint.jsonLine()`): the
        // motion and location managers read past them (each must still be an object or a number).
        for key in RemotePoint.trajectoryFields {
            guard let v = object[key] else { continue }
            switch v {
            case .object, .number: object.members.removeAll { $0.key == key }
            default:
                throw SignalError(.malformed, path: JSONPath.child(path, key), "'\(key)' must be an object or a number, got \(v.kindDescription)")
            }
        }
        var motion: MotionPoint?
        if object.count > 1 || location == nil {
            motion = try MotionPoint(json: .object(object), path: path)
        }
        return RemotePoint(timestamp: timestamp, motion: motion, location: location)
    }

    /// Reads a `GET /data` body: `{"accelerometer": {"x","y","z"}, "timestamp", "motion": {...},
    /// "location": {"latitude", "longitude"}}`. Without `motion` (the original server's shape), the
    /// accelerometer is gravity with no user acceleration, as the original page held it.
    /// - Parameter fallbackTimestamp: The time used when the body has no `timestamp` (seconds).
    /// - Throws: ``SensorFeedsError`` (`malformed`) naming the JSON path.
    package init(data text: String, fallbackTimestamp: Double) throws(SensorFeedsError) {
        do throws(SignalError) {
            let f = try JSONFields(try JSONValue.parse(text), path: "$", what: "a /data body",
                                   fields: ["accelerometer", "timestamp", "motion", "location"])
            let timestamp = try f.optionalNumber("timestamp") ?? fallbackTimestamp
            var motion: MotionPoint?
            if let m = try f.value("motion") {
                motion = try RemotePoint.point(m, path: f.path("motion")).motion
            } else if let a = try f.value("accelerometer") {
                let v = try JSONFields(a, path: f.path("accelerometer"), what: "'accelerometer'", fields: ["x", "y", "z"])
                motion = MotionPoint(timestamp: timestamp, gravity: Acceleration(x: try v.number("x"), y: try v.number("y"), z: try v.number("z")))
            }
            var location: LocationPoint?
            if let l = try f.value("location") {
                location = try RemotePoint.location(l, path: f.path("location"), timestamp: timestamp, full: false)
            }
            self.init(timestamp: timestamp, motion: motion, location: location)
        } catch {
            throw SensorFeedsError(.malformed, "\(error.message) (in '\(SignalError.quoted(text, limit: 100))')", path: error.path)
        }
    }

    init(timestamp: Double, motion: MotionPoint?, location: LocationPoint?) {
        self.timestamp = timestamp
        self.motion = motion
        self.location = location
    }

    /// A location object: latitude and longitude required (−90…90, −180…180), the rest optional.
    static func location(_ value: JSONValue, path: String, timestamp: Double, full: Bool) throws(SignalError) -> LocationPoint {
        let f = try JSONFields(value, path: path, what: "a location", fields: full ? locationFields : ["latitude", "longitude"])
        let latitude = try f.number("latitude"), longitude = try f.number("longitude")
        guard (-90 ... 90).contains(latitude) else { throw SignalError(.outOfRange, path: f.path("latitude"), "latitude \(latitude) is not within -90 ... 90 degrees") }
        guard (-180 ... 180).contains(longitude) else { throw SignalError(.outOfRange, path: f.path("longitude"), "longitude \(longitude) is not within -180 ... 180 degrees") }
        return LocationPoint(timestamp: timestamp, latitude: latitude, longitude: longitude,
                             altitude: try f.number("altitude", default: 0),
                             horizontalAccuracy: try f.number("horizontalAccuracy", default: 0),
                             verticalAccuracy: try f.number("verticalAccuracy", default: 0),
                             speed: try f.number("speed", default: 0), course: try f.number("course", default: -1))
    }
}
