import Foundation
import InternalUtilities
import SensorData

/// The one codec of point lines: the one-line JSON object of one point, as `signals play` prints it and
/// the live server sends it (SSE `data:`, WebSocket `point`, `GET /v1/point`, inside `GET /data`), and as
/// `signals import` writes JSON Lines. Every writer and reader of these lines in the package calls it.
///
/// ```swift
/// try PointLineCodec.write(ScalarPoint(timestamp: 0.01, value: 0.5))   // {"timestamp":0.01,"value":0.5}
/// try PointLineCodec.read(#"{"timestamp":0.01,"value":0.5}"#).sample   // .scalar(ScalarPoint(…))
/// ```
///
/// Shapes (no newline; keys in this order; the timestamp in seconds; accelerations in g, rotation rates in
/// rad/s, degrees, metres, m/s):
/// - motion: `{"timestamp":t,"userAcceleration":{"x":..,"y":..,"z":..},"gravity":{...},"rotationRate":{...}}`,
///   and `"attitude":{"w":..,"x":..,"y":..,"z":..}` after them when the point has one;
/// - one channel: `{"timestamp":t,"value":v}`;
/// - three axes: `{"timestamp":t,"x":..,"y":..,"z":..}` (read back also as the short form of a user
///   acceleration, as a `timestamp,x,y,z` point file means it);
/// - any other channel count: `{"timestamp":t,"channels":[c0,c1,...]}` (`[]`: a tick without a sample);
/// - a fix: `{"timestamp":t,"location":{"latitude":..,"longitude":..,"altitude":..,"horizontalAccuracy":..,
///   "verticalAccuracy":..,"speed":..,"course":..}}`, then `speedAccuracy` and `courseAccuracy` when known;
/// - a motion with a fix: the motion's members, then `"location":{...}`;
/// - a trajectory's point: the motion (`.double`), `"location"` on fix points, then the members of
///   ``TrajectoryRiders`` (`heading`, `magneticField`, `pressure`, `altitude`, `pedometer`).
///
/// Numbers are Swift's shortest round-trip text: the timestamp, the location and the riders as the `Double`
/// they are; samples in the `PointPrecision` asked for (`0.1`, `-1.0`, `1e-05`). The writer refuses a
/// value that is not finite (JSON has no NaN or infinity) with a `SignalError` `.nonFinite` naming the
/// member; the reader is strict (see ``read(_:path:)``).
package enum PointLineCodec {
    /// The first bytes of every line: the timestamp's text follows them (what a reader that only wants the
    /// time, such as the bench's clients, skips).
    package static let timestampPrefix = #"{"timestamp":"#

    // MARK: - Numbers

    /// A number as JSON in the given precision.
    /// - Parameters:
    ///   - value: A finite number.
    ///   - precision: ``PointPrecision/single`` for rendered samples, ``PointPrecision/double`` for file values.
    /// - Returns: Its shortest round-trip text (`0.1`, `-1.0`, `1e-05`).
    @inline(__always)
    package static func number(_ value: Double, _ precision: PointPrecision) -> String {
        precision == .single ? Float(value).description : value.description
    }

    /// `{"x":..,"y":..,"z":..}`.
    /// - Parameters:
    ///   - x: First component.
    ///   - y: Second component.
    ///   - z: Third component.
    ///   - precision: How the numbers are written.
    package static func vector(_ x: Double, _ y: Double, _ z: Double, _ precision: PointPrecision) -> String {
        "{\"x\":\(number(x, precision)),\"y\":\(number(y, precision)),\"z\":\(number(z, precision))}"
    }

    // MARK: - Writing

    /// A motion point's line.
    /// - Parameters:
    ///   - p: The point (accelerations in g, rotation rate in rad/s, timestamp in seconds).
    ///   - precision: ``PointPrecision/single`` for a rendered motion spec, ``PointPrecision/double`` for a
    ///     point file, a hold or a trajectory.
    /// - Throws: `SignalError` `.nonFinite` naming the member (`gravity.y`) when a number is not finite.
    package static func write(_ p: MotionPoint, precision: PointPrecision) throws(SignalError) -> String {
        try checkFinite(p, what: "the motion point", precision: precision)
        return motionText(p, precision)
    }

    /// A one-channel point's line, `{"timestamp":t,"value":v}` (a rendered sample, in `Float` precision).
    /// - Parameter p: The point (seconds, signal units).
    /// - Throws: `SignalError` `.nonFinite` naming the member.
    package static func write(_ p: ScalarPoint) throws(SignalError) -> String {
        try check(
            [p.timestamp, p.value], names: scalarFields, what: "the point at t = \(p.timestamp) s", precision: .single)
        return "{\"timestamp\":\(p.timestamp),\"value\":\(number(p.value, .single))}"
    }

    /// A three-axis point's line, `{"timestamp":t,"x":..,"y":..,"z":..}` (rendered samples, in `Float` precision).
    /// - Parameter p: The point (seconds, signal units).
    /// - Throws: `SignalError` `.nonFinite` naming the member.
    package static func write(_ p: AxesPoint) throws(SignalError) -> String {
        try check(
            [p.timestamp, p.x, p.y, p.z], names: axesFields, what: "the point at t = \(p.timestamp) s",
            precision: .single)
        return
            "{\"timestamp\":\(p.timestamp),\"x\":\(number(p.x, .single)),\"y\":\(number(p.y, .single)),\"z\":\(number(p.z, .single))}"
    }

    /// The line of a point of any other channel count, `{"timestamp":t,"channels":[c0,c1,...]}` (rendered
    /// samples, in `Float` precision); no values: a tick without a sample (`"channels":[]`).
    /// - Parameters:
    ///   - values: One sample per channel, in channel order (signal units).
    ///   - timestamp: Seconds.
    /// - Throws: `SignalError` `.nonFinite` naming the member (`channels[2]`).
    package static func write(channels values: some Collection<Float>, timestamp: Double) throws(SignalError) -> String
    {
        guard timestamp.isFinite else {
            throw nonFinite(timestamp, field: "timestamp", what: "the point at t = \(timestamp) s")
        }
        if let bad = FiniteOutput.firstNonFinite(values) {
            let k = values.distance(from: values.startIndex, to: bad)
            throw nonFinite(Double(values[bad]), field: "channels[\(k)]", what: "the point at t = \(timestamp) s")
        }
        var out = "{\"timestamp\":\(timestamp),\"channels\":["
        var first = true
        for v in values {
            if !first { out += "," }
            first = false
            out += v.description
        }
        out += "]}"
        return out
    }

    /// A fix's line, `{"timestamp":t,"location":{...}}`.
    /// - Parameter p: The fix (seconds, degrees, metres, m/s; −1 for an unknown course or accuracy).
    /// - Throws: `SignalError` `.nonFinite` naming the member (`location.speed`).
    package static func write(_ p: LocationPoint) throws(SignalError) -> String {
        try checkFinite(p)
        return "{\"timestamp\":\(p.timestamp),\"location\":\(locationText(p))}"
    }

    /// A motion point's line with `"location":{...}` after its parts (its timestamp is the motion's).
    /// - Parameters:
    ///   - p: The point.
    ///   - precision: How the motion's numbers are written (the location's are always `Double`s).
    /// - Throws: `SignalError` `.nonFinite` naming the member.
    package static func write(_ p: MotionLocationPoint, precision: PointPrecision) throws(SignalError) -> String {
        try checkFinite(p.motion, what: "the motion point", precision: precision)
        try checkFinite(p.location)
        var text = motionText(p.motion, precision)
        text.removeLast()  // "}"
        return text + ",\"location\":\(locationText(p.location))}"
    }

    /// A trajectory point's line: the motion (`.double`), `location` on fix points, then its
    /// ``TrajectoryRiders`` (`heading`, `magneticField`, `pressure` with a barometer, `altitude`, `pedometer`).
    /// - Parameter p: The point.
    /// - Throws: `SignalError` `.nonFinite` naming the member (`heading.trueHeading`).
    package static func write(_ p: TrajectoryPoint) throws(SignalError) -> String {
        try checkFinite(p.motion, what: "the trajectory point")
        if let location = p.location { try checkFinite(location) }
        try check(
            [
                p.trueHeading, p.magneticHeading, p.headingAccuracy, p.magneticField.x, p.magneticField.y,
                p.magneticField.z, p.pressure ?? 0, p.altitude, p.distance, p.cadence,
            ], names: riderFields, what: "the trajectory point at t = \(p.timestamp) s")
        var text = motionText(p.motion, .double)
        text.removeLast()  // "}"
        if let location = p.location { text += ",\"location\":\(locationText(location))" }
        p.riders.write(into: &text)
        return text + "}"
    }

    /// The motion line's text, unchecked.
    private static func motionText(_ p: MotionPoint, _ precision: PointPrecision) -> String {
        let a = p.userAcceleration
        let g = p.gravity
        let r = p.rotationRate
        var attitude = ""
        if let q = p.attitude {
            attitude =
                ",\"attitude\":{\"w\":\(number(q.w, precision)),\"x\":\(number(q.x, precision)),\"y\":\(number(q.y, precision)),\"z\":\(number(q.z, precision))}"
        }
        return
            "{\"timestamp\":\(p.timestamp),\"userAcceleration\":\(vector(a.x, a.y, a.z, precision)),\"gravity\":\(vector(g.x, g.y, g.z, precision)),\"rotationRate\":\(vector(r.x, r.y, r.z, precision))\(attitude)}"
    }

    /// The `location` object, unchecked: `LocationPoint.locationFields` in order, then the known ones of
    /// `LocationPoint.velocityAccuracyFields`.
    private static func locationText(_ p: LocationPoint) -> String {
        var out = "{"
        for (i, (name, value)) in zip(LocationPoint.locationFields, p.locationValues).enumerated() {
            if i > 0 { out += "," }
            out += "\"\(name)\":\(value)"
        }
        if p.speedAccuracy != -1 { out += ",\"speedAccuracy\":\(p.speedAccuracy)" }
        if p.courseAccuracy != -1 { out += ",\"courseAccuracy\":\(p.courseAccuracy)" }
        return out + "}"
    }

    // MARK: - The writer's finite check

    /// The members of a motion line, in the order of ``checkFinite(_:what:)``'s values.
    private static let motionFields = [MotionColumns.time] + MotionColumns.names(attitude: true)
    private static let scalarFields = ["timestamp", "value"]
    private static let axesFields = [MotionColumns.time] + MotionColumns.short
    /// The members of a `location` object, in the order of ``checkFinite(_:)``'s values.
    private static let locationCheckFields =
        ["timestamp"] + (LocationPoint.locationFields + LocationPoint.velocityAccuracyFields).map { "location.\($0)" }
    /// A trajectory's riders, in the order of ``write(_:)-(TrajectoryPoint)``'s check.
    private static let riderFields = [
        "heading.trueHeading", "heading.magneticHeading", "heading.headingAccuracy", "magneticField.x",
        "magneticField.y", "magneticField.z", "pressure", "altitude", "pedometer.distance", "pedometer.cadence",
    ]

    /// Throws unless every number of a motion point is finite: the writer's own check, for writers of the
    /// same values in other formats (`signals import`'s CSV and `.npy`) to make before they open a file.
    /// - Parameters:
    ///   - p: The point.
    ///   - what: The point, for the message (`the motion point`; its time is added).
    ///   - precision: How the samples will be written: `.single` also refuses a sample beyond `Float`'s
    ///     range (it would be written `inf`).
    /// - Throws: `SignalError` `.nonFinite` naming the member (`rotationRate.y`).
    package static func checkFinite(
        _ p: MotionPoint, what: String = "the motion point", precision: PointPrecision = .double
    ) throws(SignalError) {
        let a = p.userAcceleration
        let g = p.gravity
        let r = p.rotationRate
        var values = [p.timestamp, a.x, a.y, a.z, g.x, g.y, g.z, r.x, r.y, r.z]
        if let q = p.attitude { values += [q.w, q.x, q.y, q.z] }
        try check(values, names: motionFields, what: "\(what) at t = \(p.timestamp) s", precision: precision)
    }

    private static func checkFinite(_ p: LocationPoint) throws(SignalError) {
        try check(
            [p.timestamp] + p.locationValues + [p.speedAccuracy, p.courseAccuracy], names: locationCheckFields,
            what: "the location fix at t = \(p.timestamp) s")
    }

    /// Throws unless every value is finite (and, for `.single`, every sample after the timestamp within
    /// `Float`'s range).
    /// - Parameters:
    ///   - values: The numbers about to be written, the timestamp first.
    ///   - names: Their members, in the same order.
    ///   - what: The point, for the message.
    ///   - precision: How the samples will be written.
    private static func check(
        _ values: [Double], names: [String], what: @autoclosure () -> String, precision: PointPrecision = .double
    ) throws(SignalError) {
        if let bad = FiniteOutput.firstNonFinite(values) {
            throw nonFinite(values[bad], field: names[bad], what: what())
        }
        if precision == .single, let bad = values.indices.dropFirst().first(where: { !Float(values[$0]).isFinite }) {
            throw nonFinite(values[bad], field: names[bad], what: what(), inFloat: true)
        }
    }

    private static func nonFinite(_ value: Double, field: String, what: String, inFloat: Bool = false) -> SignalError {
        SignalError(
            .nonFinite,
            "\(what): '\(field)' is \(value)\(inFloat ? ", beyond Float's range (written in single precision)" : ""); no point line carries a number that is not finite (JSON has none, and every input is range-checked, so this is a bug: please report it with the spec)",
            field: field)
    }

    // MARK: - Reading

    /// The members of a line that holds one channel, or channels.
    private static let scalarMembers = ["timestamp", "value"]
    private static let channelMembers = ["timestamp", "channels"]

    /// Reads one line strictly (see ``read(_:path:)``).
    /// - Parameter text: The line, without its newline.
    /// - Throws: `SignalError` naming the JSON path (and the line's column for a syntax error).
    package static func read(_ text: String) throws(SignalError) -> PointRecord {
        try read(try JSONValue.parse(text), path: "$")
    }

    /// Reads one line strictly (see ``read(_:path:)``).
    /// - Parameter data: The line's UTF-8 bytes, without its newline.
    /// - Throws: `SignalError` naming the JSON path (and the line's column for a syntax error).
    package static func read(_ data: Data) throws(SignalError) -> PointRecord {
        try read(try JSONValue.parse(data), path: "$")
    }

    /// Reads a point object of any shape the writer writes.
    ///
    /// The object has a `timestamp`. `value` makes it a one-channel point and `channels` a point of any other
    /// channel count (with no other member); otherwise `location` (latitude −90 ... 90 and longitude
    /// −180 ... 180 required, the rest as `LocationPoint.init(json:path:timestamp:full:)` reads it, the rules
    /// the type's `Decodable` shares) and the riders
    /// (``TrajectoryRiders/read(_:path:)``) are taken out, and what is left is a motion
    /// (`MotionPoint.init(json:path:)`: absent parts are zero) unless only the timestamp is left beside a
    /// location. A motion of exactly `timestamp`, `x`, `y`, `z` is a three-axis point.
    /// - Parameters:
    ///   - value: The parsed object (JSON's parser already refuses duplicate keys and numbers out of
    ///     `Double`'s range).
    ///   - path: Its JSON path (`$` for a line on its own, `$.point` inside a WebSocket message).
    /// - Throws: `SignalError` naming the JSON path: not an object, an unknown member (`"gravty"`), a missing
    ///   one, `null`, a value of the wrong kind, a location out of range, `userAcceleration` together with
    ///   the short form `x`, `y`, `z`.
    package static func read(_ value: JSONValue, path: String) throws(SignalError) -> PointRecord {
        guard var object = value.object else {
            throw SignalError(.malformed, path: path, "a point is a JSON object, got \(value.kindDescription)")
        }
        if object["value"] != nil {
            let f = try JSONFields(value, path: path, what: "a one-channel point", fields: scalarMembers)
            let timestamp = try f.number("timestamp")
            return PointRecord(
                timestamp: timestamp, sample: .scalar(ScalarPoint(timestamp: timestamp, value: try f.number("value"))))
        }
        if object["channels"] != nil {
            let f = try JSONFields(value, path: path, what: "a point of channels", fields: channelMembers)
            let timestamp = try f.number("timestamp")
            let list = try f.optionalArray("channels") ?? []
            var channels: [Double] = []
            channels.reserveCapacity(list.count)
            for (k, v) in list.enumerated() {
                channels.append(try JSONFields.number(v, path: "\(f.path("channels"))[\(k)]", name: "channels[\(k)]"))
            }
            return PointRecord(timestamp: timestamp, sample: .channels(channels))
        }
        let timestamp = try JSONFields.number(
            object["timestamp"] ?? .null, path: JSONPath.child(path, "timestamp"), name: "timestamp")
        var record = PointRecord(timestamp: timestamp, sample: .none)
        if let l = object["location"] {
            record.location = try LocationPoint(
                json: l, path: JSONPath.child(path, "location"), timestamp: timestamp, full: true)
            object.members.removeAll { $0.key == "location" }
        }
        // A trajectory's point carries its other sensors beside the motion: each is read strictly, and taken
        // out before the motion is read.
        record.riders = try TrajectoryRiders.read(object, path: path)
        object.members.removeAll { TrajectoryRiders.keys.contains($0.key) }
        if object.count > 1 || record.location == nil {
            let motion = try MotionPoint(json: .object(object), path: path)
            if Set(object.keys) == ["timestamp", "x", "y", "z"] {
                let a = motion.userAcceleration
                record.sample = .axes(AxesPoint(timestamp: timestamp, x: a.x, y: a.y, z: a.z))
            } else {
                record.sample = .motion(motion)
            }
        }
        return record
    }

    /// The motion of a line that must be a motion point alone (a point file's line or array element):
    /// `MotionPoint.init(json:path:)`'s members only, so that a location or a trajectory's rider is an
    /// unknown member there, and a one-channel or channels line is refused naming what it is.
    /// - Parameters:
    ///   - value: The parsed object.
    ///   - path: Its JSON path.
    /// - Throws: `SignalError` naming the JSON path.
    package static func readMotion(_ value: JSONValue, path: String) throws(SignalError) -> MotionPoint {
        if let object = value.object {
            for (key, what) in [("value", "one channel"), ("channels", "channels")] where object[key] != nil {
                throw SignalError(
                    .unknownField, path: JSONPath.child(path, key),
                    "a point with '\(key)' holds \(what) of a signal, not a motion; a motion point's fields are timestamp, userAcceleration, gravity, rotationRate, attitude (or the short form timestamp, x, y, z)"
                )
            }
        }
        return try MotionPoint(json: value, path: path)
    }
}

