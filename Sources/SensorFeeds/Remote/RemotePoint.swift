import Formats
import Foundation
import InternalUtilities
import Location
import Playback
import Signals

/// One point read from a server: a `signals play` line (the `data:` of an SSE event, a point file line)
/// or a `GET /data` body, with its motion and its location when it has them.
@dynamicMemberLookup
package struct RemotePoint: Sendable, Hashable {
    /// Seconds on the server's timeline.
    package var timestamp: Double
    /// The motion sample, when the line has one.
    package var motion: MotionPoint?
    /// The location fix, when the line has one.
    package var location: LocationPoint?
    /// A trajectory's members, when the line has them: `heading`, `magneticField` (µT, device frame),
    /// `pressure` (Pa), `altitude` (m above mean sea level), `pedometer` and `activity`, read by their one
    /// codec and reached as the point's own (`point.heading`, `point.pressure`, …).
    package var riders = TrajectoryRiders()

    /// A trajectory point's `heading` object (read by `TrajectoryRiders`, the members' one codec).
    package typealias Heading = TrajectoryRiders.Heading
    /// A trajectory point's `pedometer` object: counts from the start of the run.
    package typealias Pedometer = TrajectoryRiders.Pedometer

    /// Reads a `signals play` line strictly: `{"timestamp", "userAcceleration", "gravity", "rotationRate"}`,
    /// the three-axis short form, and/or `"location": {...}` (see `LocationPoint`).
    /// - Throws: ``SensorFeedsError`` (`malformed`) naming the JSON path.
    package init(line text: String) throws(SensorFeedsError) {
        do throws(SignalError) {
            self = try RemotePoint.point(try JSONValue.parse(text), path: "$")
        } catch {
            throw SensorFeedsError(
                .malformed, "\(error.message) (in '\(SignalError.quoted(text, limit: 100))')", path: error.path)
        }
    }

    /// A point object at `path`, read by the one point-line codec (`PointLineCodec.read(_:path:)`): its
    /// motion (a three-axis line is the short form of a user acceleration), fix and trajectory members. A
    /// line with one channel or channels with values is refused (a server playing a signal that is not a
    /// motion); `"channels":[]` (a tick without a sample) is a point with neither motion nor fix.
    /// - Throws: `SignalError` naming the JSON path.
    static func point(_ value: JSONValue, path: String) throws(SignalError) -> RemotePoint {
        let record = try PointLineCodec.read(value, path: path)
        switch record.sample {
        case .scalar:
            throw SignalError(
                .malformed, path: JSONPath.child(path, "value"),
                "the point holds one channel of a signal ('value'), not a motion or a location")
        case .channels(let values) where !values.isEmpty:
            throw SignalError(
                .malformed, path: JSONPath.child(path, "channels"),
                "the point holds \(values.count) channels of a signal ('channels'), not a motion or a location")
        case .none, .motion, .axes, .channels: break
        }
        return RemotePoint(
            timestamp: record.timestamp, motion: record.motion, location: record.location, riders: record.riders)
    }

    /// A member of ``riders`` (`heading`, `magneticField`, `pressure`, `altitude`, `pedometer`, `activity`),
    /// read and written as the point's own.
    package subscript<Value>(dynamicMember member: WritableKeyPath<TrajectoryRiders, Value>) -> Value {
        get { riders[keyPath: member] }
        set { riders[keyPath: member] = newValue }
    }

    /// Reads a `GET /data` body: `{"accelerometer": {"x","y","z"}, "timestamp", "motion": {...},
    /// "location": {"latitude", "longitude"}}`, and a trajectory's members beside them (`heading`,
    /// `magneticField`, `pressure`, `altitude`, `pedometer`, as the server writes them). Without `motion`
    /// (the original server's shape), the accelerometer is gravity with no user acceleration, as the
    /// original page held it.
    /// - Parameter fallbackTimestamp: The time used when the body has no `timestamp` (seconds).
    /// - Throws: ``SensorFeedsError`` (`malformed`) naming the JSON path.
    package init(data text: String, fallbackTimestamp: Double) throws(SensorFeedsError) {
        do throws(SignalError) {
            let body = try DataBody.read(text, fallbackTimestamp: fallbackTimestamp) { (m, path) throws(SignalError) in
                try RemotePoint.point(m, path: path).motion
            }
            self.init(timestamp: body.timestamp, motion: body.motion, location: body.location, riders: body.riders)
        } catch {
            throw SensorFeedsError(
                .malformed, "\(error.message) (in '\(SignalError.quoted(text, limit: 100))')", path: error.path)
        }
    }

    init(timestamp: Double, motion: MotionPoint?, location: LocationPoint?, riders: TrajectoryRiders) {
        self.timestamp = timestamp
        self.motion = motion
        self.location = location
        self.riders = riders
    }
}
