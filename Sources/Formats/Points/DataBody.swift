import InternalUtilities
import SensorData

/// The body of `GET /data` (the SimulatorEnhancements shape), the one writer (the live server) and reader
/// (the `.server` sources' polling fallback) of the format:
///
/// ```
/// {"accelerometer":{"x":0.0,"y":-1.0,"z":0.0},"timestamp":1.5,"motion":{…a point line's object…},
///  "location":{"latitude":51.5,"longitude":-0.12},"heading":{…},…}
/// ```
///
/// `accelerometer` is the reading in g (user acceleration plus gravity), `timestamp` in seconds, `motion`
/// the point's line (``PointLineCodec``), `location` the fix's latitude and longitude (degrees), then a
/// trajectory's riders (``TrajectoryRiders``). Every member is optional when read; a missing `timestamp`
/// is the caller's fallback.
package enum DataBody {
    /// The members a body may have.
    package static let fields = ["accelerometer", "timestamp", "motion", "location"] + TrajectoryRiders.keys

    /// What precedes the motion's line: `{"accelerometer":{…},"timestamp":t,"motion":`.
    /// - Parameters:
    ///   - accelerometer: The reading, g (x, y, z), written at `precision`.
    ///   - timestamp: Seconds.
    package static func head(
        accelerometer: (x: Double, y: Double, z: Double), precision: PointPrecision, timestamp: Double
    ) -> String {
        let a = PointLineCodec.vector(accelerometer.x, accelerometer.y, accelerometer.z, precision)
        return "{\"accelerometer\":\(a),\"timestamp\":\(timestamp),\"motion\":"
    }

    /// What follows the motion's line: the fix's `location` (when there is one), the riders' members and the
    /// closing brace and newline.
    /// - Parameters:
    ///   - location: Latitude and longitude, degrees.
    ///   - riders: ``TrajectoryRiders/members`` of a trajectory's point, or empty.
    package static func tail(location: (latitude: Double, longitude: Double)?, riders: String) -> String {
        var text = ""
        if let l = location { text += ",\"location\":{\"latitude\":\(l.latitude),\"longitude\":\(l.longitude)}" }
        return text + riders + "}\n"
    }

    /// A body as read.
    package struct Parsed: Sendable {
        /// Seconds (the fallback when the body has none).
        package var timestamp: Double
        /// The motion: `motion`'s point, else the `accelerometer` reading as gravity, else `nil`.
        package var motion: MotionPoint?
        /// The fix (latitude and longitude only).
        package var location: LocationPoint?
        /// A trajectory's riders.
        package var riders: TrajectoryRiders
    }

    /// Reads a body strictly: only the members above, each by its own rules.
    /// - Parameters:
    ///   - text: The body.
    ///   - fallbackTimestamp: Seconds, when the body has no `timestamp`.
    ///   - motion: Reads the `motion` member (a point line's object) into a motion point.
    /// - Throws: `SignalError` naming the member's path.
    package static func read(
        _ text: String, fallbackTimestamp: Double,
        motion readMotion: (JSONValue, String) throws(SignalError) -> MotionPoint?
    ) throws(SignalError) -> Parsed {
        let f = try JSONFields(try JSONValue.parse(text), path: "$", what: "a /data body", fields: fields)
        let timestamp = try f.optionalNumber("timestamp") ?? fallbackTimestamp
        var motion: MotionPoint?
        if let m = try f.value("motion") {
            motion = try readMotion(m, f.path("motion"))
        } else if let a = try f.value("accelerometer") {
            let v = try JSONFields(a, path: f.path("accelerometer"), what: "'accelerometer'", fields: ["x", "y", "z"])
            motion = MotionPoint(
                timestamp: timestamp,
                gravity: Acceleration(x: try v.number("x"), y: try v.number("y"), z: try v.number("z")))
        }
        var location: LocationPoint?
        if let l = try f.value("location") {
            location = try LocationPoint(json: l, path: f.path("location"), timestamp: timestamp, full: false)
        }
        return Parsed(
            timestamp: timestamp, motion: motion, location: location,
            riders: try TrajectoryRiders.read(f.object, path: "$"))
    }
}