/// One point line as ``PointLineCodec`` reads it: its time, its sample, its fix and a trajectory's riders.
package struct PointRecord: Sendable, Hashable {
    /// What a line holds beside its fix and riders.
    package enum Sample: Sendable, Hashable {
        /// Nothing: a fix alone.
        case none
        /// A motion point.
        case motion(MotionPoint)
        /// Three axes, `{"timestamp","x","y","z"}`: also the short form of a user acceleration (``motion``).
        case axes(AxesPoint)
        /// One channel, `{"timestamp","value"}`.
        case scalar(ScalarPoint)
        /// Any other channel count, `{"timestamp","channels":[...]}`, in channel order (signal units).
        case channels([Double])
    }

    /// Seconds.
    package var timestamp: Double
    /// The sample.
    package var sample: Sample
    /// The fix, when the line has one (stamped with the line's timestamp).
    package var location: LocationPoint?
    /// A trajectory's members beside the motion (all `nil` on other lines).
    package var riders: TrajectoryRiders

    package init(
        timestamp: Double, sample: Sample, location: LocationPoint? = nil, riders: TrajectoryRiders = TrajectoryRiders()
    ) {
        self.timestamp = timestamp
        self.sample = sample
        self.location = location
        self.riders = riders
    }

    /// The motion: a motion line's, or a three-axis line read as a user acceleration (g) alone; `nil` for
    /// a fix alone, one channel or channels.
    package var motion: MotionPoint? {
        switch sample {
        case .motion(let m): m
        case .axes(let a): MotionPoint(timestamp: a.timestamp, userAcceleration: Acceleration(x: a.x, y: a.y, z: a.z))
        case .none, .scalar, .channels: nil
        }
    }
}
