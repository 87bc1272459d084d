import InternalUtilities
import SensorData

/// The members a trajectory's point carries beside its motion and location, in a point line (`signals
/// play`, the live server's SSE and WebSocket streams) and at the top level of a `GET /data` body:
///
/// ```json
/// ,"heading":{"trueHeading":50.2,"magneticHeading":49.0,"headingAccuracy":1.5}
/// ,"magneticField":{"x":12.0,"y":-3.0,"z":40.0},"pressure":101325.0,"altitude":35.0
/// ,"pedometer":{"steps":12,"distance":8.5,"cadence":1.9,"floorsAscended":1,"floorsDescended":2}
/// ,"activity":"walking"
/// ```
///
/// The one writer (``write(into:)``: the CLI's and the server's lines, `/data`) and the one reader
/// (``read(_:path:)``: the client's `RemotePoint`) of these members. Numbers are written as Swift's
/// shortest round-trip `Double` text (counts as integers), so writing then reading is exact.
package struct TrajectoryRiders: Sendable, Hashable {
    /// A trajectory point's `heading` object. Made only by this module's reader and writer (the
    /// memberwise initialiser is internal); other modules read it.
    package struct Heading: Sendable, Hashable {
        /// Degrees clockwise from true north, 0 ..< 360.
        package var trueHeading: Double
        /// Degrees clockwise from magnetic north, 0 ..< 360.
        package var magneticHeading: Double
        /// Degrees (negative: invalid, as Core Location reports it).
        package var headingAccuracy: Double
    }

    /// A trajectory point's `pedometer` object: counts from the start of the run. Made only by this
    /// module's reader and writer; other modules read it.
    package struct Pedometer: Sendable, Hashable {
        /// Steps taken.
        package var steps: Int
        /// Metres walked.
        package var distance: Double
        /// Steps per second.
        package var cadence: Double
        /// Floors climbed.
        package var floorsAscended: Int
        /// Floors descended.
        package var floorsDescended: Int
    }

    /// The members' keys, in the order they are written.
    package static let keys = ["heading", "magneticField", "pressure", "altitude", "pedometer", "activity"]
    /// The fields of a `heading` object.
    package static let headingFields = ["trueHeading", "magneticHeading", "headingAccuracy"]
    /// The fields of a `magneticField` object.
    package static let fieldAxes = ["x", "y", "z"]
    /// The fields of a `pedometer` object.
    package static let pedometerFields = ["steps", "distance", "cadence", "floorsAscended", "floorsDescended"]

    /// The headings.
    package var heading: Heading?
    /// The magnetometer's reading in the device frame, µT.
    package var magneticField: SIMD3<Double>?
    /// Pressure, pascals (a trajectory with a barometer).
    package var pressure: Double?
    /// Height above mean sea level, metres.
    package var altitude: Double?
    /// The pedometer's counts.
    package var pedometer: Pedometer?
    /// What the person is doing (the truth's activity).
    package var activity: MotionActivityType?

    package init(
        heading: Heading? = nil, magneticField: SIMD3<Double>? = nil, pressure: Double? = nil, altitude: Double? = nil,
        pedometer: Pedometer? = nil, activity: MotionActivityType? = nil
    ) {
        self.heading = heading
        self.magneticField = magneticField
        self.pressure = pressure
        self.altitude = altitude
        self.pedometer = pedometer
        self.activity = activity
    }

    /// Appends the members that are present, in ``keys`` order, each preceded by a comma (to follow the
    /// members of an object being written, before its `}`).
    /// - Parameter text: The JSON object's text so far.
    package func write(into text: inout String) {
        if let heading {
            text +=
                ",\"heading\":{\"trueHeading\":\(heading.trueHeading),\"magneticHeading\":\(heading.magneticHeading),\"headingAccuracy\":\(heading.headingAccuracy)}"
        }
        if let magneticField {
            text += ",\"magneticField\":{\"x\":\(magneticField.x),\"y\":\(magneticField.y),\"z\":\(magneticField.z)}"
        }
        if let pressure { text += ",\"pressure\":\(pressure)" }
        if let altitude { text += ",\"altitude\":\(altitude)" }
        if let pedometer {
            text +=
                ",\"pedometer\":{\"steps\":\(pedometer.steps),\"distance\":\(pedometer.distance),\"cadence\":\(pedometer.cadence),\"floorsAscended\":\(pedometer.floorsAscended),\"floorsDescended\":\(pedometer.floorsDescended)}"
        }
        if let activity { text += ",\"activity\":\"\(activity.rawValue)\"" }
    }

    /// The members as ``write(into:)`` appends them.
    package var members: String {
        var text = ""
        write(into: &text)
        return text
    }

    /// Reads the members of `object` named in ``keys`` (other members are the caller's), strictly.
    /// - Parameters:
    ///   - object: The point object (a line, or a `/data` body).
    ///   - path: Its JSON path.
    /// - Throws: `SignalError` naming the JSON path: a value of the wrong kind (`"heading": "north"`), a
    ///   missing or unknown field of an object, `null`, a heading outside 0 ..< 360, a negative pressure,
    ///   distance, cadence or count, a count that is not a whole number or is above `Int.max`, an `activity`
    ///   that is not one of `MotionActivityType`'s names.
    package static func read(_ object: JSONObject, path: String) throws(SignalError) -> TrajectoryRiders {
        var riders = TrajectoryRiders()
        if let v = object["heading"] {
            let f = try JSONFields(v, path: JSONPath.child(path, "heading"), what: "'heading'", fields: headingFields)
            func degrees(_ name: String) throws(SignalError) -> Double {
                let d = try f.number(name)
                guard d >= 0, d < 360 else {
                    throw SignalError(.outOfRange, path: f.path(name), "'\(name)' \(d) is not within 0 ..< 360 degrees")
                }
                return d
            }
            riders.heading = Heading(
                trueHeading: try degrees("trueHeading"), magneticHeading: try degrees("magneticHeading"),
                headingAccuracy: try f.number("headingAccuracy"))
        }
        if let v = object["magneticField"] {
            let f = try JSONFields(
                v, path: JSONPath.child(path, "magneticField"), what: "'magneticField'", fields: fieldAxes)
            riders.magneticField = SIMD3(try f.number("x"), try f.number("y"), try f.number("z"))
        }
        if let v = object["pressure"] {
            let p = try JSONFields.number(v, path: JSONPath.child(path, "pressure"), name: "pressure")
            guard p >= 0 else {
                throw SignalError(.outOfRange, path: JSONPath.child(path, "pressure"), "'pressure' \(p) Pa is negative")
            }
            riders.pressure = p
        }
        if let v = object["altitude"] {
            riders.altitude = try JSONFields.number(v, path: JSONPath.child(path, "altitude"), name: "altitude")
        }
        if let v = object["pedometer"] {
            let f = try JSONFields(
                v, path: JSONPath.child(path, "pedometer"), what: "'pedometer'", fields: pedometerFields)
            func count(_ name: String) throws(SignalError) -> Int {
                guard let u = try f.optionalUnsigned(name) else {
                    throw SignalError(.missingField, path: f.path, "missing required field '\(name)' in 'pedometer'")
                }
                guard u <= UInt64(Int.max) else {
                    throw SignalError(.outOfRange, path: f.path(name), "'\(name)' \(u) is too large")
                }
                return Int(u)
            }
            func amount(_ name: String, _ unit: String) throws(SignalError) -> Double {
                let x = try f.number(name)
                guard x >= 0 else {
                    throw SignalError(.outOfRange, path: f.path(name), "'\(name)' \(x) \(unit) is negative")
                }
                return x
            }
            riders.pedometer = Pedometer(
                steps: try count("steps"), distance: try amount("distance", "m"),
                cadence: try amount("cadence", "steps/s"), floorsAscended: try count("floorsAscended"),
                floorsDescended: try count("floorsDescended"))
        }
        if let v = object["activity"] {
            guard let name = v.string else {
                throw SignalError(
                    .malformed, path: JSONPath.child(path, "activity"),
                    "'activity' must be a string, got \(v.preview())")
            }
            guard let activity = MotionActivityType(rawValue: name) else {
                let names = MotionActivityType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw SignalError(
                    .malformed, path: JSONPath.child(path, "activity"),
                    "'activity' must be one of \(names), got \"\(SignalError.quoted(name, limit: 40))\"")
            }
            riders.activity = activity
        }
        return riders
    }
}
